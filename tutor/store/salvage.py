"""A damaged SQLite store: what can still be read is copied into the new store, and the teacher is told.

A store whose file fails SQLite's check (a page overwritten, the file cut short) is renamed aside by
``tutor.store.open_store`` and a new one made; then :func:`salvage` reads the damaged copy table by
table, and each table row by row in the order of its rowid, skipping past a part that cannot be read
(a seek by rowid reaches the table's pages after a damaged one), and copies every row it reads into the
new store (``INSERT OR IGNORE``: a row the damage made invalid is left out). Rows whose parent was lost
go too (``PRAGMA foreign_key_check``). A class whose students were read but not the class itself is
made again, named ``#<its number>``, with a new join code; a student whose name was read but whose PIN
was not is kept, with no PIN that matches anything: the teacher gives them a new one (their results
stay theirs). When not even the list of tables can be read (a file cut short), each table is read
from its pages (:class:`Pages`), at the root page a new store gives it, its rows checked against
the table's columns.

What was kept and what was lost goes into the new store's ``meta`` (``store.recovered``), and the
teacher's desk shows it until the teacher has read it (:func:`report` and :func:`dismiss`); a session
is told by a notice (``tutor.store``). The damaged file is never written to: it is read from a copy.
"""

from __future__ import annotations

import json
import secrets
import shutil
import sqlite3
import struct
import tempfile
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import delete, insert, select, update
from sqlalchemy.exc import SQLAlchemyError

from tutor.store.files import LOG
from tutor.store.schema import meta, metadata

KEY = "store.recovered"  # meta's key of the report, until the teacher has read it
NO_PIN = "lost"  # a students.pin that no PIN matches (not a hash): the teacher gives a new one
# what each table holds, in the teacher's words (tutor/teacher_view.py says them)
KINDS = {"teachers": "password", "classes": "classes", "learners": "students", "students": "students",
         "assignments": "assigned", "attempts": "results", "attempt_events": "results", "reviews": "results",
         "settings": "things", "saved_games": "things", "open_lessons": "things", "sign_ins": "sign_ins",
         "teacher_sign_ins": "sign_ins", "devices": "things", "meta": "things", "guesses": "sign_ins"}


@dataclass
class Salvage:
    """What :func:`salvage` kept of a damaged store, and what it could not."""

    file: str  # the store's file name
    backup: str  # where the damaged file is kept (its full path: the teacher is on the server)
    at: float = field(default_factory=time.time)
    kept: dict[str, int] = field(default_factory=dict)  # table -> rows copied
    lost: list[str] = field(default_factory=list)  # tables with a part that could not be read, or rows left out
    lost_students: list[str] = field(default_factory=list)  # names (case-folded) of students whose row went
    no_pin: list[str] = field(default_factory=list)  # students kept whose PIN could not be read
    renamed: list[str] = field(default_factory=list)  # classes made again ("#<id>": their name was lost), new codes

    def counts(self) -> dict[str, int]:
        """Classes, students and lesson attempts kept (what the teacher counts)."""
        return {"classes": self.kept.get("classes", 0), "students": self.kept.get("students", 0),
                "attempts": self.kept.get("attempts", 0)}

    def lost_kinds(self) -> list[str]:
        """What was lost, in the teacher's words' keys (``KINDS``), each once, in a fixed order."""
        found = {KINDS.get(table, "things") for table in self.lost}
        return [kind for kind in ("classes", "students", "results", "assigned", "password", "sign_ins", "things")
                if kind in found]

    def anything(self) -> bool:
        return any(self.kept.values())


def salvage(damaged: Path, fresh: Path, file: str) -> Salvage:
    """Copies what can be read of ``damaged`` (a store's file and its ``-wal``) into the new store at
    ``fresh`` (migrated, empty); never raises."""
    found = Salvage(file=file, backup=str(damaged))
    work = Path(tempfile.mkdtemp(prefix="canasta-salvage-"))
    try:
        copy = work / "damaged.sqlite3"
        shutil.copyfile(damaged, copy)
        wal = damaged.with_name(damaged.name + "-wal")
        if wal.exists():
            shutil.copyfile(wal, copy.with_name(copy.name + "-wal"))
        source = sqlite3.connect(copy)
        try:
            # a file cut short: SQLite then reads the pages there are, not the header's count (nothing is written)
            source.execute("PRAGMA writable_schema = ON")
            _copy(source, copy, fresh, found)
        finally:
            source.close()
    except (OSError, sqlite3.Error) as error:
        LOG.error("nothing more could be recovered from %s: %s", damaged, error)
        found.lost = sorted(set(found.lost) | (set(KINDS) - set(found.kept)))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    LOG.warning("recovered from the damaged store %s: %s; lost (in part or whole): %s", damaged, found.kept,
                ", ".join(found.lost) or "nothing")
    return found


def _copy(source: sqlite3.Connection, copy: Path, fresh: Path, found: Salvage) -> None:
    pages: Pages | None = None
    try:
        tables = {name for (name,) in source.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    except sqlite3.DatabaseError as error:  # the schema itself is lost: the tables are read page by page
        data = copy.read_bytes()
        if not data.startswith(b"SQLite format 3\x00"):  # not a SQLite file at all: nothing to read
            LOG.error("the damaged store is not a SQLite file: %s", error)
            found.lost = sorted(KINDS)
            return
        LOG.error("the damaged store's tables cannot be listed (%s): reading its pages", error)
        pages, tables = Pages(data), set()
    target = sqlite3.connect(fresh, timeout=30, isolation_level=None)
    try:
        roots = dict(target.execute("SELECT name, rootpage FROM sqlite_master WHERE type = 'table'").fetchall())
        target.execute("PRAGMA foreign_keys = OFF")  # parents may come later or never: checked after
        target.execute("BEGIN IMMEDIATE")
        for table in metadata.sorted_tables:
            columns = [c.name for c in table.columns]
            if pages is not None:  # where a new store keeps the table is where this one did, unless it was
                rows, whole = pages.table(int(roots.get(table.name, 0)), table)  # upgraded with rows in it
            elif table.name not in tables:
                found.lost.append(table.name)  # its entry in the schema is gone (or it was never made)
                continue
            else:
                try:
                    theirs = {row[1] for row in source.execute(f'PRAGMA table_info("{table.name}")')}
                except sqlite3.DatabaseError:
                    theirs = set()
                columns = [c.name for c in table.columns if c.name in theirs]
                if not columns:
                    found.lost.append(table.name)
                    continue
                rows, whole = _rows(source, table.name, columns)
            marks = ", ".join("?" for _ in columns)
            names = ", ".join(f'"{c}"' for c in columns)
            kept = 0
            for row in rows:
                kept += target.execute(f'INSERT OR IGNORE INTO "{table.name}" ({names}) VALUES ({marks})', row).rowcount
            found.kept[table.name] = kept
            if not whole or kept < len(rows):
                found.lost.append(table.name)
        _tidy(target, found)
        target.execute("COMMIT")
    except BaseException:
        if target.in_transaction:
            target.execute("ROLLBACK")
        found.kept.clear()
        raise
    finally:
        target.close()
    found.lost = sorted(set(found.lost))


def _rows(source: sqlite3.Connection, table: str, columns: list[str]) -> tuple[list[tuple[Any, ...]], bool]:
    """The rows of ``table`` that can be read, in rowid order, and whether that was all of them."""
    read = f'SELECT rowid, {", ".join(chr(34) + c + chr(34) for c in columns)} FROM "{table}" NOT INDEXED ' \
           "WHERE rowid >= ? ORDER BY rowid"
    rows: list[tuple[Any, ...]] = []
    whole, start = True, -(2**63)
    while True:
        try:
            for row in source.execute(read, (start,)):
                rows.append(tuple(row[1:]))
                start = row[0] + 1
            return rows, whole
        except sqlite3.DatabaseError:
            whole = False
            following = _next_readable(source, read, start)
            if following is None:
                return rows, whole
            start = following
        except OverflowError:  # the last rowid of all was read
            return rows, whole


def _next_readable(source: sqlite3.Connection, read: str, failed: int) -> int | None:
    """The first rowid from which ``read`` works again after it failed from ``failed``; None if it
    never does (the rest of the table is unreadable)."""

    def works(start: int) -> bool | None:  # True: a row read from there; None: no row from there on
        try:
            return None if source.execute(read + " LIMIT 1", (start,)).fetchone() is None else True
        except sqlite3.DatabaseError:
            return False

    failed = max(failed, 0)  # rowids are positive (SQLite's own): the jumps start from 1, not from -2**63
    low, step = failed, 1  # ``low``: a start from which the read fails
    while True:  # jump ahead until a read works or finds nothing after
        high = min(failed + step, 2**63 - 1)
        if works(high) is not False:
            break
        if high == 2**63 - 1:
            return None
        low, step = high, step * 2
    while high - low > 1:  # the first start after ``low`` from which it does not fail
        middle = (low + high) // 2
        if works(middle) is False:
            low = middle
        else:
            high = middle
    return high if works(high) else None


class Pages:
    """A SQLite file read page by page, for when its schema cannot be read (the file cut short):
    a table's b-tree from its root page, every leaf that can be read, each row checked against the
    table's columns (SQLite's file format: https://www.sqlite.org/fileformat2.html)."""

    def __init__(self, data: bytes) -> None:
        self.data = data
        size = int.from_bytes(data[16:18], "big") if len(data) >= 100 else 0
        self.size = 65536 if size == 1 else size
        self.usable = self.size - (data[20] if len(data) >= 100 else 0)

    def page(self, number: int) -> bytes | None:
        start = (number - 1) * self.size
        if number < 1 or self.size < 512 or start + self.size > len(self.data):
            return None
        return self.data[start:start + self.size]

    def table(self, root: int, table: Any) -> tuple[list[tuple[Any, ...]], bool]:
        """The rows of ``table`` (SQLAlchemy's) that can be read from its b-tree at ``root``, and
        whether that was all of them; none if the pages there are not this table's."""
        rows: list[tuple[Any, ...]] = []
        whole = self._walk(root, table, rows, set())
        if rows and sum(map(_fits(table), rows)) < len(rows) / 2:
            return [], False  # another table's rows: the store was upgraded with rows in it
        kept = [row for row in rows if _fits(table)(row)]
        return kept, whole and len(kept) == len(rows)

    def _walk(self, number: int, table: Any, rows: list[tuple[Any, ...]], seen: set[int]) -> bool:
        page = self.page(number)
        if page is None or number in seen or len(seen) > 1_000_000:
            return False
        seen.add(number)
        at = 100 if number == 1 else 0
        kind, cells = page[at], int.from_bytes(page[at + 3:at + 5], "big")
        if kind not in (0x05, 0x0D):
            return False
        whole = True
        pointers = at + (12 if kind == 0x05 else 8)
        for n in range(cells):
            cell = int.from_bytes(page[pointers + 2 * n:pointers + 2 * n + 2], "big")
            try:
                if kind == 0x05:
                    whole &= self._walk(int.from_bytes(page[cell:cell + 4], "big"), table, rows, seen)
                else:
                    rows.append(self._row(page, cell, len(table.columns)))
            except (IndexError, ValueError, UnicodeDecodeError, struct.error):
                whole = False
        if kind == 0x05:
            whole &= self._walk(int.from_bytes(page[at + 8:at + 12], "big"), table, rows, seen)
        return whole

    def _row(self, page: bytes, at: int, width: int) -> tuple[Any, ...]:
        size, at = _varint(page, at)
        rowid, at = _varint(page, at)
        most = self.usable - 35
        if size <= most:
            payload = page[at:at + size]
        else:  # the rest is on overflow pages
            least = (self.usable - 12) * 32 // 255 - 23
            local = least + (size - least) % (self.usable - 4)
            local = local if local <= most else least
            payload, following = page[at:at + local], int.from_bytes(page[at + local:at + local + 4], "big")
            while len(payload) < size:
                more = self.page(following)
                if more is None:
                    raise ValueError("an overflow page is missing")
                payload += more[4:self.usable]
                following = int.from_bytes(more[:4], "big")
            payload = payload[:size]
        values = _record(payload)
        if len(values) > width:
            raise ValueError("more columns than the table has")
        values += [None] * (width - len(values))
        if values and values[0] is None:  # an INTEGER PRIMARY KEY is the rowid, kept as NULL in the record
            values[0] = rowid
        return tuple(values)


def _varint(data: bytes, at: int) -> tuple[int, int]:
    value = 0
    for n in range(9):
        byte = data[at + n]
        if n == 8:
            return (value << 8) | byte, at + 9
        value = (value << 7) | (byte & 0x7F)
        if byte < 0x80:
            return value, at + n + 1
    raise ValueError("not a varint")


def _record(payload: bytes) -> list[Any]:
    header, at = _varint(payload, 0)
    kinds: list[int] = []
    while at < header:
        kind, at = _varint(payload, at)
        kinds.append(kind)
    values: list[Any] = []
    at = header
    for kind in kinds:
        if kind in (0, 8, 9):
            values.append(None if kind == 0 else kind - 8)
            continue
        length = {1: 1, 2: 2, 3: 3, 4: 4, 5: 6, 6: 8, 7: 8}.get(kind, (kind - 12) // 2 if kind >= 12 else -1)
        if length < 0 or at + length > len(payload):
            raise ValueError("a value past the record's end")
        raw = payload[at:at + length]
        at += length
        if kind == 7:
            values.append(struct.unpack(">d", raw)[0])
        elif kind <= 6:
            values.append(int.from_bytes(raw, "big", signed=True))
        else:
            values.append(raw.decode("utf-8") if kind % 2 else bytes(raw))
    return values


def _fits(table: Any) -> Any:
    """Whether a row read from the pages has the table's types (a page of another table has not)."""
    from sqlalchemy import Float, Integer

    def fits(row: tuple[Any, ...]) -> bool:
        for column, value in zip(table.columns, row):
            if value is None:
                if not column.nullable:
                    return False
            elif isinstance(column.type, Integer):
                if not isinstance(value, int):
                    return False
            elif isinstance(column.type, Float):
                if not isinstance(value, (int, float)):
                    return False
            elif not isinstance(value, str):
                return False
        return True

    return fits


def _tidy(target: sqlite3.Connection, found: Salvage) -> None:
    """Rows whose parent was lost go; a class's student whose class went goes too; a student whose
    name was read but not their PIN is kept without one."""
    from tutor.store.classes import CODE_ALPHABET, CODE_LENGTH

    classless = target.execute("SELECT DISTINCT class_id FROM learners WHERE class_id IS NOT NULL AND class_id "
                               "NOT IN (SELECT id FROM classes) ORDER BY class_id").fetchall()
    for (class_id,) in classless:  # its students were read but not the class: it is made again, with a new code
        while True:
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            if target.execute("SELECT 1 FROM classes WHERE code = ?", (code,)).fetchone() is None:
                break
        target.execute("INSERT INTO classes (id, name, code, created) VALUES (?, ?, ?, ?)",
                       (class_id, f"#{class_id}", code, time.time()))
        found.renamed.append(f"#{class_id}")
        found.kept["classes"] = found.kept.get("classes", 0) + 1
    lost_names: set[str] = set()
    while True:
        orphans = target.execute("PRAGMA foreign_key_check").fetchall()
        if not orphans:
            break
        for table, rowid, _parent, _key in orphans:
            if table == "students":
                lost_names.update(n for (n,) in target.execute("SELECT name_key FROM students WHERE rowid = ?", (rowid,)))
            target.execute(f'DELETE FROM "{table}" WHERE rowid = ?', (rowid,))
            _fewer(found, table)
    unpinned = target.execute(
        "SELECT id, class_id, name FROM learners WHERE class_id IS NOT NULL AND id NOT IN (SELECT learner FROM students)"
    ).fetchall()
    for learner, class_id, name in unpinned:
        target.execute("INSERT INTO students (learner, class_id, name_key, pin) VALUES (?, ?, ?, ?)",
                       (learner, class_id, " ".join(str(name).split()).casefold(), NO_PIN))
        found.kept["students"] = found.kept.get("students", 0) + 1
        found.no_pin.append(str(name))
        found.lost.append("students")
    found.lost_students = sorted(str(n).casefold() for n in lost_names)
    found.no_pin.sort()


def _fewer(found: Salvage, table: str) -> None:
    found.kept[table] = max(0, found.kept.get(table, 0) - 1)
    found.lost.append(table)


# -- the report, kept in the new store until the teacher has read it ---------------------------------

def keep(engine: Any, found: Salvage) -> None:
    try:
        data = json.dumps(asdict(found))
        with engine.begin() as db:
            if not db.execute(update(meta).where(meta.c.key == KEY).values(value=data)).rowcount:
                db.execute(insert(meta).values(key=KEY, value=data))
    except SQLAlchemyError as error:
        LOG.error("what was recovered of the damaged store cannot be noted for the teacher: %s", error)


def report(engine: Any) -> Salvage | None:
    """What was recovered of a damaged store, until the teacher has read it (None: nothing to tell)."""
    with engine.connect() as db:
        raw = db.execute(select(meta.c.value).where(meta.c.key == KEY)).scalar()
    if raw is None:
        return None
    try:
        data = json.loads(raw)
        return Salvage(**{k: v for k, v in data.items() if k in Salvage.__dataclass_fields__})
    except (ValueError, TypeError) as error:
        LOG.warning("the note of a recovered store cannot be read: %s", error)
        return None


def dismiss(engine: Any) -> None:
    """The teacher has read what was recovered."""
    with engine.begin() as db:
        db.execute(delete(meta).where(meta.c.key == KEY))
