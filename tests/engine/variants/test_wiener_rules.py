"""Wiener Canasta, one test per rule, named after the paragraph of seed 002
(``002_e8184cd3c03cb992.txt``, cited by its first words) or, where the copy is cut off, the
decision ``docs/rules-wiener.md`` records."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core.actions import format_action, parse_action
from engine.core.deal import deal_from
from engine.bots.match import lineup
from engine.position import dump_position
from engine.core.scoring import score_hand
from engine.core.state import Phase
from engine.variants import WIENER
from tests.engine.helpers import order_with, play, refusal, state_of

W = {"variant": "wiener"}
OPENED = {"variant": "wiener", "melds": [[["Qh", "Qd", "Qc"]], []]}
KINGS = ["Kh", "Kd", "Kc", "Ks", "Kh", "Kd", "Kc"]


def test_die_45_karte_threes_and_wild_cards_are_covered_black_threes_do_not_freeze() -> None:
    state = deal_from(WIENER, order_with(WIENER, ["3c", "7s"]))
    assert dump_position(state)["pile"] == ["3c", "7s"] and state.freezer() is None
    frozen = deal_from(WIENER, order_with(WIENER, ["3s", "2d", "9h"]))
    assert dump_position(frozen)["pile"] == ["3s", "2d", "9h"] and frozen.freezer() is not None


@pytest.mark.parametrize(
    "meld",
    [["8c", "8d", "2c"], ["8c", "8d", "2c", "JK"], ["8c", "8d", "8h", "2c", "JK"],
     ["8c", "8d", "8h", "2c", "2d", "JK"], ["8c", "8d", "8h", "8s", "2c", "2d", "JK"]],
)
def test_ein_drilling_the_composition_table_allows(meld: list[str]) -> None:
    play(state_of(meld + ["Kh", "Kd"], phase="play", **OPENED), {"type": "meld", "melds": [meld]})


@pytest.mark.parametrize(
    ("meld", "rule"),
    [(["8c", "2c", "JK"], "meld.too_few_naturals"), (["8c", "8d", "2c", "2d", "JK"], "meld.too_many_wilds"),
     (["8c", "8d", "8h", "8s", "2c", "2d", "2h", "JK"], "meld.too_many_wilds"),
     (["2c", "2d", "JK"], "meld.too_few_naturals")],
)
def test_ein_drilling_the_composition_table_refuses(meld: list[str], rule: str) -> None:
    state = state_of(meld + ["Kh", "Kd"], phase="play", **OPENED)
    assert refusal(state, {"type": "meld", "melds": [meld]}).rule == rule


def test_es_gibt_drei_moeglichkeiten_a_discard_fitting_a_complete_canasta_blocks() -> None:
    mixed = ["Kh", "Kd", "Kc", "Ks", "Kh", "2c", "JK"]
    state = state_of(["Kc", "Kd", "9h"], pile=["8h", "Ks"], variant="wiener", melds=[[mixed], []])
    assert refusal(state, {"type": "take_pile", "meld": ["Kc", "Kd"]}).rule == "pile.blocked_canasta"


def test_es_gibt_drei_moeglichkeiten_black_three_and_wild_card_block() -> None:
    for top in ("3c", "2d"):
        state = state_of(["8c", "8d"], pile=["8h", top], **OPENED)
        assert refusal(state, {"type": "take_pile", "meld": ["8c", "8d"]}).rule == "pile.blocked"


def test_wenn_ein_spieler_bereits_one_natural_and_one_wild_card_buy_an_open_pile() -> None:
    state = state_of(["8c", "2d", "JK", "Kh"], pile=["9h", "8h"], **OPENED)
    play(state, {"type": "take_pile", "meld": ["8c", "2d"]})
    assert refusal(state, {"type": "take_pile", "meld": ["8c", "2d", "JK"]}).rule == "pile.wild_cards"


def test_das_paket_darf_the_top_card_onto_a_meld_of_six_or_fewer() -> None:
    six = {"variant": "wiener", "melds": [[["Qh", "Qd", "Qc", "Qs", "Qh", "2c"]], []]}
    after = play(state_of(["5c"], pile=["8h", "Qd"], **six), {"type": "take_pile", "onto": 0})
    assert len(dump_position(after)["melds"][0][0]) == 7


def test_hat_der_spieler_noch_nicht_eroeffnet_a_natural_pair_and_the_minimum() -> None:
    state = state_of(["Ah", "2d", "Kc", "Kd", "Ks"], pile=["9c", "Ad"], variant="wiener")
    assert refusal(state, {"type": "take_pile", "meld": ["Ah", "2d"]}).rule == "pile.frozen_unopened"
    state = state_of(["Ah", "Ac", "Kc", "Kd", "Ks", "5s"], pile=["9c", "Ad"], variant="wiener", scores=[1500, 0])
    assert refusal(state, {"type": "take_pile", "meld": ["Ah", "Ac"]}).rule == "opening.minimum"
    play(state, {"type": "take_pile", "meld": ["Ah", "Ac"], "melds": [["Kc", "Kd", "Ks"]]})


def _ended(hands: list[object], **fields: object) -> dict[str, object]:
    return {"variant": "wiener", "hands": hands, "pile": [], "phase": "end", **fields}


def test_jeder_rote_dreier_counts_plus_only_with_a_canasta() -> None:
    state = state_of([], **_ended([[], [], [], []], went_out=0, melds=[[KINGS], [["5c", "5d", "5h"]]],
                                  red_threes=[["3h", "3d"], ["3h"]]))
    us, them = score_hand(state)
    assert us.red_threes == 200 and them.red_threes == -100
    all_four = state_of([], **_ended([[], [], [], []], went_out=0, melds=[[KINGS], []],
                                     red_threes=[["3h", "3d", "3h", "3d"], []]))
    assert score_hand(all_four)[0].red_threes == 800


def test_fuer_einen_roten_dreier_in_der_hand_500_minus() -> None:
    state = state_of([], **_ended([[], ["3h", "5c"], [], []], went_out=0, melds=[[KINGS], [["8c", "8d", "8h"]]]))
    them = score_hand(state)[1]
    assert them.red_threes == -500 and them.hand == -5


HAND = ["9c", "9d", "9h", "9s", "9c", "2d", "JK", "5c", "5d", "5h", "Kd"]


def test_hand_canasta_is_worth_1000_instead_and_needs_no_minimum() -> None:
    state = state_of(HAND, phase="play", variant="wiener", scores=[3500, 0])
    after = play(state, {"type": "meld", "melds": [HAND[:7], HAND[7:10]]})
    out = play(after, {"type": "discard", "card": "Kd"})
    assert out.went_out == 0 and out.concealed and out.hand_canasta
    us = score_hand(out)[0]
    assert us.going_out == 1000 and us.canastas == 300


def test_verdecktes_ausmachen_200_with_partners_canasta() -> None:
    cards = ["9c", "9d", "9h", "5c", "5d", "5h", "Jd"]
    state = state_of(cards, phase="play", variant="wiener", melds=[[KINGS], []], has_melded=[False, False, True, False])
    out = play(play(state, {"type": "meld", "melds": [cards[:3], cards[3:6]]}), {"type": "discard", "card": "Jd"})
    assert out.concealed and not out.hand_canasta and score_hand(out)[0].going_out == 200


def test_kauft_ein_spieler_das_paket_und_macht_aus_never_concealed() -> None:
    state = state_of(["Qs"], pile=["Qd"], variant="wiener",
                     melds=[[["Qh", "Qd", "Qc", "Qs", "Qh", "2c"], KINGS[:3]], []], has_melded=[False] * 4)
    after = play(state, {"type": "take_pile", "onto": 0, "melds": []})
    out = play(after, {"type": "meld", "layoffs": [{"onto": 0, "cards": ["Qs"]}]})
    assert out.went_out == 0 and not out.concealed


def test_kann_jedoch_die_zuletzt_abgelegte_karte_the_last_discard_must_be_bought() -> None:
    state = state_of(["5c", "9d"], pile=["8h", "Qs"], stock=[], **OPENED)
    assert refusal(state, {"type": "decline_pile"}).rule == "stock.must_take"
    frozen = state_of(["5c", "9d"], pile=["2h", "Qs"], stock=[], **OPENED)
    assert play(frozen, {"type": "decline_pile"}).phase is Phase.END


def test_ist_die_letzte_karte_ein_roter_dreier_the_hand_ends() -> None:
    after = play(state_of(["5c", "5d"], stock=["3d"], **W), {"type": "draw"})
    assert after.phase is Phase.END


def test_eine_partie_endet_equal_totals_are_a_draw() -> None:
    assert WIENER.game_over((5200, 5200)) and WIENER.winner((5200, 5200)) is None
    assert WIENER.winner((5100, 4000)) == 0 and not WIENER.game_over((4999, 20))


@pytest.mark.parametrize(("target", "score", "minimum"),
                         [(2500, 749, 50), (2500, 750, 90), (2500, 1500, 120), (3000, 899, 50), (3000, 900, 90),
                          (3000, 1800, 120), (5000, 1500, 90)])
def test_kurzpartie_opening_limits(target: int, score: int, minimum: int) -> None:
    assert WIENER.for_target(target).opening_minimum(score) == minimum


def test_spiel_zu_zweit_und_dritt_hand_sizes() -> None:
    two, three = WIENER.for_people(2), WIENER.for_people(3)
    assert (two.hand_size, len(two.teams), three.hand_size, len(three.teams)) == (15, 2, 13, 3)
    assert refusal(state_of(["5c", "5d", "5h", "9c"], phase="play", variant="wiener", hands=[["5c", "5d", "5h", "9c"], 15],
                            melds=[[KINGS], []]), {"type": "ask_go_out"}).rule == "ask.no_partner"


def test_spiel_zu_fuenft_one_of_the_three_sits_out_in_turn() -> None:
    five = WIENER.for_people(5)
    resting = [lineup(five, hand)[1] for hand in range(6)]
    assert resting == [(2,), (3,), (4,), (2,), (3,), (4,)]


def test_drei_partnerschaften_three_decks_two_canastas_and_red_three_bonuses() -> None:
    rules = WIENER.for_people(6, "6-3x2")
    assert (rules.decks, rules.jokers, rules.hand_size, rules.canastas_to_go_out) == (3, 6, 13, 2)
    assert rules.red_threes_bonus(5) == 1000 and rules.red_threes_bonus(6) == 1200 and rules.red_threes_bonus(4) == 400


def test_sechs_spieler_asking_the_partner_on_the_left_who_may_pass() -> None:
    hands: list[object] = [["9c", "9d", "9h", "5s"], 11, 11, 11, 11, 11]
    state = state_of([], hands=hands, phase="play", variant="wiener", teams=[[0, 2, 4], [1, 3, 5]],
                     melds=[[KINGS], []])
    asked = play(state, {"type": "ask_go_out"})
    assert asked.turn == 2
    passed = play(asked, {"type": "answer_go_out", "yes": None})
    assert passed.turn == 4
    assert refusal(passed, {"type": "answer_go_out", "yes": None}).rule == "answer.cannot_pass"
    assert play(passed, {"type": "answer_go_out", "yes": False}).turn_state.permission is False


ALONE_REFUSALS = [  # refusals whose sentence speaks of the side, met by a player who plays alone
    (["5c", "5d", "5h", "9c", "Kd"], {"type": "meld", "melds": [["5c", "5d", "5h"]]}, {}, "opening.minimum"),
    (["5c", "5d", "5h", "9c"], {"type": "meld", "melds": [["5c", "5d", "5h"]]}, {"melds": [[["Qh", "Qd", "Qc"]], [], []]},
     "going_out.needs_canasta"),
    (["9c", "Kd"], {"type": "meld", "layoffs": [{"onto": 0, "cards": ["9c"]}]}, {"melds": [[["Qh", "Qd", "Qc"]], [], []]},
     "meld.layoff"),
]


@pytest.mark.parametrize(("hand", "action", "fields", "rule"), ALONE_REFUSALS)
def test_es_werden_keine_partnerschaften_gebildet_three_players_are_spoken_to_alone(
        hand: list[str], action: dict[str, object], fields: dict[str, Any], rule: str) -> None:
    """002 "Es werden keine Partnerschaften gebildet, jeder Spieler spielt für sich selbst": with
    three players a refusal speaks to the player, not to "your side" ("Ihr braucht", "ditt lag")."""
    state = state_of(hand, phase="play", variant="wiener", hands=[hand, 13, 13], **fields)
    error = refusal(state, {**action})
    assert error.rule == rule and error.alone
    words = {"en": ("your side", "Your side"), "sv": ("ditt lag", "Ditt lag", "Ert lag"),
             "de": ("Ihr ", "ihr ", "eure", "Eure"), "is": ("liðið þitt", "Liðið þitt", "liðsins")}
    for lang, side in words.items():
        text = error.explanation(lang)
        assert not any(w in text for w in side), (lang, text)
    four = {**fields, "melds": [fields["melds"][0], []]} if "melds" in fields else fields
    partners = refusal(state_of(hand, phase="play", variant="wiener", **four), {**action})
    assert partners.rule == rule and not partners.alone and "side" in partners.explanation("en")


def test_sobald_ein_spieler_sein_blatt_aufnimmt_no_replacement_draw_in_wiener() -> None:
    """002: red threes are laid out and replaced at once; the Royal replacement draw does not exist."""
    state = state_of(["9c", "9d", "Kd"], phase="play", **OPENED)
    error = refusal(state, {"type": "draw_replacement"})
    assert error.rule == "replacement.not_in_variant" and "melded from your hand" not in error.explanation("en")


PARTNER_NINES = ["9c", "9d", "9s", "2h", "2d", "JK"]  # three naturals, three wild cards: full
CONCEALED = {"phase": "play", "variant": "wiener", "has_melded": [False, False, True, False],
             "melds": [[PARTNER_NINES, KINGS], []]}
MERGE_HAND = ["9h", "9c", "JK", "5c", "5d", "5h", "Jd"]
MERGE = {"type": "meld", "melds": [["9h", "9c", "JK"], ["5c", "5d", "5h"]]}


def test_verdeckt_surplus_wild_cards_after_merging_move_to_other_melds() -> None:
    """002 "Macht ein Spieler verdeckt aus": "Enthält eine Figur nach der Vereinigung eine vierte
    oder fünfte wilde Karte, so dürfen diese überzähligen wilden Karten zu anderen Meldungen
    verschoben werden." The 9s merged hold four wild cards: the Joker moves to the new 5s."""
    state = state_of(MERGE_HAND, **CONCEALED)
    assert refusal(state, MERGE).rule == "meld.too_many_wilds"  # left where it is, the surplus is refused
    moved = {**MERGE, "moves": [{"from": 0, "onto": 2, "cards": ["JK"]}]}
    after = play(state, moved)
    nines, kings, fives = after.melds[0]
    assert (nines.naturals, nines.wilds, fives.naturals, fives.wilds, kings.size) == (5, 3, 3, 1, 7)
    out = play(after, {"type": "discard", "card": "Jd"})
    assert out.went_out == 0 and out.concealed and score_hand(out)[0].going_out == 200
    assert format_action(parse_action(moved)) == {**moved, "moves": [{"from": 0, "onto": 2, "cards": ["JK"]}]}


@pytest.mark.parametrize(
    ("hand", "action", "rule"),
    [
        # not going out: nothing moves
        (MERGE_HAND + ["Qs", "Qd"], {**MERGE, "moves": [{"from": 0, "onto": 2, "cards": ["JK"]}]}, "meld.move_wilds"),
        # more than the surplus
        (MERGE_HAND, {**MERGE, "moves": [{"from": 0, "onto": 2, "cards": ["JK", "2h"]}]}, "meld.move_wilds"),
        # a meld with no surplus
        (MERGE_HAND, {**MERGE, "moves": [{"from": 2, "onto": 0, "cards": ["JK"]}]}, "meld.move_wilds"),
        # a natural card does not move
        (MERGE_HAND, {**MERGE, "moves": [{"from": 0, "onto": 2, "cards": ["9c"]}]}, "meld.move_wilds"),
    ],
)
def test_verdeckt_only_the_surplus_moves_and_only_going_out_concealed(hand: list[str], action: dict[str, object],
                                                                     rule: str) -> None:
    assert refusal(state_of(hand, **CONCEALED), action).rule == rule


def test_verdeckt_a_move_onto_a_meld_that_cannot_take_it_is_refused_by_that_meld() -> None:
    hand = ["9h", "9c", "JK", "5c", "5d", "2s", "JK", "Jd"]  # the 5s already hold two wild cards to two naturals
    action = {"type": "meld", "melds": [["9h", "9c", "JK"], ["5c", "5d", "2s", "JK"]],
              "moves": [{"from": 0, "onto": 2, "cards": ["JK"]}]}
    assert refusal(state_of(hand, **CONCEALED), action).rule == "meld.too_many_wilds"
