"""The hints' verdict on a discard made (``engine.hints.review``): the discard they rank first instead
and the reason it gives the next side less, or none where the discard was as safe as any."""

from __future__ import annotations

import random

import pytest

from engine.bots.base import observe
from engine.core.actions import Discard, Layoff, MeldAction
from engine.core.cards import parse_card
from engine.core.i18n import translate_text
from engine.core.rulebook import format_facts
from engine.core.state import State
from engine.hints.review import AS_SAFE, WHY, advised_discard, judge_discard
from engine.judge.legal import legal_actions
from tests.engine.helpers import state_of
from tests.engine.hints.test_hint_observation import _positions


def _said(state: State, card: str, lang: str = "en") -> str:
    verdict = judge_discard(state, Discard(parse_card(card)))
    assert verdict is not None
    return translate_text(verdict.text, verdict.facts, lang).format(**format_facts(verdict.facts, lang))


def _open_pile_beside_their_kings() -> State:
    return state_of(["Kh", "5s", "9d", "7c"], phase="play", pile=["9c", "4h", "Jd", "Js"],
                    melds=[[["Qh", "Qd", "Qc"]], [["Kc", "Kd", "Ks"]]])


def test_a_discard_that_fits_the_next_sides_meld_is_told_the_lone_card_that_fits_none() -> None:
    state = _open_pile_beside_their_kings()
    verdict = judge_discard(state, Discard(parse_card("Kh")))
    assert verdict is not None and verdict.better == Discard(parse_card("9d")) and verdict.text == WHY["feeds"]
    assert _said(state, "Kh") == ("Discarding the 9♦ would have been safer: the K♥ you discarded fits their meld of"
                                  " kings, so they could take the pile with it without holding two natural kings.")
    assert "Königen" in _said(state, "Kh", "de") and "K♥" in _said(state, "Kh", "sv")


def test_a_broken_pair_is_told_the_lone_card_that_breaks_none() -> None:
    state = state_of(["Kh", "Kd", "5s", "9d"], phase="play", pile=["9c", "9h", "Jd", "Js"],
                     melds=[[["Qh", "Qd", "Qc"]], []])
    assert _said(state, "Kh") == ("Discarding the 9♦ instead would have broken no pair: the K♥ was one of two"
                                  " natural kings in your hand.")


def test_against_a_frozen_pile_a_rank_they_have_not_melded_is_the_risk() -> None:
    state = state_of(["Kh", "5s", "9d", "7c"], phase="play", pile=["9c", "2h", "Jd", "Js"],
                     melds=[[["Qh", "Qd", "Qc"]], [["9h", "9s", "9c"]]])
    verdict = judge_discard(state, Discard(parse_card("Kh")))
    assert verdict is not None and verdict.text == WHY["feeds_frozen"] and verdict.better == Discard(parse_card("9d"))
    assert "they needed two natural kings to take it" in _said(state, "Kh")


def test_a_card_their_own_meld_takes_is_kept_for_it() -> None:
    state = state_of(["Qs", "5s", "9d", "7c"], phase="play", pile=["9c", "4h", "Jd", "Js"],
                     melds=[[["Qh", "Qd", "Qc"]], []])
    verdict = judge_discard(state, Discard(parse_card("Qs")))
    assert verdict is not None and verdict.text == WHY["ours"] and verdict.better is not None


def test_the_discard_the_hints_advise_or_one_as_safe_gets_no_better_move() -> None:
    state = _open_pile_beside_their_kings()
    advised = advised_discard(state)
    assert advised == Discard(parse_card("9d"))
    verdict = judge_discard(state, advised)
    assert verdict is not None and verdict.better is None and verdict.text == AS_SAFE
    as_safe = judge_discard(state, Discard(parse_card("7c")))  # another lone card: lower, a tie-break only
    assert as_safe is not None and as_safe.better is None
    assert _said(state, "7c") == "No card in your hand was a safer discard than the 7♣."
    assert judge_discard(state, MeldAction(layoffs=(Layoff(0, (parse_card("Qs"),)),))) is None


@pytest.mark.parametrize("variant", ["classic", "royal"])
def test_the_verdict_is_the_same_whatever_the_hidden_cards_are(variant: str) -> None:
    """Each discard the club player made, judged again with the cards the discarding seat cannot see
    dealt differently: the same advised discard and the same reason."""
    judged = 0
    for i, state in enumerate(_positions(variant, 300, seed=35)):
        for action in legal_actions(state):
            if isinstance(action, Discard) and action.meld is None:
                other = observe(state, state.turn).determinize(random.Random(i))
                assert judge_discard(other, action) == judge_discard(state, action), (i, action)
                judged += 1
    assert judged > 500
