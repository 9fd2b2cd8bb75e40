"""Tables for people on one process, without browsers: N tables of four people, every table acting at
once in each round (the burst a class makes when everyone taps together). Timed per action, from the
actor's ``act`` to the last of the table's four seats having followed the event and built its page
(tutor.views.table.page_view with the memo, as a frame does; Flet's diff and the websocket not included),
with each event written through to a SQLite store (``synchronous=FULL``) first. Prints p50/p90/p99 and
the CPU time per action; its last line reads ``tables=N p50_ms=… p90_ms=… p99_ms=…``.

    python bench/tables_bench.py --tables 8 --rounds 40 [--sweep] [--processes 2]
    python bench/tables_bench.py --clients ws --tables 8 --rounds 40 [--think 3 | --burst] [--sweep] [--processes 2]

``--sweep`` first grows the number of tables (1, 2, 4, 8, 12, ...) until p90 passes 150 ms and
prints that N. ``--processes 2`` puts each table's seats 1 and 3 on a second OS process on a throwaway
PostgreSQL cluster (tests/tutor/postgres.py), told of each event by NOTIFY as behind HAProxy: timed
from ``act`` on the first to all four seats' pages built, two on each.

``--clients ws`` goes the real path instead (bench/tables_ws.py): the app server started on loopback, each
person a websocket client with its own Flet session, making and joining the tables through the app's
controls and playing each turn by taps (Draw, a card, Discard), at human pace (``--think``) or in
bursts (``--burst``); timed from a tap's frame sent to the last of the table's four seats having
received the frame that shows the new position. ``--rounds`` is then the timed actions a table; with
``--processes 2`` the two halves of each table are on two app processes behind HAProxy.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from collections.abc import Awaitable, Callable
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.judge.legal import legal_actions  # noqa: E402
from tutor.store import open_store  # noqa: E402
from tutor.tables.actor import Seat, TableActor  # noqa: E402
from tutor.tables.codes import person_key  # noqa: E402
from tutor.tables.hub import TableHub  # noqa: E402
from tutor.tables.seat import SeatModel  # noqa: E402
from tutor.views.memo import Memo  # noqa: E402
from tutor.views.table import page_view  # noqa: E402
from tutor.views.widgets import Handlers  # noqa: E402


def _handlers() -> Handlers:
    def nothing(*_args: object) -> None:
        return None

    return Handlers(tap_card=nothing, tap_meld=nothing, tap_pile=nothing, press=nothing, answer=nothing,
                    set_language=nothing, show_rules=nothing, new_game=nothing)


CPU: list[float] = []  # the timed rounds' CPU time (seconds)


class Seated:
    """One person's tab: its seat's view and memo, drawn again after each event."""

    def __init__(self, actor: TableActor, seat: int, handlers: Handlers) -> None:
        self.actor, self.model, self.memo, self.handlers = actor, SeatModel.at(actor, seat, "en"), Memo(), handlers
        self.drawn = asyncio.Event()
        actor.watch(self.changed)

    def changed(self) -> None:
        self.model.follow(self.actor)
        with self.memo.frame("people-table"):
            page_view(self.model, self.handlers, "medium")
        self.drawn.set()


async def timed_action(actor: TableActor, tabs: list[Seated], rng: random.Random, timings: list[float],
                       heard: Callable[[], Awaitable[object]] | None = None) -> None:
    """One action at the table to act (or its next hand), timed until every seat's tab has drawn it
    and, with ``heard``, until that is done too (the far seats' process reporting the event)."""
    seat = actor.form.to_act()
    if seat is None:
        if actor.form.state.is_over():
            await actor.next_hand()
        return
    for tab in tabs:
        tab.drawn.clear()
    began = time.perf_counter()
    await actor.act(seat, rng.choice(legal_actions(actor.form.state)))
    waits = [tab.drawn.wait() for tab in tabs]
    await asyncio.gather(*waits, *([heard()] if heard is not None else []))
    timings.append((time.perf_counter() - began) * 1000)


async def bench(tables: int, rounds: int, folder: Path) -> list[float]:
    store, _ = open_store(None, folder)
    hub = TableHub(store, pace=0.0)
    handlers = _handlers()
    actors, seated = [], []
    for _ in range(tables):
        actor = await hub.make("classic", 4, None, [Seat("basic", open=True) for _ in range(4)])
        for seat in range(4):
            await actor.sit(person_key(f"{actor.code}{seat}"), f"P{seat}")
        await actor.start()
        actors.append(actor)
        seated.append([Seated(actor, seat, handlers) for seat in range(4)])
    rng = random.Random(1)
    timings: list[float] = []

    async def one(index: int) -> None:
        await timed_action(actors[index], seated[index], rng, timings)

    await asyncio.gather(*(one(i) for i in range(tables)))  # a first round, not timed: the views' first build
    timings.clear()
    cpu = time.process_time()
    for _ in range(rounds):
        await asyncio.gather(*(one(i) for i in range(tables)))
    CPU.append(time.process_time() - cpu)
    return timings


def far_seats(url: str, codes: list[str], reports: Any, stop: Any) -> None:
    """The other app process (``--processes 2``): seats 1 and 3 of each table, told of each event by
    PostgreSQL's NOTIFY; reports ``(code, version)`` once both have followed it and built their pages."""
    async def run() -> None:
        store, _ = open_store(url, Path(tempfile.gettempdir()))
        hub, handlers = TableHub(store, pace=0.0), _handlers()
        tabs = []
        for code in codes:
            actor = await hub.open(code)
            assert actor is not None
            pair = [Seated(actor, seat, handlers) for seat in (1, 3)]
            tabs.append(pair)

            def told(actor: TableActor = actor, pair: list[Seated] = pair) -> None:
                if all(tab.model.number == actor.version for tab in pair):
                    reports.put((actor.code, actor.version))

            actor.watch(told)  # after the two seats' own callbacks (the watchers run in order)
        reports.put(("ready", 0))
        while not stop.is_set():
            await asyncio.sleep(0.1)

    asyncio.run(run())


async def bench_two(tables: int, rounds: int, url: str) -> list[float]:
    """As :func:`bench`, with each table's seats 1 and 3 on a second OS process on one PostgreSQL store:
    from ``act`` (here) to all four seats having built their pages, two here and two there."""
    import multiprocessing
    import queue
    import threading

    store, _ = open_store(url, Path(tempfile.gettempdir()))
    hub, handlers = TableHub(store, pace=0.0), _handlers()
    actors, seated = [], []
    for _ in range(tables):
        actor = await hub.make("classic", 4, None, [Seat("basic", open=True) for _ in range(4)])
        for seat in range(4):
            await actor.sit(person_key(f"{actor.code}{seat}"), f"P{seat}")
        await actor.start()
        actors.append(actor)
        seated.append([Seated(actor, seat, handlers) for seat in (0, 2)])
    context = multiprocessing.get_context("spawn")
    reports, stop = context.Queue(), context.Event()
    process = context.Process(target=far_seats, args=(url, [a.code for a in actors], reports, stop))
    process.start()
    assert reports.get(timeout=120) == ("ready", 0)
    loop = asyncio.get_running_loop()
    heard: dict[tuple[str, int], asyncio.Event] = {}

    def arrived(key: tuple[str, int]) -> None:
        heard.setdefault(key, asyncio.Event()).set()

    def listen() -> None:
        while True:
            try:
                code, version = reports.get(timeout=0.5)
            except queue.Empty:
                if stop.is_set():
                    return
                continue
            loop.call_soon_threadsafe(arrived, (str(code), int(version)))

    threading.Thread(target=listen, daemon=True).start()
    rng = random.Random(1)
    timings: list[float] = []

    async def one(index: int) -> None:
        actor = actors[index]
        await timed_action(actor, seated[index], rng, timings,
                           lambda: heard.setdefault((actor.code, actor.version), asyncio.Event()).wait())

    try:
        await asyncio.gather(*(one(i) for i in range(tables)))  # a first round, not timed
        timings.clear()
        cpu = time.process_time()
        for _ in range(rounds):
            await asyncio.gather(*(one(i) for i in range(tables)))
        CPU.append(time.process_time() - cpu)
    finally:
        stop.set()
        process.join(30)
        store.close()
    return timings


TARGET_MS = 150.0  # p90 for a class of 32 (8 tables of 4) on a 2-core machine


def measured(tables: int, rounds: int) -> tuple[list[float], list[float]]:
    """The timings (ms) of ``rounds`` rounds at ``tables`` tables, and p50/p90/p99."""
    with tempfile.TemporaryDirectory() as folder:
        timings = asyncio.run(bench(tables, rounds, Path(folder)))
    cuts = statistics.quantiles(timings, n=100)
    return timings, [cuts[49], cuts[89], cuts[98]]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=8)
    parser.add_argument("--rounds", type=int, default=40)
    parser.add_argument("--sweep", action="store_true",
                        help=f"first 1, 2, 4, 8, 12, 16, ... tables until p90 passes {TARGET_MS:.0f} ms, and say where")
    parser.add_argument("--processes", type=int, choices=(1, 2), default=1,
                        help="2: each table's seats 1 and 3 on a second process, on a throwaway PostgreSQL")
    parser.add_argument("--clients", choices=("inprocess", "ws"), default="inprocess",
                        help="ws: through the app server, Flet sessions and websockets (bench/tables_ws.py)")
    parser.add_argument("--think", type=float, default=3.0,
                        help="with --clients ws: seconds a person thinks before each tap (0.5-1.5x at random)")
    parser.add_argument("--burst", action="store_true",
                        help="with --clients ws: every table acts at once, round after round (no think time)")
    args = parser.parse_args()
    if args.clients == "ws":
        from bench import tables_ws

        tables_ws.main(args.tables, args.rounds, 0.0 if args.burst else args.think, args.burst, args.processes,
                       args.sweep)
        return
    if args.processes == 2:
        from tests.tutor import postgres

        with postgres.cluster() as server:
            url = postgres.new_database(server).replace("postgresql://", "postgresql+psycopg://")
            timings = asyncio.run(bench_two(args.tables, args.rounds, url))
        cuts = statistics.quantiles(timings, n=100)
        print(f"{len(timings)} actions at {args.tables} tables of 4 on two processes (seats 1 and 3 on the second) "
              f"and PostgreSQL; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
        print(f"CPU per action (the first process): {CPU[-1] / len(timings) * 1000:.1f} ms")
        print(f"tables={args.tables} p50_ms={cuts[49]:.1f} p90_ms={cuts[89]:.1f} p99_ms={cuts[98]:.1f}")
        return
    if args.sweep:
        passed = None
        for n in (1, 2, 4, 8, 12, 16, 24, 32):
            _, (p50, p90, p99) = measured(n, args.rounds)
            print(f"sweep tables={n} p50_ms={p50:.1f} p90_ms={p90:.1f} p99_ms={p99:.1f} "
                  f"cpu_ms_per_action={CPU[-1] / (n * args.rounds) * 1000:.1f}", flush=True)
            if p90 > TARGET_MS:
                passed = n
                break
        print(f"p90 passes {TARGET_MS:.0f} ms at tables={passed}" if passed else
              f"p90 stays under {TARGET_MS:.0f} ms up to tables=32")
    timings, (p50, p90, p99) = measured(args.tables, args.rounds)
    print(f"{len(timings)} actions at {args.tables} tables of 4, every table at once in each round; "
          f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print(f"CPU per action (this process; the store's writes on threads included): {CPU[-1] / len(timings) * 1000:.1f} ms")
    print(f"tables={args.tables} p50_ms={p50:.1f} p90_ms={p90:.1f} p99_ms={p99:.1f}")


if __name__ == "__main__":
    main()
