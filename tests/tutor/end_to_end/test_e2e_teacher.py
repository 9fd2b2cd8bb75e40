"""The teacher's view in Chromium (``python -m tutor --classroom``), the teacher and the students each
in their own browser context on one server, driven only as a person can (clicks, typing, the wheel):
the password is asked and a wrong one refused; a class is made and its code shown; a lesson assigned
comes first on the student's home; a lesson is shown on the projector from the grid; the teacher sees a student join, open the lesson, fall into its
trap and solve it, live, without reloading; the traps say it in words; a student's browser that goes
to /teacher gets only the password prompt; the results download as CSV; a PIN reset lets the student
in with the new PIN only; a removal asks first."""

from __future__ import annotations

import csv
import io
import os
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tests.tutor.e2e import (chromium, open_page, served, DESKTOP, PHONE, by_id, click, read,
                             screenshot, status, tap_card, wait_for)

if TYPE_CHECKING:
    from playwright.sync_api import ViewportSize

PASSWORD = "chalk and cheese"
LESSON = "classic-black-threes"  # a trap (discard the ten of hearts) and a solve (discard a black three)
LESSON_TITLE = "Discarding a black three"


def _server(folder: Path) -> Any:
    """A classroom server as a scripted deploy starts it: the teacher's password from the environment."""
    return served("--classroom", "--pace", "0", "--lang", "en", "--settings", str(folder / "settings.json"),
                  env={**os.environ, "CANASTA_TEACHER_PASSWORD": PASSWORD})


_chromium, _open = chromium, open_page


def _device(chromium: Any, viewport: ViewportSize) -> Any:
    phone = viewport == PHONE
    return chromium.new_context(viewport=viewport, has_touch=phone, is_mobile=phone, accept_downloads=True).new_page()


def _type(page: Any, field: str, text: str) -> None:
    """Click into the field, select what is there and type over it."""
    by_id(page, field).first.locator("input").first.click()
    page.wait_for_timeout(300)  # the field takes the focus before the keys
    page.keyboard.press("Control+a")
    page.keyboard.type(text, delay=30)


def _sign_in(page: Any, password: str) -> None:
    _type(page, "teacher-password", password)
    page.keyboard.press("Enter")


def _message(page: Any, identifier: str, before: str = "") -> str:
    wait_for(page, lambda: by_id(page, identifier).count() and read(page, identifier) != before,
             what=f"a new {identifier}")
    return read(page, identifier)


def _join(page: Any, code: str, name: str, pin: str) -> None:
    _type(page, "join-code", code)
    _type(page, "join-name", name)
    _type(page, "join-pin", pin)
    page.keyboard.press("Enter")


def _student_row(page: Any, name: str) -> int | None:
    """The student's id, from the grid's row that names them (None while there is none)."""
    from playwright.sync_api import TimeoutError as Gone

    names = page.locator('[flt-semantics-identifier^="student-"]').filter(has_text=re.compile(f"^{name}$"))
    try:  # the row may go between the look and the read (a removal being drawn)
        found = names.first.get_attribute("flt-semantics-identifier", timeout=500) if names.count() else None
    except Gone:
        found = None
    return None if found is None else int(found.removeprefix("student-"))


def test_the_teacher_sees_the_class_live_and_manages_it(tmp_path: Path) -> None:
    with _server(tmp_path) as url, _chromium() as chromium:
        # the password is asked, and a wrong one refused
        teacher = _open(_device(chromium, DESKTOP), url + "teacher", "teacher-password")
        screenshot(teacher, "teacher-sign-in.png")
        _sign_in(teacher, "not the password")
        assert _message(teacher, "teacher-message") == "That is not the teacher's password."
        _sign_in(teacher, PASSWORD)
        by_id(teacher, "class-name").first.wait_for(timeout=30_000)
        # a class, its code shown large; a lesson assigned
        _type(teacher, "class-name", "7B")
        click(teacher, "create-class")
        by_id(teacher, "class-code").first.wait_for(timeout=30_000)
        code = read(teacher, "class-code").split()[0]
        assert re.fullmatch(r"[A-Z2-9]{6}", code)
        assert by_id(teacher, "no-students").count() == 1
        screenshot(teacher, "teacher-new-class.png")
        click(teacher, "tab-assign")
        click(teacher, f"assign-{LESSON}")
        wait_for(teacher, lambda: LESSON_TITLE in read(teacher, "assigned-list"), what="the assignment")
        click(teacher, "tab-grid")

        # a student joins on her phone: her row appears on the teacher's screen without a reload
        anna = _open(_device(chromium, PHONE), url, "join-code")
        _join(anna, code, "Anna", "2468")
        by_id(anna, f"assigned-{LESSON}").first.wait_for(timeout=30_000)
        wait_for(teacher, lambda: _student_row(teacher, "Anna") is not None, what="Anna on the teacher's grid")
        student = _student_row(teacher, "Anna")
        assert read(teacher, f"now-on-{student}") == "–"
        # she opens the assigned lesson: the teacher sees what she is on now
        click(anna, f"assigned-{LESSON}")
        by_id(anna, "lesson-goal").first.wait_for(timeout=30_000)
        wait_for(teacher, lambda: read(teacher, f"now-on-{student}") == LESSON_TITLE, what="Anna's lesson, live")
        # she falls into the trap: the traps tab says so in the lesson's words
        tap_card(anna, "ten of hearts")
        click(anna, "action-discard")
        by_id(anna, "lesson-trap").first.wait_for(timeout=30_000)
        click(teacher, "tab-traps")
        wait_for(teacher, lambda: by_id(teacher, "trap-1").count() > 0, what="the trap, live")
        trap = read(teacher, "trap-1")
        assert "1 of 1 fell into this trap" in trap and "A black three would have blocked it." in trap
        assert by_id(teacher, "trap-chart").count() == 1
        screenshot(teacher, "teacher-traps.png")
        # she tries again and solves it: her stars appear on the grid, live
        click(anna, "lesson-try_again")
        wait_for(anna, lambda: status(anna).startswith("Your turn"), what="the move before the trap")
        tap_card(anna, "three of spades")
        click(anna, "action-discard")
        by_id(anna, "lesson-solved").first.wait_for(timeout=30_000)
        click(teacher, "tab-grid")
        cell = f"cell-{student}-{LESSON}"
        wait_for(teacher, lambda: by_id(teacher, cell).count() and "2 stars of 3" in read(teacher, cell),
                 what="Anna's solve, live")
        assert "1 mistake" in read(teacher, cell)
        screenshot(teacher, "teacher-grid-live.png")

        # the lesson on the projector, step by step (tutor/classroom/demo.py), then back to the class
        click(teacher, f"demo-{LESSON}")
        by_id(teacher, "demo-counter").first.wait_for(timeout=30_000)
        assert read(teacher, "demo-counter").startswith("Step 1 of ") and read(teacher, "demo-title") == LESSON_TITLE
        click(teacher, "demo-next")
        wait_for(teacher, lambda: read(teacher, "demo-counter").startswith("Step 2 of "), what="the next step")
        screenshot(teacher, "teacher-projector.png")
        click(teacher, "demo-leave")
        by_id(teacher, cell).first.wait_for(timeout=30_000)

        # Anna's browser goes to /teacher: only the password prompt, and her PIN is no password; her
        # tab has left its lesson, as a closed one does (the teacher sees her on none)
        _open(anna, url + "teacher", "teacher-password")
        assert by_id(anna, "sign-out").count() == 0 and by_id(anna, "lesson-goal").count() == 0
        wait_for(teacher, lambda: read(teacher, f"now-on-{student}") == "–", what="Anna off her lesson")
        _sign_in(anna, "2468")
        assert _message(anna, "teacher-message") == "That is not the teacher's password."
        assert by_id(anna, "class-code").count() == 0 and by_id(anna, "create-class").count() == 0
        screenshot(anna, "teacher-refused-student-phone.png")

        # the results as a CSV file, downloaded as a browser downloads a file
        with teacher.expect_download(timeout=30_000) as downloading:
            click(teacher, "download-csv")
        download = downloading.value
        assert download.suggested_filename.startswith("7B-") and download.suggested_filename.endswith(".csv")
        rows = list(csv.DictReader(io.StringIO(Path(download.path()).read_text(encoding="utf-8-sig"))))
        assert [(r["student"], r["lesson"], r["stars"], r["attempts"], r["mistakes"], r["assigned"]) for r in rows] \
            == [("Anna", LESSON, "2", "1", "1", "1")]

        # a new PIN, shown once: the old one no longer lets her in, the new one does
        click(teacher, f"reset-pin-{student}")
        pin = re.search(r"\b(\d{4})\b", _message(teacher, "new-pin"))
        assert pin is not None
        screenshot(teacher, "teacher-new-pin.png")
        click(teacher, "new-pin-done")
        wait_for(teacher, lambda: by_id(teacher, "new-pin").count() == 0, what="the PIN hidden")
        laptop = _open(_device(chromium, DESKTOP), url, "join-code")
        _join(laptop, code, "Anna", "2468")
        assert _message(laptop, "join-message").startswith("That is not the PIN of Anna")
        _join(laptop, code, "Anna", pin.group(1))
        by_id(laptop, "lesson-solved").first.wait_for(timeout=30_000)  # the lesson her tab left, given back
        click(laptop, "home-button")
        by_id(laptop, "sign-out").first.wait_for(timeout=30_000)
        assert read(laptop, "signed-in") == "Signed in as Anna · 7B"

        # removing her asks first; "Keep" keeps her, "Remove" removes her and her results
        click(teacher, f"remove-{student}")
        assert "Remove Anna from the class" in _message(teacher, "remove-question")
        click(teacher, "remove-no")
        wait_for(teacher, lambda: by_id(teacher, "remove-question").count() == 0, what="the question gone")
        assert _student_row(teacher, "Anna") == student
        click(teacher, f"remove-{student}")
        _message(teacher, "remove-question")
        screenshot(teacher, "teacher-remove-question.png")
        click(teacher, "remove-yes")
        wait_for(teacher, lambda: _student_row(teacher, "Anna") is None, what="Anna removed")
        assert by_id(teacher, "no-students").count() == 1


def _filled_class(folder: Path, students: int, lessons: int) -> list[str]:
    """A class whose students have tried the first ``lessons`` lessons of Classic, made through the
    store's API before the server starts (as an earlier lesson would have left it); the lessons' ids."""
    from tutor.lessons.catalog import catalog
    from tutor.store import forget_open_stores, open_store
    from tutor.store.classes import Classes

    store, _ = open_store(None, folder)
    school = Classes(store)
    school.set_teacher_password(PASSWORD)
    seven = school.create_class("7B")
    chosen = [lesson.id for lesson in catalog() if lesson.variant == "classic"][:lessons]
    for n in range(students):
        student, _ = school.join(seven.code, f"Student {n + 1:02d}", "1234")
        for k, lesson in enumerate(chosen):
            if (n + k) % 3:
                store.learners(student.id).record(student.id, lesson, 0, 1 + (n + k) % 3, (n + k) % 2, 0)
    forget_open_stores()
    return chosen


def _swipe(page: Any, x: float, y: float, dx: float, dy: float, steps: int = 8) -> None:
    """A finger moved across the touch screen (Chrome's input events, as a phone sends them)."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    for step in range(1, steps + 1):
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [
            {"x": x + dx * step / steps, "y": y + dy * step / steps}]})
        page.wait_for_timeout(16)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()


def _x(page: Any, identifier: str) -> float:
    box = by_id(page, identifier).first.bounding_box()
    assert box is not None, identifier
    return float(box["x"])


def test_the_grid_scrolls_both_ways_on_a_phone_and_a_desktop(tmp_path: Path) -> None:
    lessons = _filled_class(tmp_path, students=14, lessons=10)
    last = f"column-{lessons[-1]}"
    with _server(tmp_path) as url, _chromium() as chromium:
        for size, viewport in (("phone", PHONE), ("desktop", DESKTOP)):
            teacher = _open(_device(chromium, viewport), url + "teacher", "teacher-password")
            _sign_in(teacher, PASSWORD)
            by_id(teacher, f"column-{lessons[0]}").first.wait_for(timeout=30_000)
            screenshot(teacher, f"teacher-grid-{size}.png")
            # sideways: the wheel's horizontal turn over the grid brings the last lesson's column nearer
            start = _x(teacher, last)
            assert start > viewport["width"], "the grid is narrower than the screen: nothing to scroll"
            now_on = teacher.locator('[flt-semantics-identifier^="now-on-"]').first.bounding_box()
            top = _y_of(teacher, "Student 01")
            teacher.mouse.move(now_on["x"] + 10, now_on["y"] + 10)  # over the grid's cells
            teacher.mouse.wheel(600, 0)
            wait_for(teacher, lambda: _x(teacher, last) < start - 300, what="the grid scrolled sideways")
            # up and down: the wheel brings the last student into view, under the lessons' names
            for _ in range(3):
                teacher.mouse.wheel(0, 700)
                teacher.mouse.wheel(0, 700)
                if _y_of(teacher, "Student 14") < viewport["height"] - 20:
                    break
            wait_for(teacher, lambda: _y_of(teacher, "Student 01") < top - 100, what="the rows scrolled up")
            wait_for(teacher, lambda: _y_of(teacher, "Student 14") < viewport["height"] - 20,
                     what="the last student in view")
            screenshot(teacher, f"teacher-grid-{size}-scrolled.png")
            assert 0 <= _x(teacher, "student-" + _id_of(teacher, "Student 14")) < 40  # the names stay in view
            header = _header_y(teacher)
            assert header is not None and 0 <= header < _y_of(teacher, "Student 14"), "the lessons' names scrolled away"
            if size == "phone":  # and with a finger: a swipe to the left moves the grid back and forth
                before = _x(teacher, last)
                row = teacher.locator('[flt-semantics-identifier^="student-"]').filter(has_text="Student 14")
                _swipe(teacher, 215, row.first.bounding_box()["y"] + 10, 160, 0)  # on the cells, right of the names
                wait_for(teacher, lambda: _x(teacher, last) > before + 60, what="the grid swiped sideways")
            teacher.context.close()


def _header_y(page: Any) -> float | None:
    """Where the grid's header row (a lesson's name) is drawn: the top of the first shown."""
    for node in page.locator('[flt-semantics-identifier^="column-"]').all():
        box = node.bounding_box()
        if box and box["height"] > 0 and box["x"] >= 0:
            return float(box["y"])
    return None


def _id_of(page: Any, name: str) -> str:
    node = page.locator('[flt-semantics-identifier^="student-"]').filter(has_text=name).first
    return str(node.get_attribute("flt-semantics-identifier")).removeprefix("student-")


def _y_of(page: Any, name: str) -> float:
    node = page.locator('[flt-semantics-identifier^="student-"]').filter(has_text=name)
    box = node.first.bounding_box() if node.count() else None
    return float(box["y"]) if box else float("inf")


def test_the_teacher_stays_signed_in_on_their_browser_until_they_sign_out(tmp_path: Path) -> None:
    with _server(tmp_path) as url, _chromium() as chromium:
        teacher = _open(_device(chromium, DESKTOP), url + "teacher", "teacher-password")
        _sign_in(teacher, PASSWORD)
        by_id(teacher, "teacher-sign-out").first.wait_for(timeout=30_000)
        _open(teacher, url + "teacher", "teacher-sign-out")  # reloaded: no password asked
        assert by_id(teacher, "teacher-password").count() == 0
        tab = teacher.context.new_page()  # a new tab: a new session, the same browser's storage
        _open(tab, url + "teacher", "teacher-sign-out")
        screenshot(tab, "teacher-kept-signed-in-desktop.png")
        student = _open(teacher.context.new_page(), url, "join-code")  # the app itself: nobody signed in
        assert by_id(student, "sign-out").count() == 0
        student.close()
        click(tab, "teacher-sign-out")
        by_id(tab, "teacher-password").first.wait_for(timeout=30_000)
        again = _open(teacher.context.new_page(), url + "teacher", "teacher-password")  # signed out: asked again
        assert by_id(again, "teacher-sign-out").count() == 0
        _open(tab, url + "teacher", "teacher-password")
        screenshot(tab, "teacher-signed-out-desktop.png")
        phone = _open(_device(chromium, PHONE), url + "teacher", "teacher-password")  # another browser: its own
        _sign_in(phone, PASSWORD)
        by_id(phone, "teacher-sign-out").first.wait_for(timeout=30_000)
        _open(phone, url + "teacher", "teacher-sign-out")
        screenshot(phone, "teacher-kept-signed-in-phone.png")
