"""Tables for people through the app's real path (``tables_bench.py --clients ws``): the app server, a
Flet session a person, Flet's diffs and the websocket frames.

Each person is a :class:`~bench.mirror.Mirror` (a websocket client that keeps its page as Flet's patches
draw it), from its own loopback address (127.0.x.y: the app's limit on tries at table codes is per
address, as for people on their own devices). A table is made and joined as a person does, through the
app's own controls: the host taps *Play with people*, types a name, picks the 5-minute wait (so no
computer player steps in for a person slow to act at a loaded table) and *Make the table*, and reads the
code off the page; the three others tap *Play with people*, type their name and the code, and *Join the
table*; the host taps *Start the game*. Every seat is a person's: no computer player plays.

Each turn is played by taps on what the seat's page shows: *Draw* (an action), then a card of the hand
(selected, on that seat's page only; not timed) and *Discard* (an action); a refused discard (the rule
on the page) is cleared and the next card tried. Once the stock is used up, the seat to draw declines the
pile and the host taps *Next hand* (neither timed). An action is timed from its tap's frame sent to the
last of the table's four seats having received the frame that shows the new position (the pile's and
the stock's counts on its page changed). Two ways to play:

- human pace (``--think S``): each table on its own, each seat waiting S seconds (0.5-1.5 S at random)
  before each of its actions (a discard's card tapped just before it);
- burst: every table acts at once, round after round, the next round once every table's last action
  has reached its four seats (the worst a class makes when everyone taps together).

``--processes 2``: two app processes on a throwaway PostgreSQL (tests/tutor/postgres.py) behind HAProxy
with deploy/haproxy.cfg (its affinity cookie keeps a person to one process): every person connects
through the proxy, seats 1 and 3 of each table with the cookie of the second process, so each table's
actor on one process hears the other's actions by NOTIFY. The CPU per action is the app processes' own
(not PostgreSQL's or HAProxy's); the clients' (this process) is printed beside it.
"""

from __future__ import annotations

import asyncio
import contextlib
import csv
import io
import os
import random
import re
import socket
import statistics
import subprocess
import tempfile
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.classroom_scale import UPDATE_CONTROL_PROPS
from engine.core.i18n import N_, NP_, translate, translate_text
from bench.mirror import Mirror
from tests.tutor.serving_server import ROOT, free_port, running
from tests.tutor.wsclient import CONTROL_EVENT, PAGE, PATCH_CONTROL, REGISTER_CLIENT, frame

COOKIE = "CANASTA_APP"  # deploy/haproxy.cfg's affinity cookie
WAIT = 60.0  # seconds for any one step to show on a page before the bench gives up
DRAW_STATUS = N_("Your turn: draw or take the pile.")
DISCARD_STATUS = N_("Your turn: meld, lay off, then discard.")
STOCK = NP_("Stock: {count} card", "Stock: {count} cards")
NOT_NOW = N_("{action} (not now)")


class Stuck(RuntimeError):
    """A page did not show what the bench waited for."""


class Person(Mirror):
    """One person's tab: its page mirrored by a task reading every frame as it comes, and the time its
    page first showed each new position."""

    def __init__(self, ws: Any, name: str) -> None:
        super().__init__(ws, {})
        self.name = name
        self.shown: tuple[str, str] = ("", "")
        self.shown_at = 0.0
        self.arrived = asyncio.Event()
        self.reader: asyncio.Task[None] | None = None
        self.failed: BaseException | None = None
        self.lang = "en"  # the language its page is in (:meth:`speak`)

    @classmethod
    async def enter(cls, url: str, name: str, address: str, cookie: str | None = None) -> Person:
        from websockets.asyncio.client import connect

        ws = await connect(url, max_size=None, open_timeout=WAIT, local_addr=(address, 0),
                           additional_headers={"Cookie": f"{COOKIE}={cookie}"} if cookie else None)
        person = cls(ws, name)
        await ws.send(frame(REGISTER_CLIENT, {"session_id": None, "page_name": "", "page": PAGE}))
        person.reader = asyncio.create_task(person.read())
        await person.until(lambda: "people-button" in person.named(), "the home screen")
        return person

    async def read(self) -> None:
        try:
            while True:
                message = await self.recv(3600)
                if message[0] == PATCH_CONTROL:
                    shown = self.position()
                    if shown != self.shown:
                        self.shown, self.shown_at = shown, time.perf_counter()
                self.arrived.set()
        except Exception as error:  # the connection closed (at the end) or failed: said by ``until``
            self.failed = error
            self.arrived.set()

    async def speak(self, lang: str) -> None:
        """Taps the language ``lang`` in the page's language menu; the page is in it from then on."""
        await self.press(f"lang-{lang}")
        await self.until(lambda: bool(self.selected(f"lang-{lang}")), f"the page in {lang}")
        self.lang = lang

    def position(self) -> tuple[str, str]:
        """What the page shows of the position: the pile's words and the stock's count."""
        prefix = translate_text(STOCK, {"count": 2}, self.lang).split("{count}")[0]
        stock = next((text for text in self.texts() if text.startswith(prefix)), "")
        return self.said("pile"), stock

    def to_do(self) -> str | None:
        """``action-draw`` or ``action-discard`` where the status line says it is this seat's turn to."""
        status = self.said("status")
        if status.startswith(translate(DRAW_STATUS, self.lang)):
            return "action-draw"
        return "action-discard" if status.startswith(translate(DISCARD_STATUS, self.lang)) else None

    async def until(self, condition: Callable[[], bool], what: str, timeout: float | None = None) -> None:
        timeout = WAIT if timeout is None else timeout
        deadline = time.perf_counter() + timeout
        while not condition():
            if self.failed is not None:
                raise Stuck(f"{self.name}: the connection ended ({self.failed!r}) waiting for {what}")
            self.arrived.clear()
            try:
                await asyncio.wait_for(self.arrived.wait(), deadline - time.perf_counter())
            except asyncio.TimeoutError:
                raise Stuck(f"{self.name}: no {what} within {timeout:.0f} s; the page says {self.words()}") from None

    def words(self) -> str:
        """What the page says that matters here (for a message when the bench gives up)."""
        said = {name: self.said(name) for name in ("status", "refusal", "notice", "people-message")}
        return f"{ {k: v for k, v in said.items() if v} } {self.shown}"

    def open_now(self, name: str) -> bool:
        found = self.named().get(name)
        not_now = translate(NOT_NOW, self.lang).replace("{action}", "").strip()
        return found is not None and not_now not in str(found[1].get("label") or "")

    async def press(self, name: str) -> float:
        """Taps the control named ``name``; the moment its frame was sent."""
        found = self.named().get(name)
        if found is None:
            raise Stuck(f"{self.name}: no {name} to tap; the page says {self.words()}")
        await self.ws.send(self.tap_frame(found[0]))
        return time.perf_counter()

    async def type(self, identifier: str, text: str) -> None:
        """Types into a field as the browser reports it (its value, then the change)."""
        found = self.find(identifier)
        box = found.get("content") if found else None
        if not isinstance(box, dict) or not isinstance(box.get("_i"), int):
            raise Stuck(f"{self.name}: no {identifier} field; the page says {self.words()}")
        await self.ws.send(frame(UPDATE_CONTROL_PROPS, {"id": box["_i"], "props": {"value": text}}))
        await self.ws.send(frame(CONTROL_EVENT, {"target": box["_i"], "name": "change", "data": text}))

    async def leave(self) -> None:
        if self.reader is not None:
            self.reader.cancel()
        with contextlib.suppress(Exception):
            await self.ws.close()


def hand(person: Person) -> list[str]:
    return sorted((name for name in person.named() if name.startswith("hand-")), key=lambda n: int(n.split("-")[1]))


@dataclass
class Table:
    number: int
    people: list[Person]
    rng: random.Random
    think: float = 0.0
    timings: list[float] = field(default_factory=list)

    async def pause(self) -> None:
        if self.think:
            await asyncio.sleep(self.think * self.rng.uniform(0.5, 1.5))

    async def to_act(self) -> tuple[Person, str]:
        """The seat to act and what it does (``action-draw`` or ``action-discard``); once the stock is
        used up, that seat declines the pile and the host deals the next hand, neither timed."""
        deadline = time.perf_counter() + WAIT
        host = self.people[0]
        while time.perf_counter() < deadline:
            for person in self.people:
                action = person.to_do()
                if action is None or not hand(person):
                    continue
                if person.open_now("action-decline_pile"):  # the stock is used up: the hand ends (not timed)
                    await person.press("action-decline_pile")
                    await host.until(lambda: host.open_now("action-next_hand"), "the hand over")
                    break
                return person, action
            if host.open_now("action-next_hand"):
                await host.press("action-next_hand")
                await host.until(lambda: not host.open_now("action-next_hand"), "the next hand dealt")
                continue
            waits = [asyncio.ensure_future(p.arrived.wait()) for p in self.people]
            for person in self.people:
                person.arrived.clear()
            await asyncio.wait(waits, timeout=1.0, return_when=asyncio.FIRST_COMPLETED)
            for waiting in waits:
                waiting.cancel()
        raise Stuck(f"table {self.number}: no seat to act; the host's page says {self.people[0].words()}")

    async def act(self) -> None:
        """One action by taps, timed to the last of the four seats' frames showing it."""
        person, action = await self.to_act()
        await self.pause()
        for card in (hand(person) if action == "action-discard" else [""]):
            if card:  # a card selected first: that seat's own frame, not an action
                await person.press(card)
                await person.until(lambda: bool(person.selected(card)) and person.open_now("action-discard"),
                                   f"{card} selected")
            before = {other.name: other.shown for other in self.people}
            refusals = person.said("refusal")
            sent = await person.press(action)
            await person.until(lambda: person.shown != before[person.name] or person.said("refusal") not in (
                "", refusals), f"{action} shown or refused")
            if person.shown == before[person.name]:  # refused: start the selection over
                await person.press("action-clear")
                await person.until(lambda: not any(person.selected(c) for c in hand(person)), "the selection cleared")
                continue
            for other in self.people:
                await other.until(lambda: other.shown != before[other.name], f"{person.name}'s {action} shown")
            self.timings.append((max(p.shown_at for p in self.people) - sent) * 1000)
            return
        raise Stuck(f"table {self.number}: no card of {person.name}'s hand could be discarded")


async def make_table(number: int, url: str, cookies: tuple[str | None, str | None], rng: random.Random,
                     think: float, variant: str | None = None, table: str | None = None,
                     computers: Mapping[int, str] | None = None, langs: Mapping[int, str] | None = None,
                     kind: type[Person] = Person) -> Table:
    """People make and join a table through the app's controls; the host starts it. By default four
    people at the variant's first table; else the host taps ``variant`` and ``table`` in the form, and a
    computer player of the level ``computers[seat]`` for each seat there; a person whose place is in
    ``langs`` first taps that language on the home screen."""
    computers, langs = computers or {}, langs or {}

    def address(seat: int) -> str:
        return f"127.0.{1 + number // 60}.{1 + (number % 60) * 4 + seat}"

    async def enter(place: int) -> Person:
        person = await kind.enter(url, f"T{number + 1}S{place + 1}", address(place), cookies[place % 2])
        if place in langs:
            await person.speak(langs[place])
        await person.press("people-button")
        await person.until(lambda: "people-make" in person.named(), "the lobby")
        return person

    host = await enter(0)
    await host.type("people-name", host.name)
    for choice in ([f"people-variant-{variant}"] if variant else []) + ([f"people-table-{table}"] if table else []) + [
            f"people-seat-{seat}-{level}" for seat, level in sorted(computers.items())]:
        await host.press(choice)
        await host.until(lambda: bool(host.selected(choice)), f"{choice} chosen")
    seats = len([name for name in host.named() if re.fullmatch(r"people-seat-\d+-person", name)]) + 1
    await host.press("people-wait-300")
    await host.until(lambda: bool(host.selected("people-wait-300")), "the 5-minute wait chosen")
    await host.press("people-make")
    await host.until(lambda: host.find("table-code") is not None, "the table made")
    code = host.said("table-code").rsplit(" ", 1)[-1]
    people = [host]
    for seat in range(1, seats):
        if seat in computers:
            continue
        person = await enter(seat)
        await person.type("people-name", person.name)
        await person.type("people-code", code)
        await person.press("people-join")
        await person.until(lambda: person.find("table-code") is not None or bool(person.said("people-message")),
                           "the table joined")
        if person.find("table-code") is None:
            raise Stuck(f"{person.name} could not join {code}: {person.said('people-message')}")
        people.append(person)
    await host.until(lambda: host.open_now("people-start") and all(
        p.name in " ".join(host.texts()) for p in people), "everyone seated on the host's page")
    await host.press("people-start")
    made = Table(number, people, rng, think)
    await made.to_act()
    for person in people:
        await person.until(lambda: person.shown[1] != "", "the table drawn")
    return made


async def play(urls: list[str], cookies: tuple[str | None, str | None], tables: int, actions: int, think: float,
               burst: bool, pids: list[int], seed: int = 1) -> tuple[list[float], float]:
    """``tables`` tables made, then ``actions`` timed actions at each (after one untimed); the timings
    (ms) and the app processes' CPU seconds meanwhile."""
    rng = random.Random(seed)
    made = []
    for number in range(tables):  # one after another, as people arrive
        made.append(await make_table(number, urls[number % len(urls)], cookies, random.Random(rng.random()), think))
    try:
        await asyncio.gather(*(table.act() for table in made))  # the first action's pages are built: not timed
        for table in made:
            table.timings.clear()
        async def alone(table: Table) -> None:
            for _ in range(actions):
                await table.act()

        cpu = sum(cpu_seconds(pid) for pid in pids)
        for _ in range(actions if burst else 1):  # burst: a round at a time; else each table on its own
            await asyncio.gather(*(table.act() if burst else alone(table) for table in made))
        cpu = sum(cpu_seconds(pid) for pid in pids) - cpu
    finally:
        for table in made:
            for person in table.people:
                await person.leave()
    return [t for table in made for t in table.timings], cpu


def cpu_seconds(pid: int) -> float:
    """User and system CPU time the process has used so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@contextlib.contextmanager
def one_process(folder: Path) -> Iterator[tuple[list[str], tuple[str | None, str | None], list[int]]]:
    with running(folder, "--pace", "0") as server:
        yield [server.ws], (None, None), [server.process.pid]


@contextlib.contextmanager
def two_processes(folder: Path) -> Iterator[tuple[list[str], tuple[str | None, str | None], list[int]]]:
    """Two app processes on a throwaway PostgreSQL behind HAProxy (deploy/haproxy.cfg)."""
    from tests.tutor import postgres

    haproxy = "/usr/sbin/haproxy"
    if postgres.binaries() is None or not Path(haproxy).exists():
        raise SystemExit("--processes 2 needs PostgreSQL and HAProxy: apt-get install -y postgresql haproxy")
    with postgres.cluster() as server:
        store = postgres.new_database(server)
        for part in ("app1", "app2"):
            (folder / part).mkdir()
        with running(folder / "app1", "--pace", "0", "--store", store) as one, \
                running(folder / "app2", "--pace", "0", "--store", store) as two:
            front, stats = free_port(), folder / "haproxy.sock"
            (folder / "bench.cfg").write_text(f"global\n    stats socket {stats} mode 600 level admin\n")
            with (folder / "haproxy.log").open("w") as log:
                proxy = subprocess.Popen(
                    [haproxy, "-db", "-f", str(ROOT / "deploy" / "haproxy.cfg"), "-f", str(folder / "bench.cfg")],
                    env={**os.environ, "CANASTA_BIND": f"127.0.0.1:{front}", "CANASTA_APP1": f"127.0.0.1:{one.port}",
                         "CANASTA_APP2": f"127.0.0.1:{two.port}"}, stdout=log, stderr=subprocess.STDOUT)
            try:
                deadline = time.monotonic() + 60
                while not (stats.exists() and _states(stats) == {"app1": "UP", "app2": "UP"}):
                    if time.monotonic() > deadline or proxy.poll() is not None:
                        raise SystemExit(f"HAProxy did not find both app processes up: {(folder / 'haproxy.log').read_text()}")
                    time.sleep(0.3)
                yield [f"ws://127.0.0.1:{front}/ws"], ("app1", "app2"), [one.process.pid, two.process.pid]
            finally:
                proxy.terminate()
                proxy.wait(30)


def _states(stats: Path) -> dict[str, str]:
    """HAProxy's view of the app processes: {"app1": "UP", ...}."""
    with socket.socket(socket.AF_UNIX) as control:
        control.connect(str(stats))
        control.sendall(b"show stat\n")
        raw = b"".join(iter(lambda: control.recv(65536), b""))
    rows = csv.DictReader(io.StringIO(raw.decode().lstrip("# ")))
    return {row["svname"]: row["status"] for row in rows if row["svname"] in ("app1", "app2")}


def measure(tables: int, actions: int, think: float, burst: bool, processes: int) -> tuple[list[float], float]:
    """The timings (ms) of ``actions`` actions at each of ``tables`` tables, and the app's CPU seconds."""
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        serve: Callable[[Path], contextlib.AbstractContextManager[Any]] = (
            two_processes if processes == 2 else one_process)
        with serve(folder) as (urls, cookies, pids):
            return asyncio.run(play(urls, cookies, tables, actions, think, burst, pids))


def cuts(timings: list[float]) -> tuple[float, float, float]:
    """p50, p90 and p99 (ms)."""
    points = statistics.quantiles(timings, n=100) if len(timings) > 1 else timings * 99
    return points[49], points[89], points[98]


TARGET_MS = 150.0  # p90 for a class of 32 (8 tables of 4) on a 2-core machine
SWEEP = (1, 2, 4, 8, 12, 16, 24, 32)


def load() -> str:
    one, five, _ = os.getloadavg()
    return f"load average {one:.1f} (5 min {five:.1f}) on {os.cpu_count()} cores"


def line(tables: int, timings: list[float], cpu: float, client: float) -> str:
    p50, p90, p99 = cuts(timings)
    return (f"tables={tables} p50_ms={p50:.1f} p90_ms={p90:.1f} p99_ms={p99:.1f} "
            f"server_cpu_ms_per_action={cpu / max(1, len(timings)) * 1000:.1f} "
            f"client_cpu_ms_per_action={client / max(1, len(timings)) * 1000:.1f}")


def timed(tables: int, actions: int, think: float, burst: bool, processes: int) -> tuple[list[float], float, float]:
    """As :func:`measure`, with this process's own CPU seconds (the clients') as well."""
    client = time.process_time()
    timings, cpu = measure(tables, actions, think, burst, processes)
    return timings, cpu, time.process_time() - client


def main(tables: int, actions: int, think: float, burst: bool, processes: int, sweep: bool) -> None:
    """``tables_bench.py --clients ws``: prints each run's figures beside the load average, the sweep's
    N at which p90 passes the target, and last ``tables=N p50_ms=… p90_ms=… p99_ms=…``."""
    where = ("two app processes behind HAProxy on PostgreSQL (seats 1 and 3 on the second)" if processes == 2
             else "one app process (SQLite)")
    pace = "burst: every table acts at once, round after round" if burst else (
        f"human pace: {think:g} s (0.5-1.5x) before each tap")
    print(f"websocket clients, {where}; {pace}; {actions} timed actions a table", flush=True)
    if sweep:
        passed = None
        for n in SWEEP:
            timings, cpu, client = timed(n, actions, think, burst, processes)
            print(f"sweep {line(n, timings, cpu, client)}; {load()}", flush=True)
            if cuts(timings)[1] > TARGET_MS:
                passed = n
                break
        print(f"p90 passes {TARGET_MS:.0f} ms at tables={passed}" if passed else
              f"p90 stays under {TARGET_MS:.0f} ms up to tables={SWEEP[-1]}", flush=True)
    timings, cpu, client = timed(tables, actions, think, burst, processes)
    print(f"{len(timings)} actions at {tables} tables of 4 people; {load()}")
    print(f"CPU per action: the app process{'es' if processes == 2 else ''} {cpu / len(timings) * 1000:.1f} ms "
          f"(a discard's card selected first included), the clients (this process) "
          f"{client / len(timings) * 1000:.1f} ms")
    p50, p90, p99 = cuts(timings)
    print(f"tables={tables} p50_ms={p50:.1f} p90_ms={p90:.1f} p99_ms={p99:.1f}")
