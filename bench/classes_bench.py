"""Classes benchmark: what the class's store API costs (tutor/store/classes.py), on SQLite and, when
a URL is given, on PostgreSQL.

A class of 30 students, each with attempts at 20 lessons (3 attempts each, a trap in one of them),
as after some weeks of lessons. Prints JSON: the median milliseconds of a join with a new name and
with a known one (scrypt's cost is most of it: the cost of a guess), a sign-in by token, an
attempt's start + event + finish (what a student's lesson writes), and the teacher's reads
(overview, traps, CSV) that a live view repeats after each change.

    python bench/classes_bench.py [--students 30] [--lessons 20] [--store postgresql://...]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tutor.store import forget_open_stores, open_store  # noqa: E402
from tutor.store.classes import Classes  # noqa: E402


def timed(action: Callable[[], object], runs: int) -> float:
    """The median milliseconds of ``runs`` calls."""
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        action()
        times.append((time.perf_counter() - started) * 1000)
    return round(statistics.median(times), 2)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--lessons", type=int, default=20)
    parser.add_argument("--store", help="a PostgreSQL URL (default: a SQLite file in a temporary folder)")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="classes-bench-"))
    store, _ = open_store(args.store or f"sqlite:///{folder / 'store.sqlite3'}", folder)
    school = Classes(store)
    group = school.create_class("Bench")
    lessons = [f"lesson-{n:02d}" for n in range(args.lessons)]
    school.assign(group.id, lessons[:5])
    started = time.perf_counter()
    people = [school.join(group.code, f"Student {n}", "2468") for n in range(args.students)]
    for student, _ in people:
        mine = store.learners(student.id)
        for lesson in lessons:
            for attempt_no in range(3):
                attempt = mine.start(student.id, lesson, attempt_no)
                if attempt_no == 0:
                    mine.event(attempt, "trap", f"the trap of {lesson}", 1, 0)
                mine.finish(attempt, 3 - (attempt_no == 0), int(attempt_no == 0), 0)
    filled = time.perf_counter() - started
    first, token = people[0]
    mine = store.learners(first.id)
    counter = iter(range(10**6))

    def lesson_writes() -> None:
        attempt = mine.start(first.id, "lesson-00", 0)
        mine.event(attempt, "refusal", "R-x", 1, 0)
        mine.finish(attempt, 2, 1, 0)

    figures = {
        "dialect": store.engine.dialect.name,
        "students": args.students, "lessons": args.lessons,
        "attempts": args.students * args.lessons * 3,
        "fill_seconds": round(filled, 1),
        "join_new_ms": timed(lambda: school.join(group.code, f"New {next(counter)}", "1357"), 10),
        "join_known_ms": timed(lambda: school.join(group.code, "Student 1", "2468"), 10),
        "signed_in_ms": timed(lambda: school.signed_in(token), 50),
        "lesson_start_event_finish_ms": timed(lesson_writes, 20),
        "overview_ms": timed(lambda: school.overview(group.id), 20),
        "traps_ms": timed(lambda: school.traps(group.id), 20),
        "csv_ms": timed(lambda: school.csv(group.id), 10),
    }
    print(json.dumps(figures, indent=1))
    forget_open_stores()


if __name__ == "__main__":
    main()
