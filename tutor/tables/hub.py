"""This process's tables for people: one actor a table, made or read from the store when a seat first
asks for it, told by the store's live hub when another process changed it (PostgreSQL: NOTIFY)."""

from __future__ import annotations

import asyncio
import os
import weakref
from collections.abc import Callable, Sequence

from tutor.store.store import Store
from tutor.store.tables import TableRows, table_topic
from tutor.tables.actor import Seat, TableActor, new_form, rebuilt
from tutor.tables.codes import new_code


class TableHub:
    """The tables one process holds, on one store."""

    def __init__(self, store: Store, pace: float = 0.6, think: float = 0.0) -> None:
        self.store, self.rows = store, TableRows(store)
        self.pace, self.think = pace, think
        self.actors: dict[str, TableActor] = {}
        self.unsubscribe: dict[str, Callable[[], None]] = {}
        self.lock = asyncio.Lock()

    async def make(self, variant: str, people: int, table: str | None, seats: Sequence[Seat], wait: float = 60.0,
                   classroom: int | None = None, seed: int | None = None) -> TableActor:
        """A new table with a code no other table has; seat 0 is its host's (a class's: the teacher is
        its host). ``wait``: the seconds it waits for a person before a computer player plays for them.
        ``seed``: its deals (a server started with ``--seed`` deals every game from it); a random one
        unless given."""
        if seed is None:
            seed = int.from_bytes(os.urandom(4), "big")
        form = new_form(variant, people, table, seats, seed, wait, classroom)
        while True:
            code = new_code()
            if await asyncio.to_thread(self.rows.create, code, form.json()):
                return self._hold(TableActor(code, form, self.rows, 0, self.pace, self.think))

    async def open(self, code: str) -> TableActor | None:
        """The table of ``code``, caught up with the store (``None``: no such table)."""
        async with self.lock:
            actor = self.actors.get(code)
            if actor is None:
                kept = await asyncio.to_thread(self.rows.load, code)
                if kept is None:
                    return None
                events = await asyncio.to_thread(self.rows.events, code, -1)
                actor = self._hold(rebuilt(code, kept, events, self.rows, self.pace, self.think))
        await actor.catch_up()
        return actor

    def _hold(self, actor: TableActor) -> TableActor:
        self.actors[actor.code] = actor

        async def changed(_topic: str) -> None:
            await actor.catch_up()

        self.unsubscribe[actor.code] = self.store.live.subscribe(table_topic(actor.code), changed)
        return actor


_HUBS: weakref.WeakKeyDictionary[Store, TableHub] = weakref.WeakKeyDictionary()


def hub_for(store: Store, pace: float = 0.6, think: float = 0.0) -> TableHub:
    """The process's hub of tables on ``store`` (one a store, as the store is one a URL a process)."""
    hub = _HUBS.get(store)
    if hub is None:
        hub = _HUBS[store] = TableHub(store, pace, think)
    return hub
