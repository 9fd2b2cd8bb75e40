"""An owner's (a device's, or a class's student's) settings and saved game read back from the store,
as forgiving as the files were: what cannot be read is kept aside in the store (``meta``, under a
``damaged:`` key), named to the learner, and replaced by the defaults or a new game; Home and free
play always open."""

from __future__ import annotations

import json
import time
from dataclasses import replace
from pathlib import Path
from collections.abc import Callable
from typing import Any

from sqlalchemy import delete, insert, select
from sqlalchemy.exc import SQLAlchemyError

from engine.core.errors import InvalidInputError
from engine.core.i18n import N_
from engine.bots.levels import BOTS
from engine.variants import VARIANTS
from tutor.lessons.catalog import LessonRun
from tutor.table.model import TableModel
from tutor.lessons.progress import ProgressError
from tutor.store.settings import Settings, _readable, default_settings
from tutor.store.files import LOG, Notice
from tutor.store.games import restore
from tutor.store.schema import meta, saved_games, settings
from tutor.store.store import Learners, Owner, Store, owned
from tutor.store.writer import Writer

SETTINGS_RESET = N_("Some of your settings ({fields}) could not be read and went back to the default.")
GAME_SET_ASIDE = N_("The saved game could not be read, so a new game begins; the store keeps the old one aside.")


def device_settings(store: Store, device: Owner) -> tuple[Settings, list[Notice]]:
    defaults = default_settings()
    try:
        data = store.settings_data(device)
    except SQLAlchemyError as error:
        LOG.error("settings of a device cannot be read: %s", error)
        return defaults, []
    if data is None:
        return defaults, []
    if not isinstance(data, dict):
        _set_aside(store, settings, device)
        return defaults, [Notice(SETTINGS_RESET, {"fields": "(all)"})]
    kept, bad = _readable(data, defaults, Path("<store>"))
    chosen = replace(defaults, **kept)
    if chosen.players not in VARIANTS[chosen.variant].player_counts():
        bad.append("players")
        chosen = replace(chosen, players=VARIANTS[chosen.variant].tables[0].people)
    if not bad:
        return chosen, []
    _set_aside(store, settings, device)
    try:
        store.save_settings(device, chosen)
    except SQLAlchemyError as error:
        LOG.error("settings of a device cannot be written: %s", error)
    return chosen, [Notice(SETTINGS_RESET, {"fields": ", ".join(bad)})]


def device_game(store: Store, device: Owner, lang: str) -> tuple[TableModel | None, list[Notice]]:
    """The device's saved game with its undo history, or None (none, or a damaged one, kept aside)."""
    try:
        data = store.game_data(device)
    except SQLAlchemyError as error:
        LOG.error("the saved game of a device cannot be read: %s", error)
        return None, []
    if data is None:
        return None, []
    try:
        if not isinstance(data, dict) or data.get("bot") not in BOTS:
            raise ValueError("not a saved game, or an unknown computer player")
        return restore(data, lang), []
    except (InvalidInputError, ValueError, KeyError, TypeError, RecursionError) as error:
        LOG.warning("a saved game in the store is damaged: %s", getattr(error, "args", error))
        _set_aside(store, saved_games, device)
        return None, [Notice(GAME_SET_ASIDE)]


def _set_aside(store: Store, table: Any, device: Owner) -> None:
    """The row moved out of the way, kept in ``meta`` for whoever wants to rescue it."""
    key = f"damaged:{table.name}:{str(device)[:12]}:{time.strftime('%Y%m%d-%H%M%S')}:{time.time_ns() % 10**6}"
    try:
        with store.engine.begin() as db:
            raw = db.execute(select(table.c.data).where(owned(table, device))).scalar()
            if raw is None:
                return
            db.execute(insert(meta).values(key=key[:64], value=json.dumps({"device": device, "data": raw})))
            db.execute(delete(table).where(owned(table, device)))
    except SQLAlchemyError as error:
        LOG.error("a damaged %s row could not be kept aside: %s", table.name, error)


class Attempts:
    """The lesson attempt on a session's table, written to the store as it goes: started when the
    lesson opens, each refusal, trap and hint when it happens, stars when solved. A store that fails
    is logged; the lesson goes on. With a ``writer`` (tutor.store.writer) the writes run off the event
    loop, in order; each reads the attempt's id when it runs, after the write that started it."""

    def __init__(self, learners: Learners, writer: Writer | None = None) -> None:
        self.learners = learners
        self.writer = writer
        self._id: list[int | None] = [None]  # this attempt's id, filled in when its start is written
        self.counted = (0, 0)  # the mistakes and hints written so far

    @property
    def attempt(self) -> int | None:
        if self.writer is not None:
            self.writer.flush()
        return self._id[0]

    @property
    def box(self) -> list[int | None]:
        """Where this attempt's id is filled in when its start is written (a write queued after the
        start reads it there when it runs)."""
        return self._id

    def resume(self, attempt: int | None, counted: tuple[int, int]) -> None:
        """The attempt of a lesson given back after a restart, its mistakes and hints counted."""
        self._id, self.counted = [attempt], counted

    def start(self, learner: int, run: LessonRun | None) -> None:
        self._id, self.counted = [None], (0, 0)
        if run is not None:
            box = self._id
            self._write(lambda: box.__setitem__(0, self.learners.start(learner, run.lesson.id, run.variation)))

    def note(self, run: LessonRun | None) -> None:
        if run is None or (run.mistakes, run.hints_used) == self.counted:
            return
        if run.mistakes > self.counted[0]:
            trapped = run.consequence is not None
            kind, detail = ("trap", run.said("en") if run.said else "") if trapped else ("refusal", run.refused or "")
        else:
            kind, detail = "hint", ""
        self.counted = (run.mistakes, run.hints_used)
        box, mistakes, hints = self._id, run.mistakes, run.hints_used

        def write() -> None:
            if box[0] is not None:
                self.learners.event(box[0], kind, detail, mistakes, hints)

        self._write(write)

    def solved(self, learner: int, run: LessonRun) -> None:
        self.note(run)
        box, stars, mistakes, hints = self._id, run.stars(), run.mistakes, run.hints_used

        def write() -> None:
            if box[0] is None:
                self.learners.record(learner, run.lesson.id, run.variation, stars, mistakes, hints)
            else:
                self.learners.finish(box[0], stars, mistakes, hints)

        self._write(write)

    def _write(self, write: Callable[[], object]) -> None:
        if self.writer is not None:
            self.writer.submit(write, "a lesson attempt")
            return
        try:
            write()
        except (SQLAlchemyError, ProgressError) as error:  # ProgressError: a student removed meanwhile
            LOG.error("a lesson attempt cannot be saved: %s", error)
