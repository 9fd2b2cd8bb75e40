"""The table in sight on a phone. For a sample of lessons (every kind of step: draw, meld, set aside,
take the pile, discard, ask partner, replace a red three; traps and refusals of every kind) at 390x844
and four of them at 360x740: after the key move, after each trap and after each refusal the lesson
scripts, the pile and every meld are inside the viewport and above the dock, and every action button
is inside the viewport (none past its right edge). The same check as ``bench/phone_lessons.py``, which
walks all the lessons. Then the lesson's goal line opening on a tap, the key that jumps to the hand
and the focus that follows its card, and the page's language."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bench.phone_lessons import Moment, moments
from tests.tutor.e2e import (DESKTOP, PHONE, browser, by_id, chromium, click, focused_card, hand_cards, read, screenshot,
                             serve, status, tab_to, wait_for)
from tutor.lessons.catalog import find_lesson

# draw, meld and discard; take the pile with a meld set aside; ask partner; replace a red three; a
# discard that blocks; lay-offs and canastas; the trap that lets the other side show its canasta; the
# threes of Royal's opening; a frozen pile; going out with two canastas; the last stock card; wild cards
SAMPLE = ("classic-draw-and-discard", "classic-pile-to-open", "classic-ask-partner", "royal-red-threes",
          "classic-black-threes", "classic-canastas", "royal-going-out-time", "royal-threes-opening", "wiener-freezing",
          "swedish-two-canastas", "royal-last-stock-card", "wiener-card-values")
SMALL = ("classic-pile-to-open", "royal-threes-opening", "royal-going-out-time", "classic-canastas")


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Any:
    with serve(tmp_path_factory.mktemp("phone"), "--pace", "0") as url:
        yield url


def _walk(url: str, lesson_id: str, width: int, height: int) -> list[Moment]:
    lesson = find_lesson(lesson_id)
    assert lesson is not None
    with chromium() as launched:
        context = launched.new_context(viewport={"width": width, "height": height}, has_touch=True, is_mobile=True)
        return list(moments(context, url, lesson, f"{width}x{height}"))


def _check(found: list[Moment]) -> None:
    assert [m.kind for m in found].count("key move") == 1
    lesson = find_lesson(found[0].lesson)
    assert lesson is not None and len([m for m in found if m.kind.startswith("trap")]) == len(lesson.traps)
    failed = [f"{m.kind}: hidden {m.hidden} reached {m.reached} {m.note}" for m in found if not m.passed]
    assert not failed, failed
    assert all("pile" in m.checked for m in found if not m.skipped)
    # after a refusal the buttons are there and were checked (after a trap or the solve no action of
    # the table is open, and a phone shows none)
    assert all(any(name.startswith("action-") for name in m.checked) for m in found
               if m.kind.startswith("refusal") and not m.skipped)


@pytest.mark.parametrize("lesson", SAMPLE)
def test_a_lessons_table_is_in_sight_on_a_phone(app: str, lesson: str) -> None:
    _check(_walk(app, lesson, PHONE["width"], PHONE["height"]))


@pytest.mark.parametrize("lesson", SMALL)
def test_a_lessons_table_is_in_sight_on_a_small_phone(app: str, lesson: str) -> None:
    _check(_walk(app, lesson, 360, 740))


def test_the_goal_line_opens_the_lesson_on_a_tap(tmp_path: Path) -> None:
    with serve(tmp_path, "--pace", "0") as url, browser(url + "lesson/classic-pile-to-open", PHONE, "lesson-goal",
                                                      touch=True) as page:
        assert "Opening with the pile" in read(page, "lesson-title")
        assert by_id(page, "lesson-restart").count() == 0 and "Show the whole lesson" in read(page, "lesson-goal")
        click(page, "lesson-goal")
        by_id(page, "lesson-restart").first.wait_for(timeout=30_000)
        assert "Hide the lesson's text" in read(page, "lesson-goal")
        screenshot(page, "phone-goal-open.png")
        click(page, "lesson-goal")
        wait_for(page, lambda: by_id(page, "lesson-restart").count() == 0, what="the panel closed")
        assert by_id(page, "lesson-step").count() == 1  # the narration stays, in the sheet by the hand


def test_c_reaches_the_hand_and_the_focus_follows_the_card_after_a_meld(tmp_path: Path) -> None:
    with serve(tmp_path, "--pace", "0") as url, browser(url + "lesson/classic-card-values", DESKTOP,
                                                      "lesson-goal") as page:
        wait_for(page, lambda: status(page).startswith("Your turn"), what="the learner's turn")
        page.keyboard.press("c")  # one key from anywhere on the table
        wait_for(page, lambda: focused_card(page).startswith("hand-"), what="the focus on the hand")
        aces = ("ace of hearts", "ace of diamonds", "ace of clubs")
        shown = hand_cards(page)
        for name in aces:
            tab_to(page, name)
            page.keyboard.press("Space")
        last = shown.index(aces[-1])
        focused_before = focused_card(page)
        page.keyboard.press("m")
        by_id(page, "lesson-solved").first.wait_for(timeout=30_000)
        # the card that followed the last ace, now that the aces are melded (else the one before them)
        following = [name for name in shown[last + 1:] if name not in aces]
        expected = following[0] if following else [name for name in shown if name not in aces][-1]
        wait_for(page, lambda: page.locator(":focus").count() > 0
                 and page.locator(":focus").first.inner_text().strip() == expected,
                 what=f"the focus on {expected}, not the slot {focused_before}")
        screenshot(page, "keyboard-focus-follows.png")


def test_the_pages_language_follows_the_learner(tmp_path: Path) -> None:
    with serve(tmp_path, "--pace", "0", "--seed", "3") as url, browser(url, PHONE, "status", touch=True) as page:
        # read as a screen reader reads it: the page's language attribute (nothing is done to the page)
        assert page.locator("html").get_attribute("lang") == "en"
        click(page, "lang-de")
        wait_for(page, lambda: page.locator("html").get_attribute("lang") == "de", what="lang=de")
        assert page.title().endswith("canasta-tutor")
