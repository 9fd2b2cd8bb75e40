"""Hints: each detector fires on positions built for it and stays silent on near misses; every
suggested action is one the judge accepts."""

from __future__ import annotations

import pytest

from engine.core.actions import Discard, TakePile, parse_action
from engine.judge.game import apply, is_legal
from engine.core.cards import is_wild, pretty_card, rank
from engine.hints.ranked import Hint, hints
from engine.core.rules import Rules
from engine.core.state import State
from tests.engine.helpers import discard_of as _discard, meld_of as _meld, state_of
from tests.engine.judge.test_properties import TABLES, _walk

OPENED = {"melds": [[["Qh", "Qd", "Qc"]], []]}


def _number(hint: Hint, fact: str) -> int:
    """A fact the test compares as a number (facts may also be names or card codes)."""
    value = hint.facts[fact]
    assert isinstance(value, int), (fact, value)
    return value


def _tips(state: State) -> set[str]:
    found = hints(state)
    for hint in found:
        assert is_legal(state, hint.action), (hint.tip, hint.action)
        assert hint.explanation() and "{" not in hint.explanation()
    return {h.tip for h in found}


def test_take_pile_and_its_near_miss() -> None:
    assert "rule.take_pile" in _tips(state_of(["7h", "7d", "Kc"], pile=["9c", "4d", "7s"], **OPENED))
    assert "rule.take_pile" not in _tips(state_of(["7h", "8d", "Kc"], pile=["9c", "4d", "7s"], **OPENED))


def test_take_pile_with_the_natural_pair_rather_than_wild_cards() -> None:
    # from a real game: the hint took a 3-card pile with 4♣ 2♣ 2♣ while the hand held 4♣ 4♣
    state = _royal(["Ad", "2c", "2c", "3c", "4c", "4c", "5c", "7c", "10c", "10h", "Qs", "Ks"], phase="draw",
                   pile=["8h", "Jc", "4s"])
    (hint,) = [h for h in hints(state) if h.tip == "rule.take_pile"]
    assert [pretty_card(c) for c in hint.cards] == ["4♣", "4♣"]


def test_why_draw_when_the_pile_cannot_be_taken() -> None:
    frozen = state_of(["7h", "8d", "Kc"], pile=["2c", "4d", "7s"], **OPENED)
    (hint,) = [h for h in hints(frozen) if h.tip == "rule.draw"]
    assert "two natural 7s" in hint.explanation()
    blocked = state_of(["7h", "8d", "Kc"], pile=["4d", "3s"], **OPENED)
    assert "blocked" in next(h for h in hints(blocked) if h.tip == "rule.draw").explanation()
    assert "rule.draw" not in _tips(state_of(["7h", "7d", "Kc"], pile=["9c", "4d", "7s"], **OPENED))


def test_opening_shows_how_to_reach_the_minimum() -> None:
    state = state_of(["Ah", "Ac", "2d", "5c", "9c"], phase="play", scores=[1100, 0])
    (hint,) = [h for h in hints(state) if h.tip == "rule.opening"]
    assert _number(hint, "points") >= 50 and "50" in hint.explanation()
    short = state_of(["Ah", "5c", "9c", "Kd"], phase="play", scores=[1100, 0])
    assert [h.tip for h in hints(short) if h.tip == "rule.opening"] == ["rule.opening"]
    assert "does not reach" in next(h for h in hints(short) if h.tip == "rule.opening").explanation()


def test_not_out_yet_keeps_back_a_card_that_cannot_go_down() -> None:
    # the 9♣ fits the side's 9s: the card to keep is the K♣ or 7♥, not the one to lay off
    melds = {"melds": [[["9c", "9s", "9d"], ["Qh", "Qd", "Qc"]], []]}
    (hint,) = [h for h in hints(state_of(["7h", "9c", "Kc"], phase="play", **melds)) if h.tip == "rule.not_out_yet"]
    # what can go down goes down first (the 9♣ onto the 9s), then a card that cannot is discarded
    assert [pretty_card(c) for c in _meld(hint.action).cards()] == ["9♣"]
    assert [pretty_card(o.card) for o in hint.others if isinstance(o, Discard)] in (["7♥"], ["K♣"])


def test_a_meld_that_leaves_the_advised_cards_in_hand_does_not_go_against_the_advice() -> None:
    # the turn goes on after a meld: the red three first, then the Bolivia (or the other way round)
    hand = ["2c", "2d", "2s", "JK", "3d", "Ac", "Ad", "Ah", "9s", "Kd", "Qh", "5s", "6c"]
    state = state_of([], **{"variant": "royal", "phase": "play", "hands": [hand, 15, 15, 15]})
    found = {h.tip: h for h in hints(state)}
    red_three = parse_action({"type": "meld", "melds": [["3d"]]})
    bolivia = found["tactics.strong_opening"].action
    assert found["tactics.strong_opening"].follows(red_three) and found["tactics.meld_red_threes"].follows(bolivia)
    # ... but a discard does, and so does an opening that spends the wild cards elsewhere
    assert not found["tactics.meld_red_threes"].follows(parse_action({"type": "discard", "card": "6c"}))
    assert not found["tactics.strong_opening"].follows(parse_action({"type": "meld", "melds": [["Ac", "Ad", "Ah", "2c"]]}))
    # keep pairs is about the discard: melding first does not break a pair
    frozen = state_of(["8c", "8d", "Kh", "5s", "Qs"], phase="play", pile=["2c", "9h"], **OPENED)
    pairs = next(h for h in hints(frozen) if h.tip == "tactics.keep_pairs")
    assert pairs.follows(parse_action({"type": "meld", "layoffs": [{"onto": 0, "cards": ["Qs"]}]}))
    assert not pairs.follows(parse_action({"type": "discard", "card": "8c"}))


def test_not_out_yet_is_silent_when_the_melds_that_go_out_complete_the_canasta() -> None:
    six = {"melds": [[["Qh", "Qd", "Qc", "Qs", "Qh", "Qd"]], []]}
    tips = _tips(state_of(["Qc", "5s"], phase="play", **six))
    assert "rule.go_out" in tips and "rule.not_out_yet" not in tips


def test_going_out_when_the_side_may() -> None:
    canasta = {"melds": [[["Qh", "Qd", "Qc", "Qs", "Qh", "Qd", "2c"]], []]}
    assert "rule.go_out" in _tips(state_of(["9c", "9d", "9h", "5s"], phase="play", **canasta))
    assert "rule.go_out" not in _tips(state_of(["9c", "9d", "9h", "5s"], phase="play", **OPENED))


def test_keep_pairs_while_the_pile_is_frozen() -> None:
    frozen = state_of(["8c", "8d", "Kh", "5s"], phase="play", pile=["2c", "9h"], **OPENED)
    (hint,) = [h for h in hints(frozen) if h.tip == "tactics.keep_pairs"]
    card = _discard(hint.action).card
    assert card in frozen.hands[0] and card not in hint.cards
    open_pile = state_of(["8c", "8d", "Kh", "5s"], phase="play", pile=["4c", "9h"], **OPENED)
    assert "tactics.keep_pairs" not in _tips(open_pile)


def test_keep_eight_cards_rather_than_melding_small() -> None:
    hand = ["5c", "5d", "5h", "9s", "Kh", "Jd", "8c", "4h"]
    assert "tactics.keep_cards" in _tips(state_of(hand, phase="play", **OPENED))
    canasta = [["Kh", "Kd", "Kc", "Ks", "Kh", "Kd", "Kc"]]
    assert "tactics.keep_cards" not in _tips(state_of(hand[:4] + ["Jd", "8c", "9c"], phase="play",
                                                      melds=[[["Qh", "Qd", "Qc"]], canasta]))


def test_a_joker_rather_than_a_two() -> None:
    six = {"melds": [[["Qh", "Qd", "Qc", "Qs", "Qh", "2s"], ["5h", "5c", "5d"]], []]}  # mixed: a natural one is spared
    (hint,) = [h for h in hints(state_of(["JK", "2c", "5s", "9d"], phase="play", **six)) if h.tip == "tactics.joker_first"]
    assert _meld(hint.action).layoffs[0].onto == 0  # the queens it completes, not the 5s
    assert "tactics.joker_first" not in _tips(state_of(["2d", "2c", "5s", "9d"], phase="play", **six))
    # no meld a wild card completes: the hint would only urge a wild card onto some meld every turn
    assert "tactics.joker_first" not in _tips(state_of(["JK", "2c", "5s", "9d"], phase="play", **OPENED))


def test_do_not_rush_for_a_small_pile() -> None:
    assert "tactics.dont_rush_pile" in _tips(state_of(["7h", "7d", "Kc"], pile=["9c", "7s"], **OPENED))
    assert "tactics.dont_rush_pile" not in _tips(state_of(["7h", "7d", "Kc"], pile=["9c", "4d", "7s"], **OPENED))


ROYAL_OPENED = {"variant": "royal", "melds": [[["Qh", "Qd", "Qc"]], []]}


def _royal(hand: list[str], **fields: object) -> State:
    return state_of([], **{**ROYAL_OPENED, "phase": "play", **fields, "hands": [hand, 15, 15, 15]})


def test_royal_samba_cards_discard_keeps_the_run_and_yields_when_the_other_side_can_go_out() -> None:
    # from a real game: the discard the tip offered was the J♠ of the 10♠ J♠ Q♠ it had just praised
    from engine.hints.ranked import against

    hand = ["2d", "2h", "3s", "3s", "4h", "5c", "7c", "7c", "7d", "10s", "Js", "Qs", "Kc", "JK", "JK"]
    melds = {"melds": [[["Ac", "As", "As"]], [["3d"], ["10c", "10h", "10s", "JK"], ["7c", "7d", "7s"]]]}
    sevens = parse_action({"type": "meld", "melds": [["7c", "7c", "7d"]]})
    (hint,) = [h for h in against(_royal(hand, **melds), sevens) if h.tip == "tactics.samba_cards"]
    assert pretty_card(_discard(hint.action).card) not in ("10♠", "J♠", "Q♠")
    assert "7♣ 7♣ 7♦" in hint.explanation()
    # the other side has its Samba and canasta and a player with two cards: meld, do not save
    close = {"melds": [[["Ac", "As", "As"]], [["10s", "Js", "Qs", "9s", "Ks", "8s", "As"],
                                             ["2d", "2h", "JK", "JK", "2h", "2s", "JK"]]]}
    state = state_of([], **{**ROYAL_OPENED, "phase": "play", **close, "hands": [["9d", "9s", "2s", "Jh", "Js", "8c"], 2, 6, 5]})
    assert "tactics.shed_cards" in _tips(state)
    assert not [h for h in against(state, parse_action({"type": "meld", "melds": [["9d", "9s", "2s"]]}))
                if h.tip == "tactics.samba_cards"]


def test_royal_meld_red_threes_early() -> None:
    assert "tactics.meld_red_threes" in _tips(_royal(["3h", "9c", "Kd", "5s"]))
    assert "tactics.meld_red_threes" not in _tips(_royal(["3c", "9c", "Kd", "5s"]))


def test_royal_hold_back_the_fourth_red_three_when_ahead_on_threes() -> None:
    melds = {"melds": [[["Qh", "Qd", "Qc"], ["3h"], ["3d"], ["3h"]], [["Kh", "Kd", "Kc"], ["3d"]]]}
    state = _royal(["3d", "9c", "Kd", "5s"], **melds)
    (hint,) = [h for h in hints(state) if h.tip == "tactics.meld_red_threes"]
    assert hint.action.type == "discard" and "hold back" in hint.explanation()
    assert not hint.follows(parse_action({"type": "meld", "melds": [["3d"]]}))
    none = {"melds": [[["Qh", "Qd", "Qc"], ["3h"], ["3d"], ["3h"]], [["Kh", "Kd", "Kc"]]]}
    (early,) = [h for h in hints(_royal(["3d", "9c", "Kd", "5s"], **none)) if h.tip == "tactics.meld_red_threes"]
    assert early.action.type == "meld"  # the text's case is one or two on their side


def test_royal_holding_back_the_fourth_red_three_never_discards_it() -> None:
    # from a real game: the lowest-valued discard was the red three itself, "held back" onto the pile
    melds = {"melds": [[["Qh", "Qd", "Qc"], ["3h", "3h", "3h", "3c"]], [["Kh", "Kd", "Kc"], ["3d", "3c", "3c"]]]}
    state = _royal(["3d", "4h", "5d", "8c", "8d", "8h", "9d"], **melds)
    (hint,) = [h for h in hints(state) if h.tip == "tactics.meld_red_threes"]
    assert "hold back" in hint.explanation() and _discard(hint.action).card != state.hands[0][0]
    assert not hint.follows(parse_action({"type": "discard", "card": "3d"}))
    # the other side has its Samba and canasta and a player with two cards: meld it now
    close = {"melds": [melds["melds"][0], melds["melds"][1] + [["10s", "Js", "Qs", "9s", "Ks", "8s", "As"],
                                                               ["Kh", "Kd", "Kc", "Ks", "Kh", "Kd", "Kc"]]]}
    state = state_of([], **{**ROYAL_OPENED, "phase": "play", **close, "hands": [["3d", "4h", "5d", "8c", "8d", "8h", "9d"], 2, 6, 5]})
    (hint,) = [h for h in hints(state) if h.tip == "tactics.meld_red_threes"]
    assert hint.action.type == "meld" and "early" in hint.explanation()


def test_royal_threes_are_no_lone_card_to_spare_nor_a_small_meld_to_wait_with() -> None:
    # the other lone cards fit the next side's melds, so "safe" used to mean the three
    theirs = {"melds": [[["Qh", "Qd", "Qc"]], [["8h", "8d", "8s"], ["9c", "9d", "9s"]]]}
    frozen = _royal(["3d", "5d", "5c", "8c", "9h"], pile=["2c", "9d"], **theirs)
    (pairs,) = [h for h in hints(frozen) if h.tip == "tactics.keep_pairs"]
    assert rank(_discard(pairs.action).card) != 3
    for hint in hints(frozen):
        assert not (isinstance(hint.action, Discard) and rank(hint.action.card) == 3), hint.tip
        assert not (hint.tip == "tactics.keep_cards" and all(rank(c) == 3 for c in hint.cards))
    # in Classic a lone black three stays a fine discard (it blocks the pile for the next player)
    classic = state_of(["3s", "5d", "5c", "8c", "9h", "Kd"], phase="play", pile=["2c", "9d"], **OPENED)
    (pairs,) = [h for h in hints(classic) if h.tip == "tactics.keep_pairs"]
    assert pairs.action.type == "discard"


def test_royal_keep_threes_above_all_from_a_side_that_builds_a_royal() -> None:
    assert "tactics.keep_threes" in _tips(_royal(["3c", "9c", "Kd", "5s"]))
    # a red three that can be melded now is tip 6's: "keep your threes" would only muddle it
    assert "tactics.keep_threes" not in _tips(_royal(["3d", "9c", "Kd", "5s"]))
    theirs = {"melds": [[["Qh", "Qd", "Qc"]], [["3h", "3s"]]]}
    assert "tactics.keep_threes" in _tips(_royal(["3c", "9c", "Kd", "5s"], **theirs))


def test_royal_opening_order_spends_aces_first() -> None:
    state = state_of([], **{"variant": "royal", "phase": "play", "hands": [
        ["Ac", "Ad", "Ah", "Kc", "Kd", "Ks", "7c", "7d", "7h", "9s", "5d", "6h", "8c"], 15, 15, 15]})
    hint = next(h for h in hints(state) if h.tip == "tactics.opening_order")
    assert any(c in hint.cards for c in state.hands[0][:3])


def test_royal_opening_order_leaves_a_bolivia_opening_to_tip_8() -> None:
    # a real game's hand: the three wild cards open as a Bolivia's start; tip 10 used to offer them as
    # its "rank meld" (they spend no rank) and, mended, offered the aces with a two against tip 8
    hand = ["Ad", "As", "2c", "2s", "3c", "3c", "4s", "4s", "6c", "7h", "8c", "8h", "8h", "8s", "10h", "10h", "JK"]
    state = state_of([], **{"variant": "royal", "phase": "play", "hands": [hand, 15, 15, 15]})
    tips = _tips(state)
    assert "tactics.strong_opening" in tips and "tactics.opening_order" not in tips
    two_wilds = state_of([], **{"variant": "royal", "phase": "play", "hands": [hand[:3] + hand[4:], 15, 15, 15]})
    hint = next(h for h in hints(two_wilds) if h.tip == "tactics.opening_order")
    assert {two_wilds.rules.make_meld(m).kind.value for m in _meld(hint.action).melds} == {"rank"}
    assert {"A♦", "A♠"} <= {pretty_card(c) for c in hint.cards}


def test_the_opening_hint_shows_the_fewest_cards_that_reach_the_minimum() -> None:
    # A♣ A♣ 2♥ alone make 60 of the 50 needed: nine cards down for 150 would empty the hand (Taktik 1)
    hand = ["Ac", "Ac", "2h", "3h", "4d", "6h", "6s", "7h", "7s", "9c", "9h", "9s", "Js", "Qc", "Kc", "JK"]
    state = state_of([], **{"variant": "royal", "phase": "play", "hands": [hand, 15, 15, 15]})
    (hint,) = [h for h in hints(state) if h.tip == "rule.opening"]
    assert len(hint.cards) == 3 and _number(hint, "points") >= 50


def test_the_royal_opening_hint_spares_samba_cards_and_wild_cards() -> None:
    # a real game's hand: four cards open in several ways; the 10s, jacks and 7s are a Samba's
    hand = ["Ac", "2c", "3d", "6s", "7c", "7d", "7s", "9s", "10c", "10h", "10s", "Jh", "Js", "Qs", "Kd", "Kh", "JK"]
    state = state_of([], **{"variant": "royal", "phase": "play", "hands": [hand, 15, 15, 15], "pile": ["JK", "JK", "5c"]})
    (hint,) = [h for h in hints(state) if h.tip == "rule.opening"]
    assert [pretty_card(c) for c in hint.cards if not is_wild(c)] == ["K♦", "K♥"]
    # 7s cost a Samba less than 8s (Taktik 5 names the 8, 9 and 10 in every Samba)
    fours = ["Ad", "2h", "3c", "3s", "4c", "4d", "4h", "4s", "5d", "7c", "7s", "8c", "8c", "10s", "Jh", "Qc", "Kd"]
    state = state_of([], **{"variant": "royal", "phase": "play", "hands": [fours, 15, 15, 15]})
    (hint,) = [h for h in hints(state) if h.tip == "rule.opening"]
    assert "8♣" not in {pretty_card(c) for c in hint.cards}
    classic = state_of(["10c", "10h", "10s", "Jh", "Js", "2c", "JK", "4d"], phase="play")
    (hint,) = [h for h in hints(classic) if h.tip == "rule.opening"]
    assert sum(1 for c in hint.cards if is_wild(c)) == 1  # a wild card spared where one will do


@pytest.mark.parametrize("rules", TABLES)
def test_every_hint_in_real_games_suggests_a_legal_action(rules: Rules) -> None:
    for state in _walk(3, ("basic",), rules)[::2]:
        for hint in hints(state):
            apply(state, hint.action)


def test_hints_only_for_the_player_to_act() -> None:
    state = state_of(["7h", "7d", "Kc"], pile=["9c", "4d", "7s"], **OPENED)
    assert hints(state, seat=1) == [] and hints(state, seat=0)


def test_royal_sambas_win_and_a_secret_samba_is_shown() -> None:
    hand = ["7d", "8d", "9d", "Kc", "4s", "6h"]
    tips = _tips(_royal(hand))
    assert {"tactics.sambas_win", "tactics.secret_samba"} <= tips
    assert "tactics.sambas_win" not in _tips(_royal(["7d", "8c", "9d", "Kc", "4s", "6h"]))
    assert "tactics.sambas_win" not in _tips(state_of(hand, phase="play", **OPENED))


def test_royal_strong_opening_keeps_wild_cards_for_a_bolivia() -> None:
    unopened = state_of([], **{"variant": "royal", "phase": "play", "hands": [
        ["2c", "2d", "JK", "Ac", "Ad", "Ah", "Kc", "Kd", "Ks", "9s", "5d"], 15, 15, 15]})
    assert "tactics.strong_opening" in _tips(unopened)
    few = state_of([], **{"variant": "royal", "phase": "play", "hands": [
        ["2c", "Ac", "Ad", "Ah", "Kc", "Kd", "Ks", "9s", "5d"], 15, 15, 15]})
    assert "tactics.strong_opening" not in _tips(few)


def test_going_out_before_the_other_side_outgrows_us() -> None:
    canasta = ["Qh", "Qd", "Qc", "Qs", "Qh", "Qd", "2c"]
    big = [["Ah", "Ad", "Ac", "As"], ["Kh", "Kd", "Kc", "Ks"], ["Jh", "Jd", "Jc"]]
    behind = state_of(["9c", "9d", "9h", "5s"], phase="play", melds=[[canasta], big])
    assert "tactics.going_out_time" in _tips(behind)
    ahead = state_of(["9c", "9d", "9h", "5s"], phase="play", melds=[[canasta, *big[:2]], [["5h", "5d", "5c"]]])
    assert "tactics.going_out_time" not in _tips(ahead)


def test_royal_watch_the_score_near_18000() -> None:
    assert "tactics.watch_score" in _tips(_royal(["9c", "9d", "9h", "5s"], scores=[9000, 16500]))
    assert "tactics.watch_score" not in _tips(_royal(["9c", "9d", "9h", "5s"], scores=[9000, 12000]))


def test_royal_shed_cards_when_the_other_side_can_go_out() -> None:
    kings = ["Kh", "Kd", "Kc", "Ks", "Kh", "Kd", "Kc"]
    samba = ["4h", "5h", "6h", "7h", "8h", "9h", "10h"]
    hands: list[object] = [["9c", "9d", "9h", "5s", "Jd"], 3, 15, 15]
    ready = state_of([], **{**ROYAL_OPENED, "phase": "play", "hands": hands, "melds": [[["Qh", "Qd", "Qc"]], [kings, samba]]})
    assert "tactics.shed_cards" in _tips(ready)
    far = state_of([], **{**ROYAL_OPENED, "phase": "play", "hands": [hands[0], 9, 15, 9],
                          "melds": [[["Qh", "Qd", "Qc"]], [kings, samba]]})
    assert "tactics.shed_cards" not in _tips(far)


def test_arranged_hand_groups_wild_cards_threes_and_suits() -> None:
    from engine.hints.ranked import arranged

    state = _royal(["9d", "3h", "2c", "7d", "8d", "JK", "Kc"])
    order = [state.hands[0][i] for i in arranged(state, 0)]
    from engine.core.cards import format_cards

    assert format_cards(order)[:3] == ["2c", "JK", "3h"] and format_cards(order)[3:6] == ["Kc", "7d", "8d"]


def test_arranged_hand_keeps_pairs_of_a_rank_together() -> None:
    from engine.core.cards import format_cards
    from engine.hints.ranked import arranged

    hand = ["7h", "9s", "Jd", "7c", "4d", "9c", "Ah", "Js"]  # the keep-your-pairs lesson's hand
    for variant in ("royal", "classic"):
        state = state_of(hand, variant=variant, hands=[hand, 15, 15, 15] if variant == "royal" else [hand, 11, 11, 11])
        order = format_cards([state.hands[0][i] for i in arranged(state, 0)])
        for pair in (("7h", "7c"), ("9s", "9c"), ("Jd", "Js")):
            assert abs(order.index(pair[0]) - order.index(pair[1])) == 1, (variant, order)


def test_why_going_out_is_not_allowed_yet() -> None:
    assert "rule.not_out_yet" in _tips(state_of(["9c", "5s"], phase="play", **OPENED))
    canasta = {"melds": [[["Qh", "Qd", "Qc", "Qs", "Qh", "Qd", "2c"]], []]}
    assert "rule.not_out_yet" not in _tips(state_of(["9c", "5s"], phase="play", **canasta))


def test_a_strong_players_move_is_legal_says_what_it_does_and_a_margin_only_with_its_error_bar() -> None:
    from engine.bots.strong import strong_move

    state = state_of(["7h", "7d", "Kc", "Kd", "4s"], pile=["9c", "4d", "7s"], **OPENED)
    hint = strong_move(state, budget_ms=60)
    assert hint is not None and is_legal(state, hint.action)
    text = hint.explanation()
    assert text.startswith("A strong player would ") and "do this" not in text
    if "points more" in text:  # a margin is shown only with its error bar, and only beyond twice it
        assert "±" in text and _number(hint, "points") > 2 * _number(hint, "error")
    else:  # the moves against the top hint left out (taking the pile with the 7s), the text says so
        assert text.endswith("no other move that goes along with the hint did clearly better.")
    # one legal move (draw: the J♠ fits nothing): no trials, and no "0 points more" either
    only = state_of(["5h", "8d", "Kc"], pile=["9c", "4d", "Js"], **OPENED)
    hint = strong_move(only, budget_ms=60)
    assert hint is not None and hint.explanation() == ("A strong player would draw from the stock. In trial deals"
                                                        " no other move did clearly better.")
    assert hint.explanation(lang="sv") != hint.explanation()

def test_an_opening_with_the_pile_names_the_other_melds_and_the_minimum() -> None:
    # Q♣ Q♠ take the Q♥ (30 points) but the side needs 50 to open: the sixes with the 2♣ go down too
    state = state_of(["Qc", "Qs", "6c", "6h", "2c", "8d", "Kh"], pile=["9c", "Qh"])
    (hint,) = [h for h in hints(state) if h.tip == "rule.take_pile"]
    assert sorted(pretty_card(c) for c in hint.cards) == sorted(["Q♣", "Q♠", "6♣", "6♥", "2♣"])
    text = hint.explanation()
    assert "hold Q♣ Q♠ to meld with the Q♥" in text and "you meld 6♣ 6♥ 2♣ with them" in text, text
    assert "Your side needs 50 points to open; together they make 60." in text, text
    # followed as told, the take is the judge's: the side has opened with 60
    after = apply(state, hint.action)
    assert after.has_opened(0) and len(after.melds[0]) == 2


def test_a_strong_players_lay_off_names_the_meld_it_goes_onto() -> None:
    # "would meld 9♠" read as a meld of one card
    from engine.core.actions import Layoff, MeldAction
    from engine.core.cards import parse_card
    from engine.bots.strong import _STRONG, _what_it_does

    state = state_of(["9s", "Kd", "Kc", "5c", "6h"], variant="royal", phase="play",
                     melds=[[["Kh", "Kd", "Ks"], ["6s", "7s", "8s"]], []])

    def said(onto: int, card: str, lang: str = "en") -> str:
        action = MeldAction(layoffs=(Layoff(onto, (parse_card(card),)),))
        kind, facts = _what_it_does(state, action)
        return Hint("expert.choice", action, (), _STRONG[kind], facts).explanation(lang)

    assert said(1, "9s") == "A strong player would lay 9♠ off on the Samba."
    assert said(0, "Kd") == "A strong player would add K♦ to your meld of kings."
    assert said(1, "9s", "de") == "Ein starker Spieler würde 9♠ an die Samba anlegen."


def test_the_take_onto_a_meld_names_the_meld() -> None:
    sevens = state_of(["Kc", "5c", "6h"], pile=["9c", "4d", "7s"], melds=[[["7h", "7d", "7c"]], []])
    (hint,) = [h for h in hints(sevens) if h.tip == "rule.take_pile"]
    assert hint.explanation() == "You can take the pile (3 cards): the 7♠ on top goes onto your side's meld of 7s."
    samba = state_of(["Kd", "5c", "6h"], variant="royal", pile=["4c", "Kh", "8d", "Jc", "5d", "Qs", "10s"],
                     melds=[[["10h", "10d", "10c"], ["6s", "7s", "8s", "9s"]], []])
    (hint,) = [h for h in hints(samba) if h.tip == "rule.take_pile"]
    assert hint.explanation().endswith("the 10♠ on top goes onto the Samba.") and hint.action == TakePile(onto=1)
