"""A tap on the learner's meld in a Royal lesson picks its card as the discard, and the next frame
shows it (the table's parts are memoised: a pick must rebuild the meld it changed)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from tests.tutor.helpers import semantics
from tests.tutor.shell.test_app import Page, as_page
from tutor.shell.app import Session
from tutor.shell.state import Options


def test_a_tap_on_the_meld_picks_its_last_card_and_the_frame_says_so(tmp_path: Path) -> None:
    session = Session(as_page(Page()), Options(settings_file=tmp_path / "settings.json", lang="en"))
    asyncio.run(session.go("lessons"))
    session.writer.flush()
    asyncio.run(session.open_lesson("royal-discard-melded", 0))
    session.view()  # a frame: its parts may be reused by the next
    asyncio.run(session.tap_meld(1))
    label = semantics(session.view())["meld-0-1"].label or ""
    assert label.endswith("(to discard: two of spades)"), label
    asyncio.run(session.tap_meld(1))
    assert (semantics(session.view())["meld-0-1"].label or "").endswith("(to discard: eight of hearts)")
    asyncio.run(session.press("discard"))  # the 8♥: the lesson's trap (the pile left open)
    assert session.model.lesson is not None and session.model.lesson.consequence is not None
