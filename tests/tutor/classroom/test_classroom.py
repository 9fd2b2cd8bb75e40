"""The students' side of ``--classroom`` without a browser (tutor/classroom/join.py, tutor/shell/classroom.py): how guessing is
limited and what the student is told to wait, the join screen's refusals, and the teacher's route
drawing no student's screen. Chromium drives the whole of it in tests/tutor/end_to_end/test_e2e_class.py."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import flet as ft
import pytest
from sqlalchemy import select

from tests.tutor.shell.test_app import as_page
from tutor.classroom.join import TEACHER_ROUTE, wait_message
from tutor.shell.classroom import Shell, classroom_main
from tutor.shell.state import Options
from tutor.store import forget_open_stores, open_store
from tutor.store.classes import UNKNOWN_CODE, WRONG_PIN, Classes, JoinRefused, check_secret
from tutor.store.guesses import FORGET, Guessing, TooManyTries
from tutor.store.schema import guesses


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def school(url: str, tmp_path: Path) -> Classes:
    store, _ = open_store(url, tmp_path)
    return Classes(store)


def join(school: Classes, guessing: Guessing, client: str, code: str, name: str, pin: str) -> str:
    """What a join with these limits comes to: "in", the refusal's msgid, or the wait in seconds."""
    try:
        school.join(code, name, pin, client, guessing)
    except TooManyTries as waiting:
        return f"wait {waiting.wait:.0f}"
    except JoinRefused as refused:
        return refused.msgid
    return "in"


def test_a_students_pin_may_be_guessed_five_times_then_once_a_minute(school: Classes) -> None:
    clock = Clock()
    guessing = Guessing(clock)
    seven = school.create_class("7B")
    for name in ("Anna", "Bo"):
        school.join(seven.code, name, "2468")
    for n in range(5):
        assert join(school, guessing, "10.0.0.7", seven.code, "Anna", f"111{n}") == WRONG_PIN
    assert join(school, guessing, "10.0.0.7", seven.code.lower(), " anna ", "2468") == "wait 60"  # the same student
    assert join(school, guessing, "10.0.0.8", seven.code, "Anna", "2468") == "wait 60"  # from any address
    assert join(school, guessing, "10.0.0.8", seven.code, "Bo", "2468") == "in"  # another student of the class
    clock.now += 60
    assert join(school, guessing, "10.0.0.7", seven.code, "Anna", "2468") == "in"
    assert join(school, guessing, "10.0.0.7", seven.code, "Anna", "1111") == WRONG_PIN  # the try given back


def test_an_address_may_fail_ten_times_then_once_every_15_seconds(school: Classes) -> None:
    clock = Clock()
    guessing = Guessing(clock)
    seven = school.create_class("7B")
    for n in range(10):  # unknown codes: the address pays, no class does
        assert join(school, guessing, "10.0.0.7", f"CODE{n:02d}", "Anna", "2468") == UNKNOWN_CODE
    assert join(school, guessing, "10.0.0.7", seven.code, "Bo", "2468") == "wait 15"
    assert join(school, guessing, "10.0.0.8", "CODE00", "Anna", "2468") == UNKNOWN_CODE
    assert join(school, guessing, "10.0.0.8", seven.code, "Bo", "2468") == "in"  # correct joins cost nothing
    assert [s.name for s in school.students(seven.id)] == ["Bo"]
    clock.now += FORGET + 60  # an hour on, every bucket is full again: the rows go
    assert join(school, guessing, "10.0.0.9", seven.code, "Bo", "2468") == "in"
    with school.store.engine.connect() as db:
        assert sorted(key for (key,) in db.execute(select(guesses.c.key))) == \
            ["address:10.0.0.9", f"code:{seven.code}", f"name:{seven.code}:bo"]


def test_a_class_code_may_take_30_wrong_pins_then_one_every_30_seconds(school: Classes) -> None:
    clock = Clock()
    guessing = Guessing(clock)
    seven, eight = school.create_class("7B"), school.create_class("8A")
    for n in range(31):
        school.join(seven.code, f"Name {n}", "2468")
    for n in range(30):  # thirty names, one wrong PIN each, from thirty addresses
        assert join(school, guessing, f"10.0.1.{n}", seven.code, f"Name {n}", "1111") == WRONG_PIN
    assert join(school, guessing, "10.0.2.1", seven.code, "Name 30", "1111") == "wait 30"
    assert join(school, guessing, "10.0.2.1", eight.code, "Someone else", "2468") == "in"


@pytest.mark.parametrize(("seconds", "lang", "said"), [
    (0.2, "en", "Too many tries. Wait 1 second, then try again."),
    (59.1, "en", "Too many tries. Wait 60 seconds, then try again."),
    (90.0, "sv", "För många försök. Vänta 90 sekunder och försök sedan igen."),
    (91.0, "de", "Zu viele Versuche. Warte 2 Minuten und versuch es dann noch einmal."),
    (21 * 60, "is", "Of margar tilraunir. Bíddu í 21 mínútu og reyndu svo aftur."),
])
def test_the_wait_is_said_in_seconds_or_minutes(seconds: float, lang: str, said: str) -> None:
    assert wait_message(seconds, lang) == said


class Preferences:
    def __init__(self) -> None:
        self.kept: dict[str, str] = {}

    async def get(self, key: str) -> str | None:
        return self.kept.get(key)

    async def set(self, key: str, value: str) -> bool:
        self.kept[key] = value
        return True

    async def remove(self, key: str) -> bool:
        return self.kept.pop(key, None) is not None


class Page:
    def __init__(self, route: str = "/", client_ip: str = "10.0.0.7") -> None:
        self.route, self.client_ip, self.width = route, client_ip, 390
        self.rendered: list[Any] = []

    def render(self, *args: Any) -> None:
        self.rendered.append(args)


@pytest.fixture
def shell(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    monkeypatch.setattr("tutor.classroom.join.GUESSING", Guessing(Clock()))  # frozen: the wait said is exact
    url = f"sqlite:///{tmp_path / 'store.sqlite3'}"
    options = Options(store=url, settings_file=tmp_path / "settings.json", classroom=True)
    made = Shell(as_page(Page()), options, Preferences())  # type: ignore[arg-type]  # a stand-in SharedPreferences
    yield made
    forget_open_stores()


def test_the_join_screen_says_each_refusal_and_then_the_wait(shell: Any) -> None:
    seven = Classes(shell.store).create_class("7B")
    Classes(shell.store).join(seven.code, "Anna", "2468")

    def attempt(code: str, name: str, pin: str) -> str:
        shell.form.code, shell.form.name, shell.form.pin = code, name, pin
        frames = shell.gate.number
        asyncio.run(shell.submit())
        assert shell.gate.number > frames and shell.session is None and not shell.form.busy
        return str(shell.form.message)

    assert attempt(seven.code, "", "2468") == "Type your name."
    assert attempt(seven.code, "Bo", "24") == "A PIN is 4 to 8 digits."
    assert attempt("QQQQQQ", "Bo", "2468").startswith("No class has the code QQQQQQ.")
    shell.form.lang = "sv"
    assert attempt(seven.code, "Anna", "1111").startswith("Det är inte PIN-koden för Anna")
    for pin in ("1112", "1113", "1114", "1115"):
        attempt(seven.code, "Anna", pin)
    assert attempt(seven.code, "Anna", "2468") == "För många försök. Vänta 60 sekunder och försök sedan igen."
    assert shell.preferences.kept == {}  # nobody signed in


def test_the_teachers_route_draws_no_students_screen(tmp_path: Path) -> None:
    drawn: list[str] = []

    async def teacher(page: Any) -> None:
        drawn.append(page.route)

    for route in (TEACHER_ROUTE, TEACHER_ROUTE + "/", TEACHER_ROUTE + "/class/3"):
        page = Page(route)
        asyncio.run(classroom_main(as_page(page), Options(classroom=True, teacher=teacher,
                                                 settings_file=tmp_path / "settings.json")))
        assert page.rendered == []
    assert drawn == [TEACHER_ROUTE, TEACHER_ROUTE + "/", TEACHER_ROUTE + "/class/3"]
    page = Page(TEACHER_ROUTE)
    asyncio.run(classroom_main(as_page(page), Options(classroom=True, settings_file=tmp_path / "settings.json")))
    assert page.rendered == []  # no teacher's view on this server: still no student's screen


class StubSession:
    """What the shell asks of a student's session when the class changes."""

    def __init__(self) -> None:
        self.screen, self.rendered, self.left = "home", 0, False
        self.settings = type("Chosen", (), {"language": "de"})()

    def render(self) -> None:
        self.rendered += 1

    def cancel_bots(self) -> None:
        pass

    def _leave_lesson(self) -> None:
        self.left = True


def test_a_removed_student_is_signed_out_and_told(shell: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("tutor.classroom.join.RECHECK", 0.01)
    school = Classes(shell.store)
    seven = school.create_class("7B")
    anna, token = school.join(seven.code, "Anna", "2468")
    bo, _ = school.join(seven.code, "Bo", "1357")

    async def run() -> StubSession:
        session = StubSession()
        shell.session, shell.token = session, token
        shell.preferences.kept["canasta-tutor.sign-in"] = token
        shell.stop_listening = shell.store.live.subscribe(f"class:{seven.id}", shell.class_news)
        await asyncio.to_thread(school.assign, seven.id, ["classic-card-values"])  # news, still in the class
        for _ in range(100):
            await asyncio.sleep(0.01)
            if session.rendered:
                break
        assert shell.session is session and session.rendered == 1  # redrawn: the assigned lessons are new
        await asyncio.to_thread(school.remove_student, seven.id, bo.id)
        await asyncio.to_thread(school.remove_student, seven.id, anna.id)
        for _ in range(100):
            await asyncio.sleep(0.01)
            if shell.session is None:
                break
        return session

    session = asyncio.run(run())
    assert shell.session is None and session.left
    assert shell.form.message == "Du bist nicht mehr in dieser Klasse. Frag deine Lehrkraft oder tritt ihr erneut bei."
    assert shell.preferences.kept == {} and shell.store.live.subscribers(f"class:{seven.id}") == 0


def _anna_on_a_lesson(shell: Any) -> tuple[Classes, Any, Any, Any]:
    """Anna of 7B signed in on this shell, on the first lesson: the school, her class, she and her token."""
    school = Classes(shell.store)
    seven = school.create_class("7B")
    anna, token = school.join(seven.code, "Anna", "2468")
    session = StubSession()
    # a StubSession takes only what the shell reads of a signed-in session
    session.student, session.progress = anna, shell.store.learners(anna.id)  # type: ignore[attr-defined]
    session.model = type("Table", (), {"lesson": object()})()  # type: ignore[attr-defined]
    session.progress.start(anna.id, "classic-card-values", 0)  # type: ignore[attr-defined]
    shell.session, shell.token = session, token
    return school, seven, anna, token


def test_a_closed_tab_leaves_its_lesson(shell: Any) -> None:
    school, seven, anna, token = _anna_on_a_lesson(shell)
    assert school.overview(seven.id).now_on[anna.id] == "classic-card-values"
    asyncio.run(shell.closed())
    assert shell.session is None and school.overview(seven.id).now_on[anna.id] is None
    assert school.signed_in(token) is not None  # closing a tab is no sign-out: the next one signs in again


def test_a_tab_sent_to_the_teachers_route_leaves_its_lesson(shell: Any, tmp_path: Path) -> None:
    """The student's tab typed /teacher: the teacher's prompt releases the student's session first
    (its close handler is async, and was once called without being awaited: it never ran)."""
    from tutor.shell.teacher_route import teacher_main

    school, seven, anna, _ = _anna_on_a_lesson(shell)
    page = Page(TEACHER_ROUTE)
    page.on_close = shell.closed  # type: ignore[attr-defined]  # as classroom_main sets it
    options = Options(store=shell.options.store, settings_file=tmp_path / "settings.json", classroom=True)
    async def open_desk() -> None:  # teacher_main's handler is typed Awaitable, asyncio.run wants a coroutine
        async def back(tab: ft.Page) -> None:  # the join screen, where a tab that leaves /teacher goes
            await classroom_main(tab, options)

        await teacher_main(options, back)(as_page(page))

    asyncio.run(open_desk())
    assert shell.session is None and school.overview(seven.id).now_on[anna.id] is None
    assert [type(drawn[0]).__name__ for drawn in page.rendered] == ["function"]  # the teacher's view


def test_a_student_is_never_offered_a_demonstration(shell: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """A demonstration plays the reference solution: a student who saw it would solve the lesson
    (mastery check included) for full stars. Not on the lessons screen, not by calling the handler."""
    seven = Classes(shell.store).create_class("7B")
    shell.page.width = 1280  # wide enough that anybody else is offered Demonstrate
    monkeypatch.setattr("tutor.shell.app.Session.render", lambda self: None)  # the stand-in page draws nothing
    shell.form.code, shell.form.name, shell.form.pin = seven.code, "Anna", "2468"
    asyncio.run(shell.submit())
    session = shell.session
    assert session is not None and session.student is not None
    offered: list[object] = []
    monkeypatch.setattr("tutor.shell.lessons.lessons_view", lambda *args, **kw: offered.append(args[6].demo))
    session.lessons_screen()
    asyncio.run(session.demonstrate("classic-card-values"))
    assert offered == [None] and session.screen != "demo" and session.demo is None


def _at_once(url: str, tmp_path: Path, tries: list[tuple[str, str, str]], monkeypatch: pytest.MonkeyPatch,
             school: Classes, code: str) -> tuple[list[str], list[str]]:
    """``tries`` (address, name, PIN) submitted at once on the join screens of two app processes (every
    other try on the second: its own store handle on the database and its own limits), each in a thread
    of its own. The PINs checked and what each screen said."""
    from concurrent.futures import ThreadPoolExecutor

    from tutor.store import Store
    from tutor.store.engine import connect, store_url

    checked: list[str] = []
    real = check_secret

    def counted(secret: str, stored: str) -> bool:
        checked.append(secret)
        return real(secret, stored)

    monkeypatch.setattr("tutor.store.classes.check_secret", counted)
    options = Options(store=url, settings_file=tmp_path / "settings.json", classroom=True)
    other = Store(connect(store_url(url, tmp_path)), store_url(url, tmp_path))  # the second process's engine
    shells = []
    for n, (address, name, pin) in enumerate(tries):
        shell = Shell(as_page(Page(client_ip=address)), options, Preferences())  # type: ignore[arg-type]
        if n % 2:
            shell.store, shell.classes, shell.guessing = other, Classes(other), Guessing()
        shell.form.code, shell.form.name, shell.form.pin = code, name, pin
        shells.append(shell)

    async def submit_all() -> None:
        asyncio.get_running_loop().set_default_executor(ThreadPoolExecutor(len(shells)))
        await asyncio.gather(*(shell.submit() for shell in shells))

    try:
        asyncio.run(submit_all())
    finally:
        other.close()
    assert all(shell.session is None for shell in shells)  # nobody got in
    return checked, [shell.form.message for shell in shells]


def test_twenty_wrong_pins_at_once_get_five_checks_across_two_processes(
        url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, school: Classes) -> None:
    """A guesser's twenty sessions, each from its own address, fill in one student's name and a
    wrong PIN each and submit at once. All twenty were checked (the limit was looked at before the
    check, and counted after it): now five are, and fifteen are told to wait, whichever process
    each reached."""
    from sqlalchemy import func, select

    from tutor.store.schema import sign_ins

    seven = school.create_class("7B")
    school.join(seven.code, "Anna", "2468")
    tries = [(f"10.0.3.{n}", "Anna", f"{1000 + n}") for n in range(20)]
    checked, said = _at_once(url, tmp_path, tries, monkeypatch, school, seven.code)
    assert len(checked) == 5
    assert sum(s.startswith("That is not the PIN of Anna") for s in said) == 5
    assert sum(s.startswith("Too many tries. Wait") for s in said) == 15
    with school.store.engine.connect() as db:
        assert db.execute(select(func.count()).select_from(sign_ins)).scalar() == 1  # Anna's own join only


def test_twenty_students_guessed_at_once_from_one_address_get_ten_checks(
        url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, school: Classes) -> None:
    seven = school.create_class("7B")
    for n in range(20):
        school.join(seven.code, f"Pupil {n}", "2468")
    tries = [("10.0.0.9", f"Pupil {n}", "1357") for n in range(20)]
    checked, said = _at_once(url, tmp_path, tries, monkeypatch, school, seven.code)
    assert len(checked) == 10 and sum(s.startswith("Too many tries. Wait") for s in said) == 10


GUESSER = """
import sys, threading, time
from tutor.store import open_store
from tutor.store.classes import Classes, JoinRefused
from tutor.store.guesses import Guessing, TooManyTries
from pathlib import Path

url, code, first, start = sys.argv[1], sys.argv[2], int(sys.argv[3]), float(sys.argv[4])
store, _ = open_store(url, Path(sys.argv[5]))
school, guessing, said = Classes(store), Guessing(), []

def guess(n):
    time.sleep(max(0.0, start - time.time()))
    try:
        school.join(code, "Anna", f"{n:04d}", f"10.0.4.{n}", guessing)
        said.append("in")
    except TooManyTries:
        said.append("wait")
    except JoinRefused as refused:
        said.append(refused.msgid[:20])

threads = [threading.Thread(target=guess, args=(first + n,)) for n in range(10)]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
print(said.count("That is not the PIN "), said.count("wait"), len(said))
"""


def test_guesses_spread_over_two_app_processes_share_the_limit(url: str, tmp_path: Path, school: Classes) -> None:
    """Two OS processes on one store, ten wrong PINs each for one student, all sent at the same
    moment: five are checked in all (each process kept its own limits: ten)."""
    import subprocess
    import sys
    import time

    seven = school.create_class("7B")
    school.join(seven.code, "Anna", "2468")
    start = time.time() + 4  # both processes started and their stores open by then
    guessers = [subprocess.Popen([sys.executable, "-c", GUESSER, url, seven.code, str(first), str(start),
                                  str(tmp_path)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                 cwd=Path(__file__).resolve().parents[3]) for first in (1000, 2000)]
    outcomes = []
    for guesser in guessers:
        out, err = guesser.communicate(timeout=120)
        assert guesser.returncode == 0, err
        outcomes.append([int(n) for n in out.split()])
    assert [done for _, _, done in outcomes] == [10, 10]
    assert sum(checked for checked, _, _ in outcomes) == 5 and sum(wait for _, wait, _ in outcomes) == 15


def _join_fields(tree: Any, found: dict[str, int] | None = None) -> dict[str, int]:
    """The join screen's fields and button in a page patch: their Semantics identifier -> the id of the control inside."""
    found = {} if found is None else found
    if isinstance(tree, dict):
        named = tree.get("identifier")
        inner = tree.get("content")
        if isinstance(named, str) and named.startswith("join-") and isinstance(inner, dict) and "_i" in inner:
            found[named] = inner["_i"]
        for value in tree.values():
            _join_fields(value, found)
    elif isinstance(tree, list):
        for value in tree:
            _join_fields(value, found)
    return found


def _texts(tree: Any) -> list[str]:
    if isinstance(tree, str):
        return [tree]
    if isinstance(tree, dict):
        return [text for value in tree.values() for text in _texts(value)]
    if isinstance(tree, list):
        return [text for value in tree for text in _texts(value)]
    return []


def test_twenty_websocket_sessions_on_two_servers_get_five_pin_checks(tmp_path: Path) -> None:
    """As a guesser would: twenty websocket sessions to /ws (no Origin header), ten on each of two
    servers on one store, each types the class code, the student's name and its own wrong PIN, and
    all press Join at once. Five are told "That is not the PIN", fifteen to wait (each server
    checked all ten of its own)."""
    from tests.tutor.serving_server import running
    from tests.tutor.wsclient import CONTROL_EVENT, Client, frame
    from tutor.serving.frames import UPDATE_CONTROL_PROPS

    url = f"sqlite:///{tmp_path / 'store.sqlite3'}"
    store, _ = open_store(url, tmp_path)
    school = Classes(store)
    school.set_teacher_password("correct horse")
    code = school.create_class("7B").code
    school.join(code, "Anna", "2468")
    forget_open_stores()

    typed: list[str] = []

    class Guesser(Client):
        fields: dict[str, int]

        async def recv(self, timeout: float) -> list[Any]:
            message = await super().recv(timeout)
            _join_fields(message[1], self.__dict__.setdefault("fields", {}))
            return message

    async def guess(server: str, pin: str, go: asyncio.Event) -> str:
        client = await Guesser.open(server)
        assert isinstance(client, Guesser)
        fields = client.fields
        assert fields.keys() >= {"join-code", "join-name", "join-pin", "join-button"}, fields
        for name, value in (("join-code", code), ("join-name", "Anna"), ("join-pin", pin)):
            await client.ws.send(frame(UPDATE_CONTROL_PROPS, {"id": fields[name], "props": {"value": value}}))
            await client.ws.send(frame(CONTROL_EVENT, {"target": fields[name], "name": "change", "data": value}))
        await client.drain()
        typed.append(pin)
        await go.wait()
        await client.ws.send(frame(CONTROL_EVENT, {"target": fields["join-button"], "name": "click", "data": None}))
        try:
            while True:
                for text in _texts(await client.recv(60)):
                    if text.startswith(("That is not the PIN", "Too many tries")):
                        return text
        finally:
            await client.close()

    async def all_at_once(servers: list[str]) -> list[str]:
        go = asyncio.Event()
        tries = [asyncio.create_task(guess(servers[n % 2], f"{1000 + n}", go)) for n in range(20)]
        while len(typed) < len(tries) and not any(t.done() for t in tries):
            await asyncio.sleep(0.05)  # every session registered, and its fields typed
        go.set()
        return list(await asyncio.gather(*tries))

    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    with running(tmp_path / "a", "--classroom", "--store", url) as first, \
            running(tmp_path / "b", "--classroom", "--store", url) as second:
        said = asyncio.run(all_at_once([first.ws, second.ws]))
    assert sum(s.startswith("That is not the PIN") for s in said) == 5
    assert sum(s.startswith("Too many tries") for s in said) == 15
