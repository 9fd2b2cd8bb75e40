"""The keyboard in the shell: the table's shortcuts (only on the table, never while typing), the
arrow keys between the hand's cards, Page Down/Up, Home and End, a presenter's clicker; and finding
a control in the page as last drawn (to move the focus or scroll it)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import flet as ft

from tutor.classroom.demo import KEYS as DEMO_KEYS
from tutor.shell.state import SessionState


KEYS = {"h": "hint", "d": "draw", "p": "take_pile", "m": "meld", "s": "stage", "x": "discard", "a": "ask_go_out",
        "u": "undo", "escape": "clear", "n": "next_hand"}
SCROLL_KEYS = ("Page Down", "Page Up", "Home", "End")
ARROWS = {"Arrow Left": -1, "Arrow Right": 1}  # between the cards of the hand
HAND_KEY = "c"  # the keyboard's focus to the hand's cards, from anywhere on the table


class KeyActions(SessionState):
    """The keyboard's handlers of :class:`tutor.shell.app.Session` (a mixin: the session holds the state)."""

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
        if event.key.lower() == HAND_KEY:
            await self.focus_hand()
            return
        kind = KEYS.get(event.key.lower())
        if kind is not None:
            await self.press(kind)

    async def focus_card(self, index: int, focused: bool) -> None:
        """A card of the hand got or lost the keyboard's focus: the arrow keys move on from it."""
        if focused:
            self.card_focus = index
            order = self.model.hand_order()
            if index in order:
                self.focus_kept = ([self.model.hand[i] for i in order], order.index(index))
        elif self.card_focus == index:
            self.card_focus = None  # the focus went elsewhere (Tab): the arrows leave it there

    async def focus_hand(self) -> None:
        """C: the focus to the hand, on the card it was on last if that is still there, else the first."""
        order = self.model.hand_order()
        if not order or self.tree is None:
            return
        index = self.card_focus if self.card_focus in order else order[0]
        await self._focus(index)

    async def _focus(self, index: int) -> None:
        card = _identified(self.tree, f"hand-{index}")
        if isinstance(card, ft.Button):
            self.card_focus = index
            await card.focus()

    def follow_focus(self) -> None:
        """After the hand changed under a focused card (a meld, a discard, a draw, a new order): the
        focus goes with the card to its new place, or, the card played, to the card that followed it
        (the slot it was on holds another card now, which a keyboard user did not choose)."""
        kept = self.focus_kept
        if kept is None or self.card_focus is None or self.tree is None:
            return
        before, place = kept
        order = self.model.hand_order()
        now = [self.model.hand[i] for i in order]
        if now == before or not now:
            return
        card = before[place]
        left = list(now)
        if card in now and before.count(card) <= now.count(card):  # still in the hand: it moved
            target = order[now.index(card)]
        else:  # played: the next card shown after it that is still there, else the one before it
            target = order[-1]
            for other in [*before[place + 1:], *reversed(before[:place])]:
                if other in left:
                    target = order[left.index(other)]
                    break
        self.focus_kept = (now, order.index(target))
        asyncio.ensure_future(self._focus(target))

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


def _find(control: object, matches: Callable[[object], bool]) -> object:
    """The first control at or below ``control`` (depth first, through ``content`` and ``controls``)
    that ``matches``; None if there is none."""
    if matches(control):
        return control
    for name in ("content", "controls"):
        child = getattr(control, name, None)
        for item in child if isinstance(child, list) else [child]:
            if item is not None and not isinstance(item, str):
                found = _find(item, matches)
                if found is not None:
                    return found
    return None


def _identified(control: object, identifier: str) -> object:
    """The tappable control whose Semantics carries this identifier (None if there is none)."""
    return _find(control, lambda c: getattr(getattr(c, "content", None), "identifier", None) == identifier)


def _keyed(control: object, key: str) -> object:
    """The control below ``control`` with this key (None if there is none)."""
    return _find(control, lambda c: getattr(c, "key", None) == key)
