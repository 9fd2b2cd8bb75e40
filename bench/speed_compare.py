"""This engine against another copy of it (today's, before a change) in one run, interleaved.

Each round runs every measurement once in each tree, alternately, each in a fresh process, so
that the machine's load falls on both alike; the ratio printed is the median of the rounds'
ratios. Measurements: self-play hands/s with random and club players in every variant, and the
expert's playouts per move at its 300 ms budget.

    git archive <commit> | tar -x -C /tmp/base
    python bench/speed_compare.py --baseline /tmp/base [--rounds 3] [--seconds 4] [--path trusted]

``--path trusted`` plays this tree's self-play through ``apply_trusted`` (the engine's own moves,
not judged again); the baseline, which may have no trusted path, plays judged either way. The
expert's playouts take whichever path the tree's expert takes.

On a shared machine the seconds swing with the load. ``--instructions HANDS`` measures instead
what the load cannot change: the instructions the interpreter executes (valgrind's callgrind,
where installed) to play the same ``HANDS`` seeded hands in each tree (play is the same move for
move, so the work is the same work), less those of starting up; the ratio is before / after.
It is about fifty times slower than running the hands, and counts instructions, not cache misses.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent

# Run in the measured tree's own interpreter process: the tree's engine is first on sys.path.
WORKER = r"""
import json, random, sys, time
sys.path.insert(0, sys.argv[1])
from engine.bots.base import RandomBot, observe
from engine.core.deal import deal
from engine.judge.game import apply
from engine.judge.legal import legal_actions
from engine.bots.levels import ExpertBot, make_bot
from engine.variants import VARIANTS
import engine.hints.ranked  # imported before the clock starts, in both trees
kind, variant, seconds, path = sys.argv[2], sys.argv[3], float(sys.argv[4]), sys.argv[5]
import engine.judge.game as game
step = getattr(game, "apply_trusted", apply) if path == "trusted" else apply
rules = VARIANTS[variant].for_people(4)
rng = random.Random(7)
if kind == "expert":
    # playouts per move: the expert's own loop at its budget, on positions of club play
    bot, club, counted = ExpertBot(), make_bot("club"), [0]
    if not hasattr(bot, "playouts_run"):  # an older engine: count by wrapping (compiled, a bot counts itself)
        playout = bot._playout
        def counting(*args):
            counted[0] += 1
            return playout(*args)
        bot._playout = counting
    moves, started = 0, time.perf_counter()
    number = 0
    while time.perf_counter() - started < seconds:
        state = deal(rules, rng, dealer=number % 4)
        number += 1
        while not state.is_over() and time.perf_counter() - started < seconds:
            legal = legal_actions(state)
            obs = observe(state, state.turn)
            if len(legal) > 1 and state.phase.value == "play":
                before = getattr(bot, "playouts_run", counted[0])
                bot.choose(obs, legal, random.Random(moves))
                moves += getattr(bot, "playouts_run", counted[0]) > before
            state = apply(state, club.choose(obs, legal, rng))
    print(json.dumps(getattr(bot, "playouts_run", counted[0]) / max(moves, 1)))
else:
    bots = [RandomBot() if kind == "random" else make_bot(kind) for _ in range(4)]
    hands, started = 0, time.perf_counter()
    while time.perf_counter() - started < seconds:
        state = deal(rules, rng, dealer=hands % 4)
        while not state.is_over():
            state = step(state, bots[state.turn].choose(observe(state, state.turn), legal_actions(state), rng))
        hands += 1
    print(json.dumps(hands / (time.perf_counter() - started)))
"""

# The same seeded hands in the measured tree, for counting instructions (random and club players).
HANDS = r"""
import random, sys
sys.path.insert(0, sys.argv[1])
from engine.bots.base import RandomBot, observe
from engine.core.deal import deal
from engine.judge.game import apply
from engine.judge.legal import legal_actions
from engine.bots.levels import make_bot
from engine.variants import VARIANTS
import engine.hints.ranked  # imported at start-up in both trees: a module first imported during play (the
# club player's tips, lazily, before 37105a9's successors) would count its import as play
kind, variant, hands, path = sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5]
import engine.judge.game as game
step = getattr(game, "apply_trusted", apply) if path == "trusted" else apply
rules = VARIANTS[variant].for_people(4)
rng = random.Random(7)
bots = [RandomBot() if kind == "random" else make_bot(kind) for _ in range(4)]
for number in range(hands):
    state = deal(rules, rng, dealer=number % 4)
    while not state.is_over():
        state = step(state, bots[state.turn].choose(observe(state, state.turn), legal_actions(state), rng))
"""

VARIANT_NAMES = ("classic", "wiener", "swedish", "royal")


def instructions(tree: Path, kind: str, variant: str, hands: int, path: str = "judged") -> int:
    """Instructions executed (callgrind's ``Ir``) to play ``hands`` seeded hands, less start-up."""
    def count(number: int) -> int:
        out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
                              "-c", HANDS, str(tree), kind, variant, str(number), path],
                             capture_output=True, text=True, check=True, env={**os.environ, "PYTHONHASHSEED": "0"})
        found = re.search(r"Collected : (\d+)", out.stderr)
        if found is None:
            raise SystemExit(f"no instruction count from valgrind: {out.stderr[-500:]}")
        return int(found.group(1))

    return count(hands) - count(0)


def measure(tree: Path, kind: str, variant: str, seconds: float, path: str = "judged") -> float:
    out = subprocess.run([sys.executable, "-c", WORKER, str(tree), kind, variant, str(seconds), path],
                         capture_output=True, text=True, check=True)
    return float(json.loads(out.stdout))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", type=Path, required=True, help="a copy of the engine to compare with")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=4.0, help="per measurement")
    parser.add_argument("--kinds", default="random,club,expert")
    parser.add_argument("--variants", default=",".join(VARIANT_NAMES))
    parser.add_argument("--instructions", type=int, metavar="HANDS",
                        help="count instructions for HANDS seeded hands instead of timing (needs valgrind)")
    parser.add_argument("--path", choices=("judged", "trusted"), default="judged",
                        help="this tree's self-play judged (apply) or trusted (apply_trusted)")
    args = parser.parse_args()
    report: dict[str, dict[str, object]] = {}
    if args.instructions:
        if shutil.which("valgrind") is None:
            raise SystemExit("--instructions needs valgrind (apt-get install valgrind)")
        for kind in args.kinds.split(","):
            if kind == "expert":
                continue  # the expert is bounded by time, not by work: its playouts follow club play
            for variant in args.variants.split(","):
                old_count = instructions(args.baseline, kind, variant, args.instructions)
                new_count = instructions(HERE, kind, variant, args.instructions, args.path)
                report[f"{kind} {variant}"] = {"hands": args.instructions, "before_minstr": round(old_count / 1e6),
                                               "after_minstr": round(new_count / 1e6),
                                               "ratio": round(old_count / new_count, 2)}
                print(f"{kind:7} {variant:8} before {old_count / 1e6:8.0f}  after {new_count / 1e6:8.0f}"
                      f"  M instructions for {args.instructions} hands  x{old_count / new_count:.2f}", flush=True)
        print(json.dumps(report, indent=1))
        return
    for kind in args.kinds.split(","):
        for variant in args.variants.split(","):
            old, new = [], []
            for _ in range(args.rounds):
                old.append(measure(args.baseline, kind, variant, args.seconds))
                new.append(measure(HERE, kind, variant, args.seconds, args.path))
            ratio = statistics.median(n / o for n, o in zip(new, old))
            unit = "playouts/move" if kind == "expert" else "hands/s"
            report[f"{kind} {variant}"] = {"unit": unit, "before": [round(x, 1) for x in old],
                                           "after": [round(x, 1) for x in new], "ratio": round(ratio, 2)}
            print(f"{kind:7} {variant:8} before {statistics.median(old):8.1f}  after {statistics.median(new):8.1f}"
                  f"  {unit:14} x{ratio:.2f}", flush=True)
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
