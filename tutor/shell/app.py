"""The app shell: wires the model, the pure views and Flet together.

Handlers are ``async``: Flet 1.0.5 runs plain handlers on the server's one event loop, so a
computer player thinking there would stall every session of a classroom. Their moves go to a
process pool (``run_in_executor``) and come back as actions the engine judges here.
"""

from __future__ import annotations

import asyncio
import logging
import os
import threading
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import flet as ft
from sqlalchemy.exc import SQLAlchemyError

from engine.core.i18n import LANGUAGES, N_, translate
from tutor.classroom.demo import Demonstration
from tutor.classroom.demo_view import TITLE as DEMO_TITLE
from tutor.classroom.demo_view import demo_view
from tutor.lessons.catalog import lesson_catalog
from tutor.lessons.progress import ProgressError
from tutor.serving.connection import tell_language
from tutor.shell.keys import KeyActions, _keyed
from tutor.shell.lessons import LessonActions
from tutor.shell.people import PeopleActions
from tutor.shell.state import Options, Shelf
from tutor.shell.table import TableActions
from tutor.store import open_store
from tutor.store.games import taken
from tutor.store.people import Attempts, device_game, device_settings
from tutor.store.settings import choose_table, settings_path
from tutor.store.store import Owner
from tutor.store.writer import Writer, settled
from tutor.table.model import TableModel
from tutor.table.seats import take_is_incomplete
from tutor.views.memo import Memo
from tutor.views.rules import rules_view
from tutor.views.screens import home_view
from tutor.views.table import page_view
from tutor.views.widgets import FONT, Handlers, available, confirm_view, text_theme

if TYPE_CHECKING:
    from tutor.store.classes import Student

ASSETS = Path(__file__).resolve().parents[1] / "assets"
PACES = {"off": 0.0, "fast": 0.25, "normal": 0.6, "slow": 1.2}
THEMES = {"light": ft.ThemeMode.LIGHT, "dark": ft.ThemeMode.DARK, "system": ft.ThemeMode.SYSTEM}
DEVICE_KEY = "canasta-tutor.device"  # the browser's storage key of its device id (tutor.store)
LOG = logging.getLogger("tutor")


@ft.observable
@dataclass
class Frame:
    """What the app's component watches: the shell bumps ``number`` after changing the model, and
    Flet re-runs the views and sends only the controls' properties that changed (docs/app.md)."""

    number: int = 0


@ft.component
def AppView(session: Session, frame: Frame) -> ft.Control:
    """The whole page, rebuilt from the model on each frame; Flet diffs it against the last one,
    so scroll offsets, focus and typed text stay where the learner left them."""
    ft.on_updated(session.frame_sent)
    return session.view()


class Session(TableActions, LessonActions, KeyActions, PeopleActions):
    """One browser tab: its model and the task that plays the computer players' turns.

    ``device`` is the id the browser presented from its storage (None on a first visit): the
    session's settings, learners and saved game are that device's, and no other's (``self.device``
    is the id to keep in the browser, a new one if it presented none the store knows). A class's
    ``student`` owns their things instead, from any device: ``self.device`` is then their learner id."""

    def __init__(self, page: ft.Page, options: Options, device: object = None, student: Student | None = None,
                 sign_out: Callable[[], Awaitable[None]] | None = None) -> None:
        self.page = page
        self.options = options
        folder = (options.settings_file or settings_path()).parent
        settled()  # what the sessions before this one wrote is in the store before it is read
        self.store, self.notices = open_store(options.store, folder)  # notices: what could not be read
        self.student, self.class_name = student, ""
        self.device: Owner  # a device's id, or a class's student's learner id
        if student is None:
            self.device, self.new_device = self.store.device(device)
        else:
            self.device, self.new_device = student.id, False
        self.settings, reset = device_settings(self.store, self.device)
        self.notices += reset
        if options.lang:
            self.settings = self.settings.with_changes(language=options.lang)
        variant, players, reconciled = choose_table(self.settings, options.variant, options.players)
        self.notices += reconciled
        self.saved_state: object = None  # the position last written to the store
        self.model = self._continued() or TableModel.new_game(
            variant, players, self.settings.language, bot=self.settings.bot,
            seed=options.seed if options.seed is not None else int.from_bytes(os.urandom(4), "big"),
        )
        self.bots: asyncio.Task[None] | None = None
        # a first visit opens at home; a server dealing a given game (tests, lessons) at the table
        self.screen = "table" if options.seed is not None or options.variant else "home"
        self.handlers = Handlers(
            tap_card=self.tap_card, tap_meld=self.tap_meld, tap_pile=self.tap_pile, press=self.press,
            answer=self.answer, set_language=self.set_language, show_rules=self.show_rules,
            new_game=self.ask_new_game, change_setting=self.change_setting, go=self.go,
            lesson=self.lesson_action, open_lesson=self.open_lesson, define=self.define,
            choose_learner=self.choose_learner if student is None else None,
            add_learner=self.add_learner if student is None else None, sign_out=sign_out,
            type_name=self.type_name, typing=self.set_typing, confirm=self.confirm,
            close_rules=self.close_rules, search_rules=self.search_rules, rules_topic=self.rules_topic,
            demo=self.demonstrate, demo_go=self.demo_go, demo_deal=self.demo_deal,
            focus_card=self.focus_card, take_seat=self.take_class_seat if student is not None else None,
        )
        self.game: TableModel = self.model  # the free game, kept while a lesson is played
        self.setup_people()  # a table for people: the lobby's choices, the seat this tab sits at (tutor/shell/people.py)
        self.progress = self.store.learners(self.device)
        self.writer = Writer()  # the store's writes, off the event loop, each before the frame showing it
        self.dumps: dict[int, Any] = {}  # the undo history's positions in their saved form (tutor.store.games)
        self.attempts = Attempts(self.progress, self.writer)  # the lesson attempt on the table, in the store
        self.learner = self.settings.learner
        self.learner_lock = threading.Lock()
        self.recorded = False  # the lesson attempt on the table is saved
        self.message = ""  # on the lessons screen: what went wrong (a name refused, a broken lesson)
        self.frame = Frame()
        self.memo = Memo()  # the last frame's parts, reused where their inputs did not change
        self.name_draft = ""  # the learner's name being typed (kept across frames)
        self.typing = False  # a text field has the focus: keys are letters, not shortcuts
        self.pending: tuple[str, int] | None = None  # a new game asked for while one is in progress
        self.notice = ""  # the button tapped while not open: why is said under the table
        self.first_visit = not self._has_game()
        self.shelf = Shelf()  # what home and the catalog show from the store, read off the loop for each frame
        # bench/app_bench.py: the server's time per tap (handler start to the frame's patch sent)
        self.timings = os.environ.get("CANASTA_TAP_TIMINGS")
        self.tapped: float | None = None
        self.wide = False  # the theme's text is a projector's (set by render)
        self.rules_for: str | None = None  # the rules reference is open, this rule marked ("": none)
        self.rules_list: object = None  # its list as last drawn (to scroll to a rule)
        self.rules_query = ""  # what is typed in its search field
        self.scroller: object = None  # the screen's scrolling list as last drawn (Page Down, End, ...)
        self.card_focus: int | None = None  # the card of the hand that last got the keyboard's focus
        self.focus_kept: tuple[list[int], int] | None = None  # where it was, to follow the card (keys.py)
        self.tree: ft.Control | None = None  # the page as last drawn (to move the focus in it)
        self.demo: Demonstration | None = None  # a lesson demonstrated on a projector (screen "demo")
        self.demo_from = "lessons"  # the screen a demonstration was opened from, where Leave returns
        self.kept_lesson: tuple[int, int, int] | None = None  # the lesson as last kept in the store
        self._resume_lesson()
        self.read_shelf()  # the first frame's (the session's start reads the store anyway); then off the loop

    def pace(self) -> float:
        """Seconds between the computer players' moves, so that people can follow them."""
        if self.options.pace is not None:
            return self.options.pace
        return PACES[self.settings.animation]

    def _has_game(self) -> bool:
        try:
            return self.store.has_game(self.device)
        except SQLAlchemyError as error:
            LOG.error("the store cannot say whether a game is saved: %s", error)
            return False

    def _continued(self) -> TableModel | None:
        """The game left off last time, with its undo history, unless this server deals a given game
        (``--seed``)."""
        if self.options.seed is not None or self.options.variant:
            return None
        model, damaged = device_game(self.store, self.device, self.settings.language)  # a damaged one is kept aside
        self.notices += damaged
        if model is not None:
            self.saved_state = model.state
        return model

    def save_settings(self) -> None:
        """In the store, off the event loop; a store that is gone is logged (the choice still holds
        for this session)."""
        device, chosen = self.device, self.settings
        self.writer.submit(lambda: self.store.save_settings(device, chosen), "the settings")

    def show_notices(self) -> None:
        """Saved state that could not be read, or a choice that was changed: told once, at the start."""
        if not self.notices:
            return
        lang = self.settings.language
        dialog = ft.AlertDialog(
            title=ft.Text(translate(N_("Some saved things could not be used"), lang), font_family=FONT),
            content=ft.Column([ft.Text(n.say(lang), font_family=FONT) for n in self.notices], tight=True,
                              scroll=ft.ScrollMode.AUTO),
            actions=[ft.TextButton(content=translate(N_("Understood"), lang), on_click=lambda _: self.page.pop_dialog())])
        self.notices = []
        self.page.show_dialog(dialog)

    def render(self, save: bool = True) -> None:
        """A new frame: the component re-runs the views; the page's own title and theme follow.
        ``save``: the game is saved first if its position changed (not between two computer
        players' moves: the learner's own action was saved, and after a restart the computer
        players make the same moves again from it; each save of a class's games queued on the one
        writer thread made every student's next frame wait longer)."""
        theme = THEMES[self.settings.theme]
        title = "canasta-tutor"
        if self.screen in ("table", "lesson"):
            title = f"{translate(self.model.rules.title, self.model.lang)} · canasta-tutor"
        elif self.screen == "lessons":
            title = f"{translate(N_('Lessons'), self.settings.language)} · canasta-tutor"
        elif self.screen == "demo" and self.demo is not None:
            title = f"{translate(DEMO_TITLE, self.settings.language)} · canasta-tutor"
        wide = (self.page.width or 0) >= 1600
        locale = page_locale(self.settings.language)
        if self.page.title != title or self.page.theme_mode != theme or wide != self.wide \
                or self.page.locale_configuration != locale:
            self.page.title, self.page.theme_mode, self.wide = title, theme, wide
            self.page.locale_configuration = locale  # the page's lang attribute is the learner's language
            self.page.theme = text_theme(self.page.width or 1280)
            self.page.update()
        if save:
            self.save_game()
        if self.screen in ("home", "lessons"):  # what the frame shows from the store, read after the writes
            self.writer.submit(self.read_shelf, "the home's facts", latest=True)
        self.writer.after(self.next_frame)  # what the learner sees next is in the store

    def read_shelf(self) -> None:
        """What the home and catalog screens show from the store (off the event loop: on the writer's
        thread, after this session's writes, before the frame). A store that is gone keeps the last."""
        screen = self.screen
        try:
            assigned = tuple(self.assigned())
            learner: int | None = None
            progress: dict[str, Any] = {}
            due: tuple[str, ...] = ()
            profiles: tuple[Any, ...] = ()
            if screen == "lessons" or assigned:
                learner = self._learner()  # the first learner is made here for them
                progress = self.progress.all_lessons(learner)
                if screen == "lessons":
                    due, profiles = tuple(self.progress.due(learner)), tuple(self.progress.profiles())
            self.shelf = Shelf(self._has_game(), assigned, learner, progress, due, profiles, self.class_tables())
        except (SQLAlchemyError, ProgressError) as error:
            LOG.error("the home's facts cannot be read: %s", error)

    def next_frame(self) -> None:
        self.frame.number += 1
        tell_language(self.settings.language)  # a crash's message in the learner's language (tutor/serving/connection.py)

    def save_game(self) -> None:
        """The game, after each action (not a tap that only selects; a lesson is not the game to
        continue): one transaction, so a kill leaves it before the action or after it. Off the
        event loop; a store that is gone is logged, and the game goes on."""
        self._keep_lesson()
        if self.screen not in ("table", "lesson") or self.model.lesson is not None:
            return
        if self.model.state is self.saved_state:
            return
        self.saved_state = self.model.state
        device, build = self.device, taken(self.model, self.dumps)  # built and written off the loop
        self.writer.submit(lambda: self.store.save_game(device, build()), "the game", latest=True)

    def first_lesson(self) -> str | None:
        """Where a newcomer starts: the first lesson of the chosen variant."""
        lessons = lesson_catalog().lessons
        chosen = [lesson.id for lesson in lessons if lesson.variant == self.game.rules.name]
        first = chosen or [lesson.id for lesson in lessons]
        return first[0] if first else None

    def view(self) -> ft.Control:
        """The screen showing, from the model (pure views); the rules reference lies over it, so
        closing it finds the table as it was."""
        with self.memo.frame(self.screen):
            layers: list[ft.Control] = [self.screen_view()]
            if self.rules_for is not None:
                reference = rules_view(self.model, self.handlers, self.rules_for, self.rules_query)
                self.rules_list = _keyed(reference, "rules-list")
                layers.append(ft.Container(reference, key="rules", left=0, top=0, right=0, bottom=0))
        self.tree = ft.Stack(layers, expand=True)
        return self.tree

    def screen_view(self) -> ft.Control:
        if self.screen == "home":
            shelf = self.shelf
            body = home_view(self.game, self.handlers, self.settings, shelf.saved,
                             self.first_lesson() if self.first_visit and not shelf.assigned else None,
                             top=self.student_view())
        elif self.screen == "lessons":
            body = self.lessons_screen()
        elif self.screen in ("people", "people-table"):
            width = self.page.width or 1280
            size = self.settings.card_size
            if size == "medium":
                size = "large" if width >= 1600 else "small" if width < 600 else "medium"
            body = self.people_screen(size, width < 600, self.settings.four_colour)
        elif self.screen == "demo" and self.demo is not None:
            body = demo_view(self.demo, self.settings.language, self.handlers, self.page.width or 1280,
                             self.page.height or 800)
        else:
            self.model.hand_sort = self.settings.hand_sort  # the learner's order, in every game and lesson
            width = self.page.width or 1280
            # a projector's wide screen gets large cards, a phone small ones, unless chosen otherwise
            size = self.settings.card_size
            if size == "medium":
                size = "large" if width >= 1600 else "small" if width < 600 else "medium"
            confirm = confirm_view(self.model, self.handlers, self.pending) if self.pending else None
            notice = ""
            # still closed, or Take the pile tapped with nothing selected where it lacks cards or a meld: say which
            if self.notice and (not available(self.model).get(self.notice, False)
                                or (self.notice == "take_pile" and take_is_incomplete(self.model))):
                notice = self.model.why_not(self.notice) or translate(N_("This is not possible at this moment."),
                                                                       self.model.lang)
            body = page_view(self.model, self.handlers, size, self.settings.four_colour, confirm=confirm,
                             notice=notice, narrow=width < 600, height=getattr(self.page, "height", None) or 844)
        self.scroller = _keyed(body, {"home": "home", "lessons": "lessons", "people": "people"}.get(self.screen, "table-scroll"))
        return ft.Container(body, left=0, top=0, right=0, bottom=0, key=f"screen-{self.screen}")

def page_locale(lang: str) -> ft.LocaleConfiguration:
    """The app's locale: Flutter's web engine writes it into the page's ``lang`` attribute, so a
    screen reader and the browser's translation offer read Swedish, German or Icelandic as such."""
    return ft.LocaleConfiguration(supported_locales=[ft.Locale(code) for code in LANGUAGES],
                                  current_locale=ft.Locale(lang))


async def presented_device(page: ft.Page, preferences: ft.SharedPreferences, patience: float = 10.0) -> object:
    """The device id the browser keeps (None: a first visit, or a browser that keeps nothing).

    Asked again when the page reconnects meanwhile: after a restart every open page reconnects by
    itself, and a reload at that moment attaches the reloaded page to the session the reconnect
    made (Flet finds it by the tab's session id), while the question went to the page that left.
    Taking that silence for a first visit gave the browser a new device, and the learner lost
    their settings and saved game (tests/tutor/end_to_end/test_e2e_reconnect.py)."""
    reconnected = asyncio.Event()
    page.on_connect = lambda _event: reconnected.set()
    try:
        while True:
            asking = asyncio.ensure_future(preferences.get(DEVICE_KEY))
            again = asyncio.ensure_future(reconnected.wait())
            await asyncio.wait({asking, again}, timeout=patience, return_when=asyncio.FIRST_COMPLETED)
            again.cancel()
            if asking.done():
                return asking.result()
            asking.cancel()
            if not reconnected.is_set():
                LOG.warning("the browser's storage did not answer within %g s", patience)
                return None
            reconnected.clear()  # a new page on this session: ask it
    except Exception as error:  # a browser that keeps nothing: a new device each visit
        LOG.warning("the browser's storage cannot be read: %s", error)
        return None
    finally:
        page.on_connect = None


