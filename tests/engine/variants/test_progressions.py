"""Seed 002's progression schedules: each player partners every other exactly once."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from engine.variants.progressions import PROGRESSIONS


@pytest.mark.parametrize("players", sorted(PROGRESSIONS))
def test_every_pair_partners_exactly_once(players: int) -> None:
    partners: Counter[tuple[int, ...]] = Counter()
    for round_ in PROGRESSIONS[players]:
        seated = [p for game in round_.games for p in (*game.first, *game.second)]
        assert sorted(seated + list(round_.sitting_out)) == list(range(1, players + 1))
        for game in round_.games:
            partners[tuple(sorted(game.first))] += 1
            partners[tuple(sorted(game.second))] += 1
    assert set(partners) == set(combinations(range(1, players + 1), 2))
    assert set(partners.values()) == {1}


def test_five_players_meet_each_other_twice_as_opponents_and_sit_out_once() -> None:
    opponents: Counter[tuple[int, ...]] = Counter()
    for round_ in PROGRESSIONS[5]:
        (game,) = round_.games
        for a in game.first:
            for b in game.second:
                opponents[tuple(sorted((a, b)))] += 1
    assert set(opponents.values()) == {2}
    assert sorted(p for r in PROGRESSIONS[5] for p in r.sitting_out) == [1, 2, 3, 4, 5]
