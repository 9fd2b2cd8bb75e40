"""The expert's playouts per move at its budget, on a fixed set of positions, in this tree and a
baseline copy of it.

The positions are the same in both trees: play-phase decisions (more than one legal action) of
club self-play from seeded deals, every fifth one. The expert's budget runs on processor time
(``time.process_time``), so that the machine's load takes less from it; rounds alternate between
the trees, each measurement a fresh process, and the ratio printed is the median of the rounds'.

    git archive <commit> | tar -x -C /tmp/base
    python bench/speed_expert.py --baseline /tmp/base [--positions 20] [--rounds 3]

``--instructions PLAYOUTS`` counts instead (valgrind's callgrind, where installed) the
instructions of a fixed number of playout rounds on every position, less those of the same run
with none: instructions per playout, before / after, is the multiple the playouts per move would
follow on a quiet machine (the clock is the load's; the work is not).
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
VARIANT_NAMES = ("classic", "wiener", "swedish", "royal")

WORKER = r"""
import json, random, sys, time
sys.path.insert(0, sys.argv[1])
from engine.bots.base import observe
from engine.core.deal import deal
from engine.judge.game import apply
from engine.judge.legal import legal_actions
from engine.bots.levels import ExpertBot, make_bot
from engine.variants import VARIANTS
import engine.hints.ranked  # imported before anything is measured, in both trees
variant, count, playouts = sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
rules = VARIANTS[variant].for_people(4)
rng = random.Random(11)
club = make_bot("club")
positions, number = [], 0
while len(positions) < count:
    state = deal(rules, rng, dealer=number % 4)
    number += 1
    seen = 0
    while not state.is_over() and len(positions) < count:
        legal = legal_actions(state)
        obs = observe(state, state.turn)
        if len(legal) > 1 and state.phase.value == "play":
            seen += 1
            if seen % 5 == 0:
                positions.append(state)
        state = apply(state, club.choose(obs, legal, rng))
if playouts >= 0:  # a fixed number of rounds (counting instructions): the playouts run
    bot = ExpertBot(playouts=playouts)
else:
    bot = ExpertBot(clock=time.process_time)
counted = [0]
if not hasattr(bot, "playouts_run"):  # an older engine: count by wrapping (compiled, a bot counts itself)
    playout = bot._playout
    def counting(*args):
        counted[0] += 1
        return playout(*args)
    bot._playout = counting
moves = 0
for index, state in enumerate(positions):
    before = getattr(bot, "playouts_run", counted[0])
    bot.choose(observe(state, state.turn), legal_actions(state), random.Random(index))
    moves += getattr(bot, "playouts_run", counted[0]) > before  # a move with one candidate runs none
print(json.dumps({"playouts": getattr(bot, "playouts_run", counted[0]), "moves": moves}))
"""


def run(tree: Path, variant: str, count: int, playouts: int, valgrind: bool = False) -> tuple[dict[str, int], int]:
    """The worker's figures and, under valgrind, the instructions it executed."""
    command = [sys.executable, "-c", WORKER, str(tree), variant, str(count), str(playouts)]
    if valgrind:
        command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *command]
    out = subprocess.run(command, capture_output=True, text=True, check=True, env={**os.environ, "PYTHONHASHSEED": "0"})
    found = re.search(r"Collected : (\d+)", out.stderr)
    return json.loads(out.stdout.strip().splitlines()[-1]), int(found.group(1)) if found else 0


def per_playout(tree: Path, variant: str, count: int, playouts: int) -> tuple[float, int]:
    """Instructions per playout: a run with ``playouts`` rounds less one with none."""
    figures, total = run(tree, variant, count, playouts, valgrind=True)
    _, base = run(tree, variant, count, 0, valgrind=True)
    return (total - base) / max(figures["playouts"], 1), figures["playouts"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", type=Path, required=True, help="a copy of the engine to compare with")
    parser.add_argument("--positions", type=int, default=20, help="per variant")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--variants", default=",".join(VARIANT_NAMES))
    parser.add_argument("--instructions", type=int, metavar="PLAYOUTS",
                        help="count instructions per playout with PLAYOUTS rounds a move (needs valgrind)")
    args = parser.parse_args()
    report: dict[str, dict[str, object]] = {}
    for variant in args.variants.split(","):
        if args.instructions:
            if shutil.which("valgrind") is None:
                raise SystemExit("--instructions needs valgrind (apt-get install valgrind)")
            old, played = per_playout(args.baseline, variant, args.positions, args.instructions)
            new, _ = per_playout(HERE, variant, args.positions, args.instructions)
            report[variant] = {"playouts": played, "before_minstr_per_playout": round(old / 1e6, 2),
                               "after_minstr_per_playout": round(new / 1e6, 2), "ratio": round(old / new, 2)}
            print(f"{variant:8} {played} playouts: before {old / 1e6:7.2f}  after {new / 1e6:7.2f}"
                  f"  M instructions a playout  x{old / new:.2f}", flush=True)
            continue
        before: list[float] = []
        after: list[float] = []
        for _ in range(args.rounds):
            for tree, into in ((args.baseline, before), (HERE, after)):
                figures, _ = run(tree, variant, args.positions, -1)
                into.append(figures["playouts"] / max(figures["moves"], 1))
        ratio = statistics.median(n / o for n, o in zip(after, before))
        report[variant] = {"before": [round(x, 1) for x in before], "after": [round(x, 1) for x in after],
                           "ratio": round(ratio, 2)}
        print(f"{variant:8} playouts a move at 300 ms (processor time): before {statistics.median(before):6.1f}"
              f"  after {statistics.median(after):6.1f}  x{ratio:.2f}", flush=True)
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
