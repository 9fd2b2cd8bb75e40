"""Golden scores for seed 001 "Stigagjöf" and the game's end ("Að vinna leikinn")."""

from __future__ import annotations

from engine.variants.classic import CLASSIC
from engine.core.scoring import score_hand
from tests.engine.helpers import state_of

KINGS = ["Kh", "Kd", "Kc", "Ks", "Kh", "Kd", "Kc"]  # a natural canasta: 70 + 500
MIXED = ["9h", "9d", "9c", "9s", "9h", "2c", "JK"]  # a mixed canasta: 50 + 70 + 300


def test_stigagjof_a_hand_gone_out() -> None:
    state = state_of(
        [], hands=[[], ["Ah", "5c"], ["4d"], ["JK"]], phase="end", went_out=0,
        melds=[[KINGS, ["5d", "5h", "5s"]], [MIXED]], red_threes=[["3h", "3d"], ["3h"]],
    )
    us, them = score_hand(state)
    assert us.as_dict() == {
        "melds": 85, "natural_canastas": 1, "mixed_canastas": 0, "canastas": 500,
        "red_threes": 200, "going_out": 100, "hand": -5, "total": 880,
    }
    assert them.as_dict() == {
        "melds": 120, "natural_canastas": 0, "mixed_canastas": 1, "canastas": 300,
        "red_threes": 100, "going_out": 0, "hand": -75, "total": 445,
    }


def test_stigagjof_going_out_concealed_is_worth_100_more() -> None:
    state = state_of([], hands=[[], 5, 5, 5], phase="end", went_out=0, concealed=True, melds=[[KINGS], []])
    assert score_hand(state)[0].going_out == 200


def test_stigagjof_all_four_red_threes_are_worth_800() -> None:
    state = state_of([], hands=[[], 5, 5, 5], phase="end", went_out=0, melds=[[KINGS], []],
                     red_threes=[["3h", "3d", "3h", "3d"], []])
    assert score_hand(state)[0].red_threes == 800


def test_stigagjof_red_threes_count_against_a_side_without_melds() -> None:
    state = state_of([], hands=[[], ["8c"], [], ["8d"]], phase="end", went_out=0, melds=[[KINGS], []],
                     red_threes=[[], ["3h", "3d"]])
    them = score_hand(state)[1]
    assert them.red_threes == -200 and them.hand == -20 and them.total == -220


def test_stigagjof_nobody_went_out_no_bonus() -> None:
    state = state_of([], hands=[["4c"], ["8c"], [], []], phase="end", melds=[[KINGS], []])
    us = score_hand(state)[0]
    assert us.going_out == 0 and us.total == 70 + 500 - 5


def test_ad_vinna_leikinn_first_to_5000_and_ahead() -> None:
    assert CLASSIC.winner((5010, 4000)) == 0
    assert CLASSIC.winner((4990, 4995)) is None
    assert CLASSIC.winner((6000, 6200)) == 1


def test_ad_vinna_leikinn_a_tie_above_5000_plays_on() -> None:
    assert CLASSIC.winner((5100, 5100)) is None
