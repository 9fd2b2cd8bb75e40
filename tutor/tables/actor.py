"""One table for people, in one place: every action of the table is judged by the engine and applied in
order by its actor (docs/tables.md).

A table's form (:class:`Form`: its seats, whether it has begun, the full position) changes only by an
:class:`Event`, numbered from 1 per table, and ``step(form, event)`` is the one function that applies
one. The actor holds the form in memory and writes each event through to the store before anyone sees
it (``Keeping.append``: one transaction, refused if the table moved on meanwhile; the tables acting at
once share one, tutor/tables/writes.py), so a restart or another
app process loses nothing: it replays the events it missed with the same ``step``. A seat that reconnects
asks for the events since the last number it saw (``since``).

The computer players' moves are chosen in the process pool (tutor/table/workers.py) and come back as
actions the actor judges like a person's.
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from engine.core.actions import Action, format_action
from engine.core.errors import IllegalActionError
from engine.core.state import State
from engine.position import dump_position
from tutor.store.table_records import HANDS
from tutor.table.workers import choose_action, pool
from tutor.tables.form import OVER, PLAYING, WAITING, Event, Form, Seat, new_form, step
from tutor.tables.writes import grouped

__all__ = ["OVER", "PLAYING", "WAITING", "Event", "Form", "Happened", "Keeping", "Moved", "Seat", "TableActor",
           "new_form", "rebuilt", "step"]

LOG = logging.getLogger("tutor.tables")
KEPT_EVENTS = 400  # events kept in memory for seats catching up (a hand of four is some 150)
NEXT_HAND = -1  # what the table's timer waits for at the end of a hand (else a seat)


class Keeping(Protocol):
    """Where a table is written through (tutor.store.tables.TableRows)."""

    def append(self, code: str, number: int, event: dict[str, Any], data: dict[str, Any]) -> bool: ...
    def events(self, code: str, since: int) -> list[tuple[int, dict[str, Any]]]: ...
    def load(self, code: str) -> tuple[dict[str, Any], int] | None: ...


@dataclass(frozen=True)
class Happened:
    """An event with the table's position before and after it (a seat's log line is told from them)."""

    event: Event
    before: State
    after: State


class Moved(Exception):
    """The table moved on in another process before this event was written: nothing of it applied."""


class TableActor:
    """The one place a table's events are applied, in order: ``act``, ``sit``, ``start``,
    ``next_hand`` wait for the table's lock, judge, write through, and tell the watching seats."""

    def __init__(self, code: str, form: Form, keeping: Keeping, version: int = 0, pace: float = 0.6,
                 think: float = 0.0) -> None:
        self.code, self.form, self.keeping, self.version = code, form, keeping, version
        self.pace, self.think = pace, think
        self.happened: list[Happened] = []  # the last events, for seats catching up
        self.lock = asyncio.Lock()
        # each seat's session: its loop, its context (Flet finds the page to draw in a context variable) and callback
        self.watchers: dict[int, tuple[asyncio.AbstractEventLoop, contextvars.Context, Callable[[], None]]] = {}
        self.bots: asyncio.Task[None] | None = None
        self.waiting: asyncio.Task[None] | None = None  # the time a person has to act (Form.wait)
        self.waited_for: tuple[int, int] | None = None  # the seat and version it runs for
        self._next_watcher = 0
        self.counting: set[asyncio.Task[None]] = set()  # refusals being counted for the students' records

    # -- what seats read ---------------------------------------------------------------------------

    def since(self, number: int) -> list[Happened] | None:
        """The events after ``number``, in order (``None``: older than those kept: the seat reads the
        table as it stands and its log begins again)."""
        if number >= self.version:
            return []
        if not self.happened or self.happened[0].event.number > number + 1:
            return None
        return [h for h in self.happened if h.event.number > number]

    def seat_of(self, person: str) -> int | None:
        return next((i for i, s in enumerate(self.form.seats) if s.person == person), None)

    def watch(self, callback: Callable[[], None]) -> Callable[[], None]:
        """``callback()`` after each event (a seat's session redraws), on the caller's loop and in the
        caller's context (its session's, whichever session's event it was); returns the function that stops it."""
        self._next_watcher += 1
        key = self._next_watcher
        self.watchers[key] = (asyncio.get_running_loop(), contextvars.copy_context(), callback)
        return lambda: self.watchers.pop(key, None) and None

    # -- what seats do -------------------------------------------------------------------------------

    async def act(self, seat: int, action: Action) -> IllegalActionError | None:
        """A seat's action: the engine's refusal (nothing changes), or ``None`` once it is applied and
        written. Raises :class:`Moved` if another process's event came first (the table is then caught up)."""
        async with self.lock:
            if self.form.to_act() != seat:
                raise Moved("not this seat's turn now")
            if self.form.seats[seat].away:  # back by acting: the computer player stops playing for them
                await self._commit(Event(self.version + 1, "back", seat))
            try:
                await self._commit(Event(self.version + 1, "act", seat, format_action(action)))
            except IllegalActionError as error:
                self._count_refusal(seat, error)
                return error
        self._kick()
        return None

    def _count_refusal(self, seat: int, error: IllegalActionError) -> None:
        """At a class's table, a refusal counts in the student's record (not an event of the table:
        written on its own, off the loop; a store that cannot keep it loses only the count)."""
        person, classroom = self.form.seats[seat].person, self.form.classroom
        refused = getattr(self.keeping, "refused", None)
        if classroom is None or person is None or refused is None:
            return

        async def write() -> None:
            try:
                await asyncio.to_thread(refused, classroom, person, error.rule)
            except Exception:  # noqa: BLE001 - the table goes on without the count
                LOG.exception("table %s: a refusal could not be counted", self.code)

        task = asyncio.create_task(write())
        self.counting.add(task)
        task.add_done_callback(self.counting.discard)

    async def sit(self, person: str, name: str, seat: int | None = None) -> int | None:
        """A person sits down (the first open seat, or ``seat``); a person already seated gets their
        seat back. ``None``: no open seat is free."""
        async with self.lock:
            mine = self.seat_of(person)
            if mine is not None:
                if self.form.seats[mine].away:  # back on reopening the table
                    await self._commit(Event(self.version + 1, "back", mine))
                return mine
            kept = next((i for i, s in enumerate(self.form.seats) if s.reserved == person and s.person is None), None)
            free = [i for i, s in enumerate(self.form.seats) if s.open and s.person is None and s.reserved is None]
            chosen = kept if kept is not None else seat if seat in free else free[0] if free and seat is None else None
            if chosen is None:
                return None
            if kept is not None:  # the name the teacher seated them by, as the class knows it
                name = self.form.seats[kept].name or name
            await self._commit(Event(self.version + 1, "sit", chosen, {"person": person, "name": name}))
            seats = self.form.seats
            if (self.form.status == WAITING and self.form.classroom is not None
                    and all(s.person is not None for s in seats if s.reserved is not None)):
                await self._commit(Event(self.version + 1, "start", 0))  # a class's table begins once all are seated
        self._kick()
        return chosen

    async def back(self, seat: int) -> None:
        """The person at ``seat`` is back: the computer player stops playing for them."""
        async with self.lock:
            if self.form.seats[seat].away:
                await self._commit(Event(self.version + 1, "back", seat))

    async def leave(self, seat: int) -> None:
        """The person at ``seat`` leaves for good: its computer player takes the seat. When the host leaves,
        the host's part passes to another person at the table, or, with nobody left, the table ends."""
        async with self.lock:
            if self.form.seats[seat].person is not None:
                detail: dict[str, Any] = {"name": self.form.seats[seat].name}
                if seat == self.form.host and self.form.classroom is None:
                    detail["host"] = self.form.next_host()
                await self._commit(Event(self.version + 1, "leave", seat, detail))
        self._kick()

    async def give(self, seat: int, to_person: bool) -> None:
        """The host gives ``seat`` to a computer player for good (``to_person`` false), or frees it for
        another person (a computer player holds it meanwhile); whoever sat there leaves it."""
        async with self.lock:
            holder = self.form.seats[seat]
            if seat != self.form.host or self.form.classroom is not None:
                await self._commit(Event(self.version + 1, "give", seat, {"open": to_person, "name": holder.name}))
        self._kick()

    async def end(self) -> None:
        """The teacher ends the table: no one plays on at it."""
        async with self.lock:
            if self.form.status != OVER:
                await self._commit(Event(self.version + 1, "end", 0))
        self._kick()

    async def start(self) -> None:
        async with self.lock:
            if self.form.status == WAITING:
                await self._commit(Event(self.version + 1, "start", 0))
        self._kick()

    async def next_hand(self) -> None:
        async with self.lock:
            if self.form.status == PLAYING and self.form.state.is_over():
                await self._commit(Event(self.version + 1, "next_hand", 0))
        self._kick()

    async def set_hints(self, on: bool) -> None:
        async with self.lock:
            if self.form.hints != on:
                await self._commit(Event(self.version + 1, "hints", 0, {"on": on}))

    # -- in order, written through ---------------------------------------------------------------------

    async def _commit(self, event: Event) -> None:
        """Judge ``event`` (``step`` raises on a refusal), write it through, then make it the table's."""
        before = self.form
        after = step(before, event)
        data = event.json()
        if before.classroom is not None and not before.state.is_over() and after.state.is_over():
            # a hand played to its end counts in the record of each student who played it (not one who sat
            # it out), with the event that ends it
            people = [after.seats[p].person for p in before.lineup() if after.seats[p].person is not None]
            data["tally"] = {"class": before.classroom, "counted": [[p, HANDS] for p in people]}
        written = await grouped(self.keeping).append(self.code, event.number, data, after.json())
        if not written:
            await self._replay()
            raise Moved("the table moved on")
        self._took(event, before, after)

    def _took(self, event: Event, before: Form, after: Form) -> None:
        self.form, self.version = after, event.number
        self.happened.append(Happened(event, before.state, after.state))
        del self.happened[:-KEPT_EVENTS]
        self._tell()

    def _tell(self) -> None:
        for loop, context, callback in list(self.watchers.values()):
            try:
                loop.call_soon_threadsafe(callback, context=context)
            except RuntimeError:  # that session's loop is closed: it is gone
                continue

    async def catch_up(self) -> None:
        """Read the events another process wrote (its live notice said the table changed)."""
        async with self.lock:
            await self._replay()
        self._kick()

    async def _replay(self) -> None:
        missed = await asyncio.to_thread(self.keeping.events, self.code, self.version)
        for number, data in missed:
            if number != self.version + 1:
                break
            event = Event.read(data)
            try:
                self._took(event, self.form, step(self.form, event))
            except (IllegalActionError, ValueError):  # cannot be replayed here: read the table as kept
                LOG.exception("table %s: event %d does not replay; the table is read as kept", self.code, number)
                kept = await asyncio.to_thread(self.keeping.load, self.code)
                if kept is not None:
                    self.form, self.version = Form.read(kept[0]), kept[1]
                    self.happened.clear()
                    self._tell()
                return

    # -- the computer players -------------------------------------------------------------------------------

    def bot_to_act(self) -> int | None:
        seat = self.form.to_act()
        if seat is None:
            return None
        holder = self.form.seats[seat]
        return seat if holder.person is None or holder.away else None

    def _kick(self) -> None:
        if self.bot_to_act() is not None and (self.bots is None or self.bots.done()):
            self.bots = asyncio.create_task(self._play_bots())
        seat = self.form.to_act()
        waited = (seat, self.version) if seat is not None and self.bot_to_act() is None else None
        if self.form.status == PLAYING and self.form.state.is_over():
            waited = (NEXT_HAND, self.version)  # nobody pressed Next hand: it is dealt after the table's time
        if waited != self.waited_for:  # a new moment to wait for (or none): the time starts again
            if self.waiting is not None and not self.waiting.done():
                self.waiting.cancel()
            self.waiting, self.waited_for = None, waited
            if waited is not None:
                self.waiting = asyncio.create_task(self._wait_for(*waited))

    async def _wait_for(self, seat: int, version: int) -> None:
        """The table never waits forever: a person who has not acted within the table's time is away,
        and the computer player holding their seat plays for them until they are back."""
        await asyncio.sleep(self.form.wait)
        async with self.lock:
            if seat == NEXT_HAND and self.version == version:
                try:
                    await self._commit(Event(self.version + 1, "next_hand", 0))
                except Exception:  # another process first, or the store cannot be reached: the next event tries
                    LOG.exception("table %s: the next hand could not be dealt", self.code)
            elif self.version == version and self.form.to_act() == seat and self.bot_to_act() is None:
                try:
                    await self._commit(Event(self.version + 1, "away", seat))
                except Exception:  # another process first, or the store cannot be reached: the next event tries
                    LOG.exception("table %s: the seat waited for could not be given to a computer player", self.code)
        if self.waiting is asyncio.current_task():
            self.waiting, self.waited_for = None, None
        self._kick()

    async def _play_bots(self) -> None:
        loop = asyncio.get_running_loop()
        while (seat := self.bot_to_act()) is not None:
            await asyncio.sleep(self.pace)
            version, state = self.version, self.form.state
            if self.bot_to_act() != seat or self.version != version:
                continue
            position = dump_position(state, reveal=True)
            seed = zlib.crc32(self.code.encode()) * 7919 + version
            level = self.form.seats[seat].level
            try:
                chosen = await loop.run_in_executor(pool(), choose_action, position, level, seed, self.think)
            except Exception:  # a player that fails must not stop the table: the club player moves
                LOG.exception("the %s player failed; the club player moves instead", level)
                chosen = await loop.run_in_executor(pool(), choose_action, position, "club", seed)
            async with self.lock:
                if self.version != version or self.bot_to_act() != seat:
                    continue  # a person sat down, or another process moved first
                kind = "stand_in" if self.form.seats[seat].person is not None else "act"
                try:
                    await self._commit(Event(self.version + 1, kind, seat, chosen))
                except Moved:
                    continue
                except Exception:  # refused, or the store cannot be reached: the next event tries again
                    LOG.exception("table %s: the computer player's move was not applied", self.code)
                    return
        self._kick()  # a person to act now (their time starts), or the hand over (the next one is dealt in time)


def rebuilt(code: str, kept: tuple[dict[str, Any], int], events: list[tuple[int, dict[str, Any]]], keeping: Keeping,
            pace: float = 0.6, think: float = 0.0) -> TableActor:
    """A table read from the store (after a restart, or in another process): its events replayed from
    the form it was made with (event 0), so a seat opened now is told the whole story; if they do not
    replay to the form as kept, the kept form, and the story begins there."""
    form, version = Form.read(kept[0]), kept[1]
    if events and events[0][0] == 0:
        actor = TableActor(code, Form.read(events[0][1]["detail"]), keeping, 0, pace, think)
        try:
            for number, data in events[1:]:
                event = Event.read(data)
                if number != actor.version + 1:
                    raise ValueError(f"event {number} after {actor.version}")
                actor._took(event, actor.form, step(actor.form, event))
        except (IllegalActionError, ValueError, KeyError):
            LOG.exception("table %s does not replay from its events; it is read as kept", code)
        else:
            if actor.version == version and actor.form == form:
                return actor
    return TableActor(code, form, keeping, version, pace, think)
