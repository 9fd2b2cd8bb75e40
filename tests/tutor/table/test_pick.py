"""Royal's discard of a card melded this turn (seed 000 "Spelordning"), built from taps: a tap on the
side's meld with no card of the hand selected picks its last card, each further tap the card before."""

from __future__ import annotations

from typing import Any

from engine.core.actions import Discard, Layoff, MeldAction
from engine.core.cards import parse_card, parse_cards
from engine.position import load_position
from tutor.table.model import TableModel
from tutor.views.widgets import available

OPENED: dict[str, Any] = {"phase": "play", "hands": [["8c", "8d", "8h", "8s", "Jd", "Kh", "5c", "Qs"], 15, 15, 15],
                          "melds": [[["Qh", "Qd", "Qc"]], []], "pile": ["9c", "4d"], "stock": 40}


def _table(variant: str = "royal", **fields: Any) -> TableModel:
    state = load_position({"variant": variant, **OPENED, **fields})
    return TableModel(rules=state.rules, state=state, practice=True)


def _melded(model: TableModel, cards: str) -> TableModel:
    assert model.play(MeldAction(melds=(parse_cards(cards.split()),)))
    return model


def test_a_tap_on_the_meld_picks_its_last_card_and_each_further_tap_the_one_before() -> None:
    model = _melded(_table(), "8c 8d 8h 8s")
    assert model.can_pick(1) and model.discard_action() is None and not available(model)["discard"]
    assert not model.can_pick(0)  # the queens took nothing this turn: a tap there asks for a lay-off
    model.pick(1)
    assert model.picked_card() == parse_card("8s") and model.discard_action() == Discard(parse_card("8s"), 1)
    assert available(model)["discard"] and model.why_not("discard") == ""
    model.pick(1)
    assert model.picked_card() == parse_card("8h")
    for _ in range(3):
        model.pick(1)
    assert model.picked is None  # past the meld's first card: nothing picked
    model.pick(1)
    model.tap_card(0)  # a card of the hand chosen instead
    assert model.picked is None and model.discard_action() == Discard(model.hand[0])


def test_the_picked_card_is_the_discard_and_the_meld_keeps_the_rest() -> None:
    model = _melded(_table(), "8c 8d 8h 8s")
    model.pick(1)
    assert model.play(model.discard_action() or Discard(0))
    assert model.state.top() == parse_card("8s") and len(model.state.melds[0][1].cards) == 3
    assert model.picked is None


def test_the_engine_judges_the_pick_a_meld_of_three_or_an_earlier_turns_card_is_refused() -> None:
    model = _melded(_table(), "8c 8d 8h")
    model.pick(1)
    assert not model.play(model.discard_action() or Discard(0))
    assert model.rejected is not None and model.rejected.rule == "discard.breaks_meld"
    assert model.why_not("discard").startswith("You may discard a card you melded this turn only if")
    model.clear()
    assert model.play(MeldAction(layoffs=(Layoff(0, (parse_card("Qs"),)),)))
    model.pick(0)
    assert model.picked_card() == parse_card("Qs")  # laid off this turn: it may be the discard
    model.pick(0)
    assert not model.play(model.discard_action() or Discard(0))
    assert model.rejected is not None and model.rejected.rule == "discard.melded_before"


def test_no_pick_before_the_draw_with_a_card_selected_or_outside_royal() -> None:
    assert not _table(phase="draw").can_pick(0)
    selected = _melded(_table(), "8c 8d 8h 8s")
    selected.tap_card(0)
    assert not selected.can_pick(1)
    classic = _table("classic", hands=[["8c", "8d", "8h", "8s", "Jd", "Kh", "5c"], 11, 11, 11])
    assert not _melded(classic, "8c 8d 8h 8s").can_pick(1)
