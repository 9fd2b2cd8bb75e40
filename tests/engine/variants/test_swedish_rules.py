"""Swedish family rules, one test per rule, named after the sections of seed 003
(``003_5aab1292a29b6090.txt``) or, where it is silent, pagat's rule it follows."""

from __future__ import annotations

import pytest

from engine.core.cards import parse_cards
from engine.core.deal import deal_from
from engine.position import dump_position
from engine.core.scoring import score_hand
from engine.core.state import Phase
from engine.variants.swedish import SWEDISH
from tests.engine.helpers import order_with, play, refusal, state_of

SW = {"variant": "swedish"}
OPENED = {"variant": "swedish", "melds": [[["Qh", "Qd", "Qc"]], []]}


def test_spelet_inleds_a_wild_upcard_goes_back_into_the_stock() -> None:
    state = deal_from(SWEDISH, order_with(SWEDISH, ["2c", "JK", "7s"]))
    assert dump_position(state, reveal=True)["pile"] == ["7s"]
    assert dump_position(state, reveal=True)["stock"][-2:] == ["2c", "JK"]
    assert state.freezer() is None


def test_spelet_inleds_players_draw_two_from_the_stock() -> None:
    after = play(state_of(["5c", "5d"], stock=["8h", "9h", "Kd"], **SW), {"type": "draw"})
    assert dump_position(after)["hands"][0] == ["5c", "5d", "8h", "9h"]


def test_pagat_one_card_left_in_the_stock_is_a_whole_draw() -> None:
    after = play(state_of(["5c", "5d"], stock=["8h"], **SW), {"type": "draw"})
    assert dump_position(after)["hands"][0] == ["5c", "5d", "8h"] and after.phase is Phase.PLAY


def test_spelet_inleds_a_red_three_drawn_is_laid_out_and_replaced() -> None:
    after = play(state_of(["5c", "5d"], stock=["3h", "8h", "9h"], **SW), {"type": "draw"})
    assert dump_position(after)["red_threes"][0] == ["3h"]
    assert dump_position(after)["hands"][0] == ["5c", "5d", "8h", "9h"]


@pytest.mark.parametrize("meld", [["8c", "8d", "2c"], ["8c", "8d", "2c", "JK"], ["8c", "8d", "8h", "2c", "2d", "JK"]])
def test_ordlista_as_many_wild_cards_as_naturals_at_most_three(meld: list[str]) -> None:
    state = state_of(meld + ["Kh", "Kd"], phase="play", **OPENED)
    play(state, {"type": "meld", "melds": [meld]})


@pytest.mark.parametrize("meld", [["8c", "8d", "2c", "2d", "JK"], ["8c"] * 2 + ["8d"] * 2 + ["2c", "2d", "2h", "2s"]])
def test_ordlista_never_more_wild_cards_than_naturals_nor_four(meld: list[str]) -> None:
    state = state_of(meld + ["Kh", "Kd"], phase="play", **OPENED)
    assert refusal(state, {"type": "meld", "melds": [meld]}).rule == "meld.too_many_wilds"


def test_undantagsregler_a_black_three_closes_the_pile() -> None:
    state = state_of(["9c", "9d"], pile=["9h", "3s"], **OPENED)
    assert refusal(state, {"type": "take_pile", "meld": ["9c", "9d"]}).rule == "pile.blocked"


def test_undantagsregler_a_wild_card_freezes_the_pile() -> None:
    state = state_of(["9c", "2h", "Kd"], pile=["2d", "9h"], **OPENED)
    assert refusal(state, {"type": "take_pile", "meld": ["9c", "2h"]}).rule == "pile.frozen"
    play(state_of(["9c", "9d", "Kd"], pile=["2d", "9h"], **OPENED), {"type": "take_pile", "meld": ["9c", "9d"]})


def test_spelet_inleds_the_pile_is_taken_when_its_top_card_fits_a_meld() -> None:
    after = play(state_of(["5c"], pile=["8h", "Qs"], **OPENED), {"type": "take_pile", "onto": 0})
    assert dump_position(after)["melds"][0][0] == ["Qh", "Qd", "Qc", "Qs"]


@pytest.mark.parametrize(("score", "minimum"), [(-20, 15), (0, 50), (1499, 50), (1500, 90), (2999, 90), (3000, 120)])
def test_spelet_inleds_opening_minimum(score: int, minimum: int) -> None:
    assert SWEDISH.opening_minimum(score) == minimum


ONE_CANASTA = {"variant": "swedish", "melds": [[["Qh", "Qd", "Qc", "Qs", "Qh", "Qd", "2c"]], []]}
TWO_CANASTAS = {"variant": "swedish", "melds": [[["Qh", "Qd", "Qc", "Qs", "Qh", "Qd", "2c"],
                                                 ["Ah", "Ad", "Ac", "As", "Ah", "Ad", "Ac"]], []]}


def test_undantagsregler_going_out_needs_two_canastas() -> None:
    state = state_of(["9c"], phase="play", **ONE_CANASTA)
    error = refusal(state, {"type": "discard", "card": "9c"})
    assert error.rule == "going_out.needs_two_canastas"
    assert play(state_of(["9c"], phase="play", **TWO_CANASTAS), {"type": "discard", "card": "9c"}).went_out == 0


def test_undantagsregler_the_hand_ends_when_the_stock_runs_out() -> None:
    state = state_of(["5c", "9d"], stock=["8h"], **OPENED)
    after = play(play(state, {"type": "draw"}), {"type": "discard", "card": "9d"})
    assert after.phase is Phase.END and after.went_out is None


def test_poangrakning_seven_aces_are_worth_640() -> None:
    aces = ["Ah", "Ad", "Ac", "As", "Ah", "Ad", "Ac"]
    state = state_of([], hands=[[], 3, 3, 3], phase="end", variant="swedish", melds=[[aces], []])
    us = score_hand(state)[0]
    assert us.melds + us.canastas == 640


def test_poangrakning_table() -> None:
    values = {"4h": 5, "7d": 5, "8s": 10, "Kc": 10, "Ad": 20, "2s": 20, "JK": 50, "3c": 5}
    assert {c: SWEDISH.value(parse_cards([c])[0]) for c in values} == values
    assert SWEDISH.red_three_bonus == 100 and SWEDISH.going_out_bonus == 100
    assert (SWEDISH.natural_canasta_bonus, SWEDISH.mixed_canasta_bonus) == (500, 300)


def test_ordlista_and_spelet_inleds_the_pile_into_a_new_meld_with_one_natural_and_two_wild_cards() -> None:
    """003 "Spelet inleds": the top card "kan användas i en befintlig eller ny mäla"; the new meld
    8♥ 8♣ 2♦ Joker holds two naturals and two wild cards, which "ORDLISTA" allows."""
    state = state_of(["8c", "2d", "JK", "Kd", "Kh"], pile=["5s", "8h"], **OPENED)
    after = play(state, {"type": "take_pile", "meld": ["8c", "2d", "JK"]})
    assert sorted(dump_position(after)["melds"][0][1]) == sorted(["8h", "8c", "2d", "JK"])
    three = state_of(["8c", "2d", "2c", "JK", "Kh"], pile=["5s", "8h"], **OPENED)
    error = refusal(three, {"type": "take_pile", "meld": ["8c", "2d", "2c", "JK"]})
    assert error.rule == "pile.wild_cards" and error.facts["allowed"] == 2


def test_poangrakning_100_for_each_red_three_and_no_bonus_for_going_out_concealed() -> None:
    """003 "POÄNGRÄKNING": "Röda Treor 100p" each ("100p för varje röd trea"), "Avslut 100p"."""
    fields = {**TWO_CANASTAS, "red_threes": [["3h", "3d", "3h", "3d"], []]}
    state = state_of([], hands=[[], 3, 3, 3], phase="end", went_out=0, concealed=True, **fields)
    us = score_hand(state)[0]
    assert us.red_threes == 400 and us.going_out == 100


def test_spelet_inleds_no_replacement_draw_red_threes_are_replaced_when_laid_out() -> None:
    """003: a red three is laid out and replaced at once; Royal's replacement draw is no action here."""
    state = state_of(["9c", "9d", "Kd"], variant="swedish", phase="play", melds=[[["Qh", "Qd", "Qc"]], []])
    error = refusal(state, {"type": "draw_replacement"})
    assert error.rule == "replacement.not_in_variant" and "melded from your hand" not in error.explanation("en")
