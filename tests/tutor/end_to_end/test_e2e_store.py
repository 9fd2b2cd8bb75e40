"""Each browser its own, in Chromium with two browser contexts on one server (two people, two
devices), driven only as a person can; and a server killed with -9 and started again gives a browser
back its table and its undo (the store keeps the game after every action, tutor/store)."""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

from tests.tutor.serving_server import free_port
from tests.tutor.e2e import (chromium, open_page, start_app, stop_app, DESKTOP, PHONE, by_id, click, hand_cards,
                             read, screenshot, status, wait_for)

ENGLISH_LESSONS = "Lessons: learn by playing"


def _start(folder: Path, port: int) -> subprocess.Popen[str]:
    """The app as a person starts it (no --lang: each browser's own language), on ``port``."""
    return start_app(port, "--pace", "0", "--settings", str(folder / "settings.json"))


_chromium = chromium


def _open(page: Any, url: str) -> None:
    """Load the app and wait for home."""
    open_page(page, url, "lessons-button")


def _new_tab(page: Any, url: str) -> Any:
    """The same browser (its storage, so its device) in a new tab: a new session."""
    tab = page.context.new_page()
    page.close()
    _open(tab, url)
    return tab


def _learners(page: Any) -> list[str]:
    chips = page.locator('[flt-semantics-identifier^="learner-"]:not([flt-semantics-identifier="learner-name"])')
    return [text.strip() for text in chips.all_inner_texts()]


def test_two_browsers_keep_their_own_and_a_killed_server_gives_the_table_and_undo_back(tmp_path: Path) -> None:
    port = free_port()  # the same port after the restart: the browser's storage belongs to the origin
    url = f"http://127.0.0.1:{port}/"
    server = _start(tmp_path, port)
    try:
        with _chromium() as chromium:
            ada = chromium.new_context(viewport=DESKTOP).new_page()
            bo = chromium.new_context(viewport=PHONE, has_touch=True, is_mobile=True).new_page()
            _open(ada, url)
            _open(bo, url)
            # Bo picks Swedish; Ada's page, opened again, is still in English
            click(bo, "lang-sv")
            # the home screen is drawn anew in Swedish: the button is looked for, not waited on, until it is back
            wait_for(bo, lambda: by_id(bo, "lessons-button").count() > 0 and read(bo, "lessons-button") != ENGLISH_LESSONS,
                     what="Swedish")
            swedish = read(bo, "lessons-button")
            # a new tab is a new session (a reload may find the old one): the device's own settings
            ada = _new_tab(ada, url)
            assert read(ada, "lessons-button") == ENGLISH_LESSONS
            newcomer = chromium.new_context(viewport=DESKTOP).new_page()  # the next student, a first visit
            _open(newcomer, url)
            assert read(newcomer, "lessons-button") == ENGLISH_LESSONS and by_id(newcomer, "welcome").count()
            # Ada names her learner; Bo's catalog does not show her
            click(ada, "lessons-button")
            by_id(ada, "learner-name").first.wait_for(timeout=30_000)
            click(ada, "learner-name")
            ada.keyboard.type("Ada", delay=40)
            ada.keyboard.press("Enter")
            wait_for(ada, lambda: "Ada" in _learners(ada), what="Ada's learner")
            click(bo, "lessons-button")
            by_id(bo, "learner-name").first.wait_for(timeout=30_000)
            assert "Ada" not in _learners(bo) and len(_learners(bo)) == 1  # Bo's own first learner only
            # Ada starts a game and draws; Bo has no game to continue
            click(ada, "home-button")
            by_id(ada, "lessons-button").first.wait_for(timeout=30_000)
            click(ada, "variant-classic")
            wait_for(ada, lambda: status(ada).startswith("Your turn: draw"), what="Ada's table")
            click(ada, "action-draw")
            wait_for(ada, lambda: status(ada).startswith("Your turn: meld"), what="the draw")
            hand = hand_cards(ada)
            screenshot(ada, "store-ada-before-kill.png")
            click(bo, "home-button")
            by_id(bo, "lessons-button").first.wait_for(timeout=30_000)
            bo = _new_tab(bo, url)
            assert by_id(bo, "continue").count() == 0 and read(bo, "lessons-button") == swedish
            screenshot(bo, "store-bo-phone.png")

            server.kill()  # SIGKILL: nothing is cleaned up, nothing written at the end
            server.wait()
            server = _start(tmp_path, port)
            _open(ada, url)  # the page reloaded: a new session, the same device
            click(ada, "continue")
            wait_for(ada, lambda: status(ada).startswith("Your turn: meld"), what="Ada's table back")
            assert hand_cards(ada) == hand
            screenshot(ada, "store-ada-after-restart.png")
            click(ada, "action-undo")  # the undo history came back with the table
            wait_for(ada, lambda: status(ada).startswith("Your turn: draw"), what="the draw taken back")
            assert len(hand_cards(ada)) == len(hand) - 1
            _open(bo, url)
            assert by_id(bo, "continue").count() == 0 and read(bo, "lessons-button") == swedish
    finally:
        stop_app(server)
