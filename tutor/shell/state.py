"""What one browser tab's session holds, declared once for the shell's parts.

:class:`tutor.shell.app.Session` is made of mixins (the table, the lessons, the keyboard: tutor/shell_*.py)
that share its state and call each other's handlers. Each mixin derives from :class:`SessionState`,
so the type checker knows what ``self`` holds in every part: the attributes ``Session.__init__`` sets
(their meanings are said there), and the methods one part calls on another. The methods are declared
for the type checker only: at run time this class is empty, and the session's own methods are the
ones called.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import flet as ft

if TYPE_CHECKING:

    from tutor.classroom.demo import Demonstration
    from tutor.store import Learners, Store
    from tutor.store.classes import Student
    from tutor.store.people import Attempts
    from tutor.store.settings import Settings
    from tutor.store.writer import Writer
    from tutor.table.model import TableModel
    from tutor.views.widgets import Handlers


class SessionState:
    """The state the shell's mixins share (set by :meth:`tutor.shell.app.Session.__init__`)."""

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
    rules_query: str
    scroller: object
    card_focus: int | None
    focus_kept: tuple[list[int], int] | None  # the hand's cards as shown and the focused one's place
    tree: ft.Control | None
    demo: Demonstration | None
    demo_from: str
    kept_lesson: tuple[int, int, int] | None

    if TYPE_CHECKING:
        # the session's (tutor/shell/app.py)
        def render(self, save: bool = True) -> None: ...
        def save_settings(self) -> None: ...
        def pace(self) -> float: ...

        # the table's (tutor/shell/table.py)
        async def press(self, kind: str) -> None: ...
        async def new_game(self, variant: str, players: int) -> None: ...
        async def go(self, screen: str) -> None: ...
        def after_learner(self) -> None: ...
        def cancel_bots(self) -> None: ...

        # the keyboard's (tutor/shell/keys.py)
        def follow_focus(self) -> None: ...

        # the lessons' (tutor/shell/lessons.py)
        async def demo_go(self, command: str) -> None: ...
        def record_lesson(self) -> None: ...
        def _leave_lesson(self) -> None: ...


@dataclass(frozen=True)
class Shelf:
    """What the home and catalog frames show from the store, read off the event loop (by the
    writer's thread, after this session's writes: :meth:`Session.read_shelf`): a frame built on the
    loop reads nothing from the store."""

    saved: bool = False  # a game to continue
    assigned: tuple[str, ...] = ()  # a class's student: their teacher's lessons, in order
    learner: int | None = None  # the learner whose progress follows
    progress: dict[str, Any] = field(default_factory=dict)  # lesson id -> LessonProgress
    due: tuple[str, ...] = ()  # lessons to review today
    profiles: tuple[Any, ...] = ()  # the device's learners
    tables: tuple[tuple[int, str, str], ...] = ()  # a class's student: their tables (number, code, variant)



@dataclass
class Options:
    """How this server runs the table (from the command line)."""

    pace: float | None = None  # seconds between computer players' moves; None: the animation setting
    variant: str | None = None
    players: int | None = None
    seed: int | None = None
    lang: str | None = None
    settings_file: Path | None = None  # its folder holds the store (and the old files it imports)
    store: str | None = None  # the store's URL (--store; else $CANASTA_STORE; else SQLite in that folder)
    think: float = 0.0  # seconds each computer move keeps a worker busy (the load benchmark)
    classroom: bool = False  # students sign in to a class (tutor/classroom/join.py); else the device is the person's
    teacher: Callable[[ft.Page], Awaitable[None]] | None = None  # what /teacher shows in --classroom
