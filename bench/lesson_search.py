"""How long Try again's search takes: for every lesson and every legal first move that the lesson
accepts, the time to decide whether the lesson can still be solved after it (printed, not asserted).

    .venv/bin/python bench/lesson_search.py
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.judge.legal import legal_actions  # noqa: E402
from tutor.lessons.catalog import SEARCH_BUDGET, LessonRun, _Before, catalog  # noqa: E402


def main() -> None:
    times: list[tuple[float, str, bool]] = []
    for lesson in catalog():
        for action in legal_actions(LessonRun(lesson).state):
            run = LessonRun(lesson)
            if not run.act(action) or run.is_over():
                continue
            run.play_bots(random.Random(0))
            after = _Before(run.state, len(run.actions), run.replies_played, run.off_script)
            start = time.perf_counter()
            solvable = run.solvable(after)
            times.append((time.perf_counter() - start, lesson.id, solvable))
    times.sort()
    n = len(times)
    ms = [t * 1000 for t, _, _ in times]
    print(f"budget {SEARCH_BUDGET} moves; {n} positions after a first move, {sum(not s for *_, s in times)} not solvable")
    print(f"median {ms[n // 2]:.2f} ms, p90 {ms[int(n * 0.9)]:.2f} ms, max {ms[-1]:.2f} ms ({times[-1][1]})")


if __name__ == "__main__":
    main()
