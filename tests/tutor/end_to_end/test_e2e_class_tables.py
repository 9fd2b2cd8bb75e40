"""A class's tables in Chromium (``python -m tutor --classroom``): the teacher (a desktop) makes a table
from the class list on the Tables tab; two students on phones (390x844, touch; one in Swedish) see it on
their home and take their seats with a tap, partners at a table of four with two computer players; the
teacher's list follows the table live, the teacher opens it on the projector with every hand hidden, and
ends it, which both phones are told. Real input only: taps, the wheel, the keyboard."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from tests.tutor.e2e import (DESKTOP, PHONE, by_id, chromium, click, hand_cards, open_page, read, screenshot,
                             scroll_until, served, visible, wait_for)
from tests.tutor.end_to_end.test_e2e_people import _play_a_turn

PASSWORD = "chalk and cheese"


def _type(page: Any, field: str, text: str) -> None:
    by_id(page, field).first.locator("input").first.click()
    page.wait_for_timeout(300)
    page.keyboard.press("Control+a")
    page.keyboard.type(text, delay=30)


def _phone(browser: Any, url: str) -> Any:
    return open_page(browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True).new_page(), url, "join-code")


def _join(page: Any, code: str, name: str, pin: str) -> None:
    _type(page, "join-code", code)
    _type(page, "join-name", name)
    _type(page, "join-pin", pin)
    page.keyboard.press("Enter")
    by_id(page, "sign-out").first.wait_for(timeout=60_000)


def _wheel_to(page: Any, identifier: str) -> None:
    """The wheel turned over the page until the control is in the window."""
    scroll_until(page, lambda: visible(page, identifier), 640, 500, 300)
    assert visible(page, identifier), identifier


def _take_seat(page: Any) -> str:
    """The table the teacher seated this student at, on their home: one tap takes the seat."""
    seat = page.locator('[flt-semantics-identifier^="take-seat-"]')
    wait_for(page, lambda: seat.count() > 0, timeout=60, what="the table on the student's home")
    identifier = str(seat.first.get_attribute("flt-semantics-identifier"))
    click(page, identifier)
    by_id(page, "table-code").first.wait_for(timeout=60_000)
    return identifier.removeprefix("take-seat-")


def _log(page: Any) -> str:
    return " ".join(by_id(page, "log").all_inner_texts())


def test_the_teacher_seats_two_students_follows_projects_and_ends_their_table(tmp_path: Path) -> None:
    with served("--classroom", "--pace", "0.05", "--settings", str(tmp_path / "settings.json"),
                env={**os.environ, "CANASTA_TEACHER_PASSWORD": PASSWORD}) as url, chromium() as browser:
        teacher = open_page(browser.new_context(viewport=DESKTOP).new_page(), url + "teacher", "teacher-password")
        _type(teacher, "teacher-password", PASSWORD)
        teacher.keyboard.press("Enter")
        by_id(teacher, "class-name").first.wait_for(timeout=60_000)
        _type(teacher, "class-name", "7B")
        teacher.keyboard.press("Enter")
        by_id(teacher, "class-code").first.wait_for(timeout=60_000)
        code = read(teacher, "class-code").split()[0]

        anna, bo = _phone(browser, url), _phone(browser, url)
        _join(anna, code, "Anna", "2468")
        click(bo, "lang-sv")
        _join(bo, code, "Bo", "1357")
        click(teacher, "tab-tables")
        by_id(teacher, "tables-seat-here").first.wait_for(timeout=60_000)
        wait_for(teacher, lambda: "2" in read(teacher, "tables-seat-here"), timeout=60, what="two students here")
        click(teacher, "tables-level-beginner")
        click(teacher, "tables-wait-120")
        screenshot(teacher, "class-tables-making.png")
        _wheel_to(teacher, "tables-seat-here")
        click(teacher, "tables-seat-here")

        table = _take_seat(anna)
        assert _take_seat(bo) == table
        doing = f"table-doing-{table}"
        _wheel_to(teacher, doing)
        wait_for(teacher, lambda: read(teacher, doing).startswith("To play: Anna"), timeout=60, what="the table begun, live")
        assert "Anna and Bo" in read(teacher, f"table-scores-{table}")  # partners
        screenshot(anna, "class-table-anna-phone.png")
        screenshot(bo, "class-table-bo-phone.png")

        _play_a_turn(anna)
        wait_for(bo, lambda: "Anna" in _log(bo), timeout=60, what="Anna's turn told on Bo's phone")
        wait_for(teacher, lambda: not read(teacher, doing).startswith("To play: Anna"), timeout=60,
                 what="the teacher's list following the table")
        screenshot(teacher, "class-tables-live.png")

        _wheel_to(teacher, f"table-project-{table}")
        click(teacher, f"table-project-{table}")
        by_id(teacher, "table-projector").first.wait_for(timeout=60_000)
        screenshot(teacher, "class-table-projector.png")
        shown = teacher.locator("flt-semantics").all_inner_texts() + [
            str(node.get_attribute("aria-label")) for node in teacher.locator("[aria-label]").all()]
        # a card of Anna's hand may be on the projector only as its twin of the other deck, face up on the
        # table (the pile's top, a meld, a red three): what Anna's own screen shows beside her hand
        held = set(hand_cards(anna))
        table_shows = " ".join(str(node.get_attribute("aria-label")) + node.inner_text() for node in
                               anna.locator("[flt-semantics-identifier]").all()
                               if not str(node.get_attribute("flt-semantics-identifier")).startswith("hand"))
        found = [(card, text) for card in held for text in shown if card in text and card not in table_shows]
        assert not found, f"a card of a hand on the projector: {found}"
        click(teacher, "projector-leave")
        _wheel_to(teacher, f"table-end-{table}")
        click(teacher, f"table-end-{table}")
        wait_for(anna, lambda: "The teacher has ended the table." in _log(anna), timeout=60, what="the end told to Anna")
        wait_for(bo, lambda: "Läraren har avslutat bordet." in _log(bo), timeout=60, what="the end told to Bo, in Swedish")
        assert "Bordet är avslutat" in read(bo, "status")
        wait_for(teacher, lambda: by_id(teacher, "no-class-tables").count() == 1, timeout=60, what="the table gone from the list")
        screenshot(bo, "class-table-ended-phone.png")
