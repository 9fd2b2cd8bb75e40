"""The teacher's tables for people (tutor/classroom/teacher_tables.py): making tables from the class list,
the class's tables live (who sits where, who is to play, the scores, the time since the last action), and
one table on the projector with every hand hidden. Pure views: the data and the callbacks in, Flet
controls out; every control a person acts on has a stable ``Semantics`` identifier."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import flet as ft

from engine.core.i18n import N_, NP_, format_number, translate
from engine.variants import VARIANTS
from tutor.classroom.demo_view import INK, scale, side_view
from tutor.classroom.teacher import Desk, say, since
from tutor.classroom.teacher_tables import Making
from tutor.store.classes import Overview
from tutor.tables.form import OVER, WAITING
from tutor.tables.lineups import side_of
from tutor.tables.plan import LEVELS
from tutor.tables.seat import FACE_DOWN, SeatModel
from tutor.tables.seating import HERE, WAITS, Listed, table_of_five
from tutor.views.people import LEVEL_NAMES, wait_words
from tutor.views.widgets import FONT, TARGET, card_view, on


HERE_MARK = N_("here")  # beside a student active in the last minutes
SEAT_HERE = NP_("Seat the {count} student who is here", "Seat everyone who is here: {count} students")
SEAT_PICKED = NP_("Seat the {count} student picked", "Seat the {count} students picked")
PILE = NP_("Pile: {count} card", "Pile: {count} cards")
STOCK = NP_("Stock: {count} card", "Stock: {count} cards")
IN_HAND = NP_("{name}: {count} card in hand", "{name}: {count} cards in hand")


@dataclass(frozen=True)
class TablesCalls:
    """What the teacher's session does on the Tables tab and the projector."""

    variant: Callable[[str], object]
    level: Callable[[str], object]
    wait: Callable[[float], object]
    pick: Callable[[int], object]
    seat_here: Callable[[], object]
    seat_picked: Callable[[], object]
    start: Callable[[str], object]
    end: Callable[[str], object]
    project: Callable[[str | None], object]
    hints: Callable[[str, bool], object]  # a table's hints on (True) or off


def _t(lang: str, text: str, **facts: object) -> str:
    return translate(text, lang).format(**facts)


def _text(value: str, size: float | None = None, bold: bool = False, **kwargs: object) -> ft.Text:
    return ft.Text(value, size=size, weight=ft.FontWeight.BOLD if bold else None, font_family=FONT,
                   **kwargs)  # type: ignore[arg-type]


def _choice(identifier: str, label: str, action: Callable[..., object], *args: object,
            selected: bool = False) -> ft.Control:
    return ft.Semantics(identifier=identifier, selected=selected, content=ft.OutlinedButton(
        height=TARGET, content=_text(label, bold=selected), on_click=on(action, *args)))


def _button(identifier: str, label: str, action: Callable[..., object], *args: object,
            icon: ft.IconData | None = None, filled: bool = True) -> ft.Control:
    kind = ft.Button if filled else ft.OutlinedButton
    return ft.Semantics(identifier=identifier, content=kind(height=TARGET, content=label, icon=icon,
                                                            on_click=on(action, *args)))


def making_view(desk: Desk, overview: Overview, making: Making, calls: TablesCalls) -> ft.Control:
    """The variant, the computer players' level, the table's wait; then everyone who is here, or the
    students picked, at tables of four."""
    lang, now = desk.lang, time.time()
    present = {s.id for s in overview.students if s.last_active is not None and now - s.last_active <= HERE}
    rows: list[ft.Control] = [
        _text(_t(lang, N_("Make tables")), 20, True),
        _text(_t(lang, N_("Students sit at tables of four, in two partnerships; computer players take the seats "
                          "left, and hold a student's seat until the student sits down. Each student finds "
                          "their table on their home screen.")), 14),
        *([_text(_t(lang, N_("In this variant, when tables of four would leave one student over, five of them sit "
                             "at a table of five, where a different one sits out each hand.")), 14)]
          if table_of_five(making.variant) is not None else []),
        ft.Row([_choice(f"tables-variant-{v}", translate(rules.title, lang), calls.variant, v,
                        selected=v == making.variant) for v, rules in VARIANTS.items()], wrap=True, spacing=4),
        _text(_t(lang, N_("Computer players")), 14, True),
        ft.Row([_choice(f"tables-level-{level}", translate(LEVEL_NAMES[level], lang), calls.level, level,
                        selected=level == making.level) for level in LEVELS], wrap=True, spacing=4),
        _text(_t(lang, N_("A computer player plays for a student who has not acted after")), 14, True),
        ft.Row([_choice(f"tables-wait-{int(w)}", wait_words(w, lang), calls.wait, w, selected=w == making.wait)
                for w in WAITS], wrap=True, spacing=4),
        _button("tables-seat-here", say(SEAT_HERE, lang, count=len(present)),
                calls.seat_here, icon=ft.Icons.GROUPS),
    ]
    if overview.students:
        rows.append(_text(_t(lang, N_("Or pick the students of a table, in order: the first and the third are "
                                      "partners, as are the second and the fourth.")), 14))
        boxes: list[ft.Control] = []
        for student in overview.students:
            order = making.picked.index(student.id) + 1 if student.id in making.picked else 0
            mark = f"{order}. " if order else ""
            where = " · " + _t(lang, HERE_MARK) if student.id in present else ""
            boxes.append(ft.Semantics(identifier=f"tables-pick-{student.id}", content=ft.Checkbox(
                label=f"{mark}{student.name}{where}", value=bool(order), on_change=on(calls.pick, student.id))))
        rows.append(ft.Row(boxes, wrap=True, spacing=8))
    if making.picked:
        rows.append(_button("tables-seat-picked", say(SEAT_PICKED, lang, count=len(making.picked)),
                            calls.seat_picked, icon=ft.Icons.TABLE_RESTAURANT, filled=False))
    return ft.Container(bgcolor=ft.Colors.GREEN_50, border_radius=8, padding=12, key="tables-making",
                        content=ft.Column(rows, spacing=8))


def holder_name(table: Listed, seat: int, lang: str) -> str:
    """A seat's person by name, or the computer player holding it."""
    holder = table.form.seats[seat]
    if holder.name:
        return holder.name
    return translate(LEVEL_NAMES.get(holder.level, N_("Basic player")), lang)


def side_names(table: Listed, team: int, lang: str) -> str:
    """A side by its people's names (those who take turns sitting out a hand too)."""
    form = table.form.rules.table_of()
    names = [holder_name(table, place, lang) for place in range(len(table.form.seats)) if side_of(form, place) == team]
    if len(names) == 1:
        return names[0]
    return _t(lang, N_("{first} and {second}"), first=", ".join(names[:-1]), second=names[-1])


def doing(table: Listed, lang: str) -> str:
    """What the table is at: not begun (who is awaited), who is to play, the hand or the game over."""
    form = table.form
    if form.status == WAITING:
        awaited = [s.name for s in form.seats if s.reserved is not None and s.person is None]
        if awaited:
            return _t(lang, N_("Not begun: waiting for {names}"), names=", ".join(awaited))
        return _t(lang, N_("Not begun"))
    if form.status == OVER:
        return _t(lang, N_("The game is over"))
    seat = table.to_act
    if seat is None:
        return _t(lang, N_("Hand {number} is over"), number=format_number(form.hand_number, lang))
    name = holder_name(table, seat, lang)
    if form.seats[seat].person is not None and form.seats[seat].away:
        return _t(lang, N_("To play: {name} (away; a computer player plays meanwhile)"), name=name)
    return _t(lang, N_("To play: {name}"), name=name)


def table_card(desk: Desk, table: Listed, calls: TablesCalls) -> ft.Control:
    lang, form = desk.lang, table.form
    title = _t(lang, N_("Table {number} · {variant} · code {code}"), number=table.number,
               variant=translate(form.rules.title, lang), code=table.code)
    seats = []
    for seat, holder in enumerate(form.seats):
        name = holder_name(table, seat, lang)
        if holder.reserved is not None and holder.person is None:
            name = _t(lang, N_("{name} (not seated yet)"), name=name)
        elif holder.person is None:
            name = _t(lang, N_("{name} (computer player)"), name=name)
        if form.status != WAITING and seat not in form.lineup():  # a table of five: their turn to sit out
            name = _t(lang, N_("{seat} (sitting out this hand)"), seat=name)
        seats.append(name)
    totals = form.totals()
    scores = " · ".join(_t(lang, N_("{side}: {points}"), side=side_names(table, team, lang),
                           points=format_number(points, lang)) for team, points in enumerate(totals))
    ago = _t(lang, N_("Last action: {when}"), when=since(time.time() - table.since, time.time(), lang))
    buttons: list[ft.Control] = []
    if form.status == WAITING:
        buttons.append(_button(f"table-start-{table.code}", _t(lang, N_("Start now")), calls.start, table.code,
                               icon=ft.Icons.PLAY_ARROW))
    if form.status != OVER:
        buttons.append(_button(f"table-hints-{table.code}", _t(lang, N_("Turn hints off") if form.hints else
                                                               N_("Turn hints on")),
                               calls.hints, table.code, not form.hints, filled=False))
    buttons += [_button(f"table-project-{table.code}", _t(lang, N_("Show on the projector")), calls.project,
                        table.code, icon=ft.Icons.CO_PRESENT, filled=False),
                _button(f"table-end-{table.code}", _t(lang, N_("End the table")), calls.end, table.code,
                        icon=ft.Icons.STOP, filled=False)]
    return ft.Semantics(identifier=f"class-table-{table.code}", content=ft.Container(
        key=f"class-table-{table.code}", border=ft.Border.all(1, ft.Colors.GREY_400), border_radius=8, padding=10,
        content=ft.Column([
            _text(title, 16, True),
            _text(" · ".join(seats), 14),
            ft.Semantics(identifier=f"table-doing-{table.code}", content=_text(doing(table, lang), 15, True)),
            ft.Semantics(identifier=f"table-scores-{table.code}", content=_text(scores, 14)),
            _text(ago, 13, color=ft.Colors.GREY_700),
            ft.Row(buttons, wrap=True, spacing=6)], spacing=4)))


def tables_view(desk: Desk, overview: Overview, tables: Sequence[Listed], making: Making, calls: TablesCalls,
                width: float) -> ft.Control:
    """The Tables tab: making tables, then the class's tables as they are now."""
    lang = desk.lang
    listed: list[ft.Control] = [_text(_t(lang, N_("The class's tables")), 20, True)]
    if tables:
        listed += [table_card(desk, table, calls) for table in tables]
    else:
        listed.append(ft.Semantics(identifier="no-class-tables", content=_text(_t(lang, N_(
            "No table is being played. Make tables above: each student sees theirs at once.")), 14)))
    return ft.Column([making_view(desk, overview, making, calls), *listed], spacing=10, key="tables")


# -- the projector ---------------------------------------------------------------------------------

@dataclass
class RoomModel(SeatModel):
    """A table seen by the room, from no seat: each seat and side by its person's name, or its computer
    player's level."""

    names: tuple[str, ...] = ()

    def seat_label(self, seat: int) -> str:
        return self.names[seat]

    def _named(self, seat: int, lang: str) -> str:
        return self.names[seat]

    def sitting_out(self) -> bool:
        return False  # the room sits at no place


def hidden_model(table: Listed, lang: str) -> RoomModel:
    """The table as the room may see it: the melds, the pile, the scores; every hand face down."""
    form = table.form
    state = form.state
    state = state.evolve(hands=tuple((FACE_DOWN,) * len(hand) for hand in state.hands),
                         stock=(FACE_DOWN,) * len(state.stock), out_of_play=(FACE_DOWN,) * len(state.out_of_play))
    model = RoomModel(rules=form.rules, state=state, lang=lang, seat=0, practice=False, seed=form.seed,
                      hand_number=form.hand_number,
                      names=tuple(holder_name(table, place, lang) for place in form.lineup()))
    model.seats_at, model.status, model.lineup = form.seats, form.status, form.lineup()
    return model


def projected_view(table: Listed, lang: str, calls: TablesCalls, width: float, height: float) -> ft.Control:
    """One table for the room: each side's melds and score, the pile, how many cards each hand holds, and
    who is to play; no card of any hand."""
    s = scale(width, height)
    model = hidden_model(table, lang)
    state = model.state
    room = width - 60 * s
    title = _t(lang, N_("Table {number} · {variant}"), number=table.number, variant=translate(model.rules.title, lang))
    leave = ft.Semantics(identifier="projector-leave", content=ft.Button(
        height=max(TARGET, 64 * s), content=_text(_t(lang, N_("Back to the class")), 28 * s), icon=ft.Icons.CLOSE,
        on_click=on(calls.project, None)))
    top = state.top()
    pile = [card_view(top, lang, width=100 * s)] if top is not None else []
    counts = [say(PILE, lang, count=len(state.pile)), say(STOCK, lang, count=len(state.stock))]
    counts += [say(IN_HAND, lang, name=holder_name(table, place, lang), count=len(state.hands[seat]))
               for seat, place in enumerate(table.form.lineup())]
    sides = [side_view(model, team, s, room, ()) for team in range(len(state.teams))]
    return ft.Semantics(identifier="table-projector", content=ft.Container(
        key="table-projector", bgcolor=ft.Colors.WHITE, padding=16 * s, expand=True, content=ft.Column([
            ft.Row([ft.Container(_text(title, 40 * s, True, color=INK), expand=True), leave],
                   vertical_alignment=ft.CrossAxisAlignment.CENTER),
            ft.Semantics(identifier="projector-doing", content=_text(doing(table, lang), 36 * s, True,
                                                                     color=ft.Colors.BLUE_900)),
            *sides,
            ft.Row([*pile, ft.Column([_text(line, 30 * s, color=INK) for line in counts], spacing=4 * s)],
                   spacing=20 * s, vertical_alignment=ft.CrossAxisAlignment.START),
        ], spacing=12 * s, scroll=ft.ScrollMode.AUTO, expand=True)))

