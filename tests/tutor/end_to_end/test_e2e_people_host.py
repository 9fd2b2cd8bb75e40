"""The host's controls at a table for people, in Chromium: the host (a desktop) chooses how long the table
waits for a person (its effect: tests/tutor/tables/test_class_tables.py), frees a person's seat for another (the phone that sat there is told and sees the table
no more), a second person sits down there, and the host gives that seat to a computer player for good.
Real input only: taps and the keyboard."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.tutor.e2e import DESKTOP, PHONE, by_id, chromium, click, open_page, read, screenshot, served, wait_for
from tests.tutor.end_to_end.test_e2e_people import _join_table, _make_table


def _log(page: Any) -> str:
    return " ".join(by_id(page, "log").all_inner_texts())


def _join(browser: Any, url: str, name: str, code: str) -> Any:
    phone = open_page(browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True).new_page(), url,
                      "people-button")
    return _join_table(phone, name, code)


def test_the_host_frees_a_seat_and_gives_it_to_a_computer_player(tmp_path: Path) -> None:
    with served("--lang", "en", "--pace", "0.05", "--settings", str(tmp_path / "settings.json")) as url, \
            chromium() as browser:
        host = open_page(browser.new_context(viewport=DESKTOP).new_page(), url, "people-button")
        code = _make_table(host, "Hugo", {1: "beginner", 3: "beginner"}, wait=30)

        pia = _join(browser, url, "Pia", code)
        wait_for(host, lambda: "Pia" in read(host, "people-seat-2"), what="Pia seated on the host's screen")
        assert by_id(host, "people-give-1-computer").count() == 0  # a computer player's seat: nothing to give
        screenshot(host, "people-host-controls.png")
        click(host, "people-give-2-person")
        wait_for(pia, lambda: by_id(pia, "people-message").count() > 0, what="Pia told her seat was given")
        assert read(pia, "people-message") == "The host has given your seat to someone else."
        assert by_id(pia, "table-code").count() == 0  # her tab shows the table no more
        screenshot(pia, "people-seat-given-phone.png")
        wait_for(host, lambda: "waiting for a person" in read(host, "people-seat-2"), what="the seat free again")
        assert "The host frees the seat of Pia for another person" in _log(host)

        jon = _join(browser, url, "Jon", code)
        wait_for(host, lambda: "Jon" in read(host, "people-seat-2"), what="Jon in the freed seat")
        click(host, "people-give-2-computer")
        wait_for(jon, lambda: by_id(jon, "people-message").count() > 0, what="Jon told")
        wait_for(host, lambda: "computer player" in read(host, "people-seat-2"), what="a computer player's for good")
        assert by_id(host, "people-give-2-computer").count() == 0
        assert "The host gives the seat of Jon to a computer player." in _log(host)
        screenshot(host, "people-host-gave-seat.png")


def test_after_a_hand_the_scores_are_a_table_and_a_chart(tmp_path: Path) -> None:
    """One person and three computer players; the person plays a turn by taps and then lets the table wait
    past its 30 s: a computer player plays the hand out for them, and the scores after the hand show as a
    table and a line chart (looked at in the screenshot)."""
    from tests.tutor.end_to_end.test_e2e_people import _play_a_turn

    with served("--lang", "en", "--pace", "0", "--settings", str(tmp_path / "settings.json")) as url, \
            chromium() as browser:
        host = open_page(browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True).new_page(), url,
                         "people-button")
        _make_table(host, "Hugo", {1: "beginner", 2: "beginner", 3: "beginner"}, wait=30)
        click(host, "people-start")
        _play_a_turn(host)
        # past 30 s a computer player plays for them (its log line may have scrolled on by the hand's end)
        wait_for(host, lambda: "a computer player plays for you" in _log(host) or by_id(host, "people-scores").count() > 0,
                 timeout=90, what="away after 30 s")
        wait_for(host, lambda: by_id(host, "people-scores").count() > 0, timeout=240, what="the hand's scores")
        said = read(host, "people-scores")
        assert said.startswith("You and Partner: ") and "Left and Right: " in said
        by_id(host, "people-scores").first.scroll_into_view_if_needed()
        screenshot(host, "people-scores-phone.png")


def test_the_host_leaves_and_the_table_goes_on_with_another_person_hosting(tmp_path: Path) -> None:
    """Hugo (a desktop) makes a table and Pia (a phone) joins; Hugo leaves before starting it: his tab goes
    home, Pia's screen says she hosts the table now, and she starts the game with the host's button."""
    with served("--lang", "en", "--pace", "0.05", "--settings", str(tmp_path / "settings.json")) as url, \
            chromium() as browser:
        host = open_page(browser.new_context(viewport=DESKTOP).new_page(), url, "people-button")
        code = _make_table(host, "Hugo", {1: "beginner", 3: "beginner"})
        pia = _join(browser, url, "Pia", code)
        assert by_id(pia, "people-start").count() == 0  # the host's button is Hugo's
        wait_for(host, lambda: "Pia" in read(host, "people-seat-2"), what="Pia seated on the host's screen")
        click(host, "people-leave")
        wait_for(host, lambda: by_id(host, "table-code").count() == 0, what="Hugo's tab gone from the table")
        wait_for(pia, lambda: "you host the table now" in _log(pia), what="Pia told she hosts the table")
        assert "Hugo leaves the table; a computer player takes the seat, and you host the table now" in _log(pia)
        wait_for(pia, lambda: by_id(pia, "people-start").count() > 0, what="the host's button on Pia's phone")
        click(pia, "people-start")
        wait_for(pia, lambda: "The game begins." in _log(pia), what="the game begun by Pia")
        screenshot(pia, "people-host-left-phone.png")
