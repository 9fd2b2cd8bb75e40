"""A step that stalls ends, and the run goes on: the phone check's lessons played by a worker process,
watched step by step.

The worker (``python -m bench.phone_lessons --worker URL ...``) says on its standard output when it
starts a step (``@step {"lesson": ..., "kind": ...}``) and what each moment gave (``@moment {...}``).
When a step gives no moment within its time (a Chromium renderer that stalls makes Playwright wait
for ever), the watcher ends the worker and everything it started (Playwright's driver, Chromium and its
renderers: each process that carries the worker's mark in its environment), reports that moment as
failed with a clear note, and starts a new worker at the next lesson. A worker that ends early is
reported the same way. Standard library only, so it can be tested without a browser.
"""

from __future__ import annotations

import json
import os
import queue
import signal
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

MARK = "CANASTA_PHONE_WORKER"
STEP = "@step "
MOMENT = "@moment "


def say_step(lesson: str, kind: str) -> None:
    """The worker's word that a step begins (the watcher's clock for it starts)."""
    print(STEP + json.dumps({"lesson": lesson, "kind": kind}), flush=True)


def say_moment(moment: dict[str, Any]) -> None:
    print(MOMENT + json.dumps(moment), flush=True)


def _marked(mark: str) -> list[int]:
    """This user's processes whose environment carries ``MARK=mark``: the worker and all it started."""
    wanted = f"{MARK}={mark}".encode()
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            if wanted in (entry / "environ").read_bytes().split(b"\0"):
                found.append(int(entry.name))
        except OSError:  # another user's process, or one that ended meanwhile
            continue
    return found


def end_worker(process: subprocess.Popen[str], mark: str) -> None:
    """End the worker and every process it started, by their ids (SIGKILL: a stalled one answers nothing)."""
    for pid in [process.pid, *_marked(mark)]:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    process.wait()
    for _ in range(50):  # the kernel reaps the orphans a moment later
        if not _marked(mark):
            break
        for pid in _marked(mark):
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        time.sleep(0.1)


def _lines(stream: Any, into: queue.Queue[str | None]) -> None:
    for line in stream:
        into.put(line.rstrip("\n"))
    into.put(None)


def _watch(command: Sequence[str], step_timeout: float) -> Iterator[tuple[str, Any]]:
    """One worker's words as they come: ("step", {...}), ("moment", {...}), ("line", text); its last
    word is ("stalled", step) or ("ended", (step, exit code)), step being the one under way or None."""
    mark = uuid.uuid4().hex
    env = {**os.environ, MARK: mark, "PYTHONUNBUFFERED": "1"}
    process = subprocess.Popen(list(command), stdout=subprocess.PIPE, text=True, env=env, start_new_session=True)
    words: queue.Queue[str | None] = queue.Queue()
    threading.Thread(target=_lines, args=(process.stdout, words), daemon=True).start()
    step: dict[str, Any] | None = None
    deadline = time.monotonic() + step_timeout
    try:
        while True:
            try:
                line = words.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                end_worker(process, mark)
                yield "stalled", step
                return
            if line is None:
                yield "ended", (step, process.wait())
                return
            if line.startswith(STEP):
                step = json.loads(line[len(STEP):])
                deadline = time.monotonic() + step_timeout
                yield "step", step
            elif line.startswith(MOMENT):
                step = None
                deadline = time.monotonic() + step_timeout
                yield "moment", json.loads(line[len(MOMENT):])
            else:
                yield "line", line
    finally:
        if process.poll() is None:
            end_worker(process, mark)


def watched(worker: Callable[[list[str]], list[str]], lessons: Sequence[str], step_timeout: float,
            show: Callable[[str], None] = print) -> Iterator[dict[str, Any]]:
    """Every moment of ``lessons`` as the workers report them (``worker(ids)`` is the command that plays
    those lessons); a stalled step or a worker's early end as a failed moment, then on at the next lesson."""
    left = list(lessons)
    while left:
        last: str | None = None
        for word, said in _watch(worker(left), step_timeout):
            if word == "line":
                show(said)
            elif word == "step":
                last = said["lesson"]
            elif word == "moment":
                last = said["lesson"]
                yield said
            else:
                step, code = (said, None) if word == "stalled" else said
                if step is None and word == "ended" and code == 0:
                    return  # the worker played every lesson it was given
                lesson = (step or {}).get("lesson") or last or left[0]
                kind = (step or {}).get("kind", "the next step")
                why = (f"timed out: {kind} gave no answer in {step_timeout:.0f} s (the browser stalled); "
                       "the worker ended, on at the next lesson") if word == "stalled" else \
                    f"the worker ended during it (exit code {code}); on at the next lesson"
                yield {"lesson": lesson, "kind": kind, "reached": False, "hidden": [], "checked": [], "note": why,
                       "skipped": False}
                left = left[left.index(lesson) + 1:] if lesson in left else left[1:]
                break
        else:
            return


def worker_command(url: str, size: str) -> Callable[[list[str]], list[str]]:
    return lambda ids: [sys.executable, "-m", "bench.phone_lessons", "--worker", url, "--size", size, *ids]
