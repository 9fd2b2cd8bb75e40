"""The table's view-model: taps build actions, the engine judges them, refusals change nothing."""

from __future__ import annotations

from engine.actions import parse_action
from engine.game import is_legal
from engine.position import dump_position
from tutor.model import TableModel
from tutor.workers import choose_action


def _game(lang: str = "en") -> TableModel:
    return TableModel.new_game("classic", 4, lang, seed=11)


def test_a_new_game_seats_the_learner_first() -> None:
    model = _game()
    assert model.is_my_turn() and len(model.hand) == 11 and model.log[0].startswith("Hand 1")
    assert model.can("draw") and not model.can("discard")


def test_tapping_selects_and_unselects() -> None:
    model = _game()
    model.tap_card(2)
    model.tap_card(5)
    model.tap_card(2)
    assert model.selected == [5] and model.selected_cards() == (model.hand[5],)


def test_a_refusal_is_explained_in_the_language_and_changes_nothing() -> None:
    model = _game("de")
    model.simple("draw")
    before = dump_position(model.state, reveal=True)
    model.tap_card(0)
    assert not model.play(model.meld_action())
    assert model.refusal is not None and model.refusal.rule == "meld.too_small"
    assert "Meldung" in model.refusal.explanation and model.refusal.section == "Leikurinn"
    assert dump_position(model.state, reveal=True) == before and model.selected == [0]


def test_undo_returns_to_before_the_learners_action() -> None:
    model = _game()
    start = model.state
    model.simple("draw")
    assert model.can_undo()
    model.undo()
    assert model.state is start and not model.can_undo()


def test_staged_melds_go_down_together() -> None:
    model = _game()
    model.tap_card(0)
    model.tap_card(1)
    model.stage()
    model.tap_card(2)
    action = model.meld_action()
    assert len(action.melds) == 2 and len(model.staged) == 1 and model.selected == [2]


def test_the_computer_players_moves_come_from_the_worker_and_are_judged() -> None:
    model = _game()
    model.simple("draw")
    model.tap_card(0)
    assert model.play(model.discard_action())  # type: ignore[arg-type]
    moves = 0
    while model.bots_to_move():
        action = parse_action(choose_action(dump_position(model.state, reveal=True), "basic", moves))
        assert is_legal(model.state, action)
        model.play_bot(action)
        moves += 1
    assert moves >= 3 and (model.is_my_turn() or model.state.is_over())


def test_a_whole_hand_then_the_next() -> None:
    model = _game()
    seed = 0
    while not model.state.is_over():
        if model.is_my_turn():
            if model.state.phase.value == "draw":
                model.simple("draw") or model.simple("decline_pile")
            elif model.state.phase.value == "answer":
                model.answer(True)
            else:
                model.selected = [0]
                if not model.play(model.discard_action()):  # type: ignore[arg-type]
                    break
        else:
            model.play_bot(parse_action(choose_action(dump_position(model.state, reveal=True), "basic", seed)))
            seed += 1
    assert model.state.is_over() and model.hand_scores
    model.next_hand()
    assert model.hand_number == 2 and not model.state.is_over() and sum(map(abs, model.state.scores)) > 0


def test_a_game_is_continued_where_it_was_left() -> None:
    import json

    model = _game()
    model.simple("draw")
    again = TableModel.restore(json.loads(json.dumps(model.saved())), "is")
    assert dump_position(again.state, reveal=True) == dump_position(model.state, reveal=True)
    assert again.lang == "is" and again.log == model.log and again.rules.name == "classic"


def test_a_hint_highlights_its_cards_until_the_next_action() -> None:
    from tutor.workers import hints_for

    model = _game()
    found = hints_for(dump_position(model.state, reveal=True), "en")
    assert found and all(h["text"] for h in found)
    model.show_hint("look", (model.hand[0],))
    assert model.hinted(0)
    model.simple("draw")
    assert model.hint is None and not model.hinted(0)


def test_the_review_finds_the_moments_a_tip_applied() -> None:
    from tutor.workers import review

    model = TableModel.new_game("classic", 4, "en", seed=11)
    model.simple("draw")
    assert len(model.moves) == 1
    frozen = state_of_frozen_pairs()
    moments = review([(dump_position(frozen, reveal=True), {"type": "discard", "card": "8c"})], "en")
    assert moments and moments[0]["tip"] == "tactics.keep_pairs" and "8♣" in moments[0]["did"]
    followed = review([(dump_position(frozen, reveal=True), {"type": "discard", "card": "5s"})], "en")
    assert all(m["tip"] != "tactics.keep_pairs" for m in followed)


def state_of_frozen_pairs():  # type: ignore[no-untyped-def]
    from tests.engine.helpers import state_of

    return state_of(["8c", "8d", "Kh", "5s"], phase="play", pile=["2c", "9h"], melds=[[["Qh", "Qd", "Qc"]], []])
