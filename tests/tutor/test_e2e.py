"""End to end, in headless Chromium: the app served offline, played through its controls alone.

Needs Debian's ``chromium`` (``.ci/run`` installs it). Screenshots go to ``test-artifacts/``.
"""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run", "--disable-quic"]

pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists() and not os.environ.get("CI"),
                                reason="Debian's chromium is not installed (CI installs it)")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    port = _free_port()
    settings = tmp_path_factory.mktemp("settings") / "settings.json"
    process = subprocess.Popen(
        [sys.executable, "-m", "tutor", "--no-browser", "--port", str(port), "--pace", "0", "--seed", "11",
         "--lang", "en", "--settings", str(settings)],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )
    url = f"http://127.0.0.1:{port}/"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                break
        time.sleep(0.2)
    else:
        process.kill()
        raise AssertionError(f"the server did not start: {process.stdout.read() if process.stdout else ''}")
    yield url
    process.terminate()
    process.wait(timeout=20)


@pytest.fixture()
def browser_page(server: str):  # type: ignore[no-untyped-def]
    from playwright.sync_api import sync_playwright

    # external requests the browser let through (blocked by the content security policy, a
    # request never leaves the machine; Flet's client asks for a runtime it does not need)
    escaped: list[str] = []
    local = ("http://127.0.0.1", "ws://127.0.0.1", "data:", "blob:")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        page.on("requestfinished", lambda r: None if r.url.startswith(local) else escaped.append(r.url))
        page.on("requestfailed", lambda r: None if r.url.startswith(local) or r.failure == "csp"
                else escaped.append(f"{r.url} ({r.failure})"))
        page.goto(server)
        page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=60_000)
        page.locator("flt-semantics-placeholder").dispatch_event("click")
        page.wait_for_selector('[flt-semantics-identifier="status"]', timeout=30_000)
        yield page, escaped
        browser.close()


def _by_id(page, identifier: str):  # type: ignore[no-untyped-def]
    return page.locator(f'[flt-semantics-identifier="{identifier}"]')


def _status(page) -> str:  # type: ignore[no-untyped-def]
    return str(_by_id(page, "status").get_attribute("aria-label") or _by_id(page, "status").inner_text())


def _click(page, identifier: str) -> None:  # type: ignore[no-untyped-def]
    target = _by_id(page, identifier)
    button = target.get_by_role("button")
    (button.first if button.count() else target).click()


def _wait_for(page, predicate, timeout: float = 30.0) -> None:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"timed out; status: {_status(page)}")


def _screenshot(page, name: str) -> None:  # type: ignore[no-untyped-def]
    """A screenshot that shows the table: Flet may show a brief "Working..." while a change is
    rendered, so wait for the table to be drawn; a blank or near-blank picture fails."""
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / name
    for _ in range(20):
        page.wait_for_timeout(250)
        page.screenshot(path=str(path))
        if len(path.read_bytes()) > 10_000:
            return
    raise AssertionError(f"{path} stays nearly empty")


def _enabled(page, identifier: str) -> bool:  # type: ignore[no-untyped-def]
    button = _by_id(page, identifier).get_by_role("button")
    return bool(button.count()) and button.first.get_attribute("aria-disabled") != "true"


def _play_hand(page) -> int:  # type: ignore[no-untyped-def]
    """Play the learner's turns (draw, discard the first card) until the hand is over."""
    turns = 0
    deadline = time.monotonic() + 300  # a stuck table fails with its status instead of hanging the run
    while "The hand is over" not in _status(page):
        assert time.monotonic() < deadline, f"the hand is stuck; status: {_status(page)}"
        status = _status(page)
        if _by_id(page, "answer-yes").count():
            _click(page, "answer-yes")
        elif status.startswith("Your turn: draw"):
            for kind in ("action-draw", "action-take_pile", "action-decline_pile"):
                if _enabled(page, kind):
                    _click(page, kind)
                    break
            _wait_for(page, lambda: not _status(page).startswith("Your turn: draw") or _by_id(page, "refusal").count())
        elif status.startswith("Your turn: meld"):
            _click(page, "hand-0")
            _click(page, "action-discard")
            turns += 1
            _wait_for(page, lambda: not _status(page).startswith("Your turn: meld") or _by_id(page, "refusal").count())
        else:
            page.wait_for_timeout(150)
        assert turns < 80, "the hand does not end"
    return turns


def test_play_a_whole_hand_of_classic_through_the_ui(browser_page) -> None:  # type: ignore[no-untyped-def]
    page, escaped = browser_page
    assert _play_hand(page) > 0
    _screenshot(page, "desktop-end-of-hand.png")
    assert _by_id(page, "scores").count() == 1
    assert escaped == [], "requests left the machine"


@pytest.mark.parametrize("variant", ["wiener", "royal", "swedish"])
def test_play_a_hand_of_every_other_variant(browser_page, variant: str) -> None:  # type: ignore[no-untyped-def]
    page, _ = browser_page
    _click(page, f"variant-{variant}")
    _wait_for(page, lambda: _status(page).startswith("Your turn: draw"))
    assert _play_hand(page) > 0
    _screenshot(page, f"desktop-{variant}-end-of-hand.png")


def test_an_illegal_attempt_is_explained_and_nothing_changes(browser_page) -> None:  # type: ignore[no-untyped-def]
    page, _ = browser_page
    _wait_for(page, lambda: _status(page).startswith("Your turn: draw"))
    _click(page, "action-draw")
    _wait_for(page, lambda: _status(page).startswith("Your turn: meld"))
    cards_before = page.locator('[flt-semantics-identifier^="hand-"]').count()
    _click(page, "hand-0")
    _click(page, "action-meld")
    _wait_for(page, lambda: _by_id(page, "refusal").count() > 0)
    explanation = _read(page, "refusal")
    assert "meld" in explanation.lower()
    assert page.locator('[flt-semantics-identifier^="hand-"]').count() == cards_before


def test_switch_to_icelandic_and_screenshots_at_phone_and_desktop_size(browser_page) -> None:  # type: ignore[no-untyped-def]
    page, _ = browser_page
    _click(page, "lang-is")
    _wait_for(page, lambda: _status(page).startswith("Röðin er komin að þér"))
    _screenshot(page, "desktop-icelandic.png")
    page.set_viewport_size({"width": 390, "height": 844})
    _screenshot(page, "phone-icelandic.png")


def test_a_hint_is_shown_and_points_at_cards(browser_page) -> None:  # type: ignore[no-untyped-def]
    page, _ = browser_page
    _wait_for(page, lambda: _status(page).startswith("Your turn"))
    _click(page, "action-hint")
    _wait_for(page, lambda: _by_id(page, "hint").count() > 0)
    hint = _by_id(page, "hint")
    assert len(str(hint.get_attribute("aria-label") or hint.inner_text())) > 10


def _card(page, label: str):  # type: ignore[no-untyped-def]
    # a card's node reads as its label, then its face ("5♥\n5\n♥")
    return page.locator('[flt-semantics-identifier^="hand-"]').filter(has_text=re.compile(f"^{label}")).first


def _tap_card(page, label: str) -> None:  # type: ignore[no-untyped-def]
    """Tap a card and wait until the table shows it (de)selected: a tap during a re-render could
    otherwise land on a node about to be replaced."""
    was = _card(page, label).get_attribute("aria-current")
    _card(page, label).click()
    _wait_for(page, lambda: _card(page, label).get_attribute("aria-current") != was)


def _read(page, identifier: str) -> str:  # type: ignore[no-untyped-def]
    node = _by_id(page, identifier).first
    return str(node.get_attribute("aria-label") or node.inner_text())


def test_complete_the_freezing_the_pile_lesson_through_the_ui(browser_page) -> None:  # type: ignore[no-untyped-def]
    page, _ = browser_page
    _click(page, "home-button")
    _by_id(page, "lessons-button").wait_for(timeout=30_000)
    _click(page, "lessons-button")
    _by_id(page, "open-classic-frozen-pile").wait_for(timeout=30_000)
    # a second learner on this device: progress is kept per learner
    field = _by_id(page, "learner-name").locator("input, textarea").first
    field.click()
    field.fill("Anna")
    _click(page, "add-learner")
    chips = page.locator('[flt-semantics-identifier^="learner-"]:not([flt-semantics-identifier="learner-name"])')
    _wait_for(page, lambda: any("Anna" in text for text in chips.all_inner_texts()))
    _click(page, "open-classic-frozen-pile")
    _by_id(page, "lesson-goal").wait_for(timeout=30_000)
    assert "frozen" in _read(page, "lesson-goal")
    _click(page, "term-frozen")  # a game term, defined
    _by_id(page, "definition").wait_for(timeout=30_000)
    assert "two natural cards" in _read(page, "definition")
    # the tempting mistake: a wild card with one 5; the lesson explains, nothing changes
    _tap_card(page, "5♥")
    _tap_card(page, "2♦")
    _click(page, "pile")
    _by_id(page, "refusal").wait_for(timeout=30_000)
    assert "you need two natural 5s" in _read(page, "refusal")
    _tap_card(page, "2♦")
    _tap_card(page, "5♦")
    _click(page, "pile")
    _by_id(page, "lesson-solved").wait_for(timeout=30_000)
    assert "★★☆" in _read(page, "lesson-solved")  # one mistake: two stars
    _screenshot(page, "lesson-solved-1280x800.png")
    _click(page, "lesson-catalog")
    _by_id(page, "open-classic-frozen-pile").wait_for(timeout=30_000)
    assert "★★☆" in _read(page, "open-classic-frozen-pile")
    assert _by_id(page, "review-classic-frozen-pile").count() == 0  # due tomorrow, not today
    page.set_viewport_size({"width": 390, "height": 844})
    _screenshot(page, "lessons-390x844.png")
    _click(page, "open-classic-frozen-pile")
    _by_id(page, "lesson-goal").wait_for(timeout=30_000)
    _screenshot(page, "lesson-390x844.png")
    page.set_viewport_size({"width": 1280, "height": 800})
