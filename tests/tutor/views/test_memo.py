"""tutor.views.memo: a frame's unchanged parts are the last frame's very controls, so Flet's diff skips
them; a changed part is built again; nothing is reused across screens or from older frames. And
tutor.store.writer: the store's writes off the event loop, in order, before the frame that shows them."""

from __future__ import annotations

import asyncio
import threading
import time
from functools import partial
from pathlib import Path
from typing import Any

import flet as ft
from flet.controls.base_control import BaseControl
from flet.controls.object_patch import ObjectPatch

from tests.tutor.shell.test_app import Page, as_page
from tutor.shell.app import Session
from tutor.shell.state import Options
from tutor.views.memo import Memo, memo
from tutor.store.store import Owner
from tutor.store.writer import Writer


def _text(value: str) -> ft.Text:
    return ft.Text(value)


def test_a_part_is_reused_only_when_its_inputs_are_equal_and_it_was_in_the_last_frame() -> None:
    cache = Memo()
    with cache.frame("table"):
        first = memo("a", ("x", 1), lambda: _text("x"))
    assert first.key == "a"  # its own key, so no neighbour is paired with it by position
    with cache.frame("table"):
        assert memo("a", ("x", 1), lambda: _text("x")) is first
    with cache.frame("table"):
        changed = memo("a", ("x", 2), lambda: _text("y"))
    assert changed is not first
    with cache.frame("table"):
        pass  # a frame without the part
    with cache.frame("table"):
        assert memo("a", ("x", 2), lambda: _text("y")) is not changed  # not in the last frame: new
    with cache.frame("home"):
        assert memo("a", ("x", 2), lambda: _text("y")) is not changed  # another screen: nothing reused


def test_a_part_inside_a_reused_part_stays_reusable_and_one_slot_twice_is_built_twice() -> None:
    cache = Memo()

    def outer(n: int) -> ft.Column:
        return ft.Column([memo("inner", "same", lambda: _text("inner")), _text(str(n))])

    with cache.frame():
        inner = memo("outer", 1, lambda: outer(1)).controls[0]
    with cache.frame():
        memo("outer", 1, lambda: outer(1))  # reused whole: "inner" not visited, yet kept
    with cache.frame():
        assert memo("outer", 2, lambda: outer(2)).controls[0] is inner
        twice = [memo("twice", 0, lambda: _text("t")) for _ in range(2)]
    assert twice[0] is not twice[1]


def test_without_a_frame_views_are_just_built() -> None:
    assert memo("a", 1, lambda: _text("x")) is not memo("a", 1, lambda: _text("x"))


def test_a_tap_that_selects_a_card_reuses_the_table_and_sends_only_the_card(tmp_path: Path) -> None:
    session = Session(as_page(Page()), Options(settings_file=tmp_path / "settings.json", lang="en", seed=5,
                                      variant="royal", players=6))
    before = session.view()
    cache = session.memo
    builds = cache.builds
    session.model.tap_card(0)
    after = session.view()
    # the tapped card, and the buttons a selection opens (Set aside, Clear), the two rows holding
    # them (the hand's, the buttons') and the dock around them: nothing of the table
    assert cache.builds - builds == 6
    patch, _added, _removed = ObjectPatch.from_diff({"_b": before}, {"_b": after}, control_cls=BaseControl,
                                                  path=[], frozen=True)
    dock = ["_b", "controls", 0, "content", "controls", 2]  # the screen's table: header, middle, dock
    assert patch.patch and all(op["op"] == "replace" and op["path"][:6] == dock for op in patch.patch), patch.patch


def test_writes_run_in_order_off_the_loop_and_the_frame_waits_for_them() -> None:
    writer = Writer()
    done: list[tuple[int, bool]] = []
    seen: list[list[tuple[int, bool]]] = []
    loop_thread = threading.get_ident()

    def write(n: int) -> None:
        time.sleep(0.02)
        done.append((n, threading.get_ident() != loop_thread))

    async def main() -> None:
        for n in range(3):
            writer.submit(partial(write, n), "a test")
        frame = asyncio.Event()

        def settled() -> None:
            seen.append(list(done))
            frame.set()

        writer.after(settled)
        assert not done  # the loop is not held up
        await asyncio.wait_for(frame.wait(), 5)

    asyncio.run(main())
    assert seen == [[(0, True), (1, True), (2, True)]]


def test_a_waiting_latest_write_is_replaced_by_the_newer_one() -> None:
    writer = Writer()
    written: list[int] = []
    gate = threading.Event()
    writer.submit(gate.wait, "the gate")
    for n in range(5):
        writer.submit(partial(written.append, n), "the game", latest=True)
    gate.set()
    writer.flush()
    assert written == [4]
    writer.submit(lambda: written.append(5), "the game", latest=True)
    writer.flush()
    assert written == [4, 5]


def test_the_game_is_saved_after_the_learners_action_and_when_the_computer_players_stop(tmp_path: Path) -> None:
    session = Session(as_page(Page()), Options(settings_file=tmp_path / "settings.json", lang="en", seed=5,
                                      variant="classic", players=4, pace=0.0))
    saved: list[object] = []
    store_save = session.store.save_game

    def save_game(device: Owner, data: dict[str, Any]) -> None:
        saved.append(data["position"])
        store_save(device, data)

    session.store.save_game = save_game  # type: ignore[method-assign]  # a spy on the store's own method

    async def turn() -> None:
        session.model.simple("draw")
        session.model.tap_card(0)
        await session.press("discard")  # the learner's action: saved before its frame
        assert session.bots is not None
        await session.bots  # three computer players move: saved once, when they stop

    asyncio.run(turn())
    session.writer.flush()
    assert session.model.is_my_turn() and len(saved) == 2
    from engine.position import dump_position

    assert saved[-1] == dump_position(session.model.state, reveal=True)


def test_the_middle_and_the_dock_are_the_last_frames_while_their_parts_are(tmp_path: Path) -> None:
    """A tap that selects a card changes only the dock: the scrolling middle is the last frame's very
    column (Flet's diff does not look at it); a frame that changes nothing keeps the dock too, on a
    desktop and on a phone (and the phone's strip of the pile and the counts)."""
    from tests.tutor.helpers import walk
    from tutor.views.table import page_view

    session = Session(as_page(Page()), Options(settings_file=tmp_path / "settings.json", lang="en", seed=5,
                                      variant="classic", players=4))

    def keyed(tree: Any) -> dict[str, Any]:
        return {str(getattr(c, "key", None)): c for c in walk(tree) if getattr(c, "key", None) is not None}

    before = keyed(session.view())
    session.model.tap_card(0)
    after = keyed(session.view())
    assert after["table-scroll"] is before["table-scroll"]
    assert after["dock"] is not before["dock"]  # the card selected and the buttons it opens
    again = keyed(session.view())
    assert again["dock"] is after["dock"] and again["table-scroll"] is after["table-scroll"]
    cache = Memo()
    phone: list[dict[str, Any]] = []
    for _ in range(2):
        with cache.frame("table"):
            phone.append(keyed(page_view(session.model, session.handlers, "small", narrow=True)))
    assert all(phone[1][k] is phone[0][k] for k in ("dock", "table-scroll", "strip-region"))
