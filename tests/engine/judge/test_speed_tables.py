"""The speed work's shortcuts against the plain definitions they stand for (docs/speed.md).

Play itself is held move for move by ``test_play_golden``; these hold the shortcuts on inputs
play may not reach: any sorted hand, any meld index.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import fields

import pytest

from engine.core.cards import RANKS, RUN_PLACES, SUITS, WILD, Card, rank, run_place, suit
from engine.judge.legal import _PLACE_BIT, _distinct, _layoff_row, _single_layoff, _single_meld
from engine.core.melds import MeldKind, extend_meld, meld_or_none
from engine.core.deal import deal
from engine.core.errors import IllegalActionError
from engine.judge.going_out import _RUN_BIT, _has_run, _run_at
from engine.judge.going_out_search import _fits, _homes, _less
from engine.judge.pile_takes import _MELD_RANK, _split_hand
from engine.core.state import State, TurnState
from engine.variants import VARIANTS

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

    from engine.core import rules as rules_module
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
    from engine.core.errors import InvalidInputError
    from engine.position import _Accountant
    from engine.variants import VARIANTS

    books = _Accountant(VARIANTS["classic"].for_people(4))
    books.take((0, 0, 5), "hands[0]")
    with pytest.raises(InvalidInputError) as refused:
        books.take((7, 0, 9), "pile")
    assert refused.value.field == "pile[1]"


def test_less_is_counter_subtraction_in_the_same_order() -> None:
    """The complete search's ``_less`` is ``left - Counter(group)``: the same counts, the same order
    of keys (the search takes the first card left in a fixed order, and memory keys sort)."""
    rng = random.Random(23)
    for _ in range(20_000):
        left = Counter(rng.sample(DECKS, rng.randrange(0, 16)))
        for card in rng.sample(list(left), rng.randrange(0, len(left) + 1)):
            left[card] = rng.randrange(-1, 3)  # zero and below too: the search's copies keep a 0
        group = tuple(rng.sample(DECKS, rng.randrange(0, 8)))
        expected = left - Counter(group)
        got = _less(dict(left), group)
        assert list(got.items()) == list(expected.items())


def test_evolve_refuses_a_name_that_is_no_field() -> None:
    """``evolve`` tells an unknown field by the copy's size; it must still refuse it, naming it,
    and still take every real field."""
    state = deal(VARIANTS["classic"].for_people(4), random.Random(1))
    with pytest.raises(TypeError, match="'hnads'"):
        state.evolve(hnads=())
    with pytest.raises(TypeError, match="'melded_'"):
        state.turn_state.evolve(melded_=True)
    assert state.evolve(**{f.name: getattr(state, f.name) for f in fields(State)}) == state
    ts = state.turn_state
    assert ts.evolve(**{f.name: getattr(ts, f.name) for f in fields(TurnState)}) == ts


def test_remembered_extend_meld_is_the_rules_own_and_keeps_no_refusal() -> None:
    """``melds.extend_meld`` remembers Royal's extended melds by the meld's id: the same answer as
    ``Rules.extend_meld`` for every meld and cards asked twice, and a refusal raised every time."""
    rules = VARIANTS["royal"].for_people(4)
    rng = random.Random(29)
    samba = rules.make_meld((4 * 4 + 1, 5 * 4 + 1, 6 * 4 + 1))  # five, six, seven of one suit
    bolivia = rules.make_meld((4, 5, 52))
    rank_meld = rules.make_meld((9 * 4, 9 * 4 + 1, 9 * 4 + 2))
    for _ in range(2_000):
        meld = rng.choice((samba, bolivia, rank_meld))
        cards = tuple(rng.sample(DECKS, rng.randrange(1, 4)))
        for _ in range(2):  # the second time from memory
            try:
                expected = rules.extend_meld(meld, cards)
            except IllegalActionError as refusal:
                with pytest.raises(IllegalActionError) as raised:
                    extend_meld(rules, meld, cards)
                assert raised.value.rule == refusal.rule
            else:
                assert extend_meld(rules, meld, cards) == expected


def test_meld_or_none_is_make_meld_or_its_refusal() -> None:
    """``melds.meld_or_none`` (Royal's take-back) gives ``make_meld``'s meld, or None exactly where
    ``make_meld`` refuses, the first time and from memory."""
    for variant in ("royal", "classic"):
        rules = VARIANTS[variant].for_people(4)
        rng = random.Random(31)
        for _ in range(3_000):
            cards = tuple(rng.sample(DECKS, rng.randrange(1, 8)))
            try:
                expected = rules.make_meld(cards)
            except IllegalActionError:
                expected = None
            assert meld_or_none(rules, cards) == expected
            assert meld_or_none(rules, cards) == expected


def _plain_run_through(places: set[int], place: int) -> int:
    """The run of consecutive places (4 to 14) through ``place``, as the sets counted it."""
    if place not in places:
        return 0
    low = high = place
    while low - 1 in places and low - 1 >= 4:
        low -= 1
    while high + 1 in places:
        high += 1
    return high - low + 1


def test_run_bits_count_runs_as_the_place_sets() -> None:
    rng = random.Random(11)
    for _ in range(5000):
        places = {p for p in range(4, 15) if rng.random() < 0.7}
        bits = sum(1 << p for p in places)
        longest = max((_plain_run_through(places, p) for p in places), default=0)
        for size in (3, 7):
            assert _has_run(bits, size) is (longest >= size)
        for place in range(4, 15):
            assert _run_at(bits, place) == _plain_run_through(places, place)
    assert _RUN_BIT == tuple(0 if WILD[c] or rank(c) == 3 else 1 << run_place(c) for c in range(53))


def test_a_melds_homes_are_the_cards_fits_lets_onto_it() -> None:
    """``going_out_search._homes`` (kept by meld kind, rank and suit) is ``_fits`` card by card."""
    rules = VARIANTS["royal"].for_people(4)
    rng = random.Random(23)
    runs = [tuple(suit + 4 * (r - 1) for r in range(low, low + size))
            for suit in range(4) for low in range(4, 8) for size in (3, 5)]  # Sambas
    picks = [tuple(rng.sample(DECKS, rng.randrange(3, 8))) for _ in range(20_000)]
    picks += runs + [(4, 5, 52), (52, 52, 6, 7), (8, 11, 8), (9, 10, 9), (10, 11, 8)]  # black threes: 8, 11
    melds = [meld for cards in picks if (meld := meld_or_none(rules, cards)) is not None]
    assert {m.kind for m in melds} == set(MeldKind)
    for meld in melds:
        assert _homes(meld) == frozenset(c for c in range(53) if _fits(meld, c))


def test_distinct_is_dict_fromkeys_on_sorted_hands() -> None:
    """``legal._distinct`` (a plain loop, native when compiled) lists a sorted hand's distinct cards
    as ``dict.fromkeys`` did, in order."""
    rng = random.Random(5)
    for _ in range(5000):
        hand = sorted(rng.sample(DECKS, rng.randint(0, 20)))
        assert _distinct(hand) == list(dict.fromkeys(hand))
        assert _distinct(tuple(hand)) == list(dict.fromkeys(hand))


def test_the_card_tables_are_the_card_functions() -> None:
    """``RANKS``, ``SUITS`` and ``RUN_PLACES`` (read in the hot loops) are what ``rank``, ``suit``
    and ``run_place`` return, card by card."""
    assert [RANKS[c] for c in range(53)] == [rank(c) for c in range(53)]
    assert [SUITS[c] for c in range(53)] == [suit(c) for c in range(53)]
    assert [RUN_PLACES[c] for c in range(53)] == [run_place(c) for c in range(53)]


def test_single_meld_shares_one_action_for_the_same_cards() -> None:
    cards = (16, 17, 4)
    assert _single_meld(cards) is _single_meld((16, 17, 4)) and _single_meld(cards).melds == (cards,)
    assert _single_meld((16, 17)) is not _single_meld(cards)
