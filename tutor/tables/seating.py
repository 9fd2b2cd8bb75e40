"""A class's tables from its list: the students seated at tables of four in partnerships (those who are
here, or those the teacher picked), computer players in the seats left; and each table as the teacher's
view lists it (who sits where, who is to play, the scores). Pure: the store's rows in, plain data out."""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass

from engine.variants import VARIANTS
from tutor.store.class_tables import ClassTable
from tutor.tables.codes import person_key
from tutor.tables.form import Form, Seat

HERE = 15 * 60.0  # seconds: a student active this recently is here (signed in now)
SIZE = 4  # a class's table: four in two partnerships
ORDER = (0, 2, 1, 3)  # the seats filled first: two students are partners, not opponents
WAITS = (30.0, 60.0, 120.0, 300.0)  # the times a teacher or host may give a table (Form.wait), 60 s unless chosen


def table_of_four(variant: str) -> str:
    """The name of the variant's table of four in two partnerships."""
    return next(t.name for t in VARIANTS[variant].tables if t.players == SIZE and t.people == SIZE
                and all(len(team) == 2 for team in t.teams))


def table_of_five(variant: str) -> str | None:
    """The name of the variant's table of five people at four seats, one sitting out each hand in turn
    (Wiener's, Royal's; ``None``: the variant has none)."""
    return next((t.name for t in VARIANTS[variant].tables if t.players == SIZE and t.people == SIZE + 1), None)


def here(students: Sequence[tuple[int, str, float | None]], now: float | None = None) -> list[tuple[int, str]]:
    """Of ``(learner, name, last active)``, those active in the last ``HERE`` seconds, in the list's order."""
    now = time.time() if now is None else now
    return [(learner, name) for learner, name, active in students if active is not None and now - active <= HERE]


def groups(students: Sequence[tuple[int, str]], five: bool = False) -> list[list[tuple[int, str]]]:
    """The students at as few tables of four as hold them, as evenly as can be (seven: four and three;
    five: three and two), in the list's order. ``five`` (the variant has a table of five, where one
    person sits out each hand in turn): one student more than a table of four holds sits at it with
    four others rather than the class being spread thin over tables with computer players (five: one
    table of five; nine: five and four)."""
    if not students:
        return []
    if five and len(students) % SIZE == 1 and len(students) > SIZE:
        return [list(students[:SIZE + 1]), *groups(students[SIZE + 1:])]
    tables = -(-len(students) // SIZE)
    base, extra = divmod(len(students), tables)
    out, start = [], 0
    for i in range(tables):
        size = base + (1 if i < extra else 0)
        out.append(list(students[start:start + size]))
        start += size
    return out


def class_seats(group: Sequence[tuple[int, str]], level: str) -> list[Seat]:
    """A table's seats for ``group``: each student's seat kept for them (partners first), held by a
    computer player of ``level`` until they sit down; the seats left are computer players'. Five: a
    place for each at the table of five, in the list's order (tutor/tables/lineups.py numbers them side
    by side)."""
    if len(group) == SIZE + 1:
        return [Seat(level, open=True, name=name, reserved=person_key(learner)) for learner, name in group]
    seats = [Seat(level) for _ in range(SIZE)]
    for (learner, name), seat in zip(group, ORDER):
        seats[seat] = Seat(level, open=True, name=name, reserved=person_key(learner))
    return seats


@dataclass(frozen=True)
class Listed:
    """A class's table as the teacher's view lists it."""

    number: int
    code: str
    form: Form
    since: float  # seconds since its last event

    @property
    def to_act(self) -> int | None:
        return self.form.to_act()

    def seated(self, seat: int) -> bool:
        """A person sits there (not a computer player holding it)."""
        holder = self.form.seats[seat]
        return holder.person is not None and not holder.away


def listed(tables: Sequence[ClassTable], now: float | None = None) -> list[Listed]:
    now = time.time() if now is None else now
    return [Listed(t.number, t.code, Form.read(t.data), max(0.0, now - t.updated)) for t in tables]


def mine(tables: Sequence[ClassTable], learner: int) -> list[tuple[int, str, str]]:
    """The tables where a seat is kept for the student or they sit: ``(number, code, variant)``."""
    key = person_key(learner)
    return [(t.number, t.code, str(t.data["variant"])) for t in tables
            if t.data.get("status") != "over"
            and any(s.get("reserved") == key or s.get("person") == key for s in t.data["seats"])]
