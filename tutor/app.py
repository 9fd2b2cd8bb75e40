"""The app shell: wires the model, the pure views and Flet together.

Handlers are ``async``: Flet 1.0.5 runs plain handlers on the server's one event loop, so a
computer player thinking there would stall every session of a classroom. Their moves go to a
process pool (``run_in_executor``) and come back as actions the engine judges here.
"""

from __future__ import annotations

import asyncio
import json
import logging
import concurrent.futures
import multiprocessing
import os
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import flet as ft
from sqlalchemy.exc import SQLAlchemyError

from engine.actions import parse_action
from engine.i18n import N_, translate
from engine.position import dump_position
from tutor.demo import KEYS as DEMO_KEYS, Demonstration
from tutor.demo_view import TITLE as DEMO_TITLE, demo_view
from tutor.memo import Memo
from tutor.lessons import find_lesson, fresh_deal, lesson_catalog, next_lesson
from tutor.model import TableModel
from tutor.progress import DEFAULT_NAME, ProgressError
from tutor.screens import home_view, lessons_view, rules_view
from tutor.settings import choose_table, settings_path
from tutor.store import open_store
from tutor.store.games import taken
from tutor.store.people import Attempts, device_game, device_settings
from tutor.store.resume import drop_lesson, keep_lesson_data, lesson_snapshot, open_lesson
from tutor.serving import tell_language
from tutor.views import FONT, Handlers, available, confirm_view, page_view, text_theme
from tutor.writer import Writer, settled
from tutor.workers import choose_action, hints_for, review, start_worker, strong_for

if TYPE_CHECKING:
    from tutor.store.classes import Student

ASSETS = Path(__file__).resolve().parent / "assets"
PACES = {"off": 0.0, "fast": 0.25, "normal": 0.6, "slow": 1.2}
THEMES = {"light": ft.ThemeMode.LIGHT, "dark": ft.ThemeMode.DARK, "system": ft.ThemeMode.SYSTEM}
KEYS = {"h": "hint", "d": "draw", "p": "take_pile", "m": "meld", "s": "stage", "x": "discard", "a": "ask_go_out",
        "u": "undo", "escape": "clear", "n": "next_hand"}
SCROLL_KEYS = ("Page Down", "Page Up", "Home", "End")
ARROWS = {"Arrow Left": -1, "Arrow Right": 1}  # between the cards of the hand
DEVICE_KEY = "canasta-tutor.device"  # the browser's storage key of its device id (tutor.store)
_POOL: concurrent.futures.ProcessPoolExecutor | None = None
LOG = logging.getLogger("tutor")


def pool() -> concurrent.futures.ProcessPoolExecutor:
    """One pool for every session; "spawn" so no thread of the web server is forked."""
    global _POOL
    if _POOL is None:
        workers = max(1, min(4, (os.cpu_count() or 2)))
        _POOL = concurrent.futures.ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"),
                                                       initializer=start_worker, initargs=(os.getpid(),))
    return _POOL


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
    classroom: bool = False  # students sign in to a class (tutor/classroom.py); else the device is the person's
    teacher: Callable[[ft.Page], Awaitable[None]] | None = None  # what /teacher shows in --classroom


class Session:
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
            close_rules=self.close_rules, demo=self.demonstrate, demo_go=self.demo_go, demo_deal=self.demo_deal,
            focus_card=self.focus_card,
        )
        self.game: TableModel = self.model  # the free game, kept while a lesson is played
        self.progress = self.store.learners(self.device)
        self.writer = Writer()  # the store's writes, off the event loop, each before the frame showing it
        self.dumps: dict[int, Any] = {}  # the undo history's positions in their saved form (tutor.store.games)
        self.attempts = Attempts(self.progress, self.writer)  # the lesson attempt on the table, in the store
        self.learner = self.settings.learner
        self.recorded = False  # the lesson attempt on the table is saved
        self.message = ""  # on the lessons screen: what went wrong (a name refused, a broken lesson)
        self.frame = Frame()
        self.memo = Memo()  # the last frame's parts, reused where their inputs did not change
        self.name_draft = ""  # the learner's name being typed (kept across frames)
        self.typing = False  # a text field has the focus: keys are letters, not shortcuts
        self.pending: tuple[str, int] | None = None  # a new game asked for while one is in progress
        self.notice = ""  # the button tapped while not open: why is said under the table
        self.first_visit = not self._has_game()
        # bench/app_bench.py: the server's time per tap (handler start to the frame's patch sent)
        self.timings = os.environ.get("CANASTA_TAP_TIMINGS")
        self.tapped: float | None = None
        self.wide = False  # the theme's text is a projector's (set by render)
        self.rules_for: str | None = None  # the rules reference is open, this rule marked ("": none)
        self.rules_list: object = None  # its list as last drawn (to scroll to a rule)
        self.scroller: object = None  # the screen's scrolling list as last drawn (Page Down, End, ...)
        self.card_focus: int | None = None  # the card of the hand that last got the keyboard's focus
        self.tree: ft.Control | None = None  # the page as last drawn (to move the focus in it)
        self.demo: Demonstration | None = None  # a lesson demonstrated on a projector (screen "demo")
        self.demo_from = "lessons"  # the screen a demonstration was opened from, where Leave returns
        self.kept_lesson: tuple[int, int, int] | None = None  # the lesson as last kept in the store
        self._resume_lesson()

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
        if self.page.title != title or self.page.theme_mode != theme or wide != self.wide:
            self.page.title, self.page.theme_mode, self.wide = title, theme, wide
            self.page.theme = text_theme(self.page.width or 1280)
            self.page.update()
        if save:
            self.save_game()
        self.writer.after(self.next_frame)  # what the learner sees next is in the store

    def next_frame(self) -> None:
        self.frame.number += 1
        tell_language(self.settings.language)  # a crash's message in the learner's language (tutor/serving.py)

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
        return (chosen or [lesson.id for lesson in lessons] or [None])[0]

    def view(self) -> ft.Control:
        """The screen showing, from the model (pure views); the rules reference lies over it, so
        closing it finds the table as it was."""
        with self.memo.frame(self.screen):
            layers: list[ft.Control] = [self.screen_view()]
            if self.rules_for is not None:
                reference = rules_view(self.model, self.handlers, self.rules_for)
                self.rules_list = _keyed(reference, "rules-list")
                layers.append(ft.Container(reference, key="rules", left=0, top=0, right=0, bottom=0))
        self.tree = ft.Stack(layers, expand=True)
        return self.tree

    def screen_view(self) -> ft.Control:
        if self.screen == "home":
            body = home_view(self.game, self.handlers, self.settings, self._has_game(),
                             self.first_lesson() if self.first_visit and not self.assigned() else None,
                             top=self.student_view())
        elif self.screen == "lessons":
            body = self.lessons_screen()
        elif self.screen == "demo" and self.demo is not None:
            body = demo_view(self.demo, self.settings.language, self.handlers, self.page.width or 1280,
                             self.page.height or 800)
        else:
            width = self.page.width or 1280
            # a projector's wide screen gets large cards, a phone small ones, unless chosen otherwise
            size = self.settings.card_size
            if size == "medium":
                size = "large" if width >= 1600 else "small" if width < 600 else "medium"
            confirm = confirm_view(self.model, self.handlers, self.pending) if self.pending else None
            notice = ""
            if self.notice and not available(self.model).get(self.notice, False):  # still closed: say why
                notice = self.model.why_not(self.notice) or translate(N_("This is not possible at this moment."),
                                                                       self.model.lang)
            body = page_view(self.model, self.handlers, size, self.settings.four_colour, confirm=confirm,
                             notice=notice)
        self.scroller = _keyed(body, {"home": "home", "lessons": "lessons"}.get(self.screen, "table-scroll"))
        return ft.Container(body, left=0, top=0, right=0, bottom=0, key=f"screen-{self.screen}")

    # -- the learner ---------------------------------------------------------------------------

    async def tap_card(self, index: int) -> None:
        self.tapped = time.perf_counter()
        self.notice = ""
        self.model.tap_card(index)
        self.render()

    def frame_sent(self) -> None:
        """After each frame: the server's time for a tap, when a benchmark asks for it."""
        if self.tapped is not None and self.timings:
            elapsed = (time.perf_counter() - self.tapped) * 1000
            with open(self.timings, "a", encoding="utf-8") as out:
                out.write(f"{elapsed:.2f}\n")
        self.tapped = None

    async def tap_meld(self, index: int) -> None:
        if self.model.selected and self.model.is_my_turn():
            self.notice = ""
            self.model.play(self.model.layoff_action(index))
            self.after_learner()
        else:  # say why nothing happens: whose turn it is, or what to select first
            self.notice = "stage" if self.model.is_my_turn() else "meld"
            self.render()

    async def tap_pile(self) -> None:
        if self.model.is_my_turn() and self.model.state.phase.value == "draw":
            self.notice = ""
            self.model.play(self.model.pile_action())
            self.after_learner()
        else:
            self.notice = "take_pile"
            self.render()

    async def press(self, kind: str) -> None:
        model = self.model
        if not available(model).get(kind, True):
            self.notice = kind  # said when drawn, so a language switch says it again
            self.render()
            return
        self.notice = ""
        if kind == "meld":
            model.play(model.meld_action())
        elif kind == "take_pile":
            model.play(model.pile_action())
        elif kind == "discard":
            action = model.discard_action()
            if action is not None:
                model.play(action)
        elif kind == "stage":
            model.stage()
        elif kind == "clear":
            model.clear()
        elif kind == "undo":
            self.cancel_bots()
            model.undo()
        elif kind == "next_hand":
            model.next_hand()
        elif kind == "hint":
            await self.hint()
            return
        else:
            model.simple(kind)
        self.after_learner()

    async def hint(self) -> None:
        """The engine's best hint, computed off the event loop; pressing again shows the next."""
        if not self.model.is_my_turn():
            return
        if self.model.lesson is not None:
            self.model.lesson_hint()
            self.attempts.note(self.model.lesson)
            self.render()
            return
        loop = asyncio.get_running_loop()
        found = await loop.run_in_executor(pool(), hints_for, dump_position(self.model.state, reveal=True),
                                           self.model.lang)
        # in stages: the engine's hints one by one, then what a strong player would do
        shown = self.model.hint[0] if self.model.hint else None
        texts = [h["text"] for h in found]
        following = texts.index(shown) + 1 if shown in texts else 0 if shown is None else len(found) + 1
        if following < len(found):
            chosen: dict[str, Any] | None = found[following]
        elif following == len(found):
            try:
                chosen = await loop.run_in_executor(pool(), strong_for, dump_position(self.model.state, reveal=True),
                                                    self.model.lang)
            except Exception:  # no strong move to show: say there is no hint rather than nothing
                LOG.exception("the strong player's hint failed")
                chosen = None
        else:
            chosen = found[0] if found else None
        self.model.show_found_hint(chosen)  # said in every language: a language switch re-says it
        self.render()

    async def answer(self, yes: bool) -> None:
        self.model.answer(yes)
        self.after_learner()

    async def set_language(self, lang: str) -> None:
        self.model.lang = self.game.lang = lang
        self.settings = self.settings.with_changes(language=lang)
        self.save_settings()
        self.render()

    async def show_rules(self, rule: str) -> None:
        """The rules reference of the variant over the table, scrolled to the refused rule."""
        self.rules_for = rule
        self.render()
        if rule:
            await asyncio.sleep(0.3)  # the list is drawn before it can scroll to one of its items
            await self.scroll_rules(rule)

    async def scroll_rules(self, rule: str) -> None:
        listing = self.rules_list
        if isinstance(listing, ft.Column):
            await listing.scroll_to(scroll_key=rule, duration=300)

    async def close_rules(self) -> None:
        self.rules_for = None
        self.render()

    def in_progress(self) -> bool:
        """A free game the learner has played into and not finished: not thrown away unasked."""
        game = self.game
        return bool(game.moves or game.hand_number > 1 or game.history) and not game.game_over()

    async def ask_new_game(self, variant: str, players: int) -> None:
        if self.in_progress():
            self.pending = (variant, players)
            self.render()
        else:
            await self.new_game(variant, players)

    async def confirm(self, yes: bool) -> None:
        pending, self.pending = self.pending, None
        if yes and pending is not None:
            await self.new_game(*pending)
        else:
            self.render()

    async def new_game(self, variant: str, players: int) -> None:
        self.cancel_bots()
        self.pending, self.notice = None, ""
        self.model = TableModel.new_game(variant, players, self.settings.language, bot=self.game.bot,
                                         seed=int.from_bytes(os.urandom(4), "big"))
        self.game = self.model
        self.settings = self.settings.with_changes(variant=variant, players=players)
        self.screen = "table"
        self.save_settings()
        self.after_learner()

    async def go(self, screen: str) -> None:
        if self.screen == "lesson" and screen != "lesson":
            self._leave_lesson()
        if screen in ("home", "table") and self.model is not self.game:
            self.cancel_bots()
            self.model = self.game  # leaving a lesson: the free game is where it was
        self.screen = screen
        if screen == "lessons":
            self._learner()  # a first learner, made for them
        self.first_visit = False
        self.notice = ""
        self.after_learner()

    # -- lessons -------------------------------------------------------------------------------

    def _learner(self) -> int:
        """The learner playing: the one chosen on this device, else the first, else a new one."""
        learners = self.progress.profiles()
        if not learners:
            learners = [self.progress.add_profile(translate(DEFAULT_NAME, self.settings.language))]
        if self.learner not in {p.id for p in learners}:
            self.learner = learners[0].id
        return self.learner

    def lessons_screen(self) -> ft.Control:
        lang = self.settings.language
        lessons = lesson_catalog()  # a broken file is marked unavailable; the others stay open
        message = "\n".join(filter(None, [self.message, *lessons.notices(lang)]))
        learner = self._learner()
        progress = self.progress.all_lessons(learner)
        # Demonstrate (a lesson on a projector) is offered where a class could see it: not on a phone,
        # and never to a class's student (the reference solution would solve their lesson for them)
        shown = (self.page.width or 0) >= 900 and self.student is None
        handlers = self.handlers if shown else replace(self.handlers, demo=None)
        return lessons_view(lang, lessons.lessons, progress, self.progress.due(learner),
                            self.progress.profiles(), learner, handlers, message, self.name_draft,
                            assigned=self.assigned())

    def assigned(self) -> list[str]:
        """A class's student: the lessons their teacher assigned, in order (shown first)."""
        if self.student is None:
            return []
        from tutor.store.classes import Classes

        try:
            return Classes(self.store).assigned(self.student.class_id)
        except SQLAlchemyError as error:
            LOG.error("the assigned lessons cannot be read: %s", error)
            return []

    def student_view(self) -> ft.Control | None:
        """A class's student's home starts with who is signed in, their teacher's lessons, sign out."""
        if self.student is None:
            return None
        from tutor.classroom import student_home

        assigned = self.assigned()
        progress = self.progress.all_lessons(self._learner()) if assigned else {}
        return student_home(self.settings.language, self.student.name, self.class_name, assigned, progress,
                            self.handlers)

    async def open_lesson(self, lesson_id: str, variation: int) -> None:
        """Start a lesson: its own deal (0), or ``-1``: a fresh deal (a review, a mastery check)."""
        lesson = find_lesson(lesson_id)
        if lesson is None:
            return
        if variation < 0:  # a deal the learner has not played, else the one played longest ago
            variation = fresh_deal(lesson, self.progress.deals_played(self._learner(), lesson_id))
        self.cancel_bots()
        self._leave_lesson()
        self.model = TableModel.for_lesson(lesson, self.settings.language, variation)
        self.recorded = False
        self.attempts.start(self._learner(), self.model.lesson)
        self.screen, self.first_visit, self.notice = "lesson", False, ""
        self.after_learner()

    # -- demonstrations (a teacher's projector) -------------------------------------------------

    async def demonstrate(self, lesson_id: str) -> None:
        """Show a lesson's deal step by step on this screen (the teacher's view and the lessons
        screen call it). Nothing is recorded: the table, the lesson in progress and every learner's
        progress stay as they were."""
        lesson = find_lesson(lesson_id)
        if lesson is None or self.student is not None:
            LOG.warning("no lesson %r to demonstrate (or a student asked)", lesson_id)
            return
        self.demo = Demonstration.of(lesson)
        if self.screen != "demo":
            self.demo_from = self.screen
        self.screen = "demo"
        self.render()

    async def demo_go(self, command: str) -> None:
        """Next, back, to the start, or leave (to the screen the demonstration was opened from)."""
        if self.demo is None or self.screen != "demo":
            return
        if command == "leave":
            self.screen, self.demo = self.demo_from, None
        elif not self.demo.go(command):
            return  # at either end: nothing changes, no frame
        self.render()

    async def demo_deal(self, variation: int) -> None:
        """The lesson's own deal (0) or one of its variations, from its first step."""
        if self.demo is not None and 0 <= variation < self.demo.deals:
            self.demo = Demonstration.of(self.demo.lesson, variation)
            self.render()

    async def lesson_action(self, kind: str) -> None:
        if kind == "play_beginner":
            self.game.bot = "beginner"
            self.settings = self.settings.with_changes(bot="beginner")
            await self.new_game("classic", 4)
            return
        run = self.model.lesson
        if run is None:
            return
        if kind == "try_again":
            self.model.try_again()
            self.after_learner()
        elif kind == "restart":  # the same attempt (its mistakes and hints count) until it is solved
            self.cancel_bots()
            if self.model.start_over():
                self.recorded = False  # a new attempt after the solve: it is recorded in its turn
                self.attempts.start(self._learner(), self.model.lesson)
            self.after_learner()
        elif kind == "mastery":
            await self.open_lesson(run.lesson.id, -1)
        elif kind == "next":
            following = next_lesson(run.lesson)
            if following is None:
                await self.go("lessons")
            else:
                await self.open_lesson(following.id, 0)
        elif kind == "catalog":
            await self.go("lessons")

    async def define(self, concept: str) -> None:
        self.model.term = None if self.model.term == concept else concept
        self.render()

    async def type_name(self, text: str) -> None:
        self.name_draft = text  # no new frame: the field shows what was typed

    async def set_typing(self, typing: bool) -> None:
        self.typing = typing

    async def choose_learner(self, learner: int) -> None:
        self.learner, self.message = learner, ""
        await self.change_setting("learner", learner)

    async def add_learner(self, name: str) -> None:
        try:
            profile = self.progress.add_profile(name)
        except ProgressError as error:
            self.message = error.explanation(self.settings.language)
            self.render()
            return
        self.name_draft = ""
        await self.choose_learner(profile.id)

    def _leave_lesson(self) -> None:
        """An attempt left unsolved after a mistake still counts: the lesson comes back for review."""
        self._drop_lesson()
        run = self.model.lesson
        if run is not None and not self.recorded and run.mistakes:
            self.progress.queue_review(self._learner(), run.lesson.id)
            self.recorded = True
        if run is not None and self.student is not None:  # the teacher sees the student on no lesson now
            try:
                self.progress.leave(self.student.id)
            except (SQLAlchemyError, ProgressError) as error:
                LOG.error("leaving a lesson cannot be saved: %s", error)

    # -- the lesson on the table, kept so that a restart gives it back (tutor/store/resume.py) ----------

    def _resume_lesson(self) -> None:
        """The lesson this device's learner had open when the server stopped, at the same moment."""
        if self.options.seed is not None or self.options.variant:
            return  # a server dealing a given game (tests) opens at its table
        try:
            ids = [p.id for p in self.progress.profiles()]
        except SQLAlchemyError as error:
            LOG.error("the learners cannot be read: %s", error)
            return
        if not ids:
            return
        learner = self.learner if self.learner in ids else ids[0]
        found = open_lesson(self.progress, learner, self.settings.language)
        if found is None:
            return
        self.learner, self.model, self.screen, self.first_visit = learner, found.model, "lesson", False
        run = found.model.lesson
        assert run is not None
        self.attempts.resume(found.attempt, (run.mistakes, run.hints_used))
        self.recorded = run.succeeded()  # solved before the restart: recorded then
        self.kept_lesson = (id(run), len(found.model.journal), id(self.attempts.box))

    def _keep_lesson(self) -> None:
        """After each input to the lesson: the lesson as it stands, in the store (by the writer, in
        order after the attempt's start, whose id it reads when it runs)."""
        run = self.model.lesson
        if self.screen != "lesson" or run is None:
            self._drop_lesson()  # left, however (the catalog, home, a game against the beginner)
            return
        box = self.attempts.box
        now = (id(run), len(self.model.journal), id(box))
        if now == self.kept_lesson:
            return
        self.kept_lesson = now
        learners, learner = self.progress, self._learner()
        kept = json.loads(json.dumps(lesson_snapshot(self.model, None)))  # as it is now, not when written
        self.writer.submit(lambda: keep_lesson_data(learners, learner, {**kept, "attempt": box[0]}),
                           "the lesson on the table")

    def _drop_lesson(self) -> None:
        if self.kept_lesson is None:
            return
        self.kept_lesson = None
        learners, learner = self.progress, self._learner()
        self.writer.submit(lambda: drop_lesson(learners, learner), "the lesson left")

    def record_lesson(self) -> None:
        """A solved lesson goes into the learner's progress, once; its mistakes as they happen."""
        run = self.model.lesson
        self.attempts.note(run)
        if run is None or self.recorded or not run.succeeded():
            return
        self.recorded = True
        self.attempts.solved(self._learner(), run)

    async def change_setting(self, name: str, value: object) -> None:
        self.settings = self.settings.with_changes(**{name: value})
        if name == "bot":
            self.model.bot = str(value)
        self.save_settings()
        self.render()

    async def key(self, event: ft.KeyboardEvent) -> None:
        """Keyboard shortcuts for the main actions (docs/app.md)."""
        if self.typing:
            return  # letters typed into a field: no shortcut acts
        if self.screen == "demo":  # a presenter's clicker: next, back, to the start, leave
            command = DEMO_KEYS.get(event.key)
            if command is not None:
                await self.demo_go(command)
            return
        if event.key in SCROLL_KEYS:
            await self.scroll(event.key)
            return
        if self.screen not in ("table", "lesson") or self.pending is not None or self.rules_for is not None:
            return  # only the table's own shortcuts, and only on the table
        if event.key in ARROWS:
            await self.move_focus(ARROWS[event.key])
            return
        kind = KEYS.get(event.key.lower())
        if kind is not None:
            await self.press(kind)

    async def focus_card(self, index: int, focused: bool) -> None:
        """A card of the hand got or lost the keyboard's focus: the arrow keys move on from it."""
        if focused:
            self.card_focus = index
        elif self.card_focus == index:
            self.card_focus = None  # the focus went elsewhere (Tab): the arrows leave it there

    async def move_focus(self, step: int) -> None:
        """Left and Right: the keyboard's focus to the next card of the hand, in the order shown
        (Flutter's web shortcuts give arrow keys to scrolling, so the shell moves it)."""
        order = self.model.hand_order()
        if self.card_focus not in order or self.tree is None:
            return
        index = order[max(0, min(len(order) - 1, order.index(self.card_focus) + step))]
        card = _identified(self.tree, f"hand-{index}")
        if isinstance(card, ft.Button):
            self.card_focus = index
            await card.focus()

    async def resized(self, event: ft.PageResizeEvent) -> None:
        """A phone turned, a window moved to the projector: cards and text follow the width."""
        self.render()  # the theme follows the width there

    async def scroll(self, key: str) -> None:
        """Page Down/Up, Home and End scroll the list showing (the catalog, the table, home)."""
        listing = self.scroller
        if not isinstance(listing, ft.Column):
            return
        page = (self.page.height or 800) * 0.8
        if key == "End":
            await listing.scroll_to(offset=-1, duration=200)
        elif key == "Home":
            await listing.scroll_to(offset=0, duration=200)
        else:
            await listing.scroll_to(delta=page if key == "Page Down" else -page, duration=200)

    def after_learner(self) -> None:
        self.record_lesson()
        self.render()
        if self.model.state.is_over() and self.model.moves and not self.model.review:
            asyncio.create_task(self.review_hand())
        if self.screen in ("table", "lesson") and self.model.bots_to_move() and (self.bots is None or self.bots.done()):
            self.bots = asyncio.create_task(self.play_bots())

    def cancel_bots(self) -> None:
        if self.bots is not None and not self.bots.done():
            self.bots.cancel()

    # -- the computer players ------------------------------------------------------------------

    async def play_bots(self) -> None:
        loop = asyncio.get_running_loop()
        model = self.model
        while model.bots_to_move():
            await asyncio.sleep(self.pace())
            position = dump_position(model.state, reveal=True)
            seed = model.seed * 7919 + len(model.log)
            bot = model.lesson.lesson.bot or "beginner" if model.lesson is not None else model.bot
            try:
                action = await loop.run_in_executor(pool(), choose_action, position, bot, seed, self.options.think)
            except Exception:  # a player that fails must not stop the table: the club player moves
                LOG.exception("the %s player failed; the club player moves instead", bot)
                action = await loop.run_in_executor(pool(), choose_action, position, "club", seed)
            if model is self.model and model.bots_to_move():
                model.play_bot(parse_action(action))
                self.record_lesson()
                self.render(save=not model.bots_to_move())  # saved when they stop
        await self.review_hand()

    async def review_hand(self) -> None:
        """At the end of a hand: the moments where a tactics tip applied (off the event loop)."""
        model = self.model
        if model.state.is_over() and model.moves and not model.review:
            loop = asyncio.get_running_loop()
            model.review = await loop.run_in_executor(pool(), review, list(model.moves), model.lang)
            self.render()


def _identified(control: object, identifier: str) -> object:
    """The tappable control whose Semantics carries this identifier (None if there is none)."""
    content = getattr(control, "content", None)
    if getattr(content, "identifier", None) == identifier:
        return control
    for name in ("content", "controls"):
        child = getattr(control, name, None)
        for item in child if isinstance(child, list) else [child]:
            if item is not None and not isinstance(item, str):
                found = _identified(item, identifier)
                if found is not None:
                    return found
    return None


def _keyed(control: object, key: str) -> object:
    """The control below ``control`` with this key (None if there is none)."""
    if getattr(control, "key", None) == key:
        return control
    for name in ("content", "controls"):
        child = getattr(control, name, None)
        for item in child if isinstance(child, list) else [child]:
            if item is not None and not isinstance(item, str):
                found = _keyed(item, key)
                if found is not None:
                    return found
    return None


async def presented_device(page: ft.Page, preferences: ft.SharedPreferences, patience: float = 10.0) -> object:
    """The device id the browser keeps (None: a first visit, or a browser that keeps nothing).

    Asked again when the page reconnects meanwhile: after a restart every open page reconnects by
    itself, and a reload at that moment attaches the reloaded page to the session the reconnect
    made (Flet finds it by the tab's session id), while the question went to the page that left.
    Taking that silence for a first visit gave the browser a new device, and the learner lost
    their settings and saved game (tests/tutor/test_e2e_reconnect.py)."""
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


def make_main(options: Options):  # type: ignore[no-untyped-def]
    async def main(page: ft.Page) -> None:
        page.fonts = {FONT: "fonts/DejaVuSans.ttf", f"{FONT} Bold": "fonts/DejaVuSans-Bold.ttf"}
        page.theme = text_theme(page.width or 1280)
        page.padding = 12
        page.title = "canasta-tutor"
        if options.classroom:  # students sign in to their class (tutor/classroom.py); /teacher is the teacher's
            from tutor.classroom import classroom_main

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
        page.on_keyboard_event = session.key
        page.on_resize = session.resized
        page.render(AppView, session, session.frame)
        session.show_notices()  # what could not be read at start (settings, saved game, progress)
        session.after_learner()  # the computer players open when the learner is not first

    return main
