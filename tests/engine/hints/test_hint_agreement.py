"""Hints shown together never advise against each other, and each reason addresses the decision it
explains: a scripted position for each contradiction and each reason that missed its decision, and
the opening that spends no more wild cards than the minimum needs."""

from __future__ import annotations

from engine.core.actions import Discard, Draw, Layoff, MeldAction, TakePile, cards_of
from engine.core.cards import JOKER, parse_card, pretty_card
from engine.core.state import State
from engine.hints.facts import Hint, _spoils_natural
from engine.hints.ranked import contradictions, hints
from engine.judge.game import apply
from engine.judge.legal import legal_actions
from tests.engine.helpers import state_of

OPENED = {"melds": [[["Qh", "Qd", "Qc"]], []]}


def _said(state: State) -> dict[str, Hint]:
    found = hints(state)
    assert not contradictions(found, state), [(h.tip, h.explanation()) for h in found]
    return {h.tip: h for h in found}


def _cards(*names: str) -> list[int]:
    return [parse_card(n) for n in names]


# -- what "against" means ---------------------------------------------------------------------------

def test_a_move_another_hint_advises_against_is_a_contradiction_even_where_it_follows() -> None:
    state = state_of(["JK", "2c", "9d", "5h"], phase="play", melds=[[["Ah", "Ad", "As", "Ac", "Ah", "2d"]], []])
    legal = legal_actions(state)
    two = MeldAction(layoffs=(Layoff(0, (parse_card("2c"),)),))
    joker = MeldAction(layoffs=(Layoff(0, (JOKER,)),))
    # the two's hint accepts every meld (the turn goes on); the joker's says the two is the move it is against
    lay_two = Hint("a", two, (), "", others=tuple(a for a in legal if isinstance(a, MeldAction)))
    rather = Hint("b", joker, (), "", others=tuple(a for a in legal if a != two), avoids=(two,))
    hand = state.hands[state.turn]
    assert lay_two.opposes(rather, hand) and rather.opposes(lay_two, hand)
    assert not rather.opposes(Hint("c", joker, (), ""), hand)


def test_spending_a_card_another_hint_keeps_is_a_contradiction() -> None:
    state = state_of(["3h", "3d", "9d", "5h"], variant="royal", phase="play", **OPENED)
    discard = Discard(parse_card("9d"))
    hold = Hint("hold", discard, (), "", others=tuple(legal_actions(state)), keeps=(parse_card("3h"),))
    meld_all = Hint("meld", MeldAction(melds=((parse_card("3d"),),)), (), "", others=(discard,),
                    spends=tuple(_cards("3h", "3d")))
    meld_one = Hint("meld", MeldAction(melds=((parse_card("3d"),),)), (), "", others=(discard,))
    hand = state.hands[state.turn]
    assert hold.opposes(meld_all, hand) and not hold.opposes(meld_one, hand)


# -- the contradictions -----------------------------------------------------------------------------

def test_the_canasta_a_wild_card_completes_takes_the_joker_that_joker_first_names() -> None:
    # Royal, a Bolivia of six: "lay the 2♣ on it" beside "a joker rather than a two"
    state = state_of(["JK", "2c", "9d", "5h", "Kd", "Qs", "7c", "4h"], variant="royal", phase="play",
                     melds=[[["JK", "JK", "2h", "2s", "2d", "2c"], ["Ah", "Ad", "As"]], []])
    said = _said(state)
    complete = said["tactics.complete_canasta"]
    assert complete.action == MeldAction(layoffs=(Layoff(0, (JOKER,)),))
    assert complete.explanation().startswith("Lay Joker off on the Bolivia: it completes a canasta")


def test_the_canasta_a_wild_card_completes_takes_the_joker_in_classic_too() -> None:
    # the aces one card short, a joker and a two in the hand: Taktik 11 names the joker
    state = state_of(["JK", "2c", "9d", "5h"], phase="play",
                     melds=[[["Ah", "Ad", "As", "Ac", "Ah", "2d"], ["10h", "10d", "10c", "10s", "10h"]], []])
    said = _said(state)
    assert cards_of(said["tactics.complete_canasta"].action) == (JOKER,)


def test_meld_your_red_threes_is_not_beside_keep_your_threes() -> None:
    # one red three goes down now, the other after it: "keep your threes" named the 3♥ as one to keep
    state = state_of(["3h", "3d", "3c", "9d", "5h", "Kd"], variant="royal", phase="play",
                     melds=[[["Ah", "Ad", "As"]], []])
    said = _said(state)
    assert "tactics.meld_red_threes" in said
    keep = said["tactics.keep_threes"]
    assert [pretty_card(c) for c in keep.cards] == ["3♣"]
    assert keep.explanation().startswith("Keep your black three:")


def test_the_strong_player_chooses_no_move_against_the_top_hint() -> None:
    from engine.bots.strong import agreeing, strong_move

    # a pile of two: the top hint draws (tip 12); taking it with the pair of jacks went against it
    state = state_of(["Jc", "Jd", "5h", "8d", "Kc"], pile=["9c", "Js"], **OPENED)
    top = hints(state)[0]
    assert top.tip == "tactics.dont_rush_pile"
    assert any(isinstance(a, TakePile) for a in legal_actions(state))
    assert agreeing(state, legal_actions(state)) == [Draw()]
    strong = strong_move(state, budget_ms=40)
    assert strong is not None and strong.action == Draw()
    assert not contradictions([top, strong], state)


def test_the_strong_player_lays_no_two_on_a_natural_canasta() -> None:
    from engine.bots.strong import agreeing

    state = state_of(["2s", "9d", "5h", "Jc", "8c"], phase="play",
                     melds=[[["6h", "6d", "6c", "6s", "6h", "6d"], ["Kh", "Kd", "Ks"]], []])
    legal = legal_actions(state)
    spoiling = [a for a in legal if _spoils_natural(state, a)]
    assert spoiling  # the two onto the natural sixes is legal, and costs their natural canasta
    chosen = agreeing(state, legal)
    assert chosen and not any(a in spoiling for a in chosen)


# -- reasons that address the decision ----------------------------------------------------------------

def test_a_discard_kept_back_for_the_going_out_rule_says_why_that_card() -> None:
    text = _said(state_of(["9c", "5s"], phase="play", **OPENED))["rule.not_out_yet"].explanation()
    assert text.startswith("You may not go out yet") and "Discard the 9♣:" in text


def test_a_discard_while_the_hand_cannot_open_says_why_that_card() -> None:
    text = _said(state_of(["9c", "5s", "Kd", "7h", "4c"], phase="play"))["rule.opening"].explanation()
    assert "discard and wait for cards. Discard the K♦:" in text or "Discard the 9♣:" in text


def test_the_pile_frozen_for_a_side_that_has_not_opened_says_so() -> None:
    text = _said(state_of(["9c", "5s", "Kd", "7h", "4c"], pile=["8d", "Jh"]))["rule.draw"].explanation()
    assert text.startswith("Until your side has opened, the pile is frozen for it"), text
    # frozen by a wild card in it: the plain sentence
    frozen = _said(state_of(["9c", "5s", "Kd", "7h", "4c"], pile=["2c", "Jh"], **OPENED))["rule.draw"]
    assert frozen.explanation().startswith("The pile is frozen and")


def test_a_card_nobody_can_pair_is_said_to_be_out_of_reach_not_a_lone_card() -> None:
    # seven 7s in sight (six in the pile, frozen for the next side until it opens): the next side cannot
    # hold the pair the pile needs
    state = state_of(["7c", "Ks", "Kd", "9h", "9c"], phase="play", pile=["4c", "7h", "7d", "7s", "7h", "7d", "7s"],
                     **OPENED)
    said = _said(state)
    hint = said.get("tactics.deny_pile") or said["tactics.safe_discard"]
    assert hint.action == Discard(parse_card("7c"))
    assert "you already see 7 cards of its rank" in hint.explanation(), hint.explanation()
    assert "lone card" not in hint.explanation()


def test_a_black_three_is_said_to_block_the_pile_however_small() -> None:
    state = state_of(["3c", "Ks", "Kd", "9h", "9c", "5d"], phase="play", pile=["4c"],
                     melds=[[["Qh", "Qd", "Qc"]], [["8h", "8d", "8s"]]])
    text = _said(state)["tactics.safe_discard"].explanation()
    assert text == "Discard the 3♣: it blocks the pile, so the next player cannot take it."


def test_an_open_pile_is_not_said_to_be_out_of_the_next_sides_reach() -> None:
    state = state_of(["Jc", "Ks", "Kd", "9h", "9c", "5d"], phase="play", pile=["4c", "6d"],
                     melds=[[["Qh", "Qd", "Qc"]], [["8h", "8d", "8s"]]])
    text = _said(state)["tactics.safe_discard"].explanation()
    assert "does not give them the pile" not in text
    assert "a pair of it in hand, or one and a wild card" in text


def test_a_card_the_next_sides_samba_takes_is_said_to_fit_it() -> None:
    # Royal: the 9♠ extends the next side's Samba of spades; every other 9 is in the open pile, which the
    # Samba can still take: "it fits none of the next side's melds" was false, "out of reach" would be too
    nines = ["9h", "9d", "9c"] * 3 + ["9s", "9s"]
    state = state_of(["9s", "JK", "2c"], variant="royal", phase="play", pile=["4c", *nines],
                     melds=[[["Ah", "Ad", "As"]], [["5s", "6s", "7s", "8s"], ["Kh", "Kd", "Kc"]]])
    hint = _said(state)["tactics.deny_pile"]
    assert hint.action == Discard(parse_card("9s"))
    assert hint.explanation().endswith("Discard the 9♠: it fits a meld of the next side, but no other card in your"
                                       " hand is safer."), hint.explanation()


def test_the_turns_lay_offs_say_the_move_first_then_the_rest() -> None:
    # "Add Joker Joker to your meld of 7s" for a move that lays one joker
    state = state_of(["JK", "JK", "9d", "5h"], phase="play", melds=[[["7h", "7d", "7s", "7c", "7h"]], []])
    hint = _said(state)["tactics.complete_canasta"]
    assert cards_of(hint.action) == (JOKER,)
    assert hint.explanation().startswith("Add the Joker to your meld of 7s, then Joker: together they complete")
    after = apply(state, hint.action)
    assert after.canastas(0) == 0  # one step: the canasta comes with the second


# -- wild cards spent ----------------------------------------------------------------------------------

def test_the_opening_spends_the_fewest_wild_cards_that_reach_the_minimum() -> None:
    # Royal: K K 2 Joker (90) where K K Joker makes 70 of the 50 needed
    state = state_of(["Kd", "Ks", "2c", "JK", "9d", "5h", "4h", "7c", "Qd", "Jh", "6s"], variant="royal", phase="play")
    hint = _said(state)["rule.opening"]
    assert sorted(pretty_card(c) for c in cards_of(hint.action)) == sorted(["K♦", "K♠", "Joker"])
    assert apply(state, hint.action).has_opened(0)


def test_the_opening_takes_the_cheapest_wild_card_that_reaches_the_minimum() -> None:
    # Classic, 50 to open: K K 2 (40) falls short, K K Joker (70) opens; with A A, A A 2 (60) opens
    state = state_of(["Ad", "As", "2c", "JK", "9d", "5h", "4h", "7c"], phase="play")
    hint = _said(state)["rule.opening"]
    assert sorted(pretty_card(c) for c in cards_of(hint.action)) == sorted(["A♦", "A♠", "2♣"]), hint.explanation()
