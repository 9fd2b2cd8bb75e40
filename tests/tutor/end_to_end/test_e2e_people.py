"""Two people at one table, each in their own browser (a desktop and a phone), with two computer
players: the host makes the table, the other joins by typing its code, the host starts, and each plays
a turn by taps; the phone's tab closed and the link opened again gives the seat back, caught up. Every websocket frame the phone receives is read: none holds a card of the host's hand
that the phone may not see."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgpack

from engine.core.cards import JOKER, RED_THREES, pretty_card
from tests.tutor.e2e import (DESKTOP, PHONE, by_id, chromium, click, enabled, hand_cards, open_page, read,
                             screenshot, served, wait_for)
from tests.tutor.wsclient import texts_in
from tutor.views.widgets import card_label


def _type(page: Any, field: str, text: str) -> None:
    """Click into the field, select what is there and type over it, as a person does."""
    by_id(page, field).first.locator("input").first.click()
    page.wait_for_timeout(300)
    page.keyboard.press("Control+a")
    page.keyboard.type(text, delay=30)


def _make_table(host: Any, name: str, seats: dict[int, str], wait: int | None = None, variant: str | None = None,
                table: str | None = None) -> str:
    """From home, as the host does by taps and typing: *Play with people*, their name, the variant and the
    table if chosen, a computer player of the given level in each seat named, the table's wait, *Make the
    table*. Returns the table's code."""
    click(host, "people-button")
    by_id(host, "people-make").first.wait_for(timeout=30_000)
    _type(host, "people-name", name)
    if variant is not None:
        click(host, f"people-variant-{variant}")
    if table is not None:
        click(host, f"people-table-{table}")
    for seat, level in seats.items():
        click(host, f"people-seat-{seat}-{level}")
    if wait is not None:
        click(host, f"people-wait-{wait}")
    host.wait_for_timeout(300)  # the last choice drawn before Make is tapped
    click(host, "people-make")
    by_id(host, "table-code").first.wait_for(timeout=30_000)
    return read(host, "table-code").rsplit(" ", 1)[-1]


def _join_table(page: Any, name: str, code: str) -> Any:
    """From home: *Play with people*, a name and the table's code typed, Enter; seated at the table."""
    click(page, "people-button")
    by_id(page, "people-join").first.wait_for(timeout=30_000)
    _type(page, "people-name", name)
    _type(page, "people-code", code)
    page.keyboard.press("Enter")
    by_id(page, "table-code").first.wait_for(timeout=30_000)
    return page


def _frame_text(payload: Any) -> str:
    """The text a websocket frame carries (Flet's frames are msgpack)."""
    if isinstance(payload, str):
        return payload
    try:
        return "\n".join(texts_in(msgpack.unpackb(payload, raw=False, strict_map_key=False)))
    except Exception:
        return payload.decode("utf-8", "replace")


def _play_a_turn(page: Any, hint: bool = False) -> None:
    """Draw, tap the hand's first card, discard it: by taps, as a person does (``hint``: asking for a
    hint first, which this seat alone sees)."""
    wait_for(page, lambda: enabled(page, "action-draw"), timeout=60, what="this seat's turn")
    if hint:
        click(page, "action-hint")
        wait_for(page, lambda: by_id(page, "hint").count() > 0 and read(page, "hint") != "", what="a hint")
    held = len(hand_cards(page))
    click(page, "action-draw")
    wait_for(page, lambda: len(hand_cards(page)) == held + 1, what="drawn")
    first = page.locator('[flt-semantics-identifier^="hand-"]').first
    first.click()
    wait_for(page, lambda: enabled(page, "action-discard"), what="a card selected to discard")
    click(page, "action-discard")
    wait_for(page, lambda: len(hand_cards(page)) == held, what="the discard")


def test_two_people_and_two_computer_players_play_at_one_table(tmp_path: Path) -> None:
    frames: list[str] = []
    with served("--lang", "en", "--pace", "0.05", "--settings", str(tmp_path / "settings.json")) as url, \
            chromium() as browser:
        host = open_page(browser.new_context(viewport=DESKTOP).new_page(), url, "people-button")
        code = _make_table(host, "Hugo", {1: "beginner", 3: "basic"})
        assert len(code) == 8, code
        assert "waiting for a person" in read(host, "people-seat-2")
        assert "computer player" in read(host, "people-seat-1")

        context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
        phone_page = context.new_page()
        phone_page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: frames.append(_frame_text(payload))))
        phone = open_page(phone_page, url, "people-button")
        click(phone, "people-button")
        by_id(phone, "people-join").first.wait_for(timeout=30_000)
        _type(phone, "people-name", "Pia")
        _type(phone, "people-code", code.lower()[:4] + "-" + code.lower()[4:])  # as it is read out
        click(phone, "people-join")
        by_id(phone, "table-code").first.wait_for(timeout=30_000)
        wait_for(host, lambda: "Pia" in read(host, "people-seat-2"), what="Pia seated on the host's screen")
        screenshot(host, "people-waiting-desktop.png")
        screenshot(phone, "people-waiting-phone.png")

        click(host, "people-start")
        # the host acts first (seat 0, after the dealer at seat 3)
        wait_for(host, lambda: enabled(host, "action-draw"), timeout=60, what="the host's turn")
        click(host, "action-draw")
        wait_for(host, lambda: len(hand_cards(host)) == 12, what="the host's draw")
        phone_hand = set(hand_cards(phone))
        pile = read(phone, "pile")
        seen_before_discard = len(frames)
        host_hand = set(hand_cards(host))
        # the host's turn by taps: a card selected and discarded
        host.locator('[flt-semantics-identifier^="hand-"]').first.click()
        wait_for(host, lambda: enabled(host, "action-discard"), what="the host's card selected")
        click(host, "action-discard")
        wait_for(host, lambda: len(hand_cards(host)) == 11, what="the host's discard")

        # the computer player at seat 1 moves, then it is Pia's turn on the phone
        _play_a_turn(phone, hint=True)
        assert by_id(host, "hint").count() == 0  # the hint is the phone's own
        wait_for(host, lambda: "Pia discards" in " ".join(by_id(host, "log").all_inner_texts()), timeout=30,
                 what="Pia's discard told by name on the host's screen")
        screenshot(host, "people-playing-desktop.png")
        screenshot(phone, "people-playing-phone.png")

        # Pia's tab closes; the table's link opened again on her phone gives her seat back, caught up
        link = read(host, "table-link").split(": ", 1)[1]
        assert link.startswith("http://127.0.0.1:") and link.endswith(f"/table/{code}"), link
        kept = hand_cards(phone)
        phone.close()
        again = open_page(context.new_page(), link, "table-code")
        wait_for(again, lambda: sorted(hand_cards(again)) == sorted(kept), what="Pia's hand back")
        log = " ".join(by_id(again, "log").all_inner_texts())
        assert "You discard" in log, log  # the play-by-play's last lines, told again from the table's events

    # no card of the host's hand the phone may not see reached the phone, until the host discarded one
    words = {card_label(c, "en"): c for c in range(53)}
    hidden = [words[w] for w in host_hand if w in words and w not in phone_hand and w not in pile]
    hidden = [c for c in hidden if c != JOKER and c not in RED_THREES]
    assert len(hidden) >= 5
    received = "\n".join(frames[:seen_before_discard])
    assert "Hugo" in received  # the frames were read
    for card in hidden:
        assert card_label(card, "en") not in received, card_label(card, "en")
        assert pretty_card(card, "en") not in received, pretty_card(card, "en")


def test_a_killed_server_gives_the_table_back_and_it_goes_on(tmp_path: Path) -> None:
    """A table with three computer players; the host draws, and the server is killed with -9 before
    anything else: started again, the table's link gives the host the seat with the card drawn, and
    the computer players go on after the host's discard."""
    from tests.tutor.e2e import start_app, stop_app
    from tests.tutor.serving_server import free_port

    port = free_port()  # the same port after the restart: the browser's storage belongs to the origin
    url = f"http://127.0.0.1:{port}/"
    args = ("--lang", "en", "--pace", "0.05", "--settings", str(tmp_path / "settings.json"))
    server = start_app(port, *args)
    try:
        with chromium() as browser:
            context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
            host = open_page(context.new_page(), url, "people-button")
            click(host, "people-button")
            by_id(host, "people-make").first.wait_for(timeout=30_000)
            _type(host, "people-name", "Hugo")
            for seat in (1, 2, 3):
                click(host, f"people-seat-{seat}-beginner")
            click(host, "people-make")
            by_id(host, "people-start").first.wait_for(timeout=30_000)
            link = read(host, "table-link").split(": ", 1)[1]
            click(host, "people-start")
            wait_for(host, lambda: enabled(host, "action-draw"), timeout=60, what="the host's turn")
            held = len(hand_cards(host))
            click(host, "action-draw")
            wait_for(host, lambda: len(hand_cards(host)) == held + 1, what="the draw")
            hand = sorted(hand_cards(host))

            server.kill()  # SIGKILL: nothing is cleaned up, nothing written at the end
            server.wait()
            server = start_app(port, *args)
            again = open_page(context.new_page(), link, "table-code")
            wait_for(again, lambda: sorted(hand_cards(again)) == hand, what="the host's hand with the card drawn")
            assert "You draw from the stock" in " ".join(by_id(again, "log").all_inner_texts())
            _play_a_turn_after_draw(again)
            wait_for(again, lambda: enabled(again, "action-draw"), timeout=60, what="the host's next turn")
            screenshot(again, "people-after-restart-phone.png")
    finally:
        stop_app(server)


def _play_a_turn_after_draw(page: Any) -> None:
    held = len(hand_cards(page))
    page.locator('[flt-semantics-identifier^="hand-"]').first.click()
    wait_for(page, lambda: enabled(page, "action-discard"), what="a card selected to discard")
    click(page, "action-discard")
    wait_for(page, lambda: len(hand_cards(page)) == held - 1, what="the discard")
