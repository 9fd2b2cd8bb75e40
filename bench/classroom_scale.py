"""Issue 16, "Scale": a class of students in one server process (``classroom_bench.py --students``).

Each student is a :class:`~bench.mirror.Mirror` (a websocket client that keeps its page as Flet's
patches draw it) behaving as a person: every 2-5 s one tap on what the page shows. Half play a
game of Classic against the computer players, half work through the lessons. A few real Chromium
pages play beside them and time taps in the page (from the click to the first frame showing the
card selected), as bench/app_bench.py does.
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


async def student(url: str, lessons: bool, seed: int, stop: asyncio.Event, taps: list[float],
                  counts: dict[str, int]) -> None:
    rng = random.Random(seed)
    await asyncio.sleep(rng.uniform(0, 5))  # a class does not arrive in the same second
    mirror = await Mirror.open(url, storage={})
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


def _browser_taps(url: str, count: int, stop: threading.Event, out: list[float], ready: threading.Event) -> None:
    """Real Chromium pages at a table, timing a tap on a card in the page now and then."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        try:
            pages = []
            for _ in range(count):
                page = browser.new_page(viewport={"width": 1280, "height": 800})
                page.goto(url)
                page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=60_000)
                page.locator("flt-semantics-placeholder").dispatch_event("click")
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


async def _class(server: Server, students: int, seconds: float, taps: list[float], counts: dict[str, int]) -> None:
    stop = asyncio.Event()
    tasks = [asyncio.create_task(student(server.ws, number % 2 == 1, number, stop, taps, counts))
             for number in range(students)]
    await asyncio.sleep(seconds)
    stop.set()
    await asyncio.gather(*tasks, return_exceptions=True)


def scale(students: int, browsers: int, minutes: float) -> None:
    import tempfile

    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory() as folder, running(Path(folder)) as server:
        time.sleep(2)
        idle_rss = _rss_kib(server.process.pid)
        stop, ready = threading.Event(), threading.Event()
        browser_times: list[float] = []
        timer = threading.Thread(target=_browser_taps, args=(server.url + "/", browsers, stop, browser_times, ready),
                                 daemon=True)
        if browsers:
            timer.start()
            ready.wait(180)
        taps: list[float] = []
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
            await _class(server, students, warm + minutes * 60, taps, counts)
            cpu.append(_cpu_seconds(server.process.pid))
            await sampler

        browser_times.clear()
        asyncio.run(run())
        workers = pool_rss_kib(server)
        stop.set()
        timer.join(60) if browsers else None
        load_after = os.getloadavg()
        elapsed = time.monotonic() - started
        sessions = students + browsers
        print(f"{students} students ({students // 2 + students % 2} playing, {students // 2} in lessons) and"
              f" {browsers} Chromium pages in one server process for {elapsed:.0f} s; {counts['taps']} taps,"
              f" {counts['unanswered']} changed nothing on the page within 15 s")
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
