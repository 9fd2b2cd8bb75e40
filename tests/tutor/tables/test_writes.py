"""The tables' events written through together (tutor/tables/writes.py): tables acting at once share
one transaction, each event with its own check that its table has not moved on."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from pathlib import Path

from engine.core.actions import Draw
from tutor.store import forget_open_stores, open_store
from tutor.store.tables import Appended, TableRows
from tutor.tables.actor import Seat, new_form
from tutor.tables.codes import person_key
from tutor.tables.hub import TableHub
from tutor.tables.writes import GroupCommit, grouped
from tests.tutor.tables.test_actor import Memory


def test_tables_acting_at_once_are_written_in_one_transaction(tmp_path: Path) -> None:
    store, _ = open_store(None, tmp_path)
    rows_written: list[int] = []
    many = TableRows.append_many

    def counted(self: TableRows, items: Sequence[Appended], now: float | None = None) -> list[bool]:
        rows_written.append(len(items))
        return many(self, items, now)

    async def play() -> None:
        hub = TableHub(store, pace=0.0)
        tables = []
        for _ in range(4):
            table = await hub.make("classic", 4, None, [Seat("basic", open=True) for _ in range(4)])
            for seat in range(4):
                await table.sit(person_key(f"{table.code}{seat}"), f"P{seat}")
            await table.start()
            tables.append(table)
        TableRows.append_many = counted  # type: ignore[method-assign]
        try:
            results = await asyncio.gather(*(t.act(t.form.to_act() or 0, Draw()) for t in tables))
        finally:
            TableRows.append_many = many  # type: ignore[method-assign]
        assert results == [None] * 4
        assert sum(rows_written) >= 3 and max(rows_written) >= 2  # the first alone, the others together
        for table in tables:  # each kept, as if written alone
            kept = TableRows(store).load(table.code)
            assert kept is not None and kept[1] == table.version
            assert TableRows(store).events(table.code, table.version - 1)[0][1]["kind"] == "act"

    asyncio.run(play())
    forget_open_stores()


def test_a_table_that_moved_on_is_refused_and_the_others_of_its_transaction_written(tmp_path: Path) -> None:
    store, _ = open_store(None, tmp_path)
    rows = TableRows(store)
    data = new_form("classic", 4, None, [Seat("basic") for _ in range(4)], 1).json()
    for code in ("AAAAAAAA", "BBBBBBBB", "CCCCCCCC"):
        assert rows.create(code, data)
    assert rows.append("BBBBBBBB", 1, {"number": 1, "kind": "hints", "seat": 0, "detail": {"on": False}}, data)
    event = {"number": 1, "kind": "hints", "seat": 0, "detail": {"on": False}}
    written = rows.append_many([("AAAAAAAA", 1, event, data), ("BBBBBBBB", 1, event, data), ("CCCCCCCC", 1, event, data)])
    assert written == [True, False, True]  # B was at 1 already: nothing of it written
    assert [rows.load(c)[1] for c in ("AAAAAAAA", "BBBBBBBB", "CCCCCCCC")] == [1, 1, 1]  # type: ignore[index]
    assert len(rows.events("BBBBBBBB", -1)) == 2
    forget_open_stores()


def test_a_keeping_that_fails_tells_each_table_waiting_and_the_next_write_goes_on() -> None:
    class Failing(Memory):
        down = True

        def append(self, code: str, number: int, event: dict[str, object], data: dict[str, object]) -> bool:
            if self.down:
                raise ConnectionError("the store cannot be reached")
            return super().append(code, number, event, data)

    keeping = Failing()

    async def write() -> None:
        group = grouped(keeping)
        assert isinstance(group, GroupCommit) and grouped(keeping) is group  # one a keeping and loop
        results = await asyncio.gather(group.append("A", 1, {}, {}), group.append("B", 1, {}, {}),
                                       return_exceptions=True)
        assert all(isinstance(r, ConnectionError) for r in results)
        keeping.down = False
        assert await group.append("A", 1, {}, {}) is True

    asyncio.run(write())
