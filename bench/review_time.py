"""How long the post-hand review takes: processor time per hand, per variant.

The learner is the basic player (seat 0) in hands the basic player plays in every seat, dealt from
fixed seeds, so every run reviews the same moves; the review (``tutor.table.workers.review``) runs here in
this process, as one pool worker runs it after a hand. It prints, per variant and hand, the learner's
moves, the moments named, the trial-deal comparisons played and the processor seconds::

    python bench/review_time.py                         # Royal and Classic, three hands each
    python bench/review_time.py --variant wiener --hands 2
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.bots import trials  # noqa: E402
from engine.core.actions import format_action  # noqa: E402
from engine.bots.base import observe  # noqa: E402
from engine.core.deal import deal  # noqa: E402
from engine.judge.game import apply  # noqa: E402
from engine.judge.legal import legal_actions  # noqa: E402
from engine.bots.levels import make_bot  # noqa: E402
from engine.position import dump_position  # noqa: E402
from engine.variants import get_variant  # noqa: E402
from tutor.table.workers import note_pile_taken, review  # noqa: E402

LEARNER = 0


def learner_moves(variant: str, players: int, seed: int) -> list[tuple[Any, ...]]:
    """One hand of the basic player in every seat: seat 0's moves as the model records them
    (position, action, facts: ``pile_taken`` where the next player took the pile after his discard)."""
    rules = get_variant(variant).for_people(players, None)
    state = deal(rules, random.Random(seed), dealer=rules.players - 1)
    bot, rng = make_bot("basic"), random.Random(seed)
    moves: list[tuple[dict[str, Any], dict[str, Any], dict[str, Any]]] = []
    while not state.is_over():
        action = bot.choose(observe(state, state.turn), legal_actions(state), rng)
        note_pile_taken(moves, state, action, LEARNER)
        if state.turn == LEARNER:
            moves.append((dump_position(state, reveal=True), format_action(action), {}))
        state = apply(state, action)
    return moves


def timed(moves: list[tuple[Any, ...]]) -> dict[str, Any]:
    """The review of one hand: processor seconds, moments named and trial worlds played."""
    played: list[int] = []
    compare = trials.compare

    def counted(*args: Any, **kwargs: Any) -> trials.Edge:
        edge = compare(*args, **kwargs)
        played.append(edge.samples)
        return edge

    trials.compare = counted  # the review imports it at call time
    try:
        start = time.process_time()
        said = review(moves, "en")
        seconds = time.process_time() - start
    finally:
        trials.compare = compare
    return {"moves": len(moves), "moments": [m["tip"] for m in said], "looks": len(played),
            "worlds": sum(played), "seconds": round(seconds, 2)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", action="append", help="royal, classic, ...; Royal and Classic by default")
    parser.add_argument("--hands", type=int, default=3)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    report = {}
    for variant in args.variant or ["royal", "classic"]:
        hands = [timed(learner_moves(variant, args.players, seed)) for seed in range(args.hands)]
        report[variant] = {"hands": hands, "seconds_per_hand": round(sum(h["seconds"] for h in hands) / len(hands), 2)}
    json.dump(report, sys.stdout, indent=1)
    print()


if __name__ == "__main__":
    main()
