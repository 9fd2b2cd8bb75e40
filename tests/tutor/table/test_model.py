"""The table's view-model: taps build actions, the engine judges them, refusals change nothing."""

from __future__ import annotations

import pytest

from engine.core.actions import Action, Discard, parse_action
from engine.judge.game import is_legal
from engine.core.i18n import translate
from engine.bots.levels import Search
from engine.position import dump_position
from engine.core.state import State
from tutor.table.model import TableModel
from tutor.table.workers import choose_action


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


def _discard(model: TableModel) -> Discard:
    """The discard of the one card selected."""
    action = model.discard_action()
    assert action is not None, f"one card selected, not {model.selected}"
    return action


def test_the_computer_players_moves_come_from_the_worker_and_are_judged() -> None:
    model = _game()
    model.simple("draw")
    model.tap_card(0)
    assert model.play(_discard(model))
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
                if not model.play(_discard(model)):
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
    assert again.lang == "is" and again.rules.name == "classic"
    model.lang = "is"
    assert again.log_lines() == model.log_lines() and again.log_lines()[0].startswith("Umferð 1")


def test_a_hint_highlights_its_cards_until_the_next_action() -> None:
    from tutor.table.workers import hints_for

    model = _game()
    found = hints_for(dump_position(model.state, reveal=True), "en")
    assert found and all(h["text"] for h in found)
    model.show_hint("look", (model.hand[0],))
    assert model.hinted(0)
    model.simple("draw")
    assert model.hint is None and not model.hinted(0)


def test_the_review_names_a_mistake_the_trial_deals_bear_out() -> None:
    from engine.core.actions import Discard
    from engine.core.cards import parse_card
    from engine.hints.ranked import against
    from tutor.table.workers import REVIEW_CONFIRM, review

    model = TableModel.new_game("classic", 4, "en", seed=11)
    model.simple("draw")
    assert len(model.moves) == 1
    gift = dump_position(state_of_a_pile_to_deny(), reveal=True)
    assert against(state_of_a_pile_to_deny(), Discard(parse_card("Jh")))  # the hints advise against it
    moments = review([(gift, {"type": "discard", "card": "Jh"})], "en")
    assert [m["tip"] for m in moments] == ["tactics.deny_pile"] and "J♥" in moments[0]["did"]
    assert moments[0]["cost"] >= 50 and f"{REVIEW_CONFIRM} trial deals" in moments[0]["advice"]  # confirmed
    assert review([(gift, {"type": "discard", "card": "5s"})], "en") == []  # the discard the hint advised


def test_the_review_says_nothing_where_trial_deals_do_not_bear_a_tip_out() -> None:
    """Breaking a pair against a frozen pile goes against keep-your-pairs, but in trial deals here
    it did as well as the advised discard: a learner is not told it was a mistake."""
    from engine.core.actions import Discard
    from engine.core.cards import parse_card
    from engine.hints.ranked import against
    from tutor.table.workers import review

    frozen = state_of_frozen_pairs()
    assert [h.tip for h in against(frozen, Discard(parse_card("8c")))] == ["tactics.keep_pairs"]
    assert review([(dump_position(frozen, reveal=True), {"type": "discard", "card": "8c"})], "en") == []


def test_the_review_names_a_mistake_only_where_longer_trial_deals_confirm_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """Clear in the first trial deals, not over the longer look: no moment (one noisy look is not enough)."""
    from engine.bots import trials
    from tutor.table.workers import REVIEW_CONFIRM, REVIEW_WORLDS, moments

    looked: list[tuple[int, int]] = []

    def compare(state: State, better: Action, worse: Action, samples: int, seed: int,
                search: Search = Search(), start: int = 0) -> trials.Edge:
        looked.append((start, samples))  # clear over the first worlds, a loss over the fresh ones
        return trials.Edge.of([300.0 + i % 2 if start == 0 else -200.0 + i % 2 for i in range(samples - start)])

    monkeypatch.setattr(trials, "compare", compare)
    gift = dump_position(state_of_a_pile_to_deny(), reveal=True)
    assert moments(0, gift, {"type": "discard", "card": "Jh"}) == []
    # the longer look only after a clear first one, and only its fresh worlds played
    assert looked == [(0, REVIEW_WORLDS), (REVIEW_WORLDS, REVIEW_CONFIRM)]


def state_of_a_pile_to_deny() -> State:
    """Late in a hand: thirteen cards in the pile and the next side's meld of jacks beside it."""
    from tests.engine.helpers import state_of

    hand = ["Jh", "5s", "9d", "Kh", "Kd", "6h"]
    return state_of(hand, phase="play", stock=4, hands=[hand, 7, 7, 7],
                    pile=["4c", "6d", "Tc", "Ac", "8h", "Qs", "7d", "9c", "Ks", "Ad", "Th", "8s", "4d"],
                    melds=[[["Qh", "Qd", "Qc"]], [["Jc", "Jd", "Js"]]])


def _trial_deals_that_favour_the_advice(monkeypatch: pytest.MonkeyPatch, points: dict[str, float]) -> None:
    """The review's trial deals replaced by a fixed verdict: the advice beats the learner's discard
    of a card named in ``points`` by that many points (error 10), any other move by nothing."""
    from engine.bots import trials
    from engine.core.cards import parse_card
    from tutor.table.workers import REVIEW_CONFIRM

    by_code = {parse_card(card): edge for card, edge in points.items()}

    def compare(state: State, better: Action, worse: Action, samples: int, seed: int,
                search: Search = Search(), start: int = 0) -> trials.Edge:
        points = by_code.get(getattr(worse, "card", -1), 0.0)
        spread = 10.0 * (REVIEW_CONFIRM - 1) ** 0.5  # every other world above, the rest below: over all, an error of 10
        return trials.Edge.of([points + (spread if i % 2 else -spread) for i in range(start, samples)])

    monkeypatch.setattr(trials, "compare", compare)


def state_of_frozen_pairs() -> State:
    from tests.engine.helpers import state_of

    return state_of(["8c", "8d", "Kh", "5s"], phase="play", pile=["2c", "9h"], melds=[[["Qh", "Qd", "Qc"]], []])


def _play_to_the_end(model: TableModel) -> None:
    """The hand played out by the basic player in every seat (the learner's too)."""
    seed = 0
    while not model.state.is_over():
        action = parse_action(choose_action(dump_position(model.state, reveal=True), "basic", seed))
        seed += 1
        if model.is_my_turn():
            assert model.play(action)
        else:
            model.play_bot(action)


def test_undo_after_the_end_of_a_hand_takes_its_score_back() -> None:
    from engine.core.scoring import score_hand

    model = _game()
    seed = 0
    line: list[Action] = []
    while not model.state.is_over():  # the hand, remembering the moves since the learner's last
        action = parse_action(choose_action(dump_position(model.state, reveal=True), "basic", seed))
        seed += 1
        if model.is_my_turn():
            assert model.play(action)
            line = [action]
        else:
            model.play_bot(action)
            line.append(action)
    scored = tuple(s.total for s in score_hand(model.state))
    assert model.totals == scored and len(model.hand_scores) == 1
    model.undo()
    assert not model.state.is_over() and model.totals == (0, 0) and model.hand_scores == []
    assert not any("this hand" in line for line in model.log) and model.review == []
    assert model.play(line[0])
    for action in line[1:]:  # the same moves again: the hand ends as before
        model.play_bot(action)
    assert model.state.is_over() and model.totals == scored  # not twice
    assert sum("this hand" in text for text in model.log) == 2  # one line a side, once
    model.next_hand()
    assert model.hand_number == 2 and model.state.scores == scored and model.totals == scored
    assert model.opening_minimum() == model.rules.opening_minimum(scored[0])


def test_a_finished_hand_is_banked_and_the_next_hand_counts_on_top() -> None:
    model = _game()
    _play_to_the_end(model)
    first = model.totals
    model.next_hand()
    assert model.banked == first and model.totals == first and len(model.hand_scores) == 1
    _play_to_the_end(model)
    second = model.hand_scores[-1]
    assert model.totals == tuple(f + s.total for f, s in zip(first, second)) and len(model.hand_scores) == 2


def test_a_saved_finished_hand_is_not_counted_twice_when_continued() -> None:
    import json

    model = _game()
    _play_to_the_end(model)
    again = TableModel.restore(json.loads(json.dumps(model.saved())), "en")
    assert again.totals == model.totals and again.banked == (0, 0) and again.log == model.log[-30:]
    old = {**model.saved(), "log": model.log[-30:]}  # a game saved with its log as plain English lines
    again = TableModel.restore(json.loads(json.dumps(old)), "sv")
    assert again.totals == model.totals and again.log == model.log[-30:]


def test_a_lesson_shows_the_scores_of_its_position() -> None:
    from tutor.lessons.catalog import ROOT, load_lesson

    lesson = load_lesson(ROOT / "classic" / "10-opening-50.toml")
    for variation, setup in enumerate(lesson.setups):
        model = TableModel.for_lesson(lesson, "en", variation)
        assert model.totals == tuple(setup.start.scores) and model.opening_minimum() == 50


def test_a_language_switch_says_the_refusal_the_hint_and_the_log_again() -> None:
    from tutor.table.workers import hints_for

    model = _game("en")
    model.simple("draw")
    model.tap_card(0)
    assert not model.play(model.meld_action())
    english = (model.refusal_text(), model.log_lines())
    found = hints_for(dump_position(model.state, reveal=True), "en")
    model.show_found_hint(found[0])
    hint = model.hint_text()
    model.lang = "de"
    refusal = model.refusal_text()
    assert refusal is not None and english[0] is not None and refusal.rule == english[0].rule
    assert refusal.explanation != english[0].explanation and "Meldung" in refusal.explanation
    assert refusal.title != english[0].title
    assert english[1][0].startswith("Hand 1") and model.log_lines()[0].startswith("Spiel 1")
    assert len(model.log_lines()) == len(english[1]) and model.log_lines()[1] != english[1][1]
    assert model.hint_text() == found[0]["texts"]["de"] != hint
    model.show_found_hint(None)
    assert model.hint_text() == translate("No hint for this moment.", "de") != "No hint for this moment."


def test_the_review_is_said_in_the_current_language(monkeypatch: pytest.MonkeyPatch) -> None:
    from tutor.table.workers import review

    _trial_deals_that_favour_the_advice(monkeypatch, {"8c": 100})
    frozen = state_of_frozen_pairs()
    model = _game("en")
    model.review = review([(dump_position(frozen, reveal=True), {"type": "discard", "card": "8c"})], "en")
    english = model.review_moments()[0]
    model.lang = "sv"
    swedish = model.review_moments()[0]
    assert swedish["tip"] == english["tip"] and swedish["did"] != english["did"]
    assert swedish["advice"] != english["advice"]


def test_the_review_names_the_costliest_moment_first_and_each_tip_once(monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.engine.helpers import state_of
    from tutor.table.workers import review

    _trial_deals_that_favour_the_advice(monkeypatch, {"8c": 60, "2c": 120})
    frozen = dump_position(state_of_frozen_pairs(), reveal=True)
    pairs = {"type": "discard", "card": "8c"}  # against keep-your-pairs, four times
    wild = dump_position(state_of(["2c", "8d", "Kh", "5s"], phase="play", pile=["9c", "9h"],
                                  melds=[[["Qh", "Qd", "Qc"]], []]), reveal=True)
    given = dump_position(state_of(["Kh", "Kd", "5s", "9d"], phase="play", pile=["9c", "9h", "Jd", "Js"],
                                   melds=[[["Qh", "Qd", "Qc"]], []]), reveal=True)
    moves = [(frozen, pairs), (frozen, pairs), (wild, {"type": "discard", "card": "2c"}), (frozen, pairs),
             (given, {"type": "discard", "card": "Kh"}, {"pile_taken": {"cards": 5, "points": 155}}), (frozen, pairs)]
    moments = review(moves, "en")
    tips = [m["tip"] for m in moments]
    assert tips[0] == "review.pile_given" and "froze_pile" in tips[1] + tips[2] and len(tips) == len(set(tips))
    assert [m["cost"] for m in moments] == sorted((m["cost"] for m in moments), reverse=True)
    # what happened, the hints' safer discard and why, and that the trial deals did not bear it out
    assert moments[0]["advice"] == ("The next player took the pile (5 cards) right after this discard. Discarding the"
                                    " 9♦ instead would have broken no pair: the K♥ was one of two natural kings in your"
                                    " hand. In 24 trial deals that discard did not score clearly more than yours: the"
                                    " pile may have been theirs whatever you discarded.")
    assert moments[0]["better"] is None
    froze = next(m for m in moments if m["tip"] == "review.froze_pile")
    assert froze["cost"] == 120 and "froze the pile" in froze["advice"] and "120 ± 10 points more" in froze["advice"]
    keep = next(m for m in moments if m["tip"] == "tactics.keep_pairs")
    assert keep["times"] == 4 and keep["cost"] == 60 and moments[0]["times"] == 1
    _trial_deals_that_favour_the_advice(monkeypatch, {"Kh": 80})  # now the safer discard was clearly better
    again = review([moves[4]], "en")
    assert "Discarding the 9♦ instead would have broken no pair" in again[0]["advice"]
    assert "80 ± 10 points more" in again[0]["advice"] and "did not score clearly" not in again[0]["advice"]
    assert again[0]["better"] == {"type": "discard", "card": "9d"}
    model = _game("de")
    model.review = moments
    said = model.review_moments()
    assert said[0]["advice"] != moments[0]["advice"] and "Paket" in said[0]["advice"]


def test_the_review_hears_of_a_pile_the_next_player_took_after_the_learners_discard() -> None:
    from engine.position import load_position

    model = TableModel.new_game("classic", 4, "en", seed=2)  # a deal where West takes South's discards
    _play_to_the_end(model)
    taken = [m for m in model.moves if m[2].get("pile_taken")]
    assert len(taken) == 2
    for position, action, facts in taken:
        assert action["type"] == "discard"
        pile = load_position(position).pile
        assert facts["pile_taken"]["cards"] == len(pile) + 1  # the pile and the card the learner put on it
    assert all(m[1]["type"] == "discard" or not m[2] for m in model.moves)


def test_cards_set_aside_as_a_meld_leave_the_selectable_hand_until_taken_back() -> None:
    model = _game()
    model.simple("draw")
    model.tap_card(0)
    model.tap_card(1)
    model.stage()
    aside = model.staged[0]
    assert model.staged_indexes() == {0, 1} and 0 not in model.hand_order() and 1 not in model.hand_order()
    assert sorted(model.hand_order()) == list(range(2, len(model.hand)))
    model.tap_card(0)  # set aside: not selectable again
    assert model.selected == [] and model.meld_action().melds == (aside,)
    model.tap_card(2)
    model.unstage(0)
    assert model.staged == [] and set(model.hand_order()) == set(range(len(model.hand)))
    model.tap_card(0)
    assert model.selected == [2, 0]


def test_seats_are_named_from_the_learners_chair_at_every_table() -> None:
    expected = {("classic", 4): ["You", "Left", "Partner", "Right"], ("royal", 2): ["You", "Opponent"],
                ("royal", 3): ["You", "Left", "Right"], ("royal", 5): ["You", "Left", "Partner", "Right"],
                ("royal", 6): ["You", "Left", "Partner on the left", "Across", "Partner on the right", "Right"],
                ("wiener", 6): ["You", "Left", "Partner", "Right"]}
    for (variant, people), names in expected.items():
        model = TableModel.new_game(variant, people, "en", seed=3)
        assert [model.seat_label(s) for s in range(model.state.players)] == names
        compass = [model.seat_compass(s) for s in range(model.state.players)]
        assert len(set(compass)) == len(compass) and not any("Seat" in c for c in compass)
        assert model.team_label(model.team).startswith("You")
    model = TableModel.new_game("classic", 4, "de", seed=3)
    assert model.team_label(0) == "Du und Partner" and model.seat_label(1) == "Links"
    model.seat = 2  # names follow the learner's chair
    model.lang = "en"
    assert model.seat_label(0) == "Partner" and model.seat_label(3) == "Left"


def test_a_closed_action_says_why_from_the_engines_refusal() -> None:
    from engine.core.errors import IllegalActionError
    from engine.judge.game import apply
    from engine.core.rulebook import explain
    from tutor.lessons.catalog import ROOT, load_lesson

    model = _game()
    assert model.why_not("draw") == ""
    assert model.why_not("discard") == explain("turn.draw_first", {}, "en")  # the engine's sentence
    assert model.why_not("decline_pile").startswith("You can only decline the pile")
    assert "frozen" in model.why_not("take_pile") and model.why_not("undo").startswith("There is no move")
    model.simple("draw")
    assert model.why_not("draw") == explain("turn.already_drawn", {}, "en")
    assert model.why_not("discard") == "Select one card to discard."
    assert model.why_not("meld") == "Select the cards of a meld first."
    model.tap_card(0)
    try:
        apply(model.state, model.meld_action())
        raise AssertionError("one card is no meld")
    except IllegalActionError as error:
        assert model.why_not("meld") == error.explanation("en") != ""
    assert model.why_not("discard") == ""
    model.play(_discard(model))
    assert model.why_not("draw") == "Left is playing."
    model.lang = "sv"
    assert model.why_not("draw") == "Vänster spelar."
    lesson = TableModel.for_lesson(load_lesson(ROOT / "classic" / "09-frozen-pile.toml"), "en", 1)
    assert lesson.why_not("hint") == "A mastery check is played without hints."
    assert lesson.why_not("undo").startswith("Lessons are played without undo")


def test_a_damaged_log_in_a_saved_game_is_a_type_error() -> None:
    import pytest

    data = {**_game().saved(), "log": [{"en": "fine"}, 42]}
    with pytest.raises(TypeError):
        TableModel.restore(data, "en")


def test_take_the_pile_says_which_cards_to_select_when_no_meld_of_the_side_takes_the_top() -> None:
    from engine.position import load_position
    from tests.engine.helpers import position

    model = _game()
    model.state = load_position(position(["8c", "9d", "9s", "5s"], pile=["4c", "9h"], melds=[[["Qh", "Qd", "Qc"]], []]))
    assert model.why_not("take_pile") == "Select the cards from your hand that meld with the 9♥ first."
    from engine.core.cards import parse_cards

    for card in parse_cards(["9d", "9s"]):
        model.tap_card(model.hand.index(card))
    assert model.why_not("take_pile") == ""
    model.state = load_position(position(["8c", "9d", "5s"], pile=["2c", "9h"], melds=[[["Qh", "Qd", "Qc"]], []]))
    model.selected = []
    assert model.why_not("take_pile").startswith("The pile is frozen (it holds the 2♣)")  # the engine's reason
    # frozen, no meld of 9s, the pair in the hand: the tap lacks its cards (the queens were never chosen)
    model.state = load_position(position(["8c", "9d", "9s"], pile=["2c", "9h"], melds=[[["Qh", "Qd", "Qc"]], []]))
    assert model.why_not("take_pile") == "Select the cards from your hand that meld with the 9♥ first."
    # frozen and a meld of 9s: laying the 9♥ on it is the learner's move, and the engine says why not
    model.state = load_position(position(["8c", "9d", "9s"], pile=["2c", "9h"], melds=[[["9h", "9d", "9c"]], []]))
    assert model.why_not("take_pile").endswith("you hold 2, and this take uses 0.")
    assert not model.play(model.pile_action()) and model.rejected is not None and model.rejected.rule == "pile.frozen"


def test_a_closed_take_says_what_stops_it_not_to_select_cards_the_hand_lacks() -> None:
    from engine.position import load_position
    from tests.engine.helpers import position

    model = _game()
    # no meld of the side takes the 9♥ and the hand has no pair of 9s: nothing to select
    model.state = load_position(position(["8c", "9d", "5s", "6h"], pile=["4c", "9h"], melds=[[["Qh", "Qd", "Qc"]], []]))
    assert not model.can("take_pile")
    assert model.why_not("take_pile") == ("The 9♥ on top fits neither your side's melds nor the cards you hold:"
                                          " draw from the stock.")
    # the pair is there, but three 9s do not reach the opening minimum: the engine's reason for that take
    model.state = load_position(position(["9c", "9d", "5s", "6h"], pile=["4c", "9h"]))
    assert model.why_not("take_pile") == ("Your side's first meld must be worth at least 50 points (your side has 0);"
                                          " these melds are worth 30.")
    model.lang = "sv"
    assert model.why_not("take_pile").startswith("Ditt lags begynnelsemälning måste vara värd minst 50 poäng")


def test_take_the_pile_with_nothing_selected_goes_onto_the_samba_it_extends() -> None:
    # Royal: the 9♠ extends the side's 6♠ 7♠ 8♠; no meld has its rank, so the queens were chosen and refused
    from engine.position import load_position
    from tests.engine.helpers import position

    model = TableModel.new_game("royal", 4, "en", seed=3)
    model.state = load_position(position(["4c", "Kd", "5s", "6h"], variant="royal", pile=["4c", "9s"],
                                         melds=[[["Qh", "Qd", "Qc"], ["6s", "7s", "8s"]], []]))
    assert model.pile_action().onto == 1 and model.why_not("take_pile") == ""
    assert model.play(model.pile_action()) and len(model.state.melds[0][1].cards) == 4


def test_several_melds_in_one_selection_are_told_to_be_set_aside_first() -> None:
    from engine.position import load_position
    from tests.engine.helpers import position

    model = _game()
    # the queens take the Q♥; the sixes with the 2♣ reach the opening minimum: two melds, one selection
    model.state = load_position(position(["Qc", "Qs", "6c", "6h", "2c", "8d", "Kh"], pile=["9c", "Qh"]))
    model.play(parse_action({"type": "take_pile", "meld": ["Qc", "Qs", "6c", "6h", "2c"]}))
    told = model.refusal_text()
    assert told is not None and told.explanation.endswith(
        "not with 6♣ 6♥. Set the other melds aside first with “Set aside as a meld”, then select the cards"
        " that go with the Q♥ and tap “Take the pile”.")
    model.lang = "de"
    told = model.refusal_text()
    assert told is not None and "mit „Als Meldung beiseitelegen“ beiseite" in told.explanation
    model.lang = "en"
    model.state = load_position(position(["Qc", "Qs", "Qd", "6c", "6h", "2c", "8d"], phase="play", **OPENED_QUEENS))
    model.play(parse_action({"type": "meld", "melds": [["Qc", "Qs", "Qd", "6c", "6h", "2c"]]}))
    told = model.refusal_text()
    assert told is not None and told.explanation.endswith("set each aside with “Set aside as a meld”, then tap “Meld”.")
    # a selection of one card too few says the engine's words alone
    model.play(parse_action({"type": "meld", "melds": [["6c", "6h"]]}))
    told = model.refusal_text()
    assert told is not None and "aside" not in told.explanation


OPENED_QUEENS = {"melds": [[["Kh", "Kd", "Kc"]], []]}


def test_the_tables_play_by_play_names_the_seats_as_the_table_does() -> None:
    from engine.core.actions import Draw

    model = TableModel.new_game("classic", 4, "en", seed=3)
    assert model.log_lines()[-1].startswith("Hand 1: Right deals;")  # the dealer sits at the learner's right
    model.play(Draw())
    assert model.log_lines()[-1].startswith("You draw from the stock.")
    model.lang = "de"
    assert model.log_lines()[-1].startswith("Du kaufst vom Stoß.")
