"""End to end, in headless Chromium: a teacher demonstrates a lesson on a projector (1920x1080)
and on a laptop (1280x800): from the lessons screen, stepping with a clicker's keys and with the
buttons, a trap's explanation, another deal, and back to the lessons with nothing recorded.
Screenshots go to test-artifacts/ (demo-*.png)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from tests.tutor.e2e import DESKTOP, browser, by_id, click, read, screenshot, serve, visible, wait_for

if TYPE_CHECKING:
    from playwright.sync_api import ViewportSize

PROJECTOR: ViewportSize = {"width": 1920, "height": 1080}
SIZES: dict[str, ViewportSize] = {"1920x1080": PROJECTOR, "1280x800": DESKTOP}
LESSON = "classic-canastas"  # one move, two traps: deal, what if, back, what if, back, the move


def _counter(page: Any) -> str:
    return read(page, "demo-counter")


def _at(page: Any, number: int, total: int = 6) -> None:
    wait_for(page, lambda: _counter(page) == f"Step {number} of {total}", what=f"step {number} of {total}")


def _press(page: Any, key: str, number: int) -> None:
    page.keyboard.press(key)
    _at(page, number)


@pytest.mark.parametrize("size", list(SIZES))
def test_a_lesson_is_demonstrated_step_by_step_and_left(tmp_path: Path, size: str) -> None:
    viewport = SIZES[size]
    with serve(tmp_path) as url, browser(url, viewport, "lessons-button") as page:
        click(page, "lessons-button")
        by_id(page, f"demo-{LESSON}").first.wait_for(timeout=30_000)
        assert "Demonstrate" in str(by_id(page, f"demo-{LESSON}").first.get_attribute("aria-label"))
        click(page, f"demo-{LESSON}")
        by_id(page, "demo-next").first.wait_for(timeout=30_000)
        _at(page, 1)
        assert read(page, "demo-title") == "Natural and mixed canastas"
        assert "Seven cards or more make a canasta" in read(page, "demo-narration")
        # the table fits the screen: the hand, the pile and the buttons are in view without scrolling
        for node in ("demo-hand", "demo-pile", "demo-next", "demo-back", "demo-narration"):
            assert visible(page, node), f"{node} is out of sight at {size}"
        assert "eight of clubs" in read(page, "demo-hand")
        # drawn for the room: at 1920x1080 the cards of the hand 165 px tall, Next 96 px (two thirds on a laptop)
        scale = min(viewport["width"] / 1920, viewport["height"] / 1080)
        hand, button = by_id(page, "demo-hand").first.bounding_box(), by_id(page, "demo-next").first.bounding_box()
        assert hand is not None and hand["height"] >= 190 * scale, hand
        assert button is not None and button["height"] >= 90 * scale, button
        screenshot(page, f"demo-{size}-1-deal.png")

        # a presenter's clicker: Right, Space and Page Down go on; Left and Page Up go back
        _press(page, "ArrowRight", 2)
        by_id(page, "demo-trap").first.wait_for(timeout=30_000)
        assert "A wild card makes the canasta mixed" in read(page, "demo-trap")
        assert "mixed canasta" in read(page, "demo-meld-0-0")  # the position the trap leads to
        screenshot(page, f"demo-{size}-2-what-if.png")
        _press(page, "Space", 3)
        assert "Back to the position before that move." in read(page, "demo-played")
        assert "natural canasta" not in read(page, "demo-meld-0-0") and "mixed" not in read(page, "demo-meld-0-0")
        _press(page, "PageDown", 4)
        assert "Discarding ends your turn" in read(page, "demo-trap")
        _press(page, "ArrowLeft", 3)
        _press(page, "PageUp", 2)
        assert "A wild card makes the canasta mixed" in read(page, "demo-trap")

        # the buttons do the same; a key after a click steps once (the button keeps no focus that
        # Space would press a second time)
        click(page, "demo-next")
        _at(page, 3)
        click(page, "demo-back")
        _at(page, 2)
        _press(page, "Space", 3)
        page.wait_for_timeout(500)
        _at(page, 3)
        _press(page, "Home", 1)
        assert by_id(page, "demo-trap").count() == 0

        for number in range(2, 7):
            click(page, "demo-next")
            _at(page, number)
        by_id(page, "demo-reached").first.wait_for(timeout=30_000)
        assert read(page, "demo-reached") == "The goal is reached."
        assert "natural canasta" in read(page, "demo-meld-0-0")
        assert read(page, "demo-played").startswith("You lay off 8♣")  # the seat as the table names it
        screenshot(page, f"demo-{size}-6-goal.png")
        page.keyboard.press("ArrowRight")  # at the end nothing moves on
        page.wait_for_timeout(500)
        _at(page, 6)

        # the lesson's variation: a fresh deal, the same traps in it
        click(page, "demo-deal-1")
        wait_for(page, lambda: _counter(page).startswith("Step 1 of "), what="the variation's first step")
        total = int(_counter(page).rsplit(" ", 1)[1])
        page.keyboard.press("ArrowRight")
        wait_for(page, lambda: _counter(page) == f"Step 2 of {total}", what="the variation's second step")
        assert by_id(page, "demo-trap").count() == 1
        assert "jack of clubs" in read(page, "demo-hand")
        screenshot(page, f"demo-{size}-variation-what-if.png")

        # Escape leaves, back to the lessons: nothing was recorded for the learner
        page.keyboard.press("Escape")
        by_id(page, f"open-{LESSON}").first.wait_for(timeout=30_000)
        assert by_id(page, "demo").count() == 0
        assert "★" not in read(page, f"open-{LESSON}") and "☆" not in read(page, f"open-{LESSON}")
        assert by_id(page, f"review-{LESSON}").count() == 0


def test_the_lessons_screen_of_a_phone_offers_no_demonstration(tmp_path: Path) -> None:
    with serve(tmp_path) as url, browser(url, {"width": 390, "height": 844}, "lessons-button") as page:
        click(page, "lessons-button")
        by_id(page, f"open-{LESSON}").first.wait_for(timeout=30_000)
        assert by_id(page, f"demo-{LESSON}").count() == 0


def test_the_longest_hand_and_the_buttons_fit_the_screen(tmp_path: Path) -> None:
    """royal-opening-150 deals the learner 17 cards: at 1920x1080 and at 1280x800 the whole hand,
    the narration and the buttons are in view at every step, without scrolling."""
    lesson = "royal-opening-150"
    with serve(tmp_path) as url, browser(url, PROJECTOR, "lessons-button") as page:
        click(page, "lessons-button")
        by_id(page, f"open-{LESSON}").first.wait_for(timeout=30_000)
        page.mouse.move(400, 500)
        for _ in range(120):  # the Royal lessons are at the end of the catalog: the wheel scrolls to them
            if visible(page, f"demo-{lesson}"):
                break
            page.mouse.wheel(0, 400)
            page.wait_for_timeout(100)
        click(page, f"demo-{lesson}")
        by_id(page, "demo-next").first.wait_for(timeout=30_000)
        assert read(page, "demo-hand").startswith("Your hand: 17 cards")
        total = int(_counter(page).rsplit(" ", 1)[1])
        for viewport in (PROJECTOR, DESKTOP):
            page.set_viewport_size(viewport)
            page.keyboard.press("Home")
            wait_for(page, lambda: _counter(page) == f"Step 1 of {total}", what="the first step")
            for number in range(1, total + 1):
                if number > 1:
                    page.keyboard.press("PageDown")
                    wait_for(page, lambda: _counter(page) == f"Step {number} of {total}", what=f"step {number}")
                page.wait_for_timeout(300)
                for node in ("demo-hand", "demo-next", "demo-back", "demo-goal"):
                    assert visible(page, node), f"{node} out of sight at step {number}, {viewport}"
            screenshot(page, f"demo-longest-hand-{viewport['width']}x{viewport['height']}.png")
