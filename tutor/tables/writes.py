"""A process's tables written through to the store together: the events of the tables that act while
another write is under way go in one transaction, with one commit (docs/tables.md, "Measured").

Each event is still written before anyone sees it, and each with its own check that its table has not
moved on (``TableRows.append_many``); only the waiting is shared. A class's eight tables tapping at once
wait for one flush to the disk instead of eight in a row (SQLite takes one writer at a time, each
commit a flush with ``synchronous=FULL``; PostgreSQL a round trip and a flush of its log each).
"""

from __future__ import annotations

import asyncio
import weakref
from typing import Any, Protocol

from tutor.store.tables import Appended

class _Keeping(Protocol):
    def append(self, code: str, number: int, event: dict[str, Any], data: dict[str, Any]) -> bool: ...


class GroupCommit:
    """One keeping's writes on one event loop: ``append`` waits for its event's commit, written with
    whatever other tables' events came meanwhile (``append_many`` where the keeping has it)."""

    def __init__(self, keeping: _Keeping) -> None:
        self.keeping = keeping
        self.pending: list[tuple[Appended, asyncio.Future[bool]]] = []
        self.flushing: asyncio.Task[None] | None = None
        self.batches: list[int] = []  # how many events each transaction held (the last 100)

    async def append(self, code: str, number: int, event: dict[str, Any], data: dict[str, Any]) -> bool:
        """Event ``number`` of table ``code`` and its form after it, once committed; ``False`` if the
        table had moved on (nothing of it written). Raises what the store raised."""
        future: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self.pending.append(((code, number, event, data), future))
        if self.flushing is None or self.flushing.done():
            self.flushing = asyncio.create_task(self._flush())
        return await future

    async def _flush(self) -> None:
        many = getattr(self.keeping, "append_many", None)
        while self.pending:
            batch, self.pending = self.pending, []
            items = [item for item, _ in batch]
            self.batches = [*self.batches[-99:], len(items)]
            try:
                if len(items) > 1 and many is not None:
                    results: list[bool] = await asyncio.to_thread(many, items)
                else:
                    results = [await asyncio.to_thread(self.keeping.append, *item) for item in items]
            except Exception as error:  # noqa: BLE001 - each waiting actor is told, as if it wrote alone
                for _, future in batch:
                    if not future.done():
                        future.set_exception(error)
                continue
            for (_, future), result in zip(batch, results):
                if not future.done():
                    future.set_result(bool(result))


_GROUPS: weakref.WeakKeyDictionary[Any, tuple[asyncio.AbstractEventLoop, GroupCommit]] = weakref.WeakKeyDictionary()


def grouped(keeping: _Keeping) -> GroupCommit:
    """The group commit of ``keeping`` on the running event loop (one a keeping: a hub's tables share it)."""
    loop = asyncio.get_running_loop()
    held = _GROUPS.get(keeping)
    if held is None or held[0] is not loop:
        held = _GROUPS[keeping] = (loop, GroupCommit(keeping))
    return held[1]
