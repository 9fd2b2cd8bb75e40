"""The app's entry for Flet: a tab's page gets the device's session, or in a classroom the join screen."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

import flet as ft

from tutor.shell.app import DEVICE_KEY, LOG, AppView, Session, presented_device
from tutor.shell.state import Options
from tutor.views.widgets import FONT, text_theme


def make_main(options: Options) -> Callable[[ft.Page], Awaitable[None]]:
    async def main(page: ft.Page) -> None:
        connection = page.session.connection
        await start(page)
        if page.session.connection is not connection:
            # The tab closed or reconnected while its page was being built (the browser's storage was
            # asked, and a tab that has gone keeps that waiting 10 s). Flet's web handler would now send
            # the page through the connection it started on, which it has let go of: an AttributeError
            # ('NoneType' ... 'after_event') and its traceback in the log. The page goes out through the
            # session's own connection, if the tab came back, and Flet's handler is told the connection
            # broke, which it notes at INFO and stops.
            if page.session.connection is not None:
                await page.session.after_event(page)
            raise BrokenPipeError("the page left while it was being built")

    async def start(page: ft.Page) -> None:
        page.fonts = {FONT: "fonts/DejaVuSans.ttf", f"{FONT} Bold": "fonts/DejaVuSans-Bold.ttf"}
        page.theme = text_theme(page.width or 1280)
        page.padding = 12
        page.title = "canasta-tutor"
        if options.classroom:  # students sign in to their class (tutor/shell/classroom.py); /teacher is the teacher's
            from tutor.shell.classroom import classroom_main

            await classroom_main(page, options)
            return
        # the device's id, kept in the browser's own storage: its settings, learners and game
        preferences = ft.SharedPreferences()
        presented = await presented_device(page, preferences)
        session = Session(page, options, presented)

        async def keep_device(_event: object = None) -> None:
            try:
                await asyncio.wait_for(preferences.set(DEVICE_KEY, session.device), 10)
            except Exception as error:
                LOG.warning("the browser's storage cannot be written: %s", error)

        if session.device != presented:
            await keep_device()
            page.on_connect = keep_device  # the write may have gone to a page that was leaving
        lesson = lesson_route(page.route)
        if lesson is not None:  # a link to a lesson (/lesson/<id>): a teacher's or a bookmark
            await session.open_lesson(lesson, 0)
        page.on_keyboard_event = session.key
        page.on_resize = session.resized
        page.on_close = lambda _event: session.leave_table()  # the session released: it stops watching its table
        page.render(AppView, session, session.frame)
        session.show_notices()  # what could not be read at start (settings, saved game, progress)
        session.after_learner()  # the computer players open when the learner is not first
        if (page.route or "").startswith("/table/"):  # a table for people's link (tutor/shell/people.py)
            await session.open_link(page.route.rsplit("/", 1)[-1])

    return main


def lesson_route(route: str | None) -> str | None:
    """The lesson a link opens (``/lesson/classic-frozen-pile``), or None."""
    path = (route or "/").split("?")[0].strip("/")
    if path.startswith("lesson/") and path.count("/") == 1:
        return path.split("/")[1] or None
    return None
