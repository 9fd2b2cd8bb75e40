"""bench/tables_ws.py (``tables_bench.py --clients ws``): four people make, join and start a table through
the app's controls over websockets, and each action is timed to the frames that show it on all four
seats; a seat that never hears of an action stops the bench rather than being timed."""

from __future__ import annotations

import asyncio
import re
import subprocess
import sys
from pathlib import Path

import pytest

from bench import tables_ws
from bench.tables_ws import Person, Stuck, make_table, one_process
from tests.tutor.serving_server import ROOT


def test_one_table_through_websockets_prints_its_figures() -> None:
    result = subprocess.run([sys.executable, "bench/tables_bench.py", "--clients", "ws", "--tables", "1", "--rounds", "3",
                             "--burst"], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
    lines = result.stdout.strip().splitlines()
    assert re.fullmatch(r"tables=1 p50_ms=\d+\.\d p90_ms=\d+\.\d p99_ms=\d+\.\d", lines[-1]), lines[-1]
    assert lines[-3].startswith("3 actions at 1 tables of 4 people; load average"), lines
    server_cpu = float(re.findall(r"the app process (\d+\.\d) ms", lines[-2])[0])
    assert server_cpu > 0, lines[-2]


def test_an_action_is_timed_to_the_last_seat_showing_it_and_a_deaf_seat_stops_the_bench(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import random

    async def play(url: str) -> None:
        table = await make_table(0, url, (None, None), random.Random(1), 0.0)
        try:
            positions = [person.shown for person in table.people]
            assert len(set(positions)) == 1 and positions[0][1].startswith("Stock: ")  # one table, one position
            await table.act()
            assert len(table.timings) == 1 and table.timings[0] > 0
            assert all(person.shown != positions[0] for person in table.people)  # every seat was shown the action
            deaf = table.people[2]
            heard = deaf.shown, deaf.shown_at
            assert deaf.reader is not None
            deaf.reader.cancel()  # this seat hears no more frames
            monkeypatch.setattr(tables_ws, "WAIT", 5.0)
            with pytest.raises(Stuck, match="T1S3"):
                await asyncio.wait_for(table.act(), 60)
            assert len(table.timings) == 1 and (deaf.shown, deaf.shown_at) == heard  # nothing timed
        finally:
            for person in table.people:
                await person.leave()

    with one_process(tmp_path) as (urls, _, _pids):
        asyncio.run(play(urls[0]))


def test_a_table_plays_through_the_stock_and_on_into_the_next_hand(tmp_path: Path) -> None:
    import random

    async def play(url: str) -> int:
        table = await make_table(0, url, (None, None), random.Random(2), 0.0)
        try:
            for count in range(1, 160):  # 63 cards in the stock: some 126 draws and discards a hand
                await table.act()
                if any("Hand 2:" in text for text in table.people[1].texts()):
                    assert len(table.timings) == count  # the hand's end and the deal not timed
                    return count
            raise AssertionError(f"no second hand: {table.people[0].words()}")
        finally:
            for person in table.people:
                await person.leave()

    with one_process(tmp_path) as (urls, _, _pids):
        assert asyncio.run(play(urls[0])) > 100


def test_waiting_for_a_frame_that_never_comes_gives_up() -> None:
    async def wait() -> None:
        await Person(None, "nobody").until(lambda: False, "a frame", timeout=0.2)

    with pytest.raises(Stuck, match="nobody: no a frame"):
        asyncio.run(wait())
