"""The lesson player without a browser: the table follows the lesson, refusals carry the lesson's
words, a trap shows its consequence and is undone, a solved lesson offers the mastery check; the
catalog shows stars and mastery; game terms are tappable."""

from __future__ import annotations

from pathlib import Path

import flet as ft

from engine.core.actions import TakePile, parse_action
from engine.core.i18n import translate
from tests.tutor.helpers import TRAPPED, semantics
from tutor.text.glossary import DEFINITIONS, definition, lesson_terms, segments
from tutor.lessons.catalog import ROOT, catalog, load_lesson
from tutor.table.model import TableModel
from tutor.lessons.progress import LessonProgress, Profile
from tutor.views.screens import lessons_view
from tutor.views.table import page_view
from tutor.views.widgets import Handlers

FROZEN = ROOT / "classic" / "09-frozen-pile.toml"


def _handlers(calls: list[tuple[object, ...]] | None = None) -> Handlers:
    def nothing(*args: object) -> None:
        if calls is not None:
            calls.append(args)

    return Handlers(nothing, nothing, nothing, nothing, nothing, nothing, nothing, nothing, nothing, nothing,
                    lesson=nothing, open_lesson=nothing, define=nothing, choose_learner=nothing, add_learner=nothing)


def test_a_refusal_in_a_lesson_gives_the_lessons_words_and_the_rules_source() -> None:
    model = TableModel.for_lesson(load_lesson(FROZEN), "en")
    assert model.is_my_turn() and not model.can_undo()
    assert not model.play(parse_action({"type": "take_pile", "meld": ["5h", "2d"]}))
    assert model.refusal is not None and model.refusal.rule == "pile.frozen"
    assert model.refusal.explanation.startswith("A wild card cannot help you") and model.refusal.seed
    nodes = semantics(page_view(model, _handlers()))
    assert {"lesson", "lesson-title", "lesson-goal", "lesson-step", "refusal", "lesson-restart"} <= set(nodes)
    assert "variant-classic" not in nodes  # no new game row during a lesson


def test_solving_shows_stars_and_offers_the_mastery_check_and_the_next_lesson() -> None:
    lesson = load_lesson(FROZEN)
    model = TableModel.for_lesson(lesson, "sv")
    model.lesson_hint()
    assert model.hint is not None and model.hint[0] != lesson.hints[0] and model.hint[1] == ()  # translated, a nudge
    take = lesson.solution[0]
    assert isinstance(take, TakePile)  # the frozen pile taken with a pair from the hand
    model.lesson_hint()
    assert model.hint is not None and set(model.hint[1]) == set(take.meld)  # the move: its cards lit
    assert sum(model.hinted(i) for i in range(len(model.hand))) == 2
    assert model.play(lesson.solution[0])
    assert model.lesson is not None and model.lesson.succeeded() and not model.is_my_turn()
    nodes = semantics(page_view(model, _handlers()))
    assert "★★☆" in str(nodes["lesson-solved"].label)  # hints cost a star
    assert {"lesson-mastery", "lesson-next"} <= set(nodes) and "lesson-try_again" not in nodes
    assert "stars-note" not in nodes  # a learner who has earned stars before
    model.first_stars = True
    note = str(semantics(page_view(model, _handlers()))["stars-note"].label)
    assert note == translate("Stars: three for a solve with no mistake and no hint; one fewer if you made a mistake,"
                             " one fewer if you took a hint.", "sv") and note.startswith("Stjärnor")


def test_a_mastery_check_is_a_fresh_deal_without_hints() -> None:
    lesson = load_lesson(FROZEN)
    model = TableModel.for_lesson(lesson, "en", variation=1)
    assert model.state == lesson.setups[1].start
    nodes = semantics(page_view(model, _handlers()))
    from tutor.views.widgets import available

    assert not available(model)["hint"]  # the button says "(not now)" and, tapped, why
    hint, title = nodes["action-hint"].content, nodes["lesson-title"].content
    assert isinstance(hint, ft.Button) and isinstance(hint.content, ft.Semantics)
    assert "(not now)" in str(hint.content.label)
    assert isinstance(title, ft.Text) and "Mastery check" in str(title.value)
    model.lesson_hint()
    assert model.hint is None


def test_a_trap_shows_its_consequence_on_the_table_then_try_again_undoes_it(tmp_path: Path) -> None:
    path = tmp_path / "trap.toml"
    path.write_text(TRAPPED, encoding="utf-8")
    lesson = load_lesson(path)
    model = TableModel.for_lesson(lesson, "en")
    assert not model.play(parse_action({"type": "draw"}))
    assert model.state.turn == 1 and len(model.state.stock) == 2  # the consequence, played out
    assert not model.is_my_turn() and not model.bots_to_move()
    nodes = semantics(page_view(model, _handlers()))
    assert "You left the pile for them." in str(nodes["lesson-trap"].label) and "lesson-try_again" in nodes
    assert len(model.log) >= 3  # the draw, the discard, the next player's draw narrated
    model.try_again()
    assert model.state is lesson.start and model.is_my_turn()
    assert model.play(lesson.solution[0]) and model.lesson is not None and model.lesson.stars() == 2


def test_the_catalog_lists_every_lesson_by_variant_and_topic_with_stars_and_mastery() -> None:
    lessons = catalog()
    first = lessons[0]
    progress = {first.id: LessonProgress(stars=2, completed=True, mastered=True, attempts=2)}
    calls: list[tuple[object, ...]] = []
    view = lessons_view("de", lessons, progress, [first.id], [Profile(1, "Anna")], 1, _handlers(calls))
    nodes = semantics(view)
    assert all(f"open-{lesson.id}" in nodes for lesson in lessons)
    label = str(nodes[f"open-{first.id}"].label)
    assert "★★☆" in label and "✓" in label and f"review-{first.id}" in nodes and "learner-1" in nodes
    assert [lesson.variant for lesson in lessons][0] == "classic"  # the path starts with Classic
    classic = sum(1 for lesson in lessons if lesson.variant == "classic")
    assert nodes["variant-progress-classic"].label == f"1 von {classic} gelöst, 1 beherrscht"
    basics = sum(1 for lesson in lessons if lesson.variant == "classic" and lesson.topic == first.topic)
    assert str(nodes[f"topic-progress-classic-{first.topic}"].label).endswith(f"1 von {basics} gelöst, 1 beherrscht")
    assert "topic-progress-royal-tactics" in nodes  # each variant's topics with their own


def test_game_terms_are_cut_out_in_every_language_and_defined() -> None:
    assert ("frozen", "frozen") in segments("The pile is frozen.", "en")
    swedish = segments("Sakhögen är frusen.", "sv")
    assert ("Sakhögen", "pile") in swedish and ("frusen", "frozen") in swedish  # not "saka" (discard)
    assert ("Paket", "pile") in segments("Das Paket ist eingefroren.", "de")
    assert ("haugurinn", "pile") in segments("Nú er haugurinn frystur.", "is")
    assert "".join(p for p, _ in segments("Ein wilde Karte friert das Paket ein.", "de")) == \
        "Ein wilde Karte friert das Paket ein."
    for concept in DEFINITIONS:
        assert definition(concept, "is") != DEFINITIONS[concept]  # translated


def test_tapping_a_term_shows_its_definition() -> None:
    model = TableModel.for_lesson(load_lesson(FROZEN), "en")
    nodes = semantics(page_view(model, _handlers()))
    assert {"term-frozen", "term-pile", "term-wild_card"} <= set(nodes) and "definition" not in nodes
    model.term = "frozen"
    nodes = semantics(page_view(model, _handlers()))
    assert "definition" in nodes and nodes["term-frozen"].selected


def test_a_lesson_offers_the_same_terms_in_every_language() -> None:
    """The terms beside a lesson are those its English names, whatever the translation's wording
    (a Swedish "lägger" matched "lay off" where the English has none, an Icelandic sentence without
    the word for a natural card lost the term); each in the learner's words."""
    for lesson in catalog():
        sources = (lesson.goal, *lesson.steps)
        offered = {lang: lesson_terms(sources, lang)[1] for lang in ("en", "sv", "de", "is")}
        assert len({tuple(terms) for terms in offered.values()}) == 1, (lesson.id, offered)
        for lang, terms in offered.items():
            assert all(word.strip() for word in terms.values()), (lesson.id, lang)
    model = TableModel.for_lesson(load_lesson(FROZEN), "sv")
    nodes = semantics(page_view(model, _handlers()))
    assert {"term-frozen", "term-pile", "term-wild_card"} <= set(nodes)
    assert lesson_terms(("Seven cards or more make a canasta.",), "sv")[1] == {"canasta": "canasta"}


GOING_OUT = ROOT / "classic" / "17-going-out-canasta.toml"


def test_try_again_returns_to_a_position_from_which_the_lesson_can_still_be_won() -> None:
    lesson = load_lesson(GOING_OUT)
    model = TableModel.for_lesson(lesson, "en")
    # a lay-off that wastes the wild card (no canasta is possible after it), then the trap
    assert model.play(parse_action({"type": "meld", "melds": [], "layoffs": [{"onto": 1, "cards": ["2d"]}]}))
    assert model.play(parse_action({"type": "meld", "melds": [["8s", "8d", "8c"]]}))
    assert not model.play(parse_action({"type": "discard", "card": "6c"}))
    run = model.lesson
    assert run is not None and run.consequence is not None and run.mistakes == 1
    model.try_again()
    assert model.state == lesson.start and run.rewound == 3 and model.is_my_turn()
    assert "3 moves are taken back" in model.lesson_message()
    for action in lesson.solution:
        assert model.play(action)
    assert run.succeeded() and run.stars() == 2


def test_try_again_after_a_trap_alone_takes_back_only_that_move() -> None:
    lesson = load_lesson(GOING_OUT)
    model = TableModel.for_lesson(lesson, "en")
    first, second = lesson.traps[0].example
    assert model.play(first) and not model.play(second)
    model.try_again()
    run = model.lesson
    assert run is not None and run.rewound == 1 and len(run.actions) == 1 and model.lesson_message() == ""
    assert model.log[-1] == "Your move is taken back. Try again."


def test_start_over_keeps_the_attempts_mistakes_and_hints() -> None:
    lesson = load_lesson(GOING_OUT)
    model = TableModel.for_lesson(lesson, "en")
    model.lesson_hint()
    first, second = lesson.traps[0].example
    model.play(first)
    model.play(second)
    model.start_over()
    run = model.lesson
    assert run is not None and model.state == lesson.start and run.actions == [] and run.consequence is None
    assert run.mistakes == 1 and run.hints_used == 1 and model.is_my_turn()
    for action in lesson.solution:
        assert model.play(action)
    assert run.succeeded() and run.stars() == 1


def test_a_hint_counts_only_while_one_can_help() -> None:
    lesson = load_lesson(FROZEN)
    model = TableModel.for_lesson(lesson, "en")
    run = model.lesson
    assert run is not None
    for _ in range(len(lesson.hints) + 2):  # the last hint repeats without counting again
        model.lesson_hint()
    assert run.hints_used == len(lesson.hints) and model.hint is not None
    assert model.play(lesson.solution[0]) and run.succeeded()
    model.lesson_hint()
    assert run.hints_used == len(lesson.hints) and model.hint is None  # after the last stage: nothing


def test_a_trap_says_what_the_table_shows(tmp_path: Path) -> None:
    path = tmp_path / "trap.toml"
    path.write_text(TRAPPED, encoding="utf-8")
    model = TableModel.for_lesson(load_lesson(path), "de")
    assert not model.play(parse_action({"type": "draw"}))
    assert model.trap_note() == translate("The table shows what happens next. Try again.", "de")
    quiet = tmp_path / "quiet.toml"
    quiet.write_text(TRAPPED.replace('consequence = [{ type = "discard", card = "9c" }, { type = "draw" }]',
                                     "consequence = []"), encoding="utf-8")
    model = TableModel.for_lesson(load_lesson(quiet), "en")
    assert not model.play(parse_action({"type": "draw"}))
    assert model.trap_note() == "Try again: your move will be taken back."
    assert model.lesson_message() == "You left the pile for them."


def test_a_mastery_check_does_not_narrate_the_main_deal() -> None:
    lesson = load_lesson(ROOT / "classic" / "10-opening-50.toml")
    main = TableModel.for_lesson(lesson, "en").lesson
    assert main is not None and main.step()
    check = TableModel.for_lesson(lesson, "en", variation=1)
    assert check.lesson is not None and check.lesson.step() == ""
    nodes = semantics(page_view(check, _handlers()))
    assert "lesson-step" not in nodes


def test_a_lesson_switches_language_with_its_refusal_and_trap(tmp_path: Path) -> None:
    model = TableModel.for_lesson(load_lesson(FROZEN), "en")
    assert not model.play(parse_action({"type": "take_pile", "meld": ["5h", "2d"]}))
    english = model.refusal_text()
    model.lang = "sv"
    swedish = model.refusal_text()
    assert english is not None and swedish is not None and "frusen sakhög" in swedish.explanation
    assert swedish.title != english.title


def test_a_review_or_mastery_check_deals_what_the_learner_played_longest_ago(tmp_path: Path) -> None:
    from tutor.lessons.catalog import fresh_deal
    from tutor.store import open_store

    lesson = load_lesson(FROZEN)
    assert len(lesson.setups) == 2  # one variation
    assert fresh_deal(lesson, []) == 1 and fresh_deal(lesson, [0]) == 1  # the mastery check: a fresh deal
    assert fresh_deal(lesson, [0, 1]) == 0 and fresh_deal(lesson, [0, 1, 0]) == 1  # reviews alternate
    store, _ = open_store(f"sqlite:///{tmp_path / 'store.sqlite3'}", tmp_path)
    progress = store.learners(store.device(None)[0])
    learner = progress.add_profile("Ada").id
    for when, deal in enumerate((0, 1, 1, 0)):
        progress.record(learner, lesson.id, deal, 3, 0, 0, now=float(when))
    assert progress.deals_played(learner, lesson.id) == [0, 1, 1, 0]
    assert fresh_deal(lesson, progress.deals_played(learner, lesson.id)) == 1


def test_a_learner_who_leaves_the_scripted_line_meets_the_bot_not_a_crash() -> None:
    from engine.judge.legal import legal_actions
    from tutor.lessons.catalog import find_lesson
    from tutor.table.workers import choose_action
    from engine.position import dump_position

    lesson = find_lesson("classic-ask-partner")
    assert lesson is not None
    model = TableModel.for_lesson(lesson, "en")
    discard = next(a for a in legal_actions(model.state) if a.type == "discard")  # not asking: the script answers
    assert model.play(discard)
    run = model.lesson
    assert run is not None and run.off_script and model.bots_to_move()
    moves = 0
    while model.bots_to_move() and moves < 50:
        model.play_bot(parse_action(choose_action(dump_position(model.state, reveal=True), "beginner", moves)))
        moves += 1
    assert moves > 0 and (model.is_my_turn() or run.is_over() or model.state.is_over())
    model.start_over()
    assert not run.off_script and model.state == lesson.start


def test_the_narration_stays_where_the_learner_left_the_solution() -> None:
    lesson = load_lesson(GOING_OUT)
    run = TableModel.for_lesson(lesson, "en").lesson
    assert run is not None and run.step() == lesson.steps[0]
    assert run.act(parse_action({"type": "meld", "melds": [], "layoffs": [{"onto": 1, "cards": ["2d"]}]}))
    assert run.step() == lesson.steps[0]  # "that meld now has seven cards" would be false
    run.start_over()
    assert run.act(lesson.solution[0]) and run.step() == lesson.steps[1]


def test_a_lessons_feedback_names_the_facts_of_the_deal_being_played() -> None:
    lesson = load_lesson(FROZEN)
    main = TableModel.for_lesson(lesson, "en")
    assert not main.play(parse_action({"type": "take_pile", "meld": ["5h", "2d"]}))
    assert main.lesson_message().endswith("you need two natural 5s.")
    check = TableModel.for_lesson(lesson, "sv", variation=1)  # the top card is a 9 there
    assert not check.play(parse_action({"type": "take_pile", "meld": ["9c", "JK"]}))
    assert check.lesson_message().endswith("du behöver två äkta nior.")


def test_start_over_after_the_solve_begins_a_new_attempt() -> None:
    lesson = load_lesson(FROZEN)
    model = TableModel.for_lesson(lesson, "en")
    model.lesson_hint()
    assert model.play(lesson.solution[0]) and model.lesson is not None and model.lesson.stars() == 2
    assert model.start_over()  # a new attempt: clean so far
    run = model.lesson
    assert run.mistakes == 0 and run.hints_used == 0 and model.state == lesson.start and model.is_my_turn()
    assert model.play(lesson.solution[0]) and run.stars() == 3
