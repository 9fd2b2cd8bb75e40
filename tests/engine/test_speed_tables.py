"""The speed work's shortcuts against the plain definitions they stand for (docs/engine.md).

Play itself is held move for move by ``test_play_golden``; these hold the shortcuts on inputs
play may not reach: any sorted hand, any meld index.
"""

from __future__ import annotations

import random

import pytest

from engine.deal import deal

from engine.cards import WILD, Card, rank, run_place
from engine.legal import _PLACE_BIT, _layoff_row, _single_layoff
from engine.pile_takes import _MELD_RANK, _split_hand

DECKS = [*range(52), *range(52), 52, 52, 52, 52]  # two decks and four jokers


def _plain_split(hand: tuple[Card, ...]) -> tuple[dict[int, list[Card]], list[Card]]:
    groups: dict[int, list[Card]] = {}
    wilds: list[Card] = []
    for card in hand:
        if WILD[card]:
            wilds.append(card)
        elif rank(card) != 3:
            groups.setdefault(rank(card), []).append(card)
    return groups, wilds


def test_split_hand_groups_a_sorted_hand_as_the_plain_loop() -> None:
    rng = random.Random(19)
    for _ in range(20_000):
        hand = tuple(sorted(rng.sample(DECKS, rng.randrange(0, 24))))
        groups, wilds = _split_hand(hand)
        expected_groups, expected_wilds = _plain_split(hand)
        assert wilds == expected_wilds
        assert list(groups.items()) == list(expected_groups.items())  # the same order of ranks too


def test_layoff_rows_hold_the_single_layoffs() -> None:
    for index in (0, 3, 17):
        row = _layoff_row(index)
        assert len(row) == 53
        assert all(row[card] == _single_layoff(index, card) for card in range(53))


def test_place_bits_mark_the_run_places_of_naturals_other_than_threes() -> None:
    for card in range(53):
        if _MELD_RANK[card]:
            assert _PLACE_BIT[card] == 1 << run_place(card)
        else:
            assert _PLACE_BIT[card] == 0 and (WILD[card] or rank(card) == 3)


def test_a_table_is_one_rules_value_and_equal_to_one_built_afresh() -> None:
    """Rules._at remembers the rules at a table: two loads of a position share one value (and the
    engine's per-rules memories with it), equal to the value built by ``replace`` as before."""
    from dataclasses import replace

    from engine import rules as rules_module
    from engine.position import dump_position, load_position
    from engine.variants import VARIANTS

    for variant in VARIANTS.values():
        for table in variant.tables:
            made = variant.for_people(table.people, table.name)
            assert made is variant.for_people(table.people, table.name)
            assert made == replace(variant, table=table.name, teams=table.teams, **table.changes)
    state = deal(VARIANTS["royal"].for_people(4), random.Random(3))
    data = dump_position(state, reveal=True)
    assert load_position(data).rules is load_position(data).rules
    seated = VARIANTS["classic"].for_seats(4, [[0, 1], [2, 3]])
    assert seated.teams == ((0, 1), (2, 3)) and seated is not VARIANTS["classic"].for_seats(4)
    assert len(rules_module._AT) <= rules_module._AT_KEPT


def test_an_accountant_names_the_first_card_too_many() -> None:
    from engine.errors import InvalidInputError
    from engine.position import _Accountant
    from engine.variants import VARIANTS

    books = _Accountant(VARIANTS["classic"].for_people(4))
    books.take((0, 0, 5), "hands[0]")
    with pytest.raises(InvalidInputError) as refused:
        books.take((7, 0, 9), "pile")
    assert refused.value.field == "pile[1]"
