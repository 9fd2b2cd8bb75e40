"""Classes and students in the store (docs/classroom.md, "Classes and students").

The teacher (one a store) has a password; they create classes, each with a short join code. A
student joins with the code, their name and a PIN of 4 to 8 digits: a new name makes a new student
with that PIN, a known name needs its PIN. Each join gives the browser a random sign-in token, kept
in its storage, so a reload or a new tab signs in again; the store keeps only the token's SHA-256.
A student is a learner (``learners.class_id``) with a ``students`` row: their settings, saved game,
attempts and reviews are the learner's rows, the same from any device, and removing the student
removes all of them by the foreign keys' cascades.

Passwords and PINs are kept as scrypt hashes (n=2**14, r=8, p=1, a 16-byte salt) and compared with
``hmac.compare_digest``. A 4-digit PIN is only as strong as the limit on tries: :class:`Guessing`
keeps its buckets in the store, and a join given one takes a try from each *before* the PIN is
checked, in one transaction (a row lock on PostgreSQL, the write lock on SQLite), so parallel tries
and tries spread over several app processes get no more checks than the limit. Every write about a
student publishes ``class:{id}`` on the store's live hub after it commits.
"""

from __future__ import annotations

import csv
import functools
import hashlib
import hmac
import io
import re
import secrets
import time
from collections.abc import Sequence
from typing import Any, NamedTuple

from sqlalchemy import and_, case, delete, distinct, func, insert, select, update
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError

from engine.core.i18n import N_, NP_, Text
from tutor.lessons.progress import MAX_NAME, ProgressError, typed_name
from tutor.store.guesses import Guessing, TooManyTries
from tutor.store.schema import (
    assignments,
    attempt_events,
    attempts,
    classes,
    learners,
    sign_ins,
    students,
    teacher_sign_ins,
    teachers,
)
from tutor.store.store import Store, class_topic

CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I/L: read off a projector without doubt
CODE_LENGTH = 6
PIN = re.compile(r"[0-9]{4,8}")
TOKEN = re.compile(r"[A-Za-z0-9_-]{40,64}")
MIN_PASSWORD = 8
MAX_CLASS_NAME = 80
SCRYPT = {"n": 2**14, "r": 8, "p": 1}
STALE = 3600.0  # seconds without a write after which a student is on no lesson "now"

UNKNOWN_CODE = N_("No class has the code {code}. Check it with your teacher.")
WRONG_PIN = N_("That is not the PIN of {name} in this class. Try again, or ask your teacher to reset it.")
BAD_PIN = N_("A PIN is 4 to 8 digits.")
NO_NAME = N_("Type your name.")
LONG_NAME = NP_("A name has at most {count} character.", "A name has at most {count} characters.")
LOOK_ALIKE = N_("A student of this class has a name that looks just like this one. If that is you, type your "
                "name as you typed it before; if not, add to it (the first letter of your surname, say).")


class ClassInfo(NamedTuple):
    id: int
    name: str
    code: str  # 6 characters of CODE_ALPHABET


class Student(NamedTuple):
    id: int  # the learner's id
    class_id: int
    name: str
    last_active: float | None


class Cell(NamedTuple):
    stars: int  # the best solved attempt's
    mastered: bool  # solved without a mistake or a hint on a fresh deal
    attempts: int  # started, solved or not
    mistakes: int  # over all attempts


class Overview(NamedTuple):
    cls: ClassInfo
    students: list[Student]
    lessons: list[str]  # assigned first (in the teacher's order), then any attempted (in the path's order)
    cells: dict[tuple[int, str], Cell]  # (student, lesson) -> the student's results there (only if attempted)
    now_on: dict[int, str | None]  # student -> the lesson open now (an unfinished attempt), else None


class TrapCount(NamedTuple):
    lesson: str
    trap: str  # what the lesson said, in English (attempt_events.detail)
    students: int  # who fell into it at least once
    of: int  # who attempted the lesson


class JoinRefused(ProgressError):
    """Why a join was refused: ``msgid`` is the translatable reason, ``explanation(lang)`` says it."""

    def __init__(self, text: Text, **facts: object) -> None:
        super().__init__(text, **facts)
        self.msgid = text if isinstance(text, str) else text[0]


def hash_secret(secret: str) -> str:
    salt = secrets.token_bytes(16)
    digest = hashlib.scrypt(secret.encode(), salt=salt, dklen=32, **SCRYPT)
    return f"scrypt${SCRYPT['n']}${SCRYPT['r']}${SCRYPT['p']}${salt.hex()}${digest.hex()}"


def check_secret(secret: str, stored: str) -> bool:
    try:
        kind, n, r, p, salt, digest = stored.split("$")
        if kind != "scrypt":
            return False
        found = hashlib.scrypt(secret.encode(), salt=bytes.fromhex(salt), n=int(n), r=int(r), p=int(p),
                               dklen=len(digest) // 2)
    except ValueError:  # not a hash of ours: matches nothing
        return False
    return hmac.compare_digest(found.hex(), digest)


def token_key(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@functools.cache
def _spoof_checker() -> Any:
    import icu  # type: ignore[import-untyped]  # PyICU: ICU's UTS #39 (docs/store.md, "Libraries, and why")

    return icu.SpoofChecker()


def look_alike_keys(name: str) -> set[str]:
    """Unicode's confusables skeletons (UTS #39, by ICU's SpoofChecker) of a name as typed and in any case:
    two names that share one look the same ("Аnna" with a Cyrillic А and "Anna"; "аnna" and "Anna",
    who are one student in any case). ICU's checks on one checker are safe from several threads."""
    checker = _spoof_checker()
    return {str(checker.getSkeleton(0, form)) for form in (name, name.casefold())}


def normal_code(code: str) -> str:
    """A join code as typed ("abc-def ", "ABC DEF") made comparable: capitals, no spaces or dashes."""
    return re.sub(r"[\s-]", "", code).upper()


def normal_name(name: str) -> str:
    name = typed_name(name, JoinRefused)
    if not name:
        raise JoinRefused(NO_NAME)
    if len(name) > MAX_NAME:
        raise JoinRefused(LONG_NAME, count=MAX_NAME)
    return name


class Classes:
    """The classes of one store: the teacher's side and the students'."""

    def __init__(self, store: Store) -> None:
        self.store = store

    # -- the teacher -------------------------------------------------------------------------------

    def has_teacher(self) -> bool:
        with self.store.engine.connect() as db:
            return db.execute(select(teachers.c.id).where(teachers.c.id == 1)).first() is not None

    def set_teacher_password(self, password: str) -> None:
        if len(password) < MIN_PASSWORD:
            raise ValueError(f"the teacher's password has at least {MIN_PASSWORD} characters")
        hashed, now = hash_secret(password), time.time()
        with self.store.write() as tx:
            if not tx.db.execute(update(teachers).where(teachers.c.id == 1).values(password=hashed, updated=now)).rowcount:
                tx.db.execute(insert(teachers).values(id=1, password=hashed, updated=now))
            tx.db.execute(delete(teacher_sign_ins))  # a new password: browsers signed in with the old one are not

    def check_teacher(self, password: str) -> bool:
        with self.store.engine.connect() as db:
            stored = db.execute(select(teachers.c.password).where(teachers.c.id == 1)).scalar()
        return stored is not None and check_secret(password, stored)

    def create_class(self, name: str) -> ClassInfo:
        """A new class with a new join code; ``ProgressError`` for an empty or too long name."""
        name = typed_name(name)
        if not name:
            raise ProgressError(N_("A class's name cannot be empty."))
        if len(name) > MAX_CLASS_NAME:
            raise ProgressError(NP_("A class's name has at most {count} character.",
                                    "A class's name has at most {count} characters."), count=MAX_CLASS_NAME)
        for _ in range(20):  # 31**6 codes: a clash is rare, two in a row rarer still
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            try:
                with self.store.write() as tx:
                    new = tx.db.execute(insert(classes).values(name=name, code=code, created=time.time())
                                        .returning(classes.c.id)).scalar_one()
                return ClassInfo(int(new), name, code)
            except IntegrityError:
                continue
        raise RuntimeError("no free join code after 20 tries")

    def classes(self) -> list[ClassInfo]:
        with self.store.engine.connect() as db:
            return [ClassInfo(int(i), n, c) for i, n, c in
                    db.execute(select(classes.c.id, classes.c.name, classes.c.code).order_by(classes.c.id))]

    def _class(self, db: Connection, class_id: int) -> ClassInfo:
        row = db.execute(select(classes.c.id, classes.c.name, classes.c.code).where(classes.c.id == class_id)).first()
        if row is None:
            raise KeyError(f"no class {class_id}")
        return ClassInfo(int(row[0]), row[1], row[2])

    def remove_class(self, class_id: int) -> None:
        """The class and all of its students' things."""
        with self.store.write() as tx:
            self._class(tx.db, class_id)
            tx.db.execute(delete(learners).where(learners.c.class_id == class_id))
            tx.db.execute(delete(classes).where(classes.c.id == class_id))
            tx.topics.add(class_topic(class_id))

    def students(self, class_id: int) -> list[Student]:
        with self.store.engine.connect() as db:
            return self._students(db, class_id)

    def _students(self, db: Connection, class_id: int) -> list[Student]:
        rows = db.execute(select(learners.c.id, learners.c.name, students.c.active)
                          .join(students, students.c.learner == learners.c.id)
                          .where(students.c.class_id == class_id).order_by(students.c.name_key, learners.c.id))
        return [Student(int(i), class_id, n, a) for i, n, a in rows]

    def overview(self, class_id: int) -> Overview:
        with self.store.engine.connect() as db:
            info = self._class(db, class_id)
            people = self._students(db, class_id)
            assigned = self._assigned(db, class_id)
            clean = case((and_(attempts.c.finished.is_not(None), attempts.c.variation > 0, attempts.c.mistakes == 0,
                               attempts.c.hints == 0), 1), else_=0)
            solved_stars = case((attempts.c.finished.is_not(None), attempts.c.stars), else_=0)
            rows = db.execute(
                select(attempts.c.learner, attempts.c.lesson, func.max(solved_stars), func.max(clean), func.count(),
                       func.sum(attempts.c.mistakes))
                .join(students, students.c.learner == attempts.c.learner).where(students.c.class_id == class_id)
                .group_by(attempts.c.learner, attempts.c.lesson)).all()
            on: dict[int, str | None] = dict(db.execute(
                select(students.c.learner, students.c.lesson).where(students.c.class_id == class_id)).tuples().all())
        cells = {(int(s), str(l)): Cell(int(stars or 0), bool(m), int(n), int(mistakes or 0))
                 for s, l, stars, m, n, mistakes in rows}
        tried = {lesson for _, lesson in cells} - set(assigned)
        stale = time.time() - STALE  # a lesson left open by a tab that went without a word (a crash)
        return Overview(info, people, assigned + path_order(tried), cells,
                        {p.id: on.get(p.id) if (p.last_active or 0) >= stale else None for p in people})

    def traps(self, class_id: int) -> list[TrapCount]:
        """The traps the class fell into, the most-fallen first: how many students of those who
        attempted the lesson fell into each at least once."""
        with self.store.engine.connect() as db:
            mine = and_(students.c.class_id == class_id)
            fell = db.execute(
                select(attempts.c.lesson, attempt_events.c.detail, func.count(distinct(attempts.c.learner)))
                .join(attempts, attempts.c.id == attempt_events.c.attempt)
                .join(students, students.c.learner == attempts.c.learner)
                .where(mine, attempt_events.c.kind == "trap")
                .group_by(attempts.c.lesson, attempt_events.c.detail)).all()
            tried: dict[str, int] = dict(db.execute(
                select(attempts.c.lesson, func.count(distinct(attempts.c.learner)))
                .join(students, students.c.learner == attempts.c.learner).where(mine)
                .group_by(attempts.c.lesson)).tuples().all())
        counts = [TrapCount(str(lesson), str(trap), int(n), int(tried.get(lesson, n))) for lesson, trap, n in fell]
        return sorted(counts, key=lambda t: (-t.students, -t.students / max(t.of, 1), t.lesson, t.trap))

    def assign(self, class_id: int, lessons: Sequence[str]) -> None:
        """The class's assigned lessons, replaced by ``lessons`` in this order (repeats dropped)."""
        ordered = list(dict.fromkeys(str(lesson) for lesson in lessons))
        with self.store.write() as tx:
            self._class(tx.db, class_id)
            tx.db.execute(delete(assignments).where(assignments.c.class_id == class_id))
            if ordered:
                tx.db.execute(insert(assignments), [{"class_id": class_id, "lesson": lesson, "position": i}
                                                    for i, lesson in enumerate(ordered)])
            tx.topics.add(class_topic(class_id))

    def assigned(self, class_id: int) -> list[str]:
        with self.store.engine.connect() as db:
            return self._assigned(db, class_id)

    @staticmethod
    def _assigned(db: Connection, class_id: int) -> list[str]:
        return [lesson for (lesson,) in db.execute(select(assignments.c.lesson).where(
            assignments.c.class_id == class_id).order_by(assignments.c.position))]

    def reset_pin(self, class_id: int, student: int) -> str:
        """A new random 4-digit PIN for the student (to be shown to the teacher once); the student's
        sign-ins end, so every device asks for the new PIN."""
        pin = f"{secrets.randbelow(10_000):04d}"
        hashed = hash_secret(pin)
        with self.store.write() as tx:
            if not tx.db.execute(update(students).where(students.c.learner == student, students.c.class_id == class_id)
                                 .values(pin=hashed)).rowcount:
                raise KeyError(f"no student {student} in class {class_id}")
            tx.db.execute(delete(sign_ins).where(sign_ins.c.learner == student))
            tx.topics.add(class_topic(class_id))
        return pin

    def remove_student(self, class_id: int, student: int) -> None:
        """The student and everything of theirs: settings, saved game, attempts, reviews, sign-ins."""
        with self.store.write() as tx:
            if not tx.db.execute(delete(learners).where(learners.c.id == student,
                                                        learners.c.class_id == class_id)).rowcount:
                raise KeyError(f"no student {student} in class {class_id}")
            tx.topics.add(class_topic(class_id))

    def csv(self, class_id: int) -> str:
        """The class's results: one row per student and lesson of the overview."""
        view = self.overview(class_id)
        out = io.StringIO()
        table = csv.writer(out, lineterminator="\n")
        table.writerow(["class", "student", "lesson", "assigned", "stars", "mastered", "attempts", "mistakes",
                        "last_active"])
        assigned = set(self.assigned(class_id))
        for student in view.students:
            active = "" if student.last_active is None else \
                time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(student.last_active))
            for lesson in view.lessons:
                cell = view.cells.get((student.id, lesson), Cell(0, False, 0, 0))
                table.writerow([view.cls.name, safe_cell(student.name), lesson, int(lesson in assigned), cell.stars,
                                int(cell.mastered), cell.attempts, cell.mistakes, active])
        return out.getvalue()

    # -- students ----------------------------------------------------------------------------------

    def join(self, code: str, name: str, pin: str, client: str = "", guessing: Guessing | None = None
             ) -> tuple[Student, str]:
        """Signs a student in: a new name joins the class with this PIN, a known one (in any case)
        must give its PIN. Returns the student and a new sign-in token; ``JoinRefused`` says why not.
        With ``guessing``, a try is taken from the client's, the code's and the name's buckets
        before the code is looked up (``TooManyTries`` if one is empty): a wrong PIN keeps it, an
        unknown code keeps the address's, a correct join gives it back."""
        code = normal_code(code)
        name = normal_name(name)
        if not PIN.fullmatch(pin):
            raise JoinRefused(BAD_PIN)
        keys = guessing.keys(client, code, name) if guessing is not None else {}
        if guessing is not None:
            wait = guessing.take(self.store, keys)
            if wait > 0:
                raise TooManyTries(wait)
        back = dict(keys)  # the tries given back when the join is over (all, unless it told a guesser something)
        try:
            with self.store.engine.connect() as db:
                row = db.execute(select(classes.c.id).where(classes.c.code == code)).first()
            if row is None:
                back = {key: limit for key, limit in keys.items() if not key.startswith("address:")}
                raise JoinRefused(UNKNOWN_CODE, code=code[:12] or "-")
            class_id = int(row[0])
            for _ in range(2):  # a name taken between the look and the insert: it is then a known name
                known = self._named(class_id, name)
                if known is not None:
                    learner, stored = known
                    if not check_secret(pin, stored):
                        back = {}
                        raise JoinRefused(WRONG_PIN, name=name)
                    return self._sign_in(learner)
                if self._looks_like_another(class_id, name):
                    back = {}  # it tells a guesser that a name like this one is in the class
                    raise JoinRefused(LOOK_ALIKE)
                try:
                    return self._sign_in(self._new_student(class_id, name, pin))
                except IntegrityError:
                    continue
            back = {}
            raise JoinRefused(WRONG_PIN, name=name)
        finally:
            if guessing is not None:
                guessing.give_back(self.store, back)

    def _named(self, class_id: int, name: str) -> tuple[int, str] | None:
        with self.store.engine.connect() as db:
            row = db.execute(select(students.c.learner, students.c.pin).where(
                students.c.class_id == class_id, students.c.name_key == name.casefold())).first()
        return None if row is None else (int(row[0]), str(row[1]))

    def _looks_like_another(self, class_id: int, name: str) -> bool:
        """Whether a new name looks like the name of a student already in the class: "Аnna" with a Cyrillic
        А, "АNNA", "Ann\u0430" beside "Anna" would be shown identically on the teacher's grid."""
        mine = look_alike_keys(name)
        with self.store.engine.connect() as db:
            names = db.execute(select(learners.c.name).join(students, students.c.learner == learners.c.id)
                               .where(students.c.class_id == class_id)).scalars().all()
        return any(mine & look_alike_keys(other) for other in names)

    def _new_student(self, class_id: int, name: str, pin: str) -> int:
        hashed, now = hash_secret(pin), time.time()
        with self.store.write() as tx:
            learner = int(tx.db.execute(insert(learners).values(class_id=class_id, name=name, created=now)
                                        .returning(learners.c.id)).scalar_one())
            tx.db.execute(insert(students).values(learner=learner, class_id=class_id, name_key=name.casefold(),
                                                  pin=hashed, active=now))
        return learner

    def _sign_in(self, learner: int) -> tuple[Student, str]:
        token, now = secrets.token_urlsafe(32), time.time()
        with self.store.write() as tx:
            tx.db.execute(insert(sign_ins).values(token=token_key(token), learner=learner, created=now, seen=now))
            class_id = tx.student_active(learner, now)
            name = tx.db.execute(select(learners.c.name).where(learners.c.id == learner)).scalar_one()
        assert class_id is not None
        return Student(learner, class_id, name, now), token

    def signed_in(self, token: object) -> Student | None:
        """The student the browser's token signs in (None: no token, an unknown or ended one, a
        removed student). Marks them active."""
        if not isinstance(token, str) or not TOKEN.fullmatch(token):
            return None
        now = time.time()
        with self.store.write() as tx:
            row = tx.db.execute(select(learners.c.id, learners.c.name)
                                .join(sign_ins, sign_ins.c.learner == learners.c.id)
                                .where(sign_ins.c.token == token_key(token))).first()
            if row is None:
                return None
            tx.db.execute(update(sign_ins).where(sign_ins.c.token == token_key(token)).values(seen=now))
            class_id = tx.student_active(int(row[0]), now)
        if class_id is None:
            return None
        return Student(int(row[0]), class_id, row[1], now)

    def sign_out(self, token: str) -> None:
        """This browser's sign-in ends (the student's other devices stay signed in)."""
        if not isinstance(token, str):
            return
        with self.store.write() as tx:
            learner = tx.db.execute(delete(sign_ins).where(sign_ins.c.token == token_key(token))
                                    .returning(sign_ins.c.learner)).scalar()
            if learner is not None:
                tx.student_active(int(learner))


def path_order(lessons: set[str]) -> list[str]:
    """Lesson ids in the order of the lessons' path (the catalog); ids it does not know last, sorted."""
    from tutor.lessons.catalog import lesson_catalog  # the store does not need the lessons until here

    known = [lesson.id for lesson in lesson_catalog().lessons if lesson.id in lessons]
    return known + sorted(lessons - set(known))


def safe_cell(text: str) -> str:
    """A name as a spreadsheet cell: one starting with = + - @ would be read as a formula."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text
