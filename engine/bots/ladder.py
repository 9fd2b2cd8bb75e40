"""Duplicate matches between bot levels: each deal played twice, the sides swapped, as bridge
clubs do to take the luck out; win rates and margins with 95% intervals, and move times."""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.core.actions import Action
from engine.bots.base import Bot, Observation
from engine.core.deal import deal_from
from engine.bots.levels import make_bot
from engine.bots.match import play_hand
from engine.core.rules import Rules
from engine.core.scoring import score_hand

DEFAULT_PAIRINGS = (("expert", "club"), ("club", "beginner"), ("beginner", "random"))


class _Timed:
    """A bot whose every decision is timed in ms (the ladder reports each level's move times), by
    wall clock unless told another (a budget counted in processor time is timed in it)."""

    def __init__(self, bot: Bot, times: list[float], clock: Callable[[], float] = time.perf_counter) -> None:
        self.bot, self.times, self.clock = bot, times, clock
        self.name, self.title = bot.name, bot.title

    def choose(self, observation: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
        started = self.clock()
        action = self.bot.choose(observation, legal, rng)
        self.times.append((self.clock() - started) * 1000)
        return action


@dataclass
class Pairing:
    a: str
    b: str
    margins: list[int] = field(default_factory=list)  # a's margin over b, per deal (both plays)

    def report(self) -> dict[str, Any]:
        n = len(self.margins)
        won = sum(1 for m in self.margins if m > 0)
        tied = sum(1 for m in self.margins if m == 0)
        rate = (won + tied / 2) / n if n else 0.0
        mean = statistics.fmean(self.margins) if n else 0.0
        spread = 1.96 * statistics.stdev(self.margins) / math.sqrt(n) if n > 1 else 0.0
        return {"a": self.a, "b": self.b, "deals": n, "won": won, "tied": tied, "lost": n - won - tied,
                "win_rate": round(rate, 3), "win_rate_ci95": [round(x, 3) for x in _wilson(rate, n)],
                "mean_margin": round(mean, 1), "mean_margin_ci95": [round(mean - spread, 1), round(mean + spread, 1)]}


def _wilson(rate: float, n: int) -> tuple[float, float]:
    """The Wilson score interval, sound for rates near 0 or 1 and for few deals."""
    if n == 0:
        return (0.0, 1.0)
    z = 1.96
    centre = (rate + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(rate * (1 - rate) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def _margin(rules: Rules, order: Sequence[int], levels: dict[int, str], bots: Mapping[str, Bot], seed: int) -> int:
    """The score of the side played by ``levels[0]``'s level minus the best other side's."""
    state = deal_from(rules, order)
    seats = [bots[levels[state.team_of(seat)]] for seat in range(rules.players)]
    final, _ = play_hand(state, seats, random.Random(seed))
    scores = [s.total for s in score_hand(final)]
    return scores[0] - max(scores[1:])


def run_ladder(rules: Rules, deals: int, seed: int, budget_ms: float = 300.0,
               pairings: Sequence[tuple[str, str]] = DEFAULT_PAIRINGS) -> dict[str, Any]:
    times: dict[str, list[float]] = {}
    results = []
    for a, b in pairings:
        bots = {name: _Timed(make_bot(name, budget_ms), times.setdefault(name, [])) for name in (a, b)}
        pairing = Pairing(a, b)
        for number in range(deals):
            order = list(rules.deck())
            random.Random(seed * 100_003 + number).shuffle(order)
            others = {t: b for t in range(1, len(rules.teams))}
            first = _margin(rules, order, {0: a, **others}, bots, seed + number)  # a sits at side 0 ...
            second = _margin(rules, order, {0: b, **{t: a for t in others}}, bots, seed + number)  # ... then b
            pairing.margins.append(first - second)
        results.append(pairing.report())
    move_ms = {name: {"moves": len(ts), "median": round(statistics.median(ts), 2),
                      "p99": round(sorted(ts)[int(0.99 * (len(ts) - 1))], 2)} for name, ts in times.items() if ts}
    return {"variant": rules.name, "table": rules.table, "deals": deals, "seed": seed, "budget_ms": budget_ms,
            "pairings": results, "move_ms": move_ms}
