"""A reload while the page reconnects after a server restart keeps the browser's device.

After a restart every open page reconnects by itself, and Flet gives it a new session whose first
question is the device id kept in the browser. A reload at that moment attaches the reloaded page
to that same session (Flet finds it by the id the tab keeps), while the question went to the page
that left. Unanswered, the session took the browser for a new device and wrote a new id into its
storage: home had no "Continue" (CI, once, in test_e2e_store.py). Here the moment is made certain:
the reconnecting page's answers are lost on the way, as a page's are when it is reloaded."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.tutor.e2e import DESKTOP, by_id, chromium, click, open_page, start_app, status, stop_app, wait_for
from tests.tutor.serving_server import free_port


def test_a_reload_while_the_page_reconnects_keeps_the_device_and_its_game(tmp_path: Path) -> None:
    port = free_port()
    url = f"http://127.0.0.1:{port}/"
    args = ("--pace", "0", "--lang", "en", "--settings", str(tmp_path / "settings.json"))
    lose_answers = [False]
    asked: list[object] = []  # what the server sent the reconnected page (its registration, the question)

    def route(socket: Any) -> None:
        server = socket.connect_to_server()
        if not lose_answers[0]:
            return  # passed on both ways as they are
        lose_answers[0] = False  # only the page's own reconnect: the reload's socket goes through
        registered = [False]

        def from_page(message: object) -> None:
            if not registered[0]:
                registered[0] = True
                server.send(message)  # its registration; what it says after that is lost

        def from_server(message: object) -> None:
            asked.append(message)
            socket.send(message)

        socket.on_message(from_page)
        server.on_message(from_server)

    server = start_app(port, *args)
    try:
        with chromium() as browser:
            page: Any = browser.new_context(viewport=DESKTOP).new_page()
            page.route_web_socket("**/ws", route)
            open_page(page, url, "lessons-button")
            click(page, "variant-classic")
            wait_for(page, lambda: status(page).startswith("Your turn: draw"), what="the table")
            click(page, "action-draw")
            wait_for(page, lambda: status(page).startswith("Your turn: meld"), what="the draw")
            lose_answers[0] = True
            server.kill()
            server.wait()
            server = start_app(port, *args)
            wait_for(page, lambda: len(asked) >= 2, timeout=60, what="the reconnected session's question")
            open_page(page, url, "lessons-button")  # the reload: the same tab, so the same session
            by_id(page, "continue").first.wait_for(timeout=30_000)
            click(page, "continue")
            wait_for(page, lambda: status(page).startswith("Your turn: meld"), what="the game back")
    finally:
        stop_app(server)
