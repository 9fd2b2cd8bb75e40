"""A person's tab closes in the middle of their turn at a table for people (Chromium): past the table's
wait (30 s, chosen by the host) a computer player plays the seat and every screen says so; the person
opens the table's link again on the same phone, takes the seat back with the hand as it is, and plays
their next turn by taps. Real input only: taps, clicks and the keyboard."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

from tests.tutor.e2e import (DESKTOP, PHONE, by_id, chromium, click, enabled, hand_cards, open_page, read, screenshot, scroll_until,
                             served, visible, wait_for)
from tests.tutor.end_to_end.test_e2e_people import _join_table, _make_table, _play_a_turn
from tests.tutor.end_to_end.test_e2e_people_host import _log


def _home(page: Any, url: str) -> Any:
    """The app opened; a server dealing a given game (--seed) opens at its table: Home, as a person taps."""
    open_page(page, url, "home-button")
    click(page, "home-button")
    by_id(page, "people-button").first.wait_for(timeout=30_000)
    return page


def _told(page: Any, touch: bool = False) -> str:
    """The play-by-play's last lines: the table scrolled down to them by the wheel or a finger, as a
    person does (lines scrolled out of sight are not drawn, nor read)."""
    size = page.viewport_size
    scroll_until(page, lambda: False, size["width"] / 2, size["height"] / 3, 250, touch=touch, tries=6, pause=80)
    return _log(page)


def test_a_tab_closed_mid_turn_is_played_for_past_the_wait_and_takes_the_seat_back(tmp_path: Path) -> None:
    # the server's deals (--seed): a hand that lasts past the stand-in's turn
    with served("--lang", "en", "--pace", "0.05", "--seed", "5", "--settings", str(tmp_path / "settings.json")) as url, \
            chromium() as browser:
        host = _home(browser.new_context(viewport=DESKTOP).new_page(), url)
        code = _make_table(host, "Hugo", {1: "beginner", 3: "beginner"}, wait=30)
        link = read(host, "table-link").split(": ", 1)[1]
        context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
        pia = _join_table(_home(context.new_page(), url), "Pia", code)
        wait_for(host, lambda: "Pia" in read(host, "people-seat-2"), what="Pia seated on the host's screen")
        click(host, "people-start")
        _play_a_turn(host)

        # Pia's turn: she draws, and her tab closes before she discards
        wait_for(pia, lambda: enabled(pia, "action-draw"), timeout=60, what="Pia's turn")
        held = len(hand_cards(pia))
        pia.locator('[flt-semantics-identifier="action-draw"]').get_by_role("button").first.tap()
        wait_for(pia, lambda: len(hand_cards(pia)) == held + 1, what="Pia's draw")
        drawn = sorted(hand_cards(pia))
        pia.close()

        # past the table's wait a computer player plays for her: the host's screen says so
        wait_for(host, lambda: "Pia is away: a computer player plays for them" in _told(host), timeout=90,
                 what="Pia away after 30 s")
        assert "away" in read(host, "people-seat-2")
        wait_for(host, lambda: enabled(host, "action-draw"), timeout=60, what="the host's turn after Pia's was played")
        assert "Pia discards" in _told(host)  # her turn finished for her
        screenshot(host, "people-away-desktop.png")

        # the link opened again on her phone: the seat is hers again, with the hand as the stand-in left it
        again = open_page(context.new_page(), link, "table-code")
        wait_for(again, lambda: "You are back at the table." in _told(again, touch=True), what="Pia back at her seat: " + _told(again, touch=True))
        wait_for(host, lambda: "Pia is back at the table." in _told(host), what="Pia back on the host's screen")
        assert "away" not in read(host, "people-seat-2")
        back = sorted(hand_cards(again))
        assert len(back) < len(drawn) and not Counter(back) - Counter(drawn), (back, drawn)  # nothing drawn since
        _play_a_turn(host)
        wait_for(again, lambda: enabled(again, "action-draw"), timeout=60, what="Pia's next turn")
        assert visible(again, "action-draw") and visible(again, "hand-0")  # in sight, to be tapped
        _play_a_turn(again)
        wait_for(host, lambda: "Pia discards" in _told(host).rsplit("is back at the table", 1)[-1], timeout=30,
                 what="Pia's own discard told on the host's screen")
        assert "a computer player plays for them" not in _told(host).rsplit("is back at the table", 1)[-1]
        screenshot(again, "people-back-phone.png")
