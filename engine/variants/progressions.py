"""Wiener Canasta's progression schedules (seed 002, "Beim Spiel zu viert besteht eine vollständige
Progression" and the tally plans after it): who partners whom in each round of a club or
classroom tournament, and who sits out. Data for the app to show; players are numbered from 1.

>>> [str(game) for game in PROGRESSIONS[5][1].games], PROGRESSIONS[5][1].sitting_out
(['1-5 vs. 2-3'], (4,))
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType


@dataclass(frozen=True)
class Game:
    first: tuple[int, int]  # one partnership
    second: tuple[int, int]  # the other

    def __str__(self) -> str:
        return f"{self.first[0]}-{self.first[1]} vs. {self.second[0]}-{self.second[1]}"


@dataclass(frozen=True)
class Round:
    games: tuple[Game, ...]  # one per table
    sitting_out: tuple[int, ...] = ()


def _round(text: str, sitting_out: tuple[int, ...] = ()) -> Round:
    games = []
    for table in text.split(" | "):
        left, right = table.split(" vs. ")
        a, b = (int(x) for x in left.split("-"))
        c, d = (int(x) for x in right.split("-"))
        games.append(Game((a, b), (c, d)))
    return Round(tuple(games), sitting_out)


PROGRESSIONS: Mapping[int, tuple[Round, ...]] = MappingProxyType({
    4: (_round("1-2 vs. 3-4"), _round("1-3 vs. 2-4"), _round("1-4 vs. 2-3")),
    5: (
        _round("1-2 vs. 3-4", (5,)), _round("1-5 vs. 2-3", (4,)), _round("1-4 vs. 2-5", (3,)),
        _round("1-3 vs. 4-5", (2,)), _round("2-4 vs. 3-5", (1,)),
    ),
    8: (
        _round("1-6 vs. 2-5 | 3-8 vs. 4-7"), _round("2-3 vs. 5-8 | 1-4 vs. 6-7"),
        _round("1-8 vs. 3-6 | 2-7 vs. 4-5"), _round("1-2 vs. 3-4 | 5-6 vs. 7-8"),
        _round("1-7 vs. 2-8 | 3-5 vs. 4-6"), _round("2-6 vs. 3-7 | 1-5 vs. 4-8"),
        _round("2-4 vs. 6-8 | 1-3 vs. 5-7"),
    ),
    12: (
        _round("1-2 vs. 3-4 | 5-6 vs. 7-8 | 9-10 vs. 11-12"),
        _round("3-6 vs. 7-10 | 1-4 vs. 9-12 | 2-11 vs. 5-8"),
        _round("4-11 vs. 7-12 | 2-9 vs. 3-8 | 1-6 vs. 5-10"),
        _round("3-10 vs. 5-12 | 1-8 vs. 2-7 | 4-9 vs. 6-11"),
        _round("1-10 vs. 8-11 | 3-12 vs. 6-9 | 2-5 vs. 4-7"),
        _round("1-12 vs. 6-7 | 4-5 vs. 10-11 | 2-3 vs. 8-9"),
        _round("2-6 vs. 3-11 | 7-9 vs. 8-10 | 1-5 vs. 4-12"),
        _round("2-12 vs. 5-9 | 3-7 vs. 4-8 | 1-11 vs. 6-10"),
        _round("1-7 vs. 4-10 | 3-9 vs. 5-11 | 2-8 vs. 6-12"),
        _round("6-8 vs. 9-11 | 2-4 vs. 10-12 | 1-3 vs. 5-7"),
        _round("1-9 vs. 7-11 | 2-10 vs. 3-5 | 4-6 vs. 8-12"),
    ),
})
