"""The teacher's route (``/teacher``): what a browser tab that opens it gets (a
:class:`tutor.classroom.teacher_app.TeacherSession`, nothing of a student's session), and how a student's tab
sent there follows."""

from __future__ import annotations

import asyncio
import inspect
from collections.abc import Awaitable, Callable
from typing import Any

import flet as ft

from engine.core.i18n import LANGUAGES
from tutor.store.settings import settings_path
from tutor.store import open_store
from tutor.classroom.teacher import Gate
from tutor.classroom.teacher_app import LANGUAGE_KEY, SIGN_IN_KEY, TeacherSession, TeacherView
from tutor.views.widgets import FONT, text_theme

ROUTE = "/teacher"


def is_teacher_route(route: str | None) -> bool:
    path = (route or "/").split("?")[0].rstrip("/")
    return path == ROUTE or path.startswith(ROUTE + "/")


def teacher_main(options: Any, student: Callable[[ft.Page], Awaitable[None]]) -> Callable[[ft.Page], Awaitable[None]]:
    """What ``/teacher`` draws (``Options.teacher``): one password gate for this process's sessions;
    ``student`` draws a tab that leaves ``/teacher`` (the classroom's join screen)."""
    gate = Gate()

    async def main(page: ft.Page) -> None:
        """The teacher's session in this tab: on a new visit, or when a tab that had a student's
        session is sent to /teacher (Flet then reconnects that session with the new route, see
        :func:`follow_route`). Nothing of the student's session is kept: its close handler runs
        now and its keys and resize handlers are dropped."""
        closing = page.on_close
        if closing is not None:
            # the one a student's session sets (tutor/shell/classroom.py) is async, and takes an event it ignores
            # (Flet's type also allows a handler without one)
            result = closing(None)  # type: ignore[arg-type, call-arg]
            if inspect.isawaitable(result):
                await result
        page.fonts = {FONT: "fonts/DejaVuSans.ttf", f"{FONT} Bold": "fonts/DejaVuSans-Bold.ttf"}  # as make_main's
        page.title = "canasta-tutor · teacher"
        page.padding = 12
        page.theme = text_theme(page.width or 1280)
        folder = (options.settings_file or settings_path()).parent
        store, _notices = open_store(options.store, folder)
        preferences = ft.SharedPreferences()
        try:
            saved = await asyncio.wait_for(preferences.get(LANGUAGE_KEY), 10)
            token = await asyncio.wait_for(preferences.get(SIGN_IN_KEY), 10)
        except Exception:  # a browser that keeps nothing: the server's language, the password asked
            saved = token = None
        lang = saved if saved in LANGUAGES else options.lang or "en"
        session = TeacherSession(page, store, gate, bool(getattr(options, "classroom", False)), lang)
        page.on_keyboard_event = None
        await session.resume(token)

        async def resized(_event: object) -> None:
            session.render()

        async def left(_event: object) -> None:
            """The tab sent elsewhere than /teacher: the teacher is signed out and the app drawn."""
            if not is_teacher_route(page.route):
                session.close()
                page.on_close = page.on_route_change = None
                await student(page)

        page.on_resize = resized
        page.on_route_change = left
        page.on_close = lambda _event: session.close()
        page.render(TeacherView, session, session.frame)

    return main


def follow_route(page: ft.Page, teacher: Callable[[ft.Page], Awaitable[None]]) -> None:
    """A student's tab sent to /teacher (typed into the address bar: Flet reconnects the tab's
    session and changes its route) gets the teacher's password prompt, as a new visit would."""

    async def changed(_event: object) -> None:
        if is_teacher_route(page.route):
            await teacher(page)

    page.on_route_change = changed
