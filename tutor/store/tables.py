"""Tables for people, kept in the store: a table's current form and its numbered events
(tutor/tables/actor.py holds the table in memory and writes through here).

``append`` is the one way a table changes: its event goes in at ``number`` and the table's row moves
from version ``number - 1`` to ``number``, in one transaction. Two app processes acting on one table at
once both try the same number; the second finds the row moved on (or the event's key taken) and gets
``False``: nothing of it is written, and its actor reads what it missed (``events``) and tells its
sender the table moved on. ``append_many`` writes the events of several tables in one transaction (one
commit, one flush to the disk for all: the tables of a class acting at once), each with its own check. Each committed change is published on the table's live topic
(``table_topic``), so every process holding the table catches up (PostgreSQL: LISTEN/NOTIFY).
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from typing import Any

from sqlalchemy import Connection, insert, select, update
from sqlalchemy.exc import IntegrityError

from tutor.store.schema import people_table_events, people_tables
from tutor.store.store import Store
from tutor.store.table_records import TableRecords, bump, tally_of


def table_topic(code: str) -> str:
    """The live topic of one table for people: published after each of its changes."""
    return f"table:{code}"


Appended = tuple[str, int, dict[str, Any], dict[str, Any]]  # a table's code, the event's number, the event, the form


class TableRows:
    """One store's tables for people."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def create(self, code: str, data: dict[str, Any], now: float | None = None) -> bool:
        """A new table at version 0, its form kept as event 0 too (the events from it rebuild the table);
        ``False`` if the code is taken (the caller draws another)."""
        now = time.time() if now is None else now
        made = {"number": 0, "kind": "made", "seat": 0, "detail": data}
        try:
            with self.store.write() as tx:
                tx.db.execute(insert(people_tables).values(code=code, data=json.dumps(data), version=0, created=now,
                                                           updated=now))
                tx.db.execute(insert(people_table_events).values(code=code, number=0, data=json.dumps(made)))
        except IntegrityError:
            return False
        return True

    def append(self, code: str, number: int, event: dict[str, Any], data: dict[str, Any],
               now: float | None = None) -> bool:
        """Event ``number`` and the table's form after it, if the table is still at ``number - 1``."""
        now = time.time() if now is None else now
        try:
            with self.store.write() as tx:
                moved = tx.db.execute(update(people_tables).where(
                    people_tables.c.code == code, people_tables.c.version == number - 1,
                ).values(data=json.dumps(data), version=number, updated=now)).rowcount
                if not moved:
                    raise _Stale
                _write_event(tx.db, code, number, event)
                tx.topics.add(table_topic(code))
        except (_Stale, IntegrityError):
            return False
        return True

    def append_many(self, items: Sequence[Appended], now: float | None = None) -> list[bool]:
        """Several tables' events at once (``(code, number, event, data)`` each, one a table), in one
        transaction: each written if its table is still at ``number - 1`` (else ``False`` for it, and
        nothing of it written; the others are). A failure of the whole (an event's key taken) writes them
        one by one."""
        now = time.time() if now is None else now
        written = [False] * len(items)
        # the tables' rows locked in the order of their codes: two processes writing two tables at once
        # take them in one order and one waits for the other (PostgreSQL), never each for the other
        order = sorted(range(len(items)), key=lambda i: items[i][0])
        try:
            with self.store.write() as tx:
                for index in order:
                    code, number, event, data = items[index]
                    moved = tx.db.execute(update(people_tables).where(
                        people_tables.c.code == code, people_tables.c.version == number - 1,
                    ).values(data=json.dumps(data), version=number, updated=now)).rowcount
                    if moved:
                        _write_event(tx.db, code, number, event)
                        tx.topics.add(table_topic(code))
                    written[index] = bool(moved)
        except IntegrityError:
            return [self.append(*item, now=now) for item in items]
        return written

    def refused(self, class_id: int, person: str, rule: str) -> None:
        """A student at a class's table was refused an action by ``rule``: counted for their record."""
        TableRecords(self.store).refused(class_id, person, rule)

    def load(self, code: str) -> tuple[dict[str, Any], int] | None:
        """The table's form and version (``None``: no such table)."""
        with self.store.engine.connect() as db:
            row = db.execute(select(people_tables.c.data, people_tables.c.version)
                             .where(people_tables.c.code == code)).first()
        return None if row is None else (json.loads(row.data), int(row.version))

    def events(self, code: str, since: int) -> list[tuple[int, dict[str, Any]]]:
        """The table's events after number ``since``, in order."""
        with self.store.engine.connect() as db:
            rows = db.execute(select(people_table_events.c.number, people_table_events.c.data).where(
                people_table_events.c.code == code, people_table_events.c.number > since,
            ).order_by(people_table_events.c.number)).all()
        return [(int(r.number), json.loads(r.data)) for r in rows]


def _write_event(db: Connection, code: str, number: int, event: dict[str, Any]) -> None:
    """The event at its number, and what it counts for the students' records in the same transaction
    (its ``tally``: a hand played to its end; tutor/store/table_records.py)."""
    counted = tally_of(event)
    if counted is not None:
        event = {k: v for k, v in event.items() if k != "tally"}
        bump(db, *counted)
    db.execute(insert(people_table_events).values(code=code, number=number, data=json.dumps(event)))


class _Stale(Exception):
    """The table moved on before this transaction: roll it back."""
