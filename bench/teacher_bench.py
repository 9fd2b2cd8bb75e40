"""The teacher's view: what one live update costs (tutor/classroom/teacher_app.py reads the class again after
each notice, off the event loop, and folds notices that come meanwhile into one more read).

Builds a class of ``--students`` students who have each tried ``--lessons`` lessons (with a trap
in some), in a SQLite store in a temporary folder, then times: the store's reads of one refresh
(classes, overview, assigned, traps), building the grid and the trap lines in words (on the event
loop), and one check of the teacher's password (scrypt, off the loop). Prints JSON.

    python bench/teacher_bench.py [--students 30] [--lessons 30] [--rounds 20]
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

from engine.core.i18n import translate  # noqa: E402
from tutor.lessons.catalog import catalog  # noqa: E402
from tutor.store import forget_open_stores, open_store  # noqa: E402
from tutor.store.classes import ClassInfo, Classes, Overview, TrapCount  # noqa: E402
from tutor.classroom.teacher import grid, trap_lines  # noqa: E402


def timed(fn: Callable[[], object], rounds: int) -> dict[str, float]:
    runs = []
    for _ in range(rounds):
        start = time.perf_counter()
        fn()
        runs.append((time.perf_counter() - start) * 1000)
    runs.sort()
    return {"median_ms": round(statistics.median(runs), 2), "p90_ms": round(runs[int(0.9 * (len(runs) - 1))], 2)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--lessons", type=int, default=30)
    parser.add_argument("--rounds", type=int, default=20)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        store, _ = open_store(f"sqlite:///{Path(folder) / 'store.sqlite3'}", Path(folder))
        school = Classes(store)
        school.set_teacher_password("a teacher's secret")
        seven = school.create_class("7B")
        lessons = list(catalog())[:args.lessons]
        made = time.perf_counter()
        for n in range(args.students):
            student, _ = school.join(seven.code, f"Student {n:02d}", "1234")
            mine = store.learners(student.id)
            for k, lesson in enumerate(lessons):
                attempt = mine.start(student.id, lesson.id, 0)
                if lesson.traps and (n + k) % 3 == 0:
                    mine.event(attempt, "trap", translate(lesson.traps[0].text, "en"), 1, 0)
                if (n + k) % 4:
                    mine.finish(attempt, 3 - (n + k) % 3, (n + k) % 3 == 0, 0)
        made = time.perf_counter() - made
        school.assign(seven.id, [lesson.id for lesson in lessons[:5]])

        def read() -> tuple[list[ClassInfo], Overview, list[str], list[TrapCount]]:
            return (school.classes(), school.overview(seven.id), school.assigned(seven.id), school.traps(seven.id))

        _, overview, assigned, traps = read()
        figures = {
            "students": args.students, "lessons": args.lessons, "attempts": args.students * args.lessons,
            "fill_seconds": round(made, 1),
            "store_reads_per_refresh": timed(read, args.rounds),
            "grid_and_traps_in_words": timed(lambda: (grid(overview, assigned, "sv"), trap_lines(traps, "sv")),
                                             args.rounds),
            "password_check": timed(lambda: school.check_teacher("a teacher's secret"), 5),
        }
        forget_open_stores()
    print(json.dumps(figures, indent=2))


if __name__ == "__main__":
    main()
