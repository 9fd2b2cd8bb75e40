"""A student's games at their class's tables, counted for their record (docs/classroom.md): the hands
they played to the end and the actions the engine refused them, by rule; the teacher's view shows it
beside their lessons.

A person at a seat is kept as a digest (tutor.tables.codes.person_key of the student's learner), so
the counts are by that digest, with the class they were counted in (removing the class removes them).
A hand is counted in the very transaction that writes the event ending it (``TableRows.append``:
the event's ``tally``), so it counts once whichever app process wrote it, and not at all if that
write was refused. A refusal is not an event of the table; it is counted on its own.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Connection, delete, insert, select, update
from sqlalchemy.exc import IntegrityError

from tutor.store.schema import table_records
from tutor.store.store import Store, class_topic

HANDS = "hands"
REFUSED = "refused:"  # + the rule's id


@dataclass(frozen=True)
class Record:
    """One student's games at tables: hands played, and the refusals by rule (most first)."""

    hands: int = 0
    refused: tuple[tuple[str, int], ...] = field(default_factory=tuple)

    @property
    def refusals(self) -> int:
        return sum(n for _, n in self.refused)


def bump(db: Connection, class_id: int, counted: Iterable[tuple[str, str]]) -> None:
    """One more of each ``(person, what)`` in the transaction ``db`` is in."""
    for person, what in counted:
        key = (table_records.c.person == person, table_records.c.what == what)
        if not db.execute(update(table_records).where(*key).values(count=table_records.c.count + 1)).rowcount:
            db.execute(insert(table_records).values(person=person, what=what, class_id=class_id, count=1))


class TableRecords:
    """One store's counts of the students' games at tables."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def refused(self, class_id: int, person: str, rule: str) -> None:
        """The engine refused ``person`` an action by ``rule`` at a table of class ``class_id``."""
        for _ in range(2):  # two first refusals of one rule at once: the second inserts, fails, then adds
            try:
                with self.store.write() as tx:
                    bump(tx.db, class_id, [(person, REFUSED + rule)])
                    tx.topics.add(class_topic(class_id))
                return
            except IntegrityError:
                continue

    def of(self, persons: Sequence[str]) -> dict[str, Record]:
        """The records of ``persons`` (those with nothing counted are left out)."""
        if not persons:
            return {}
        with self.store.engine.connect() as db:
            rows = db.execute(select(table_records.c.person, table_records.c.what, table_records.c.count)
                              .where(table_records.c.person.in_(list(persons)))).all()
        hands: dict[str, int] = {}
        refused: dict[str, list[tuple[str, int]]] = {}
        for person, what, count in rows:
            if what == HANDS:
                hands[str(person)] = int(count)
            elif str(what).startswith(REFUSED):
                refused.setdefault(str(person), []).append((str(what)[len(REFUSED):], int(count)))
        return {p: Record(hands.get(p, 0), tuple(sorted(refused.get(p, []), key=lambda r: (-r[1], r[0]))))
                for p in set(hands) | set(refused)}

    def forget(self, person: str) -> None:
        """A student removed: their counts go with them."""
        with self.store.write() as tx:
            tx.db.execute(delete(table_records).where(table_records.c.person == person))


def tally_of(event: dict[str, Any]) -> tuple[int, list[tuple[str, str]]] | None:
    """What an event written through counts for the record (``TableRows.append``): its class and the
    ``(person, what)`` pairs, or ``None``."""
    tally = event.get("tally")
    if not tally:
        return None
    return int(tally["class"]), [(str(p), str(w)) for p, w in tally["counted"]]
