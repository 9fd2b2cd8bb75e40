"""What one browser tab's session holds, declared once for the shell's parts.

:class:`tutor.app.Session` is made of mixins (the table, the lessons, the keyboard: tutor/shell_*.py)
that share its state and call each other's handlers. Each mixin derives from :class:`SessionState`,
so the type checker knows what ``self`` holds in every part: the attributes ``Session.__init__`` sets
(their meanings are said there), and the methods one part calls on another. The methods are declared
for the type checker only: at run time this class is empty, and the session's own methods are the
ones called.
"""

from __future__ import annotations

import asyncio
import threading
from typing import TYPE_CHECKING

import flet as ft

if TYPE_CHECKING:
    from tutor.app import Options, Shelf
    from tutor.demo import Demonstration
    from tutor.model import TableModel
    from tutor.settings import Settings
    from tutor.store import Learners, Store
    from tutor.store.classes import Student
    from tutor.store.people import Attempts
    from tutor.views import Handlers
    from tutor.writer import Writer


class SessionState:
    """The state the shell's mixins share (set by :meth:`tutor.app.Session.__init__`)."""

    page: ft.Page
    options: Options
    store: Store
    student: Student | None
    class_name: str
    settings: Settings
    model: TableModel
    game: TableModel
    handlers: Handlers
    bots: asyncio.Task[None] | None
    screen: str
    progress: Learners
    writer: Writer
    attempts: Attempts
    learner: int
    learner_lock: threading.Lock
    recorded: bool
    message: str
    name_draft: str
    typing: bool
    pending: tuple[str, int] | None
    notice: str
    first_visit: bool
    shelf: Shelf
    timings: str | None
    tapped: float | None
    rules_for: str | None
    rules_list: object
    scroller: object
    card_focus: int | None
    tree: ft.Control | None
    demo: Demonstration | None
    demo_from: str
    kept_lesson: tuple[int, int, int] | None

    if TYPE_CHECKING:
        # the session's (tutor/app.py)
        def render(self, save: bool = True) -> None: ...
        def save_settings(self) -> None: ...
        def pace(self) -> float: ...

        # the table's (tutor/shell_table.py)
        async def press(self, kind: str) -> None: ...
        async def new_game(self, variant: str, players: int) -> None: ...
        async def go(self, screen: str) -> None: ...
        def after_learner(self) -> None: ...
        def cancel_bots(self) -> None: ...

        # the lessons' (tutor/shell_lessons.py)
        async def demo_go(self, command: str) -> None: ...
        def record_lesson(self) -> None: ...
        def _leave_lesson(self) -> None: ...
