"""Random play, ours against the canasta-openspiel peer, in one run: interleaved rounds, ratio printed.

Both play Classic with four players, every action drawn uniformly from the legal ones, for
``--seconds`` a round each, alternately, each in a fresh process, so the machine's load falls
on both alike. The peer is the only other open Python Canasta engine (OpenSpiel's
``python_canasta`` game from https://github.com/jhtschultz/canasta-openspiel); it plays whole
games to 5 000, and a hand of it is counted each time it deals anew or ends the game (it also
ends where the peer offers no action at all: an empty stock in the draw phase, a dead end of its). It runs
only where it is installed, never from this project's dependencies:

    python3 -m venv /tmp/peer-venv && /tmp/peer-venv/bin/pip install open-spiel==2.0.2
    git clone https://github.com/jhtschultz/canasta-openspiel /tmp/peer-src
    python bench/peer_bench.py --peer-python /tmp/peer-venv/bin/python --peer-src /tmp/peer-src

On a loaded machine the seconds swing: ``--instructions HANDS`` counts instead, with valgrind's
callgrind, the instructions each side executes to play ``HANDS`` hands (less its start-up), a
ratio the load cannot change (it leaves out cache misses).

Without the peer, ``--baseline DIR`` (a copy of the engine, e.g. ``git archive 9112d07``)
stands in for it: today's engine before the speed work.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent

OURS = r"""
import json, random, sys, time
sys.path.insert(0, sys.argv[1])
from engine.core.deal import deal
import engine.judge.game as game
from engine.judge.legal import legal_actions
from engine.variants import CLASSIC
apply = getattr(game, "apply_trusted", game.apply)  # the engine's own moves, where it has the trusted path
seconds, rng = float(sys.argv[2]), random.Random(11)
limit = int(sys.argv[3]) if len(sys.argv) > 3 else None  # a fixed number of hands (counting instructions)
hands = actions = 0
started = time.perf_counter()
while (hands < limit) if limit is not None else (time.perf_counter() - started < seconds):
    state = deal(CLASSIC, rng, dealer=hands % 4)
    while not state.is_over():
        legal = legal_actions(state)
        state = apply(state, legal[rng.randrange(len(legal))])
        actions += 1
    hands += 1
elapsed = time.perf_counter() - started
print(json.dumps([hands / elapsed, actions / elapsed]))
"""

PEER = r"""
import json, random, sys, time
sys.path.insert(0, sys.argv[1])
import pyspiel
import canasta.canasta_game  # registers python_canasta
seconds, rng = float(sys.argv[2]), random.Random(11)
limit = int(sys.argv[3]) if len(sys.argv) > 3 else None  # a fixed number of hands (counting instructions)
game = pyspiel.load_game("python_canasta")
hands = actions = 0
started = time.perf_counter()
while (hands < limit) if limit is not None else (time.perf_counter() - started < seconds):
    state = game.new_initial_state()
    number = state._hand_number
    stopped = False
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            continue
        legal = state.legal_actions()
        if not legal:  # the peer's dead end: an empty stock in the draw phase with no pile take
            break  # counted as the hand's end below; a new game begins
        else:
            state.apply_action(legal[rng.randrange(len(legal))])
            actions += 1
        if state._hand_number != number:
            hands, number = hands + 1, state._hand_number
            if limit is not None and hands >= limit:
                stopped = True
                break
    hands += not stopped
elapsed = time.perf_counter() - started
print(json.dumps([hands / elapsed, actions / elapsed]))
"""


def run(python: str, code: str, path: Path, seconds: float, engine: str | None = None) -> tuple[float, float]:
    env = {**os.environ, "CANASTA_ENGINE": engine} if engine else None
    out = subprocess.run([python, "-c", code, str(path), str(seconds)], capture_output=True, text=True, check=True,
                         env=env)
    hands, actions = json.loads(out.stdout)
    return hands, actions


def instructions(python: str, code: str, path: Path, hands: int) -> int:
    """Instructions executed (valgrind's callgrind ``Ir``) to play ``hands`` hands, less start-up:
    what the machine's load cannot change (it leaves out cache misses)."""
    def count(number: int) -> int:
        out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", python, "-c", code,
                              str(path), "0", str(number)], capture_output=True, text=True, check=True,
                             env={**os.environ, "PYTHONHASHSEED": "0"})
        found = re.search(r"Collected : (\d+)", out.stderr)
        if found is None:
            raise SystemExit(f"no instruction count from valgrind: {out.stderr[-500:]}")
        return int(found.group(1))

    return count(hands) - count(0)


def peer_available(python: str, src: Path) -> str | None:
    """None if the peer runs, else why not."""
    if not src.is_dir():
        return f"no peer source at {src}"
    probe = subprocess.run([python, "-c", f"import sys; sys.path.insert(0, {str(src)!r}); import pyspiel, canasta.canasta_game"],
                           capture_output=True, text=True)
    return None if probe.returncode == 0 else probe.stderr.strip().splitlines()[-1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--peer-python", default="/tmp/peer-venv/bin/python")
    parser.add_argument("--peer-src", type=Path, default=Path("/tmp/peer-src"))
    parser.add_argument("--baseline", type=Path, help="a copy of the engine to stand in for a missing peer")
    parser.add_argument("--baseline-engine", choices=("compiled", "interpreted"),
                        help="run the baseline's engine so (CANASTA_ENGINE); ours runs as the environment says")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--instructions", type=int, metavar="HANDS",
                        help="count instructions for HANDS hands of each instead of timing (needs valgrind)")
    args = parser.parse_args()
    why_not = peer_available(args.peer_python, args.peer_src)
    if why_not is None:
        other, label = (lambda s: run(args.peer_python, PEER, args.peer_src, s)), "canasta-openspiel"
    elif args.baseline is not None:
        print(f"the peer does not run here ({why_not}); comparing with {args.baseline} instead.\n"
              + __doc__.split("dependencies:")[1].split("Without")[0])
        other = lambda s: run(sys.executable, OURS, args.baseline, s, args.baseline_engine)  # noqa: E731
        label = f"baseline {args.baseline}" + (f" ({args.baseline_engine})" if args.baseline_engine else "")
    else:
        sys.exit(f"the peer does not run here ({why_not}). Install it:\n{__doc__.split('dependencies:')[1]}")
    if args.instructions:
        python, code, path = ((args.peer_python, PEER, args.peer_src) if why_not is None
                              else (sys.executable, OURS, args.baseline))
        theirs_count = instructions(python, code, path, args.instructions)
        ours_count = instructions(sys.executable, OURS, HERE, args.instructions)
        print(json.dumps({"against": label, "hands": args.instructions, "ours_minstr": round(ours_count / 1e6),
                          f"{label}_minstr": round(theirs_count / 1e6),
                          "ratio_hands": round(theirs_count / ours_count, 2)}, indent=1))
        return
    rows = []
    for number in range(args.rounds):
        theirs = other(args.seconds)
        ours = run(sys.executable, OURS, HERE, args.seconds)
        rows.append({"round": number + 1, "ours_hands_s": round(ours[0], 1), "ours_actions_s": round(ours[1]),
                     f"{label}_hands_s": round(theirs[0], 1), f"{label}_actions_s": round(theirs[1]),
                     "ratio_hands": round(ours[0] / theirs[0], 2), "ratio_actions": round(ours[1] / theirs[1], 2)})
        print(json.dumps(rows[-1]), flush=True)
    print(json.dumps({"against": label, "rounds": args.rounds, "seconds": args.seconds,
                      "median_ratio_hands": statistics.median(r["ratio_hands"] for r in rows),
                      "median_ratio_actions": statistics.median(r["ratio_actions"] for r in rows)}, indent=1))


if __name__ == "__main__":
    main()
