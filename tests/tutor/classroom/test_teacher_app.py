"""The teacher's session (tutor/classroom/teacher_app.py) without a browser: nothing a teacher does works
before the password, a wrong one is refused and counted, and a write about the class, heard on the
store's live hub, is read again and redrawn without the teacher doing anything."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from types import SimpleNamespace

import pytest

from tests.tutor.shell.test_app import as_page
from tutor.store import Store, forget_open_stores, open_store
from tutor.store.classes import Classes
from tutor.store.store import class_topic
from tutor.classroom.teacher import Gate
from tutor.classroom.teacher_app import Shown, TeacherSession
from tutor.shell.teacher_route import is_teacher_route

PASSWORD = "correct horse"


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    opened, notices = open_store(f"sqlite:///{tmp_path / 'store.sqlite3'}", tmp_path)
    assert notices == []
    Classes(opened).set_teacher_password(PASSWORD)
    yield opened
    forget_open_stores()


def session(store: Store, classroom: bool = True, client: str = "10.0.0.5") -> TeacherSession:
    page = SimpleNamespace(width=1280, client_ip=client)
    return TeacherSession(as_page(page), store, Gate(), classroom, "en")


async def until(predicate: Callable[[], object], seconds: float = 5.0) -> None:
    for _ in range(int(seconds / 0.02)):
        if predicate():
            return
        await asyncio.sleep(0.02)
    raise AssertionError("timed out")


def test_the_route() -> None:
    assert is_teacher_route("/teacher") and is_teacher_route("/teacher/") and is_teacher_route("/teacher?x=1")
    assert not is_teacher_route("/") and not is_teacher_route("/teachers") and not is_teacher_route(None)


def test_nothing_works_before_the_password(store: Store) -> None:
    async def run() -> None:
        desk = session(store)
        desk.desk.drafts["class"] = "7B"
        await desk.create_class()
        await desk.open_class(1)
        await desk.tab("traps")
        assert Classes(store).classes() == [] and desk.desk.class_id is None and desk.desk.tab == "grid"
        desk.desk.drafts["password"] = "not it"
        await desk.sign_in()
        assert not desk.desk.signed_in and desk.desk.message == "That is not the teacher's password."
        assert "password" not in desk.desk.drafts  # not kept once tried
        await desk.type_text("password", PASSWORD)
        await desk.sign_in()
        assert desk.desk.signed_in and desk.desk.message == ""
        await desk.create_class()
        assert [c.name for c in Classes(store).classes()] == ["7B"] and desk.desk.class_id is not None
        desk.close()

    asyncio.run(run())


def test_guessing_is_limited_per_address(store: Store) -> None:
    async def run() -> None:
        gate = Gate(rate=1 / 60, burst=2)
        guesses = [session(store) for _ in range(3)]
        for guess in guesses:
            guess.gate = gate  # one gate a process: a new tab does not start afresh
            guess.desk.drafts["password"] = "guess"
            await guess.sign_in()
        assert guesses[-1].desk.message.startswith("Too many tries from this device.")
        other = session(store, client="10.0.0.9")
        other.gate = gate
        other.desk.drafts["password"] = PASSWORD
        await other.sign_in()
        assert other.desk.signed_in
        other.close()

    asyncio.run(run())


def test_outside_classroom_mode_no_one_signs_in(store: Store) -> None:
    async def run() -> None:
        desk = session(store, classroom=False)
        desk.desk.drafts["password"] = PASSWORD
        await desk.sign_in()
        assert not desk.desk.signed_in and "--classroom" in desk.problem()

    asyncio.run(run())


def test_a_students_solve_is_heard_and_read_again(store: Store) -> None:
    async def run() -> None:
        school = Classes(store)
        seven = school.create_class("7B")
        desk = session(store)
        desk.desk.drafts["password"] = PASSWORD
        await desk.sign_in()
        assert desk.desk.class_id == seven.id and desk.shown.overview.students == []
        assert store.live.subscribers(class_topic(seven.id)) == 1
        frames = desk.frame.number
        anna, _ = await asyncio.to_thread(school.join, seven.code, "Anna", "2468")  # another thread, as a store write
        await until(lambda: [s.name for s in desk.shown.overview.students] == ["Anna"])
        mine = store.learners(anna.id)
        await asyncio.to_thread(mine.record, anna.id, "classic-card-values", 0, 3, 0, 0)
        solved = (anna.id, "classic-card-values")
        await until(lambda: solved in desk.shown.overview.cells and desk.shown.overview.cells[solved].stars == 3)
        assert desk.frame.number > frames
        # the PIN reset is shown once; a removal waits for "yes"
        await desk.reset_pin(anna.id)
        assert desk.desk.new_pin is not None and desk.desk.new_pin[:2] == (anna.id, "Anna")
        assert school.join(seven.code, "Anna", desk.desk.new_pin[2])[0].id == anna.id
        await desk.dismiss_pin()
        assert desk.desk.new_pin is None
        await desk.remove(anna.id)
        await desk.confirm_remove(False)
        assert [s.name for s in school.students(seven.id)] == ["Anna"]
        await desk.remove(anna.id)
        await desk.confirm_remove(True)
        assert school.students(seven.id) == []
        await until(lambda: desk.shown.overview.students == [])  # a read under way is followed by one more
        # the session ends: no more notices for it
        desk.close()
        assert store.live.subscribers(class_topic(seven.id)) == 0

    asyncio.run(run())


def test_assigning_keeps_the_teachers_order(store: Store) -> None:
    async def run() -> None:
        seven = Classes(store).create_class("7B")
        desk = session(store)
        desk.desk.drafts["password"] = PASSWORD
        await desk.sign_in()
        await desk.assign("classic-frozen-pile", True)
        await desk.assign("classic-card-values", True)
        await desk.assign("classic-black-threes", True)
        await desk.assign("classic-card-values", False)
        assert Classes(store).assigned(seven.id) == ["classic-frozen-pile", "classic-black-threes"]
        await until(lambda: desk.shown.assigned == ("classic-frozen-pile", "classic-black-threes"))
        desk.close()

    asyncio.run(run())


def test_the_projector_only_after_the_password_and_back_to_the_class(store: Store) -> None:
    async def run() -> None:
        desk = session(store)
        await desk.demonstrate("classic-black-threes")
        assert desk.demo is None  # not signed in
        desk.desk.drafts["password"] = PASSWORD
        await desk.sign_in()
        await desk.demonstrate("no-such-lesson")
        assert desk.demo is None
        await desk.demonstrate("classic-black-threes")
        assert desk.demo is not None and desk.demo.index == 0 and desk.page.on_keyboard_event == desk.key
        await desk.key(SimpleNamespace(key="Arrow Right"))  # a presenter's clicker
        assert desk.demo.index == 1
        await desk.demo_deal(1)
        assert desk.demo.variation == 1 and desk.demo.index == 0
        await desk.key(SimpleNamespace(key="Escape"))
        assert desk.demo is None and desk.page.on_keyboard_event is None
        desk.close()

    asyncio.run(run())


def test_a_busy_class_costs_one_read_a_second(store: Store) -> None:
    """Thirty students' notices fold into a read a REFRESH; the teacher's own action is not held back."""
    async def run() -> None:
        seven = Classes(store).create_class("7B")
        desk = session(store)
        desk.desk.drafts["password"] = PASSWORD
        await desk.sign_in()
        reads = []
        original = desk._read

        def counted(class_id: int | None) -> Shown:
            reads.append(time.monotonic())
            return original(class_id)

        desk._read = counted  # type: ignore[method-assign]  # counts the desk's reads
        for _ in range(30):
            store.live.publish(class_topic(seven.id))
            await asyncio.sleep(0.01)
        await until(lambda: desk.reading is None and len(reads) >= 1)
        await asyncio.sleep(1.2)
        assert 1 <= len(reads) <= 2 and all(b - a >= 0.9 for a, b in zip(reads, reads[1:]))
        asked = time.monotonic()
        await desk.assign("classic-card-values", True)  # the teacher's own: read at once, no REFRESH waited
        await until(lambda: desk.shown.assigned == ("classic-card-values",))
        assert time.monotonic() - asked < 0.9
        desk.close()

    asyncio.run(run())


def test_a_kept_sign_in_lets_the_teacher_in_without_the_password_until_it_ends(store: Store) -> None:
    from tutor.store.teacher_sign_ins import TeacherSignIns

    async def run() -> None:
        first = session(store)
        first.desk.drafts["password"] = PASSWORD
        await first.sign_in()
        token = first.token
        assert first.desk.signed_in and isinstance(token, str)  # kept for the browser (its storage)
        first.close()
        again = session(store)  # the reload: a new session, the browser's token
        assert await again.resume(token) and again.desk.signed_in
        assert not await session(store).resume("x" * 43) and not await session(store).resume(None)
        assert not await session(store, classroom=False).resume(token)  # no teacher outside --classroom
        await again.sign_out()
        assert not again.desk.signed_in and again.token is None
        assert not TeacherSignIns(store).valid(token)
        late = session(store)
        assert not await late.resume(token) and not late.desk.signed_in  # the password is asked again
        again.close()

    asyncio.run(run())


def test_a_recovered_store_is_told_on_the_desk_until_read(store: Store) -> None:
    """What a damaged store kept and lost, and where the damaged file is, stand above the classes
    for the signed-in teacher, in every tab, until the teacher has read it."""
    from tutor.store import salvage

    found = salvage.Salvage(file="store.sqlite3", backup="/srv/class/store.sqlite3.damaged-20261129-0800-7",
                            kept={"classes": 1, "students": 29, "attempts": 40}, lost=["students"], no_pin=["Anna"])
    salvage.keep(store.engine, found)

    def said(desk: TeacherSession) -> list[str]:
        found: list[str] = []

        def walk(control: object) -> None:
            if getattr(control, "key", None) == "store-recovered":
                found.extend(str(getattr(c, "value", "")) for c in getattr(getattr(control, "content"), "controls"))
            for name in ("content", "controls"):
                inner = getattr(control, name, None)
                for child in inner if isinstance(inner, list) else [inner]:
                    if child is not None and not isinstance(child, str):
                        walk(child)

        walk(desk.view())
        return found

    async def run() -> None:
        desk = session(store)
        desk.desk.drafts["password"] = PASSWORD
        await desk.sign_in()
        lines = said(desk)
        assert lines[0] == "The store was damaged" and found.backup in lines[1]
        assert lines[2] == "Recovered: 1 class, 29 students, 40 lesson attempts."
        assert lines[3] == "Lost, in part or whole: students." and "Anna" in lines[4]
        other = session(store)  # another tab of the teacher's
        other.desk.drafts["password"] = PASSWORD
        await other.sign_in()
        await other.set_language("is")
        assert said(other)[0] == "Gagnageymslan var skemmd"
        await desk.read_recovered()
        assert said(desk) == [] and salvage.report(store.engine) is None
        await other.read()
        assert said(other) == []

    asyncio.run(run())
