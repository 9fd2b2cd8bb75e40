"""A table where people take turns sitting out a hand, in Chromium at phone size (390×844, touch): Anna
makes a Royal table of five (three against two, one of the three sits out each hand) with four computer
players and starts it. She sits the first hand out: her screen says so and who plays for her side, and
shows the table with no hand and no buttons while the computer players play the hand out. She taps
Next hand, and in the second hand she plays her own cards: a turn by taps. Real input only."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.tutor.e2e import PHONE, by_id, chromium, click, enabled, hand_cards, open_page, read, screenshot, served, \
    status, wait_for
from tests.tutor.end_to_end.test_e2e_people import _make_table


def _log(page: Any) -> str:
    return " ".join(by_id(page, "log").all_inner_texts())


def _play_a_royal_turn(page: Any) -> None:
    """Draw (two cards in Royal; a red three drawn is replaced), tap the hand's first card, discard it."""
    wait_for(page, lambda: enabled(page, "action-draw"), timeout=90, what="Anna's turn in the second hand")
    held = len(hand_cards(page))
    click(page, "action-draw")
    wait_for(page, lambda: len(hand_cards(page)) != held, what="drawn")
    for _ in range(6):  # red threes drawn go to the table, each replaced from the stock
        if not enabled(page, "action-draw_replacement"):
            break
        click(page, "action-draw_replacement")
        page.wait_for_timeout(500)
    before = len(hand_cards(page))
    page.locator('[flt-semantics-identifier^="hand-"]').first.click()
    wait_for(page, lambda: enabled(page, "action-discard"), what="a card selected to discard")
    click(page, "action-discard")
    wait_for(page, lambda: len(hand_cards(page)) == before - 1, what="the discard")


def test_the_person_sitting_out_is_told_sees_no_hand_and_plays_the_next_hand(tmp_path: Path) -> None:
    with served("--lang", "en", "--pace", "0", "--settings", str(tmp_path / "settings.json")) as url, \
            chromium() as browser:
        anna = open_page(browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True).new_page(), url,
                         "people-button")
        # a place for each of the five: four computer players beside Anna
        _make_table(anna, "Anna", {seat: "beginner" for seat in (1, 2, 3, 4)}, variant="royal", table="5")
        assert "sitting out this hand" in read(anna, "people-seat-0")
        click(anna, "people-start")
        wait_for(anna, lambda: status(anna).startswith("You sit out this hand; "), what="the sitting-out line")
        said = status(anna)
        assert "play for your side." in said and "You " not in said.split(";", 1)[1]
        assert hand_cards(anna) == [] and by_id(anna, "action-draw").count() == 0
        assert by_id(anna, "variant-classic").count() == 0  # the table's own variant: no new game from a seat
        screenshot(anna, "people-sitting-out-phone.png")
        # the computer players play the hand out; then the hands are laid down and Next hand is open to her
        wait_for(anna, lambda: enabled(anna, "action-next_hand"), timeout=240, what="the first hand over")
        assert by_id(anna, "people-scores").count() > 0
        click(anna, "action-next_hand")
        wait_for(anna, lambda: len(hand_cards(anna)) > 0, what="Anna's own hand in the second hand")
        assert not status(anna).startswith("You sit out")
        assert "sitting out this hand" not in read(anna, "people-seat-0")
        assert "sitting out this hand" in read(anna, "people-seat-1")  # the next of the three sits out
        _play_a_royal_turn(anna)
        screenshot(anna, "people-sitting-out-next-hand-phone.png")
