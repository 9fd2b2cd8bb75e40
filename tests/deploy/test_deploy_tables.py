"""A class's table across the school's set-up (deploy/: two app processes behind HAProxy on one
PostgreSQL): four students in Chromium, two on each process, at one table of four; each turn is
played by taps and told on the other process's screens (the table's live topic, NOTIFY); one
process is killed with -9 just after its student drew; that student's and their neighbour's pages
are opened again through the proxy, which sends them to the other process, where they take their
seats back with their hands as they were, the card drawn included, and the hand goes on. The
store's events are the same after the kill as before it, numbered without a gap, and replay to the
table as kept.

And a hand played to its end at a class's table across the two processes: two students, one on each,
each drawing and trying a meld of one card (refused by the engine, with its rule), then letting the
table wait past its 30 s, so the computer players play the hand out; the teacher's grid then shows each
student's record as the teacher reads it: one hand played and the refusal by its rule."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path
from typing import Any

from tests.deploy.test_deploy import PASSWORD, School, _app_pid, _browser_on, _cookie, _load, _until
from tests.tutor.e2e import DESKTOP, PHONE, by_id, chromium, click, enabled, hand_cards, read, screenshot, wait_for
from tests.tutor.end_to_end.test_e2e_class_tables import _join, _log, _take_seat, _type, _wheel_to
from tutor.store import open_store
from tutor.store.tables import TableRows
from tutor.tables.actor import rebuilt


def _supervisor(pid: int) -> int:
    """The process that starts ``pid`` again when it stops (deploy/start-apps.sh's supervise)."""
    stat = Path(f"/proc/{pid}/stat").read_text()
    return int(stat.rsplit(")", 1)[1].split()[1])


def _to_play(pages: dict[str, Any], timeout: float = 90) -> str:
    """The student whose screen says it is their turn (Draw open)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for name, page in pages.items():
            if enabled(page, "action-draw"):
                return name
        next(iter(pages.values())).wait_for_timeout(200)
    raise AssertionError("nobody's turn on any screen")


def _draw(page: Any) -> None:
    held = len(hand_cards(page))
    click(page, "action-draw")
    wait_for(page, lambda: len(hand_cards(page)) >= held + 1, what="the draw")


def _discard(page: Any) -> None:
    held = len(hand_cards(page))
    page.locator('[flt-semantics-identifier^="hand-"]').first.click()
    wait_for(page, lambda: enabled(page, "action-discard"), what="a card selected to discard")
    click(page, "action-discard")
    wait_for(page, lambda: len(hand_cards(page)) == held - 1, what="the discard")


def _events(school: School, code: str) -> list[tuple[int, dict[str, Any]]]:
    store, _ = open_store(school.store, school.folder)
    return TableRows(store).events(code, -1)


def _seat_the_class(browser: Any, school: School, class_name: str, on: dict[str, str], first_pin: int,
                    wait: int) -> tuple[Any, dict[str, Any], dict[str, str]]:
    """The teacher signs in on app1 and makes a class; each student joins it on their phone through the
    proxy, on the process ``on`` names; the teacher's Tables tab, with the table's ``wait``, seats everyone
    who is here, and each student takes their seat. The teacher's page, the students' pages, their codes."""
    teacher = _browser_on(browser, school, "app1", DESKTOP)
    _load(teacher, school.proxy + "teacher", "teacher-password")
    _type(teacher, "teacher-password", PASSWORD)
    teacher.keyboard.press("Enter")
    by_id(teacher, "class-name").first.wait_for(timeout=60_000)
    shown = read(teacher, "class-code") if by_id(teacher, "class-code").count() else ""
    _type(teacher, "class-name", class_name)
    teacher.keyboard.press("Enter")
    wait_for(teacher, lambda: by_id(teacher, "class-code").count() and read(teacher, "class-code") != shown,
             timeout=60, what="the new class's code")
    class_code = read(teacher, "class-code").split()[0]
    pages: dict[str, Any] = {}
    for pin, (name, server) in enumerate(on.items(), start=first_pin):
        page = _browser_on(browser, school, server, PHONE)
        _load(page, school.proxy, "join-code")
        _join(page, class_code, name, f"{pin}{pin}{pin}{pin}")
        pages[name] = page
    click(teacher, "tab-tables")
    by_id(teacher, "tables-seat-here").first.wait_for(timeout=60_000)
    wait_for(teacher, lambda: str(len(on)) in read(teacher, "tables-seat-here"), timeout=60,
             what=f"{len(on)} students here")
    click(teacher, f"tables-wait-{wait}")
    _wheel_to(teacher, "tables-seat-here")
    click(teacher, "tables-seat-here")
    return teacher, pages, {name: _take_seat(page) for name, page in pages.items()}


def test_a_table_across_two_processes_goes_on_after_one_is_killed(school: School) -> None:
    on = {"Anna": "app1", "Bo": "app1", "Cleo": "app2", "Dan": "app2"}
    with chromium() as browser:
        # nobody is played for by a computer player in this test: the longest wait
        teacher, pages, codes = _seat_the_class(browser, school, "5D", on, 1, 300)
        assert len(set(codes.values())) == 1, codes  # one table of four, its students on both processes
        code = codes["Anna"]
        assert {name: _cookie(page) for name, page in pages.items()} == on

        # a round by taps: each turn told on every screen, across the processes
        for _ in range(4):
            name = _to_play(pages)
            _draw(pages[name])
            _discard(pages[name])
            for other, page in pages.items():
                if on[other] != on[name]:
                    wait_for(page, lambda: f"{name} discards" in _log(page), timeout=60,
                             what=f"{name}'s discard told on {other}'s screen, on the other process")

        # a student of app2 draws; app2 is killed with -9 at once (its supervisor held, so the proxy has
        # only app1 to send its browsers to)
        while on[name := _to_play(pages)] != "app2":
            _draw(pages[name])
            _discard(pages[name])
        _draw(pages[name])
        hands = {n: sorted(hand_cards(p)) for n, p in pages.items()}
        before = _events(school, code)
        victim = _app_pid(school.apps[1])
        supervisor = _supervisor(victim)
        os.kill(supervisor, signal.SIGSTOP)
        try:
            os.kill(victim, signal.SIGKILL)
            _until(lambda: school.server_states().get("app2") != "UP", 60, "HAProxy to find app2 down")
            for student in ("Cleo", "Dan"):  # their tabs opened again, through the proxy
                pages[student].close()
                page = pages[student] = pages[student].context.new_page()
                _load(page, school.proxy, "sign-out")
                assert _take_seat(page) == code
                assert _cookie(page) == "app1"  # the other process serves them now
                wait_for(page, lambda: sorted(hand_cards(page)) == hands[student], timeout=60,
                         what=f"{student}'s hand as it was")
            assert "You draw" in _log(pages[name])  # the draw before the kill, told again
            assert _events(school, code) == before  # nothing lost, nothing written again

            # the hand goes on: the student who drew discards, and the round comes round
            _discard(pages[name])
            for _ in range(4):
                turn = _to_play(pages)
                _draw(pages[turn])
                _discard(pages[turn])
            screenshot(pages["Cleo"], "deploy-table-after-kill-phone.png")
        finally:
            os.kill(supervisor, signal.SIGCONT)

    events = _events(school, code)
    assert events[:len(before)] == before
    assert [number for number, _ in events] == list(range(len(events)))
    store, _ = open_store(school.store, school.folder)
    kept = TableRows(store).load(code)
    assert kept is not None and kept[1] == events[-1][0]
    actor = rebuilt(code, kept, events, TableRows(store))
    assert actor.happened and actor.version == kept[1]  # the events replay to the table as kept (else it is read
    assert actor.form.json() == kept[0]                 # as kept, with no story)
    acts = [data for _, data in events if data["kind"] == "act"]
    assert len(acts) >= 2 * 9  # nine turns by taps, each a draw and a discard (none by a computer player)
    assert not any(data["kind"] in ("away", "stand_in") for _, data in events)


def _record(teacher: Any, name: str) -> str:
    """A student's games at the class's tables as the teacher's grid says them (its cell's words, read as
    the screen reader reads them)."""
    for cell in teacher.locator('[flt-semantics-identifier^="tables-"]').all():
        try:  # the grid is drawn anew live: a cell gone between finding and reading is read next time
            label = str(cell.get_attribute("aria-label", timeout=2_000) or cell.inner_text(timeout=2_000))
        except Exception:
            return ""
        if label.startswith(f"{name}, "):
            return label.removeprefix(f"{name}, ")
    return ""


def test_a_hand_played_to_its_end_counts_in_each_students_record_in_the_teachers_view(school: School) -> None:
    on = {"Eva": "app1", "Finn": "app2"}
    _until(lambda: school.server_states().get("app2") == "UP", 90, "app2 up (again)")
    with chromium() as browser:
        # the table's shortest wait: past it a computer player plays for them
        teacher, pages, codes = _seat_the_class(browser, school, "6E", on, 5, 30)
        assert len(set(codes.values())) == 1, codes  # partners at one table, on the two processes
        code = codes["Eva"]
        assert {name: _cookie(page) for name, page in pages.items()} == on

        # each student on their turn: Draw, then a meld of one card, refused by the engine with its rule;
        # then they let the table wait, and the computer players play the hand out
        tried: set[str] = set()
        refused: dict[str, str] = {}
        while len(tried) < 2:
            name = _to_play({n: p for n, p in pages.items() if n not in tried}, timeout=120)
            page = pages[name]
            _draw(page)
            page.locator('[flt-semantics-identifier^="hand-"]').first.click()
            wait_for(page, lambda: enabled(page, "action-meld"), what="a card selected to meld")
            click(page, "action-meld")
            wait_for(page, lambda: by_id(page, "refusal").count() > 0, timeout=60, what=f"{name}'s meld refused")
            refused[name] = read(page, "refusal")  # the rule, as the student was told it
            tried.add(name)
        eva = pages["Eva"]
        wait_for(eva, lambda: by_id(eva, "people-scores").count() > 0, timeout=240, what="the hand played to its end")
        # before the table deals on (after its 30 s), the teacher ends it: one hand, and no other
        _wheel_to(teacher, f"table-end-{code}")
        click(teacher, f"table-end-{code}")
        wait_for(eva, lambda: "The teacher has ended the table." in _log(eva), timeout=60, what="the end told")
        assert "hand 2" not in _log(eva).lower()

        click(teacher, "tab-grid")
        for name in on:  # the grid's cell, as a screen reader says it: hands played, refusals by rule
            wait_for(teacher, lambda: _record(teacher, name).startswith("1 hand, 1 refusal: "), timeout=60,
                     what=f"{name}'s record in the teacher's grid")
            rule = _record(teacher, name).removeprefix("1 hand, 1 refusal: ")
            assert rule.endswith(" (1)") and rule.removesuffix(" (1)") in refused[name], (rule, refused[name])
        screenshot(teacher, "deploy-table-records.png")

    store, _ = open_store(school.store, school.folder)
    events = TableRows(store).events(code, -1)
    assert any(data["kind"] == "stand_in" for _, data in events)  # the computer players played for them
    assert sum(1 for _, data in events if data["kind"] == "act" and data["seat"] in (0, 2)) >= 2
