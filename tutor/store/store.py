"""The store's queries: devices, their settings and saved game, and each owner's learners' progress.

Every method is one transaction, committed before it returns, so a killed server loses nothing
that was answered. An *owner* is a device (its id, a string) or a class's student (their learner
id, an int; ``tutor.store.classes``), and sees only its own rows: ``Learners`` is one owner's view
of the learners and their progress, and refuses another's learner as if there were none.

Every write about a class's student publishes ``class:{id}`` on ``Store.live`` after its
transaction commits (a teacher's view re-reads the store), and marks the student active.
"""

from __future__ import annotations

import json
import re
import secrets
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from typing import Any

from sqlalchemy import and_, case, delete, exists, func, insert, literal, select, union_all, update
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError

from engine.core.i18n import N_, NP_
from tutor.store.live import Live
from tutor.store.live_pg import live_for
from tutor.lessons.progress import DAY, INTERVALS, MAX_NAME, LessonProgress, Profile, ProgressError, typed_name
from tutor.store.schema import (attempt_events, attempts, devices, learners, meta, reviews, saved_games, settings,
                                students)

DEVICE_ID = re.compile(r"[A-Za-z0-9_-]{32,64}")
UNCLAIMED = "unclaimed_device"  # the device the old files were imported into, for the first browser
Owner = str | int  # a device's id, or a class's student's learner id


def class_topic(class_id: int) -> str:
    """The live topic of a class: published after each committed write about one of its students."""
    return f"class:{class_id}"


@dataclass
class Write:
    """A transaction and the live topics to publish once it has committed."""

    db: Connection
    topics: set[str] = field(default_factory=set)

    def student_active(self, learner: int, now: float | None = None, **changes: object) -> int | None:
        """If ``learner`` is a class's student: marks them active (and sets ``changes``), publishes
        their class after the commit, and returns its id; None for a device's learner."""
        values = {"active": time.time() if now is None else now, **changes}
        class_id = self.db.execute(update(students).where(students.c.learner == learner).values(**values)
                                   .returning(students.c.class_id)).scalar()
        if class_id is not None:
            self.topics.add(class_topic(int(class_id)))
        return None if class_id is None else int(class_id)


class Store:
    def __init__(self, engine: Engine, url: str) -> None:
        self.engine, self.url = engine, url
        # live updates: a PostgreSQL store's hub also NOTIFYs and LISTENs, so that every app process
        # on the database hears a write through any of them (tutor/store/live_pg.py); SQLite's is in-process
        self.live: Live = live_for(url)

    def _tx(self) -> Any:
        return self.engine.begin()

    @contextmanager
    def write(self) -> Iterator[Write]:
        """One transaction; its live topics are published after it commits (not if it fails)."""
        with self.engine.begin() as db:
            done = Write(db)
            yield done
        for topic in sorted(done.topics):
            self.live.publish(topic)

    # -- devices -------------------------------------------------------------------------------

    def device(self, presented: object) -> tuple[str, bool]:
        """The device for the id a browser presented (anything, or None on a first visit): its own
        if the store knows it, else a new one (the old files' device for the first). Returns the
        id and whether it is new (to be kept in the browser)."""
        now = time.time()
        if isinstance(presented, str) and DEVICE_ID.fullmatch(presented):
            with self._tx() as db:
                if db.execute(update(devices).where(devices.c.id == presented).values(seen=now)).rowcount:
                    return presented, False
        with self._tx() as db:
            claimed = db.execute(select(meta.c.value).where(meta.c.key == UNCLAIMED)).scalar()
            if claimed is not None and db.execute(delete(meta).where(meta.c.key == UNCLAIMED)).rowcount:
                db.execute(update(devices).where(devices.c.id == claimed).values(seen=now))
                return claimed, True
        return self.new_device(now), True

    def new_device(self, now: float | None = None) -> str:
        now = time.time() if now is None else now
        device = secrets.token_urlsafe(32)  # 43 characters, 256 bits: not guessed
        with self._tx() as db:
            db.execute(insert(devices).values(id=device, created=now, seen=now))
        return device

    # -- settings and the saved game (a device's, or a student's from any device) ---------------

    def settings_data(self, device: Owner) -> dict[str, Any] | None:
        """The owner's settings as stored (checked by ``tutor.store.settings``), None if none yet."""
        with self.engine.connect() as db:
            raw = db.execute(select(settings.c.data).where(owned(settings, device))).scalar()
        return None if raw is None else _json(raw)

    def save_settings(self, device: Owner, chosen: Any) -> None:
        self._put(settings, device, json.dumps(asdict(chosen)))

    def game_data(self, device: Owner) -> dict[str, Any] | None:
        with self.engine.connect() as db:
            raw = db.execute(select(saved_games.c.data).where(owned(saved_games, device))).scalar()
        return None if raw is None else _json(raw)

    def has_game(self, device: Owner) -> bool:
        with self.engine.connect() as db:
            return bool(db.execute(select(exists().where(owned(saved_games, device)))).scalar())

    def save_game(self, device: Owner, data: dict[str, Any]) -> None:
        self._put(saved_games, device, json.dumps(data))

    def drop_game(self, device: Owner) -> None:
        with self.write() as tx:
            tx.db.execute(delete(saved_games).where(owned(saved_games, device)))
            if isinstance(device, int):
                tx.student_active(device)

    def _put(self, table: Any, device: Owner, data: str) -> None:
        now = time.time()
        column = "learner" if isinstance(device, int) else "device"
        with self.write() as tx:  # update, else insert: the same on both dialects
            if not tx.db.execute(update(table).where(owned(table, device)).values(data=data, updated=now)).rowcount:
                tx.db.execute(insert(table).values({column: device, "data": data, "updated": now}))
            if isinstance(device, int):
                tx.student_active(device, now)

    def learners(self, device: Owner) -> Learners:
        return Learners(self, device)

    # -- the store itself --------------------------------------------------------------------------

    def fact(self, key: str) -> str | None:
        with self.engine.connect() as db:
            return db.execute(select(meta.c.value).where(meta.c.key == key)).scalar()

    def close(self) -> None:
        self.live.close()
        self.engine.dispose()


def owned(table: Any, owner: Owner) -> Any:
    """The condition "this row is the owner's": a device's id (str), or a learner's id (int)."""
    if isinstance(owner, bool) or not isinstance(owner, (str, int)):
        raise TypeError(f"an owner is a device id or a learner id, not {owner!r}")
    return table.c.learner == owner if isinstance(owner, int) else table.c.device == owner


def _json(raw: str) -> Any:
    try:
        return json.loads(raw)
    except (ValueError, RecursionError):
        return raw  # not JSON: the caller names it damaged


class Learners:
    """One owner's learners and their progress: the API of ``tutor.lessons.progress.Progress``, plus
    attempts that are written as they happen (every mistake, trap and hint when it is made). A
    device has the learners made on it; a class's student has one, themself."""

    def __init__(self, store: Store, device: Owner) -> None:
        self.store, self.device = store, device
        self.mine = learners.c.id == device if isinstance(device, int) else learners.c.device == device

    def profiles(self) -> list[Profile]:
        with self.store.engine.connect() as db:
            rows = db.execute(select(learners.c.id, learners.c.name).where(self.mine).order_by(learners.c.id))
            return [Profile(i, n) for i, n in rows]

    def add_profile(self, name: str) -> Profile:
        if isinstance(self.device, int):  # a student is one learner; the teacher adds none for them
            raise ProgressError(N_("A student has one profile, their own: no learner can be added."))
        name = typed_name(name)
        if not name:
            raise ProgressError(N_("A learner's name cannot be empty."))
        if len(name) > MAX_NAME:
            raise ProgressError(NP_("A learner's name has at most {count} character.",
                                    "A learner's name has at most {count} characters."), count=MAX_NAME)
        try:
            with self.store._tx() as db:
                new = db.execute(insert(learners).values(device=self.device, name=name, created=time.time())
                                 .returning(learners.c.id)).scalar_one()
        except IntegrityError:
            raise ProgressError(N_("There is already a learner called {name}."), name=name) from None
        return Profile(int(new), name)

    def profile(self, profile_id: int) -> Profile:
        with self.store.engine.connect() as db:
            return self._own(db, profile_id)

    def _own(self, db: Connection, profile_id: int) -> Profile:
        row = db.execute(select(learners.c.id, learners.c.name).where(learners.c.id == profile_id, self.mine)).first()
        if row is None:  # another owner's learner is no learner of this one
            raise ProgressError(N_("No learner has the number {number}."), number=profile_id)
        return Profile(*row)

    # -- attempts, as they happen ------------------------------------------------------------------

    def start(self, profile: int, lesson: str, variation: int, now: float | None = None) -> int:
        """A new attempt at ``lesson``; its id, for the events and the finish."""
        now = time.time() if now is None else now
        with self.store.write() as tx:
            self._own(tx.db, profile)
            tx.student_active(profile, now, lesson=lesson)
            return int(tx.db.execute(insert(attempts).values(
                learner=profile, lesson=lesson, variation=variation, stars=0, mistakes=0, hints=0,
                started=now).returning(attempts.c.id)).scalar_one())

    def event(self, attempt: int, kind: str, detail: str, mistakes: int, hints: int) -> None:
        """A mistake, a trap or a hint, when it happens; the attempt's counts follow."""
        with self.store.write() as tx:
            profile, _ = self._attempt(tx.db, attempt)
            tx.db.execute(insert(attempt_events).values(attempt=attempt, kind=kind, detail=detail[:200],
                                                        at=time.time()))
            tx.db.execute(update(attempts).where(attempts.c.id == attempt).values(mistakes=mistakes, hints=hints))
            tx.student_active(profile)

    def leave(self, profile: int) -> None:
        """The learner left the lesson they had open (a class's student is on none now)."""
        with self.store.write() as tx:
            self._own(tx.db, profile)
            tx.student_active(profile, lesson=None)

    def events(self, attempt: int) -> list[tuple[str, str]]:
        with self.store.engine.connect() as db:
            self._attempt(db, attempt)
            return [(k, d) for k, d in db.execute(select(attempt_events.c.kind, attempt_events.c.detail)
                                                  .where(attempt_events.c.attempt == attempt)
                                                  .order_by(attempt_events.c.id))]

    def _attempt(self, db: Connection, attempt: int) -> tuple[int, str]:
        row = db.execute(select(attempts.c.learner, attempts.c.lesson).join(learners)
                         .where(attempts.c.id == attempt, self.mine)).first()
        if row is None:
            raise ProgressError(N_("No learner has the number {number}."), number=attempt)
        return int(row[0]), str(row[1])

    def finish(self, attempt: int, stars: int, mistakes: int, hints: int, now: float | None = None) -> LessonProgress:
        """The attempt solved: its stars; the review queue moves on. The lesson's progress after it."""
        now = time.time() if now is None else now
        with self.store.write() as tx:
            profile, lesson = self._attempt(tx.db, attempt)
            tx.db.execute(update(attempts).where(attempts.c.id == attempt).values(
                stars=stars, mistakes=mistakes, hints=hints, finished=now))
            self._review(tx.db, profile, lesson, mistakes, hints, now)
            tx.student_active(profile, now, lesson=None)
        return self.lesson(profile, lesson)

    def record(self, profile: int, lesson: str, variation: int, stars: int, mistakes: int, hints: int,
               now: float | None = None) -> LessonProgress:
        """A whole attempt at once (``tutor.lessons.progress``'s API; the import of old attempts)."""
        now = time.time() if now is None else now
        return self.finish(self.start(profile, lesson, variation, now), stars, mistakes, hints, now)

    def _review(self, db: Connection, profile: int, lesson: str, mistakes: int, hints: int, now: float) -> None:
        key = and_(reviews.c.learner == profile, reviews.c.lesson == lesson)
        row = db.execute(select(reviews.c.step, reviews.c.due).where(key)).first()
        if mistakes:  # a trap caught the learner: it comes back, from the first interval
            self._queue(db, profile, lesson, now)
        elif row is not None and hints == 0 and now >= row[1]:  # a review passed: the next interval
            step = row[0] + 1
            if step >= len(INTERVALS):
                db.execute(delete(reviews).where(key))
            else:
                db.execute(update(reviews).where(key).values(step=step, due=now + INTERVALS[step] * DAY))

    def _queue(self, db: Connection, profile: int, lesson: str, now: float) -> None:
        key = and_(reviews.c.learner == profile, reviews.c.lesson == lesson)
        due = now + INTERVALS[0] * DAY
        if not db.execute(update(reviews).where(key).values(step=0, due=due)).rowcount:
            db.execute(insert(reviews).values(learner=profile, lesson=lesson, step=0, due=due))

    def queue_review(self, profile: int, lesson: str, now: float | None = None) -> None:
        """An attempt left unsolved after a mistake: the lesson comes back for review."""
        now = time.time() if now is None else now
        with self.store.write() as tx:
            self._own(tx.db, profile)
            self._queue(tx.db, profile, lesson, now)
            tx.student_active(profile, now)

    # -- what the catalog shows ------------------------------------------------------------------

    def _summaries(self, profile: int, lesson: str | None = None) -> dict[str, LessonProgress]:
        a, r = attempts.alias("a"), reviews.alias("r")
        done = [a.c.learner == profile, a.c.finished.is_not(None)]
        queued = [r.c.learner == profile]
        if lesson is not None:
            done.append(a.c.lesson == lesson)
            queued.append(r.c.lesson == lesson)
        clean = func.max(case((and_(a.c.variation > 0, a.c.mistakes == 0, a.c.hints == 0), 1), else_=0))
        due = select(reviews.c.due).where(reviews.c.learner == a.c.learner, reviews.c.lesson == a.c.lesson) \
            .correlate(a).scalar_subquery()
        solved = select(a.c.lesson, func.max(a.c.stars), func.count(), clean, func.max(due)).where(*done) \
            .group_by(a.c.lesson)
        unsolved = select(r.c.lesson, literal(0), literal(0), literal(0), r.c.due).where(
            *queued, ~exists().where(a.c.learner == r.c.learner, a.c.lesson == r.c.lesson, a.c.finished.is_not(None)))
        with self.store.engine.connect() as db:
            rows = db.execute(union_all(solved, unsolved)).all()
        return {name: LessonProgress(stars=stars or 0, completed=bool(count), mastered=bool(mastered),
                                     attempts=count, review_due=due)
                for name, stars, count, mastered, due in rows}

    def lesson(self, profile: int, lesson: str) -> LessonProgress:
        return self._summaries(profile, lesson).get(lesson, LessonProgress())

    def all_lessons(self, profile: int) -> dict[str, LessonProgress]:
        return self._summaries(profile)

    def deals_played(self, profile: int, lesson: str) -> list[int]:
        """The deal of each of the learner's attempts at ``lesson`` (solved or not), oldest first."""
        with self.store.engine.connect() as db:
            return [v for (v,) in db.execute(select(attempts.c.variation).where(
                attempts.c.learner == profile, attempts.c.lesson == lesson).order_by(attempts.c.started, attempts.c.id))]

    def due(self, profile: int, now: float | None = None) -> list[str]:
        now = time.time() if now is None else now
        with self.store.engine.connect() as db:
            return [n for (n,) in db.execute(select(reviews.c.lesson).where(
                reviews.c.learner == profile, reviews.c.due <= now).order_by(reviews.c.due, reviews.c.lesson))]

