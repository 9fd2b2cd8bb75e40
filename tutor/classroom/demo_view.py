"""The projector's view of a demonstration (:mod:`tutor.classroom.demo`): the table scaled to the room, the
narration large, one big Next and Back.

Sizes are set for a 1920×1080 projector and scale with the window (:func:`scale`): at 1920×1080 the
narration is 44 px, a trap's explanation 40 px, the table's words 30-34 px, a card of the hand up to
124 px wide (its rank 42 px), a meld's card up to 90 px (its corner 36 px), Back and Next 96 px tall,
so the back of a classroom reads them; a 4K screen doubles them, a 1280×800 laptop shows the same
layout at two thirds, and a window under 1000 px puts the narration above the table. The page is light whatever the theme (dark
text on white carries best on a projector), and every colour is set here, so no theme's text colour
can vanish into a panel. Pure: the demonstration and callbacks in, Flet controls out, no rule
decided here; the table's words (seat names, the pile's state) are the model's.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

import flet as ft

from engine.core.cards import Card
from engine.core.i18n import N_, NP_, format_number, translate
from engine.core.melds import Meld, meld_name
from tutor.classroom.demo import Demonstration, Kind, deal_label
from tutor.table.model import TableModel
from tutor.views.table import pile_state
from tutor.views.widgets import FONT, TARGET, EventHandler, card_view, cards_label, counted, on


class DemoCalls(Protocol):
    """What the projector's buttons call: the learner's :class:`tutor.views.widgets.Handlers` (the lessons
    screen's Demonstrate) and the teacher's :class:`DemoHandlers` both have these."""

    @property
    def demo_go(self) -> Callable[[str], object] | None: ...  # "next", "back", "restart", "leave"

    @property
    def demo_deal(self) -> Callable[[int], object] | None: ...  # the deal shown (0, or a variation)


@dataclass(frozen=True)
class DemoHandlers:
    """The teacher's projector calls (tutor.classroom.teacher_app): a demonstration over the desk."""

    demo_go: Callable[[str], object]
    demo_deal: Callable[[int], object]

INK = ft.Colors.GREY_900
TITLE = N_("Demonstration")  # the browser tab's title on this screen
BASE = (1920, 1080)  # the projector the sizes are set for


def scale(width: float, height: float) -> float:
    """How much larger than at 1920×1080 everything is drawn (never below what a laptop can read)."""
    return max(0.55, min(width / BASE[0], height / BASE[1]))


def _text(value: str, size: float, *, bold: bool = False, colour: str = INK, italic: bool = False,
          identifier: str | None = None, live: bool = False) -> ft.Control:
    text = ft.Text(value, size=size, weight=ft.FontWeight.BOLD if bold else None, color=colour, italic=italic,
                   font_family=FONT)
    if identifier is None:
        return text
    return ft.Semantics(identifier=identifier, label=value, live_region=live, exclude_semantics=True, content=text)


def _button(label: str, identifier: str, handler: EventHandler, s: float, *, primary: bool = False,
            icon: ft.IconData | None = None, selected: bool | None = None, enabled: bool = True) -> ft.Control:
    """A projector's button: tall enough to hit on a touch board, its words readable across a room.

    Not a focusable Flutter button: a presenter who clicks Next and then steps on with a clicker's
    Space would otherwise step twice (Space presses the focused button, and the page's key
    handler steps too). A screen reader still finds a button by its words and taps it."""
    height = max(TARGET, (96 if primary else 64) * s)  # drawn at least this tall (the padding)
    size = (40 if primary else 28) * s
    colour = ft.Colors.WHITE if primary and enabled else INK if enabled else ft.Colors.GREY_500
    words: list[ft.Control] = [ft.Text(label, size=size, font_family=FONT, weight=ft.FontWeight.BOLD, color=colour)]
    if icon is not None:
        words.insert(0, ft.Icon(icon, size=size, color=colour))
    if primary:
        fill, edge = (ft.Colors.BLUE_800, ft.Colors.BLUE_900) if enabled else (ft.Colors.GREY_300, ft.Colors.GREY_400)
    else:
        fill = ft.Colors.BLUE_100 if selected else ft.Colors.WHITE
        edge = ft.Colors.BLUE_800 if selected else ft.Colors.GREY_600
    face = ft.Container(  # as wide as its words (an alignment would stretch it across a row)
        content=ft.Row(words, spacing=8 * s, tight=True, vertical_alignment=ft.CrossAxisAlignment.CENTER),
        padding=ft.Padding.symmetric(horizontal=28 * s, vertical=max(4.0, (height - size * 1.25) / 2)),
        border_radius=12, bgcolor=fill, border=ft.Border.all(3 if selected else 1, edge))
    tap = ft.GestureDetector(content=face, on_tap=handler, mouse_cursor=ft.MouseCursor.CLICK)
    return ft.Semantics(identifier=identifier, label=label, button=True, disabled=not enabled, selected=selected,
                        on_tap=handler, exclude_semantics=True, content=tap)


def _meld(model: TableModel, meld: Meld, team: int, index: int, width: float, marked: tuple[Card, ...]) -> ft.Control:
    """A meld's cards overlapped, each corner showing, under its name; a canasta framed."""
    rules = model.rules
    cards = ft.Row([card_view(c, model.lang, width=width, corner=True, hinted=c in marked) for c in meld.cards],
                   spacing=-width * OVERLAP, wrap=False)
    label = translate(meld_name(rules, meld), model.lang)
    canasta = rules.is_canasta(meld)
    return ft.Semantics(
        identifier=f"demo-meld-{team}-{index}", label=f"{label}: {cards_label(meld.cards, model.lang)}",
        exclude_semantics=True, content=ft.Container(
            padding=6, border_radius=8, bgcolor=ft.Colors.WHITE,
            width=max(_across(len(meld.cards), width), len(label) * _label_size(width) * 0.62) + 16,
            border=ft.Border.all(3 if canasta else 1, ft.Colors.RED_400 if canasta and meld.wilds == 0 else
                                 ft.Colors.GREY_800 if canasta else ft.Colors.GREY_400),
            content=ft.Column([_text(label, _label_size(width), colour=ft.Colors.GREY_800), cards], spacing=2)))


def _label_size(width: float) -> float:
    return max(16.0, width * 0.34)


OVERLAP = 0.45  # of a meld's card under the next one: its corner index still shows


def _across(cards: int, width: float) -> float:
    return width + width * (1 - OVERLAP) * (cards - 1)


def _meld_width(melds: tuple[Meld, ...], s: float, room: float) -> float:
    """A meld's card as wide as lets the side's melds stand in one row, 90 px at 1920 at most."""
    if not melds:
        return 90 * s
    units = sum(1 + (1 - OVERLAP) * (len(m.cards) - 1) for m in melds)
    return max(30.0, min(90 * s, (room - 30 * len(melds)) / units))


def _side(model: TableModel, team: int, s: float, room: float, marked: tuple[Card, ...]) -> ft.Control:
    state = model.state
    mine = team == model.team
    name = model.team_label(team)
    points = format_number(model.totals[team] if model.totals else 0, model.lang)
    header = translate(N_("{side} · {points} points"), model.lang).format(side=name, points=points)
    threes = state.red_threes[team]
    width = _meld_width(state.melds[team], s, room - (len(threes) * 66 * s + 20 if threes else 0))
    row: list[ft.Control] = [_meld(model, m, team, i, width, marked) for i, m in enumerate(state.melds[team])]
    if not row:
        row = [_text(translate(N_("No melds yet."), model.lang), 30 * s, italic=True, colour=ft.Colors.GREY_700)]
    if threes:
        row.insert(0, ft.Column([_text(translate(N_("Red threes"), model.lang), 28 * s, colour=ft.Colors.GREY_800),
                                 ft.Row([card_view(c, model.lang, width=60 * s, corner=True) for c in threes],
                                        spacing=6 * s)], spacing=2))
    return ft.Container(
        key=f"demo-side-{team}", padding=8 * s, border_radius=10,
        bgcolor=ft.Colors.BLUE_50 if mine else ft.Colors.GREY_100,
        content=ft.Column([_text(header, 34 * s, bold=True, colour=ft.Colors.BLUE_900 if mine else INK),
                           ft.Row(row, wrap=True, spacing=10 * s, run_spacing=8 * s)], spacing=4 * s))


def _centre(model: TableModel, s: float) -> ft.Control:
    """The pile (its top card, the card that froze it, its state in words), the stock, the others' hands."""
    state = model.state
    top = state.top()
    width = 100 * s
    faces: list[ft.Control] = [card_view(top, model.lang, width=width) if top is not None
                               else ft.Container(width=width, height=width * 1.4)]
    freezer = state.freezer()
    if freezer is not None and freezer != top:  # the card that froze it, turned across beneath
        faces.insert(0, ft.Container(content=card_view(freezer, model.lang, width=width * 0.8),
                                     rotate=ft.Rotate(1.5708)))
    count = counted(model, NP_("Pile: {count} card", "Pile: {count} cards"), len(state.pile))
    words = pile_state(model)
    pile = ft.Semantics(identifier="demo-pile", label=f"{count}. {words}".strip(), exclude_semantics=True,
                        content=ft.Row([ft.Row(faces, spacing=-width * 0.5),
                                        ft.Column([_text(count, 32 * s, bold=True),
                                                   *([_text(words, 30 * s, colour=ft.Colors.BLUE_900)] if words else [])],
                                                  spacing=4 * s, tight=True, width=CENTRE * s - width * 1.5)],
                                       spacing=12 * s, vertical_alignment=ft.CrossAxisAlignment.START))
    others = [counted(model, NP_("Stock: {count} card", "Stock: {count} cards"), len(state.stock))]
    others += [counted(model, NP_("{name}: {count} card", "{name}: {count} cards"), len(state.hands[seat]),
                       name=model.seat_label(seat)) for seat in range(state.players) if seat != model.seat]
    return ft.Container(width=CENTRE * s, content=ft.Column(
        [pile, _text(" · ".join(others), 30 * s, colour=ft.Colors.GREY_800)], spacing=8 * s))


CENTRE = 400  # px at 1920: the pile and the counts, beside the other side's melds


def _hand(model: TableModel, s: float, room: float, marked: tuple[Card, ...]) -> ft.Control:
    """The learner's hand in the tactics' order, as large as the room across allows: one row, or
    two even rows where one would make the cards small (a Royal deal's 17 cards are 100 px wide at
    1920, not 60)."""
    order = model.hand_order()
    count = max(1, len(order))
    gap = 6 * s
    one_row = room / count - gap
    across = count if one_row >= 80 * s else -(-count // 2)
    width = max(40.0, min(124 * s if across == count else 100 * s, room / across - gap))
    cards = [card_view(model.hand[i], model.lang, width=width, hinted=model.hand[i] in marked) for i in order]
    heading = counted(model, NP_("Your hand: {count} card", "Your hand: {count} cards"), len(order))
    rows = ft.Container(width=across * (width + gap), content=ft.Row(cards, wrap=True, spacing=gap, run_spacing=gap))
    return ft.Semantics(identifier="demo-hand", label=f"{heading}: {cards_label([model.hand[i] for i in order], model.lang)}",
                        exclude_semantics=True, content=ft.Column([_text(heading, 34 * s, bold=True), rows],
                                                                  spacing=6 * s))


def _table(model: TableModel, s: float, room: float, marked: tuple[Card, ...], scrolls: bool) -> ft.Control:
    """As they sit: the other side with the pile beside it, then the learner's side and hand."""
    beside = room - (CENTRE + 20) * s
    theirs = [_side(model, team, s, beside, marked) for team in range(len(model.state.teams)) if team != model.team]
    top = ft.Row([ft.Column(theirs, spacing=8 * s, expand=True), _centre(model, s)], spacing=20 * s,
                 vertical_alignment=ft.CrossAxisAlignment.START)
    return ft.Column([top, _side(model, model.team, s, room, marked), _hand(model, s, room, marked)],
                     spacing=12 * s, scroll=ft.ScrollMode.AUTO if scrolls else None, expand=scrolls,
                     key="demo-table")


def _panel(demo: Demonstration, lang: str, handlers: DemoCalls, s: float, scrolls: bool) -> ft.Control:
    """What is said: the goal, then for this step the trap's explanation or the narration, what was
    played, and once there, that the goal is reached."""
    step = demo.step
    lesson = demo.lesson
    deals = _deals(demo, lang, handlers, s)
    rows: list[ft.Control] = [*([deals] if deals else []),
                              _text(translate(lesson.goal, lang), 32 * s, bold=True, identifier="demo-goal")]
    if step.kind is Kind.WHAT_IF and step.trap is not None:
        rows.append(ft.Container(
            bgcolor=ft.Colors.ORANGE_100, border_radius=10, padding=14 * s,
            border=ft.Border.all(3, ft.Colors.ORANGE_800), content=ft.Column([
                _text(translate(N_("What if…?"), lang), 34 * s, bold=True, colour=ft.Colors.ORANGE_900),
                *[_text(said(lang), 34 * s) for said in step.played],
                _text(translate(step.trap, lang), 40 * s, bold=True, identifier="demo-trap", live=True),
                *[_text(said(lang), 30 * s, colour=ft.Colors.GREY_800) for said in step.consequence],
            ], spacing=8 * s)))
    else:
        if step.narration:
            rows.append(_text(translate(step.narration, lang), 44 * s, identifier="demo-narration", live=True))
        played = demo.said()
        if played:
            rows.append(ft.Semantics(identifier="demo-played", label=" ".join(m(lang) for m in played),
                                     exclude_semantics=True, content=ft.Container(
                bgcolor=ft.Colors.BLUE_50, border_radius=10, padding=12 * s,
                content=ft.Column([_text(m(lang), 34 * s) for m in played], spacing=4 * s))))
    if step.reached:
        rows.append(ft.Container(bgcolor=ft.Colors.GREEN_100, border_radius=10, padding=12 * s,
                                 border=ft.Border.all(3, ft.Colors.GREEN_800),
                                 content=_text(translate(N_("The goal is reached."), lang), 40 * s, bold=True,
                                               colour=ft.Colors.GREEN_900, identifier="demo-reached", live=True)))
    return ft.Column(rows, spacing=16 * s, scroll=ft.ScrollMode.AUTO if scrolls else None, expand=scrolls,
                     key="demo-panel")


def _header(demo: Demonstration, lang: str, handlers: DemoCalls, s: float) -> ft.Control:
    assert handlers.demo_go is not None
    title = translate(demo.lesson.title, lang)
    counter = translate(N_("Step {number} of {total}"), lang).format(
        number=format_number(demo.index + 1, lang), total=format_number(len(demo.steps), lang))
    return ft.Row([  # no wrap: the title takes the room left (a Wrap cannot hold an expanding child)
        ft.Container(_text(title, 40 * s, bold=True, identifier="demo-title"), expand=True),
        _text(counter, 30 * s, colour=ft.Colors.GREY_800, identifier="demo-counter"),
        _button(translate(N_("Leave"), lang), "demo-leave", on(handlers.demo_go, "leave"), s * 0.8,
                icon=ft.Icons.CLOSE),
    ], spacing=14 * s, vertical_alignment=ft.CrossAxisAlignment.CENTER)


def _deals(demo: Demonstration, lang: str, handlers: DemoCalls, s: float) -> ft.Control | None:
    """The lesson's deal or one of its variations (the same traps in a fresh deal)."""
    if demo.deals < 2 or handlers.demo_deal is None:
        return None
    return ft.Row([_button(deal_label(deal)(lang), f"demo-deal-{deal}", on(handlers.demo_deal, deal), s * 0.8,
                           selected=deal == demo.variation) for deal in range(demo.deals)],
                  wrap=True, spacing=8 * s, run_spacing=8 * s)


def _footer(demo: Demonstration, lang: str, handlers: DemoCalls, s: float) -> ft.Control:
    assert handlers.demo_go is not None
    keys = translate(N_("Keys: → or Space next, ← back, Home to the start, Esc to leave."), lang)
    return ft.Row([
        _button(translate(N_("Back"), lang), "demo-back", on(handlers.demo_go, "back"), s, primary=True,
                icon=ft.Icons.ARROW_BACK, enabled=not demo.at_start()),
        _button(translate(N_("Next"), lang), "demo-next", on(handlers.demo_go, "next"), s, primary=True,
                icon=ft.Icons.ARROW_FORWARD, enabled=not demo.at_end()),
        _button(translate(N_("To the start"), lang), "demo-restart", on(handlers.demo_go, "restart"), s,
                icon=ft.Icons.REPLAY),
        ft.Container(_text(keys, 22 * s, colour=ft.Colors.GREY_700), expand=True),
    ], spacing=20 * s, vertical_alignment=ft.CrossAxisAlignment.CENTER)


def demo_view(demo: Demonstration, lang: str, handlers: DemoCalls, width: float, height: float) -> ft.Control:
    """The whole projector screen: the header, the table and the panel side by side (one above the
    other on a narrow window), and the buttons at the bottom, always in view."""
    s = scale(width, height)
    model = demo.table(lang)
    marked = demo.step.cards
    wide = width >= 1000
    room = (width * 0.6 if wide else width) - 60 * s  # across the table, for the hand's cards
    table = ft.Container(_table(model, s, room, marked, wide), expand=3 if wide else None)
    panel = ft.Container(_panel(demo, lang, handlers, s, wide), expand=2 if wide else None, padding=ft.Padding.only(left=12 * s))
    body: ft.Control = (ft.Row([table, panel], expand=True, spacing=16 * s,
                               vertical_alignment=ft.CrossAxisAlignment.START) if wide
                        else ft.Column([panel, table], expand=True, scroll=ft.ScrollMode.AUTO))
    return ft.Semantics(identifier="demo", content=ft.Container(
        key="demo", bgcolor=ft.Colors.WHITE, padding=16 * s, expand=True,
        content=ft.Column([_header(demo, lang, handlers, s), ft.Divider(height=2, color=ft.Colors.GREY_400), body,
                           _footer(demo, lang, handlers, s)], spacing=12 * s, expand=True)))


side_view = _side  # a side's melds and score, drawn for the room (the projector's table for people too)

__all__ = ["INK", "TITLE", "demo_view", "scale", "side_view"]
