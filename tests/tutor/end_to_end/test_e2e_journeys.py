"""A learner's journeys through the app in Chromium, at phone (390x844) and desktop (1280x800)
size, driven only as a person can: clicks and taps on what is visible, the mouse wheel, a finger
on the touch screen, the keyboard. Screenshots of each journey go to test-artifacts/."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.tutor.e2e import (DESKTOP, PHONE, Announcements, browser, by_id, click, enabled, hand_cards, in_sight, inside,
                             read, screenshot, scroll_until, search_the_rules, serve, status, tap_card, touch_drag,
                             visible, wait_for)

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
        page.keyboard.press("Home")
        for _ in range(30):  # Tab brings each item it reaches into view
            page.keyboard.press("Tab")
            page.wait_for_timeout(60)
        box = page.locator(":focus").first.bounding_box()
        assert box is not None and 0 <= box["y"] and box["y"] + box["height"] <= DESKTOP["height"], box


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


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_lesson_from_the_catalog_with_a_mistake_a_trap_try_again_the_solve_and_the_mastery_check(
        home: str, size: str) -> None:
    with browser(home, SIZES[size], "lessons-button") as page:
        _to_catalog(page)
        click(page, "open-classic-black-threes")
        by_id(page, "lesson-goal").first.wait_for(timeout=30_000)
        # a mistake: a black three is not melded with a ten; the engine says why, nothing changes
        tap_card(page, "three of spades")
        tap_card(page, "ten of hearts")
        click(page, "action-meld")
        by_id(page, "refusal").first.wait_for(timeout=30_000)
        assert len(hand_cards(page)) == 4
        click(page, "action-clear")
        wait_for(page, lambda: not enabled(page, "action-clear"), what="the selection cleared")
        # a hint, then the trap: the ten fits the other side's meld
        click(page, "action-hint")
        by_id(page, "hint").first.wait_for(timeout=30_000)
        tap_card(page, "ten of hearts")
        click(page, "action-discard")
        by_id(page, "lesson-trap").first.wait_for(timeout=30_000)
        assert "black three" in read(page, "lesson-trap")
        assert visible(page, "lesson-try_again"), "Try again is out of sight"
        screenshot(page, f"lesson-trap-{size}.png")
        click(page, "lesson-try_again")
        wait_for(page, lambda: status(page).startswith("Your turn"), what="the move before the trap")
        assert by_id(page, "lesson-trap").count() == 0 and len(hand_cards(page)) == 4
        # the solve: the black three blocks the pile
        tap_card(page, "three of spades")
        click(page, "action-discard")
        by_id(page, "lesson-solved").first.wait_for(timeout=30_000)
        assert "☆" in read(page, "lesson-solved")  # a mistake, a hint and a trap cost stars
        assert visible(page, "lesson-mastery")
        screenshot(page, f"lesson-solved-{size}.png")
        # the mastery check: a fresh deal, no hints
        click(page, "lesson-mastery")
        wait_for(page, lambda: "Mastery check" in read(page, "lesson-title"), what="the mastery check")
        wait_for(page, lambda: "three of clubs" in hand_cards(page), what="the variation's deal")
        assert not enabled(page, "action-hint")
        tap_card(page, "three of clubs")
        click(page, "action-discard")
        by_id(page, "lesson-solved").first.wait_for(timeout=30_000)
        assert "★★★" in read(page, "lesson-solved")
        screenshot(page, f"lesson-mastered-{size}.png")
        if size == "phone":  # the panel with Lessons opens from the goal's line
            click(page, "lesson-goal")
            by_id(page, "lesson-catalog").first.wait_for(timeout=30_000)
        click(page, "lesson-catalog")
        by_id(page, "open-classic-black-threes").first.wait_for(timeout=30_000)
        assert "mastered" in read(page, "open-classic-black-threes")


def _y(page: Any, identifier: str) -> float:
    box = by_id(page, identifier).first.bounding_box()
    assert box is not None
    return float(box["y"])


def test_a_tap_deep_in_a_six_player_table_keeps_the_scroll_position(tmp_path: Path) -> None:
    size, touch = "phone", True
    with serve(tmp_path, "--pace", "0.3", "--seed", "5", "--variant", "royal", "--players", "6") as url, \
            browser(url, SIZES[size], "status", touch=touch) as page:
        wait_for(page, lambda: status(page).startswith("Your turn: draw"), what="the learner's turn")
        # the hand and the buttons are in view at the bottom, whatever the table holds
        assert visible(page, "hand-0") and visible(page, "action-draw") and visible(page, "action-discard")
        # every card and button of the dock and the header at least 44 px each way; the languages and a new
        # game's choice, below the table on a phone, once scrolled fully into view (at the end)
        assert _small(page, '[flt-semantics-identifier^="hand-"], [flt-semantics-identifier^="action-"] '
                            '[role="button"], [flt-semantics-identifier="home-button"]', more_than=15) == []
        x, y = SIZES[size]["width"] / 2, 200
        top = _y(page, "log")
        # down into the table until it has moved and the pile is in sight
        scroll_until(page, lambda: _y(page, "log") < top - 50 and in_sight(page, "pile"), x, y, 80, touch=touch,
                     tries=12, pause=200)
        assert in_sight(page, "pile")
        assert _y(page, "log") < top - 50, "the table did not scroll"
        # the scroll offset, read off the first side's name, above the melds (those grow as cards go down)
        before = _y(page, "side-0")
        click(page, "pile")  # the pile is blocked or frozen: the refusal says why, nothing moves
        page.wait_for_timeout(600)
        assert abs(_y(page, "side-0") - before) < 2
        click(page, "action-draw")
        wait_for(page, lambda: status(page).startswith("Your turn: meld"), what="the draw")
        tap_card(page, hand_cards(page)[-1])
        click(page, "action-discard")
        wait_for(page, lambda: not status(page).startswith("Your turn"), what="the computer players' turn")
        wait_for(page, lambda: status(page).startswith("Your turn: draw"), timeout=60, what="five computer moves")
        assert abs(_y(page, "side-0") - before) < 2, "a tap or a computer move scrolled the table"
        screenshot(page, f"royal-6-scrolled-{size}.png")
        # every seat named for a person on the table (the play-by-play log is the engine's text)
        names = " ".join(page.locator('flt-semantics:not([flt-semantics-identifier="log"])').all_inner_texts())
        for seat in ("Left", "Partner on the left", "Across", "Partner on the right", "Right", "Your side"):
            assert seat in names
        assert not any("Seat" in t for t in page.locator("flt-semantics").all_inner_texts()), "a seat by number"
        # a node the table's scrolling cuts off reports only its visible part: these are measured once whole
        players = '[flt-semantics-identifier^="players-"] [role="button"]'
        scroll_until(page, lambda: (box := page.locator(players).last.bounding_box()) is not None
                     and box["height"] >= 43.5 and box["y"] + box["height"] <= SIZES[size]["height"], x, y, 120,
                     touch=touch, tries=20, pause=200)
        assert _small(page, players, more_than=1) == []
        assert _small(page, '[flt-semantics-identifier^="lang-"] [role="button"]', more_than=3) == []


def _small(page: Any, selector: str, more_than: int) -> list[tuple[str, dict[str, float]]]:
    """The tappable nodes under ``selector`` smaller than 44 px either way (there are more than ``more_than``)."""
    taps = page.locator(selector)
    assert taps.count() > more_than
    return [(text, box) for node in taps.all()
            if (box := node.bounding_box()) and box["height"] > 0 and (box["width"] < 43.5 or box["height"] < 43.5)
            for text in [node.inner_text()[:30]]]


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_start_here_then_select_cards_and_meld_by_keyboard_alone(home: str, size: str) -> None:
    from tests.tutor.e2e import focused, selected, tab_to

    with browser(home, SIZES[size], "start-here") as page:
        tab_to(page, "Start here")
        page.keyboard.press("Enter")
        by_id(page, "lesson-goal").first.wait_for(timeout=30_000)
        assert "What the cards are worth" in read(page, "lesson-title")
        for name in ("ace of hearts", "ace of diamonds", "ace of clubs"):
            tab_to(page, name)
            page.keyboard.press("Space")
            wait_for(page, lambda: selected(page, name), what=f"{name} selected")
        screenshot(page, f"keyboard-selected-{size}.png")
        tab_to(page, "Meld")
        page.keyboard.press("Enter")
        by_id(page, "lesson-solved").first.wait_for(timeout=30_000)
        assert "★★★" in read(page, "lesson-solved")
        assert any("meld" in t.lower() for t in page.locator('[flt-semantics-identifier^="meld-0-"]').all_inner_texts())
        if size == "desktop":
            assert focused(page).startswith("Meld"), "the focus was lost to a rebuilt control"
        else:  # a phone's closed buttons leave once the lesson is over: the focus goes on, not lost
            assert by_id(page, "action-meld").count() == 0 and focused(page), "the focus was lost"
        screenshot(page, f"keyboard-melded-{size}.png")


def test_arrow_keys_move_between_the_cards_and_tab_still_works(home: str) -> None:
    from tests.tutor.e2e import focused_card, hand_ids, tab_to

    with browser(home, DESKTOP, "start-here") as page:
        tab_to(page, "Start here")
        page.keyboard.press("Enter")
        by_id(page, "lesson-goal").first.wait_for(timeout=30_000)
        cards = hand_ids(page)  # the hand holds two five of clubs and two of diamonds: by identifier
        assert len(cards) >= 5
        tab_to(page, hand_cards(page)[0])
        assert focused_card(page) == cards[0]
        for expected in (cards[1], cards[2], cards[3]):
            page.keyboard.press("ArrowRight")
            wait_for(page, lambda: focused_card(page) == expected, what=f"the focus on {expected}")
        page.keyboard.press("ArrowLeft")
        wait_for(page, lambda: focused_card(page) == cards[2], what="the focus back on the third card")
        screenshot(page, "arrows-focus.png")  # the focused card is ringed
        page.keyboard.press("Space")
        third = page.locator(f'[flt-semantics-identifier="{cards[2]}"]')
        wait_for(page, lambda: third.get_attribute("aria-current") == "true", what="the third card selected")
        assert focused_card(page) == cards[2], "the focus was lost when the card was drawn selected"
        page.keyboard.press("ArrowRight")
        wait_for(page, lambda: focused_card(page) == cards[3], what="the arrows after a selection")
        page.keyboard.press("Tab")  # Tab goes on from where the arrows left the focus
        wait_for(page, lambda: focused_card(page) != cards[3], what="Tab to move the focus on")
        page.wait_for_timeout(300)  # nothing late (a frame, a focus from the server) moves it again
        assert focused_card(page) == cards[4]
        screenshot(page, "arrows-tab.png")


ENGLISH = re.compile(r"\b(the|Your|you|Pile|Stock|Draw|Discard|Hint|cards?|turn|Take|Undo|Clear|points|side|frozen|"
                     r"of|is|and|not now|Rules|melds|Left|Right|deals|draws|discards|already)\b")


def _all_text(page: Any) -> list[str]:
    """Everything the accessibility tree says (what a screen reader reads), node by node."""
    nodes = page.locator("flt-semantics")
    texts = [t.strip() for t in nodes.all_inner_texts() if t.strip()]
    labels = [str(nodes.nth(i).get_attribute("aria-label")) for i in range(nodes.count())
              if nodes.nth(i).get_attribute("aria-label")]
    return texts + labels


@pytest.mark.parametrize(("size", "lang", "button", "said"), [("desktop", "de", "lang-de", "Du bist dran"),
                                                              ("phone", "is", "lang-is", "Röðin er komin að þér")])
def test_switch_language_mid_hand_and_find_no_english_left(tmp_path: Path, size: str, lang: str, button: str,
                                                           said: str) -> None:
    with serve(tmp_path, "--pace", "0", "--seed", "11") as url, browser(url, SIZES[size], "status") as page:
        wait_for(page, lambda: status(page).startswith("Your turn: draw"), what="the learner's turn")
        told = Announcements(page)
        click(page, "action-discard")  # closed before the draw: the reason is said, and announced
        told.wait_for(lambda said: "draw" in said.lower() or "select" in said.lower())
        click(page, "action-draw")
        told.wait_for(lambda said: said.startswith("Your turn: meld"))  # the status is live
        told.close()
        wait_for(page, lambda: status(page).startswith("Your turn: meld"), what="the draw")
        tap_card(page, hand_cards(page)[0])
        click(page, "action-meld")  # one card is no meld: refused, explained
        by_id(page, "refusal").first.wait_for(timeout=30_000)
        click(page, "action-hint")
        by_id(page, "hint").first.wait_for(timeout=60_000)
        click(page, "action-take_pile")  # not open now: says why
        by_id(page, "notice").first.wait_for(timeout=30_000)
        screenshot(page, f"before-language-switch-{size}.png")
        # a refusal, a hint and a reason showing at once: the hand and the buttons stay in view
        assert visible(page, "hand-0") and visible(page, "action-meld") and visible(page, "action-draw")
        # on a phone the languages come after the table: the wheel, as a person scrolls
        scroll_until(page, lambda: in_sight(page, button), SIZES[size]["width"] / 2, 150, 200, tries=20)
        click(page, button)
        wait_for(page, lambda: said in status(page), what="the status in the new language")
        page.wait_for_timeout(500)
        screenshot(page, f"after-language-switch-{lang}-{size}.png")
        left = [t for t in _all_text(page) if ENGLISH.search(t) and t != "English"]
        assert left == [], f"English left after switching to {lang}: {left}"
        cards = hand_cards(page)
        assert any(("hjarta" in c or "spaða" in c or "lauf" in c or "tígul" in c or "Herz" in c or "Pik" in c
                    or "Kreuz" in c or "Karo" in c or "Jóker" in c or "Joker" in c) for c in cards)


def _play_hand(page: Any) -> None:
    """The learner's turns (draw, discard the first card shown) until the hand is over. With the
    stock used up and the pile frozen, taking the pile needs a pair chosen first (Royal Canasta;
    a tap on "Take the pile" alone is refused), so the learner declines it where that is open."""
    import time

    seen, patience = "", time.monotonic() + 120
    while "The hand is over" not in status(page):
        now = status(page)
        if now != seen:  # the hand goes on: patience only while nothing moves
            seen, patience = now, time.monotonic() + 120
        assert time.monotonic() < patience, f"the hand is stuck; status: {now}"
        if by_id(page, "answer-yes").count():
            click(page, "answer-yes")
        elif now.startswith("Your turn: draw"):
            for kind in ("action-draw_replacement", "action-draw", "action-decline_pile", "action-take_pile"):
                if enabled(page, kind):
                    click(page, kind)
                    break
            wait_for(page, lambda: not status(page).startswith("Your turn: draw") or by_id(page, "refusal").count())
        elif now.startswith("Your turn: meld"):
            tap_card(page, hand_cards(page)[0])
            click(page, "action-discard")
            wait_for(page, lambda: not status(page).startswith("Your turn: meld") or by_id(page, "refusal").count())
        else:
            page.wait_for_timeout(150)


def _scores(page: Any) -> dict[str, list[int]]:
    """The score table as a person reads it: each row's numbers by its name (two sides)."""
    text = " ".join(read(page, "scores").split()).replace("−", "-").replace(",", "")
    rows = {}
    for name in ("This hand", "In all"):
        found = re.search(rf"{name} (-?\d+) (-?\d+)", text)
        assert found, text
        rows[name] = [int(found.group(1)), int(found.group(2))]
    return rows


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_undo_after_the_end_of_a_hand_counts_it_once(tmp_path: Path, size: str) -> None:
    with serve(tmp_path, "--pace", "0", "--seed", "11") as url, browser(url, SIZES[size], "status") as page:
        _play_hand(page)
        by_id(page, "scores").first.wait_for(timeout=30_000)
        first = _scores(page)
        assert first["In all"] == first["This hand"]  # the first hand: the totals are this hand's
        screenshot(page, f"end-of-hand-{size}.png")
        click(page, "action-undo")
        wait_for(page, lambda: status(page).startswith("Your turn"), what="the hand taken back")
        assert by_id(page, "scores").count() == 0
        _play_hand(page)  # the same last move again: the computer players answer as before
        by_id(page, "scores").first.wait_for(timeout=30_000)
        again = _scores(page)
        assert again["In all"] == first["In all"], f"the hand counted twice: {first} then {again}"
        screenshot(page, f"end-of-hand-after-undo-{size}.png")
        click(page, "action-next_hand")
        wait_for(page, lambda: "Your turn" in status(page) or "playing" in status(page), what="hand 2")
        totals = [int(t.replace(",", "")) for t in re.findall(r"([-−]?[\d,]+) points", " ".join(
            page.locator("flt-semantics").all_inner_texts()))]
        assert sorted(set(totals)) == sorted(set(first["In all"])), totals


def test_take_the_pile_with_nothing_selected_says_which_cards_and_counts_no_mistake(home: str) -> None:
    """The mastery check of "Taking an open pile": no meld of the side takes the 9♥, the hand's two
    9s do. Take the pile tapped alone says to select them (before, the app laid the 9♥ on the aces
    and the engine's refusal counted as the learner's mistake); selected, they take it, no star lost."""
    with browser(home, PHONE, "lessons-button", touch=True) as page:
        _to_catalog(page)
        click(page, "open-classic-open-pile")
        by_id(page, "lesson-goal").first.wait_for(timeout=30_000)
        click(page, "action-take_pile")  # onto the side's jacks: the lesson's move
        by_id(page, "lesson-solved").first.wait_for(timeout=30_000)
        click(page, "lesson-mastery")
        wait_for(page, lambda: "Mastery check" in read(page, "lesson-title"), what="the mastery check")
        wait_for(page, lambda: "nine of clubs" in hand_cards(page), what="the variation's deal")
        click(page, "action-take_pile")
        by_id(page, "notice").first.wait_for(timeout=30_000)
        assert read(page, "notice") == "Select the cards from your hand that meld with the 9♥ first."
        assert by_id(page, "refusal").count() == 0 and visible(page, "hand-0")
        screenshot(page, "take-pile-select-first-phone.png")
        tap_card(page, "nine of clubs")
        tap_card(page, "nine of spades")
        click(page, "action-take_pile")
        by_id(page, "lesson-solved").first.wait_for(timeout=30_000)
        assert "★★★" in read(page, "lesson-solved")  # the tap alone was no mistake


def test_two_melds_in_one_selection_are_told_to_be_set_aside_and_then_take_the_pile(home: str) -> None:
    """"Opening with the pile's top card": the kings for the K♥ and the three 8s selected together
    are refused (the 8s are not of the top card's rank); the refusal says how to put both down, and
    done as it says, the pile is taken and the side opens."""
    with browser(home, DESKTOP, "lessons-button") as page:
        _to_catalog(page)
        # the wheel, as a person reaches a lesson further down
        scroll_until(page, lambda: visible(page, "open-classic-pile-to-open"), DESKTOP["width"] / 2,
                     DESKTOP["height"] / 2, 300)
        click(page, "open-classic-pile-to-open")
        by_id(page, "lesson-goal").first.wait_for(timeout=30_000)
        eights = ("eight of clubs", "eight of diamonds", "eight of hearts")
        for label in ("king of spades", "king of diamonds", *eights):
            tap_card(page, label)
        click(page, "action-take_pile")
        by_id(page, "refusal").first.wait_for(timeout=30_000)
        said = read(page, "refusal")
        assert "not with 8♣ 8♦ 8♥" in said and "Set the other melds aside first with “Set aside as a meld”" in said, said
        assert len(hand_cards(page)) == 11  # nothing played
        # the top card the refusal speaks of stays in sight above the dock, which the refusal made taller
        assert in_sight(page, "pile") and "Top card: king of hearts" in read(page, "pile")
        screenshot(page, "take-pile-set-aside-told-desktop.png")
        tap_card(page, "king of spades")  # as told: the 8s aside, then the kings with the pile
        tap_card(page, "king of diamonds")
        click(page, "action-stage")
        wait_for(page, lambda: len(hand_cards(page)) == 8, what="the 8s set aside")
        tap_card(page, "king of spades")
        tap_card(page, "king of diamonds")
        click(page, "action-take_pile")
        by_id(page, "lesson-solved").first.wait_for(timeout=30_000)
        screenshot(page, "take-pile-set-aside-solved-desktop.png")


def _review_in_sight(page: Any) -> bool:
    """The review's heading is on screen, above the dock."""
    found = by_id(page, "review")
    if not found.count():
        return False
    box, dock = found.first.bounding_box(), by_id(page, "status").first.bounding_box()
    return bool(box) and 0 <= box["y"] and (dock is None or box["y"] + 40 <= dock["y"])


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_a_new_learners_journey_from_the_first_visit_through_a_lesson_to_a_hand_and_its_review(
        home: str, size: str) -> None:
    """First visit; a lesson with a mistake, a hint, a trap and its mastery check, the first stars
    explained once; a hand of Classic played to its end; the review of it; the frozen pile found in the
    rules reference by its search field. Screenshots of each step."""
    touch = size == "phone"
    with browser(home, SIZES[size], "lessons-button", touch=touch) as page:
        assert read(page, "welcome") and by_id(page, "start-here").count() == 1  # a first visit explains
        screenshot(page, f"journey-1-first-visit-{size}.png")
        _to_catalog(page)
        click(page, "open-classic-black-threes")
        by_id(page, "lesson-goal").first.wait_for(timeout=30_000)
        tap_card(page, "three of spades")  # a mistake: a black three is not melded with a ten
        tap_card(page, "ten of hearts")
        click(page, "action-meld")
        by_id(page, "refusal").first.wait_for(timeout=30_000)
        screenshot(page, f"journey-2-refusal-{size}.png")
        click(page, "action-clear")
        wait_for(page, lambda: not enabled(page, "action-clear"), what="the selection cleared")
        click(page, "action-hint")
        by_id(page, "hint").first.wait_for(timeout=30_000)
        tap_card(page, "ten of hearts")  # the trap: the ten fits the other side's meld
        click(page, "action-discard")
        by_id(page, "lesson-trap").first.wait_for(timeout=30_000)
        screenshot(page, f"journey-3-trap-{size}.png")
        click(page, "lesson-try_again")
        wait_for(page, lambda: status(page).startswith("Your turn"), what="the move before the trap")
        tap_card(page, "three of spades")
        click(page, "action-discard")
        by_id(page, "lesson-solved").first.wait_for(timeout=30_000)
        # the first stars this learner earns come with what they mean
        wait_for(page, lambda: by_id(page, "stars-note").count(), what="the stars explained")
        assert "no mistake and no hint" in read(page, "stars-note") and "☆" in read(page, "lesson-solved")
        assert visible(page, "stars-note") and visible(page, "lesson-mastery")
        screenshot(page, f"journey-4-first-stars-{size}.png")
        click(page, "lesson-mastery")
        wait_for(page, lambda: "Mastery check" in read(page, "lesson-title"), what="the mastery check")
        wait_for(page, lambda: "three of clubs" in hand_cards(page), what="the variation's deal")
        tap_card(page, "three of clubs")
        click(page, "action-discard")
        by_id(page, "lesson-solved").first.wait_for(timeout=30_000)
        assert "★★★" in read(page, "lesson-solved")
        assert by_id(page, "stars-note").count() == 0  # said once
        screenshot(page, f"journey-5-mastered-{size}.png")
        if touch:  # the panel with Lessons opens from the goal's line
            click(page, "lesson-goal")
            by_id(page, "lesson-catalog").first.wait_for(timeout=30_000)
        click(page, "lesson-catalog")
        by_id(page, "open-classic-black-threes").first.wait_for(timeout=30_000)
        assert "mastered" in read(page, "open-classic-black-threes")
        click(page, "home-button")
        by_id(page, "variant-classic").first.wait_for(timeout=30_000)
        click(page, "variant-classic")
        wait_for(page, lambda: status(page).startswith("Your turn: draw"), what="a hand of Classic")
        screenshot(page, f"journey-6-classic-{size}.png")
        # the hand played to its end; the review comes from the process pool after it. A hand where
        # nothing is worth a word has no review: the next hand is played (a few at most)
        width, height = SIZES[size]["width"], SIZES[size]["height"]
        for hand in range(4):
            _play_hand(page)
            screenshot(page, f"journey-7-hand-over-{hand + 1}-{size}.png")
            try:
                wait_for(page, lambda: by_id(page, "review").count(), timeout=45, what="the review")
                break
            except AssertionError:
                click(page, "action-next_hand")
                wait_for(page, lambda: "The hand is over" not in status(page), what="the next hand")
        assert by_id(page, "review").count(), "four hands without a review"
        # a finger or the wheel on the table's upper part (on a phone the dock holds the lower half)
        scroll_until(page, lambda: _review_in_sight(page), width / 2, height / 5, 200, touch=touch)
        if not _review_in_sight(page):
            screenshot(page, f"journey-8-review-out-of-sight-{size}.png")
        assert _review_in_sight(page), "the review is out of sight"
        said = read(page, "review")
        assert "Looking back at your hand" in said
        screenshot(page, f"journey-8-review-{size}.png")
        # the rules reference: the frozen pile found by its search field, in sight
        box = search_the_rules(page, "frozen pile", "pile.frozen", touch)
        assert inside(page, box), f"the frozen pile is out of sight: {box}"
        assert "The frozen pile" in read(page, "rule-pile.frozen")
        screenshot(page, f"journey-9-rules-frozen-pile-{size}.png")
