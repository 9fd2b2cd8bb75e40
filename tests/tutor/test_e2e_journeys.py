"""A learner's journeys through the app in Chromium, at phone (390x844) and desktop (1280x800)
size, driven only as a person can: clicks and taps on what is visible, the mouse wheel, a finger
on the touch screen, the keyboard. Screenshots of each journey go to test-artifacts/."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.tutor.e2e import (DESKTOP, PHONE, browser, by_id, click, enabled, hand_cards, read, screenshot,
                             serve, status, tap_card, touch_drag, visible, wait_for)

SIZES = {"phone": PHONE, "desktop": DESKTOP}
LAST_LESSON = "open-royal-shed-cards"


@pytest.fixture()
def home(tmp_path: Path) -> Any:
    """A first visit: the app opens at home."""
    with serve(tmp_path, "--pace", "0") as url:
        yield url


def _to_catalog(page: Any) -> None:
    click(page, "lessons-button")
    by_id(page, "open-classic-frozen-pile").first.wait_for(timeout=30_000)


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_the_catalog_scrolls_to_its_last_lesson_and_the_final_game(home: str, size: str) -> None:
    touch = size == "phone"
    with browser(home, SIZES[size], "lessons-button", touch=touch) as page:
        assert read(page, "welcome") and by_id(page, "start-here").count() == 1  # a first visit explains
        assert page.title().startswith("canasta-tutor")
        _to_catalog(page)
        assert not visible(page, LAST_LESSON)
        middle = SIZES[size]["width"] / 2, SIZES[size]["height"] / 2
        for _ in range(80):  # a finger on a phone, the wheel on a desktop
            if visible(page, "play-beginner"):
                break
            if touch:
                touch_drag(page, middle[0], middle[1] + 200, -400)
            else:
                page.mouse.move(*middle)
                page.mouse.wheel(0, 600)
            page.wait_for_timeout(150)
        assert visible(page, "play-beginner") and visible(page, LAST_LESSON), "the end of the catalog is out of reach"
        screenshot(page, f"catalog-end-{size}.png")
        click(page, LAST_LESSON)
        by_id(page, "lesson-goal").first.wait_for(timeout=30_000)
        assert "Royal" in read(page, "lesson-title") or by_id(page, "lesson-title").count()
        screenshot(page, f"last-lesson-{size}.png")


def test_the_catalog_scrolls_by_keyboard(home: str) -> None:
    with browser(home, DESKTOP, "lessons-button") as page:
        _to_catalog(page)
        page.keyboard.press("End")
        wait_for(page, lambda: visible(page, "play-beginner"), what="End to reach the end")
        page.keyboard.press("Home")
        wait_for(page, lambda: visible(page, "open-classic-frozen-pile"), what="Home to go back up")
        for _ in range(40):
            if visible(page, LAST_LESSON):
                break
            page.keyboard.press("PageDown")
            page.wait_for_timeout(150)
        assert visible(page, LAST_LESSON)


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_a_name_full_of_shortcut_letters_can_be_typed(home: str, size: str) -> None:
    name = "Dana Hampus Sux"  # a d h m n p s u x: every one a shortcut at the table
    with browser(home, SIZES[size], "lessons-button") as page:
        _to_catalog(page)
        click(page, "learner-name")
        page.keyboard.type(name, delay=40)
        page.wait_for_timeout(400)
        screenshot(page, f"name-typed-{size}.png")
        page.keyboard.press("Enter")
        chips = page.locator('[flt-semantics-identifier^="learner-"]:not([flt-semantics-identifier="learner-name"])')
        wait_for(page, lambda: any(name in text for text in chips.all_inner_texts()), what="the new learner")
        # the free game behind the catalog did not move: nobody drew a card for the "d"s
        click(page, "home-button")
        by_id(page, "lessons-button").first.wait_for(timeout=30_000)
        click(page, "variant-classic")
        wait_for(page, lambda: status(page).startswith("Your turn: draw"), what="the table")
        assert by_id(page, "confirm").count() == 0  # no game in progress to throw away
        assert len(hand_cards(page)) == 11
