"""End to end, in headless Chromium: the app served offline, a free game played through its
controls alone (tests/tutor/e2e.py drives it as a person can). Screenshots go to test-artifacts/."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.tutor.e2e import DESKTOP, PHONE, browser, by_id, click, read, screenshot, serve, status, visible, wait_for
from tests.tutor.end_to_end.test_e2e_journeys import _play_hand


@pytest.fixture()
def table(tmp_path: Path) -> Iterator[Any]:
    with serve(tmp_path, "--pace", "0", "--seed", "11") as url, browser(url, DESKTOP, "status") as page:
        yield page


@pytest.mark.parametrize("variant", ["wiener", "royal", "swedish"])
def test_play_a_hand_of_every_other_variant(table: Any, variant: str) -> None:
    page = table
    click(page, f"variant-{variant}")  # no move played yet: nothing to lose, no question
    # the Classic table also says "Your turn: draw": wait for the new variant's deal itself
    wait_for(page, lambda: by_id(page, f"variant-{variant}").first.get_attribute("aria-current") == "true"
             and status(page).startswith("Your turn: draw"), what=f"the {variant} table")
    _play_hand(page)
    assert by_id(page, "scores").count() == 1
    screenshot(page, f"desktop-{variant}-end-of-hand.png")


def test_a_new_game_asks_before_throwing_away_the_one_in_progress(table: Any) -> None:
    page = table
    click(page, "action-draw")
    wait_for(page, lambda: status(page).startswith("Your turn: meld"))
    click(page, "variant-royal")
    by_id(page, "confirm").first.wait_for(timeout=30_000)
    assert "will be lost" in read(page, "confirm")
    click(page, "confirm-no")
    wait_for(page, lambda: by_id(page, "confirm").count() == 0)
    assert status(page).startswith("Your turn: meld")  # the game goes on where it was
    click(page, "players-4")
    by_id(page, "confirm").first.wait_for(timeout=30_000)
    click(page, "confirm-yes")
    wait_for(page, lambda: status(page).startswith("Your turn: draw"), what="a new game")


def test_a_refusal_links_to_its_rule_told_in_full(table: Any) -> None:
    page = table
    click(page, "action-draw")
    wait_for(page, lambda: status(page).startswith("Your turn: meld"))
    page.locator('[flt-semantics-identifier^="hand-"]').first.click()
    click(page, "action-meld")
    by_id(page, "refusal").first.wait_for(timeout=30_000)
    click(page, "refusal-rule")
    by_id(page, "rule-marked").first.wait_for(timeout=30_000)
    page.wait_for_timeout(800)  # it scrolls to the marked rule
    box = by_id(page, "rule-marked").first.bounding_box()
    assert box is not None and 0 <= box["y"] < DESKTOP["height"], "the refused rule is out of sight"
    text = read(page, "rule-marked")
    assert "Example" in text and "Source: Classic Canasta" in text and "“" in text
    screenshot(page, "rules-reference-1280x800.png")
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(1500)
    screenshot(page, "rules-reference-390x844.png")
    assert visible(page, "rules-close")
    click(page, "rules-close")
    wait_for(page, lambda: by_id(page, "rules-reference").count() == 0)
    assert by_id(page, "refusal").count() == 1  # the table as it was
