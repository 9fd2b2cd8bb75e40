"""A server killed with -9 during a lesson, after a mistake, and started again: the learner's
browser reopens in the same lesson, at the same step, with the same cards, and the mistake still
counts when the lesson is solved (tutor/store/resume.py). Driven in Chromium as a person would."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.tutor.e2e import DESKTOP, PHONE, by_id, click, hand_cards, read, screenshot, stop_app, tap_card, wait_for
from tests.tutor.serving_server import free_port
from tests.tutor.end_to_end.test_e2e_store import _chromium, _open, _start

LESSON = "classic-draw-and-discard"


def _reopen(page: Any, url: str) -> None:
    """The page loaded again after the restart; it opens in the lesson, not at home."""
    page.goto(url)
    page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=60_000)
    page.locator("flt-semantics-placeholder").dispatch_event("click")
    by_id(page, "lesson-goal").first.wait_for(timeout=30_000)


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_killed_server_gives_the_lesson_back_at_the_same_step_with_its_mistake(tmp_path: Path, size: str) -> None:
    port = free_port()  # the same port after the restart: the browser's storage (its device) is the origin's
    url = f"http://127.0.0.1:{port}/"
    server = _start(tmp_path, port)
    try:
        with _chromium() as chromium:
            phone = size == "phone"
            page = chromium.new_context(viewport=PHONE if phone else DESKTOP, has_touch=phone, is_mobile=phone).new_page()
            _open(page, url)
            click(page, "lessons-button")
            by_id(page, f"open-{LESSON}").first.wait_for(timeout=30_000)
            click(page, f"open-{LESSON}")
            by_id(page, "lesson-goal").first.wait_for(timeout=30_000)
            title = read(page, "lesson-title")
            click(page, "action-draw")  # the first of three steps
            wait_for(page, lambda: len(hand_cards(page)) == 8, what="the card drawn")
            step = read(page, "lesson-step")
            assert "meld" in step.lower()
            # a mistake: a queen and a seven are no meld; the lesson says why
            tap_card(page, "queen of hearts")
            tap_card(page, "seven of clubs")
            click(page, "action-meld")
            by_id(page, "refusal").first.wait_for(timeout=30_000)
            hand = hand_cards(page)
            screenshot(page, f"restart-lesson-before-kill-{size}.png")

            server.kill()  # SIGKILL: nothing written at the end
            server.wait()
            server = _start(tmp_path, port)
            _reopen(page, url)
            assert read(page, "lesson-title") == title
            wait_for(page, lambda: hand_cards(page) == hand, what="the same cards")
            assert read(page, "lesson-step") == step  # the same step of the lesson
            assert by_id(page, "refusal").count()  # and what it said of the mistake
            screenshot(page, f"restart-lesson-after-restart-{size}.png")

            # the solve (the cards selected before are not kept: a selection is a moment, not a move)
            tap_card(page, "seven of clubs")
            tap_card(page, "seven of spades")
            tap_card(page, "seven of diamonds")
            click(page, "action-meld")
            wait_for(page, lambda: len(hand_cards(page)) == 5, what="the sevens melded")
            tap_card(page, "four of diamonds")
            click(page, "action-discard")
            by_id(page, "lesson-solved").first.wait_for(timeout=30_000)
            solved = read(page, "lesson-solved")
            assert "☆" in solved, f"the mistake before the restart did not count: {solved}"
            screenshot(page, f"restart-lesson-solved-{size}.png")
    finally:
        stop_app(server)
