"""Issue 16, "Scale": a class of students in one server process (``classroom_bench.py --students``).

Each student is a :class:`~bench.mirror.Mirror` (a websocket client that keeps its page as Flet's
patches draw it) behaving as a person: every 2-5 s one tap on what the page shows. Half play a
game of Classic against the computer players, half work through the lessons. A few real Chromium
pages play beside them and time taps in the page (from the click to the first frame showing the
card selected), as bench/app_bench.py does.

With ``--classroom`` the server is a class's (``python -m tutor --classroom``): each student, and
each Chromium page, first joins the class on the join screen (the class's code, their own name, a
PIN, typed into the fields), and the teacher's view is open in another Chromium page, signed in,
its grid showing the class live as the students play.
"""

from __future__ import annotations

import asyncio
import os
import random
import statistics
import threading
import time
from pathlib import Path
from typing import Any

from bench.mirror import Mirror
from tests.tutor.serving_server import Server, running
from tests.tutor.wsclient import CONTROL_EVENT, frame

UPDATE_CONTROL_PROPS = 4  # a field's typed text, as the browser sends it (tests/tutor/serving/test_serving_pins.py)
PASSWORD = "the teacher's bench password"
PIN = "2468"

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run"]
TAP_IN_PAGE = """
async () => {
  const find = () => document.querySelector('[flt-semantics-identifier="hand-0"]');
  const state = () => { const el = find(); return el && (el.getAttribute('aria-current') || el.getAttribute('aria-selected')); };
  if (!find()) return -1;
  const before = state();
  const started = performance.now();
  find().click();
  while (state() === before) {
    if (performance.now() - started > 10000) return -1;
    await new Promise(r => requestAnimationFrame(r));
  }
  return performance.now() - started;
}
"""
LESSONS = ("classic-card-values", "classic-melds-and-wilds", "classic-canastas", "classic-draw-and-discard",
           "classic-red-threes", "classic-black-threes", "classic-open-pile", "classic-frozen-pile")


def _open_now(student: Mirror, name: str) -> bool:
    """The control is on the page and open (a closed button's name says "(not now)")."""
    found = student.named().get(name)
    return found is not None and "(not now)" not in str(student.index.get(found[0]))


def _next_tap(student: Mirror, lessons: bool, rng: random.Random) -> str | None:
    """What a person would tap now, seeing this page."""
    named = student.named()
    for name in ("lesson-try_again", "lesson-next", "action-next_hand", "answer-yes"):
        if name in named:
            return name
    if "lesson-restart" not in named and "hand-0" not in named:  # not at a table
        if lessons:
            if "lessons-button" in named:
                return "lessons-button"
            lesson = f"open-{rng.choice(LESSONS)}"
            return lesson if lesson in named else None
        return "variant-classic" if "variant-classic" in named else None
    if student.find("refusal") is not None and _open_now(student, "action-clear"):
        return "action-clear"  # a refused meld: start the selection over, as a person would
    status = student.said("status")
    if _open_now(student, "action-draw") and status.startswith("Your turn: draw"):
        return "action-hint" if lessons and rng.random() < 0.2 and _open_now(student, "action-hint") else "action-draw"
    cards = [name for name in named if name.startswith("hand-")]
    if not status.startswith("Your turn") or not cards:
        return rng.choice(cards) if cards and rng.random() < 0.3 else None  # a look at a card meanwhile
    roll = rng.random()
    if lessons and roll > 0.97 and "lesson-catalog" in named:
        return "lesson-catalog"  # now and then another lesson
    chosen = [name for name in cards if student.selected(name)]
    if lessons and roll > 0.95 and _open_now(student, "action-hint"):
        return "action-hint"
    if len(chosen) == 1 and roll < 0.6 and _open_now(student, "action-discard"):
        return "action-discard"  # the turn ends: the computer players move
    if len(chosen) >= 3:
        return "action-meld" if roll < 0.4 and _open_now(student, "action-meld") else "action-clear"
    return rng.choice(cards)


async def join(mirror: Mirror, code: str, name: str, timeout: float = 60.0) -> float:
    """Joins the class on the join screen as a person does (each field typed, then Join); seconds
    from the press to the student's home."""
    for field, text in (("code", code), ("name", name), ("pin", PIN)):
        found = mirror.find(f"join-{field}")
        box = found.get("content") if found else None
        if not isinstance(box, dict) or not isinstance(box.get("_i"), int):
            raise RuntimeError(f"no join-{field} field on the page: {mirror.texts()[:8]}")
        await mirror.ws.send(frame(UPDATE_CONTROL_PROPS, {"id": box["_i"], "props": {"value": text}}))
        await mirror.ws.send(frame(CONTROL_EVENT, {"target": box["_i"], "name": "change", "data": text}))
    await mirror.drain()
    start = time.perf_counter()
    if await mirror.tap_id("join-button", timeout=timeout) is None:
        raise RuntimeError("the join button did not answer")
    while "variant-classic" not in mirror.named() and time.perf_counter() - start < timeout:
        message = mirror.said("join-message")
        if message:
            raise RuntimeError(f"{name} was not let in: {message}")
        try:
            await mirror.recv(timeout)
        except asyncio.TimeoutError:
            break
    if "variant-classic" not in mirror.named():
        raise RuntimeError(f"{name} did not reach their home: {mirror.texts()[:8]}")
    return time.perf_counter() - start


async def student(url: str, lessons: bool, seed: int, stop: asyncio.Event, taps: list[float],
                  counts: dict[str, int], code: str | None = None, joins: list[float] | None = None) -> None:
    rng = random.Random(seed)
    await asyncio.sleep(rng.uniform(0, 5))  # a class does not arrive in the same second
    mirror = await Mirror.open(url, storage={})
    if code is not None:
        seconds = await join(mirror, code, f"Student {seed + 1:02d}")
        if joins is not None:
            joins.append(seconds * 1000)
    counts["joined"] += 1
    try:
        while not stop.is_set():
            await asyncio.sleep(rng.uniform(2, 5))
            await mirror.drain()
            name = _next_tap(mirror, lessons, rng)
            if name is None or stop.is_set():
                continue
            shown = None
            if name.startswith("hand-"):  # timed to the frame that shows the card (un)selected
                before = mirror.selected(name)
                shown = lambda name=name, before=before: mirror.selected(name) != before  # noqa: E731
            took = await mirror.tap_id(name, timeout=15, shown=shown)
            counts["taps"] += 1
            if took is None:
                counts["unanswered"] += 1
                counts[f"unanswered {name}"] = counts.get(f"unanswered {name}", 0) + 1
            elif not name.startswith(("lessons-button", "open-", "variant-")):
                taps.append(took * 1000)  # a screen's first drawing is not a tap's answer
    finally:
        await mirror.close()


def _type(page: Any, identifier: str, text: str) -> None:
    """Into a field as a person types (click, select what is there, the keys)."""
    page.locator(f'[flt-semantics-identifier="{identifier}"]').first.locator("input").first.click()
    page.wait_for_timeout(300)
    page.keyboard.press("Control+a")
    page.keyboard.type(text, delay=30)


def _open(browser: Any, url: str) -> Any:
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto(url)
    page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=60_000)
    page.locator("flt-semantics-placeholder").dispatch_event("click")
    return page


def _browser_taps(url: str, count: int, stop: threading.Event, out: list[float], ready: threading.Event,
                  code: str | None = None, rows: list[int] | None = None) -> None:
    """Real Chromium pages at a table, timing a tap on a card in the page now and then; in a class,
    each joins it first, and one more page is the teacher's, signed in, the class's grid open."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        try:
            teacher = None
            if code is not None:
                teacher = _open(browser, url + "teacher")
                _type(teacher, "teacher-password", PASSWORD)
                teacher.keyboard.press("Enter")
                teacher.wait_for_selector('[flt-semantics-identifier="class-code"]', timeout=60_000)
            pages = []
            for number in range(count):
                page = _open(browser, url)
                if code is not None:
                    page.wait_for_selector('[flt-semantics-identifier="join-code"]', timeout=60_000)
                    for field, text in (("join-code", code), ("join-name", f"Browser {number + 1}"),
                                        ("join-pin", PIN)):
                        _type(page, field, text)
                    page.keyboard.press("Enter")
                    page.wait_for_selector('[flt-semantics-identifier="variant-classic"]', timeout=60_000)
                page.locator('[flt-semantics-identifier="variant-classic"]').get_by_role("button").first.click()
                page.wait_for_selector('[flt-semantics-identifier="hand-0"]', timeout=60_000)
                pages.append(page)
            ready.set()
            while not stop.is_set():
                for page in pages:
                    took = float(page.evaluate(TAP_IN_PAGE))
                    if took >= 0 and not stop.is_set():
                        out.append(took)
                    page.wait_for_timeout(1000)
            if teacher is not None and rows is not None:  # the students the teacher's grid shows by now
                rows.append(teacher.locator('[flt-semantics-identifier^="student-"]').count())
        finally:
            ready.set()
            browser.close()


def _summary(times: list[float]) -> str:
    if not times:
        return "none"
    ordered = sorted(times)
    return (f"p50 {statistics.median(ordered):.0f} ms, p90 {ordered[int(len(ordered) * 0.9)]:.0f} ms,"
            f" max {ordered[-1]:.0f} ms ({len(ordered)} taps)")


def _cpu_seconds(pid: int) -> float:
    """User and system CPU time the process has used so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


async def _class(server: Server, students: int, seconds: float, taps: list[float], counts: dict[str, int],
                 code: str | None = None, joins: list[float] | None = None) -> None:
    stop = asyncio.Event()
    tasks = [asyncio.create_task(student(server.ws, number % 2 == 1, number, stop, taps, counts, code, joins))
             for number in range(students)]
    await asyncio.sleep(seconds)
    stop.set()
    for outcome in await asyncio.gather(*tasks, return_exceptions=True):
        if isinstance(outcome, Exception):
            counts["failed"] = counts.get("failed", 0) + 1
            print(f"a student stopped: {type(outcome).__name__}: {outcome}")


def _class_store(folder: Path) -> str:
    """The teacher (their password) and a class, made in the store the server will open; its code."""
    from tutor.store import forget_open_stores, open_store
    from tutor.store.classes import Classes

    store, _ = open_store(None, folder)
    school = Classes(store)
    school.set_teacher_password(PASSWORD)
    code = school.create_class("7B").code
    forget_open_stores()
    return code


def scale(students: int, browsers: int, minutes: float, classroom: bool = False) -> None:
    import tempfile

    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory() as folder:
        code = _class_store(Path(folder)) if classroom else None
        with running(Path(folder), *(["--classroom"] if classroom else [])) as server:
            _scale(server, students, browsers, minutes, load_before, code)


def _scale(server: Server, students: int, browsers: int, minutes: float, load_before: tuple[float, float, float],
           code: str | None) -> None:
    time.sleep(2)
    idle_rss = _rss_kib(server.process.pid)
    stop, ready = threading.Event(), threading.Event()
    browser_times: list[float] = []
    grid_rows: list[int] = []
    timer = threading.Thread(target=_browser_taps, args=(server.url + "/", browsers, stop, browser_times, ready,
                                                         code, grid_rows), daemon=True)
    if browsers:
        timer.start()
        ready.wait(180)
    taps: list[float] = []
    joins: list[float] = []
    counts = {"joined": 0, "taps": 0, "unanswered": 0}
    started = time.monotonic()
    warm = 20.0  # the class arrives; then the figures count
    rss = [0]
    cpu: list[float] = []

    async def run() -> None:
        async def sample() -> None:
            await asyncio.sleep(warm + minutes * 30)
            rss[0] = _rss_kib(server.process.pid)

        sampler = asyncio.create_task(sample())
        cpu.append(_cpu_seconds(server.process.pid))
        await _class(server, students, warm + minutes * 60, taps, counts, code, joins)
        cpu.append(_cpu_seconds(server.process.pid))
        await sampler

    browser_times.clear()
    asyncio.run(run())
    workers = pool_rss_kib(server)
    stop.set()
    timer.join(60) if browsers else None
    load_after = os.getloadavg()
    elapsed = time.monotonic() - started
    sessions = students + browsers + (1 if code is not None and browsers else 0)
    print(f"{students} students ({students // 2 + students % 2} playing, {students // 2} in lessons) and"
          f" {browsers} Chromium pages in one server process for {elapsed:.0f} s; {counts['taps']} taps,"
          f" {counts['unanswered']} changed nothing on the page within 15 s")
    if code is not None:
        print(f"a class ({counts['joined']} of {students} students joined it on the join screen, Join -> their"
              f" home: {_summary(joins)}; the Chromium pages joined too"
              f"{', and the teacher' + chr(39) + 's grid was open in another' if browsers else ''};"
              f" at the end it showed {grid_rows[0] if grid_rows else '?'} students)")
    print({k: v for k, v in counts.items() if k.startswith("unanswered ")})
    print(f"tap -> first frame in Chromium: {_summary(browser_times)}")
    print(f"tap -> first answering frame at the students' clients: {_summary(taps)}")
    print(f"the server process used {100 * (cpu[1] - cpu[0]) / elapsed:.0f}% of one core meanwhile (CPU time;"
          f" the computer players think in worker processes)")
    print(f"server RSS {idle_rss / 1024:.0f} MB idle, {rss[0] / 1024:.0f} MB with {sessions} sessions:"
          f" {(rss[0] - idle_rss) / sessions / 1024:.1f} MB a session; the computer players' worker"
          f" processes {workers / 1024:.0f} MB in all")
    print(f"load average (1, 5, 15 min) before {load_before[0]:.1f} {load_before[1]:.1f} {load_before[2]:.1f},"
          f" after {load_after[0]:.1f} {load_after[1]:.1f} {load_after[2]:.1f} (2 cores)")


def pool_rss_kib(server: Server) -> int:
    """The computer players' worker processes (children of the server)."""
    total = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
            if int(fields[1]) == server.process.pid:  # its parent
                total += _rss_kib(int(stat.parent.name))
        except (OSError, IndexError, ValueError):
            continue
    return total


__all__: list[Any] = ["scale"]
