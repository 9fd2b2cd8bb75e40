"""Tables for people in one browser tab: making or joining a table, and playing at it. The tab holds its
seat's view (tutor.tables.seat.SeatModel); every action goes to the table's actor
(tutor.tables.actor), which judges it and tells every seat's session to draw the table again."""

from __future__ import annotations

import asyncio
import inspect
import logging
from dataclasses import dataclass, replace
from collections.abc import Sequence
from typing import Any

import flet as ft
from sqlalchemy.exc import SQLAlchemyError

from engine.core.actions import Action, AnswerGoOut, AskGoOut, DeclinePile, Draw, DrawReplacement
from engine.core.i18n import N_, NP_, translate
from engine.position import dump_position
from tutor.serving.ratelimit import RateLimiter
from tutor.shell.state import SessionState
from tutor.table import seats
from tutor.table.seats import take_is_incomplete
from tutor.table.workers import hints_for, pool, review
from tutor.store.class_tables import ClassTables
from tutor.tables.actor import OVER, Happened, Moved, TableActor
from tutor.tables.codes import person_key, read_code
from tutor.tables.hub import hub_for
from tutor.tables.plan import Plan
from tutor.tables.seating import mine
from tutor.tables.seat import SeatModel, hint_position
from tutor.text.messages import Message, Refusal
from tutor.views.people import PeopleCalls, lobby_view, people_panel
from tutor.views.table import page_view
from tutor.views.widgets import Handlers, available

LOG = logging.getLogger("tutor")
SIMPLE: dict[str, Action] = {"draw": Draw(), "ask_go_out": AskGoOut(), "decline_pile": DeclinePile(),
                             "draw_replacement": DrawReplacement()}
# tries at a table's code, per client address: as the class's join codes (docs/serving.md)
CODE_GUESSES = RateLimiter(rate=10 / 60, burst=10)


@dataclass
class Sitting:
    """This tab at a table: the actor, its place, what it is shown, whether it hosts the table."""

    actor: TableActor
    seat: int
    model: SeatModel
    host: bool
    stop: Any  # stops watching the actor
    reviewing: asyncio.Task[None] | None = None  # this seat's own review of the hand just over


def own_moves(happened: Sequence[Happened], seat: int) -> list[tuple[Any, ...]]:
    """The seat's own moves of the hand last played (after its deal): the position before each, in full,
    and the action, as the review reads them (tutor.table.workers.review)."""
    moves: list[tuple[Any, ...]] = []
    for item in reversed(happened):
        if item.event.kind in ("start", "next_hand"):
            break
        if item.event.kind == "act" and item.event.seat == seat:
            moves.append((dump_position(item.before, reveal=True), item.event.detail, {}))
    return moves[::-1]


def table_link(page_url: str, code: str) -> str:
    """The link others open to join: the page's address (Flet gives its websocket's) and the code."""
    base = page_url.replace("wss://", "https://", 1).replace("ws://", "http://", 1).rstrip("/")
    return f"{base}/table/{code}"


class PeopleActions(SessionState):
    """The handlers of tables for people (a mixin of :class:`tutor.shell.app.Session`)."""

    plan: Plan
    people_name: str
    people_code: str
    people_message: Message | None
    sitting: Sitting | None
    people_calls: PeopleCalls
    people_handlers: Handlers
    device: Any

    def setup_people(self) -> None:
        self.plan, self.people_name, self.people_code, self.people_message, self.sitting = Plan(), "", "", None, None
        self.people_calls = PeopleCalls(
            type_name=self.type_people_name, type_code=self.type_people_code, variant=self.plan_variant,
            table=self.plan_table, seat=self.plan_seat, make=self.make_table, join=self.join_table,
            start=self.start_table, hints=self.table_hints, typing=self.set_people_typing, back=self.back_to_table,
            here=self.here_again, leave=self.leave_seat, wait=self.plan_wait, give=self.give_seat)
        self.people_handlers = replace(self.handlers, tap_card=self.people_tap_card, tap_meld=self.people_tap_meld,
                                       tap_pile=self.people_tap_pile, press=self.people_press,
                                       answer=self.people_answer, set_language=self.people_language)

    def hub(self) -> Any:
        return hub_for(self.store, self.pace(), self.options.think)

    # -- the lobby ---------------------------------------------------------------------------------------

    async def type_people_name(self, text: str) -> None:
        self.people_name = text[:40]

    async def type_people_code(self, text: str) -> None:
        self.people_code = text[:120]

    async def set_people_typing(self, typing: bool) -> None:
        self.typing = typing

    async def plan_variant(self, variant: str) -> None:
        self.plan = self.plan.with_variant(variant)
        self.render()

    async def plan_table(self, name: str) -> None:
        self.plan = self.plan.with_table(name)
        self.render()

    async def plan_wait(self, wait: float) -> None:
        self.plan = self.plan.with_wait(wait)
        self.render()

    async def plan_seat(self, seat: int, kind: str) -> None:
        self.plan = self.plan.with_seat(seat, kind)
        self.render()

    def _named(self) -> str | None:
        name = " ".join(self.people_name.split())
        if not name:
            self.people_message = Message.text(N_("Type your name first: the others see it at the table."))
            self.render()
            return None
        return name

    def _unreachable(self, error: Exception) -> None:
        LOG.error("a table for people cannot be reached in the store: %s", error)
        said = Message.text(N_("The table cannot be reached just now, and nothing was changed. Try again in a moment."))
        if self.screen == "people-table" and self.sitting is not None:
            self.sitting.model.rejected = Refusal("store", said)
        else:
            self.people_message = said
        self.render()

    async def make_table(self) -> None:
        try:
            await self._make_table()
        except SQLAlchemyError as error:
            self._unreachable(error)

    async def join_table(self) -> None:
        try:
            await self._join_table()
        except SQLAlchemyError as error:
            self._unreachable(error)

    async def _make_table(self) -> None:
        name = self._named()
        if name is None:
            return
        plan = self.plan
        actor = await self.hub().make(plan.variant, plan.table_form().people, plan.table, plan.made(self.settings.bot),
                                      plan.wait, seed=self.options.seed)
        seat = await actor.sit(person_key(self.device), name, 0)
        assert seat == 0
        self._sit_at(actor, 0)

    async def _join_table(self) -> None:
        name = self._named()
        if name is None:
            return
        address = str(getattr(self.page, "client_ip", "") or "local")
        if not CODE_GUESSES.allow(address):
            self.people_message = Message.text(NP_("Too many tries. Wait {count} second, then try again.",
                                                   "Too many tries. Wait {count} seconds, then try again.", "count"),
                                               count=int(CODE_GUESSES.retry_after(address)) + 1)
            self.render()
            return
        code = read_code(self.people_code)
        actor = await self.hub().open(code) if code is not None else None
        if actor is None:
            self.people_message = Message.text(N_("No table has this code. Check it with the person who made the table."))
            self.render()
            return
        seat = await actor.sit(person_key(self.device), name)
        if seat is None:
            self.people_message = Message.text(N_("Every seat for a person at this table is taken."))
            self.render()
            return
        self._sit_at(actor, seat)

    def class_tables(self) -> tuple[tuple[int, str, str], ...]:
        """A class's student: the tables of their class with a seat kept for them or taken by them (read
        off the event loop, with the home's facts)."""
        if self.student is None:
            return ()
        rows = ClassTables(self.store).of_class(self.student.class_id)
        return tuple(mine(rows, self.student.id))

    async def take_class_seat(self, code: str) -> None:
        """A class's student takes the seat their teacher kept for them (only at a table of their class)."""
        student = self.student
        if student is None:
            return
        try:
            rows = ClassTables(self.store)
            if await asyncio.to_thread(rows.class_of, code) != student.class_id:
                LOG.warning("a student's tab asked for table %s, not of their class", code)
                return
            actor = await self.hub().open(code)
            seat = await actor.sit(person_key(self.device), student.name) if actor is not None else None
        except SQLAlchemyError as error:
            self._unreachable(error)
            return
        if actor is None or seat is None:
            self.people_message = Message.text(N_("Every seat for a person at this table is taken."))
            self.screen = "people"
            self.render()
            return
        self._sit_at(actor, seat)

    async def open_link(self, typed: str) -> None:
        """A table's link opened: back in one's own seat at once, else the lobby with the code filled in."""
        code = read_code(typed)
        if not CODE_GUESSES.allow(str(getattr(self.page, "client_ip", "") or "local")):
            code = None  # guessing links: the lobby, with no table looked up
        try:
            actor = await self.hub().open(code) if code is not None else None
        except SQLAlchemyError as error:
            self.screen = "people"
            self._unreachable(error)
            return
        mine = actor.seat_of(person_key(self.device)) if actor is not None else None
        if actor is not None and mine is not None:
            try:
                await actor.back(mine)  # away meanwhile: back, the computer player stops playing for them
            except SQLAlchemyError as error:
                LOG.error("a person's return to their table could not be written: %s", error)
            self._sit_at(actor, mine)
            return
        self.people_code = code or ""
        self.screen = "people"
        self.render()

    def _sit_at(self, actor: TableActor, seat: int) -> None:
        self.leave_table()
        model = SeatModel.at(actor, seat, self.settings.language)
        sitting = Sitting(actor, seat, model, self._hosting(actor), None)
        sitting.stop = actor.watch(lambda: self._table_changed(sitting))
        self.sitting, self.people_message, self.screen = sitting, None, "people-table"
        self.render()

    def _hosting(self, actor: TableActor) -> bool:
        """This person hosts the table (made it, or was passed the host's part when its host left)."""
        form = actor.form
        return form.classroom is None and form.seats[form.host].person == person_key(self.device)

    def _table_changed(self, sitting: Sitting) -> None:
        if self.sitting is not sitting:
            return
        sitting.host = self._hosting(sitting.actor)
        if sitting.actor.form.seats[sitting.seat].person != person_key(self.device):  # the host gave the seat away
            self.leave_table()
            self.people_message = Message.text(N_("The host has given your seat to someone else."))
            if self.screen == "people-table":
                self.screen = "people"
                self.render()
            return
        sitting.model.follow(sitting.actor)
        if sitting.model.state.is_over() and not sitting.model.review and sitting.reviewing is None:
            sitting.reviewing = asyncio.get_running_loop().create_task(self._review(sitting))
        if self.screen != "people-table":  # gone home meanwhile: drawn when the table is opened again
            return
        try:
            self.render()
        except Exception:  # the tab has gone: stop watching
            LOG.info("a seat's tab has gone; it stops watching its table")
            self.leave_table()

    async def _review(self, sitting: Sitting) -> None:
        """The hand just over, looked back at for this seat alone: its own moves, judged in the process pool
        from the table's positions (kept on the server; only the review's words reach the seat)."""
        try:
            moves = own_moves(sitting.actor.happened, sitting.seat)
            if moves:
                loop = asyncio.get_running_loop()
                sitting.model.review = await loop.run_in_executor(pool(), review, moves, sitting.model.lang)
                if self.sitting is sitting and self.screen == "people-table":
                    self.render()
        except Exception:  # a review that fails leaves the hand's scores as they are
            LOG.exception("a seat's review of its hand failed")
        finally:
            sitting.reviewing = None

    def leave_table(self) -> None:
        """Stop drawing the table in this tab (the seat stays the person's: a later tab gets it back)."""
        if self.sitting is not None and self.sitting.stop is not None:
            self.sitting.stop()
        self.sitting = None

    # -- at the table --------------------------------------------------------------------------------------------

    async def start_table(self) -> None:
        if self.sitting is not None and self.sitting.host:
            try:
                await self.sitting.actor.start()
            except SQLAlchemyError as error:
                self._unreachable(error)

    async def back_to_table(self) -> None:
        if self.sitting is not None:
            self.sitting.model.follow(self.sitting.actor)
            self.screen, self.notice = "people-table", ""
            self.render()

    async def here_again(self) -> None:
        """The person is back after the table waited too long: they play their seat again."""
        if self.sitting is not None:
            try:
                await self.sitting.actor.back(self.sitting.seat)
            except SQLAlchemyError as error:
                self._unreachable(error)

    async def leave_seat(self) -> None:
        """The person leaves the table for good: a computer player takes the seat, and this tab goes home. The
        host too: the host's part passes to another person at the table, or, with nobody there, it ends."""
        sitting = self.sitting
        if sitting is None:
            return
        try:
            await sitting.actor.leave(sitting.seat)
        except SQLAlchemyError as error:
            self._unreachable(error)
            return
        form = sitting.actor.form
        self.leave_table()
        if sitting.host and form.status == OVER:
            self.people_message = Message.text(N_("You have left your table, and no other person sat at it: the "
                                                  "table has ended."))
            self.screen = "people"
            self.render()
            return
        await self.go("home")

    async def give_seat(self, seat: int, to_person: bool) -> None:
        """The host gives a seat to a computer player for good, or frees it for another person."""
        sitting = self.sitting
        if sitting is None or not sitting.host or seat == sitting.seat:
            return
        try:
            await sitting.actor.give(seat, to_person)
        except SQLAlchemyError as error:
            self._unreachable(error)

    async def table_hints(self, on: bool) -> None:
        if self.sitting is not None and self.sitting.host:
            await self.sitting.actor.set_hints(on)

    async def people_language(self, lang: str) -> None:
        if self.sitting is not None:
            self.sitting.model.lang = lang
        result = self.handlers.set_language(lang)
        if inspect.isawaitable(result):
            await result

    async def people_tap_card(self, index: int) -> None:
        if self.sitting is not None:
            self.notice = ""
            self.sitting.model.tap_card(index)
            self.render()

    async def people_tap_meld(self, index: int) -> None:
        model = self._model()
        if model is None:
            return
        if model.selected and model.is_my_turn():
            await self._act(model.layoff_action(index))
        elif model.is_my_turn() and model.can_pick(index):  # Royal: a card of the meld as the discard
            self.notice = ""
            model.pick(index)
            self.render()
        else:
            self.notice = "stage" if model.is_my_turn() and model.state.phase.value != "draw" else "meld"
            self.render()

    async def people_tap_pile(self) -> None:
        model = self._model()
        if model is None:
            return
        if model.is_my_turn() and model.state.phase.value == "draw" and not take_is_incomplete(model):
            await self._act(model.pile_action())
        else:
            self.notice = "take_pile"
            self.render()

    async def people_press(self, kind: str) -> None:
        model = self._model()
        if model is None or self.sitting is None:
            return
        if kind == "next_hand":
            try:
                await self.sitting.actor.next_hand()
            except SQLAlchemyError as error:
                self._unreachable(error)
            return
        if not available(model).get(kind, True):
            self.notice = kind
            self.render()
            return
        self.notice = ""
        if kind == "meld":
            await self._act(model.meld_action())
        elif kind == "take_pile" and not take_is_incomplete(model):
            await self._act(model.pile_action())
        elif kind == "discard":
            action = model.discard_action()
            if action is not None:
                await self._act(action)
        elif kind in SIMPLE:
            await self._act(SIMPLE[kind])
        elif kind == "stage":
            model.stage()
            self.render()
        elif kind == "clear":
            model.clear()
            self.render()
        elif kind == "hint":
            await self._hint()
        else:
            self.notice = kind
            self.render()

    async def people_answer(self, yes: bool) -> None:
        await self._act(AnswerGoOut(yes))

    def _model(self) -> SeatModel | None:
        return self.sitting.model if self.sitting is not None else None

    async def _act(self, action: Action) -> None:
        sitting = self.sitting
        if sitting is None:
            return
        model = sitting.model
        try:
            refused = await sitting.actor.act(sitting.seat, action)
        except SQLAlchemyError as error:
            self._unreachable(error)
            return
        except Moved:  # another's action came first: the table as it stands now
            model.follow(sitting.actor)
            model.rejected = Refusal("moved", Message.text(N_("The table moved on before your action: here it is now.")))
            self.render()
            return
        if refused is not None:
            said = seats.with_set_aside(Message.refusal(refused), model.state, action, refused.rule)
            model.rejected = Refusal(refused.rule, said)
            self.render()

    async def _hint(self) -> None:
        """A hint for this seat alone, drawn from what it may see (off the event loop)."""
        sitting = self.sitting
        if sitting is None or not sitting.model.is_my_turn():
            return
        model = sitting.model
        if not model.hints_on:
            model.show_hint(Message.text(N_("The host has turned hints off at this table.")), ())
            self.render()
            return
        position = hint_position(sitting.actor.form.state, model.seat)  # the seat it plays this hand
        loop = asyncio.get_running_loop()
        found = await loop.run_in_executor(pool(), hints_for, position, model.lang)
        shown = model.hint[0] if model.hint else None
        texts = [h["text"] for h in found]
        following = texts.index(shown) + 1 if shown in texts else 0
        model.show_found_hint(found[following % len(found)] if found else None)
        self.render()

    # -- drawn ---------------------------------------------------------------------------------------------------

    def people_screen(self, size: str, narrow: bool, four_colour: bool) -> ft.Control:
        lang = self.settings.language
        sitting = self.sitting
        if self.screen == "people-table" and sitting is not None:
            model = sitting.model
            link = table_link(self.page.url or "", sitting.actor.code)
            panel = people_panel(model, self.people_calls, sitting.actor.code, link, sitting.host)
            notice = ""
            if self.notice and not available(model).get(self.notice, False):
                notice = model.why_not(self.notice) or translate(N_("This is not possible at this moment."), lang)
            return page_view(model, self.people_handlers, size, four_colour, confirm=panel, notice=notice,
                             narrow=narrow)
        said = self.people_message(lang) if self.people_message is not None else ""
        seated = sitting.actor.code if sitting is not None else ""
        return lobby_view(lang, self.handlers, self.people_calls, self.plan, self.people_name, self.people_code, said,
                          seated)
