"""What building a state costs: ``State.evolve``, ``TurnState.evolve`` and ``Meld(...)``, one call each,
in processor time (the best of seven rounds, less the cost of the call itself), on whichever engine
runs (``CANASTA_ENGINE=compiled|interpreted``, docs/speed.md).

    python bench/state_build.py [--calls 50000]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
import timeit
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import ENGINE  # noqa: E402
from engine.core.deal import deal  # noqa: E402
from engine.core.melds import Meld  # noqa: E402
from engine.core.state import Phase  # noqa: E402
from engine.variants import VARIANTS  # noqa: E402


def costs(calls: int = 50000, rounds: int = 7) -> dict[str, object]:
    """Microseconds a call, less an empty call's."""
    state = deal(VARIANTS["classic"].for_people(4), random.Random(1))
    turn = state.turn_state

    def best(call: Callable[[], object]) -> float:
        spent = []
        for _ in range(rounds):
            started = time.process_time()
            timeit.timeit(call, number=calls)
            spent.append(time.process_time() - started)
        return min(spent) / calls * 1e6

    empty = best(lambda: None)
    found = {
        "State.evolve (four changes)": best(lambda: state.evolve(phase=Phase.PLAY, hands=state.hands, stock=state.stock,
                                                                 red_threes=state.red_threes)),
        "TurnState.evolve (two changes)": best(lambda: turn.evolve(melded=True, asker=None)),
        "Meld(cards, rank, naturals, wilds)": best(lambda: Meld((1, 2, 3), 1, 3, 0)),
    }
    return {"engine": ENGINE, "us_cpu": {name: round(max(value - empty, 0.0), 3) for name, value in found.items()}}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=50000)
    args = parser.parse_args()
    print(json.dumps(costs(args.calls), indent=1))


if __name__ == "__main__":
    main()
