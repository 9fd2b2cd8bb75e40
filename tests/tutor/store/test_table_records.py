"""A student's games at their class's tables counted for their record (SQLite and PostgreSQL): each
hand played to its end once for each student seated, in the transaction of the event that ends it
(so a second process's refused write counts nothing), the engine's refusals by rule, read back by
student and gone with the student."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

from engine.core.actions import Discard
from engine.core.state import Phase
from engine.judge.legal import legal_actions
from tutor.store import open_store
from tutor.store.classes import Classes
from tutor.store.engine import head
from tutor.store.table_records import TableRecords
from tutor.tables.actor import Seat
from tutor.tables.codes import person_key
from tutor.tables.hub import TableHub


def test_the_record_is_revision_0008() -> None:
    assert head() == "0008"


def test_hands_played_and_refusals_by_rule_count_for_the_students_seated(url: str, tmp_path: Path) -> None:
    store, notices = open_store(url, tmp_path)
    assert notices == []
    class_id = Classes(store).create_class("7B").id
    students = [person_key(learner) for learner in (101, 102, 103, 104)]
    anna, guest = students[0], person_key("a device")

    async def play() -> None:
        seats = [Seat("random", open=True, reserved=person) for person in students]
        table = await TableHub(store, pace=0.0).make("classic", 4, None, seats, classroom=class_id)
        other = await TableHub(store, pace=0.0).open(table.code)  # the same table on a second process
        assert other is not None
        for person, name in zip(students, ("Anna", "Bo", "Cleo", "Dan")):
            await table.sit(person, name)  # every kept seat taken: the table begins
        rng = random.Random(2)
        refused = 0
        while (seat := table.form.to_act()) is not None:
            state = table.form.state
            if seat == 0 and refused < 2 and state.phase is Phase.DRAW:  # Anna discards before drawing
                assert await table.act(seat, Discard(state.hands[seat][0])) is not None
                refused += 1
                continue
            assert await table.act(seat, rng.choice(legal_actions(state))) is None
        await other.catch_up()
        assert other.version == table.version  # the other process replays the hand's end: it counts nothing
        while table.counting:  # the refusals' counts are written off the loop
            await asyncio.sleep(0.05)
        assert refused == 2

    asyncio.run(play())
    records = TableRecords(store).of([*students, guest])
    assert set(records) == set(students)  # a person not at the table: nothing
    assert all(records[p].hands == 1 for p in students)  # the hand's end counted once for each
    assert records[anna].refused == (("turn.draw_first", 2),)
    assert all(records[p].refusals == 0 for p in students[1:])
    TableRecords(store).forget(anna)
    assert set(TableRecords(store).of(students)) == set(students[1:])


def test_a_table_not_of_a_class_counts_nothing(url: str, tmp_path: Path) -> None:
    store, _ = open_store(url, tmp_path)
    person = person_key("a device")

    async def play() -> None:
        table = await TableHub(store, pace=0.0).make("classic", 4, None, [Seat("random", open=True) for _ in range(4)])
        for i in range(4):
            await table.sit(person if i == 0 else person_key(i), f"P{i}")
        await table.start()
        state = table.form.state
        assert await table.act(0, Discard(state.hands[0][0])) is not None
        rng = random.Random(4)
        while (seat := table.form.to_act()) is not None:
            assert await table.act(seat, rng.choice(legal_actions(table.form.state))) is None

    asyncio.run(play())
    assert TableRecords(store).of([person, *(person_key(i) for i in range(1, 4))]) == {}
