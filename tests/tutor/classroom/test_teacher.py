"""The teacher's view, its model (tutor/classroom/teacher.py): the class at a glance built from the store's
overview, the traps in the lessons' own words and in the teacher's language, the password gate and
its rate limit, the results as a file. Against a real SQLite store through ``Classes``."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from pathlib import Path

import pytest

from engine.core.i18n import translate
from tutor.lessons.catalog import Lesson, find_lesson
from tutor.store import Store, forget_open_stores, open_store
from tutor.store.classes import Cell, Classes, TrapCount
from tutor.classroom.teacher import (DETAIL_LENGTH, NO_TEACHER, WRONG_PASSWORD, Gate, by_lesson, csv_file, grid, mark, since,
                           trap_lines, trap_text)

NOW = 1_800_000_000.0
BLACK_THREES = "classic-black-threes"  # a lesson with two traps
CARD_VALUES = "classic-card-values"


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    opened, notices = open_store(f"sqlite:///{tmp_path / 'store.sqlite3'}", tmp_path)
    assert notices == []
    yield opened
    forget_open_stores()


@pytest.fixture
def school(store: Store) -> Classes:
    return Classes(store)


def lesson_of(lesson_id: str) -> Lesson:
    lesson = find_lesson(lesson_id)
    assert lesson is not None, lesson_id
    return lesson


def trap_english(lesson_id: str, index: int) -> str:
    lesson = lesson_of(lesson_id)
    assert len(lesson.traps) > index
    return translate(lesson.traps[index].text, "en")


def test_since_says_when_in_words() -> None:
    assert since(None, NOW, "en") == "not yet"
    assert since(NOW - 5, NOW, "en") == "just now"
    assert since(NOW - 60, NOW, "en") == "1 minute ago"
    assert since(NOW - 7 * 60 - 30, NOW, "en") == "7 minutes ago"
    assert since(NOW - 3 * 3600, NOW, "en") == "3 hours ago"
    assert since(NOW - 2 * 86400, NOW, "en") == "2 days ago"
    assert since(NOW + 30, NOW, "en") == "just now"  # another machine's clock a little ahead
    for lang in ("sv", "de", "is"):
        assert since(NOW - 7 * 60, NOW, lang) not in ("7 minutes ago", "") and "7" in since(NOW - 7 * 60, NOW, lang)


def test_a_mark_draws_the_stars_and_says_them() -> None:
    assert mark(None, False, "en").label == "not started" and not mark(None, False, "en").tried
    assert mark(None, True, "en").label == "working on it now"
    tried = mark(Cell(stars=0, mastered=False, attempts=2, mistakes=3), True, "en")
    assert (tried.text, tried.label) == ("…", "working on it now, tried 2 times, not solved yet, 3 mistakes")
    solved = mark(Cell(stars=2, mastered=False, attempts=1, mistakes=1), False, "en")
    assert (solved.text, solved.label, solved.mastered) == ("★★☆", "2 stars of 3, 1 mistake", False)
    best = mark(Cell(stars=3, mastered=True, attempts=4, mistakes=0), False, "en")
    assert (best.text, best.label, best.mastered) == ("★★★", "3 stars of 3, mastered", True)
    assert mark(Cell(stars=1, mastered=False, attempts=1, mistakes=0), False, "sv").label != "1 star of 3"


def test_the_grid_shows_students_by_lessons_assigned_first(school: Classes, store: Store) -> None:
    seven = school.create_class("7B")
    anna, _ = school.join(seven.code, "Anna", "2468")
    bo, _ = school.join(seven.code, "Bo", "1357")
    mine = store.learners(anna.id)
    mine.finish(mine.start(anna.id, CARD_VALUES, 0), 3, 0, 0)
    mine.start(anna.id, BLACK_THREES, 0)  # open now
    school.assign(seven.id, [BLACK_THREES])
    shown = grid(school.overview(seven.id), school.assigned(seven.id), "en", now=NOW)
    assert [(c.lesson, c.assigned) for c in shown.columns] == [(BLACK_THREES, True), (CARD_VALUES, False)]
    assert shown.columns[1].title == "What the cards are worth" and shown.columns[1].variant == "Classic Canasta"
    assert [r.name for r in shown.rows] == ["Anna", "Bo"]
    first, second = shown.rows
    assert first.student == anna.id and first.now_on == translate(lesson_of(BLACK_THREES).title, "en")
    assert [m.text for m in first.marks] == ["…", "★★★"] and first.marks[0].open_now and first.solved == 1
    assert second.student == bo.id and second.now_on == "" and [m.text for m in second.marks] == ["·", "·"]
    swedish = grid(school.overview(seven.id), school.assigned(seven.id), "sv", now=NOW)
    assert swedish.columns[1].title == translate("What the cards are worth", "sv") != "What the cards are worth"


def test_an_unknown_lesson_is_shown_by_its_id(school: Classes, store: Store) -> None:
    seven = school.create_class("7B")
    anna, _ = school.join(seven.code, "Anna", "2468")
    store.learners(anna.id).record(anna.id, "a-lesson-since-removed", 0, 2, 0, 1)
    shown = grid(school.overview(seven.id), [], "de", now=NOW)
    assert [(c.title, c.variant) for c in shown.columns] == [("a-lesson-since-removed", "")]


def test_a_trap_is_said_in_the_lessons_words_in_the_teachers_language() -> None:
    lesson = lesson_of(BLACK_THREES)
    english = trap_english(BLACK_THREES, 1)
    swedish = translate(lesson.traps[1].text, "sv")
    assert swedish != english
    assert trap_text(lesson, english, "sv") == swedish
    if len(english) > DETAIL_LENGTH:
        assert trap_text(lesson, english[:DETAIL_LENGTH], "sv") == swedish
    assert trap_text(lesson, "something the lesson never said", "sv") == "something the lesson never said"
    assert trap_text(None, english, "de") == english  # a lesson since removed: the stored words


def test_the_runners_answer_to_a_turn_that_left_nobody_to_play_on_is_in_the_teachers_language() -> None:
    from tutor.lessons.run import STALLED

    lesson = lesson_of(BLACK_THREES)
    assert trap_text(lesson, translate(STALLED, "en")[:DETAIL_LENGTH], "de") == translate(STALLED, "de") != STALLED


def test_a_long_trap_text_cut_by_the_store_is_still_found() -> None:
    lesson = lesson_of(BLACK_THREES)
    english = trap_english(BLACK_THREES, 0)
    cut = english[:DETAIL_LENGTH] if len(english) > DETAIL_LENGTH else None
    if cut is None:  # no trap that long: a shorter prefix is not a match (only the store's cut is)
        assert trap_text(lesson, english[:20], "sv") == english[:20]
    else:
        assert trap_text(lesson, cut, "sv") == translate(lesson.traps[0].text, "sv")


def test_trap_lines_count_the_students_in_words(school: Classes, store: Store) -> None:
    seven = school.create_class("7B")
    people = [school.join(seven.code, name, "1234")[0] for name in ("Anna", "Bo", "Cy")]
    wrong_card, pair = trap_english(BLACK_THREES, 0), trap_english(BLACK_THREES, 1)
    for n, student in enumerate(people):
        mine = store.learners(student.id)
        attempt = mine.start(student.id, BLACK_THREES, 0)
        mine.event(attempt, "trap", wrong_card, 1, 0)
        if n == 0:
            mine.event(attempt, "trap", pair, 2, 0)
    lines = trap_lines(school.traps(seven.id), "en")
    assert [(line.text, line.sentence) for line in lines] == [
        (wrong_card, "3 of 3 fell into this trap"), (pair, "1 of 3 fell into this trap")]
    assert [title for title, _ in by_lesson(lines)] == [translate(lesson_of(BLACK_THREES).title, "en")]
    icelandic = trap_lines(school.traps(seven.id), "is")
    assert icelandic[0].text == translate(lesson_of(BLACK_THREES).traps[0].text, "is") != wrong_card
    assert "3" in icelandic[0].sentence and icelandic[0].sentence != lines[0].sentence


def test_trap_lines_keep_the_stores_order() -> None:
    counts = [TrapCount(BLACK_THREES, "x", 5, 9), TrapCount(CARD_VALUES, "y", 4, 4), TrapCount(BLACK_THREES, "z", 1, 9)]
    lines = trap_lines(counts, "en")
    assert [line.students for line in lines] == [5, 4, 1]
    assert [[line.text for line in items] for _, items in by_lesson(lines)] == [["x", "z"], ["y"]]


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_the_gate_refuses_a_wrong_password_and_limits_guessing(school: Classes) -> None:
    clock = Clock()
    gate = Gate(rate=1 / 12, burst=3, clock=clock)
    assert gate.check(school, "anything", "10.0.0.7", "en") == translate(NO_TEACHER, "en")
    school.set_teacher_password("correct horse")
    assert gate.check(school, "correct horse", "10.0.0.7", "en") is None
    assert gate.check(school, "wrong one", "10.0.0.7", "en") == translate(WRONG_PASSWORD, "en")
    assert gate.check(school, "wrong two", "10.0.0.7", "en") == translate(WRONG_PASSWORD, "en")
    waiting = gate.check(school, "correct horse", "10.0.0.7", "en")  # the right one, too soon: not checked
    assert waiting == "Too many tries from this device. Try again in 12 seconds."
    assert gate.check(school, "correct horse", "10.0.0.8", "en") is None  # another address: its own tries
    clock.now += 12
    assert gate.check(school, "correct horse", "10.0.0.7", "en") is None
    assert gate.check(school, "wrong", "10.0.0.7", "sv") != translate(WRONG_PASSWORD, "en")


def test_the_results_file_is_utf8_with_a_bom_and_a_safe_name(school: Classes, store: Store) -> None:
    seven = school.create_class("Klass 7B/Åsa's")
    anna, _ = school.join(seven.code, "Þóra", "2468")
    store.learners(anna.id).record(anna.id, CARD_VALUES, 0, 3, 0, 0)
    name, data = csv_file(school, seven.id, seven.name, today="2026-11-24")
    assert name == "Klass-7B-Åsa-s-2026-11-24.csv"
    assert data.startswith(b"\xef\xbb\xbf")
    rows = list(csv.DictReader(io.StringIO(data.decode("utf-8-sig"))))
    assert [(r["student"], r["lesson"], r["stars"]) for r in rows] == [("Þóra", CARD_VALUES, "3")]
    assert csv_file(school, seven.id, "///", today="2026-11-24")[0] == "class-2026-11-24.csv"


def test_the_grid_shows_each_students_games_at_the_tables_beside_their_lessons(school: Classes, store: Store) -> None:
    from tutor.classroom.teacher import records_of
    from tutor.classroom.teacher_view import grid_view
    from tutor.store.table_records import HANDS, TableRecords, bump
    from tutor.tables.codes import person_key
    from tests.tutor.helpers import semantics

    seven = school.create_class("7B")
    anna, _ = school.join(seven.code, "Anna", "2468")
    bo, _ = school.join(seven.code, "Bo", "1357")
    with store.write() as tx:
        bump(tx.db, seven.id, [(person_key(anna.id), HANDS)] * 3)
    records = TableRecords(store)
    for rule in ("turn.draw_first", "turn.draw_first", "turn.already_drawn"):
        records.refused(seven.id, person_key(anna.id), rule)
    overview = school.overview(seven.id)
    shown = grid(overview, [], "en", now=NOW, records=records_of(records, overview))
    first, second = shown.rows
    assert first.tables == "3 hands · 3 refusals"
    assert first.tables_said.startswith("3 hands, 3 refusals: ") and first.tables_said.index("(2)") < \
        first.tables_said.index("(1)")  # the rule refused most first
    assert (second.tables, second.tables_said) == ("–", "no hand played at a table yet")
    swedish = grid(overview, [], "sv", now=NOW, records=records_of(records, overview)).rows[0]
    assert swedish.tables.startswith("3 ") and "hands" not in swedish.tables and "(2)" in swedish.tables_said
    from tutor.classroom.teacher import Desk
    from tutor.classroom.teacher_view import TeacherHandlers

    table = semantics(grid_view(Desk(lang="en"), shown, TeacherHandlers(*([lambda *a: None] * 14))))["class-grid"]
    rows = table.content.controls[0].rows  # type: ignore[union-attr]  # the grid's rows, a student each
    nodes = {k: v for row in rows for cell in row.cells for k, v in semantics(cell.content).items()}
    assert str(nodes[f"tables-{anna.id}"].label).startswith("Anna, 3 hands, 3 refusals:")  # beside the lessons
    assert str(nodes[f"tables-{bo.id}"].label) == "Bo, no hand played at a table yet"
