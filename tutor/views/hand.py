"""The learner's hand: its cards to tap (in the order the model gives: as advised, by rank, by suit),
the cards set aside for a meld, the button that changes the order, and a phone's glance at the hand
while no card can be played. Pure views as in :mod:`tutor.views.widgets`."""

from __future__ import annotations

import flet as ft

from engine.core.cards import pretty_card
from engine.core.i18n import N_, NP_
from tutor.table.model import TableModel
from tutor.views.memo import ids, memo
from tutor.views.widgets import CARD_WIDTH, FONT, TARGET, Handlers, _, card_view, cards_label, counted, on


def hand_view(model: TableModel, handlers: Handlers, size: str = "medium", four_colour: bool = False,
              sort: bool = True, glance: bool = False) -> ft.Control:
    """The learner's hand, in the order the tactics section advises (the model's); taps keep the
    hand's own indexes. Cards set aside for a meld show beneath it, or (``sort`` off: a phone, whose
    sort is among its buttons) beside the heading, a line saved for the table. ``glance`` (a phone
    while nothing can be played): :func:`hand_glance`."""
    if glance:
        return hand_glance(model, four_colour)
    cards = [hand_card(model, handlers, i, size, four_colour) for i in hand_order(model)]
    said = tuple(_(model, N_("Set aside: {cards}")).format(cards=" ".join(pretty_card(c, model.lang) for c in meld))
                 for meld in model.staged)
    heading = counted(model, NP_("Your hand: {count} card", "Your hand: {count} cards"), len(cards))
    sorting = sort_button(model, handlers) if sort and handlers.change_setting is not None else None

    def build() -> ft.Control:
        title: ft.Control = ft.Text(heading, weight=ft.FontWeight.BOLD, font_family=FONT)
        staged = [ft.Semantics(identifier=f"staged-{i}", content=ft.Text(text, font_family=FONT))
                  for i, text in enumerate(said)]
        row = ft.Row(cards, wrap=True, spacing=2 if size == "small" else 4, run_spacing=4)
        if not sort:
            return ft.Column([ft.Row([title, *staged], spacing=12, wrap=True, run_spacing=0) if staged else title, row],
                             spacing=2)
        if sorting is not None:  # the order to show it in, beside the heading
            title = ft.Row([title, sorting], spacing=4, wrap=True, run_spacing=0,
                           vertical_alignment=ft.CrossAxisAlignment.CENTER)
        return ft.Column([title, row, *staged], spacing=2)

    # the hand as a whole is the last frame's while its cards are (a seat that did not act)
    return memo("hand-view", (ids(cards), heading, said, sort, ids([sorting]) if sorting else (), size), build)


def hand_glance(model: TableModel, four_colour: bool = False) -> ft.Control:
    """The hand on one line, its cards overlapped as a meld's (each one's corner shows): a phone's while
    a trap's consequence plays out or the lesson is over, when no card can be played; in two or three
    rows of full cards it pushed the table's melds under the pile's strip on a small screen."""
    order = hand_order(model)
    heading = counted(model, NP_("Your hand: {count} card", "Your hand: {count} cards"), len(order))
    width = CARD_WIDTH["small"] * 0.75
    cards = [card_view(model.hand[i], model.lang, width=width, corner=True, four_colour=four_colour) for i in order]
    return ft.Semantics(
        identifier="hand", label=f"{heading}: {cards_label([model.hand[i] for i in order], model.lang)}",
        exclude_semantics=True, content=ft.Column([
            ft.Text(heading, weight=ft.FontWeight.BOLD, font_family=FONT),
            ft.Row(cards, spacing=-width * 0.5, wrap=False)], spacing=2))


SORTS = {"advised": N_("Sort by rank"), "rank": N_("Sort by suit"), "suit": N_("Sort as advised")}  # the tap's next
NEXT_SORT = {"advised": "rank", "rank": "suit", "suit": "advised"}


def sort_button(model: TableModel, handlers: Handlers, icon_only: bool = False) -> ft.Control:
    """The hand's order, one tap to the next: as the tactics advise (wild cards, threes, Royal's runs
    toward Sambas, pairs), by rank, by suit (a Royal run's cards side by side)."""
    change = handlers.change_setting
    assert change is not None
    shown = model.hand_sort if model.hand_sort in SORTS else "advised"
    said = _(model, SORTS[shown])
    if icon_only:  # a phone: the icon at the end of the buttons, its words for a screen reader and a tooltip
        return memo("sort-hand", (shown, model.lang, True, handlers), lambda: ft.Semantics(
            identifier="sort-hand", label=said, button=True, content=ft.IconButton(
                icon=ft.Icons.SORT, tooltip=said, width=TARGET, height=TARGET,
                on_click=on(change, "hand_sort", NEXT_SORT[shown]))))
    return memo("sort-hand", (shown, model.lang, False, handlers), lambda: ft.Semantics(
        identifier="sort-hand", content=ft.TextButton(
            height=TARGET, icon=ft.Icons.SORT, content=said,
            style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=6)),
            on_click=on(change, "hand_sort", NEXT_SORT[shown]))))


def hand_card(model: TableModel, handlers: Handlers, i: int, size: str, four_colour: bool) -> ft.Control:
    """The hand's card ``i``: drawn again only when it, its selection or its looks changed."""
    card, selected, hinted = model.hand[i], i in model.selected, model.hinted(i)
    focus = handlers.focus_card
    return memo(("hand", i), (card, selected, hinted, model.lang, size, four_colour, handlers), lambda: card_view(
        card, model.lang, selected=selected, size=size, four_colour=four_colour, on_click=on(handlers.tap_card, i),
        identifier=f"hand-{i}", hinted=hinted, on_focus=on(focus, i, True) if focus else None,
        on_blur=on(focus, i, False) if focus else None))


def hand_order(model: TableModel) -> list[int]:
    """The indexes of the hand as shown: the model's order, cards set aside left out."""
    return model.hand_order()
