"""A school's set-up as deploy/ describes it: one PostgreSQL (a throwaway cluster), two app
processes started by deploy/start-apps.sh, HAProxy with deploy/haproxy.cfg in front (its ports
given by the environment, as the file expects). Shown here: HAProxy's health checks find both
processes; a browser's session sticks to one process by its cookie (a reconnect finds its
session again), and both processes serve; a foreign Origin is refused through the proxy; a write
through one process is heard live in another (PostgreSQL LISTEN/NOTIFY); a process killed with -9
is started again, its browsers served by the other meanwhile; several processes starting at once on
an empty database migrate it once."""

from __future__ import annotations

import asyncio
import csv
import io
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
import warnings
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from tests.tutor import postgres
from tests.tutor.e2e import by_id, click, read, tap_card, wait_for
from tests.tutor.serving_server import free_port
from tests.tutor.wsclient import REGISTER_CLIENT, Client, frame
from tutor.store import forget_open_stores, open_store
from tutor.store.classes import Classes

if TYPE_CHECKING:
    from playwright.sync_api import ViewportSize

ROOT = Path(__file__).resolve().parents[2]
HAPROXY = shutil.which("haproxy") or "/usr/sbin/haproxy"
COOKIE = "CANASTA_APP"
PASSWORD = "correct horse battery"


@dataclass
class School:
    proxy: str  # http://127.0.0.1:port/
    apps: tuple[int, int]  # the app processes' ports
    store: str  # the PostgreSQL store's URL
    folder: Path
    stats: Path  # HAProxy's stats socket

    @property
    def origin(self) -> str:
        return self.proxy.rstrip("/")

    def server_states(self) -> dict[str, str]:
        """HAProxy's view of the app processes: {"app1": "UP", ...}."""
        with socket.socket(socket.AF_UNIX) as control:
            control.connect(str(self.stats))
            control.sendall(b"show stat\n")
            raw = b""
            while chunk := control.recv(65536):
                raw += chunk
        rows = csv.DictReader(io.StringIO(raw.decode().lstrip("# ")))
        return {row["svname"]: row["status"] for row in rows if row["pxname"] == "canasta_apps"
                and row["svname"] not in ("BACKEND", "FRONTEND")}


def _need(binary: str, what: str, install: str) -> None:
    if not Path(binary).exists():
        message = f"{what} is not installed here, so the deployment's test is skipped: {install}"
        warnings.warn(message, stacklevel=2)
        pytest.skip(message)


def _free_pair() -> int:
    """A port p with p + 1 free too (start-apps.sh gives its processes consecutive ports)."""
    for _ in range(50):
        port = free_port()
        with socket.socket() as probe:
            if port < 65535 and probe.connect_ex(("127.0.0.1", port + 1)) != 0:
                return port
    raise AssertionError("no two consecutive free ports")


def _until(condition: Any, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.2)


@pytest.fixture(scope="module")
def school(tmp_path_factory: pytest.TempPathFactory) -> Iterator[School]:
    _need(HAPROXY, "HAProxy", "apt-get install -y haproxy")
    if postgres.binaries() is None:
        _need("/usr/lib/postgresql", "PostgreSQL", postgres.INSTALL)
    folder = tmp_path_factory.mktemp("school")
    with postgres.cluster() as server:
        store = postgres.new_database(server)
        base, front = _free_pair(), free_port()
        proxy = f"http://127.0.0.1:{front}/"
        env = {**os.environ, "CANASTA_STORE": store, "CANASTA_PORT_BASE": str(base),
               # the address the students type: here the proxy's own (the app processes listen elsewhere)
               "CANASTA_PUBLIC_ORIGIN": f"https://cards.school.example {proxy.rstrip('/')}", "PYTHON": sys.executable,
               "HOME": str(folder), "CANASTA_TEACHER_PASSWORD": PASSWORD}
        apps_log = (folder / "apps.log").open("w")
        apps = subprocess.Popen([str(ROOT / "deploy" / "start-apps.sh"), "2", "--pace", "0"], cwd=ROOT, env=env,
                                stdout=apps_log, stderr=subprocess.STDOUT, start_new_session=True)
        stats = folder / "haproxy.sock"
        (folder / "test.cfg").write_text(f"global\n    stats socket {stats} mode 600 level admin\n")
        proxy_log = (folder / "haproxy.log").open("w")
        haproxy = subprocess.Popen(
            [HAPROXY, "-db", "-f", str(ROOT / "deploy" / "haproxy.cfg"), "-f", str(folder / "test.cfg")],
            env={**os.environ, "CANASTA_BIND": f"127.0.0.1:{front}", "CANASTA_APP1": f"127.0.0.1:{base}",
                 "CANASTA_APP2": f"127.0.0.1:{base + 1}"},
            stdout=proxy_log, stderr=subprocess.STDOUT)
        school = School(proxy, (base, base + 1), store.replace("postgresql://", "postgresql+psycopg://"), folder,
                        stats)
        try:
            _until(lambda: stats.exists(), 30, "HAProxy")
            _until(lambda: school.server_states() == {"app1": "UP", "app2": "UP"}, 90,
                   "HAProxy's health checks to find both app processes up")
            yield school
        finally:
            haproxy.terminate()
            os.killpg(apps.pid, signal.SIGTERM)  # the script stops its processes
            for process in (haproxy, apps):
                try:
                    process.wait(timeout=30)
                except subprocess.TimeoutExpired:
                    os.killpg(apps.pid, signal.SIGKILL) if process is apps else process.kill()
                    process.wait()
            apps_log.close()
            proxy_log.close()
            forget_open_stores()
            print((folder / "apps.log").read_text()[-3000:])


def _get(url: str, cookie: str | None = None) -> tuple[int, str | None]:
    """A page load through the proxy: its status and the affinity cookie set, if any."""
    request = urllib.request.Request(url, headers={"Cookie": f"{COOKIE}={cookie}"} if cookie else {})
    with urllib.request.urlopen(request, timeout=30) as response:
        set_cookie = response.headers.get("Set-Cookie") or ""
        response.read()
    value = None
    if set_cookie.startswith(f"{COOKIE}="):
        value = set_cookie.split(";")[0].split("=", 1)[1]
    return response.status, value


async def _session(school: School, cookie: str, session_id: str | None = None,
                   storage: dict[str, Any] | None = None) -> tuple[str, Client]:
    """A browser's websocket through the proxy with its affinity cookie: registers (again, with the
    session id it had, as Flet's client does on a reconnect) and returns the session id given."""
    from websockets.asyncio.client import connect

    ws = await connect(school.proxy.replace("http", "ws") + "ws", max_size=None, open_timeout=60,
                       additional_headers={"Origin": school.origin, "Cookie": f"{COOKIE}={cookie}"})
    client = Client(ws, storage)
    await ws.send(frame(REGISTER_CLIENT, {"session_id": session_id, "page_name": "", "page": {
        "route": "/", "width": 1280, "height": 800, "web": True, "platform": "linux"}}))
    deadline = time.monotonic() + 60
    given: str | None = None
    while (given is None or not client.targets) and time.monotonic() < deadline:
        message = await client.recv(deadline - time.monotonic())
        if message[0] == REGISTER_CLIENT and isinstance(message[1], dict):
            given = message[1].get("session_id")
    assert given is not None and client.targets, "the app did not answer through the proxy"
    return given, client


async def _closed(school: School, client: Client) -> None:
    """Closes the websocket and waits until its process has let the session go (its log line), as a
    phone's reconnect comes seconds later: a session still held by its old connection is not handed over."""
    log = school.folder / "apps.log"
    before = log.read_text().count("tutor.serving.server: websocket of")
    await client.close()
    deadline = time.monotonic() + 30
    while log.read_text().count("tutor.serving.server: websocket of") == before:
        assert time.monotonic() < deadline, "the process did not see the websocket close"
        await asyncio.sleep(0.1)


def test_the_proxy_spreads_new_browsers_over_both_processes_and_both_serve(school: School) -> None:
    cookies = {_get(school.proxy)[1] for _ in range(6)}
    assert cookies == {"app1", "app2"}  # each new browser is given a process; both get some

    async def both() -> None:
        for cookie in ("app1", "app2"):
            _, client = await _session(school, cookie)  # registered, and its first screen drawn
            await client.close()

    asyncio.run(both())


def test_a_browser_sticks_to_its_process_so_a_reconnect_finds_its_session(school: School) -> None:
    status, cookie = _get(school.proxy)
    assert status == 200 and cookie in ("app1", "app2")
    assert _get(school.proxy, cookie) == (200, None)  # a browser with its cookie is not given another
    other = "app2" if cookie == "app1" else "app1"

    async def scenario() -> None:
        storage: dict[str, Any] = {}
        session, client = await _session(school, cookie, storage=storage)
        await _closed(school, client)
        for _ in range(3):  # a phone that locks and wakes: the same process, the same session
            again, client = await _session(school, cookie, session, storage)
            assert again == session
            await _closed(school, client)
        # the control: sent to the other process, the session is unknown there and a new one is made
        elsewhere, client = await _session(school, other, session, storage)
        assert elsewhere != session
        await client.close()

    asyncio.run(scenario())


def test_a_foreign_origin_is_refused_through_the_proxy(school: School) -> None:
    from websockets.asyncio.client import connect
    from websockets.exceptions import InvalidStatus

    async def scenario() -> None:
        with pytest.raises(InvalidStatus) as refused:
            await connect(school.proxy.replace("http", "ws") + "ws", open_timeout=30,
                          additional_headers={"Origin": "https://evil.example", "Cookie": f"{COOKIE}=app1"})
        assert refused.value.response.status_code == 403

    asyncio.run(scenario())


WRITER = """
import sys
from pathlib import Path
from tutor.store import open_store
from tutor.store.classes import Classes
store, notices = open_store(sys.argv[1], Path(sys.argv[2]))
assert not notices, notices
student, token = Classes(store).join(sys.argv[3], "Ada", "2468")
learners = store.learners(student.id)
attempt = learners.start(student.id, "classic-black-threes", 0)
learners.finish(attempt, 3, 0, 0)
print("written", flush=True)
store.close()
"""


def test_a_write_in_one_process_is_heard_live_in_another(school: School) -> None:
    """The hub on the store: a student's join and solve written by another OS process reach this
    process's subscriber of their class (LISTEN/NOTIFY), and nothing of another class does."""
    store, notices = open_store(school.store, school.folder)
    assert notices == []
    seven, eight = Classes(store).create_class("7B"), Classes(store).create_class("8A")

    async def scenario() -> list[str]:
        heard: list[str] = []
        other: list[str] = []
        store.live.subscribe(f"class:{seven.id}", heard.append)
        store.live.subscribe(f"class:{eight.id}", other.append)
        ready = getattr(store.live, "ready", None)
        assert ready is not None and ready(), "a PostgreSQL store's hub listens on the database"
        await asyncio.sleep(0.3)  # its first LISTEN tells each topic once (tests/tutor/store/test_live_pg.py)
        heard.clear()
        other.clear()
        writer = await asyncio.create_subprocess_exec(sys.executable, "-c", WRITER, school.store, str(school.folder),
                                                      seven.code, cwd=ROOT, stdout=asyncio.subprocess.PIPE)
        out, _ = await asyncio.wait_for(writer.communicate(), 60)
        assert b"written" in out
        deadline = time.monotonic() + 10
        while len(heard) < 1 and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        assert other == []
        return heard

    heard = asyncio.run(scenario())
    assert heard and set(heard) == {f"class:{seven.id}"}


def test_a_students_solve_through_one_process_appears_live_in_the_teachers_view_on_the_other(school: School) -> None:
    """In Chromium, through the proxy: the teacher's browser is on process 2, the student's on
    process 1 (each browser's affinity cookie, as the proxy had given it); the student joins, falls
    into the lesson's trap and solves it; the teacher's grid shows each, live, without a reload."""
    from tests.tutor.e2e import DESKTOP, PHONE, screenshot, status
    from tests.tutor.end_to_end.test_e2e_teacher import LESSON, _chromium, _join, _sign_in, _student_row, _type

    with _chromium() as chromium:
        teacher = _browser_on(chromium, school, "app2", DESKTOP)
        _load(teacher, school.proxy + "teacher", "teacher-password")
        _sign_in(teacher, PASSWORD)
        by_id(teacher, "class-name").first.wait_for(timeout=30_000)
        shown = read(teacher, "class-code") if by_id(teacher, "class-code").count() else ""  # a class made before
        _type(teacher, "class-name", "9C")
        click(teacher, "create-class")
        wait_for(teacher, lambda: by_id(teacher, "class-code").count() and read(teacher, "class-code") != shown,
                 what="the new class's code")
        code = read(teacher, "class-code").split()[0]
        assert re.fullmatch(r"[A-Z2-9]{6}", code), code

        anna = _browser_on(chromium, school, "app1", PHONE)
        _load(anna, school.proxy, "join-code")
        _join(anna, code, "Anna", "2468")
        by_id(anna, "sign-out").first.wait_for(timeout=30_000)
        wait_for(teacher, lambda: _student_row(teacher, "Anna") is not None, what="Anna's join, from the other process")
        student = _student_row(teacher, "Anna")
        click(anna, "lessons-button")
        by_id(anna, f"open-{LESSON}").first.wait_for(timeout=30_000)
        click(anna, f"open-{LESSON}")
        by_id(anna, "lesson-goal").first.wait_for(timeout=30_000)
        tap_card(anna, "ten of hearts")  # the trap
        click(anna, "action-discard")
        by_id(anna, "lesson-trap").first.wait_for(timeout=30_000)
        click(anna, "lesson-try_again")
        wait_for(anna, lambda: status(anna).startswith("Your turn"), what="the move before the trap")
        tap_card(anna, "three of spades")  # the solve
        click(anna, "action-discard")
        by_id(anna, "lesson-solved").first.wait_for(timeout=30_000)
        cell = f"cell-{student}-{LESSON}"
        wait_for(teacher, lambda: by_id(teacher, cell).count() and "2 stars of 3" in read(teacher, cell),
                 what="Anna's solve, from the other process, live")
        assert "1 mistake" in read(teacher, cell)
        screenshot(teacher, "deploy-teacher-on-process-2.png")
        screenshot(anna, "deploy-student-on-process-1.png")
        assert _cookie(teacher) == "app2" and _cookie(anna) == "app1"  # neither was moved by the proxy
    # HAProxy's log: the websockets went where the cookies said (a websocket is logged when it closes)
    websockets = _websockets_logged(school)
    assert websockets.get("app1") and websockets.get("app2"), websockets


def _browser_on(chromium: Any, school: School, server: str, viewport: ViewportSize) -> Any:
    """A browser that the proxy had sent to ``server`` before (its affinity cookie)."""
    phone = viewport["width"] < 600
    context = chromium.new_context(viewport=viewport, has_touch=phone, is_mobile=phone)
    context.add_cookies([{"name": COOKIE, "value": server, "url": school.proxy}])
    return context.new_page()


def _load(page: Any, url: str, ready: str) -> None:
    page.goto(url)
    page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=60_000)
    page.locator("flt-semantics-placeholder").dispatch_event("click")
    by_id(page, ready).first.wait_for(timeout=30_000)


def _cookie(page: Any) -> str | None:
    return next((c["value"] for c in page.context.cookies() if c["name"] == COOKIE), None)


def _websockets_logged(school: School) -> dict[str, int]:
    """How many websockets (GET /ws) HAProxy's log shows each app process served."""
    counts: dict[str, int] = {}
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        counts = {}
        for line in (school.folder / "haproxy.log").read_text().splitlines():
            if '"GET /ws ' in line and "canasta_apps/" in line:
                server = line.split("canasta_apps/")[1].split()[0]
                counts[server] = counts.get(server, 0) + 1
        if counts.get("app1") and counts.get("app2"):
            break
        time.sleep(0.5)
    return counts


def test_a_process_killed_is_started_again_and_its_browsers_served_meanwhile(school: School) -> None:
    victim = _app_pid(school.apps[0])
    os.kill(victim, signal.SIGKILL)
    # a browser that was on it loads the page from the other process at once (HAProxy retries, then
    # redispatches), and is given the other process's cookie
    status, cookie = _get(school.proxy, "app1")
    assert status == 200 and cookie == "app2"
    # the script starts it again (2 s later); the health checks bring it back, with a new pid
    _until(lambda: _running_app_pid(school.apps[0]) not in (None, victim), 60, "app1 started again")
    _until(lambda: school.server_states().get("app1") == "UP", 90, "app1 back up")
    assert _get(school.proxy, "app1") == (200, None)  # and it serves its browsers again


def _app_pid(port: int) -> int:
    pid = _running_app_pid(port)
    if pid is None:
        raise AssertionError(f"no app process on port {port}")
    return pid


def _running_app_pid(port: int) -> int | None:
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            command = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if b"tutor" in command and b"--port" in command and command[command.index(b"--port") + 1] == str(port).encode():
            return int(entry.name)
    return None


MIGRATE = ("import sys; from pathlib import Path; from tutor.store.engine import connect, migrate, store_url;"
           "migrate(connect(store_url(sys.argv[1], Path('.')))); print('migrated')")


def test_processes_starting_at_once_on_an_empty_database_migrate_it_once(school: School) -> None:
    server = school.store.replace("postgresql+psycopg://", "postgresql://")
    for _ in range(2):
        empty = postgres.new_database(server.rsplit("/", 1)[0] + "/postgres")
        starting = [subprocess.Popen([sys.executable, "-c", MIGRATE, empty], cwd=ROOT, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True) for _ in range(3)]
        results = [process.communicate(timeout=120) for process in starting]
        assert all(out.strip() == "migrated" for out, _ in results), [err[-300:] for _, err in results]
