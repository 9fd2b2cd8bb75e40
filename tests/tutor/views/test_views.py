"""The pure views, without a browser: what is shown, labelled and enabled."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import flet as ft

from tests.tutor.helpers import semantics, walk
from tutor.table.model import TableModel
from tutor.views.table import page_view
from tutor.views.widgets import Handlers, card_label, card_view


def _handlers() -> Handlers:
    def nothing(*args: object) -> None:
        return None

    return Handlers(nothing, nothing, nothing, nothing, nothing, nothing, nothing, nothing)


def _enabled(node: ft.Semantics) -> bool:
    # a button not open now still answers a tap (with the reason) and says "(not now)"
    labels = [c.label for c in walk(node) if isinstance(c, ft.Semantics) and c.label]
    return not any("(not now)" in str(label) for label in labels)


def test_every_card_and_action_is_labelled_and_identified() -> None:
    model = TableModel.new_game("classic", 4, "en", seed=11)
    nodes = semantics(page_view(model, _handlers()))
    assert {f"hand-{i}" for i in range(11)} <= set(nodes)
    assert {"status", "pile", "log", "action-draw", "action-discard", "lang-is"} <= set(nodes)
    assert all(nodes[f"hand-{i}"].label for i in range(11))


def test_only_legal_kinds_of_action_are_enabled() -> None:
    model = TableModel.new_game("classic", 4, "en", seed=11)
    nodes = semantics(page_view(model, _handlers()))
    assert _enabled(nodes["action-draw"]) and not _enabled(nodes["action-discard"])
    model.simple("draw")
    model.tap_card(0)
    nodes = semantics(page_view(model, _handlers()))
    assert not _enabled(nodes["action-draw"]) and _enabled(nodes["action-discard"])


def test_a_refusal_and_the_scores_show_up() -> None:
    model = TableModel.new_game("classic", 4, "sv", seed=11)
    model.simple("draw")
    model.tap_card(0)
    model.play(model.meld_action())
    nodes = semantics(page_view(model, _handlers()))
    assert "refusal" in nodes and "mälning" in str(nodes["refusal"].label).lower()
    assert "scores" not in nodes


def test_cards_name_their_rank_and_suit_for_screen_readers() -> None:
    from tutor.views.widgets import card_label

    assert card_label(48, "en") == "king of clubs" and card_label(52, "is") == "Jóker"
    assert semantics(card_view(48, "en", identifier="c"))["c"].label == "king of clubs"


def test_the_end_of_a_game_names_the_winner_and_lists_the_hands() -> None:
    from dataclasses import replace

    model = TableModel.new_game("classic", 4, "en", seed=11)
    model.state = replace(model.state, phase=model.state.phase.END, went_out=None)
    from engine.core.scoring import score_hand

    this_hand = score_hand(model.state)
    model.past_scores = [this_hand]  # two hands played: the totals are the scores before this one plus its own
    model.state = replace(model.state, scores=(5200 - this_hand[0].total, 3100 - this_hand[1].total))
    nodes = semantics(page_view(model, _handlers()))
    assert "game-over" in nodes
    texts = [c.value for c in walk(nodes["game-over"]) if isinstance(c, ft.Text)]
    assert texts[0] == "Your side wins, 5,200 to 3,100."  # told to the learner, whose side won


def test_home_offers_continuing_a_new_game_and_the_settings() -> None:
    from tutor.store.settings import Settings
    from tutor.views.screens import home_view

    model = TableModel.new_game("classic", 4, "de", seed=11)
    handlers = replace(_handlers(), change_setting=lambda *a: None, go=lambda *a: None)
    nodes = semantics(home_view(model, handlers, Settings(language="de"), saved=True))
    assert {"continue", "variant-royal", "players-4", "rules", "bot-club", "animation-fast", "theme-dark",
            "card_size-large", "four-colour", "lang-sv"} <= set(nodes)
    assert nodes["animation-normal"].selected and not nodes["animation-fast"].selected
    assert "continue" not in semantics(home_view(model, handlers, Settings(language="de"), saved=False))


def test_the_pile_says_its_state_in_words_from_the_engine() -> None:
    from engine.position import load_position
    from tutor.views.table import pile_state

    model = TableModel.new_game("classic", 4, "en", seed=11)
    model.state = load_position({"variant": "classic", "phase": "draw", "hands": [["7h", "7d"], 11, 11, 11],
                                 "melds": [[["Ah", "Ad", "Ac"]], []], "pile": ["5c", "2d", "9s"], "stock": 20})
    assert pile_state(model) == "Frozen by the 2♦."
    model.state = load_position({"variant": "classic", "phase": "draw", "hands": [["7h", "7d"], 11, 11, 11],
                                 "melds": [[["Ah", "Ad", "Ac"]], []], "pile": ["5c", "9s", "3s"], "stock": 20})
    assert pile_state(model).startswith("Blocked: ")
    nodes = semantics(page_view(model, _handlers()))
    assert "three of spades" in str(nodes["pile"].label) and "Blocked" in str(nodes["pile"].label)


def test_the_pile_blocked_for_a_player_alone_speaks_to_him() -> None:
    """Wiener with three players: each plays alone, so the block names his canastas, not his side's."""
    from engine.position import load_position
    from tutor.views.table import pile_state

    model = TableModel.new_game("wiener", 3, "en", seed=11)
    kings = ["Kh", "Kd", "Kc", "Ks", "Kh", "Kd", "Kc"]
    model.state = load_position({"variant": "wiener", "phase": "draw", "hands": [["7h", "7d"], 13, 13],
                                 "melds": [[kings], [], []], "pile": ["5c", "Ks"], "stock": 20})
    assert pile_state(model).startswith("Blocked: The K♠ on top fits one of your complete canastas")


def test_what_is_said_is_a_live_region_and_seats_have_names() -> None:
    model = TableModel.new_game("royal", 6, "en", seed=5)
    nodes = semantics(page_view(model, _handlers()))
    assert nodes["status"].live_region
    texts = " ".join(str(c.value) for c in walk(page_view(model, _handlers())) if isinstance(c, ft.Text))
    assert "Seat" not in texts and "Your side: You, Partner on the left and Partner on the right" in texts


def test_a_closed_button_still_answers_a_tap() -> None:
    from tutor.views.widgets import available

    model = TableModel.new_game("classic", 4, "en", seed=11)
    assert not available(model)["discard"]
    button = semantics(page_view(model, _handlers()))["action-discard"].content
    assert isinstance(button, ft.Button) and button.on_click is not None and not button.disabled
    assert model.why_not("discard")  # the shell says this when it is tapped


def test_on_a_phone_the_table_comes_before_the_choices_made_once() -> None:
    """On a phone the languages, a new game's choice and the cards' looks above the table filled
    the middle, and the table was out of sight; a desktop keeps them on top."""
    model = TableModel.new_game("classic", 4, "en", seed=11)
    handlers = replace(_handlers(), change_setting=lambda *args: None)  # the cards' looks are offered
    phone = list(semantics(page_view(model, handlers, "small", narrow=True)))
    assert (phone.index("side-0") < phone.index("side-1") < phone.index("lang-is")
            < phone.index("variant-royal") < phone.index("four-colour") < phone.index("log")), phone
    desktop = list(semantics(page_view(model, handlers)))
    assert desktop.index("lang-is") < desktop.index("variant-royal") < desktop.index("four-colour") < desktop.index(
        "side-0") < desktop.index("pile") < desktop.index("log"), desktop


def _keyed(control: ft.Control, key: str) -> ft.Control:
    found = [c for c in walk(control) if isinstance(c, ft.Control) and getattr(c, "key", None) == key]
    assert found, f"no control keyed {key!r}"
    return found[0]


def test_on_a_phone_the_pile_is_in_a_fixed_strip_and_the_buttons_wrap() -> None:
    """On a phone the pile and the counts sit in a strip outside the scrolling middle (a learner
    never scrolls to find the pile), and the buttons wrap instead of scrolling past the screen's edge."""
    model = TableModel.new_game("classic", 4, "en", seed=11)
    model.simple("draw")
    model.tap_card(0)
    page = page_view(model, _handlers(), "small", narrow=True)
    middle, strip = _keyed(page, "table-scroll"), _keyed(page, "strip")
    assert "pile" not in semantics(middle) and "pile" in semantics(strip)
    assert "side-0" in semantics(middle)
    actions = _keyed(page, "actions")
    assert isinstance(actions, ft.Row) and actions.wrap and actions.scroll is None
    assert {"action-stage", "action-clear", "action-undo"} <= set(semantics(actions)) or \
        {"action-stage", "action-clear"} <= set(semantics(actions))
    desktop = page_view(model, _handlers())
    assert not [c for c in walk(desktop) if getattr(c, "key", None) == "strip"]
    assert "pile" in semantics(_keyed(desktop, "table-scroll"))


def test_on_a_phone_a_lesson_shows_its_goal_on_one_line_that_opens_on_a_tap(tmp_path: Path) -> None:
    from tests.tutor.helpers import TRAPPED
    from tutor.lessons.catalog import load_lesson

    path = tmp_path / "trapped.toml"
    path.write_text(TRAPPED, encoding="utf-8")
    lesson = load_lesson(path)
    model = TableModel.for_lesson(lesson, "en")
    opened: list[str] = []
    handlers = replace(_handlers(), lesson=opened.append, define=lambda concept: None)
    page = page_view(model, handlers, "small", narrow=True)
    nodes = semantics(page)
    assert nodes["lesson-goal"].button and nodes["lesson-goal"].expanded is False
    goal = [c for c in walk(nodes["lesson-goal"]) if isinstance(c, ft.Text)][0]
    assert goal.max_lines == 1 and goal.overflow == ft.TextOverflow.ELLIPSIS
    assert "lesson-restart" not in nodes and "lesson-title" in nodes  # the title is the header's
    bar = _keyed(page, "lesson-bar")
    assert isinstance(bar, ft.Container) and bar.on_click is not None
    model.goal_open = True
    nodes = semantics(page_view(model, handlers, "small", narrow=True))
    assert nodes["lesson-goal"].expanded and "lesson-restart" in nodes
    assert list(nodes).count("lesson-goal") == 1


def test_a_phone_sheet_scrolls_past_a_few_lines() -> None:
    from tutor.views.table import SHEET_HEIGHT, sheet_height

    assert sheet_height(["Meld at least three cards."], 1) is None
    assert sheet_height(["x" * 400, "y" * 200], 1) == SHEET_HEIGHT


def test_after_a_partners_yes_the_meld_button_is_open() -> None:
    """After "may I go out?" is answered yes, only melds are legal (no discard before going out): the
    Meld button was closed then, and the learner could not do what the lesson asked."""
    from engine.core.actions import MeldAction
    from tutor.lessons.catalog import find_lesson
    from tutor.views.widgets import available

    lesson = find_lesson("classic-ask-partner")
    assert lesson is not None
    model = TableModel.for_lesson(lesson, "en")
    model.play(lesson.solution[0])  # ask; the partner's scripted yes
    if model.state.turn != model.seat:
        model.play(lesson.replies[0])
    assert model.is_my_turn() and not model.can("discard")
    meld = lesson.solution[1]
    assert isinstance(meld, MeldAction)
    model.tap_card(model.hand.index(meld.melds[0][0]))
    assert available(model)["meld"]


def test_the_hand_is_shown_by_rank_or_by_suit_as_the_learner_chooses() -> None:
    from engine.core.cards import parse_cards, pretty_card
    from tutor.table.taps import sorted_hand

    hand = parse_cards(["9h", "7s", "2c", "7h", "3d", "8h", "Kc"])
    by_rank = [pretty_card(hand[i]) for i in sorted_hand(hand, "rank")]
    by_suit = [pretty_card(hand[i]) for i in sorted_hand(hand, "suit")]
    assert by_rank[:2] == ["2♣", "3♦"] and by_rank[-1] == "K♣"  # the wild card, the three, then by rank
    assert by_rank.index("7♥") + 1 == by_rank.index("7♠")  # a rank's cards side by side
    hearts = [c for c in by_suit if c.endswith("♥")]
    start = by_suit.index(hearts[0])
    assert by_suit[start:start + 3] == ["7♥", "8♥", "9♥"]  # a run's cards side by side (Royal's Samba)
    assert sorted_hand(hand, "advised") == []
    model = TableModel.new_game("royal", 4, "en", seed=3)
    handlers = replace(_handlers(), change_setting=lambda *args: None)
    model.hand_sort = "suit"
    nodes = semantics(page_view(model, handlers, "small", narrow=True))
    shown = [n for n in nodes if n.startswith("hand-")]  # ("sort-hand": not a card, not "hand-")
    assert [int(n[5:]) for n in shown] == model.hand_order() == sorted_hand(model.hand, "suit")
    assert "sort-hand" in nodes


def test_on_a_phone_a_trap_and_the_solve_leave_out_the_closed_buttons(tmp_path: Path) -> None:
    """While a trap's consequence shows no action of the table is open (Try again is the lesson's):
    a phone gives the muted row's room to the table; the buttons come back with Try again."""
    from tests.tutor.helpers import TRAPPED
    from tutor.lessons.catalog import load_lesson

    path = tmp_path / "trapped.toml"
    path.write_text(TRAPPED, encoding="utf-8")
    lesson = load_lesson(path)
    model = TableModel.for_lesson(lesson, "en")
    handlers = replace(_handlers(), lesson=lambda kind: None)
    assert "action-draw" in semantics(page_view(model, handlers, "small", narrow=True))
    model.play(lesson.traps[0].example[0])
    assert model.lesson is not None and model.lesson.consequence is not None
    phone = semantics(page_view(model, handlers, "small", narrow=True))
    assert "lesson-try_again" in phone and not [n for n in phone if n.startswith("action-")]
    # nor can a card be played: the hand on one line, a glance (a label that names every card), no card to tap
    assert not [n for n in phone if n.startswith("hand-")]
    glance = phone["hand"]
    assert glance.label == f"Your hand: {len(model.hand)} cards: " + ", ".join(card_label(c, "en") for c in
                                                                              [model.hand[i] for i in model.hand_order()])
    row = [c for c in walk(glance) if isinstance(c, ft.Row)]
    assert len(row) == 1 and not row[0].wrap and len(row[0].controls) == len(model.hand)
    desktop = semantics(page_view(model, handlers))
    assert "action-draw" in desktop and "hand-0" in desktop  # a desktop keeps its row and its hand
    model.try_again()
    again = semantics(page_view(model, handlers, "small", narrow=True))
    assert "action-draw" in again and "hand-0" in again and "hand" not in again


def _row_holding(control: ft.Control, identifier: str) -> ft.Row | None:
    """The innermost Row whose own children include the node ``identifier``."""
    for row in [c for c in walk(control) if isinstance(c, ft.Row)]:
        if any(isinstance(child, ft.Semantics) and child.identifier == identifier for child in row.controls):
            return row
    return None


def test_on_a_phone_the_cards_set_aside_are_named_beside_the_hands_heading_and_the_sides_sit_closer() -> None:
    """A line of the dock and some of the sides' padding given to the table: at 360x740 a meld of the
    other side was under the pile's strip after a refusal in an opening of two melds."""
    model = TableModel.new_game("classic", 4, "en", seed=11)
    model.simple("draw")
    model.tap_card(0)
    model.tap_card(1)
    model.stage()
    assert model.staged
    phone = page_view(model, _handlers(), "small", narrow=True)
    row = _row_holding(_keyed(phone, "dock"), "staged-0")
    assert row is not None and any(isinstance(c, ft.Text) and str(c.value).startswith("Your hand") for c in row.controls)
    desktop = page_view(model, _handlers())
    assert _row_holding(desktop, "staged-0") is None  # beneath the hand, in its column
    side = _keyed(phone, "side-0")
    assert isinstance(side, ft.Container) and isinstance(side.padding, ft.Padding) and side.padding.top < 6
    wide = _keyed(desktop, "side-0")
    assert isinstance(wide, ft.Container) and wide.padding == 6


def test_on_a_phone_clear_follows_discard_and_the_sort_is_in_the_header() -> None:
    """At 360 px Clear and the hand's sort, last among the buttons, made a third line of them under a
    situational button (Ask partner): on a phone Undo and Clear, drawn as icons, follow Discard on the first line, and the sort
    sits at the header's end, where it takes no line. A desktop keeps its order."""
    model = TableModel.new_game("classic", 4, "en", seed=11)
    handlers = replace(_handlers(), change_setting=lambda *args: None)
    phone = page_view(model, handlers, "small", narrow=True)
    buttons = [n for n in semantics(_keyed(phone, "actions")) if n.startswith("action-")]
    after = buttons.index("action-discard") + 1
    assert buttons[after:after + 2] == ["action-undo", "action-clear"], buttons  # a practice game's Undo too
    assert "sort-hand" not in semantics(_keyed(phone, "dock"))
    assert isinstance(phone, ft.Column) and "sort-hand" in semantics(phone.controls[0])
    desktop = [n for n in semantics(_keyed(page_view(model, handlers), "actions")) if n.startswith("action-")]
    assert desktop[-1] == "action-clear"


def test_on_a_phone_a_melds_box_is_closer_around_its_cards() -> None:
    """A side of five or six melds takes three lines on a phone: each 3 px shorter (padding 3, not 4; 1 px
    between the name and the cards), and the other side's melds stay above the pile's strip at 360x740."""
    from tutor.lessons.catalog import find_lesson

    lesson = find_lesson("royal-concealed")
    assert lesson is not None
    model = TableModel.for_lesson(lesson, "en")

    def box(page: ft.Control) -> ft.Container:
        return next(c for c in walk(page) if isinstance(c, ft.Container) and isinstance(c.content, ft.Semantics)
                    and c.content.identifier == "meld-1-0")

    phone, desktop = box(page_view(model, _handlers(), "small", narrow=True)), box(page_view(model, _handlers(), "small"))
    assert phone.padding == 3 and desktop.padding == 4
    label = phone.content
    assert isinstance(label, ft.Semantics) and isinstance(label.content, ft.Column) and label.content.spacing == 1
