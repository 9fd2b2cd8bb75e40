"""The rules reference used as a learner uses it, in headless Chromium: opened from the table, the
frozen pile found by typing in its search field (on a phone with a finger and the keyboard), in sight,
with the passage's translation; the contents jump to a topic. Screenshots go to test-artifacts/."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from tests.tutor.e2e import (DESKTOP, PHONE, browser, by_id, inside, press, read, screenshot, search_the_rules, serve,
                             visible, wait_for)

if TYPE_CHECKING:  # playwright is imported where a browser is started
    from playwright.sync_api import ViewportSize


@pytest.mark.parametrize(("viewport", "touch"), [(PHONE, True), (DESKTOP, False)], ids=["390x844-touch", "1280x800"])
def test_the_frozen_pile_is_found_by_typing_in_the_search_field(tmp_path: Path, viewport: ViewportSize,
                                                                 touch: bool) -> None:
    size = f"{viewport['width']}x{viewport['height']}"
    with serve(tmp_path, "--pace", "0", "--seed", "11") as url, browser(url, viewport, "status", touch=touch) as page:
        box = search_the_rules(page, "frozen pile", "pile.frozen", touch)
        assert inside(page, box), f"the frozen pile is out of sight: {box}"
        text = read(page, "rule-pile.frozen")
        assert "The frozen pile" in text and "Translation: A frozen pile may only be taken" in text
        assert "pagat" not in text
        assert by_id(page, "rule-turn.draw_first").count() == 0  # the list holds what matches only
        screenshot(page, f"rules-search-frozen-pile-{size}.png")

        # nothing matches: it says so
        page.keyboard.type(" xylophone", delay=20)
        wait_for(page, lambda: "No rule matches" in read(page, "rules-count"), what="no rule matches")
        for _ in range(len(" xylophone") + len("frozen pile")):
            page.keyboard.press("Backspace")
        # each key redraws the reference: on a loaded machine the last of them can take a while
        wait_for(page, lambda: by_id(page, "rules-contents").count() > 0, timeout=90, what="the contents back")
        # the contents jump to a topic
        press(page, "rules-contents-going_out", touch)
        wait_for(page, lambda: visible(page, "rules-topic-going_out"), what="the topic Going out scrolled to")
        screenshot(page, f"rules-topic-going-out-{size}.png")
        press(page, "rules-close", touch)
        wait_for(page, lambda: by_id(page, "rules-reference").count() == 0, what="the reference closed")
