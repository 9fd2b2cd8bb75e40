"""After partner's "yes" the answer binds (seed 000 "Bordssamtal": "svaret är bindande"; 002 "die
Antwort ist verbindlich"; 001 "Leikurinn mun þá framfylgja niðurstöðunni"): the judge accepts only
what keeps the way out open, and ``legal_actions`` lists exactly that, found by the judge's own search."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from engine.bots.base import observe
from engine.core.actions import AnswerGoOut, parse_action
from engine.core.state import Phase, State
from engine.judge.game import apply, is_legal
from engine.judge.going_out import leads_out, pile_way_out
from engine.judge.legal import legal_actions
from engine.position import load_position
from tests.engine.helpers import play, refusal, state_of

DATA = Path(__file__).parents[1] / "data"
ANSWERS = Path(__file__).parents[3] / "bench" / "data" / "hint_positions_answer92.json"
SAMBA7 = ["4h", "5h", "6h", "7h", "8h", "9h", "10h"]
KINGS = ["Kh", "Kd", "Kc", "Ks", "Kh", "Kd", "Kc"]


def _rest_of_turn(state: State, seat: int) -> None:
    """Every listed action of ``seat``'s turn after a yes, followed to the turn's end: each is legal,
    each leaves the hand over or the way out open, and where the way out is open something is listed."""
    if state.phase is Phase.END or state.turn != seat:
        return
    listed = legal_actions(state)
    assert listed, "after a yes the player is left without a legal action"
    for action in listed:
        assert is_legal(state, action), action
        after = apply(state, action)
        assert after.phase is Phase.END or after.turn != seat or leads_out(after), action
        _rest_of_turn(after, seat)


def test_royal_a_take_after_yes_leaves_the_way_out_listed() -> None:
    """A Royal deal where the asker, told yes before the draw, takes the pile with 4♥ 4♥: the judge
    found the way out after the take with its complete search, the listing asked the quick one and
    found none, so the player had no legal action."""
    data = json.loads((DATA / "royal_yes_pile_take.json").read_text())
    before, take = load_position(data["before"]), parse_action(data["action"])
    assert before.turn_state.permission is True and take in legal_actions(before)
    after = apply(before, take)
    assert after.phase is Phase.PLAY and leads_out(after)
    _rest_of_turn(before, before.turn)
    state = after
    while state.phase is not Phase.END:
        state = apply(state, legal_actions(state)[0])
    assert state.went_out == before.turn


def test_royal_a_replacement_that_closes_the_way_out_is_refused() -> None:
    """Seed 000 "Ersättning av röda treor": the replacement is optional. After a yes, one that would
    leave two cards no meld takes is refused, and the discard that goes out is what is listed."""
    state = state_of([], variant="royal", phase="play", melds=[[KINGS, SAMBA7], []], hands=[["3h", "5c"], 15, 15, 15],
                     stock=["6d"])
    asked = play(play(state, {"type": "ask_go_out"}), {"type": "answer_go_out", "yes": True})
    melded = play(asked, {"type": "meld", "melds": [["3h"]]})
    assert melded.turn_state.replacements == 1
    assert refusal(melded, {"type": "draw_replacement"}).rule == "going_out.required"
    assert [a.type for a in legal_actions(melded)] == ["discard"]
    assert play(melded, {"type": "discard", "card": "5c"}).went_out == 0


def test_royal_a_replacement_that_keeps_the_way_out_is_allowed() -> None:
    # the K♦ drawn goes onto the kings: the way out stays open (the list, canonical, offers the discard)
    state = state_of([], variant="royal", phase="play", melds=[[KINGS, SAMBA7], []], hands=[["3h", "5c"], 15, 15, 15],
                     stock=["Kd"])
    asked = play(play(state, {"type": "ask_go_out"}), {"type": "answer_go_out", "yes": True})
    melded = play(asked, {"type": "meld", "melds": [["3h"]]})
    drawn = play(melded, {"type": "draw_replacement"})
    assert leads_out(drawn) and legal_actions(drawn)
    _rest_of_turn(drawn, 0)


@pytest.mark.parametrize("variant", ["classic", "wiener", "royal", "swedish"])
def test_after_yes_in_deals_from_the_answering_seat(variant: str) -> None:
    """The answer set's positions of ``variant``, two deals of the hidden cards each from the answering
    seat where the asker can go out (up to ten drawn a position): after the yes the asker's whole turn keeps to the way out."""
    entries = [e for e in json.loads(ANSWERS.read_text()) if e["variant"] == variant]
    rng = random.Random(31)
    tried = 0
    for entry in entries:
        state = load_position(entry["position"])
        obs = observe(state, state.turn)
        kept = 0
        for _ in range(10):
            yes = apply(obs.determinize(rng), AnswerGoOut(True))
            if not (pile_way_out(yes) if yes.phase is Phase.DRAW else leads_out(yes)):
                continue  # a deal the question rules out: this asker could not have asked
            kept += 1
            _rest_of_turn(yes, yes.turn)
            if kept == 2:
                break
        tried += kept
    assert tried >= 15
