"""Where self-play's CPU time goes, by step: listing the legal actions (by phase, and whether the
turn has already melded or taken the pile), the player's choice, and ``apply`` (by action type).

The share of the legal-action lists of a play phase after a meld or a pile take in the same turn
is the most an incremental legal-action list (carried from action to action within a turn) could
save, if it cost nothing. ``free_list_at_most`` and ``free_apply_at_most`` are Amdahl's bounds for the
whole step: how much faster self-play could be if *every* legal-action list, or every ``apply``, cost
nothing, of the steps' own time (the timers and the deals left out, so the bounds err high). CPU time (``time.process_time``), so the machine's load matters less
than to a wall clock; the timer's own cost (a few per cent) falls on every step alike.

    python bench/speed_split.py [--kind random|club] [--variant classic] [--hands 200] [--path trusted]

``--path trusted`` applies each action by ``apply_trusted`` (the engine's own moves, not judged again).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.bots.base import RandomBot, observe  # noqa: E402
from engine.core.deal import deal  # noqa: E402
from engine.judge.game import apply, apply_trusted  # noqa: E402
from engine.judge.legal import legal_actions  # noqa: E402
from engine.bots.levels import make_bot  # noqa: E402
from engine.variants import VARIANTS  # noqa: E402


def split(kind: str, variant: str, hands: int, seed: int = 7, path: str = "judged") -> dict[str, object]:
    advance = apply_trusted if path == "trusted" else apply
    rules = VARIANTS[variant].for_people(4)
    rng = random.Random(seed)
    bots = [RandomBot() if kind == "random" else make_bot(kind) for _ in range(rules.players)]
    spent: defaultdict[str, float] = defaultdict(float)  # seconds, so not a Counter (whose counts are ints)
    calls: Counter[str] = Counter()
    clock = time.process_time
    started = clock()
    for number in range(hands):
        state = deal(rules, rng, dealer=number % rules.players)
        while not state.is_over():
            ts = state.turn_state
            step = f"legal {state.phase.value}" + (" after a meld or take" if ts.melded or ts.took_pile else "")
            t0 = clock()
            legal = legal_actions(state)
            t1 = clock()
            action = bots[state.turn].choose(observe(state, state.turn), legal, rng)
            t2 = clock()
            state = advance(state, action)
            t3 = clock()
            spent[step] += t1 - t0
            spent["choose"] += t2 - t1
            spent[f"apply {action.type}"] += t3 - t2
            calls[step] += 1
            calls["choose"] += 1
            calls[f"apply {action.type}"] += 1
    total = clock() - started
    after = spent["legal play after a meld or take"] / total
    steps = sum(spent.values())
    listing = sum(v for k, v in spent.items() if k.startswith("legal "))
    applying = sum(v for k, v in spent.items() if k.startswith("apply "))
    return {"kind": kind, "variant": variant, "hands": hands, "path": path, "cpu_seconds": round(total, 2),
            "share": {k: round(v / total, 3) for k, v in sorted(spent.items(), key=lambda kv: -kv[1])},
            "calls": dict(calls),
            "incremental_list_at_most": f"x{1 / (1 - after):.2f}",
            "free_list_at_most": f"x{steps / (steps - listing):.2f}",
            "free_apply_at_most": f"x{steps / (steps - applying):.2f}"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kind", default="random", help="random, or a player level (club)")
    parser.add_argument("--variant", default="classic", choices=sorted(VARIANTS))
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--path", choices=("judged", "trusted"), default="judged")
    args = parser.parse_args()
    print(json.dumps(split(args.kind, args.variant, args.hands, path=args.path), indent=1))


if __name__ == "__main__":
    main()
