"""The store's queries: devices, their settings and saved game, and each device's learners' progress.

Every method is one transaction, committed before it returns, so a killed server loses nothing
that was answered. A device sees only its own rows: ``Learners`` is one device's view of the
learners and their progress, and refuses a learner of another device as if there were none.
"""

from __future__ import annotations

import json
import re
import secrets
import time
from dataclasses import asdict
from typing import Any

from sqlalchemy import and_, case, delete, exists, func, insert, literal, select, union_all, update
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError

from engine.i18n import N_, NP_
from tutor.progress import DAY, INTERVALS, MAX_NAME, LessonProgress, Profile, ProgressError
from tutor.store.schema import attempt_events, attempts, devices, learners, meta, reviews, saved_games, settings

DEVICE_ID = re.compile(r"[A-Za-z0-9_-]{32,64}")
UNCLAIMED = "unclaimed_device"  # the device the old files were imported into, for the first browser


class Store:
    def __init__(self, engine: Engine, url: str) -> None:
        self.engine, self.url = engine, url

    def _tx(self) -> Any:
        return self.engine.begin()

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

    # -- settings and the saved game -------------------------------------------------------------

    def settings_data(self, device: str) -> dict[str, Any] | None:
        """The device's settings as stored (checked by ``tutor.settings``), None if none yet."""
        with self.engine.connect() as db:
            raw = db.execute(select(settings.c.data).where(settings.c.device == device)).scalar()
        return None if raw is None else _json(raw)

    def save_settings(self, device: str, chosen: Any) -> None:
        self._put(settings, device, json.dumps(asdict(chosen)))

    def game_data(self, device: str) -> dict[str, Any] | None:
        with self.engine.connect() as db:
            raw = db.execute(select(saved_games.c.data).where(saved_games.c.device == device)).scalar()
        return None if raw is None else _json(raw)

    def has_game(self, device: str) -> bool:
        with self.engine.connect() as db:
            return bool(db.execute(select(exists().where(saved_games.c.device == device))).scalar())

    def save_game(self, device: str, data: dict[str, Any]) -> None:
        self._put(saved_games, device, json.dumps(data))

    def drop_game(self, device: str) -> None:
        with self._tx() as db:
            db.execute(delete(saved_games).where(saved_games.c.device == device))

    def _put(self, table: Any, device: str, data: str) -> None:
        now = time.time()
        with self._tx() as db:  # update, else insert: the same on both dialects
            if not db.execute(update(table).where(table.c.device == device).values(data=data, updated=now)).rowcount:
                db.execute(insert(table).values(device=device, data=data, updated=now))

    def learners(self, device: str) -> Learners:
        return Learners(self, device)

    # -- the store itself --------------------------------------------------------------------------

    def fact(self, key: str) -> str | None:
        with self.engine.connect() as db:
            return db.execute(select(meta.c.value).where(meta.c.key == key)).scalar()

    def close(self) -> None:
        self.engine.dispose()


def _json(raw: str) -> Any:
    try:
        return json.loads(raw)
    except (ValueError, RecursionError):
        return raw  # not JSON: the caller names it damaged


class Learners:
    """One device's learners and their progress: the API of ``tutor.progress.Progress``, plus
    attempts that are written as they happen (every mistake, trap and hint when it is made)."""

    def __init__(self, store: Store, device: str) -> None:
        self.store, self.device = store, device

    def profiles(self) -> list[Profile]:
        with self.store.engine.connect() as db:
            rows = db.execute(select(learners.c.id, learners.c.name).where(learners.c.device == self.device)
                              .order_by(learners.c.id))
            return [Profile(i, n) for i, n in rows]

    def add_profile(self, name: str) -> Profile:
        name = " ".join(name.split())
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
        row = db.execute(select(learners.c.id, learners.c.name).where(
            learners.c.id == profile_id, learners.c.device == self.device)).first()
        if row is None:  # another device's learner is no learner of this one
            raise ProgressError(N_("No learner has the number {number}."), number=profile_id)
        return Profile(*row)

    # -- attempts, as they happen ------------------------------------------------------------------

    def start(self, profile: int, lesson: str, variation: int, now: float | None = None) -> int:
        """A new attempt at ``lesson``; its id, for the events and the finish."""
        with self.store._tx() as db:
            self._own(db, profile)
            return int(db.execute(insert(attempts).values(
                learner=profile, lesson=lesson, variation=variation, stars=0, mistakes=0, hints=0,
                started=time.time() if now is None else now).returning(attempts.c.id)).scalar_one())

    def event(self, attempt: int, kind: str, detail: str, mistakes: int, hints: int) -> None:
        """A mistake, a trap or a hint, when it happens; the attempt's counts follow."""
        with self.store._tx() as db:
            self._attempt(db, attempt)
            db.execute(insert(attempt_events).values(attempt=attempt, kind=kind, detail=detail[:200], at=time.time()))
            db.execute(update(attempts).where(attempts.c.id == attempt).values(mistakes=mistakes, hints=hints))

    def events(self, attempt: int) -> list[tuple[str, str]]:
        with self.store.engine.connect() as db:
            self._attempt(db, attempt)
            return [(k, d) for k, d in db.execute(select(attempt_events.c.kind, attempt_events.c.detail)
                                                  .where(attempt_events.c.attempt == attempt)
                                                  .order_by(attempt_events.c.id))]

    def _attempt(self, db: Connection, attempt: int) -> tuple[int, str]:
        row = db.execute(select(attempts.c.learner, attempts.c.lesson).join(learners)
                         .where(attempts.c.id == attempt, learners.c.device == self.device)).first()
        if row is None:
            raise ProgressError(N_("No learner has the number {number}."), number=attempt)
        return int(row[0]), str(row[1])

    def finish(self, attempt: int, stars: int, mistakes: int, hints: int, now: float | None = None) -> LessonProgress:
        """The attempt solved: its stars; the review queue moves on. The lesson's progress after it."""
        now = time.time() if now is None else now
        with self.store._tx() as db:
            profile, lesson = self._attempt(db, attempt)
            db.execute(update(attempts).where(attempts.c.id == attempt).values(
                stars=stars, mistakes=mistakes, hints=hints, finished=now))
            self._review(db, profile, lesson, mistakes, hints, now)
        return self.lesson(profile, lesson)

    def record(self, profile: int, lesson: str, variation: int, stars: int, mistakes: int, hints: int,
               now: float | None = None) -> LessonProgress:
        """A whole attempt at once (``tutor.progress``'s API; the import of old attempts)."""
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
        with self.store._tx() as db:
            self._own(db, profile)
            self._queue(db, profile, lesson, time.time() if now is None else now)

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

