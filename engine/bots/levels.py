"""Computer players at three strengths, behind the one ``Bot`` interface of :mod:`engine.bots.base`.

- ``beginner`` plays legally and plausibly, with a beginner's habits: it melds whatever it can at
  once, takes the pile only when it is large, discards without looking at the other side's melds.
- ``club`` plays sound heuristics: it keeps eight cards while the other side cannot go out,
  keeps pairs while the pile is frozen, discards what the next side cannot use (a black three
  when the pile is worth blocking), freezes a rich pile with a wild card when behind, and goes out
  when the other side threatens or it leads. Where the variant has Royal's melds it builds them
  on purpose: Bolivias from its wild cards, Sambas and threes before rank melds, keeps black
  threes and the cards of its runs, and does not discard the card that extends the next side's
  Samba. It lives in :mod:`engine.bots.club`.
- ``expert`` searches: flat Monte Carlo over the club player's best few candidates, each tried in
  sampled deals of the cards it cannot see (determinization) and played out by club players,
  within a time budget (300 ms a move by default). In Royal (``SEARCH``) playouts stop after 60
  actions and are scored from the table, and the club player's best discard is always a candidate.

Every bot sees only an :class:`~engine.bots.base.Observation`; the expert's samples come from
:meth:`Observation.unseen` and ``Observation.known`` (the cards seen taken with the pile stay in
their hand), so shuffling what is hidden from it never changes its choice.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import ClassVar

from engine.core.actions import Action, AnswerGoOut, Discard, MeldAction, TakePile, is_lay_off_only
from engine.bots.base import BasicBot, Bot, Observation, RandomBot
from engine.core.cards import WILD
from engine.bots.club import ClubBot
from engine.judge.game import apply, apply_trusted
from engine.core.i18n import N_
from engine.core.melds import Meld, MeldKind
from engine.core.state import Phase, State

__all__ = ["BOTS", "SEARCH", "BeginnerBot", "ClubBot", "ExpertBot", "Search", "estimate", "make_bot"]


class BeginnerBot(BasicBot):
    name: ClassVar[str] = "beginner"
    title: ClassVar[str] = N_("Beginner")

    def choose(self, observation: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
        obs = observation
        if obs.phase is Phase.ANSWER:
            return AnswerGoOut(True)
        if obs.phase is Phase.DRAW:
            takes = [a for a in legal if isinstance(a, TakePile)]
            if takes and obs.pile_size >= 5:
                return takes[0]
            return next((a for a in legal if not isinstance(a, TakePile)), legal[0])
        melds = [a for a in legal if isinstance(a, MeldAction)]
        if melds:  # a beginner puts down whatever fits, the biggest first
            return max(melds, key=lambda a: len(a.cards()))
        discards = [a for a in legal if isinstance(a, Discard) and a.meld is None and not WILD[a.card]] or \
            [a for a in legal if isinstance(a, Discard) and a.meld is None]
        return rng.choice(discards) if discards else legal[0]


@dataclass(frozen=True, slots=True)
class Search:
    """How the expert searches a variant (the defaults: as it searches Classic, Wiener and Swedish)."""

    horizon: int | None = None  # actions a playout runs before the table is scored (None: to the hand's end)
    z: float = 2.0  # how many standard errors a move must beat the club player's choice by
    candidates: int | None = None  # how many moves to try (None: the bot's own number)
    discards: int = 0  # the club player's best discards among them (melding or holding is a choice)
    layoffs: bool = False  # whether lay-offs alone are tried

    @classmethod
    def parse(cls, text: str) -> Search:
        """``"horizon=60,z=1,candidates=3,discards=2,layoffs=1"`` (fields left out keep their
        defaults; ``horizon=none`` plays out): how benchmarks name a tuning.

        >>> Search.parse("horizon=40,z=1,layoffs=1")
        Search(horizon=40, z=1.0, candidates=None, discards=0, layoffs=True)
        >>> Search.parse(Search(horizon=40, z=1.0).spec()) == Search(horizon=40, z=1.0)
        True
        """
        def optional(value: str) -> int | None:
            return None if value.lower() == "none" else int(value)

        types: dict[str, Callable[[str], object]] = {
            "horizon": optional, "z": float, "candidates": optional, "discards": int,
            "layoffs": lambda v: {"1": True, "true": True, "0": False, "false": False}[v.lower()]}
        fields: dict[str, object] = {}
        for part in filter(None, (p.strip() for p in text.split(","))):
            key, sep, value = part.partition("=")
            if not sep or key not in types:
                raise ValueError(f"bad search field {part!r} (known: {', '.join(f'{k}=...' for k in types)})")
            try:
                fields[key] = types[key](value)
            except (ValueError, KeyError):
                raise ValueError(f"bad value for {key}: {value!r}") from None
        return cls(**fields)  # type: ignore[arg-type]

    def spec(self) -> str:
        """The text :meth:`parse` reads back, every field named (what a benchmark's row records)."""
        return (f"horizon={self.horizon},z={self.z:g},candidates={self.candidates},discards={self.discards},"
                f"layoffs={int(self.layoffs)}").replace("None", "none")


# Royal's playouts are long (a 108-card hand): played out, a move got 2-3 rounds early in the hand,
# too few to leave the club player's choice. Chosen with bench/expert_choices.py, measured on the
# ladder (docs/bots.md); variants not listed search with the defaults, as measured there.
SEARCH: Mapping[str, Search] = MappingProxyType({
    "royal": Search(horizon=60, z=1.0, candidates=3, discards=2, layoffs=True),
})


class ExpertBot:
    """Flat Monte Carlo over the club player's best candidates, with determinized playouts."""

    name: ClassVar[str] = "expert"
    title: ClassVar[str] = N_("Expert")

    def __init__(self, budget_ms: float = 300.0, candidates: int = 5, playouts: int | None = None,
                 tuning: Search | None = None, clock: Callable[[], float] | None = None) -> None:
        self.budget = budget_ms / 1000
        # the budget's clock: wall time in play; a benchmark on a shared machine passes
        # ``time.process_time`` so that the expert thinks as long a move as on an idle one
        self.clock = clock or (lambda: time.perf_counter())
        self.candidates = candidates
        self.playouts = playouts  # a fixed number instead of the time budget: the same on any machine
        self.tuning = tuning  # None: the variant's own (``SEARCH``)
        self.policy = ClubBot()
        self.last_edge = 0.0  # by how many points the last choice beat the next best in playouts
        self.last_error = 0.0  # the edge's standard error (0.0 where too few trials were paired)
        self.playouts_run = 0  # every playout so far, counted for the benchmarks (bench/speed_expert.py)

    def choose(self, observation: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
        obs = observation
        self.last_edge = self.last_error = 0.0
        if len(legal) == 1 or obs.phase is Phase.ANSWER:
            return self.policy.choose(obs, legal, rng)
        tuning = self.tuning or SEARCH.get(obs.rules.name, Search())
        candidates = self._candidates(obs, legal, rng, tuning)
        if len(candidates) == 1:
            return candidates[0]
        started = self.clock()
        # A round (one playout per candidate) is long in Royal (a 108-card hand): start one only if
        # the rounds so far say it ends in the budget, and abandon one that runs past it, so that a
        # move overshoots by one playout at most (Royal's p99 was 348 ms against the 300 ms budget).
        soft, hard = started + self.budget * 0.9, started + self.budget * 0.97
        # Common random numbers: every candidate is tried in the same sampled deal with the same
        # playout seed, so their differences carry far less luck than their scores.
        diffs: list[list[float]] = [[] for _ in candidates]
        rounds = 0
        while True:
            now = self.clock()
            if self.playouts is not None:
                if rounds >= self.playouts:
                    break
            elif now >= soft or (rounds and now + (now - started) / rounds > hard):
                break
            rounds += 1
            world = obs.determinize(rng)
            seed = rng.random()
            results: list[float] = []
            for action in candidates:
                if self.playouts is None and results and self.clock() > hard:
                    break
                results.append(self._playout(world, action, obs, random.Random(seed), tuning))
                self.playouts_run += 1
            if len(results) < len(candidates):
                break  # out of time: the unfinished round is left out (its differences are unpaired)
            for index, value in enumerate(results):
                diffs[index].append(value - results[0])
        best, edge = 0, 0.0
        for index in range(1, len(candidates)):
            sample = diffs[index]
            if len(sample) < 3:
                continue
            mean = sum(sample) / len(sample)
            spread = (sum((x - mean) ** 2 for x in sample) / (len(sample) - 1)) ** 0.5 / len(sample) ** 0.5
            # leave the club player's choice only for a move clearly better in these trials
            if mean - tuning.z * spread > edge:
                best, edge = index, mean - tuning.z * spread
        others = {i: sum(d) / len(d) for i, d in enumerate(diffs) if i != best and d}
        mine = sum(diffs[best]) / len(diffs[best]) if diffs[best] else 0.0
        self.last_edge = mine - max(others.values()) if others else 0.0  # the reason a hint can give
        self.last_error = 0.0
        if others:  # the edge's standard error: paired over the same worlds as the runner-up
            runner = max(others, key=others.__getitem__)
            paired = [a - b for a, b in zip(diffs[best], diffs[runner])] if best else [-b for b in diffs[runner]]
            if len(paired) > 2:
                mean = sum(paired) / len(paired)
                self.last_error = (sum((x - mean) ** 2 for x in paired) / (len(paired) - 1) / len(paired)) ** 0.5
        return candidates[best]

    def _candidates(self, obs: Observation, legal: Sequence[Action], rng: random.Random, tuning: Search) -> list[Action]:
        """The club player's choice; where the tuning asks, its best discards (holding the cards
        against melding them, and its runner-up discard); then other melds and the pile (and,
        where asked, lay-offs alone), then the rest."""
        count = tuning.candidates or self.candidates
        first = self.policy.choose(obs, legal, random.Random(rng.random()))
        picks = [first]
        if tuning.discards:
            own = [a for a in legal if isinstance(a, Discard) and a.meld is None]
            costs = self.policy._club_discard_costs(obs, [a.card for a in own])
            discards = [own[i] for i in sorted(range(len(own)), key=costs.__getitem__)]  # stable, as sorted
            room = max(0, count - 2)  # one place is kept for a meld, the pile or another discard
            picks += [a for a in discards[: tuning.discards] if a != first][:room]
        others = [a for a in legal if a not in picks and (tuning.layoffs or not is_lay_off_only(a))]
        rng.shuffle(others)
        melds = [a for a in others if isinstance(a, TakePile) or (isinstance(a, MeldAction) and a.melds)]
        layoffs = [a for a in others if is_lay_off_only(a)]
        rest = [a for a in others if not isinstance(a, (MeldAction, TakePile))]
        return [*picks, *(melds + layoffs + rest)[: count - len(picks)]]

    def _playout(self, world: State, action: Action, obs: Observation, rng: random.Random, tuning: Search) -> float:
        """The side's margin at the end of the hand after ``action``, everyone playing club; with a
        horizon, the margin the table promises when the horizon is reached first."""
        limit = 400 if tuning.horizon is None else tuning.horizon
        state = apply(world, action)
        act = self.policy.act
        steps = 0
        while not state.is_over() and steps < limit:
            state = apply_trusted(state, act(state, rng))  # the club player's own move: from the legal list
            steps += 1
        values = [estimate(state, team) for team in range(len(state.teams))]
        return values[obs.team] - max(v for t, v in enumerate(values) if t != obs.team)


def estimate(state: State, team: int) -> float:
    """A side's points if the hand ended now, plus for every meld on its way to a canasta a share
    of the bonus it would bring, growing with the square of how far along it is. At the end of
    the hand (``state.is_over()``) it is the side's score exactly.

    >>> from engine.variants import CLASSIC
    >>> from engine.core.deal import deal
    >>> start = deal(CLASSIC, random.Random(1))
    >>> estimate(start, 0) == CLASSIC.score_team(start, 0).total
    True
    """
    rules = state.rules
    total = float(rules.score_team(state, team).total)
    if state.is_over():
        return total
    size = rules.canasta_size
    for meld in state.melds[team]:
        if meld.size < size and meld.kind is not MeldKind.BLACK_THREES:
            whole = Meld(meld.cards + (meld.cards[0],) * (size - meld.size), meld.rank, meld.naturals + size - meld.size,
                         meld.wilds, meld.kind)
            total += rules.meld_bonus(whole) * (meld.size / size) ** 2
    return total


BOTS: Mapping[str, Callable[[], Bot]] = {
    "random": RandomBot, "beginner": BeginnerBot, "basic": BasicBot, "club": ClubBot, "expert": ExpertBot,
}


def make_bot(name: str, budget_ms: float | None = None) -> Bot:
    """The bot called ``name``; ``budget_ms`` sets the expert's thinking time."""
    if name not in BOTS:
        raise ValueError(f"unknown bot {name!r} (known: {', '.join(BOTS)})")
    if name == "expert" and budget_ms is not None:
        return ExpertBot(budget_ms)
    return BOTS[name]()
