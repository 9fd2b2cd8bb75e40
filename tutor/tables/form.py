"""A table's form and the events that change it: its seats, whether it has begun, the full position;
``step(form, event)`` is the one function that applies an event, live in the table's actor
(tutor/tables/actor.py) and replayed after a restart or in another process (docs/tables.md)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from engine.core.actions import parse_action
from engine.core.deal import deal
from engine.core.rules import Rules
from engine.core.scoring import score_hand
from engine.core.state import State
from engine.judge.game import apply
from engine.position import dump_position, load_position
from engine.variants import get_variant
from tutor.tables.lineups import playing

WAITING, PLAYING, OVER = "waiting", "playing", "over"


@dataclass(frozen=True)
class Seat:
    """A chair at the table: a person sits there (``person``, a key that is not the browser's own, and
    the ``name`` as typed), or a computer player of ``level`` holds it. ``open``: it waits for a
    person, held by the computer player until one sits down. ``away``: the person let the table wait
    longer than its time; the computer player plays for them until they are back. ``reserved``: the
    person the seat is kept for (a teacher seated a student there, ``name`` theirs); nobody else sits
    down in it."""

    level: str = "basic"
    open: bool = False
    person: str | None = None
    name: str = ""
    away: bool = False
    reserved: str | None = None

    def json(self) -> dict[str, Any]:
        return {"level": self.level, "open": self.open, "person": self.person, "name": self.name, "away": self.away,
                "reserved": self.reserved}

    @classmethod
    def read(cls, data: dict[str, Any]) -> Seat:
        return cls(str(data["level"]), bool(data["open"]), data.get("person"), str(data.get("name", "")),
                   bool(data.get("away", False)), data.get("reserved"))


@dataclass(frozen=True)
class Form:
    """A table as it stands: its seats, whether it has begun, the hand on it (the full position).

    ``seats`` has a place for each person at the table; the hand's seats are played by the people at
    ``lineup()`` (the same where everyone plays every hand; where people take turns sitting out, the
    lineup of ``hand_number``). An event's ``seat`` is a place."""

    rules: Rules
    seats: tuple[Seat, ...]
    state: State
    seed: int
    status: str = WAITING
    hand_number: int = 1
    hints: bool = True
    wait: float = 60.0  # seconds the table waits for a person to act before a computer player plays for them
    classroom: int | None = None  # the class whose teacher made the table (the teacher is its host)
    host: int = 0  # the place of the person who starts hands and gives seats (who made the table, until they leave)

    def json(self) -> dict[str, Any]:
        return {"variant": self.rules.name, "people": self.rules.table_of().people, "table": self.rules.table,
                "seats": [s.json() for s in self.seats], "position": dump_position(self.state, reveal=True),
                "seed": self.seed, "status": self.status, "hand_number": self.hand_number, "hints": self.hints,
                "wait": self.wait, "classroom": self.classroom, "host": self.host}

    @classmethod
    def read(cls, data: dict[str, Any]) -> Form:
        rules = get_variant(str(data["variant"])).for_people(int(data["people"]), str(data["table"]))
        state = load_position(data["position"]).evolve(stock_hidden=True)  # as dealt: the stock face down
        return cls(rules, tuple(Seat.read(s) for s in data["seats"]), state,
                   int(data["seed"]), str(data["status"]), int(data["hand_number"]), bool(data["hints"]),
                   float(data.get("wait", 60.0)), data.get("classroom"), int(data.get("host", 0)))

    def next_host(self) -> int | None:
        """Who takes the host's part when the host leaves: the first other person at the table (one who is
        here before one who is away), in the order of the places; ``None``: nobody, and the table ends."""
        others = [i for i, s in enumerate(self.seats) if i != self.host and s.person is not None]
        here = [i for i in others if not self.seats[i].away]
        chosen = here or others
        return chosen[0] if chosen else None

    def lineup(self) -> tuple[int, ...]:
        """The place (in ``seats``) of the person who plays each seat of this hand (tutor/tables/lineups.py)."""
        return playing(self.rules, self.hand_number)

    def to_act(self) -> int | None:
        """The place of the person to act now (``None``: nobody; the table has not begun, or the hand is over)."""
        if self.status != PLAYING or self.state.is_over():
            return None
        return self.lineup()[self.state.turn]

    def totals(self) -> tuple[int, ...]:
        """Each side's game total: the hands before and this one once it is over."""
        if not self.state.is_over():
            return tuple(self.state.scores)
        return tuple(t + s.total for t, s in zip(self.state.scores, score_hand(self.state)))


@dataclass(frozen=True)
class Event:
    """What happened at a table, numbered in its order: ``sit`` (a person takes a seat), ``leave``,
    ``start``, ``act`` (an action, in its JSON form), ``next_hand``, ``hints``; ``away`` (a person let
    the table wait past its time), ``stand_in`` (a computer player's action for them), ``back``;
    ``give`` (the host gives a seat to a computer player for good, or frees it for another person),
    ``end`` (the teacher ends the table)."""

    number: int
    kind: str
    seat: int
    detail: dict[str, Any] = field(default_factory=dict)

    def json(self) -> dict[str, Any]:
        return {"number": self.number, "kind": self.kind, "seat": self.seat, "detail": self.detail}

    @classmethod
    def read(cls, data: dict[str, Any]) -> Event:
        return cls(int(data["number"]), str(data["kind"]), int(data["seat"]), dict(data.get("detail") or {}))


def new_form(variant: str, people: int, table: str | None, seats: Sequence[Seat], seed: int,
             wait: float = 60.0, classroom: int | None = None) -> Form:
    rules = get_variant(variant).for_people(people, table)
    if len(seats) != rules.table_of().people:  # a place for each person, also those who sit out a hand
        raise ValueError(f"{rules.table_of().people} seats expected, not {len(seats)}")
    state = deal(rules, random.Random(seed), dealer=rules.players - 1)
    return Form(rules, tuple(seats), state, seed, wait=wait, classroom=classroom)


def step(form: Form, event: Event) -> Form:
    """The form after ``event``: the one place a table changes (live, and replayed after a restart).
    Raises ``IllegalActionError`` for an action the engine refuses, ``ValueError`` for an event out of
    place (a seat taken, a table not begun)."""
    seats = list(form.seats)
    if event.kind == "sit":
        if not seats[event.seat].open or seats[event.seat].person is not None:
            raise ValueError("the seat is not free")
        if seats[event.seat].reserved not in (None, event.detail["person"]):
            raise ValueError("the seat is kept for another person")
        seats[event.seat] = replace(seats[event.seat], person=str(event.detail["person"]),
                                    name=str(event.detail["name"]))
        return replace(form, seats=tuple(seats))
    if event.kind == "leave":
        seats[event.seat] = replace(seats[event.seat], person=None, name="", away=False)
        if event.seat == form.host and form.classroom is None:  # the host leaves: another person hosts, or it ends
            host = form.next_host()
            if host != event.detail.get("host", host):
                raise ValueError("the host's part goes to the first other person at the table")
            if host is None:
                return replace(form, seats=tuple(seats), status=OVER)
            return replace(form, seats=tuple(seats), host=host)
        return replace(form, seats=tuple(seats))
    if event.kind in ("away", "back"):
        if seats[event.seat].person is None:
            raise ValueError("nobody sits there")
        seats[event.seat] = replace(seats[event.seat], away=event.kind == "away")
        return replace(form, seats=tuple(seats))
    if event.kind == "start":
        if form.status != WAITING:
            raise ValueError("the table has begun")
        return replace(form, status=PLAYING)
    if event.kind in ("act", "stand_in"):
        if form.to_act() != event.seat:
            raise ValueError("not this seat's turn")
        if (event.kind == "stand_in") != form.seats[event.seat].away:
            raise ValueError("a person acts for themselves, a computer player only while they are away")
        return replace(form, state=apply(form.state, parse_action(event.detail)))
    if event.kind == "next_hand":
        if form.status != PLAYING or not form.state.is_over():
            raise ValueError("the hand is not over")
        totals = form.totals()
        if form.rules.game_over(totals):
            return replace(form, status=OVER)
        number = form.hand_number + 1
        dealer = (form.state.dealer + 1) % form.rules.players
        state = deal(form.rules, random.Random(form.seed * 1000 + number), scores=totals, dealer=dealer)
        return replace(form, state=state, hand_number=number)
    if event.kind == "give":  # the host's: to a computer player for good, or free for another person
        seats[event.seat] = replace(seats[event.seat], person=None, name="", away=False, reserved=None,
                                    open=bool(event.detail["open"]))
        return replace(form, seats=tuple(seats))
    if event.kind == "end":
        return replace(form, status=OVER)
    if event.kind == "hints":
        return replace(form, hints=bool(event.detail["on"]))
    raise ValueError(f"no such event: {event.kind}")
