"""The learner's lessons in the shell: the catalog, opening and playing a lesson, its record (the
attempt, kept after each input so that a restart gives it back), learners, a lesson on the projector."""

from __future__ import annotations

import json
import logging
from dataclasses import replace

import flet as ft
from sqlalchemy.exc import SQLAlchemyError

from engine.core.i18n import translate
from tutor.classroom.demo import Demonstration
from tutor.lessons.catalog import find_lesson, fresh_deal, lesson_catalog, next_lesson
from tutor.table.model import TableModel
from tutor.lessons.progress import DEFAULT_NAME, ProgressError
from tutor.views.screens import lessons_view
from tutor.shell.state import SessionState
from tutor.store.resume import drop_lesson, keep_lesson_data, lesson_snapshot, open_lesson


LOG = logging.getLogger("tutor")


class LessonActions(SessionState):
    """The lessons' handlers of :class:`tutor.shell.app.Session` (a mixin: the session holds the state)."""

    # -- lessons -------------------------------------------------------------------------------

    def _learner(self) -> int:
        """The learner playing: the one chosen on this device, else the first, else a new one (once:
        the catalog's read on the writer's thread and a handler may both ask at first)."""
        with self.learner_lock:
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
        shelf = self.shelf
        learner = shelf.learner if shelf.learner is not None else self.learner
        # Demonstrate (a lesson on a projector) is offered where a class could see it: not on a phone,
        # and never to a class's student (the reference solution would solve their lesson for them)
        shown = (self.page.width or 0) >= 900 and self.student is None
        handlers = self.handlers if shown else replace(self.handlers, demo=None)
        return lessons_view(lang, lessons.lessons, shelf.progress, list(shelf.due), list(shelf.profiles), learner,
                            handlers, message, self.name_draft, assigned=list(shelf.assigned))

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
        from tutor.views.student import student_home

        shelf = self.shelf
        return student_home(self.settings.language, self.student.name, self.class_name, list(shelf.assigned),
                            shelf.progress, self.handlers, list(shelf.tables))

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
        self._look_up_first_stars()
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
        elif kind == "goal":  # a phone's one line of the goal, opened to the whole panel or closed again
            self.model.goal_open = not self.model.goal_open
            self.render()

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

    def _look_up_first_stars(self) -> None:
        """Whether the learner has earned stars before (any lesson completed, in the store): if not, the
        lesson's solve says what the stars mean; once earned they are in the store, so it is said once.
        Read off the event loop, on the writer's thread after the attempt's start."""
        learners, learner, model = self.progress, self._learner(), self.model
        model.first_stars = False

        def look() -> None:
            model.first_stars = not any(p.completed for p in learners.all_lessons(learner).values())

        self.writer.submit(look, "whether the learner has earned stars")

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
        if not self.recorded:
            self._look_up_first_stars()
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
