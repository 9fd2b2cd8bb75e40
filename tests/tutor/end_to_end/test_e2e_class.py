"""A class in Chromium (``python -m tutor --classroom``), several browser contexts on one server, each
a student's device, driven only as a person can: students join with the class code, their name and a
PIN; each sees only their own language, profile, game and progress; a student signing in on a second
device gets their own table back; a wrong PIN is refused, and guessing has to wait; the teacher's
lessons come first; "Sign out" forgets the browser's sign-in; /teacher draws no student's screen.

The class is made and its lessons assigned through the store's API (tutor/store/classes.py), as the
teacher's view does; this file tests the students' side.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from tests.tutor.e2e import (chromium, open_page, served, DESKTOP, PHONE, by_id, click, hand_cards, read, screenshot, status, tap_card, wait_for)
from tutor.store import forget_open_stores, open_store
from tutor.store.classes import Classes

if TYPE_CHECKING:
    from playwright.sync_api import ViewportSize

ASSIGNED = ["classic-black-threes", "classic-card-values"]  # not the path's order: the teacher's
ENGLISH_LESSONS = "Lessons: learn by playing"


def _server(folder: Path) -> Any:
    """A classroom server as a teacher starts it (no --lang: each student's own language)."""
    return served("--classroom", "--pace", "0", "--settings", str(folder / "settings.json"))


_chromium, _open = chromium, open_page


def _device(chromium: Any, viewport: ViewportSize, url: str) -> Any:
    """A new device (its own browser storage) at the join screen."""
    phone = viewport == PHONE
    return _open(chromium.new_context(viewport=viewport, has_touch=phone, is_mobile=phone).new_page(), url,
                 "join-code")


def _type(page: Any, field: str, text: str) -> None:
    """Click into the field, select what is there and type over it."""
    by_id(page, field).first.locator("input").first.click()
    page.wait_for_timeout(300)  # the field takes the focus before the keys
    page.keyboard.press("Control+a")
    page.keyboard.type(text, delay=30)


def _message(page: Any) -> str:
    return read(page, "join-message") if by_id(page, "join-message").count() else ""


def _fill(page: Any, code: str, name: str, pin: str) -> None:
    _type(page, "join-code", code)
    _type(page, "join-name", name)
    _type(page, "join-pin", pin)


def _join(page: Any, code: str, name: str, pin: str) -> None:
    _fill(page, code, name, pin)
    page.keyboard.press("Enter")


def _refused(page: Any) -> str:
    """Enter in the focused field, and the join screen's new message."""
    before = _message(page)
    page.keyboard.press("Enter")
    try:
        wait_for(page, lambda: _message(page) not in ("", before), what="the join's message")
    except AssertionError:
        screenshot(page, "class-join-no-message.png")
        raise
    return _message(page)


def _y(page: Any, identifier: str) -> float:
    box = by_id(page, identifier).first.bounding_box()
    assert box is not None, identifier
    return float(box["y"])


def _class(folder: Path) -> str:
    """A class with two lessons assigned, in the store the server will open; its join code."""
    store, _ = open_store(None, folder)
    school = Classes(store)
    school.set_teacher_password("a teacher's secret")  # else a --classroom server with no terminal does not start
    seven = school.create_class("7B")
    school.assign(seven.id, ASSIGNED)
    forget_open_stores()
    return seven.code


def test_students_join_and_keep_their_own_from_any_device(tmp_path: Path) -> None:
    code = _class(tmp_path)
    with _server(tmp_path) as url, _chromium() as chromium:
        # the join screen says what is wrong, in words
        anna = _device(chromium, DESKTOP, url)
        _fill(anna, code, "Anna", "12")
        assert _refused(anna) == "A PIN is 4 to 8 digits."
        # a PIN of the right shape with a code no class has (the PIN's shape is checked first: a malformed
        # PIN costs no try from the guessing limits)
        _type(anna, "join-code", "ZZZZZZ")
        _type(anna, "join-pin", "1357")
        assert _refused(anna).startswith("No class has the code ZZZZZZ.")
        screenshot(anna, "class-join-refused-desktop.png")
        # Anna joins (the code typed in small letters, as a phone may); Bo on his phone
        _join(anna, code.lower(), "Anna", "2468")
        by_id(anna, "sign-out").first.wait_for(timeout=30_000)
        assert read(anna, "signed-in") == "Signed in as Anna · 7B"
        bo = _device(chromium, PHONE, url)
        screenshot(bo, "class-join-phone.png")
        _join(bo, code, "Bo", "1357")
        by_id(bo, "sign-out").first.wait_for(timeout=30_000)
        # the teacher's lessons first, in the teacher's order, above the catalog's button
        assert _y(anna, f"assigned-{ASSIGNED[0]}") < _y(anna, f"assigned-{ASSIGNED[1]}") < _y(anna, "lessons-button")
        # Bo picks Swedish; Anna stays in English
        click(bo, "lang-sv")
        wait_for(bo, lambda: read(bo, "lessons-button") != ENGLISH_LESSONS, what="Swedish")
        swedish = read(bo, "lessons-button")
        assert read(bo, "signed-in").startswith("Inloggad som Bo")
        # Anna solves an assigned lesson and starts a game of her own
        click(anna, f"assigned-{ASSIGNED[1]}")
        by_id(anna, "lesson-goal").first.wait_for(timeout=30_000)
        for card in ("ace of hearts", "ace of diamonds", "ace of clubs"):
            tap_card(anna, card)
        click(anna, "action-meld")
        by_id(anna, "lesson-solved").first.wait_for(timeout=30_000)
        click(anna, "lesson-catalog")
        by_id(anna, f"assigned-{ASSIGNED[1]}").first.wait_for(timeout=30_000)
        assert "★★★" in read(anna, f"assigned-{ASSIGNED[1]}")
        assert _y(anna, f"assigned-{ASSIGNED[1]}") < _y(anna, "open-classic-card-values")  # first in the catalog too
        assert by_id(anna, "add-learner").count() == 0 and by_id(anna, "learner-name").count() == 0  # only herself
        click(anna, "home-button")
        by_id(anna, "variant-classic").first.wait_for(timeout=30_000)
        click(anna, "variant-classic")
        wait_for(anna, lambda: status(anna).startswith("Your turn: draw"), what="Anna's table")
        click(anna, "action-draw")
        wait_for(anna, lambda: status(anna).startswith("Your turn: meld"), what="the draw")
        hand = hand_cards(anna)
        # Bo's progress and game are his own: no stars, nothing to continue
        bo = _open(bo.context.new_page(), url, "sign-out")  # a new tab signs in again, in his language
        assert read(bo, "lessons-button") == swedish and by_id(bo, "continue").count() == 0
        assert "★" not in read(bo, f"assigned-{ASSIGNED[1]}")
        screenshot(bo, "class-student-home-phone.png")
        # Anna on a second device: the same student, her table back
        again = _device(chromium, PHONE, url)
        _join(again, code, "anna", "2468")
        by_id(again, "continue").first.wait_for(timeout=30_000)
        assert read(again, "lessons-button") == ENGLISH_LESSONS
        assert "★★★" in read(again, f"assigned-{ASSIGNED[1]}")
        click(again, "continue")
        wait_for(again, lambda: status(again).startswith("Your turn: meld"), what="Anna's table on her phone")
        assert hand_cards(again) == hand
        # Bo signs out: this browser forgets him, and a new tab asks again
        click(bo, "sign-out")
        by_id(bo, "join-code").first.wait_for(timeout=30_000)
        bo = _open(bo.context.new_page(), url, "join-code")
        assert by_id(bo, "sign-out").count() == 0


def test_a_wrong_pin_is_refused_and_guessing_waits(tmp_path: Path) -> None:
    code = _class(tmp_path)
    with _server(tmp_path) as url, _chromium() as chromium:
        anna = _device(chromium, PHONE, url)
        click(anna, "lang-is")  # the language picked on the join screen is the new student's
        wait_for(anna, lambda: read(anna, "join-button") == "Skrá mig", what="the join screen in Icelandic")
        _join(anna, code, "Anna", "2468")
        by_id(anna, "sign-out").first.wait_for(timeout=30_000)
        assert read(anna, "signed-in") == "Innskráning: Anna · 7B" and read(anna, "lessons-button") != ENGLISH_LESSONS
        guesser = _device(chromium, PHONE, url)
        _fill(guesser, code, "Anna", "1111")
        assert _refused(guesser) == ("That is not the PIN of Anna in this class. Try again, or ask your teacher to "
                                     "reset it.")
        screenshot(guesser, "class-wrong-pin-phone.png")
        for pin in ("2222", "3333", "4444", "5555"):  # five wrong PINs for one student, then a wait
            _type(guesser, "join-pin", pin)
            guesser.keyboard.press("Enter")
            guesser.wait_for_timeout(400)
            wait_for(guesser, lambda: read(guesser, "join-button") == "Join", what="the try answered")
        _type(guesser, "join-pin", "2468")  # even the right one waits now
        guesser.keyboard.press("Enter")
        wait_for(guesser, lambda: read(guesser, "join-message").startswith("Too many tries. Wait"),
                 what="the wait")
        assert by_id(guesser, "sign-out").count() == 0
        message = read(guesser, "join-message")
        assert message.endswith("then try again.") and ("second" in message or "minute" in message)
        # the teacher's route draws no student's screen, signed in or not
        for page in (anna.context.new_page(), guesser.context.new_page()):
            page.goto(url + "teacher")
            page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=60_000)
            page.locator("flt-semantics-placeholder").dispatch_event("click")
            page.wait_for_timeout(3000)
            for student_screen in ("join-code", "sign-out", "lessons-button"):
                assert by_id(page, student_screen).count() == 0, student_screen
