"""The table's views: each side's melds and red threes, the pile, and the page
that holds them with the header, the hand (tutor.views.hand), the panels (tutor.views.panels) and the
screens around the table (tutor.views.screens). Pure views as in :mod:`tutor.views.widgets`: a model and the callbacks in, controls out;
each part memoised (tutor.views.memo) so a frame re-draws only what changed.
"""

from __future__ import annotations

from functools import partial

import flet as ft

from engine.core.cards import pretty_card
from engine.core.i18n import N_, NP_, format_number
from engine.core.melds import Meld, meld_name
from engine.core.rulebook import explain, title
from tutor.views.hand import hand_view, sort_button
from tutor.views.memo import ids, memo
from tutor.table.model import TableModel
from tutor.views.panels import (game_over_view, hint_view, log_view, notice_view, question_view, refusal_view, review_view,
                          scores_view, status_view)
from tutor.views.screens import (lesson_bar, lesson_button, lesson_heading, lesson_outcome_view, lesson_step_view,
                                lesson_view, settings_view)
from tutor.views.widgets import (CARD_WIDTH, FONT, TARGET, TEXT_SCALE, Handlers, _, actions_view, card_label, card_view, cards_label,
                         counted, home_button, language_menu, merged, on, seat_label, setup_view, side_label)


def meld_view(model: TableModel, meld: Meld, index: int, team: int, handlers: Handlers, size: str,
              phone: bool = False) -> ft.Control:
    rules = model.rules
    canasta = rules.is_canasta(meld)
    small = "small" if size != "large" else "medium"
    width = CARD_WIDTH[small] * 0.75
    # overlapped, each card's corner index shows (as cards fanned in a hand); on a phone closer still,
    # with the count beside the meld's name, so a side's melds take a line or two of the table
    compact = size == "small"
    overlap = width * (0.66 if compact else 0.45)
    mine = team == model.team
    # Royal: the card picked as the discard stands out of its meld, as a selected card of the hand
    picked = model.picked[1] if mine and model.picked is not None and model.picked[0] == index else None
    cards = ft.Row([card_view(c, model.lang, width=width, corner=True, selected=place == picked)
                    for place, c in enumerate(meld.cards)], spacing=-overlap, wrap=False)
    box_width = max(72 if compact else 96, width + (width - overlap) * (len(meld.cards) - 1) + 12)
    label = _(model, meld_name(rules, meld))
    shown = f"{label} · {len(meld.cards)}" if compact else label
    words = f"{label}: {cards_label(meld.cards, model.lang)}"
    if picked is not None:
        words += " " + _(model, N_("(to discard: {card})")).format(card=card_label(meld.cards[picked], model.lang))
    box = ft.Container(
        content=ft.Semantics(identifier=f"meld-{team}-{index}", button=mine or None, label=words,
                             exclude_semantics=True,
                             content=ft.Column([ft.Text(shown, size=12 * TEXT_SCALE[size], font_family=FONT,
                                                                        max_lines=1 if compact else None,
                                                                        overflow=ft.TextOverflow.ELLIPSIS if compact else ft.TextOverflow.CLIP),
                                                                cards], spacing=1 if phone else 2)),
        padding=3 if phone else 4, border_radius=6, width=box_width,
        border=ft.Border.all(2, ft.Colors.RED_400 if canasta and meld.wilds == 0 else
                             ft.Colors.GREY_800 if canasta else ft.Colors.GREY_300),
        on_click=on(handlers.tap_meld, index) if mine else None, ink=mine,
    )
    return merged(box)


def pile_state(model: TableModel) -> str:
    """The pile in words: frozen by which card, blocked and why (the engine's facts and rule)."""
    state = model.state
    top = state.top()
    if top is None:
        return _(model, N_("The pile is empty."))
    parts = []
    blocker = model.rules.pile_blocker(state) if not state.is_over() else None
    if blocker is not None:
        try:
            alone = len(state.teams[state.seat_team[state.turn]]) == 1
            why = explain(blocker, {"top": top}, model.lang, alone)
        except (KeyError, IndexError):  # a rule whose sentence needs other facts: its title
            why = title(blocker, model.lang)
        parts.append(_(model, N_("Blocked: {why}")).format(why=why))
    freezer = state.freezer()
    if freezer is not None:
        parts.append(_(model, N_("Frozen by the {card}.")).format(card=pretty_card(freezer, model.lang)))
    elif not state.has_opened(model.team):
        parts.append(_(model, N_("Frozen for your side until it opens.")))
    return " ".join(parts)


def pile_view(model: TableModel, handlers: Handlers, size: str, strip: bool = False) -> ft.Control:
    """One button for the pile: its top card, how many, and its state in words. ``strip``: a phone's
    strip above the hand, the words beside the card."""
    state = model.state
    inputs = (state.top(), len(state.pile), state.freezer(), pile_state(model), model.lang, size, strip, handlers)
    return memo("pile", inputs, lambda: _pile_view(model, handlers, size, strip))


def _pile_view(model: TableModel, handlers: Handlers, size: str, strip: bool = False) -> ft.Control:
    state = model.state
    top = state.top()
    width = CARD_WIDTH[size] * (0.8 if strip else 1)
    count = counted(model, NP_("Pile: {count} card", "Pile: {count} cards"), len(state.pile))
    face = card_view(top, model.lang, width=width) if top is not None else ft.Container(width=width, height=width * 1.4)
    freezer = state.freezer()
    faces: list[ft.Control] = [face]
    if freezer is not None and freezer != top:  # the card that froze it, turned across beneath
        faces.insert(0, ft.Container(content=card_view(freezer, model.lang, width=width * 0.8),
                                     rotate=ft.Rotate(1.5708)))
    words = pile_state(model)
    label = f"{count}. " + (_(model, N_("Top card: {card}.")).format(card=card_label(top, model.lang)) if top else "")
    if strip:  # the card, and beside it how many and the pile's state (a phone's strip)
        return merged(ft.Container(
            key="pile", on_click=on(handlers.tap_pile), ink=True, padding=4, border_radius=8, expand=True,
            border=ft.Border.all(2, ft.Colors.BLUE_300 if freezer is not None else ft.Colors.GREY_300),
            content=ft.Semantics(
                identifier="pile", button=True, label=f"{label} {words}".strip(), exclude_semantics=True,
                content=ft.Row([ft.Row(faces, spacing=-width * 0.5), ft.Column([
                    ft.Text(count, size=13, font_family=FONT, weight=ft.FontWeight.BOLD),
                    ft.Text(words, size=12, font_family=FONT, color=ft.Colors.BLUE_900, max_lines=2,
                            overflow=ft.TextOverflow.ELLIPSIS)], spacing=0, expand=True)],
                    spacing=8, vertical_alignment=ft.CrossAxisAlignment.START))))
    return merged(ft.Container(
        key="pile", on_click=on(handlers.tap_pile), ink=True, padding=6, border_radius=8, width=max(170, width * 2.4),
        border=ft.Border.all(2, ft.Colors.BLUE_300 if freezer is not None else ft.Colors.GREY_300),
        content=ft.Semantics(
            identifier="pile", button=True, label=f"{label} {words}".strip(), exclude_semantics=True,
            content=ft.Column([ft.Text(count, size=13 * TEXT_SCALE[size], font_family=FONT, weight=ft.FontWeight.BOLD),
                               ft.Row(faces, spacing=-width * 0.5),
                               ft.Text(words, size=13 * TEXT_SCALE[size], font_family=FONT, color=ft.Colors.BLUE_900)],
                              spacing=4))))


def table_view(model: TableModel, handlers: Handlers, size: str = "medium", strip: bool = False) -> ft.Control:
    """Each side's melds and red threes, the pile, the stock and who holds how many cards: drawn
    from the engine's state (and Royal's card picked from a meld as the discard), so a tap that only
    selects reuses the last frame's (tutor.views.memo).
    ``strip`` (a phone): the sides alone, one above the other; the pile and the counts are
    :func:`strip_view`'s, fixed above the hand."""
    people = getattr(model, "seats_at", ())  # at a table for people: who sits where names the sides
    return memo("table", (model.state, model.rules, model.seat, model.lang, size, strip, handlers, model.picked,
                          people),
                lambda: _table_view(model, handlers, size, strip))


def strip_view(model: TableModel, handlers: Handlers) -> ft.Control:
    """A phone's fixed strip between the table and the hand: the pile (tapped to take it), the
    stock and how many cards each other player holds; always in sight, whatever the table holds."""
    state = model.state
    counts = [counted(model, NP_("Stock: {count} card", "Stock: {count} cards"), len(state.stock)),
              *[counted(model, NP_("{name}: {count} card", "{name}: {count} cards"), len(state.hands[s]),
                        name=seat_label(model, s)) for s in range(state.players)
                if s != model.seat or model.sitting_out()]]
    return memo("strip", (state.top(), len(state.pile), state.freezer(), pile_state(model), tuple(counts), model.lang,
                          handlers), lambda: ft.Row([
        # the Row's child must carry the expand itself (the pile's own is inside its semantics node):
        # without it the pile took an unbounded width, its words ran past the edge and pushed the counts off
        ft.Container(pile_view(model, handlers, "small", strip=True), expand=True),
        ft.Column([ft.Text(c, size=11, font_family=FONT, no_wrap=True) for c in counts], spacing=0)],
        key="strip", spacing=6, vertical_alignment=ft.CrossAxisAlignment.START))


def fixed_strip(model: TableModel, handlers: Handlers) -> ft.Control:
    """The strip as one region (``strip``): what the middle scrolls under stops at its top."""
    strip = strip_view(model, handlers)
    return memo("strip-region", (ids([strip]),), lambda: ft.Semantics(identifier="strip", container=True, content=strip))


def _table_view(model: TableModel, handlers: Handlers, size: str, strip: bool = False) -> ft.Control:
    state = model.state
    rows: list[ft.Control] = []
    for team in range(len(state.teams)):
        name = side_label(model, team)
        points = model.totals[team] if model.totals else 0
        inputs = (state.melds[team], state.red_threes[team], name, points, model.team, model.rules, model.lang, size,
                  strip, handlers, model.picked if team == model.team else None)
        rows.append(memo(("side", team), inputs, partial(_side_view, model, handlers, size, team, name, points, strip)))
    if strip:  # each side the screen's width, so its melds wrap at the edge, not at its heading's width
        return ft.Column(rows, spacing=4, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
    # each count its own part: an action changes one or two of them (the stock, a hand)
    said = [("stock", counted(model, NP_("Stock: {count} card", "Stock: {count} cards"), len(state.stock))),
            *((s, counted(model, NP_("{name}: {count} card", "{name}: {count} cards"), len(state.hands[s]),
                          name=seat_label(model, s))) for s in range(state.players)
              if s != model.seat or model.sitting_out())]
    counts: list[ft.Control] = [memo(("count", s), text, partial(ft.Text, text, font_family=FONT)) for s, text in said]
    pile = pile_view(model, handlers, size)
    center = memo("center", (ids([pile, *counts]),), lambda: ft.Row(
        [pile, ft.Column(counts, spacing=4)], spacing=12, wrap=True, run_spacing=8,
        vertical_alignment=ft.CrossAxisAlignment.START))
    # side by side where the screen is wide (a desktop, a projector), one above the other on a phone
    if len(rows) != 2:  # three sides (three players, or six in three partnerships): the pile below them
        sides = ft.ResponsiveRow([memo(("side-box", i), (ids([r]),), partial(ft.Container, r, col={"xs": 12, "md": 6}))
                                  for i, r in enumerate(rows)], spacing=8, run_spacing=8)
        return ft.Column([sides, center], spacing=10)
    # two sides: on a desktop the pile beside their melds, in view under a lesson's panel (below them
    # it was out of sight at 1280x800, in the very lessons about taking it); the pile is 173 px wide at
    # most, two twelfths of a 1200 px row
    boxes = [memo(("side-box", i), (ids([r]),), partial(ft.Container, r, col={"xs": 12, "md": 6, "xl": 5}))
             for i, r in enumerate(rows)]
    return ft.ResponsiveRow([*boxes, ft.Container(center, col={"xs": 12, "xl": 2})], spacing=8, run_spacing=10)


def _side_view(model: TableModel, handlers: Handlers, size: str, team: int, name: str, points: int,
               phone: bool = False) -> ft.Control:
    """A side's score, red threes and melds (each meld its own memoised part); on a ``phone`` closer
    together (every meld of a lesson's deal in sight above the pile's strip at 360x740)."""
    state = model.state
    header = _(model, N_("{side} · {points} points")).format(side=name, points=format_number(points, model.lang))
    threes = state.red_threes[team]
    mine = team == model.team
    melds = [memo(("meld", team, i), (m, mine, model.rules, model.lang, size, phone, handlers,
                                      model.picked if mine and model.picked and model.picked[0] == i else None),
                  partial(meld_view, model, m, i, team, handlers, size, phone))
             for i, m in enumerate(state.melds[team])]
    if not melds:
        melds = [ft.Text(_(model, N_("No melds yet.")), font_family=FONT, italic=True, color=ft.Colors.GREY_700)]
    column: list[ft.Control] = [ft.Semantics(identifier=f"side-{team}", content=ft.Text(
        header, weight=ft.FontWeight.BOLD, font_family=FONT, color=ft.Colors.BLUE_900 if team == model.team else None))]
    if threes:
        column.append(ft.Text(_(model, N_("Red threes: {cards}")).format(
            cards=" ".join(pretty_card(c, model.lang) for c in threes)), font_family=FONT))
    column.append(ft.Row(melds, wrap=True, spacing=4 if phone else 6, run_spacing=4 if phone else 6))
    return ft.Container(
        key=f"side-{team}", padding=ft.Padding.symmetric(horizontal=6, vertical=3) if phone else 6, border_radius=8,
        bgcolor=ft.Colors.BLUE_50 if team == model.team else None,
        content=ft.Column(column, spacing=2 if phone else 4))


def page_view(model: TableModel, handlers: Handlers, size: str = "medium", four_colour: bool = False,
              confirm: ft.Control | None = None, notice: str = "", narrow: bool = False,
              height: float = 844) -> ft.Control:
    """The table, phone first: the header on top, the table scrolling in the middle, and what
    the learner acts with (what is said, the hand, the buttons) always in view at the bottom.

    ``narrow`` (a phone, :func:`phone_page`, the screen ``height`` px tall): the table kept in sight."""
    if narrow:
        return phone_page(model, handlers, size, four_colour, confirm, notice, height)

    def heading() -> ft.Control:
        return ft.Text(_(model, model.rules.title), size=20 * TEXT_SCALE[size], weight=ft.FontWeight.BOLD,
                       font_family=FONT)

    header = memo("header", (model.lang, model.rules, size, handlers), lambda: ft.Row(
        [home_button(model.lang, handlers) if handlers.go else ft.Container(width=0), heading()],
        spacing=4, vertical_alignment=ft.CrossAxisAlignment.CENTER))
    choices: list[ft.Control | None] = [
        language_menu(model.lang, handlers),
        confirm,  # beside the new-game choice it asks about
        setup_view(model, handlers) if model.lesson is None and model.free_game else None,
        settings_view(model, handlers, size, four_colour),
    ]
    play: list[ft.Control | None] = [
        lesson_view(model, handlers),
        question_view(model, handlers),
        game_over_view(model),
        scores_view(model),
        review_view(model),
        table_view(model, handlers, size),
    ]
    scrolled = [*choices, *play, log_view(model, size=size)]
    bottom: list[ft.Control | None] = [
        status_view(model), notice_view(model, notice), lesson_outcome_view(model, handlers),
        refusal_view(model, handlers), hint_view(model),
        *([] if model.sitting_out() else [hand_view(model, handlers, size, four_colour)]),
        *([] if model.sitting_out() and not model.state.is_over() else [actions_view(model, handlers)]),
    ]
    middle = _middle([p for p in scrolled if p is not None], phone=False)
    dock = _dock([p for p in bottom if p is not None], phone=False)
    return ft.Column([header, middle, dock], spacing=6, expand=True, key="table",
                     horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


def _middle(parts: list[ft.Control], phone: bool) -> ft.Control:
    """The table's scrolling middle: the last frame's column while each of its parts is the last
    frame's (a tap that only selects a card), so Flet's diff does not look at it again."""
    return memo("table-scroll", (ids(parts), phone), lambda: ft.Column(
        parts, spacing=8, scroll=ft.ScrollMode.AUTO, expand=True, key="table-scroll"))


def _dock(parts: list[ft.Control], phone: bool) -> ft.Control:
    """What the learner acts with, at the bottom: the last frame's while each of its parts is (at a
    table for people, another seat's draw changes nothing in it)."""
    return memo("dock", (ids(parts), phone), lambda: ft.Container(
        key="dock", padding=ft.Padding.only(top=4 if phone else 6),
        border=ft.Border.only(top=ft.BorderSide(1, ft.Colors.GREY_300)),
        content=ft.Column(parts, spacing=4 if phone else 6)))


SHEET_HEIGHT = 132  # px: the most a phone's sheet (a refusal, a hint, a trap, the narration) takes
SHEET_CHARS = 42  # characters on a line of the sheet at 360-430 px


def sheet_cap(height: float) -> float:
    """The most the sheet takes on a screen ``height`` px tall: 132 px from 800 px up, less below
    (70 px at 740), so the table keeps ~200 px for two sides' melds."""
    return max(56.0, min(SHEET_HEIGHT, height - 670))


def sheet_height(texts: list[str], buttons: int, cap: float = SHEET_HEIGHT) -> float | None:
    """The height to give a phone's sheet: None (its own) while what it says fits in ``cap``,
    else that, and the sheet scrolls (a long refusal in German with a hint)."""
    lines = sum(-(-len(text) // SHEET_CHARS) for text in texts if text)
    needed = lines * 19 + buttons * (TARGET + 4) + 16 * len([t for t in texts if t])
    return None if needed <= cap else cap


def trap_sheet(model: TableModel, handlers: Handlers, cap: float) -> tuple[ft.Control, ft.Control]:
    """A phone's trap: Try again beside the status line (never scrolled away) and what the move
    leads to in the sheet, scrolling past ``cap``."""
    message, note = model.lesson_message(), model.trap_note()
    height = sheet_height([message, note], 0, cap)
    text = ft.Container(key="lesson-outcome", bgcolor=ft.Colors.ORANGE_50, border_radius=8, padding=8, height=height,
                        content=ft.Column([
        ft.Semantics(identifier="lesson-trap", label=message, live_region=True, exclude_semantics=True,
                     content=ft.Text(message, font_family=FONT)),
        ft.Text(note, font_family=FONT, italic=True)], spacing=2, scroll=ft.ScrollMode.AUTO if height else None))
    top = ft.Row([ft.Container(status_view(model), expand=True),
                  lesson_button(model, handlers, N_("Try again"), "try_again")],
                 spacing=6, vertical_alignment=ft.CrossAxisAlignment.CENTER)
    return top, text


def phone_page(model: TableModel, handlers: Handlers, size: str, four_colour: bool, confirm: ft.Control | None,
               notice: str, height: float = 844) -> ft.Control:
    """A phone's table, laid out so the table stays in sight: the header (with a lesson's title), the
    lesson's goal on one line (a tap shows the whole panel), the sides' melds scrolling in the middle
    with the choices made once (languages, a new game, the cards' looks) and the play-by-play after
    them; then, fixed, the pile and the counts in a strip, and the dock: whose turn, a sheet with
    what the table says (a refusal, a hint, a trap, the narration; scrolling past a few lines), the
    hand and the buttons, wrapped onto as many lines as they need (none is past the screen's edge)."""
    run = model.lesson
    title = lesson_heading(model) if run is not None and handlers.lesson is not None else _(model, model.rules.title)
    identifier = "lesson-title" if run is not None and handlers.lesson is not None else "table-title"
    # the hand's order at the header's end, where it takes no line (at the end of the buttons it made a
    # third line of them at 360 px under a situational button such as Ask partner)
    header = memo("header", (title, model.lang, handlers, model.hand_sort), lambda: ft.Row(
        [home_button(model.lang, handlers) if handlers.go else ft.Container(width=0),
         ft.Semantics(identifier=identifier, label=title, exclude_semantics=True, content=ft.Text(
             title, size=17, weight=ft.FontWeight.BOLD, font_family=FONT, max_lines=1,
             overflow=ft.TextOverflow.ELLIPSIS, expand=True), expand=True),
         *([sort_button(model, handlers, icon_only=True)] if handlers.change_setting else [])],
        spacing=4, vertical_alignment=ft.CrossAxisAlignment.CENTER))
    scrolled: list[ft.Control | None] = [
        lesson_view(model, handlers, narrow=True),
        question_view(model, handlers),
        table_view(model, handlers, size, strip=True),
        game_over_view(model),
        scores_view(model),
        review_view(model),
        language_menu(model.lang, handlers),
        confirm,
        setup_view(model, handlers) if run is None and model.free_game else None,  # not at a table for people
        settings_view(model, handlers, size, four_colour),
        log_view(model, size=size),
    ]
    middle = _middle([p for p in scrolled if p is not None], phone=True)
    # what the lesson says of the move (a trap and Try again, the solve) is never scrolled away; the
    # rest of the sheet (a notice, a refusal, a hint, the narration) scrolls past a few lines
    cap = sheet_cap(height)
    top: ft.Control = status_view(model)
    outcome = lesson_outcome_view(model, handlers)
    if run is not None and run.consequence is not None and handlers.lesson is not None:
        top, outcome = trap_sheet(model, handlers, cap)
    said = [p for p in (notice_view(model, notice), refusal_view(model, handlers), hint_view(model),
                        lesson_step_view(model, handlers)) if p is not None]
    sheet: ft.Control | None = None
    if said:
        texts = [notice, model.hint[0] if model.hint else ""]
        buttons = 0
        if model.refusal is not None:
            texts += [model.refusal.title, model.refusal.explanation]
            buttons += 1
        if run is not None and run.step() and run.consequence is None:
            texts.append(_(model, run.step()))
        tall = sheet_height(texts, buttons, cap)
        sheet = ft.Container(key="sheet", height=tall, content=ft.Column(
            said, spacing=4, scroll=ft.ScrollMode.AUTO if tall else None))
    # while a trap's consequence shows, and once the lesson is over, no action of the table is open
    # (Try again, Mastery check, Next lesson are the lesson's): their muted row gives its room to the table
    waiting = run is not None and handlers.lesson is not None and (run.consequence is not None or run.is_over())
    bottom: list[ft.Control | None] = [
        top, outcome, sheet,
        None if model.sitting_out() else hand_view(model, handlers, size, four_colour, sort=False, glance=waiting),
        None if waiting or (model.sitting_out() and not model.state.is_over()) else actions_view(model, handlers,
                                                                                                  phone=True)]
    dock = _dock([p for p in bottom if p is not None], phone=True)
    fixed: list[ft.Control | None] = [header, lesson_bar(model, handlers), middle, fixed_strip(model, handlers), dock]
    return ft.Column([p for p in fixed if p is not None], spacing=4, expand=True, key="table",
                     horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
