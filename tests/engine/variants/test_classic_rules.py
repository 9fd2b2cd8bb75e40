"""One test (or a few) per rule of Classic Canasta, each named after its section of seed 001
(``001_ed02fa068fdb88f7.txt``, Icelandic) or, where 001 is silent, pagat's rule it follows."""

from __future__ import annotations

import pytest

from engine.core.cards import parse_cards
from engine.core.deal import deal_from
from engine.position import dump_position
from engine.core.state import Phase
from engine.variants import CLASSIC
from tests.engine.helpers import hand, play, refusal, state_of

OPENED = {"melds": [[["Qh", "Qd", "Qc"]], []]}  # seat 0's side has opened with three queens


# -- Undirbúningur og Úthlutun (setting up and dealing) --------------------------------------


def _order(top: list[str]) -> list[int]:
    """A full deck order whose cards after the 44 dealt ones start with ``top``."""
    rest = list(CLASSIC.deck())
    wanted = list(parse_cards(top))
    for card in wanted:
        rest.remove(card)
    return rest[:44] + wanted + rest[44:]


def test_undirbuningur_upcard_wild_or_red_three_is_covered_and_freezes() -> None:
    state = deal_from(CLASSIC, _order(["JK", "3h", "7s"]))
    assert dump_position(state)["pile"] == ["JK", "3h", "7s"]
    assert state.is_pile_frozen_for(0) and state.freezer() == parse_cards(["JK"])[0]
    assert not state.is_pile_blocked()


def test_undirbuningur_black_three_upcard_is_not_covered_and_blocks() -> None:
    state = deal_from(CLASSIC, _order(["3c"]))
    assert dump_position(state)["pile"] == ["3c"]
    assert state.is_pile_blocked()


def test_undirbuningur_deal_gives_eleven_each_and_left_of_dealer_starts() -> None:
    state = deal_from(CLASSIC, list(CLASSIC.deck()), dealer=2)
    assert [len(h) for h in state.hands] == [11, 11, 11, 11]
    assert state.turn == 3 and state.phase is Phase.DRAW
    assert len(state.stock) + len(state.pile) == 108 - 44


def test_undirbuningur_dealt_red_threes_are_laid_out_and_replaced_at_first_turn() -> None:
    state = state_of(["3h", "3d", "5c", "5d"], stock=["3h", "9c", "Kd", "4s"])
    after = play(state, {"type": "draw"})
    assert dump_position(after)["red_threes"][0] == ["3d", "3h", "3h"]
    # 3h 3d replaced by 3h (itself laid out, replaced by 9c) and Kd; then the draw takes 4s.
    assert hand(after) == ["4s", "5c", "5d", "9c", "Kd"]


def test_pagat_red_three_drawn_is_laid_out_and_replaced() -> None:
    state = state_of(["5c", "5d"], stock=["3d", "8h", "9h"])
    after = play(state, {"type": "draw"})
    assert dump_position(after)["red_threes"][0] == ["3d"]
    assert hand(after) == ["5c", "5d", "8h"]


def test_pagat_red_three_taken_with_the_pile_is_not_replaced() -> None:
    state = state_of(["7h", "7d", "4c"], pile=["3h", "9c", "7s"], stock=["Ks", "Kd"], **OPENED)
    after = play(state, {"type": "take_pile", "meld": ["7h", "7d"]})
    assert dump_position(after)["red_threes"][0] == ["3h"]
    assert hand(after) == ["4c", "9c"]
    assert dump_position(after)["stock"] == ["Ks", "Kd"]


def test_pagat_red_three_as_the_last_card_of_the_stock_ends_the_hand() -> None:
    state = state_of(["5c", "5d"], stock=["3h"])
    after = play(state, {"type": "draw"})
    assert after.phase is Phase.END and after.went_out is None
    assert dump_position(after)["red_threes"][0] == ["3h"]


# -- Spilagildi (card values) ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("card", "value"),
    [("3c", 5), ("4h", 5), ("7d", 5), ("8s", 10), ("10h", 10), ("Kc", 10), ("Ad", 20), ("2s", 20), ("JK", 50)],
)
def test_spilagildi_card_values(card: str, value: int) -> None:
    assert CLASSIC.value(parse_cards([card])[0]) == value


# -- Að draga spil (drawing, taking the pile) ---------------------------------------------------


def test_ad_draga_spil_must_draw_before_discarding() -> None:
    assert refusal(state_of(["5c", "5d"]), {"type": "discard", "card": "5c"}).rule == "turn.draw_first"


def test_ad_draga_spil_one_draw_a_turn() -> None:
    state = state_of(["5c", "5d", "9h"], phase="play")
    assert refusal(state, {"type": "draw"}).rule == "turn.already_drawn"


def test_ad_draga_spil_bill_melds_the_top_six_with_his_pair() -> None:
    # Bill holds C6 C6 H7 D8; the top card is D6; he melds his two sixes with it and takes the rest.
    state = state_of(["6c", "6c", "7h", "8d"], pile=["Jh", "4s", "6d"], **OPENED)
    after = play(state, {"type": "take_pile", "meld": ["6c", "6c"]})
    assert dump_position(after)["melds"][0][1] == ["6d", "6c", "6c"]
    assert hand(after) == ["4s", "7h", "8d", "Jh"]
    assert after.phase is Phase.PLAY and after.turn_state.took_pile


def test_ad_draga_spil_unfrozen_pile_taken_with_one_natural_and_a_wild_card() -> None:
    state = state_of(["6c", "2h", "8d"], pile=["Jh", "6d"], **OPENED)
    after = play(state, {"type": "take_pile", "meld": ["6c", "2h"]})
    assert dump_position(after)["melds"][0][1] == ["6d", "6c", "2h"]


def test_ad_draga_spil_the_top_card_must_be_in_the_meld() -> None:
    state = state_of(["9c", "9h", "6d"], pile=["Jh", "6s"], **OPENED)
    error = refusal(state, {"type": "take_pile", "meld": ["9c", "9h"]})
    assert error.rule == "pile.top_card"
    assert error.explanation() == ("To take the pile you must meld its top card, the 6♠, at once, in a meld of its"
                                   " rank: not with 9♣ 9♥.")


def test_ad_draga_spil_top_card_onto_a_meld_of_another_rank() -> None:
    state = state_of(["9c"], pile=["Jh", "6s"], **OPENED)
    assert refusal(state, {"type": "take_pile", "onto": 0}).rule == "pile.onto_rank"


def test_ad_draga_spil_an_empty_pile_cannot_be_taken() -> None:
    state = state_of(["6c", "6d"], pile=[], **OPENED)
    assert refusal(state, {"type": "take_pile", "meld": ["6c", "6d"]}).rule == "pile.empty"


def test_ad_draga_spil_lisa_lays_the_top_king_on_her_sides_meld() -> None:
    state = state_of(["5c", "8d"], pile=["9h", "Kh"], melds=[[["Kd", "Kd", "Kc", "2h"]], []])
    after = play(state, {"type": "take_pile", "onto": 0})
    assert dump_position(after)["melds"][0] == [["Kd", "Kd", "Kc", "2h", "Kh"]]
    assert hand(after) == ["5c", "8d", "9h"]


# -- Frystur haugur (the frozen pile) -----------------------------------------------------------


def test_frystur_haugur_mike_needs_a_natural_pair() -> None:
    # Mike holds H5 D2 D2 S12 D12; the pile is frozen and S5 is on top: H5 S5 D2 is not enough.
    state = state_of(["5h", "2d", "2d", "Qs", "Qd"], pile=["9c", "2c", "8h", "5s"], **OPENED)
    error = refusal(state, {"type": "take_pile", "meld": ["5h", "2d"]})
    assert error.rule == "pile.frozen"
    assert error.explanation() == (
        "The pile is frozen (it holds the 2♣), so you need two natural 5s from your hand"
        " to meld with the 5♠; you hold 1, and this take uses 1."
    )


def test_frystur_haugur_bill_cannot_lay_the_top_king_off_on_a_frozen_pile() -> None:
    state = state_of(["Kc", "8d"], pile=["JK", "4c", "Kh"], melds=[[["Kd", "Kd", "Kc"]], []])
    assert refusal(state, {"type": "take_pile", "onto": 0}).rule == "pile.frozen"


def test_frystur_haugur_a_player_who_holds_the_pair_but_meld_one_of_them_is_told_so() -> None:
    # "you hold 2" alone would contradict the refusal: the take used one 5 and a wild card
    state = state_of(["5h", "5d", "2c", "Qs"], pile=["9c", "JK", "8h", "5s"], **OPENED)
    error = refusal(state, {"type": "take_pile", "meld": ["5h", "2c"]})
    assert error.rule == "pile.frozen" and error.explanation().endswith("; you hold 2, and this take uses 1.")
    unopened = state_of(["7h", "7d", "Qs"], pile=["9c", "7s"])
    assert refusal(unopened, {"type": "take_pile", "onto": 0}).explanation().endswith(
        "you hold 2, and this take uses 0.")


def test_frystur_haugur_a_natural_pair_takes_a_frozen_pile() -> None:
    state = state_of(["5h", "5d", "Qs"], pile=["3d", "8h", "5s"], **OPENED)
    after = play(state, {"type": "take_pile", "meld": ["5h", "5d"]})
    assert hand(after) == ["8h", "Qs"]
    assert dump_position(after)["red_threes"][0] == ["3d"]


def test_frystur_haugur_the_meld_that_takes_a_frozen_pile_is_natural() -> None:
    # "náttúrulegt meld (meld án villikorta)": a natural pair with a wild card does not take it
    state = state_of(["5h", "5d", "2c", "Qs"], pile=["9c", "JK", "8h", "5s"], **OPENED)
    error = refusal(state, {"type": "take_pile", "meld": ["5h", "5d", "2c"]})
    assert error.rule == "pile.frozen_wild"
    assert error.explanation() == "The pile is frozen, so the 5♠ must go into a natural meld: no wild card may join it."
    assert error.explanation("is").startswith("Haugurinn er frystur")
    assert hand(play(state, {"type": "take_pile", "meld": ["5h", "5d"]})) == ["2c", "8h", "9c", "Qs", "JK"]


def test_frystur_haugur_frozen_for_a_side_that_has_not_opened() -> None:
    state = state_of(["Ah", "2d", "Kc"], pile=["9c", "Ad"])
    assert refusal(state, {"type": "take_pile", "meld": ["Ah", "2d"]}).rule == "pile.frozen_unopened"


# -- Lokaður haugur (the blocked pile) --------------------------------------------------------


@pytest.mark.parametrize("top", ["3s", "2c", "JK"])
def test_lokadur_haugur_black_three_or_wild_on_top_blocks(top: str) -> None:
    state = state_of(["3c", "2h", "JK", "Qs", "Qc"], pile=["Qh", top], **OPENED)
    assert refusal(state, {"type": "take_pile", "meld": ["Qs", "Qc"]}).rule == "pile.blocked"


# -- Leikurinn (melds and lay-offs) -------------------------------------------------------------


def _melding(cards: list[str], **fields: object) -> dict[str, object]:
    return {"phase": "play", **OPENED, **fields} | {"hands": [cards + ["9d", "9d", "Kh"], 11, 11, 11]}


@pytest.mark.parametrize(
    "meld",
    [["5c", "5d", "5h"], ["4c"] * 2 + ["4d"] * 2 + ["4h"] * 2, ["8c", "8c", "8d", "8d", "8h", "8h", "8s", "8s", "2c", "2d", "JK"]],
)
def test_leikurinn_valid_melds(meld: list[str]) -> None:
    state = state_of([], **_melding(meld))
    after = play(state, {"type": "meld", "melds": [meld]})
    assert dump_position(after)["melds"][0][-1] == meld


@pytest.mark.parametrize(
    ("meld", "rule"),
    [
        (["JK", "JK", "5c"], "meld.too_few_naturals"),
        (["4c", "4c", "4d", "4d", "4h", "4h", "2c", "2d", "2h", "JK"], "meld.too_many_wilds"),
        (["5c", "5d", "2h", "2s"], "meld.too_many_wilds"),
        (["5c", "5d"], "meld.too_small"),
        (["5c", "5d", "6h"], "meld.mixed_ranks"),
        (["3c", "3s", "3c", "4d"], "meld.mixed_ranks"),
        (["3c", "3s", "2d"], "meld.black_threes_wild"),
        (["3c", "3s", "3c"], "meld.black_threes"),
    ],
)
def test_leikurinn_invalid_melds(meld: list[str], rule: str) -> None:
    state = state_of([], **_melding(meld))
    assert refusal(state, {"type": "meld", "melds": [meld]}).rule == rule


def test_leikurinn_red_threes_are_never_melded() -> None:
    state = state_of(["3h", "3d", "3h", "5c", "5d"], phase="draw", **OPENED)
    # the player's red threes are laid out at the start of the turn, so they cannot be melded
    after = play(state, {"type": "draw"})
    assert "3h" not in hand(after) and len(dump_position(after)["red_threes"][0]) == 3


def test_leikurinn_melds_of_one_rank_merge() -> None:
    # h10 d10 d10 on the table; s10 s10 c10 d2 melded later: one meld of seven.
    state = state_of([], **_melding(["10s", "10s", "10c", "2d"], melds=[[["10h", "10d", "10d"]], []]))
    after = play(state, {"type": "meld", "melds": [["10s", "10s", "10c", "2d"]]})
    assert dump_position(after)["melds"][0] == [["10h", "10d", "10d", "10s", "10s", "10c", "2d"]]


def test_leikurinn_lay_off_on_the_sides_melds() -> None:
    state = state_of([], **_melding(["Qs", "2c"]))
    after = play(state, {"type": "meld", "layoffs": [{"onto": 0, "cards": ["Qs", "2c"]}]})
    assert dump_position(after)["melds"][0] == [["Qh", "Qd", "Qc", "Qs", "2c"]]


def test_leikurinn_lay_off_must_fit_the_meld() -> None:
    state = state_of([], **_melding(["Js"]))
    error = refusal(state, {"type": "meld", "layoffs": [{"onto": 0, "cards": ["Js"]}]})
    assert error.rule == "meld.layoff"
    assert error.explanation() == "The J♠ does not fit your side's meld of queens."


def test_leikurinn_lay_off_keeps_more_naturals_than_wild_cards() -> None:
    state = state_of([], **_melding(["2c", "2s", "JK"]))
    error = refusal(state, {"type": "meld", "layoffs": [{"onto": 0, "cards": ["2c", "2s", "JK"]}]})
    assert error.rule == "meld.too_many_wilds"


def test_leikurinn_cards_must_be_held() -> None:
    state = state_of([], **_melding(["5c", "5d"]))
    error = refusal(state, {"type": "meld", "melds": [["5c", "5d", "5h"]]})
    assert error.rule == "hand.not_held" and "5♥" in error.explanation()


# -- Fyrsta meld takmörk (the opening minimum) ----------------------------------------------------


@pytest.mark.parametrize(("score", "minimum"), [(-5, 15), (0, 50), (1495, 50), (1500, 90), (2995, 90), (3000, 120), (9000, 120)])
def test_fyrsta_meld_takmork_table(score: int, minimum: int) -> None:
    assert CLASSIC.opening_minimum(score) == minimum


EXAMPLE_1 = ["Ah", "Ac", "2d", "5c", "6h", "7h", "8c", "4c", "4c", "4d", "Jc", "Kd"]


def test_fyrsta_meld_takmork_example_1100_aces_and_a_two_open() -> None:
    state = state_of(EXAMPLE_1, phase="play", scores=[1100, 0])
    after = play(state, {"type": "meld", "melds": [["Ah", "Ac", "2d"]]})
    assert after.has_opened(0)
    play(after, {"type": "meld", "melds": [["4c", "4c", "4d"]]})  # free after the opening


def test_fyrsta_meld_takmork_example_1100_fours_and_the_two_are_35() -> None:
    state = state_of(EXAMPLE_1, phase="play", scores=[1100, 0])
    error = refusal(state, {"type": "meld", "melds": [["4c", "4c", "4d", "2d"]]})
    assert error.rule == "opening.minimum" and error.facts["points"] == 35 and error.facts["minimum"] == 50


EXAMPLE_2 = ["Ah", "Ac", "2d", "5c", "6h", "7h", "8c", "9c", "9c", "9d", "9h", "Kd"]


def test_fyrsta_meld_takmork_example_1500_needs_both_melds() -> None:
    state = state_of(EXAMPLE_2, phase="play", scores=[1500, 0])
    assert refusal(state, {"type": "meld", "melds": [["Ah", "Ac", "2d"]]}).rule == "opening.minimum"
    play(state, {"type": "meld", "melds": [["Ah", "Ac", "2d"], ["9c", "9c", "9d"]]})


def test_fyrsta_meld_takmork_example_3000_nothing_reaches_120() -> None:
    from engine.judge.legal import legal_actions

    cards = ["Ah", "Ac", "2d", "2h", "5c", "6h", "7h", "8c", "4c", "4c", "4d", "4h", "Kd"]
    state = state_of(cards, phase="play", scores=[3000, 0])
    # the richest legal split: both twos cannot go with the two aces (no more wild cards than naturals)
    assert refusal(state, {"type": "meld", "melds": [["Ah", "Ac", "2d", "2h"]]}).rule == "meld.too_many_wilds"
    melds = [["Ah", "Ac", "2d"], ["4c", "4c", "4d", "4h", "2h"]]
    assert refusal(state, {"type": "meld", "melds": melds}).facts["points"] == 100
    assert all(a.type != "meld" for a in legal_actions(state))


def test_fyrsta_meld_takmork_example_1800_exactly_90_would_leave_one_card() -> None:
    # 001 shows four 5♥ and three 9♦, which two decks do not hold; 5♥ 5♥ 5♦ 5♦ and 9♦ 9♦ 9♥
    # are the same hand.
    cards = ["5h", "5h", "5d", "5d", "9d", "9d", "9h", "Kh", "Kd", "Kd", "Kc", "3s"]
    state = state_of(cards, phase="play", scores=[1800, 0])
    melds = [["5h", "5h", "5d", "5d"], ["9d", "9d", "9h"], ["Kh", "Kd", "Kd", "Kc"]]
    error = refusal(state, {"type": "meld", "melds": melds})
    assert error.rule == "going_out.needs_canasta" and error.facts["count"] == 1


def test_fyrsta_meld_takmork_the_piles_top_card_counts() -> None:
    state = state_of(["Kh", "Kd", "Ah", "Ac", "2d", "6c"], pile=["8s", "Ks"])
    assert refusal(state, {"type": "take_pile", "meld": ["Kh", "Kd"]}).rule == "opening.minimum"
    after = play(state, {"type": "take_pile", "meld": ["Kh", "Kd"], "melds": [["Ah", "Ac", "2d"]]})
    assert after.has_opened(0) and hand(after) == ["6c", "8s"]


# -- Að fara út (going out) ----------------------------------------------------------------------

CANASTA = {"melds": [[["Qh", "Qd", "Qc", "Qs", "Qh", "Qd", "2c"]], []]}


def test_ad_fara_ut_discarding_the_last_card_needs_a_canasta() -> None:
    state = state_of(["9c"], phase="play", **OPENED)
    assert refusal(state, {"type": "discard", "card": "9c"}).rule == "going_out.needs_canasta"
    after = play(state_of(["9c"], phase="play", **CANASTA), {"type": "discard", "card": "9c"})
    assert after.phase is Phase.END and after.went_out == 0 and not after.concealed


def test_ad_fara_ut_no_melding_down_to_one_card_without_a_canasta() -> None:
    state = state_of(["9c", "9d", "9h", "5s"], phase="play", **OPENED)
    error = refusal(state, {"type": "meld", "melds": [["9c", "9d", "9h"]]})
    assert error.rule == "going_out.needs_canasta" and error.facts["count"] == 1


def test_ad_fara_ut_going_out_by_melding_everything() -> None:
    state = state_of(["9c", "9d", "9h", "Qs"], phase="play", **CANASTA)
    after = play(state, {"type": "meld", "melds": [["9c", "9d", "9h"]], "layoffs": [{"onto": 0, "cards": ["Qs"]}]})
    assert after.phase is Phase.END and after.went_out == 0 and not after.concealed


def test_ad_fara_ut_black_threes_in_the_last_meld() -> None:
    state = state_of(["3c", "3s", "3c", "8h"], phase="play", **CANASTA)
    after = play(state, {"type": "meld", "melds": [["3c", "3s", "3c"]]})
    after = play(after, {"type": "discard", "card": "8h"})
    assert after.went_out == 0


CONCEALED = ["9c", "9d", "9h", "9s", "9c", "2d", "JK", "5c", "5d", "5h", "Kd"]


def test_ad_fara_ut_going_out_concealed() -> None:
    state = state_of(CONCEALED, phase="play", **OPENED, has_melded=[False, False, True, False])
    after = play(state, {"type": "meld", "melds": [["9c", "9d", "9h", "9s", "9c", "2d", "JK"], ["5c", "5d", "5h"]]})
    after = play(after, {"type": "discard", "card": "Kd"})
    assert after.went_out == 0 and after.concealed


def test_ad_fara_ut_not_concealed_after_laying_off_on_partners_meld() -> None:
    cards = CONCEALED[:-1] + ["Qs", "Kd"]
    state = state_of(cards, phase="play", **OPENED, has_melded=[False, False, True, False])
    melds = [["9c", "9d", "9h", "9s", "9c", "2d", "JK"]]
    after = play(state, {"type": "meld", "melds": melds, "layoffs": [{"onto": 0, "cards": ["Qs"]}]})
    after = play(after, {"type": "meld", "melds": [["5c", "5d", "5h"]]})
    after = play(after, {"type": "discard", "card": "Kd"})
    assert after.went_out == 0 and not after.concealed


def test_pagat_going_out_concealed_needs_no_opening_minimum() -> None:
    cards = ["4c", "4d", "4h", "4s", "4c", "4d", "2d", "5c", "5d", "5h", "6s"]
    state = state_of(cards, phase="play", scores=[3000, 0])
    after = play(state, {"type": "meld", "melds": [cards[:7], cards[7:10]]})
    assert after.phase is Phase.PLAY
    assert play(after, {"type": "discard", "card": "6s"}).concealed


# -- Að biðja um leyfi til að fara út (asking partner) -----------------------------------------


def _asking() -> dict[str, object]:
    return {"phase": "play", **CANASTA}


def test_leyfi_ask_then_partner_answers() -> None:
    state = state_of(["9c", "9d", "9h", "5s"], **_asking())
    asked = play(state, {"type": "ask_go_out"})
    assert asked.phase is Phase.ANSWER and asked.turn == 2
    assert refusal(asked, {"type": "discard", "card": "5s"}).rule == "turn.answer_pending"
    yes = play(asked, {"type": "answer_go_out", "yes": True})
    assert yes.turn == 0 and yes.phase is Phase.PLAY and yes.turn_state.permission is True
    assert refusal(yes, {"type": "discard", "card": "5s"}).rule == "going_out.required"
    out = play(play(yes, {"type": "meld", "melds": [["9c", "9d", "9h"]]}), {"type": "discard", "card": "5s"})
    assert out.went_out == 0


def test_leyfi_no_binds_too() -> None:
    state = state_of(["9c", "9d", "9h", "5s"], **_asking())
    no = play(play(state, {"type": "ask_go_out"}), {"type": "answer_go_out", "yes": False})
    assert refusal(no, {"type": "meld", "melds": [["9c", "9d", "9h"]]}).rule == "going_out.refused"
    play(no, {"type": "discard", "card": "5s"})


def test_leyfi_only_before_melding_once_and_when_able() -> None:
    state = state_of(["9c", "9d", "9h", "5s", "6s"], **_asking())
    melded = play(state, {"type": "meld", "melds": [["9c", "9d", "9h"]]})
    assert refusal(melded, {"type": "ask_go_out"}).rule == "ask.after_meld"
    assert refusal(state, {"type": "ask_go_out"}).rule == "ask.cannot_go_out"
    able = state_of(["9c", "9d", "9h", "5s"], **_asking())
    no = play(play(able, {"type": "ask_go_out"}), {"type": "answer_go_out", "yes": False})
    assert refusal(no, {"type": "ask_go_out"}).rule == "ask.twice"
    assert refusal(able, {"type": "answer_go_out", "yes": True}).rule == "answer.not_asked"


# -- Lok umferðar (the end of the stock and of the hand) ------------------------------------------


def test_lok_umferdar_play_goes_on_while_the_pile_is_taken() -> None:
    state = state_of(["8c", "8d", "Kh", "4c"], pile=["5s", "8s"], stock=[], **OPENED)
    assert refusal(state, {"type": "draw"}).rule == "stock.empty"
    after = play(state, {"type": "take_pile", "meld": ["8c", "8d"]})
    assert after.phase is Phase.PLAY


def test_lok_umferdar_declining_the_pile_ends_the_hand() -> None:
    state = state_of(["8c", "Kh"], pile=["5s", "8s"], stock=[], **OPENED)
    after = play(state, {"type": "decline_pile"})
    assert after.phase is Phase.END and after.went_out is None
    assert refusal(after, {"type": "draw"}).rule == "hand.over"
    assert refusal(state_of(["8c"]), {"type": "decline_pile"}).rule == "stock.not_empty"


def test_undirbuningur_no_replacement_draw_red_threes_are_replaced_when_laid_out() -> None:
    """001: red threes are laid out and replaced at once; Royal's replacement draw is no action here."""
    state = state_of(["9c", "9d", "Kd"], phase="play", melds=[[["Qh", "Qd", "Qc"]], []])
    error = refusal(state, {"type": "draw_replacement"})
    assert error.rule == "replacement.not_in_variant" and "melded from your hand" not in error.explanation("en")
