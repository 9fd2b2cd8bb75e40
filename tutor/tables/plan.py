"""A table being set up for people: the variant, the table (every form of it the variant's text allows,
those where people take turns sitting out a hand too), and each seat a person or a computer player of a
level (a seat here is a place for one person: a table of five has five, four of whom play each hand)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine.core.rules import Table
from engine.variants import VARIANTS
from tutor.tables.actor import Seat

LEVELS = ("beginner", "basic", "club", "expert")
PERSON = "person"


def tables_of(variant: str) -> list[Table]:
    """The variant's tables, in its text's order (those where people take turns sitting out too)."""
    return list(VARIANTS[variant].tables)


@dataclass(frozen=True)
class Plan:
    """What the host has chosen so far; seat 0 is the host's."""

    variant: str = "classic"
    table: str = "4"
    seats: tuple[str, ...] = (PERSON, PERSON, PERSON, PERSON)  # each seat but the host's: "person" or a level
    wait: float = 60.0  # seconds the table waits for a person before a computer player plays for them

    def table_form(self) -> Table:
        return next(t for t in tables_of(self.variant) if t.name == self.table)

    def with_variant(self, variant: str) -> Plan:
        first = tables_of(variant)[0]
        return Plan(variant, first.name, (PERSON,) * first.people, self.wait)

    def with_wait(self, wait: float) -> Plan:
        from tutor.tables.seating import WAITS

        return replace(self, wait=wait) if wait in WAITS else self

    def with_table(self, name: str) -> Plan:
        table = next(t for t in tables_of(self.variant) if t.name == name)
        return replace(self, table=name, seats=(PERSON,) * table.people)

    def with_seat(self, seat: int, kind: str) -> Plan:
        if seat == 0 or kind not in (PERSON, *LEVELS):
            return self
        seats = list(self.seats)
        seats[seat] = kind
        return replace(self, seats=tuple(seats))

    def made(self, level: str) -> list[Seat]:
        """The seats to make: a seat for a person is held by a computer player of ``level`` until
        one sits down."""
        return [Seat(level if kind == PERSON else kind, open=kind == PERSON or i == 0)
                for i, kind in enumerate(self.seats)]
