"""Tables for people on one process, without browsers: N tables of four people, every table acting at
once in each round (the burst a class makes when everyone taps together). Timed per action, from the
actor's ``act`` to the last of the table's four seats having followed the event and built its page
(tutor.views.table.page_view with the memo, as a frame does; Flet's diff and the websocket not included),
with each event written through to a SQLite store (``synchronous=FULL``) first. Prints p50/p90/p99 and
the CPU time per action; its last line reads ``tables=N p50_ms=… p90_ms=… p99_ms=…``.

    python bench/tables_bench.py --tables 8 --rounds 40
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

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
        actor, tabs = actors[index], seated[index]
        seat = actor.form.to_act()
        if seat is None:
            if actor.form.state.is_over():
                await actor.next_hand()
            return
        for tab in tabs:
            tab.drawn.clear()
        began = time.perf_counter()
        await actor.act(seat, rng.choice(legal_actions(actor.form.state)))
        await asyncio.gather(*(tab.drawn.wait() for tab in tabs))
        timings.append((time.perf_counter() - began) * 1000)

    await asyncio.gather(*(one(i) for i in range(tables)))  # a first round, not timed: the views' first build
    timings.clear()
    cpu = time.process_time()
    for _ in range(rounds):
        await asyncio.gather(*(one(i) for i in range(tables)))
    CPU.append(time.process_time() - cpu)
    return timings


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=8)
    parser.add_argument("--rounds", type=int, default=40)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        timings = asyncio.run(bench(args.tables, args.rounds, Path(folder)))
    cpu = CPU[-1]
    cuts = statistics.quantiles(timings, n=100)
    print(f"{len(timings)} actions at {args.tables} tables of 4, every table at once in each round")
    print(f"CPU per action (this process; the store's writes on threads included): {cpu / len(timings) * 1000:.1f} ms")
    print(f"tables={args.tables} p50_ms={cuts[49]:.1f} p90_ms={cuts[89]:.1f} p99_ms={cuts[98]:.1f}")


if __name__ == "__main__":
    main()
