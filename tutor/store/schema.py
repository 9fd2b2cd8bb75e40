"""The store's tables (SQLAlchemy Core): one schema for SQLite and PostgreSQL.

A person's things belong to an *owner*: today a device (a browser, by the id kept in its storage);
or a student of a class, who signs in from any device. So ``settings`` and ``saved_games`` have
a ``device`` column and a ``learner`` column, exactly one of them set, and ``learners`` a ``device``
or a ``class_id``. A class's student is a learner with a ``students`` row (its PIN's hash, when it
was last active); removing the learner removes everything of theirs by the foreign keys' cascades.
``learners.class_id`` has no foreign key of its own (adding one would rebuild ``learners`` on
SQLite): a class is removed with its learners in one transaction (``tutor.store.classes``). The migrations in ``tutor/store/migrations`` create these tables; this
module is what the queries are written against, and ``tests/tutor/store/test_store.py`` checks the two agree.
"""

from __future__ import annotations

from sqlalchemy import (CheckConstraint, Column, Float, ForeignKey, Index, Integer, MetaData, String, Table,
                        Text, UniqueConstraint)

metadata = MetaData()

# key/value facts about the store itself: the old files' import, a device waiting to be claimed
meta = Table(
    "meta", metadata,
    Column("key", String(64), primary_key=True),
    Column("value", Text, nullable=False),
)

devices = Table(
    "devices", metadata,
    Column("id", String(64), primary_key=True),  # random, 192 bits: the browser's key to its things
    Column("created", Float, nullable=False),
    Column("seen", Float, nullable=False),
)

learners = Table(
    "learners", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("device", String(64), ForeignKey("devices.id", ondelete="CASCADE"), nullable=True),
    Column("class_id", Integer, nullable=True),  # a class's student (classes come later)
    Column("name", String(120), nullable=False),
    Column("created", Float, nullable=False),
    UniqueConstraint("device", "name", name="learners_device_name"),
    CheckConstraint("device IS NOT NULL OR class_id IS NOT NULL", name="learners_owner"),
)

settings = Table(
    "settings", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("device", String(64), ForeignKey("devices.id", ondelete="CASCADE"), nullable=True, unique=True),
    Column("learner", Integer, ForeignKey("learners.id", ondelete="CASCADE"), nullable=True, unique=True),
    Column("data", Text, nullable=False),  # the JSON of tutor.store.settings.Settings
    Column("updated", Float, nullable=False),
    CheckConstraint("(device IS NULL) <> (learner IS NULL)", name="settings_owner"),
)

saved_games = Table(
    "saved_games", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("device", String(64), ForeignKey("devices.id", ondelete="CASCADE"), nullable=True, unique=True),
    Column("learner", Integer, ForeignKey("learners.id", ondelete="CASCADE"), nullable=True, unique=True),
    Column("data", Text, nullable=False),  # tutor.store.games.snapshot: the game, its undo history, its moves
    Column("updated", Float, nullable=False),
    CheckConstraint("(device IS NULL) <> (learner IS NULL)", name="saved_games_owner"),
)

attempts = Table(
    "attempts", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("learner", Integer, ForeignKey("learners.id", ondelete="CASCADE"), nullable=False),
    Column("lesson", String(120), nullable=False),
    Column("variation", Integer, nullable=False),
    Column("stars", Integer, nullable=False, default=0),
    Column("mistakes", Integer, nullable=False, default=0),
    Column("hints", Integer, nullable=False, default=0),
    Column("started", Float, nullable=False),
    Column("finished", Float, nullable=True),  # NULL: not solved (yet, or left)
    Index("attempts_by_lesson", "learner", "lesson"),
)

# every mistake, trap and hint of an attempt, written when it happens
attempt_events = Table(
    "attempt_events", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("attempt", Integer, ForeignKey("attempts.id", ondelete="CASCADE"), nullable=False, index=True),
    Column("kind", String(16), nullable=False),  # "refusal", "trap" or "hint"
    Column("detail", String(200), nullable=False),  # the rule refused, the trap's text id
    Column("at", Float, nullable=False),
)

reviews = Table(
    "reviews", metadata,
    Column("learner", Integer, ForeignKey("learners.id", ondelete="CASCADE"), primary_key=True),
    Column("lesson", String(120), primary_key=True),
    Column("step", Integer, nullable=False),
    Column("due", Float, nullable=False),
)

# -- classes (revision 0002; tutor/store/classes.py) -------------------------------------------------

# the teacher's password: a scrypt hash (one teacher a store, id 1)
teachers = Table(
    "teachers", metadata,
    Column("id", Integer, primary_key=True, autoincrement=False),
    Column("password", String(200), nullable=False),  # scrypt$n$r$p$salt$hash
    Column("updated", Float, nullable=False),
)

classes = Table(
    "classes", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("name", String(80), nullable=False),
    Column("code", String(6), nullable=False, unique=True),  # the join code, no 0/O/1/I/L
    Column("created", Float, nullable=False),
)

students = Table(
    "students", metadata,
    Column("learner", Integer, ForeignKey("learners.id", ondelete="CASCADE"), primary_key=True,
           autoincrement=False),
    Column("class_id", Integer, ForeignKey("classes.id", ondelete="CASCADE"), nullable=False),
    Column("name_key", String(120), nullable=False),  # the name case-folded: "Anna" and "anna" are one student
    Column("pin", String(200), nullable=False),  # scrypt$n$r$p$salt$hash
    Column("active", Float, nullable=True),  # last sign-in, attempt, setting or saved game
    Column("lesson", String(120), nullable=True),  # the lesson open now (an unfinished attempt)
    UniqueConstraint("class_id", "name_key", name="students_class_name"),
)

# a browser's sign-in: the SHA-256 of the token it keeps (a copy of the table signs in nobody)
sign_ins = Table(
    "sign_ins", metadata,
    Column("token", String(64), primary_key=True),
    Column("learner", Integer, ForeignKey("learners.id", ondelete="CASCADE"), nullable=False, index=True),
    Column("created", Float, nullable=False),
    Column("seen", Float, nullable=False),
)

assignments = Table(
    "assignments", metadata,
    Column("class_id", Integer, ForeignKey("classes.id", ondelete="CASCADE"), primary_key=True,
           autoincrement=False),
    Column("lesson", String(120), primary_key=True),
    Column("position", Integer, nullable=False),
)

# the lesson on a learner's table (revision 0003; tutor/store/resume.py): replayed after a restart
open_lessons = Table(
    "open_lessons", metadata,
    Column("learner", Integer, ForeignKey("learners.id", ondelete="CASCADE"), primary_key=True),
    Column("data", Text, nullable=False),  # JSON: the lesson, its deal, its attempt, its journal
    Column("updated", Float, nullable=False),
)

# the teacher's sign-ins kept by their browsers (revision 0004; tutor/store/classes.py): a token's hash only
teacher_sign_ins = Table(
    "teacher_sign_ins", metadata,
    Column("token_hash", String(64), primary_key=True),  # SHA-256 hex of the token the browser keeps
    Column("created", Float, nullable=False),
    Column("expires", Float, nullable=False, index=True),
)

# the sign-in tries left to each guessing bucket, shared by every app process on the store (revision 0005;
# tutor/store/classes.py, Guessing): a token bucket a row, taken in one transaction before the PIN is checked
guesses = Table(
    "guesses", metadata,
    Column("key", String(200), primary_key=True),  # "address:…", "code:…" or "name:<code>:<name case-folded>"
    Column("tokens", Float, nullable=False),  # tries left at ``stamp``
    Column("stamp", Float, nullable=False, index=True),  # seconds since the epoch: the same clock in every process
)

# tables for people (revision 0006; tutor/store/tables.py, tutor/tables/): a table's current form (its seats,
# the full position) at ``version``, the number of its last event; an action inserts its event and moves the
# row from the version before, in one transaction
people_tables = Table(
    "people_tables", metadata,
    Column("code", String(16), primary_key=True),
    Column("data", Text, nullable=False),  # JSON: tutor.tables.actor.TableActor.saved()
    Column("version", Integer, nullable=False),
    Column("created", Float, nullable=False),
    Column("updated", Float, nullable=False, index=True),
)

people_table_events = Table(
    "people_table_events", metadata,
    Column("code", String(16), ForeignKey("people_tables.code", ondelete="CASCADE"), primary_key=True),
    Column("number", Integer, primary_key=True, autoincrement=False),
    Column("data", Text, nullable=False),  # JSON: tutor.tables.actor.Event
)

# a class's tables (revision 0007; tutor/store/class_tables.py): the tables for people its teacher made from the
# class list, numbered in the class, until the teacher ends them
class_tables = Table(
    "class_tables", metadata,
    Column("code", String(16), ForeignKey("people_tables.code", ondelete="CASCADE"), primary_key=True),
    Column("class_id", Integer, ForeignKey("classes.id", ondelete="CASCADE"), nullable=False, index=True),
    Column("number", Integer, nullable=False),
    Column("created", Float, nullable=False),
    Column("ended", Float, nullable=True),
)

# a student's games at their class's tables (revision 0008; tutor/store/table_records.py): per person at a seat
# (tutor.tables.codes.person_key of the learner) a count of each thing counted: "hands" played to their end,
# "refused:<rule>" actions the engine refused by that rule
table_records = Table(
    "table_records", metadata,
    Column("person", String(64), primary_key=True),
    Column("what", String(120), primary_key=True),
    Column("class_id", Integer, ForeignKey("classes.id", ondelete="CASCADE"), nullable=False, index=True),
    Column("count", Integer, nullable=False),
)
