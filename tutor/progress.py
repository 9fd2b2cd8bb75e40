"""Learners' progress, kept locally in SQLite: profiles, lesson attempts, mastery, the review queue.

Several learners share one device in a classroom, so progress belongs to a profile. Every write is
its own committed transaction, so a killed process loses at most the attempt being played.

A lesson is *completed* by any successful attempt and *mastered* by a clean one (no mistake, no
hint) on a fresh deal: one of the variations the lesson declares. A lesson whose trap caught the
learner comes back for review after a day, then three days, a week, two weeks, a month, two
months; a review with a mistake starts the intervals over, and a clean one after the last ends them.
"""

from __future__ import annotations

import sqlite3
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from engine.i18n import LANGUAGES, N_, NP_, Text, translate, translate_text
from tutor.storage import LOG, Notice, set_aside

DAY = 86_400.0
INTERVALS = (1, 3, 7, 14, 30, 60)  # days between reviews, step by step
MAX_NAME = 40
DEFAULT_NAME = N_("Learner")  # the profile made on first use, before anyone has typed a name


def shown_name(name: str, lang: str) -> str:
    """A learner's name as shown: the default profile's name follows the language (it was made in
    whatever language the app had on first use); a name someone typed stays as typed."""
    if name in {translate(DEFAULT_NAME, other) for other in LANGUAGES}:
        return translate(DEFAULT_NAME, lang)
    return name

SCHEMA = """
CREATE TABLE IF NOT EXISTS profiles (
    id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, created REAL NOT NULL);
CREATE TABLE IF NOT EXISTS attempts (
    profile INTEGER NOT NULL REFERENCES profiles(id), lesson TEXT NOT NULL, variation INTEGER NOT NULL,
    stars INTEGER NOT NULL, mistakes INTEGER NOT NULL, hints INTEGER NOT NULL, finished REAL NOT NULL);
CREATE INDEX IF NOT EXISTS attempts_by_lesson ON attempts (profile, lesson);
CREATE TABLE IF NOT EXISTS reviews (
    profile INTEGER NOT NULL REFERENCES profiles(id), lesson TEXT NOT NULL, step INTEGER NOT NULL,
    due REAL NOT NULL, PRIMARY KEY (profile, lesson));
"""


class ProgressError(ValueError):
    """A request the progress store cannot take (an empty or taken name, an unknown profile).

    ``text`` is a message id and ``facts`` fill it, so the app says it in the learner's language."""

    def __init__(self, text: Text, **facts: object) -> None:
        super().__init__(translate_text(text, facts, "en").format(**facts))
        self.text, self.facts = text, facts

    def explanation(self, lang: str) -> str:
        return translate_text(self.text, self.facts, lang).format(**self.facts)


@dataclass(frozen=True)
class Profile:
    id: int
    name: str


@dataclass(frozen=True)
class LessonProgress:
    stars: int = 0  # the best attempt's
    completed: bool = False
    mastered: bool = False
    attempts: int = 0
    review_due: float | None = None  # when the lesson comes back for review, if it does


class Progress:
    """The store at ``path`` (created on first use)."""

    def __init__(self, path: Path) -> None:
        """Opens (or creates) the store; ``sqlite3.DatabaseError`` if the file is not ours or damaged."""
        path.parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        with self._db() as db:
            check = db.execute("PRAGMA quick_check").fetchone()
            if check is None or check[0] != "ok":
                raise sqlite3.DatabaseError(f"damaged: {check[0] if check else 'no answer'}")
            for table, columns in _expected_columns().items():  # a table of another schema: not ours
                found = [row[1:3] for row in db.execute(f"PRAGMA table_info({table})")]
                if found and found != columns:
                    raise sqlite3.DatabaseError(f"table {table} has columns {found}, not {columns}")
            try:
                db.executescript(SCHEMA)
            except sqlite3.OperationalError as error:  # an index or table in the way
                raise sqlite3.DatabaseError(f"schema: {error}") from None

    @contextmanager
    def _db(self) -> Iterator[sqlite3.Connection]:
        # a connection per call: sessions of a classroom write from one server without sharing one
        db = sqlite3.connect(self.path, timeout=5.0)
        try:
            with db:  # commits, or rolls back on an error
                yield db
        finally:
            db.close()

    # -- profiles --------------------------------------------------------------------------------

    def profiles(self) -> list[Profile]:
        with self._db() as db:
            return [Profile(i, n) for i, n in db.execute("SELECT id, name FROM profiles ORDER BY id")]

    def add_profile(self, name: str) -> Profile:
        name = " ".join(name.split())
        if not name:
            raise ProgressError(N_("A learner's name cannot be empty."))
        if len(name) > MAX_NAME:
            raise ProgressError(NP_("A learner's name has at most {count} character.",
                                    "A learner's name has at most {count} characters."), count=MAX_NAME)
        try:
            with self._db() as db:
                cursor = db.execute("INSERT INTO profiles (name, created) VALUES (?, ?)", (name, time.time()))
        except sqlite3.IntegrityError:
            raise ProgressError(N_("There is already a learner called {name}."), name=name) from None
        return Profile(int(cursor.lastrowid or 0), name)

    def profile(self, profile_id: int) -> Profile:
        with self._db() as db:
            row = db.execute("SELECT id, name FROM profiles WHERE id = ?", (profile_id,)).fetchone()
        if row is None:
            raise ProgressError(N_("No learner has the number {number}."), number=profile_id)
        return Profile(*row)

    # -- attempts --------------------------------------------------------------------------------

    def record(self, profile: int, lesson: str, variation: int, stars: int, mistakes: int, hints: int,
               now: float | None = None) -> LessonProgress:
        """A finished attempt; updates the review queue. Returns the lesson's progress after it."""
        now = time.time() if now is None else now
        self.profile(profile)  # raises for an unknown one
        clean = mistakes == 0 and hints == 0
        with self._db() as db:
            db.execute("INSERT INTO attempts VALUES (?, ?, ?, ?, ?, ?, ?)",
                       (profile, lesson, variation, stars, mistakes, hints, now))
            row = db.execute("SELECT step, due FROM reviews WHERE profile = ? AND lesson = ?",
                             (profile, lesson)).fetchone()
            if mistakes:  # a trap caught the learner: it comes back, from the first interval
                db.execute("INSERT OR REPLACE INTO reviews VALUES (?, ?, 0, ?)",
                           (profile, lesson, now + INTERVALS[0] * DAY))
            elif row is not None and clean and now >= row[1]:  # a review passed: the next interval
                step = row[0] + 1
                if step >= len(INTERVALS):
                    db.execute("DELETE FROM reviews WHERE profile = ? AND lesson = ?", (profile, lesson))
                else:
                    db.execute("UPDATE reviews SET step = ?, due = ? WHERE profile = ? AND lesson = ?",
                               (step, now + INTERVALS[step] * DAY, profile, lesson))
        return self.lesson(profile, lesson)

    def queue_review(self, profile: int, lesson: str, now: float | None = None) -> None:
        """An attempt left unsolved after a mistake: the lesson comes back for review, from the first
        interval (as after a solved attempt with a mistake); no attempt is recorded."""
        now = time.time() if now is None else now
        self.profile(profile)  # raises for an unknown one
        with self._db() as db:
            db.execute("INSERT OR REPLACE INTO reviews VALUES (?, ?, 0, ?)", (profile, lesson, now + INTERVALS[0] * DAY))

    # One row per lesson: best stars, attempts, whether a clean solve of a variation is among them,
    # and the review date; the catalog reads every lesson's at each render.
    _SUMMARY = """
        SELECT lesson, MAX(stars), COUNT(*), MAX(variation > 0 AND mistakes = 0 AND hints = 0),
               (SELECT due FROM reviews r WHERE r.profile = a.profile AND r.lesson = a.lesson)
        FROM attempts a WHERE profile = ? {only} GROUP BY lesson
        UNION ALL
        SELECT lesson, 0, 0, 0, due FROM reviews r WHERE profile = ? {only}
        AND NOT EXISTS (SELECT 1 FROM attempts a WHERE a.profile = r.profile AND a.lesson = r.lesson)"""

    def _summaries(self, profile: int, lesson: str | None = None) -> dict[str, LessonProgress]:
        only = "" if lesson is None else "AND lesson = ?"
        args = (profile,) if lesson is None else (profile, lesson)
        with self._db() as db:
            rows = db.execute(self._SUMMARY.format(only=only), args + args).fetchall()
        return {name: LessonProgress(stars=stars or 0, completed=bool(attempts), mastered=bool(mastered),
                                     attempts=attempts, review_due=due)
                for name, stars, attempts, mastered, due in rows}

    def lesson(self, profile: int, lesson: str) -> LessonProgress:
        return self._summaries(profile, lesson).get(lesson, LessonProgress())

    def all_lessons(self, profile: int) -> dict[str, LessonProgress]:
        return self._summaries(profile)

    def deals_played(self, profile: int, lesson: str) -> list[int]:
        """The deal (variation) of each of the learner's attempts at ``lesson``, oldest first."""
        with self._db() as db:
            return [row[0] for row in db.execute(
                "SELECT variation FROM attempts WHERE profile = ? AND lesson = ? ORDER BY finished, rowid",
                (profile, lesson))]

    def due(self, profile: int, now: float | None = None) -> list[str]:
        """The lessons to review now, the longest overdue first."""
        now = time.time() if now is None else now
        with self._db() as db:
            return [row[0] for row in db.execute(
                "SELECT lesson FROM reviews WHERE profile = ? AND due <= ? ORDER BY due, lesson", (profile, now))]


def _expected_columns() -> dict[str, list[tuple[str, str]]]:
    """Each table's (name, type) columns as SCHEMA makes them: what a store of ours holds."""
    db = sqlite3.connect(":memory:")
    try:
        db.executescript(SCHEMA)
        tables = [row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        return {t: [row[1:3] for row in db.execute(f"PRAGMA table_info({t})")] for t in tables}
    finally:
        db.close()


PROGRESS_DAMAGED = N_("The learners' progress file {file} could not be read; it is kept as {backup} and "
                      "progress starts afresh.")
PROGRESS_NOT_KEPT = N_("The learners' progress cannot be kept in {file}; progress made now will not be saved.")


def open_progress(path: Path) -> tuple[Progress, list[Notice]]:
    """The store at ``path``; a damaged one (random bytes, truncated, another schema) is kept aside
    and replaced by a new one, so Home, free play and the lessons always open."""
    notices: list[Notice] = []
    try:
        return Progress(path), []
    except sqlite3.OperationalError as error:  # locked by another session, or no access: not damage
        LOG.error("progress store %s cannot be opened: %s", path, error)
    except sqlite3.DatabaseError as error:  # not a database, malformed, or another schema
        LOG.warning("progress store %s is damaged: %s", path, error)
        backup = set_aside(path, "-wal", "-shm", "-journal")
        notices.append(Notice(PROGRESS_DAMAGED, {"file": path.name, "backup": backup.name if backup else "-"}))
    except OSError as error:
        LOG.error("progress store %s cannot be opened: %s", path, error)
    try:
        return Progress(path), notices
    except (sqlite3.DatabaseError, OSError) as error:  # still not: this session's progress goes to a temporary folder
        LOG.error("progress store %s cannot be used: %s", path, error)
        spare = Path(tempfile.mkdtemp(prefix="canasta-progress-")) / path.name
        return Progress(spare), [*notices, Notice(PROGRESS_NOT_KEPT, {"file": path.name})]


__all__ = ["INTERVALS", "LessonProgress", "Profile", "Progress", "ProgressError", "open_progress"]
