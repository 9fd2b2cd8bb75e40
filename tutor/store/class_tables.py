"""A class's tables for people, kept in the store: which tables its teacher made from the class list,
numbered in the class, until the teacher ends them (the tables themselves: tutor/store/tables.py).

Making and ending one publishes the class's live topic, so the teacher's view and each student's tab
hear of it (a student finds the seat kept for them on their home); the teacher's view reads the tables'
forms from here and follows each table's own topic while it lists it.
"""

from __future__ import annotations

import json
import time
from typing import Any, NamedTuple

from sqlalchemy import func, insert, select, update

from tutor.store.schema import class_tables, people_tables
from tutor.store.store import Store, class_topic


class ClassTable(NamedTuple):
    """One of a class's tables as the store keeps it: its code, number in the class, form (JSON), the
    version of its last event, when that was written, and when the teacher ended it (``None``: not)."""

    code: str
    number: int
    data: dict[str, Any]
    version: int
    updated: float
    ended: float | None


class ClassTables:
    """One store's tables made by teachers."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def add(self, class_id: int, code: str, now: float | None = None) -> int:
        """The table of ``code`` (already made) is the class's; its number in the class."""
        now = time.time() if now is None else now
        with self.store.write() as tx:
            last = tx.db.execute(select(func.max(class_tables.c.number))
                                 .where(class_tables.c.class_id == class_id)).scalar()
            number = int(last or 0) + 1
            tx.db.execute(insert(class_tables).values(code=code, class_id=class_id, number=number, created=now))
            tx.topics.add(class_topic(class_id))
        return number

    def of_class(self, class_id: int, ended: bool = False) -> list[ClassTable]:
        """The class's tables in the order made (those the teacher ended too if ``ended``)."""
        query = (select(class_tables.c.code, class_tables.c.number, class_tables.c.ended, people_tables.c.data,
                        people_tables.c.version, people_tables.c.updated)
                 .join(people_tables, people_tables.c.code == class_tables.c.code)
                 .where(class_tables.c.class_id == class_id).order_by(class_tables.c.number))
        if not ended:
            query = query.where(class_tables.c.ended.is_(None))
        with self.store.engine.connect() as db:
            rows = db.execute(query).all()
        return [ClassTable(r.code, int(r.number), json.loads(r.data), int(r.version), float(r.updated), r.ended)
                for r in rows]

    def class_of(self, code: str) -> int | None:
        """The class a table belongs to (``None``: a table made at home, or none)."""
        with self.store.engine.connect() as db:
            found = db.execute(select(class_tables.c.class_id).where(class_tables.c.code == code)).scalar()
        return None if found is None else int(found)

    def ended(self, class_id: int, code: str, now: float | None = None) -> bool:
        """The teacher ended the class's table ``code``; ``False`` if it is not the class's."""
        now = time.time() if now is None else now
        with self.store.write() as tx:
            done = tx.db.execute(update(class_tables).where(
                class_tables.c.code == code, class_tables.c.class_id == class_id, class_tables.c.ended.is_(None),
            ).values(ended=now)).rowcount
            tx.topics.add(class_topic(class_id))
        return bool(done)
