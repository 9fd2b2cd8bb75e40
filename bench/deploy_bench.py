"""Figures for several app processes on one PostgreSQL (docs/serving.md, "Running it for a school").

- live updates across processes: a publish in one hub until the callback runs in another hub on the
  same database (LISTEN/NOTIFY through a throwaway cluster, tests/tutor/postgres.py), one at a time;
- a lesson kept after each input (tutor/store/resume.py): the write, on SQLite and PostgreSQL;
- a lesson given back after a restart: the replay of its journal.

    .venv/bin/python bench/deploy_bench.py [--rounds N]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.core.actions import parse_action  # noqa: E402
from tests.tutor import postgres  # noqa: E402
from tutor.lessons.catalog import find_lesson  # noqa: E402
from tutor.store.live_pg import PostgresLive  # noqa: E402
from tutor.table.model import TableModel  # noqa: E402
from tutor.store import forget_open_stores, open_store  # noqa: E402
from tutor.store.resume import keep_lesson, lesson_restore, lesson_snapshot  # noqa: E402


def figures(name: str, samples: list[float]) -> None:
    ordered = sorted(samples)
    p90 = ordered[int(len(ordered) * 0.9) - 1]
    print(f"{name}: median {statistics.median(ordered):.2f} ms, p90 {p90:.2f} ms, max {ordered[-1]:.2f} ms"
          f" ({len(ordered)} rounds)")


async def live_latency(url: str, rounds: int) -> list[float]:
    a, b = PostgresLive(url), PostgresLive(url)
    heard = asyncio.Event()
    b.subscribe("class:1", lambda topic: heard.set())
    assert b.ready()
    samples = []
    try:
        for _ in range(rounds):
            heard.clear()
            start = time.perf_counter()
            a.publish("class:1")
            await asyncio.wait_for(heard.wait(), 10)
            samples.append((time.perf_counter() - start) * 1000)
    finally:
        a.close()
        b.close()
    return samples


def played() -> TableModel:
    lesson = find_lesson("classic-draw-and-discard")
    assert lesson is not None
    model = TableModel.for_lesson(lesson, "en")
    model.simple("draw")
    model.simple("draw")
    model.lesson_hint()
    model.play(parse_action({"type": "discard", "card": "4d"}))
    model.try_again()
    model.play(parse_action({"type": "meld", "melds": [["7c", "7s", "7d"]]}))
    return model


def keep_times(url: str, folder: Path, rounds: int) -> list[float]:
    store, _ = open_store(url, folder)
    learners = store.learners(store.new_device())
    learner = learners.add_profile("Ada").id
    model, samples = played(), []
    for _ in range(rounds):
        start = time.perf_counter()
        keep_lesson(learners, learner, model, 1)
        samples.append((time.perf_counter() - start) * 1000)
    forget_open_stores()
    return samples


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=200)
    rounds = parser.parse_args().rounds
    kept = lesson_snapshot(played(), 1)
    restore = []
    for _ in range(max(10, rounds // 10)):
        start = time.perf_counter()
        lesson_restore(kept, "en")
        restore.append((time.perf_counter() - start) * 1000)
    print(f"a lesson's journal: {len(kept['journal'])} inputs")
    figures("a lesson given back (replay and check)", restore)
    with tempfile.TemporaryDirectory() as folder:
        figures("a lesson kept, SQLite", keep_times(f"sqlite:///{folder}/store.sqlite3", Path(folder), rounds))
    with postgres.cluster() as server:
        database = postgres.new_database(server)
        with tempfile.TemporaryDirectory() as folder:
            figures("a lesson kept, PostgreSQL", keep_times(database, Path(folder), rounds))
        figures("a publish heard by another process's hub (NOTIFY)",
                asyncio.run(live_latency(database.replace("postgresql://", "postgresql+psycopg://"), rounds)))


if __name__ == "__main__":
    main()
