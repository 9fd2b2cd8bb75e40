"""bench/mirror.py keeps the page as the server draws it: its copy, patched frame after frame, shows
what a browser would (the classroom benchmark's students act on it)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from bench.mirror import Mirror
from tests.tutor.serving_server import running


def test_the_mirror_follows_the_page_through_taps_and_the_computer_players(tmp_path: Path) -> None:
    async def play(url: str) -> None:
        student = await Mirror.open(url, storage={})
        await student.drain()
        cards = [name for name in student.named() if name.startswith("hand-")]
        assert len(cards) == 11 and student.said("status").startswith("Your turn: draw")
        assert student.named()["hand-0"][1].get("selected") is False
        assert await student.tap_id("hand-0", shown=lambda: student.selected("hand-0")) is not None
        assert student.named()["hand-0"][1].get("selected") is True  # a patch changed one property
        assert await student.tap_id("hand-0", shown=lambda: not student.selected("hand-0")) is not None
        assert await student.tap_id("action-draw", shown=lambda: "hand-11" in student.named()) is not None
        assert len([n for n in student.named() if n.startswith("hand-")]) == 12  # a card added by a patch
        assert student.said("status").startswith("Your turn: meld")
        await student.close()

    with running(tmp_path, "--seed", "5", "--pace", "0") as server:
        asyncio.run(play(server.ws))
