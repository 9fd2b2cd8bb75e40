"""Trial deals: moves compared by playing them out in the same sampled deals.

The judgement the hints are measured with (``bench/hint_quality.py``'s reference) and the one the
post-hand review asks before it names a mistake: from the player's own view, the hidden cards are
dealt again at random (a *world*), each move is played out there to the hand's end by club players
with the same random numbers (common random numbers: the moves' differences carry far less luck
than their scores), and the side's margin is kept. ``compare`` says by how much one move beat
another and with what standard error.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from engine.core.actions import Action, AnswerGoOut
from engine.bots.base import Observation, observe
from engine.judge.game import apply
from engine.judge.legal import legal_actions
from engine.bots.levels import ExpertBot, Search
from engine.core.state import Phase, State


def playout_margins(state: State, actions: Sequence[Action], samples: int, seed: int,
                    search: Search = Search(), start: int = 0) -> list[list[float]]:
    """Each action's margin in each of the same ``samples`` worlds. The worlds depend on ``seed``
    and the sample's index alone, so actions scored later in another call are paired with these.
    Played to the hand's end unless ``search`` sets a horizon (then the table's promise is scored,
    ``levels.estimate``). The first ``start`` worlds are dealt but not played (a later look at the
    same position plays only the worlds an earlier one did not: dealing is cheap, playing is not)."""
    obs = observe(state, state.turn)
    rng = random.Random(seed)
    played_out = ExpertBot()
    margins: list[list[float]] = [[] for _ in actions]
    for index in range(samples):
        world = _world(state, obs, rng)  # dealt even when skipped: the stream moves on as in a full call
        playout_seed = rng.random()
        if index < start:
            continue
        for i, action in enumerate(actions):
            margins[i].append(played_out._playout(world, action, obs, random.Random(playout_seed), search))
    return margins


def _world(state: State, obs: Observation, rng: random.Random) -> State:
    """A sampled deal of the hidden cards. Where partner has asked to go out, the question told the
    table that the asker can go out: worlds where the asker's sampled hand cannot (after a yes it
    would have no legal action) are drawn again, up to 200 times; where none can (a way out that
    needs the pile's cards and few hands hold the rest), the deal as it is, so that only the
    playouts vary."""
    world = obs.determinize(rng)
    if state.phase is not Phase.ANSWER:
        return world
    for _ in range(200):
        if legal_actions(apply(world, AnswerGoOut(True))):
            return world
        world = obs.determinize(rng)
    return state


@dataclass(frozen=True, slots=True)
class Edge:
    """How much ``better`` beat ``worse`` over the same worlds: the mean of the paired differences
    in points and its standard error; ``diffs`` the differences themselves, world by world, where
    they are kept (``of``), so that two looks at the same position join (``join``)."""

    points: float
    error: float
    samples: int
    diffs: tuple[float, ...] = ()

    @classmethod
    def of(cls, diffs: Sequence[float]) -> Edge:
        """The edge of these paired differences (one a world)."""
        n = len(diffs)
        mean = sum(diffs) / n
        spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1) / n) if n > 1 else math.inf
        return cls(mean, spread, n, tuple(diffs))

    def join(self, later: Edge) -> Edge:
        """This look and a later one over further worlds, as one look over all of them: the same
        figures as one call over every world (the differences are summed in the same order)."""
        if len(self.diffs) != self.samples or len(later.diffs) != later.samples:
            raise ValueError("only edges that keep their differences (Edge.of) join")
        return Edge.of(self.diffs + later.diffs)

    def clear(self, z: float = 2.5, least: float = 50.0) -> bool:
        """Beyond the noise (``z`` standard errors) and worth saying (``least`` points or more)."""
        return self.points >= least and self.points > z * self.error


def compare(state: State, better: Action, worse: Action, samples: int, seed: int, search: Search = Search(),
            start: int = 0) -> Edge:
    """By how much ``better`` beat ``worse`` for the player to act in ``state``, over worlds
    ``start`` to ``samples`` of ``seed``'s stream (``compare(..., n, seed).join(compare(..., m,
    seed, start=n))`` is ``compare(..., m, seed)``, with the first ``n`` worlds played once)."""
    if not 0 <= start < samples:
        raise ValueError(f"no worlds to play: start {start}, samples {samples}")
    first, second = playout_margins(state, (better, worse), samples, seed, search, start)
    return Edge.of([a - b for a, b in zip(first, second)])
