"""Each of the Taktik's 15 tips (seed 000, section "Taktik", in the order of its text) in a position
where it must speak and in a near miss where it must stay silent; the tips with two halves (12, 13
and 14) have both, and tip 15 speaks in every variant. The near miss changes one fact of the
position: the one the tip's situation turns on."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core.actions import Discard, Draw, MeldAction, TakePile, parse_action
from engine.core.cards import format_cards, pretty_card, rank
from engine.judge.game import apply, is_legal
from engine.hints.ranked import Hint, against, arranged, contradictions, hints
from engine.core.state import State
from tests.engine.helpers import state_of

OPENED = [["Qh", "Qd", "Qc"]]
CANASTA = ["Kh", "Kd", "Kc", "Ks", "Kh", "Kd", "Kc"]
SAMBA = ["4h", "5h", "6h", "7h", "8h", "9h", "10h"]


def _state(hand: list[str], variant: str = "classic", **fields: Any) -> State:
    size = 15 if variant in ("royal",) else 13 if variant == "swedish" else 11
    data: dict[str, Any] = {"variant": variant, "phase": "play", "melds": [OPENED, []],
                            "hands": [hand, size, size, size]}
    data.update(fields)
    return state_of([], **data)


def _royal(hand: list[str], **fields: Any) -> State:
    return _state(hand, "royal", **fields)


def _said(state: State, tip: str) -> Hint | None:
    found = hints(state)
    for hint in found:
        assert is_legal(state, hint.action), (hint.tip, hint.action)
        assert "{" not in hint.explanation()
    assert not contradictions(found, state), [(h.tip, h.action) for h in found]
    return next((h for h in found if h.tip == tip), None)


def _fires(state: State, tip: str) -> Hint:
    hint = _said(state, tip)
    assert hint is not None, f"{tip} is silent; said: {[h.tip for h in hints(state)]}"
    return hint


def _silent(state: State, tip: str) -> None:
    hint = _said(state, tip)
    assert hint is None, f"{tip} spoke: {hint.explanation() if hint else ''}"


# 1. "Hans hand bör innehålla minst åtta eller fler kort ... tre femmor ... bättre att använda dem senare"
def test_tip_1_keep_cards() -> None:
    hand = ["5c", "5d", "5h", "9s", "Kh", "Jd", "8c", "4h"]
    hint = _fires(_state(hand), "tactics.keep_cards")
    assert isinstance(hint.action, Discard) and "5♣" in hint.explanation()
    _silent(_state(hand[:7]), "tactics.keep_cards")  # seven cards: nothing left to keep back
    # "ända till den grad att motståndarlaget skulle kunna gå ut": no longer once the other side can
    _silent(_state(hand, melds=[OPENED, [["Ah", "Ad", "Ac", "As", "Ah", "Ad", "Ac"]]]), "tactics.keep_cards")


# 2. "Det är klokt att behålla dubletter av samma valör när högen är frusen"
def test_tip_2_keep_pairs() -> None:
    hand = ["8c", "8d", "Kh", "5s"]
    hint = _fires(_state(hand, pile=["2c", "9h"]), "tactics.keep_pairs")
    assert isinstance(hint.action, Discard) and rank(hint.action.card) != 8
    _silent(_state(hand, pile=["4c", "9h"]), "tactics.keep_pairs")  # not frozen


# 3. "placera de vilda korten tillsammans, alla treor tillsammans, och sedan ... arrangera eventuella Sambas"
def test_tip_3_arranged_hand() -> None:
    hand = ["9d", "3s", "2c", "5c", "8d", "JK", "Kc", "7d"]
    royal = _royal(hand)
    order = format_cards([royal.hands[0][i] for i in arranged(royal, 0)])
    runs = "".join(order[3:])
    assert order[:3] == ["2c", "JK", "3s"] and "7d8d9d" in runs  # the run of diamonds together, in order
    classic = _state(hand)  # no Sambas: by rank alone
    order = format_cards([classic.hands[0][i] for i in arranged(classic, 0)])
    assert order == ["2c", "JK", "3s", "5c", "7d", "8d", "9d", "Kc"]


# 4. "Det lag som strävar efter att bygga röda och svarta Canastas kommer att förlora till laget som
#     går in för att göra Sambas"
def test_tip_4_sambas_win() -> None:
    hint = _fires(_royal(["7d", "8d", "9d", "Kc", "4s", "6h"]), "tactics.sambas_win")
    assert isinstance(hint.action, MeldAction) and "Samba" in hint.explanation()
    _silent(_royal(["7d", "8c", "9d", "Kc", "4s", "6h"]), "tactics.sambas_win")  # no run of one suit
    _silent(_state(["7d", "8d", "9d", "Kc", "4s", "6h"]), "tactics.sambas_win")  # Classic has no Sambas


# 5. "Varje Samba ... innehåller en åtta, nia och en tia ... undvika att mäla sjuor och knektar":
#    about a meld of those cards someone proposes (the learner's move), not one nobody proposed
def test_tip_5_samba_cards() -> None:
    state = _royal(["9c", "9d", "9h", "Kc", "4s", "6d"])
    _silent(state, "tactics.samba_cards")  # nobody proposed melding the 9s
    nines = parse_action({"type": "meld", "melds": [["9c", "9d", "9h"]]})
    assert "tactics.samba_cards" in {h.tip for h in against(state, nines)}
    aces = _royal(["Ac", "Ad", "Ah", "Kc", "4s", "6d"])
    assert not against(aces, parse_action({"type": "meld", "melds": [["Ac", "Ad", "Ah"]]}))
    classic = _state(["9c", "9d", "9h", "Kc", "4s", "6d"])  # no Sambas in Classic
    assert "tactics.samba_cards" not in {h.tip for h in against(classic, nines)}


# 6. "Mäla dina röda treor så snart som möjligt"; "hålla på din fjärde röda trea"
def test_tip_6_meld_red_threes() -> None:
    hint = _fires(_royal(["3h", "9c", "Kd", "5s"]), "tactics.meld_red_threes")
    assert isinstance(hint.action, MeldAction) and tuple(hint.action.cards()) == hint.cards
    _silent(_royal(["3c", "9c", "Kd", "5s"]), "tactics.meld_red_threes")  # a black three


# 7. "Undvik att saka en svart eller röd trea såvida det andra laget inte har en chans att bygga en Royal Canasta"
def test_tip_7_keep_threes() -> None:
    hint = _fires(_royal(["3c", "9c", "Kd", "5s"]), "tactics.keep_threes")
    assert isinstance(hint.action, Discard) and rank(hint.action.card) != 3
    # the other side's chance at a Royal canasta is the reason to keep them most of all
    hint = _fires(_royal(["3c", "9c", "Kd", "5s"], melds=[OPENED, [["3h", "3s"]]]), "tactics.keep_threes")
    assert isinstance(hint.action, Discard) and rank(hint.action.card) != 3
    _silent(_royal(["9c", "Kd", "5s", "6h"], melds=[OPENED, [["3h", "3s"]]]), "tactics.keep_threes")


def test_tips_6_and_7_do_not_muddle_a_red_three_to_meld_with_threes_to_keep() -> None:
    # a red three to meld (6) and a black three to keep (7): "keep your threes" would say both
    state = _royal(["3h", "3c", "9c", "Kd", "5s"])
    melds, keep = _fires(state, "tactics.meld_red_threes"), _fires(state, "tactics.keep_threes")
    assert isinstance(melds.action, MeldAction) and [pretty_card(c) for c in keep.cards] == ["3♣"]
    assert "black three" in keep.explanation() and "your threes" not in keep.explanation()


# 8. "En kraftfull öppning är en del av en Bolivia och en eller flera eventuella Sambas"
def test_tip_8_strong_opening() -> None:
    hand = ["2c", "2d", "JK", "Ac", "Ad", "Ah", "Kc", "Kd", "Ks", "9s", "5d"]
    hint = _fires(_royal(hand, melds=[[], []]), "tactics.strong_opening")
    assert isinstance(hint.action, MeldAction)
    _silent(_royal(["2c", *hand[3:]], melds=[[], []]), "tactics.strong_opening")  # one wild card


# 9. "Om du i hemlighet försöker att bygga en Samba på handen, kanske en av dina partners kommer att saka kortet"
def test_tip_9_secret_samba() -> None:
    hand = ["7d", "8d", "9d", "Kc", "4s", "6h"]
    _fires(_royal(hand), "tactics.secret_samba")
    _silent(_royal(hand, melds=[[*OPENED, ["4c", "5c", "6c"]], []]), "tactics.secret_samba")  # a Samba shown
    two = state_of([], variant="royal", phase="play", melds=[OPENED, []], hands=[hand, 15])
    _silent(two, "tactics.secret_samba")  # no partner to discard it


# 10. "försök att använda essen först, sedan fyrorna, sedan kungarna, sedan femmorna etc."
def test_tip_10_opening_order() -> None:
    hand = ["Ac", "Ad", "Ah", "Kc", "Kd", "Ks", "7c", "7d", "7h", "9s", "5d", "6h", "8c"]
    hint = _fires(_royal(hand, melds=[[], []]), "tactics.opening_order")
    assert {pretty_card(c) for c in hint.cards} >= {"A♣", "A♦", "A♥"}
    _silent(_royal(hand, melds=[OPENED, []]), "tactics.opening_order")  # opened already


# 11. "välja mellan en joker eller en tvåa, använd jokern"
def test_tip_11_joker_first() -> None:
    six = [["Qh", "Qd", "Qc", "Qs", "Qh", "2s"], ["5h", "5c", "5d"]]  # mixed: a natural one is spared
    hint = _fires(_state(["JK", "2c", "5s", "9d"], melds=[six, []]), "tactics.joker_first")
    assert isinstance(hint.action, MeldAction) and hint.cards == tuple(hint.action.cards())
    _silent(_state(["2d", "2c", "5s", "9d"], melds=[six, []]), "tactics.joker_first")  # no joker


# 12. "Ha inte för bråttom med att ta upp sakhögen. Den innehåller bara några få kort"
def test_tip_12_dont_rush_for_a_small_pile() -> None:
    hint = _fires(_state(["7h", "7d", "Kc"], phase="draw", pile=["9c", "7s"]), "tactics.dont_rush_pile")
    assert hint.action == Draw()
    _silent(_state(["7h", "7d", "Kc"], phase="draw", pile=["9c", "4d", "7s"]), "tactics.dont_rush_pile")


# 12, its other half: "de bästa spelarna är de som kan hindra motspelarna från att ta sakhögen när
#     de tar den själva vid rätt tillfälle"
def test_tip_12_take_the_pile_at_the_right_moment() -> None:
    rich = ["9c", "4d", "Jh", "5s", "8c", "6d", "7s"]
    hint = _fires(_state(["7h", "7d", "Kc"], phase="draw", pile=rich), "tactics.take_pile")
    assert isinstance(hint.action, TakePile) and "7 cards" in hint.explanation()
    _silent(_state(["7h", "7d", "Kc"], phase="draw", pile=rich[-3:]), "tactics.take_pile")  # only three cards


def test_tip_12_deny_a_rich_pile_to_the_next_side() -> None:
    rich = ["9c", "4d", "Jh", "5s", "8c", "6d", "7s"]
    theirs = [["9d", "9s", "9h"], ["6c", "6h", "6s"]]
    state = _state(["9h", "6h", "Kc", "4s"], pile=rich, melds=[OPENED, theirs])
    hint = _fires(state, "tactics.deny_pile")
    assert isinstance(hint.action, Discard) and rank(hint.action.card) not in (9, 6)
    assert "7 cards" in hint.explanation()
    _silent(_state(["9h", "6h", "Kc", "4s"], pile=rich[-2:], melds=[OPENED, theirs]), "tactics.deny_pile")


# 13. "Du väljer att gå ut för att förhindra att dina motspelare kompletterar stora mälningar"
def test_tip_13_go_out_before_the_other_side_outgrows_you() -> None:
    canasta = ["Qh", "Qd", "Qc", "Qs", "Qh", "Qd", "2c"]
    big = [["Ah", "Ad", "Ac", "As"], ["Kh", "Kd", "Kc", "Ks"], ["Jh", "Jd", "Jc"]]
    hand = ["9c", "9d", "9h", "5s"]
    _fires(_state(hand, melds=[[canasta], big]), "tactics.going_out_time")
    _silent(_state(hand, melds=[[canasta, *big[:2]], [["5h", "5d", "5c"]]]), "tactics.going_out_time")


# 13, its other half: "kommer du ofta att vilja fortsätta omgången eftersom de mälningar som du
#     bygger har mer potential"
def test_tip_13_stay_in_where_your_melds_have_more_to_come() -> None:
    mine = [["Qh", "Qd", "Qc", "Qs", "Qh", "Qd", "Qc"], ["8h", "8d", "8c", "8s", "8h", "8d"]]
    state = _state(["5c", "5d", "5h", "9d"], melds=[mine, []])
    hint = _fires(state, "rule.go_out")
    assert "Go out rather than stay in" in hint.explanation() and isinstance(hint.action, MeldAction)
    threatened = _state(["5c", "5d", "5h", "9d"], melds=[mine, [CANASTA]])
    assert "stay in" not in _fires(threatened, "rule.go_out").explanation()


# 14. "Om det andra laget är nära 18.000 poäng vid början av given och ditt lag är långt efter"
def test_tip_14_near_the_end_get_out() -> None:
    hint = _fires(_royal(["9c", "9d", "9h", "5s"], scores=[9000, 16500]), "tactics.watch_score")
    assert "18000" in hint.explanation().replace(" ", "").replace("\u202f", "").replace(",", "")
    _silent(_royal(["9c", "9d", "9h", "5s"], scores=[9000, 12000]), "tactics.watch_score")


def test_tip_14_its_move_is_the_samba() -> None:
    hand = ["7d", "8d", "9d", "Kc", "Kd", "Ks", "Jc", "5s"]
    hint = _fires(_royal(hand, scores=[9000, 16500]), "tactics.watch_score")
    assert isinstance(hint.action, MeldAction)
    assert [pretty_card(c) for c in hint.action.cards()] == ["7♦", "8♦", "9♦"]


# 14, its other half: "Den kommer att avgöra om du ska försöka stanna kvar i given en längre tid för
#     att samla ihop mera poäng": where the way out wins the game, go; where the side is far behind and
#     nobody is near the end, staying in to collect points is the score's advice
def test_tip_14_the_score_decides_whether_to_stay_in_longer() -> None:
    mine = [["Qh", "Qd", "Qc", "Qs", "Qh", "Qd", "Qc"], ["8h", "8d", "8c", "8s"]]
    wins = _state(["5c", "5d", "5h", "9d"], melds=[mine, []], scores=[4600, 3000])
    hint = _fires(wins, "tactics.watch_score")
    after = apply(wins, hint.action)
    assert "5000" in hint.explanation().replace(" ", "").replace("\u202f", "").replace(",", "")
    assert isinstance(hint.action, MeldAction) and len(after.hands[0]) <= 1
    behind = _state(["5c", "5d", "5h", "9d"], melds=[mine, []], scores=[500, 2500])
    text = _fires(behind, "rule.go_out").explanation()
    assert "2000 points behind" in text.replace("\u202f", "").replace(",", "")
    _silent(_state(["5c", "5d", "5h", "9d"], melds=[mine, []], scores=[1000, 1200]), "tactics.watch_score")
    even = _state(["5c", "5d", "5h", "9d"], melds=[mine, []], scores=[1000, 1200])
    assert "points behind" not in _fires(even, "rule.go_out").explanation()


# 15. "När motståndarlaget har kompletterat en Canasta och en Samba och åtminstone en av spelarna i det
#     laget endast har några få kort kvar ... mäla så många kort som möjligt": in every variant
@pytest.mark.parametrize("variant", ["classic", "wiener", "royal", "swedish"])
def test_tip_15_shed_cards_in_every_variant(variant: str) -> None:
    theirs = [CANASTA, SAMBA] if variant == "royal" else [CANASTA, ["Ah", "Ad", "Ac", "As", "Ah", "Ad", "Ac"]]
    hand = ["Qs", "9h", "9c", "9d", "6d"]
    size = 15 if variant == "royal" else 11
    close = state_of([], variant=variant, phase="play", melds=[OPENED, theirs], hands=[hand, 2, size, size])
    hint = _fires(close, "tactics.shed_cards")
    assert isinstance(hint.action, MeldAction)
    far = state_of([], variant=variant, phase="play", melds=[OPENED, theirs], hands=[hand, 9, size, 9])
    _silent(far, "tactics.shed_cards")
