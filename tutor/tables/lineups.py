"""Who plays which seat of a hand at a table for people. A table's places (``Form.seats``) are its
people; the engine's hand has the table's seats. Where everyone plays every hand they are one and the
same. Where a side has more people than seats (Wiener's five and six, Royal's five: ``Table.sitting_out``)
its people take turns sitting out a hand, in the order ``engine.bots.match.lineup`` gives: the places
are then numbered side by side (the first side's people first), and hand ``n``'s lineup follows from
the table and ``n`` alone, so nothing of it is stored."""

from __future__ import annotations

from engine.bots.match import lineup
from engine.core.rules import Rules, Table


def sits_out(table: Table) -> bool:
    """People take turns sitting out a hand at this table."""
    return any(table.sitting_out)


def playing(rules: Rules, hand_number: int) -> tuple[int, ...]:
    """The place of the person who plays each of the hand's seats in hand ``hand_number`` (from 1)."""
    if not sits_out(rules.table_of()):
        return tuple(range(rules.players))
    return lineup(rules, hand_number - 1)[0]


def side_of(table: Table, place: int) -> int:
    """The side (the index of its team) of the person at ``place``."""
    if not sits_out(table):
        return next(i for i, team in enumerate(table.teams) if place in team)
    first = 0
    for side, members in enumerate(table.teams):
        first += len(members) + table.sitting_out[side]
        if place < first:
            return side
    raise ValueError(f"no place {place} at a table of {table.people}")


def seat_in(lineup: tuple[int, ...], place: int) -> int | None:
    """The seat of the hand whose ``lineup`` this is (``playing``) that the person at ``place`` plays
    (``None``: they sit it out)."""
    return lineup.index(place) if place in lineup else None


def seat_in_hand(rules: Rules, hand_number: int, place: int) -> int | None:
    """The hand's seat the person at ``place`` plays in hand ``hand_number`` (``None``: they sit out)."""
    return seat_in(playing(rules, hand_number), place)
