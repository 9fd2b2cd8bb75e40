"""tutor.store.live_pg: two hubs on one PostgreSQL database stand for two app processes: a publish in one
reaches the other's subscribers through LISTEN/NOTIFY, its own once, and both survive the database
dropping their connections."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Coroutine
from typing import Any

import psycopg
import pytest

from tests.tutor import postgres
from tutor.store.live import Live
from tutor.store.live_pg import PostgresLive, conninfo, live_for


@pytest.fixture(scope="module")
def database(pg_server: str) -> str:
    return postgres.new_database(pg_server).replace("postgresql://", "postgresql+psycopg://")


async def until(condition: Callable[[], bool], timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "not heard in time"
        await asyncio.sleep(0.02)


async def settled(*heard: list[str]) -> None:
    """After ``ready()``: the listener's first LISTEN tells each subscribed topic once (a write
    before it would otherwise be missed); the tests start counting after that."""
    await asyncio.sleep(0.3)
    for listing in heard:
        listing.clear()


def run(scenario: Callable[[], Coroutine[Any, Any, None]]) -> None:
    asyncio.run(scenario())


def cut(url: str, role: str) -> int:
    """The database drops this hub's connections of one kind, as a restart would."""
    with psycopg.connect(conninfo(url), autocommit=True) as admin:
        return len(admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = %s",
                                 (f"canasta-live-{role}",)).fetchall())


def test_a_publish_in_one_process_reaches_the_others_and_its_own_subscribers_once(database: str) -> None:
    async def scenario() -> None:
        a, b = PostgresLive(database), PostgresLive(database)
        try:
            heard_a: list[str] = []
            heard_b: list[str] = []
            other: list[str] = []
            a.subscribe("class:1", heard_a.append)
            b.subscribe("class:1", heard_b.append)
            b.subscribe("class:2", other.append)
            assert a.ready() and b.ready()
            await settled(heard_a, heard_b, other)
            a.publish("class:1")
            await until(lambda: heard_b == ["class:1"])
            b.publish("class:1")
            await until(lambda: len(heard_a) == 2)
            await asyncio.sleep(0.5)  # a's own notice comes back from the database too: not told again
            assert heard_a == ["class:1", "class:1"]
            assert heard_b == ["class:1", "class:1"]
            assert other == []
        finally:
            a.close()
            b.close()

    run(scenario)


def test_a_burst_of_publishes_is_sent_and_heard_and_nothing_is_lost(database: str) -> None:
    async def scenario() -> None:
        a, b = PostgresLive(database), PostgresLive(database)
        try:
            heard: list[str] = []
            for n in range(20):
                b.subscribe(f"class:{n}", heard.append)
            assert b.ready()
            await settled(heard)
            for n in range(20):
                for _ in range(5):
                    a.publish(f"class:{n}")
            await until(lambda: set(heard) == {f"class:{n}" for n in range(20)})
            assert len(heard) <= 100  # a burst of one topic may be sent once
        finally:
            a.close()
            b.close()

    run(scenario)


def test_the_hubs_reconnect_when_the_database_drops_them_and_subscribers_reread_once(database: str) -> None:
    async def scenario() -> None:
        a, b = PostgresLive(database), PostgresLive(database)
        try:
            heard: list[str] = []
            b.subscribe("class:7", heard.append)
            assert b.ready()
            await settled(heard)
            a.publish("class:7")
            await until(lambda: heard == ["class:7"])
            assert cut(database, "listen") == 1 and cut(database, "notify") == 1
            # the listener comes back and tells its topics once (what was said meanwhile is lost)
            await until(lambda: b.reconnects == 1 and heard == ["class:7", "class:7"])
            a.publish("class:7")  # the sender's connection was cut too: it connects again
            await until(lambda: heard == ["class:7", "class:7", "class:7"])
        finally:
            a.close()
            b.close()

    run(scenario)


def test_a_subscriber_hears_once_when_the_hub_first_listens(database: str) -> None:
    async def scenario() -> None:
        hub = PostgresLive(database)
        try:
            heard: list[str] = []
            hub.subscribe("class:3", heard.append)  # a write may land before the LISTEN: re-read once
            assert hub.ready()
            await until(lambda: heard == ["class:3"])
            await asyncio.sleep(0.3)
            assert heard == ["class:3"]
        finally:
            hub.close()

    run(scenario)


def test_a_closed_hub_stops_its_threads_and_sqlite_gets_the_in_process_hub(database: str) -> None:
    async def scenario() -> None:
        hub = live_for(database)
        assert isinstance(hub, PostgresLive)
        hub.subscribe("class:1", lambda topic: None)
        hub.publish("class:1")
        assert hub.ready()
        hub.close()
        assert not any(t.is_alive() for t in hub._threads.values())
        assert not hub.listening.is_set()

    run(scenario)
    assert type(live_for("sqlite:///x.sqlite3")) is Live
