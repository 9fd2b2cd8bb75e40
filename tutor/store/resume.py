"""The lesson on a learner's table, kept in the store so that a restart gives it back.

A lesson is kept as what it takes to play it again: its id and deal (variation), its attempt, and
its *journal*, the inputs since the attempt began (``TableModel.journal``: the learner's actions,
refused ones too, the other seats' replies, Try again, Start over, hints). Replayed through the same
lesson runner, the journal gives back the table exactly: the position and its history (so Try again
still takes back the right moves), the narration's step, the mistakes and hints so far, the last
refusal or trap shown. The mistakes, hints and position are kept beside it and checked after the
replay: a lesson whose file changed since (an upgrade) is not restored half-right; it is dropped
(the attempt and its mistakes stay in the store) and the learner starts at the catalog.

One row a learner (``open_lessons``), written after each input, in one transaction; dropped when
the learner leaves the lesson. Replaying is quick: a lesson is a few moves (Try again searches a
little, as it did when the learner pressed it).
"""

from __future__ import annotations

import json
import time
from typing import Any, NamedTuple

from sqlalchemy import delete, insert, select, update
from sqlalchemy.exc import SQLAlchemyError

from engine.core.actions import parse_action
from engine.core.errors import InvalidInputError
from engine.position import dump_position
from tutor.lessons.catalog import find_lesson
from tutor.table.model import TableModel
from tutor.lessons.progress import ProgressError
from tutor.store.files import LOG
from tutor.store.schema import open_lessons
from tutor.store.store import Learners

MAX_JOURNAL = 2_000  # inputs kept (a lesson takes tens); beyond it the lesson is not kept
INPUTS = frozenset({"play", "bot", "try_again", "start_over", "hint"})


class OpenLesson(NamedTuple):
    model: TableModel
    attempt: int | None  # the attempt its mistakes go to (None: the store could not start one)


def lesson_snapshot(model: TableModel, attempt: int | None) -> dict[str, Any]:
    run = model.lesson
    assert run is not None
    return {"lesson": run.lesson.id, "variation": run.variation, "attempt": attempt,
            "journal": model.journal, "mistakes": run.mistakes, "hints": run.hints_used,
            "position": dump_position(model.state, reveal=True)}


def lesson_restore(data: Any, lang: str) -> OpenLesson:
    """The lesson kept by ``lesson_snapshot``, played again; ``ValueError`` if it is not one, or if
    the replay does not come out where it was (the lesson changed since)."""
    if not isinstance(data, dict) or not isinstance(data.get("journal"), list):
        raise ValueError("not a kept lesson")
    lesson = find_lesson(str(data.get("lesson")))
    variation, attempt = data.get("variation"), data.get("attempt")
    if lesson is None or not isinstance(variation, int) or not 0 <= variation < len(lesson.setups):
        raise ValueError(f"no lesson {data.get('lesson')!r} with the deal {variation!r}")
    if attempt is not None and not isinstance(attempt, int):
        raise ValueError("attempt: a number")
    model = TableModel.for_lesson(lesson, lang, variation)
    for step in data["journal"]:
        _replay(model, step)
    run = model.lesson
    assert run is not None
    if (run.mistakes, run.hints_used) != (data.get("mistakes"), data.get("hints")) \
            or dump_position(model.state, reveal=True) != data.get("position"):
        raise ValueError(f"lesson {lesson.id} replays to another table than the one kept (the lesson changed?)")
    return OpenLesson(model, attempt)


def _replay(model: TableModel, step: Any) -> None:
    if not isinstance(step, list) or not step or step[0] not in INPUTS:
        raise ValueError(f"not a lesson input: {step!r:.60}")
    kind = step[0]
    try:
        if kind == "play":
            model.play(parse_action(step[1]))
        elif kind == "bot":
            model.play_bot(parse_action(step[1]))
        elif kind == "try_again":
            model.try_again()
        elif kind == "start_over":
            model.start_over()
        else:
            model.lesson_hint()
    except (InvalidInputError, IndexError, KeyError, TypeError) as error:
        raise ValueError(f"{kind}: {error}") from None


# -- in the store ---------------------------------------------------------------------------------

def keep_lesson(learners: Learners, learner: int, model: TableModel, attempt: int | None) -> None:
    """The learner's lesson as it stands now (one row a learner, replaced)."""
    keep_lesson_data(learners, learner, lesson_snapshot(model, attempt))


def keep_lesson_data(learners: Learners, learner: int, snapshot: dict[str, Any]) -> None:
    """``keep_lesson`` with the snapshot taken already (on the event loop; written off it)."""
    if len(snapshot["journal"]) > MAX_JOURNAL:
        return
    data, now = json.dumps(snapshot), time.time()
    with learners.store._tx() as db:
        learners._own(db, learner)
        if not db.execute(update(open_lessons).where(open_lessons.c.learner == learner)
                          .values(data=data, updated=now)).rowcount:
            db.execute(insert(open_lessons).values(learner=learner, data=data, updated=now))


def drop_lesson(learners: Learners, learner: int) -> None:
    """The learner left the lesson (or opened another): nothing to give back."""
    with learners.store._tx() as db:
        learners._own(db, learner)
        db.execute(delete(open_lessons).where(open_lessons.c.learner == learner))


def open_lesson(learners: Learners, learner: int, lang: str) -> OpenLesson | None:
    """The lesson the learner had on the table, played again; None if none (or it cannot be: it is
    dropped, and the log says why)."""
    try:
        with learners.store.engine.connect() as db:
            learners._own(db, learner)
            raw = db.execute(select(open_lessons.c.data).where(open_lessons.c.learner == learner)).scalar()
    except ProgressError:  # not this device's learner (any more)
        return None
    except SQLAlchemyError as error:
        LOG.error("the lesson on the table cannot be read: %s", error)
        return None
    if raw is None:
        return None
    try:
        found = lesson_restore(json.loads(raw), lang)
    except (ValueError, RecursionError) as error:
        LOG.warning("a lesson kept for learner %s is not given back: %s", learner, error)
        try:
            drop_lesson(learners, learner)
        except (SQLAlchemyError, ProgressError):
            pass
        return None
    run = found.model.lesson
    assert run is not None
    try:  # a class's student is on this lesson again: their teacher sees it (a closed tab had left it);
        # on a lesson solved before the restart they are working on none, as before it
        with learners.store.write() as tx:
            tx.student_active(learner, lesson=None if run.succeeded() else run.lesson.id)
    except SQLAlchemyError as error:
        LOG.error("a student's lesson reopened cannot be marked: %s", error)
    return found
