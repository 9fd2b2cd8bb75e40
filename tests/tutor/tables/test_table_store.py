"""A table for people kept in the store (SQLite and PostgreSQL): every event written through before it
is the table's, read back after a restart as the same table, two actions at once for one table from two
processes' actors: one applies, the other is refused and its actor catches up."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

from engine.core.actions import Draw
from engine.judge.legal import legal_actions
from tutor.store import Store, forget_open_stores, open_store
from tutor.store.tables import TableRows, table_topic
from tutor.tables.actor import Event, Form, Moved, Seat, new_form, step
from tutor.tables.codes import person_key
from tutor.tables.hub import TableHub
from tutor.tables.seat import SeatModel


def _store(url: str, folder: Path) -> Store:
    store, notices = open_store(url, folder)
    assert notices == []
    return store


def _seats() -> list[Seat]:
    return [Seat("random", open=True) for _ in range(4)]


def test_a_table_is_kept_event_by_event_and_read_back_whole(url: str, tmp_path: Path) -> None:
    store = _store(url, tmp_path)
    heard: list[str] = []

    async def play() -> tuple[str, Form, int]:
        hub = TableHub(store, pace=0.0)
        table = await hub.make("classic", 4, None, _seats())
        store.live.subscribe(table_topic(table.code), lambda topic: heard.append(topic))
        for i in range(4):
            await table.sit(person_key(i), f"P{i}")
        await table.start()
        rng = random.Random(3)
        for _ in range(40):
            seat = table.form.to_act()
            if seat is None:
                break
            await table.act(seat, rng.choice(legal_actions(table.form.state)))
        await asyncio.sleep(0.1)  # the live notices are delivered on the loop
        return table.code, table.form, table.version

    code, form, version = asyncio.run(play())
    assert version > 40
    assert heard and set(heard) == {table_topic(code)}
    rows = TableRows(store)
    kept = rows.load(code)
    assert kept is not None and kept[1] == version
    assert Form.read(kept[0]) == form  # the form as kept is the table's
    events = rows.events(code, 0)
    assert [n for n, _ in events] == list(range(1, version + 1))
    replayed = new_form("classic", 4, None, _seats(), form.seed)
    for _, data in events:
        replayed = step(replayed, Event.read(data))
    assert replayed == form  # the events alone rebuild it

    async def reopen() -> tuple[Form, int, list[str]]:  # after a restart: a new process's hub
        table = await TableHub(store, pace=0.0).open(code)
        assert table is not None
        return table.form, table.version, SeatModel.at(table, 0, "en").log_lines(200)

    again, number, log = asyncio.run(reopen())
    assert again == form and number == version
    assert log[0] == "P0 sits down at the table."  # a tab opened after the restart has the whole story
    forget_open_stores()


def test_two_processes_act_at_once_one_applies_the_other_catches_up(url: str, tmp_path: Path) -> None:
    store = _store(url, tmp_path)

    async def play() -> None:
        first = await TableHub(store, pace=0.0).make("classic", 4, None, _seats())
        for i in range(4):
            await first.sit(person_key(i), f"P{i}")
        await first.start()
        second = await TableHub(store, pace=0.0).open(first.code)  # the same table in another process
        assert second is not None and second.version == first.version
        seat = first.form.to_act()
        assert seat is not None
        results = await asyncio.gather(first.act(seat, Draw()), second.act(seat, Draw()), return_exceptions=True)
        applied = [r for r in results if r is None]
        # the other is refused: its write found the table moved on, or (told of the first already) the
        # engine refused a second draw
        refused = [r for r in results if isinstance(r, Moved) or getattr(r, "rule", "") == "turn.already_drawn"]
        assert len(applied) == 1 and len(refused) == 1, results
        await first.catch_up()
        await second.catch_up()
        assert first.version == second.version and first.form == second.form
        kept = TableRows(store).load(first.code)
        assert kept is not None and kept[1] == first.version

    asyncio.run(play())
    forget_open_stores()


def test_a_table_code_is_refused_when_taken(url: str, tmp_path: Path) -> None:
    store = _store(url, tmp_path)
    rows = TableRows(store)
    data = new_form("classic", 4, None, _seats(), 1).json()
    assert rows.create("ABCDEFGH", data)
    assert not rows.create("ABCDEFGH", data)
    assert rows.load("ZZZZZZZZ") is None
    forget_open_stores()


def test_a_seat_in_another_process_hears_each_action(url: str, tmp_path: Path) -> None:
    """PostgreSQL: two stores with their own live hubs stand for two app processes; an action applied
    through one reaches the other's actor (NOTIFY), which replays it and redraws its seat."""
    if not url.startswith("postgresql"):
        return  # a SQLite store is one process's
    from tutor.store.engine import connect, store_url

    here = _store(url, tmp_path)
    full = store_url(url, tmp_path)
    there = Store(connect(full), full)

    async def play() -> None:
        first = await TableHub(here, pace=0.0).make("classic", 4, None, _seats())
        for i in range(4):
            await first.sit(person_key(i), f"P{i}")
        await first.start()
        second = await TableHub(there, pace=0.0).open(first.code)
        assert second is not None
        redrawn: list[int] = []
        second.watch(lambda: redrawn.append(second.version))
        await asyncio.sleep(0.5)  # the other process's listener is up
        seat = first.form.to_act()
        assert seat is not None
        assert await first.act(seat, Draw()) is None
        for _ in range(200):
            if second.version == first.version:
                break
            await asyncio.sleep(0.02)
        assert second.version == first.version and second.form == first.form
        await asyncio.sleep(0.05)
        assert redrawn and redrawn[-1] == first.version
        view = SeatModel.at(second, seat, "en")
        assert view.log_lines()[-1].startswith("You draw from the stock.")

    try:
        asyncio.run(play())
    finally:
        there.live.close()
        there.engine.dispose()
        forget_open_stores()


def test_a_classs_tables_are_kept_numbered_and_ended_in_the_class_alone(url: str, tmp_path: Path) -> None:
    from tutor.store.class_tables import ClassTables
    from tutor.store.classes import Classes

    store = _store(url, tmp_path)
    school = Classes(store)
    seven, other = school.create_class("7B"), school.create_class("8A")
    rows, tables = ClassTables(store), TableRows(store)
    form = new_form("classic", 4, "4", _seats(), seed=1, classroom=seven.id)
    for code in ("AAAAAAAA", "BBBBBBBB"):
        assert tables.create(code, form.json())
    assert rows.add(seven.id, "AAAAAAAA") == 1 and rows.add(seven.id, "BBBBBBBB") == 2
    assert [t.code for t in rows.of_class(seven.id)] == ["AAAAAAAA", "BBBBBBBB"] and rows.of_class(other.id) == []
    assert rows.of_class(seven.id)[0].data["classroom"] == seven.id
    assert rows.class_of("AAAAAAAA") == seven.id and rows.class_of("CCCCCCCC") is None
    assert not rows.ended(other.id, "AAAAAAAA")  # not that class's table
    assert rows.ended(seven.id, "AAAAAAAA")
    assert [t.code for t in rows.of_class(seven.id)] == ["BBBBBBBB"]
    assert [t.code for t in rows.of_class(seven.id, ended=True)] == ["AAAAAAAA", "BBBBBBBB"]
    school.remove_class(seven.id)  # the class gone: its list of tables too
    assert rows.class_of("BBBBBBBB") is None
    forget_open_stores()


def test_two_processes_writing_two_tables_at_once_in_either_order_wait_rather_than_deadlock(
        url: str, tmp_path: Path) -> None:
    """Each process's group commit writes the tables that acted together; two processes with the same
    two tables in their transactions, given in opposite orders, take the rows in one order (PostgreSQL
    would otherwise find a deadlock and fail one): one writes both, the other finds both moved on."""
    import threading
    import time

    from sqlalchemy import event

    from tutor.store.engine import connect, store_url

    first = _store(url, tmp_path)
    rows = TableRows(first)
    data = new_form("classic", 4, None, _seats(), 1).json()
    for code in ("AAAAAAAA", "BBBBBBBB"):
        assert rows.create(code, data)
    full = store_url(url, tmp_path)
    other = Store(connect(full), full) if url.startswith("postgresql") else first
    stores = [first, other]
    for store in {id(s): s for s in stores}.values():  # each statement slowed: the transactions interleave
        event.listen(store.engine, "after_cursor_execute", lambda *_args: time.sleep(0.05))
    hints = {"number": 1, "kind": "hints", "seat": 0, "detail": {"on": False}}
    orders = [["AAAAAAAA", "BBBBBBBB"], ["BBBBBBBB", "AAAAAAAA"]]
    results: list[object] = [None, None]
    start = threading.Barrier(2)

    def write(i: int) -> None:
        start.wait()
        try:
            results[i] = TableRows(stores[i]).append_many([(code, 1, hints, data) for code in orders[i]])
        except Exception as error:  # noqa: BLE001 - a deadlock would be this
            results[i] = error

    threads = [threading.Thread(target=write, args=(i,)) for i in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert sorted(map(str, results)) == ["[False, False]", "[True, True]"], results
    assert [rows.load(code)[1] for code in ("AAAAAAAA", "BBBBBBBB")] == [1, 1]  # type: ignore[index]
    if other is not first:
        other.close()
    forget_open_stores()
