"""A lesson on the table survives a restart: kept in the store after each input, replayed when the
learner's device comes back (tutor/store/resume.py), on SQLite and PostgreSQL. The end-to-end test
with a server killed by -9 is tests/tutor/end_to_end/test_e2e_restart.py."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from engine.core.actions import parse_action
from engine.position import dump_position
from tests.tutor.shell.test_app import Page, as_page
from tutor.shell.app import Session
from tutor.shell.state import Options
from tutor.lessons.catalog import find_lesson
from tutor.table.model import TableModel
from tutor.store import forget_open_stores, open_store
from tutor.store.resume import drop_lesson, keep_lesson, lesson_restore, lesson_snapshot, open_lesson

LESSON = "classic-draw-and-discard"  # draw, meld three sevens, discard the 4♦; a trap: discarding before melding


def _played(lang: str = "en") -> TableModel:
    """Draw, a refused second draw (a mistake), a hint, the trap (a mistake) and Try again."""
    lesson = find_lesson(LESSON)
    assert lesson is not None
    model = TableModel.for_lesson(lesson, lang)
    model.simple("draw")
    model.simple("draw")
    model.lesson_hint()
    model.play(parse_action({"type": "discard", "card": "4d"}))
    assert model.lesson is not None and model.lesson.consequence is not None  # the trap shows
    model.try_again()
    return model


def test_a_lesson_replays_to_the_same_table_stage_mistakes_and_hints() -> None:
    model = _played()
    run = model.lesson
    assert run is not None and (run.mistakes, run.hints_used) == (2, 1)
    kept = json.loads(json.dumps(lesson_snapshot(model, 41)))
    back = lesson_restore(kept, "sv")
    again = back.model.lesson
    assert back.attempt == 41 and again is not None
    assert (again.mistakes, again.hints_used, again.step()) == (2, 1, run.step())
    assert dump_position(back.model.state, reveal=True) == dump_position(model.state, reveal=True)
    assert len(back.model.said) == len(model.said) and back.model.lang == "sv"
    # it plays on from there: the solve, with the mistakes still counted
    back.model.play(parse_action({"type": "meld", "melds": [["7c", "7s", "7d"]]}))
    back.model.play(parse_action({"type": "discard", "card": "4d"}))
    assert again.succeeded() and again.stars() < 3


@pytest.mark.parametrize("damage", ["position", "mistakes", "journal", "lesson", "variation"])
def test_a_kept_lesson_that_replays_elsewhere_is_refused(damage: str) -> None:
    kept: dict[str, Any] = json.loads(json.dumps(lesson_snapshot(_played(), 1)))
    kept[damage] = {"position": {"turn": 3}, "mistakes": 0, "journal": [["play", {"type": "fly"}]],
                    "lesson": "no-such-lesson", "variation": 99}[damage]
    with pytest.raises(ValueError):
        lesson_restore(kept, "en")


def test_the_store_keeps_one_lesson_a_learner_and_only_its_device_reads_it(url: str, tmp_path: Path) -> None:
    store, _ = open_store(url, tmp_path)
    mine, theirs = store.learners(store.new_device()), store.learners(store.new_device())
    ada = mine.add_profile("Ada").id
    theirs.add_profile("Bo")
    assert open_lesson(mine, ada, "en") is None
    model = _played()
    keep_lesson(mine, ada, model, None)
    keep_lesson(mine, ada, model, 7)  # replaced, not added
    back = open_lesson(mine, ada, "en")
    assert back is not None and back.attempt == 7 and back.model.lesson is not None
    assert back.model.lesson.mistakes == 2
    assert open_lesson(theirs, ada, "en") is None  # another device's learner: none of its business
    with pytest.raises(Exception):
        keep_lesson(theirs, ada, model, 7)
    drop_lesson(mine, ada)
    assert open_lesson(mine, ada, "en") is None


def _session(tmp_path: Path, url: str, device: str | None = None) -> Session:
    return Session(as_page(Page()), Options(settings_file=tmp_path / "settings.json", lang="en", store=url), device)


def test_a_session_reopened_on_the_same_device_is_back_in_the_lesson_with_its_attempt(url: str, tmp_path: Path) -> None:
    first = _session(tmp_path, url)
    device = first.device
    assert isinstance(device, str)  # a device's id, as its browser keeps it (no class student here)
    asyncio.run(first.open_lesson(LESSON, 0))
    first.model.simple("draw")
    first.after_learner()
    first.model.simple("draw")  # refused: a mistake, written to the attempt as it happens
    first.after_learner()
    attempt = first.attempts.attempt
    assert attempt is not None
    forget_open_stores()  # the server stops (nothing is written at the end)

    again = _session(tmp_path, url, device)
    assert again.screen == "lesson" and again.model.lesson is not None
    assert again.model.lesson.mistakes == 1 and len(again.model.hand) == 8
    assert again.attempts.attempt == attempt and again.model.refusal is not None  # the refusal still shown
    again.model.play(parse_action({"type": "meld", "melds": [["7c", "7s", "7d"]]}))
    again.after_learner()
    again.model.play(parse_action({"type": "discard", "card": "4d"}))
    again.after_learner()
    progress = again.progress.lesson(again._learner(), LESSON)
    assert progress.attempts == 1 and progress.stars == 2  # the same attempt, its mistake counted
    assert again.progress.events(attempt) == [("refusal", "turn.already_drawn")]

    # left for the catalog: the next start opens at home
    asyncio.run(again.go("lessons"))
    forget_open_stores()
    third = _session(tmp_path, url, device)
    assert third.screen == "home" and third.model.lesson is None
    assert _session(tmp_path, url).screen == "home"  # another device: nothing of it


def test_a_class_students_lesson_comes_back_on_the_next_sign_in(url: str, tmp_path: Path) -> None:
    from tutor.store.classes import Classes

    store, _ = open_store(url, tmp_path)
    seven = Classes(store).create_class("7B")
    student, _token = Classes(store).join(seven.code, "Ada", "2468")
    options = Options(settings_file=tmp_path / "settings.json", lang="en", store=url, classroom=True)
    first = Session(as_page(Page()), options, None, student=student)
    asyncio.run(first.open_lesson(LESSON, 0))
    first.model.simple("draw")
    first.after_learner()
    first.model.simple("draw")
    first.after_learner()
    first.progress.leave(student.id)  # the tab closed: the teacher sees her on no lesson
    assert Classes(first.store).overview(seven.id).now_on == {student.id: None}
    forget_open_stores()
    again = Session(as_page(Page()), options, None, student=student)  # another device, say
    assert again.screen == "lesson" and again.model.lesson is not None and again.model.lesson.mistakes == 1
    assert again.attempts.attempt == first.attempts.attempt
    assert Classes(again.store).overview(seven.id).now_on == {student.id: LESSON}  # the teacher sees it open


def test_a_student_on_a_solved_lesson_is_on_none_after_a_restart(url: str, tmp_path: Path) -> None:
    """Solved, the teacher sees the student on no lesson ("–"); the table is given back after a
    restart as it was, solved, and the teacher still sees no lesson (it said "Now on: <the lesson>")."""
    from tutor.store.classes import Classes

    store, _ = open_store(url, tmp_path)
    seven = Classes(store).create_class("7B")
    student, _token = Classes(store).join(seven.code, "Ada", "2468")
    options = Options(settings_file=tmp_path / "settings.json", lang="en", store=url, classroom=True)
    first = Session(as_page(Page()), options, None, student=student)
    asyncio.run(first.open_lesson(LESSON, 0))
    for move in ({"type": "draw"}, {"type": "meld", "melds": [["7c", "7s", "7d"]]}, {"type": "discard", "card": "4d"}):
        first.model.play(parse_action(move))
        first.after_learner()
    assert first.model.lesson is not None and first.model.lesson.succeeded()
    first.writer.flush()
    assert Classes(first.store).overview(seven.id).now_on == {student.id: None}
    forget_open_stores()  # the server restarts; the page reconnects
    again = Session(as_page(Page()), options, None, student=student)
    assert again.screen == "lesson" and again.model.lesson is not None and again.model.lesson.succeeded()
    assert Classes(again.store).overview(seven.id).now_on == {student.id: None}
    assert again.progress.lesson(student.id, LESSON).attempts == 1  # recorded once, before the restart
