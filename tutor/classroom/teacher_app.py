"""The teacher's session: the shell of the model (``tutor.classroom.teacher``) and the views
(``tutor.classroom.teacher_view``) for one tab on the teacher's route (``tutor.shell.teacher_route``).

A browser that opens ``/teacher`` gets a :class:`TeacherSession` and nothing of a student's session,
and a student's session has no handler that does a teacher's thing: the only way in is the
password, asked on every new session and limited per client address. The session reads the class
only through ``Classes`` and hears of changes through ``Store.live`` (``class:{id}``), so a write
made by another app process reaches it the same way (deploy's PostgreSQL hub). Store calls run off
the event loop: scrypt and the overview's queries would otherwise stall every student's taps.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

import flet as ft

from engine.core.i18n import LANGUAGES, translate
from tutor.classroom.demo import KEYS as DEMO_KEYS, Demonstration
from tutor.classroom.demo_view import DemoHandlers, demo_view
from tutor.lessons.catalog import catalog, find_lesson
from tutor.lessons.progress import ProgressError
from tutor.store import Store
from tutor.store import salvage
from tutor.store.class_tables import ClassTable, ClassTables
from tutor.store.classes import ClassInfo, Classes, TrapCount
from tutor.store.salvage import Salvage
from tutor.store.store import class_topic
from tutor.store.table_records import Record, TableRecords
from tutor.store.teacher_sign_ins import TeacherSignIns
from tutor.classroom.teacher import NOT_CLASSROOM, Desk, Gate, Grid, csv_file, grid, records_of, trap_lines
from tutor.classroom.teacher_tables import TeacherTables
from tutor.classroom.teacher_view import TeacherHandlers, assign_view, desk_view, grid_view, sign_in_view, traps_view
from tutor.classroom.tables_view import TablesCalls, projected_view, tables_view
from tutor.tables.codes import person_key
from tutor.tables.seating import listed

LOG = logging.getLogger("tutor.classroom.teacher")
LANGUAGE_KEY = "canasta-tutor.classroom.teacher-language"  # the teacher's language, kept in their browser
SIGN_IN_KEY = "canasta-tutor.classroom.teacher-sign-in"  # the teacher's sign-in token (tutor/store/teacher_sign_ins.py)
TICK = 30.0  # seconds between redraws of "last active" when nothing else changes
REFRESH = 1.0  # seconds between reads for live notices while a class is busy (bench/teacher_bench.py)
DEMO_WIDTH = 900  # the projector's buttons are offered where a class could see the screen (as the lessons screen)


@ft.observable
@dataclass
class TeacherFrame:
    """What the teacher's component watches: bumped after the session changed what it shows."""

    number: int = 0


@ft.component
def TeacherView(session: TeacherSession, frame: TeacherFrame) -> ft.Control:
    return session.view()


@dataclass(frozen=True)
class Shown:
    """What was last read for the open class: redrawn from this between reads."""

    classes: tuple[ClassInfo, ...] = ()
    overview: Any = None
    assigned: tuple[str, ...] = ()
    traps: tuple[TrapCount, ...] = ()
    read_at: float = 0.0
    recovered: Salvage | None = None  # what a damaged store kept, until the teacher has read it
    tables: tuple[ClassTable, ...] = ()  # the class's tables for people, not ended
    records: dict[int, Record] = field(default_factory=dict)  # each student's games at the tables, by student


class TeacherSession(TeacherTables):
    """One teacher's browser tab."""

    def __init__(self, page: ft.Page, store: Store, gate: Gate, classroom: bool, lang: str) -> None:
        self.page, self.store, self.gate, self.classroom = page, store, gate, classroom
        self.classes = Classes(store)
        self.desk = Desk(lang=lang)
        self.frame = TeacherFrame()
        self.shown = Shown()
        self.picker = ft.FilePicker()
        self.unsubscribe: Callable[[], None] | None = None
        self.reading: asyncio.Task[None] | None = None
        self.read_again = False
        self.urgent = asyncio.Event()  # the teacher acted: the read waits for no REFRESH
        self.last_read = float("-inf")  # the loop's time of the last read's start
        self.ticker: asyncio.Task[None] | None = None
        self.handlers = TeacherHandlers(
            type_text=self.type_text, sign_in=self.sign_in, sign_out=self.sign_out, set_language=self.set_language,
            create_class=self.create_class, open_class=self.open_class, tab=self.tab, reset_pin=self.reset_pin,
            dismiss_pin=self.dismiss_pin, remove=self.remove, confirm_remove=self.confirm_remove,
            assign=self.assign, choose_variant=self.choose_variant, download=self.download, demo=self.demonstrate,
            read_recovered=self.read_recovered)
        self.demo: Demonstration | None = None  # a lesson shown on the projector, over the desk
        self.built: tuple[tuple[float, str, int], Grid] | None = None  # the grid last built, and for what
        self.sign_ins = TeacherSignIns(store)
        self.token: str | None = None  # this browser's sign-in, kept in its storage
        self.setup_tables()
        self.tables_calls = TablesCalls(
            variant=self.tables_variant, level=self.tables_level, wait=self.tables_wait, pick=self.pick,
            seat_here=self.seat_here, seat_picked=self.seat_picked, start=self.start_class_table,
            end=self.end_class_table, project=self.project, hints=self.class_table_hints)

    # -- drawing -------------------------------------------------------------------------------

    def render(self) -> None:
        self.frame.number += 1

    def problem(self) -> str:
        return "" if self.classroom else translate(NOT_CLASSROOM, self.desk.lang)

    def view(self) -> ft.Control:
        desk = self.desk
        if not desk.signed_in:
            return sign_in_view(desk, self.handlers, self.problem())
        width = self.page.width or 1280
        if self.demo is not None:
            return demo_view(self.demo, desk.lang, DemoHandlers(self.demo_go, self.demo_deal),
                             width, self.page.height or 800)
        if self.projected is not None and desk.class_id is not None:
            shown = next((t for t in listed(self.shown.tables) if t.code == self.projected), None)
            if shown is not None:
                return projected_view(shown, desk.lang, self.tables_calls, width, self.page.height or 800)
        handlers = self.handlers if width >= DEMO_WIDTH else replace(self.handlers, demo=None)
        the_grid: Grid | None = None
        body: ft.Control | None = None
        if self.shown.overview is not None and desk.class_id is not None:
            the_grid = self.grid()
            if desk.tab == "grid":
                body = grid_view(desk, the_grid, handlers, width, self.page.height or 800)
            elif desk.tab == "tables":
                body = tables_view(desk, self.shown.overview, listed(self.shown.tables), self.making,
                                   self.tables_calls, width)
            elif desk.tab == "traps":
                body = traps_view(desk, trap_lines(self.shown.traps, desk.lang), width)
            else:
                body = assign_view(desk, catalog(), self.shown.assigned, handlers)
        return desk_view(desk, self.shown.classes, handlers, body, the_grid, width, self.shown.recovered)

    def grid(self) -> Grid:
        """The grid of what was last read, built once a read, language and half-minute (the
        projector's steps and the tabs redraw without building 900 cells again)."""
        key = (self.shown.read_at, self.desk.lang, int(time.time() // TICK))
        if self.built is None or self.built[0] != key:
            self.built = (key, grid(self.shown.overview, self.shown.assigned, self.desk.lang,
                                    records=self.shown.records))
        return self.built[1]

    # -- reading the class -----------------------------------------------------------------------

    def _read(self, class_id: int | None) -> Shown:
        classes = tuple(self.classes.classes())
        recovered = salvage.report(self.store.engine)
        if class_id is None or all(c.id != class_id for c in classes):
            return Shown(classes, read_at=time.time(), recovered=recovered)
        overview = self.classes.overview(class_id)
        records = records_of(TableRecords(self.store), overview)
        return Shown(classes, overview, tuple(self.classes.assigned(class_id)),
                     tuple(self.classes.traps(class_id)), time.time(), recovered,
                     tuple(ClassTables(self.store).of_class(class_id)), records)

    async def read(self, urgent: bool = True) -> None:
        """Reads the class again (off the event loop) and redraws. Live notices (not ``urgent``)
        are read at most once a ``REFRESH``, those that come meanwhile folded into that one read:
        thirty students' taps cost the teacher's screen a redraw a second, not thirty. The
        teacher's own actions are read at once."""
        if self.reading is not None and not self.reading.done():
            self.read_again = True
            if urgent:
                self.urgent.set()
            return
        self.reading = asyncio.current_task()
        loop = asyncio.get_running_loop()
        try:
            while True:
                wait = REFRESH - (loop.time() - self.last_read)
                if not urgent and wait > 0 and not self.urgent.is_set():
                    with contextlib.suppress(asyncio.TimeoutError):
                        await asyncio.wait_for(self.urgent.wait(), wait)
                self.read_again = False
                self.urgent.clear()
                class_id, self.last_read = self.desk.class_id, loop.time()
                try:
                    shown = await asyncio.to_thread(self._read, class_id)
                except Exception:  # the store is gone for now: keep what is shown, say nothing false
                    LOG.exception("the teacher's view could not read the class")
                    return
                if class_id == self.desk.class_id:
                    self.shown = shown
                    self.follow_tables([t.code for t in shown.tables])
                    if class_id is not None and shown.overview is None:
                        self.desk.class_id = None  # the class is gone
                    self.render()
                if not self.read_again:
                    return
                urgent = self.urgent.is_set()
        finally:
            self.reading = None

    def listen(self, class_id: int | None) -> None:
        """Hear of the class's changes (``None``: of none). The notice runs in this session's
        context, taken here: Flet finds the page to redraw in a context variable, which a callback
        the hub schedules on the loop would not have."""
        if self.unsubscribe is not None:
            self.unsubscribe()
            self.unsubscribe = None
        if class_id is None:
            return
        session = contextvars.copy_context()

        def heard(_topic: str) -> None:
            asyncio.get_running_loop().create_task(self.read(urgent=False), context=session)

        self.unsubscribe = self.store.live.subscribe(class_topic(class_id), heard)

    async def tick(self) -> None:
        while True:
            await asyncio.sleep(TICK)
            if self.desk.signed_in:
                self.render()  # "2 minutes ago" moves on

    def close(self) -> None:
        self.listen(None)
        self.stop_tables()
        if self.ticker is not None:
            self.ticker.cancel()

    # -- the teacher's actions ----------------------------------------------------------------

    async def type_text(self, name: str, value: str) -> None:
        self.desk.drafts[name] = value  # no new frame: the field shows what was typed

    async def set_language(self, lang: str) -> None:
        if lang in LANGUAGES:
            self.desk.lang = lang
            self.render()
            try:
                await ft.SharedPreferences().set(LANGUAGE_KEY, lang)
            except Exception as error:  # a browser that keeps nothing: the choice holds for this tab
                LOG.warning("the browser's storage cannot be written: %s", error)

    async def sign_in(self) -> None:
        if self.desk.signed_in or not self.classroom:
            return
        password = self.desk.drafts.pop("password", "")
        client = self.page.client_ip or "?"
        refused = await asyncio.to_thread(self.gate.check, self.classes, password, client, self.desk.lang)
        if refused is not None:
            LOG.warning("the teacher's password was refused for %s", client)
            self.desk.message = refused
            self.render()
            return
        try:
            self.token = await asyncio.to_thread(self.sign_ins.start)
            await asyncio.wait_for(ft.SharedPreferences().set(SIGN_IN_KEY, self.token), 10)
        except Exception as error:  # the store or the browser's storage: signed in for this tab only
            LOG.warning("the teacher's sign-in cannot be kept: %s", error)
        await self.enter()

    async def resume(self, token: object) -> bool:
        """Signed in by the token this browser kept, if it is a teacher's sign-in that has not
        ended (the password is not asked again on a reload)."""
        if not self.classroom or not isinstance(token, str):
            return False
        try:
            valid = await asyncio.to_thread(self.sign_ins.valid, token)
        except Exception as error:  # the store is gone for now: the password is asked
            LOG.warning("the teacher's sign-in cannot be read: %s", error)
            return False
        if valid:
            self.token = token
            await self.enter()
        return valid

    async def enter(self) -> None:
        """Signed in: the newest class opened and read."""
        self.desk.signed_in, self.desk.message = True, ""
        self.ticker = asyncio.create_task(self.tick())
        classes = await asyncio.to_thread(self.classes.classes)
        if classes and self.desk.class_id is None:
            self.desk.class_id = classes[-1].id  # the newest class: most likely today's
            self.listen(self.desk.class_id)
        await self.read()

    async def sign_out(self) -> None:
        """This browser's sign-in ends, in the store and in the browser's storage."""
        token, self.token = self.token, None
        try:
            if token is not None:
                await asyncio.to_thread(self.sign_ins.end, token)
        except Exception as error:  # the browser forgets it below; the store's row expires on its own
            LOG.warning("the teacher's sign-in cannot be ended in the store: %s", error)
        try:
            await asyncio.wait_for(ft.SharedPreferences().remove(SIGN_IN_KEY), 10)
        except Exception as error:  # ended in the store: the token the browser keeps signs no one in
            LOG.warning("the browser's storage cannot be written: %s", error)
        self.close()
        self.demo, self.page.on_keyboard_event, self.projected = None, None, None
        lang = self.desk.lang
        self.desk, self.shown = Desk(lang=lang), Shown()
        self.render()

    async def create_class(self) -> None:
        if not self.desk.signed_in:
            return
        try:
            info = await asyncio.to_thread(self.classes.create_class, self.desk.drafts.get("class", ""))
        except ProgressError as error:
            self.desk.message = error.explanation(self.desk.lang)
            self.render()
            return
        self.desk.drafts["class"] = ""
        await self.open_class(info.id)

    async def open_class(self, class_id: int) -> None:
        if not self.desk.signed_in:
            return
        self.desk = replace(self.desk, class_id=class_id, message="", new_pin=None, removing=None, tab="grid")
        self.projected, self.making.picked = None, []
        self.listen(class_id)
        await self.read()

    async def tab(self, name: str) -> None:
        if self.desk.signed_in:
            self.desk.tab = name
            self.render()

    async def choose_variant(self, variant: str) -> None:
        if self.desk.signed_in:
            self.desk.variant = variant
            self.render()

    async def assign(self, lesson: str, on: bool) -> None:
        class_id = self.desk.class_id
        if not self.desk.signed_in or class_id is None:
            return
        await self._write(self._toggle, class_id, lesson, on)

    def _toggle(self, class_id: int, lesson: str, on: bool) -> None:
        """The class's list as stored now (not as last shown: taps come faster than reads), the
        lesson taken out or put last."""
        kept = [item for item in self.classes.assigned(class_id) if item != lesson]
        self.classes.assign(class_id, kept + [lesson] if on else kept)

    async def reset_pin(self, student: int) -> None:
        class_id = self.desk.class_id
        if not self.desk.signed_in or class_id is None:
            return
        name = next((s.name for s in self.shown.overview.students if s.id == student), "") \
            if self.shown.overview is not None else ""
        pin = await self._write(self.classes.reset_pin, class_id, student)
        if isinstance(pin, str):
            self.desk.new_pin, self.desk.removing = (student, name, pin), None
            self.render()

    async def dismiss_pin(self) -> None:
        self.desk.new_pin = None
        self.render()

    async def remove(self, student: int) -> None:
        if self.desk.signed_in and self.desk.class_id is not None:
            self.desk.removing, self.desk.new_pin = student, None
            self.render()

    async def confirm_remove(self, yes: bool) -> None:
        student, self.desk.removing = self.desk.removing, None
        class_id = self.desk.class_id
        if yes and student is not None and class_id is not None and self.desk.signed_in:
            await self._write(self.classes.remove_student, class_id, student)
            await self._write(TableRecords(self.store).forget, person_key(student))  # their games at tables too
        self.render()

    async def download(self) -> None:
        """The class's results as a CSV file the browser saves (Flet's FilePicker: in web mode it
        hands the bytes to the browser as a download, nothing leaves the machine)."""
        class_id = self.desk.class_id
        info = next((c for c in self.shown.classes if c.id == class_id), None)
        if not self.desk.signed_in or info is None:
            return
        name, data = await asyncio.to_thread(csv_file, self.classes, info.id, info.name)
        try:
            await self.picker.save_file(file_name=name, src_bytes=data)
        except Exception:
            LOG.exception("the class's results could not be handed to the browser")

    # -- the projector -------------------------------------------------------------------------

    async def demonstrate(self, lesson_id: str) -> None:
        """A lesson step by step on this screen, over the desk (tutor.classroom.demo, as the lessons screen's
        Demonstrate: nothing is recorded); a presenter's clicker steps it."""
        lesson = find_lesson(lesson_id)
        if not self.desk.signed_in or lesson is None:
            return
        self.demo = Demonstration.of(lesson)
        self.page.on_keyboard_event = self.key
        self.render()

    async def demo_go(self, command: str) -> None:
        if self.demo is None:
            return
        if command == "leave":
            self.demo = None
            self.page.on_keyboard_event = None
        elif not self.demo.go(command):
            return  # at either end: nothing changes
        self.render()

    async def demo_deal(self, variation: int) -> None:
        if self.demo is not None and 0 <= variation < self.demo.deals:
            self.demo = Demonstration.of(self.demo.lesson, variation)
            self.render()

    async def key(self, event: ft.KeyboardEvent) -> None:
        command = DEMO_KEYS.get(event.key) if self.demo is not None else None
        if command is not None:
            await self.demo_go(command)

    async def read_recovered(self) -> None:
        """The teacher has read what a damaged store kept: the desk stops saying it (in every tab)."""
        await self._write(salvage.dismiss, self.store.engine)

    async def _write(self, write: Callable[..., object], *args: object) -> object:
        """A store write off the event loop; then the class read again (its own live notice may
        come too: the reads fold into one)."""
        try:
            result = await asyncio.to_thread(write, *args)
        except KeyError:  # the student or class went meanwhile (another teacher's tab)
            result = None
        await self.read()
        return result
