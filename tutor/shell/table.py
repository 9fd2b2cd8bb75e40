"""The learner at the table: taps on cards, melds and the pile, the action buttons, hints, a new
game, the screens; and the computer players' turns, played off the event loop (the process pool)."""

from __future__ import annotations

import asyncio
import logging
import os
import time
from typing import Any

import flet as ft

from engine.core.actions import parse_action
from engine.judge.game import is_legal
from engine.position import dump_position
from tutor.table.model import TableModel
from tutor.table.seats import take_is_incomplete
from tutor.shell.state import SessionState
from tutor.views.rules import scroll_key
from tutor.views.widgets import available
from tutor.table.workers import choose_action, hints_for, pool, review, strong_for

LOG = logging.getLogger("tutor")


class TableActions(SessionState):
    """The table's handlers of :class:`tutor.shell.app.Session` (a mixin: the session holds the state)."""

    # -- the learner ---------------------------------------------------------------------------

    async def tap_card(self, index: int) -> None:
        self.tapped = time.perf_counter()
        self.notice = ""
        self.model.tap_card(index)
        self.render()

    def frame_sent(self) -> None:
        """After each frame: the keyboard's focus follows its card (tutor/shell/keys.py); the
        server's time for a tap, when a benchmark asks for it."""
        self.follow_focus()
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
        elif self.notice == "take_pile" and self.model.is_my_turn() and self.model.state.phase.value == "draw" \
                and is_legal(self.model.state, self.model.pile_action(onto=index)):
            # the answer to Take the pile's question where two melds take the top card (Royal's Samba
            # and the meld of its rank); a meld tapped before that never takes the pile (a learner
            # who forgot to draw), nor is a take the engine would refuse played
            self.notice = ""
            self.model.play(self.model.pile_action(onto=index))
            self.after_learner()
        elif self.model.can_pick(index):  # Royal: a card of the meld as the discard, the last one first
            self.notice = ""
            self.model.pick(index)
            self.render()
        else:  # say why nothing happens: whose turn it is, to draw first, or what to select first
            drawn = self.model.state.phase.value != "draw"
            self.notice = "stage" if self.model.is_my_turn() and drawn else "meld"
            self.render()

    async def tap_pile(self) -> None:
        if self.model.is_my_turn() and self.model.state.phase.value == "draw" and not take_is_incomplete(self.model):
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
            if take_is_incomplete(model):
                self.notice = kind
                self.render()
                return
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
        """The rules reference of the variant over the table, scrolled to the refused rule's heading."""
        self.rules_for, self.rules_query = rule, ""
        self.render()
        key = scroll_key(self.model, rule) if rule else None
        if key is not None:
            await asyncio.sleep(0.3)  # the list is drawn before it can scroll to one of its items
            await self.scroll_rules(key)

    async def scroll_rules(self, key: str) -> None:
        listing = self.rules_list
        if isinstance(listing, ft.Column):
            await listing.scroll_to(scroll_key=key, duration=300)

    async def search_rules(self, query: str) -> None:
        """The reference shows the rules whose heading or text hold what is typed."""
        if query != self.rules_query:
            self.rules_query = query
            self.render()

    async def rules_topic(self, topic: str) -> None:
        """A topic of the reference's contents tapped: the list scrolls to it."""
        await self.scroll_rules(f"topic-{topic}")

    async def close_rules(self) -> None:
        self.rules_for, self.rules_query = None, ""
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
        self.screen = screen  # the catalog's first learner is made for them by read_shelf, off the loop
        self.first_visit = False
        self.notice = ""
        self.after_learner()

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
