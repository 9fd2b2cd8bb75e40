"""A tab of a ``--classroom`` server: the join screen until a student signs in, then that student's
session (:class:`tutor.shell.app.Session`), kept in step with the class's news; a tab sent to
``/teacher`` gets the teacher's prompt (:mod:`tutor.shell.teacher_route`)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

import flet as ft
from sqlalchemy.exc import SQLAlchemyError

from engine.core.i18n import LANGUAGES, N_, default_language, translate
from tutor.classroom import join
from tutor.classroom.join import SIGN_IN_KEY, SIGNED_OUT_REMOVED, STORE_DOWN, TEACHER_ROUTE, Gate, JoinForm, wait_message
from tutor.store import open_store
from tutor.store.classes import Classes, JoinRefused, Student
from tutor.store.guesses import TooManyTries
from tutor.store.settings import default_settings, settings_path
from tutor.views.widgets import FONT, TARGET, Handlers, language_menu, on

LOG = logging.getLogger("tutor.classroom")


@ft.component
def ClassroomView(shell: Shell, gate: Gate) -> ft.Control:
    """The join screen, or the signed-in student's app."""
    from tutor.shell.app import AppView

    if shell.session is None:
        return join_view(shell.form, shell)
    return AppView(shell.session, shell.session.frame)


class Shell:
    """One tab of a classroom server: the join screen until a student signs in, then their session."""

    def __init__(self, page: ft.Page, options: object, preferences: ft.SharedPreferences) -> None:
        from tutor.shell.app import Options, Session

        assert isinstance(options, Options)
        self.page, self.options, self.preferences = page, options, preferences
        folder = (options.settings_file or settings_path()).parent
        self.store, _ = open_store(options.store, folder)
        self.classes = Classes(self.store)
        self.guessing = join.GUESSING
        self.form = JoinForm(options.lang or default_language())
        self.gate = Gate()
        self.session: Session | None = None
        self.token: str | None = None
        self.stop_listening: Callable[[], None] | None = None
        self.recheck: asyncio.Task[None] | None = None

    def client(self) -> str:
        return self.page.client_ip or "unknown"

    def redraw(self) -> None:
        self.gate.number += 1

    async def resized(self, event: ft.PageResizeEvent) -> None:
        if self.session is not None:
            await self.session.resized(event)
        else:
            self.redraw()  # the join screen's column follows the width

    # -- the join screen -----------------------------------------------------------------------

    async def type(self, field: str, text: str) -> None:
        setattr(self.form, field, text)  # no new frame: the field shows what was typed

    async def set_language(self, lang: str) -> None:
        if lang in LANGUAGES:
            self.form.lang = lang
            if self.form.message:
                self.form.message = ""
            self.redraw()

    async def submit(self) -> None:
        form = self.form
        if form.busy:
            return
        form.busy, form.message = True, ""
        self.redraw()
        try:  # the try taken from the guessing limits, scrypt and the store's writes: off the event loop
            student, token = await asyncio.to_thread(self.classes.join, form.code, form.name, form.pin,
                                                     self.client(), self.guessing)
        except TooManyTries as refused:
            form.busy, form.message = False, wait_message(refused.wait, form.lang)
            self.redraw()
            return
        except JoinRefused as refused:
            form.busy, form.message = False, refused.explanation(form.lang)
            self.redraw()
            return
        except SQLAlchemyError as error:
            LOG.error("a join cannot reach the store: %s", error)
            form.busy, form.message = False, translate(STORE_DOWN, form.lang)
            self.redraw()
            return
        form.busy, form.pin, form.name = False, "", ""
        await self.remember(token)
        self.enter(student, token)
        self.redraw()
        self.started()

    async def remember(self, token: str | None) -> None:
        try:
            if token is None:
                await asyncio.wait_for(self.preferences.remove(SIGN_IN_KEY), 10)
            else:
                await asyncio.wait_for(self.preferences.set(SIGN_IN_KEY, token), 10)
        except Exception as error:  # a browser that keeps nothing: signed in for this tab only
            LOG.warning("the browser's storage cannot be written: %s", error)

    # -- signed in -----------------------------------------------------------------------------

    def enter(self, student: Student, token: str) -> None:
        """The student's session in this tab (drawn at the next frame)."""
        from tutor.shell.app import Session

        if self.store.settings_data(student.id) is None:  # a new student: the join screen's language
            self.store.save_settings(student.id, default_settings().with_changes(language=self.form.lang))
        session = Session(self.page, self.options, student=student, sign_out=self.sign_out)
        session.class_name = next((c.name for c in self.classes.classes() if c.id == student.class_id), "")
        self.session, self.token = session, token
        self.page.on_keyboard_event = session.key
        self.stop_listening = self.store.live.subscribe(f"class:{student.class_id}", self.class_news)

    def started(self) -> None:
        """Once the session is drawn: what could not be read, and the computer players if they move first."""
        if self.session is not None:
            self.session.show_notices()
            self.session.after_learner()

    async def sign_out(self, message: str = "") -> None:
        session, token = self.session, self.token
        if session is None:
            return
        session.cancel_bots()
        session._leave_lesson()
        self.leave()
        self.form.lang, self.form.message = session.settings.language, message
        await self.remember(None)
        if token is not None:
            try:
                await asyncio.to_thread(self.classes.sign_out, token)
            except SQLAlchemyError as error:
                LOG.error("a sign-out cannot reach the store: %s", error)
        self.redraw()

    async def closed(self, _event: object = None) -> None:
        """The tab's session is released: the teacher sees the student on no lesson, and no more
        class news comes to it."""
        session = self.session
        if session is not None and session.student is not None and session.model.lesson is not None:
            try:
                await asyncio.to_thread(session.progress.leave, session.student.id)
            except Exception as error:  # the store is gone, or the student was removed
                LOG.warning("leaving a lesson cannot be saved: %s", error)
        self.leave()

    def leave(self) -> None:
        """The session is over (signed out, removed, or the tab closed)."""
        if self.stop_listening is not None:
            self.stop_listening()
        if self.recheck is not None and self.recheck is not asyncio.current_task():
            self.recheck.cancel()  # (not when the recheck itself signs the student out: it finishes that)
        self.session, self.token, self.stop_listening, self.recheck = None, None, None, None
        self.page.on_keyboard_event = None

    async def class_news(self, _topic: str) -> None:
        """Something in the class changed: once per join.RECHECK, whether this student is still in it
        and whether their teacher's lessons changed."""
        if self.recheck is None or self.recheck.done():
            self.recheck = asyncio.create_task(self._recheck())

    async def _recheck(self) -> None:
        await asyncio.sleep(join.RECHECK)
        session, token = self.session, self.token
        if session is None:
            return
        still = await asyncio.to_thread(self.classes.signed_in, token)
        if still is None and self.session is session:
            await self.sign_out(translate(SIGNED_OUT_REMOVED, session.settings.language))
        elif session.screen in ("home", "lessons"):
            session.render()


def join_view(form: JoinForm, shell: Shell) -> ft.Control:
    """The join screen: the class code, the name, the PIN, one button; what went wrong below it.
    One column, centred, as wide as a phone's screen at most."""
    lang = form.lang
    width = min(460, max(240, (shell.page.width or 1280) - 24))

    def t(text: str) -> str:
        return translate(text, lang)

    def field(name: str, label: str, value: str, **options: Any) -> ft.Control:  # Flet's keywords
        box = ft.TextField(label=t(label), value=value, on_change=_typed(shell, name),
                           on_submit=_typed(shell, name, submit=True), **options)
        return ft.Semantics(identifier=f"join-{name}", content=box)

    rows: list[ft.Control] = [
        ft.Text("canasta-tutor", size=26, weight=ft.FontWeight.BOLD, font_family=FONT),
        language_menu(lang, _only_language(shell)),
        ft.Text(t(N_("Join your class")), size=20, font_family=FONT),
        ft.Text(t(N_("Type the class code your teacher shows, your name, and a PIN of 4 to 8 digits. The "
                     "first time, the PIN you choose becomes yours: remember it to sign in on any device.")),
                font_family=FONT),
        field("code", N_("Class code"), form.code, capitalization=ft.TextCapitalization.CHARACTERS,
              autofocus=not form.code),
        field("name", N_("Your name"), form.name, autofocus=bool(form.code)),
        field("pin", N_("PIN (4 to 8 digits)"), form.pin, password=True, can_reveal_password=True,
              keyboard_type=ft.KeyboardType.NUMBER),
        ft.Semantics(identifier="join-button", content=ft.FilledButton(
            height=TARGET, content=t(N_("Joining…") if form.busy else N_("Join")), disabled=form.busy,
            icon=ft.Icons.LOGIN, on_click=on(shell.submit))),
    ]
    if form.message:
        rows.append(ft.Semantics(identifier="join-message", live_region=True, content=ft.Text(
            form.message, color=ft.Colors.RED_700, font_family=FONT)))
    card = ft.Container(width=width, content=ft.Column(rows, spacing=12, horizontal_alignment=ft.CrossAxisAlignment.STRETCH))
    return ft.Column([ft.Row([card], alignment=ft.MainAxisAlignment.CENTER)], scroll=ft.ScrollMode.AUTO,
                     expand=True, key="join")


def _only_language(shell: Shell) -> Handlers:
    """Handlers for the language menu alone (the join screen has no table)."""
    nothing = _ignore
    return Handlers(tap_card=nothing, tap_meld=nothing, tap_pile=nothing, press=nothing, answer=nothing,
                    set_language=shell.set_language, show_rules=nothing, new_game=nothing)


def _ignore(*_args: object) -> None:
    return None


def _typed(shell: Shell, name: str, submit: bool = False) -> Callable[[ft.Event[ft.TextField]], object]:
    """A field's change (or Enter: its text, then the join)."""

    async def handler(event: ft.Event[ft.TextField]) -> None:
        await shell.type(name, event.control.value or "")
        if submit:
            await shell.submit()

    return handler



async def classroom_main(page: ft.Page, options: object) -> None:
    """A tab of a ``--classroom`` server: the teacher's route, a signed-in student, or the join screen."""
    from tutor.shell.app import Options

    assert isinstance(options, Options)
    route = (page.route or "/").split("?")[0].rstrip("/")
    if route == TEACHER_ROUTE or route.startswith(TEACHER_ROUTE + "/"):
        if options.teacher is not None:
            await options.teacher(page)
        return  # never a student's screen here
    preferences = ft.SharedPreferences()
    shell = Shell(page, options, preferences)
    try:
        token = await asyncio.wait_for(preferences.get(SIGN_IN_KEY), 10)
    except Exception as error:  # a browser that keeps nothing: it joins each visit
        LOG.warning("the browser's storage cannot be read: %s", error)
        token = None
    student = await asyncio.to_thread(shell.classes.signed_in, token) if token else None
    page.on_resize = shell.resized
    page.on_close = shell.closed
    if student is not None and isinstance(token, str):
        shell.enter(student, token)
    page.render(ClassroomView, shell, shell.gate)
    if options.teacher is not None:  # the tab sent to /teacher later: the teacher's prompt, nothing of this session
        from tutor.shell.teacher_route import follow_route

        follow_route(page, options.teacher)
    shell.started()
