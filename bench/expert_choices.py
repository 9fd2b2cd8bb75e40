"""How good are the expert's choices, move by move? A low-noise companion to the ladder.

The ladder's verdict on 200 duplicate deals carries about ±7 points of luck on the win rate, too
much to compare two ways of searching in an afternoon. This benchmark instead takes positions
from seeded club games, scores many of each position's legal actions with a long reference search
(full playouts by club players in the same sampled deals, common random numbers), and reports how
much each bot's choice loses against the reference's best: in points of margin and in the share
of playouts won. Run::

    python bench/expert_choices.py --variant royal --positions 100 --reference 40

    python bench/expert_choices.py --bots "club;expert;expert:horizon=30,z=1,candidates=4;expert:budget=1500"

It prints JSON: per bot the mean loss (margin, win share) with a 95% interval, how often its choice
was the reference's best, and its loss minus the first bot's on the same positions. Read that
paired difference: the loss itself is inflated by the reference's own noise (the best of a dozen
noisy means is too good), the same for every bot. The reference plays hands out and counts the
plain margin, so it judges a search's shortcuts (a horizon) as well as its choices.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.bots import trials  # noqa: E402
from engine.core.actions import Action  # noqa: E402
from engine.bots.base import Observation, observe  # noqa: E402
from engine.core.deal import deal  # noqa: E402
from engine.judge.game import apply  # noqa: E402
from engine.judge.legal import legal_actions  # noqa: E402
from engine.bots.levels import ClubBot, ExpertBot, Search  # noqa: E402
from engine.core.state import Phase, State  # noqa: E402
from engine.variants import VARIANTS  # noqa: E402


@dataclass
class Position:
    state: State
    seed: int


def positions(variant: str, count: int, seed: int, known_only: bool = False) -> list[Position]:
    """Decisions with a choice (play phase or the draw), spread over the hands of club games;
    with ``known_only``, only those where another seat holds cards seen taken with the pile
    (``State.known``: elsewhere the expert's worlds and so its choices are as before)."""
    rules = VARIANTS[variant]
    rng = random.Random(seed)
    club = ClubBot()
    found: list[Position] = []
    while len(found) < count:
        state = deal(rules, rng)
        while not state.is_over():
            legal = legal_actions(state)
            if len(legal) > 1 and state.phase is not Phase.ANSWER and rng.random() < 0.08:
                known = any(k for s, k in enumerate(state.known) if s != state.turn)
                seed_of = rng.randrange(2**31)
                if known or not known_only:
                    found.append(Position(state, seed_of))
            state = apply(state, club.choose(observe(state, state.turn), legal, rng))
    return found[:count]


def playout_margins(position: Position, actions: Sequence[Action], samples: int) -> list[list[float]]:
    """Each action's margin in each of the same ``samples`` worlds (common random numbers,
    ``engine.bots.trials``): the worlds depend on the position's seed and the sample's index alone, so
    actions scored later in another call are paired with these."""
    return trials.playout_margins(position.state, actions, samples, position.seed)


def true_margins(position: Position, actions: Sequence[Action], samples: int) -> list[list[float]]:
    """Each action's margin in ``samples`` playouts from the true state (the hidden cards as they
    lie), the same playout seeds for every action: no model of the hidden cards, so it favours no
    bot's; over many positions it scores a move by what it earns in the deals play produces."""
    state = position.state
    obs = observe(state, state.turn)
    rng, played_out = random.Random(position.seed), ExpertBot()
    margins: list[list[float]] = [[] for _ in actions]
    for _ in range(samples):
        seed = rng.random()
        for i, action in enumerate(actions):
            margins[i].append(played_out._playout(state, action, obs, random.Random(seed), Search()))
    return margins


TRUTH = [False]  # --truth: the reference plays from the true state (set before the pool forks)


def reference(position: Position, actions: Sequence[Action], samples: int) -> list[tuple[float, float]]:
    """Each action's mean margin and share of playouts won, over the same ``samples`` worlds."""
    margins = true_margins(position, actions, samples) if TRUTH[0] else playout_margins(position, actions, samples)
    return [(sum(ms) / samples, sum(1.0 if m > 0 else 0.5 if m == 0 else 0.0 for m in ms) / samples)
            for ms in margins]


BOTS: dict[str, Callable[[], ClubBot | ExpertBot]] = {
    "club": lambda: ClubBot(),
    "expert-plain": lambda: ExpertBot(tuning=Search(), clock=time.process_time),  # as it searches Classic
    "expert": lambda: ExpertBot(clock=time.process_time),
    # the expert blind to State.known (it deals the cards seen taken with the pile at random, as
    # the --blind expert): ``_judge`` hands it the position with nothing known
    "expert-blind": lambda: ExpertBot(clock=time.process_time),
}


def _tuned(spec: str) -> ExpertBot:
    """``expert:horizon=60,z=1,candidates=3,discards=2,layoffs=1``: the expert searching with that ``Search``;
    ``budget=1500`` among the fields gives it that many ms a move instead of 300 (what more playouts would buy)."""
    fields = [f for f in spec.split(":", 1)[1].split(",") if f.strip()]
    budgets = [float(f.split("=", 1)[1]) for f in fields if f.strip().startswith("budget=")]
    search = Search.parse(",".join(f for f in fields if not f.strip().startswith("budget=")))
    # the budget in processor time, as on the ladder: two workers on a shared machine think as long as alone
    return ExpertBot(budgets[-1] if budgets else 300.0, tuning=search, clock=time.process_time)


def _bot(name: str) -> ClubBot | ExpertBot:
    return _tuned(name) if name.startswith("expert:") else BOTS[name]()


_POSITIONS: list[Position] = []  # set before the pool forks: states hold rules, which do not pickle


def _judge(job: tuple[int, list[str], int, int, bool]) -> dict[str, tuple[float, float, bool]] | None:
    index, bots, samples, width, differing = job
    position = _POSITIONS[index]
    state = position.state
    obs: Observation = observe(state, state.turn)
    legal = legal_actions(state)
    blind = observe(state.evolve(known=((),) * state.players), state.turn)
    chosen = {name: _bot(name).choose(blind if name == "expert-blind" else obs, legal, random.Random(position.seed))
              for name in bots}
    if differing and len(set(chosen.values())) == 1:
        return None  # every bot chose alike: no paired difference to score
    rng = random.Random(position.seed ^ 0x5EED)
    pool = list(legal)
    rng.shuffle(pool)
    actions = list(dict.fromkeys([*chosen.values(), *pool[:width]]))
    values = reference(position, actions, samples)
    best_margin = max(v[0] for v in values)
    best_win = max(v[1] for v in values)
    best = actions[max(range(len(actions)), key=lambda i: values[i][0])]
    out = {}
    for name, action in chosen.items():
        margin, win = values[actions.index(action)]
        out[name] = (best_margin - margin, best_win - win, action == best)
    return out


def _interval(xs: list[float]) -> list[float]:
    mean = statistics.fmean(xs)
    half = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else 0.0
    return [round(mean, 3), round(mean - half, 3), round(mean + half, 3)]


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="royal", choices=sorted(VARIANTS))
    parser.add_argument("--positions", type=int, default=100)
    parser.add_argument("--reference", type=int, default=40, help="reference playouts per action")
    parser.add_argument("--width", type=int, default=12, help="legal actions scored besides the bots' choices")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bots", default=";".join(BOTS), help="names, or expert:horizon=60,z=1 ...; separated by ';'")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--known-only", action="store_true",
                        help="only positions where another seat holds cards seen taken with the pile")
    parser.add_argument("--truth", action="store_true",
                        help="the reference plays from the true state, not from sampled deals of the hidden cards")
    parser.add_argument("--differing", action="store_true",
                        help="score only positions where the bots chose differently (figures over those; "
                             "a paired difference over all positions is the printed one times scored/positions)")
    args = parser.parse_args(argv)
    TRUTH[0] = args.truth
    bots = args.bots.split(";")
    unknown = [b for b in bots if b not in BOTS and not b.startswith("expert:")]
    if unknown:
        parser.error(f"unknown bot(s) {', '.join(unknown)} (known: {', '.join(BOTS)})")
    _POSITIONS[:] = positions(args.variant, args.positions, args.seed, args.known_only)
    jobs = [(i, bots, args.reference, args.width, args.differing) for i in range(len(_POSITIONS))]
    with ProcessPoolExecutor(args.workers, mp_context=multiprocessing.get_context("fork")) as pool:
        judged = list(pool.map(_judge, jobs))
    results = [r for r in judged if r is not None]
    report = {"variant": args.variant, "positions": len(judged), "scored": len(results), "reference_playouts": args.reference,
              "reference_from": "true state" if args.truth else "sampled deals", "known_only": args.known_only,
              "bots": {}}
    for name in bots if results else ():
        report["bots"][name] = {
            "margin_loss": _interval([r[name][0] for r in results]),
            "win_share_loss": _interval([r[name][1] for r in results]),
            "best": round(sum(r[name][2] for r in results) / len(results), 3),
        }
        if name != bots[0]:  # paired on the same positions: far narrower than the two intervals
            report["bots"][name][f"margin_loss_minus_{bots[0]}"] = _interval([r[name][0] - r[bots[0]][0] for r in results])
            report["bots"][name][f"win_share_loss_minus_{bots[0]}"] = _interval([r[name][1] - r[bots[0]][1] for r in results])
    json.dump(report, sys.stdout, indent=1)
    print()


if __name__ == "__main__":
    main()
