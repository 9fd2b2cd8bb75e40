"""bench/phone_watch.py: a step of the phone check that stalls fails that moment with a line that says
so, the worker and what it started end, and the run goes on at the next lesson (a worker that stands in
for the browser's: a script that stalls, or ends, where it is told)."""

from __future__ import annotations

import sys
import time
from pathlib import Path

from bench.phone_watch import MOMENT, STEP, watched

WORKER = """
import json, subprocess, sys, time
for lesson in sys.argv[2:]:
    for kind in ("opening", "trap 1", "key move"):
        print(STEP + json.dumps({"lesson": lesson, "kind": kind}), flush=True)
        if kind == "opening":
            continue
        if lesson == "stalls" and kind == "key move":
            child = subprocess.Popen(["sleep", "600"])  # as Chromium's renderer, started by the worker
            open(sys.argv[1], "w").write(str(child.pid))
            time.sleep(600)
        if lesson == "ends" and kind == "trap 1":
            sys.exit(3)
        print("a line of its own", flush=True)
        print(MOMENT + json.dumps({"lesson": lesson, "kind": kind, "reached": True, "hidden": [], "checked": ["pile"],
                                   "note": "", "skipped": False}), flush=True)
"""


def _worker(tmp_path: Path) -> tuple[list[str], Path]:
    script = tmp_path / "worker.py"
    script.write_text(f"STEP, MOMENT = {STEP!r}, {MOMENT!r}\n{WORKER}")
    pid = tmp_path / "child.pid"
    return [sys.executable, str(script), str(pid)], pid


def test_a_stalled_step_fails_its_moment_ends_the_worker_and_the_run_goes_on(tmp_path: Path) -> None:
    command, pid = _worker(tmp_path)
    shown: list[str] = []
    started = time.monotonic()
    found = list(watched(lambda ids: [*command, *ids], ["first", "stalls", "last"], 2.0, shown.append))
    assert time.monotonic() - started < 30
    assert [(m["lesson"], m["kind"], m["reached"]) for m in found] == [
        ("first", "trap 1", True), ("first", "key move", True), ("stalls", "trap 1", True),
        ("stalls", "key move", False), ("last", "trap 1", True), ("last", "key move", True)]
    assert found[3]["note"].startswith("timed out: key move gave no answer in 2 s")
    assert shown == ["a line of its own"] * 5
    child = int(pid.read_text())  # what the stalled worker started has ended too
    assert not Path(f"/proc/{child}").exists() or "Z" in Path(f"/proc/{child}/stat").read_text().split()[2]


def test_a_worker_that_ends_early_fails_that_moment_and_the_next_lesson_is_played(tmp_path: Path) -> None:
    command, _ = _worker(tmp_path)
    found = list(watched(lambda ids: [*command, *ids], ["ends", "last"], 20.0, lambda line: None))
    assert [(m["lesson"], m["kind"], m["reached"]) for m in found] == [
        ("ends", "trap 1", False), ("last", "trap 1", True), ("last", "key move", True)]
    assert "exit code 3" in found[0]["note"]
