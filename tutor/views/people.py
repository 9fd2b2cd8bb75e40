"""The screens of a table for people (tutor/tables/): making or joining one, the table waiting for its
people, and the panel above a seat's table (its code, who sits where, whose turn). A seat's table itself
is drawn by the same views as a game against the computer (tutor.views.table.page_view)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import flet as ft
import flet_charts as fch

from engine.core.i18n import N_, NP_, translate, translate_text
from engine.core.rules import Table
from engine.variants import VARIANTS
from tutor.tables.actor import OVER, WAITING, Seat
from tutor.tables.lineups import side_of
from tutor.tables.plan import LEVELS, PERSON, Plan, tables_of
from tutor.tables.seat import SeatModel
from tutor.tables.seating import WAITS
from tutor.views.memo import memo
from tutor.views.screens import BOT_NAMES
from tutor.views.widgets import FONT, TARGET, Handlers, home_button, language_menu, on

LEVEL_NAMES = {"basic": N_("Basic player"), **BOT_NAMES}
SECONDS = NP_("{count} second", "{count} seconds")
MINUTES = NP_("{count} minute", "{count} minutes")


@dataclass(frozen=True)
class PeopleCalls:
    """What the shell does on these screens (tutor/shell/people.py)."""

    type_name: Callable[[str], object]
    type_code: Callable[[str], object]
    variant: Callable[[str], object]
    table: Callable[[str], object]
    seat: Callable[[int, str], object]
    make: Callable[[], object]
    join: Callable[[], object]
    start: Callable[[], object]
    hints: Callable[[bool], object]
    typing: Callable[[bool], object]
    back: Callable[[], object]
    here: Callable[[], object]
    leave: Callable[[], object]
    wait: Callable[[float], object]
    give: Callable[[int, bool], object]  # the host: a seat to a computer player (False) or free for a person (True)


def _button(identifier: str, text: str, action: Callable[..., object], *args: object, filled: bool = True,
            selected: bool | None = None) -> ft.Control:
    kind = ft.Button if filled else ft.OutlinedButton
    return ft.Semantics(identifier=identifier, selected=selected, content=kind(
        height=TARGET, content=ft.Text(text, font_family=FONT, weight=ft.FontWeight.BOLD if selected else None),
        on_click=on(action, *args)))


def _field(identifier: str, label: str, value: str, typed: Callable[[str], object], submit: Callable[[], object],
           calls: PeopleCalls, width: int = 220) -> ft.Control:
    async def changed(event: ft.Event[ft.TextField]) -> None:
        await _maybe(typed(event.control.value or ""))

    async def submitted(event: ft.Event[ft.TextField]) -> None:
        await _maybe(typed(event.control.value or ""))
        await _maybe(submit())

    return ft.Semantics(identifier=identifier, content=ft.TextField(
        label=label, value=value, width=width, dense=True, on_change=changed, on_submit=submitted,
        on_focus=on(calls.typing, True), on_blur=on(calls.typing, False)))


async def _maybe(result: object) -> None:
    import inspect

    if inspect.isawaitable(result):
        await result


def lobby_view(lang: str, handlers: Handlers, calls: PeopleCalls, plan: Plan, name: str, code: str,
               message: str, seated: str = "") -> ft.Control:
    """Play with people: your name; join a table by its code; or make one (variant, table, seats).
    ``seated``: the code of the table this tab sits at (a button goes back to it)."""
    def t(text: str) -> str:
        return translate(text, lang)

    rows: list[ft.Control] = [
        ft.Row([home_button(lang, handlers), ft.Text(t(N_("Play with people")), size=22, weight=ft.FontWeight.BOLD,
                                                     font_family=FONT)], spacing=4),
        language_menu(lang, handlers),
        ft.Text(t(N_("Each person plays on their own device: make a table and give the others its code or link, "
                     "or join a table with the code you were given.")), font_family=FONT),
        _field("people-name", t(N_("Your name")), name, calls.type_name, calls.join if code else calls.make, calls),
    ]
    if seated:
        rows.insert(3, _button("people-back", t(N_("Back to your table ({code})")).format(code=seated), calls.back))
    if message:
        rows.append(ft.Semantics(identifier="people-message", live_region=True, content=ft.Text(
            message, font_family=FONT, color=ft.Colors.RED_800)))
    rows += [
        ft.Text(t(N_("Join a table")), size=18, font_family=FONT),
        ft.Row([_field("people-code", t(N_("Table code")), code, calls.type_code, calls.join, calls, width=180),
                _button("people-join", t(N_("Join the table")), calls.join)], wrap=True),
        ft.Text(t(N_("Make a table")), size=18, font_family=FONT),
        ft.Row([_button(f"people-variant-{v}", t(rules.title), calls.variant, v, filled=False,
                        selected=v == plan.variant) for v, rules in VARIANTS.items()], wrap=True, spacing=4),
        ft.Row([_button(f"people-table-{table.name}", t(table.title), calls.table, table.name, filled=False,
                        selected=table.name == plan.table) for table in tables_of(plan.variant)],
               wrap=True, spacing=4),
    ]
    form = plan.table_form()
    for seat in range(form.people):  # a place for each person, those who take turns sitting out too
        rows.append(_seat_choice(lang, calls, plan, seat, form))
    rows.append(ft.Text(t(N_("A computer player plays for a person who has not acted after")), font_family=FONT,
                        weight=ft.FontWeight.BOLD))
    rows.append(ft.Row([_button(f"people-wait-{int(w)}", wait_words(w, lang), calls.wait, w, filled=False,
                                selected=w == plan.wait) for w in WAITS], wrap=True, spacing=4))
    rows.append(_button("people-make", t(N_("Make the table")), calls.make))
    return ft.Column(rows, spacing=10, scroll=ft.ScrollMode.AUTO, expand=True, key="people")


def _seat_choice(lang: str, calls: PeopleCalls, plan: Plan, seat: int, table: Table) -> ft.Control:
    alone = all(len(team) == 1 for team in table.teams)  # everyone for themselves: no sides to name
    side = translate(N_("Side {number}"), lang).format(number=side_of(table, seat) + 1)
    if seat == 0:
        label = translate(N_("Seat {number}: you") if alone else N_("Seat {number} ({side}): you"), lang).format(
            number=1, side=side)
        return ft.Semantics(identifier="people-seat-0", content=ft.Text(label, font_family=FONT))
    label = translate(N_("Seat {number}") if alone else N_("Seat {number} ({side})"), lang).format(
        number=seat + 1, side=side)
    choices = [_button(f"people-seat-{seat}-{kind}", translate(N_("A person") if kind == PERSON else LEVEL_NAMES[kind], lang),
                       calls.seat, seat, kind, filled=False, selected=plan.seats[seat] == kind)
               for kind in (PERSON, *LEVELS)]
    return ft.Column([ft.Text(label, font_family=FONT, weight=ft.FontWeight.BOLD), ft.Row(choices, wrap=True, spacing=4)],
                     spacing=2)


def seat_words(model: SeatModel, seat: int, holder: Seat) -> str:
    """Who sits at ``seat``: a person by name, or the computer player holding it."""
    lang = model.lang
    place = model.place_label(seat)
    level = translate(LEVEL_NAMES[holder.level], lang)
    if holder.person is not None and holder.away:
        return translate(N_("{seat}: away ({level} plays meanwhile)"), lang).format(seat=place, level=level)
    if seat == model.place or holder.person is not None:
        return place
    if holder.open:
        return translate(N_("{seat}: waiting for a person ({level} plays meanwhile)"), lang).format(
            seat=place, level=level)
    return translate(N_("{seat}: computer player ({level})"), lang).format(seat=place, level=level)


def _seat_line(model: SeatModel, calls: PeopleCalls, seat: int, holder: Seat, host: bool) -> ft.Control:
    """A seat in words; for the host, beside another's seat: give it to a computer player, or free it."""
    words = ft.Semantics(identifier=f"people-seat-{seat}", content=ft.Text(seat_words(model, seat, holder),
                                                                           font_family=FONT))
    if not host or seat == model.place or model.status == OVER or (holder.person is None and not holder.open):
        return words
    lang = model.lang
    buttons = [_button(f"people-give-{seat}-computer", translate(N_("Give to a computer player"), lang), calls.give,
                       seat, False, filled=False)]
    if holder.person is not None:
        buttons.append(_button(f"people-give-{seat}-person", translate(N_("Free for another person"), lang),
                               calls.give, seat, True, filled=False))
    return ft.Row([words, *buttons], wrap=True, spacing=4)


def wait_words(wait: float, lang: str) -> str:
    """A table's wait in words: "30 seconds", "2 minutes"."""
    if wait < 60:
        return translate_text(SECONDS, {"count": int(wait)}, lang).format(count=int(wait))
    return translate_text(MINUTES, {"count": int(wait // 60)}, lang).format(count=int(wait // 60))


LINE_COLOURS = (ft.Colors.BLUE_700, ft.Colors.DEEP_ORANGE_600, ft.Colors.GREEN_700)


def scores_history(model: SeatModel) -> ft.Control | None:
    """After each hand: each side's points hand by hand and in all, as a table and as a chart of the
    totals (one line a side)."""
    hands = model.hand_scores
    if not hands:
        return None
    lang = model.lang
    teams = range(len(model.state.teams))
    names = [model.team_label(t) for t in teams]
    running = [0] * len(names)
    totals: list[list[int]] = []
    lines: list[ft.Control] = [ft.Row([ft.Text(translate(N_("Hand"), lang), width=60, font_family=FONT,
                                               weight=ft.FontWeight.BOLD),
                                       *[ft.Text(n, expand=True, font_family=FONT, weight=ft.FontWeight.BOLD)
                                         for n in names]])]
    for number, scores in enumerate(hands, start=1):
        running = [r + s.total for r, s in zip(running, scores)]
        totals.append(list(running))
        lines.append(ft.Row([ft.Text(str(number), width=60, font_family=FONT),
                             *[ft.Text(translate(N_("{points} ({total} in all)"), lang).format(
                                 points=s.total, total=t), expand=True, font_family=FONT)
                               for s, t in zip(scores, running)]]))
    series = [fch.LineChartData(
        points=[fch.LineChartDataPoint(0, 0), *[fch.LineChartDataPoint(i + 1, row[t]) for i, row in enumerate(totals)]],
        color=LINE_COLOURS[t % len(LINE_COLOURS)], stroke_width=3) for t in teams]
    values = [v for row in totals for v in row] + [0]
    low, high = min(values), max(values)
    chart = fch.LineChart(
        data_series=series, min_x=0, max_x=max(1, len(totals)), min_y=min(0, low), max_y=max(high, 100),
        interactive=False,
        bottom_axis=fch.ChartAxis(label_size=24, labels=[fch.ChartAxisLabel(value=i, label=ft.Text(str(i), size=11))
                                                         for i in range(len(totals) + 1)]),
        left_axis=fch.ChartAxis(label_size=44),
        horizontal_grid_lines=fch.ChartGridLines(color=ft.Colors.GREY_300, width=1))
    key = ft.Row([ft.Row([ft.Container(width=14, height=4, bgcolor=LINE_COLOURS[t % len(LINE_COLOURS)]),
                          ft.Text(names[t], size=12, font_family=FONT)], spacing=4, tight=True) for t in teams],
                 wrap=True, spacing=12)
    summary = "; ".join(f"{names[t]}: {totals[-1][t]}" for t in teams)
    return ft.Semantics(identifier="people-scores", label=summary, content=ft.Column([
        ft.Text(translate(N_("Scores after each hand"), lang), font_family=FONT, weight=ft.FontWeight.BOLD),
        *lines, ft.Container(content=chart, height=160, padding=ft.Padding.only(top=8, right=8)), key], spacing=4))


def people_panel(model: SeatModel, calls: PeopleCalls, code: str, link: str, host: bool) -> ft.Control:
    """The table's code and link, its seats, and for the host Start (and hints on or off): the last
    frame's controls while what it shows did not change (tutor.views.memo), so an action at the table
    neither builds nor diffs its some twenty controls again."""
    scores = tuple(tuple(hand) for hand in model.hand_scores)
    inputs = (model.lang, code, link, host, model.seat, model.place, model.lineup, model.seats_at, model.status,
              model.hints_on, model.away(), model.state.players, model.state.teams, scores, calls)
    return memo("people-panel", inputs, lambda: _people_panel(model, calls, code, link, host))


def _people_panel(model: SeatModel, calls: PeopleCalls, code: str, link: str, host: bool) -> ft.Control:
    lang = model.lang

    def t(text: str) -> str:
        return translate(text, lang)

    rows: list[ft.Control] = [
        ft.Semantics(identifier="table-code", label=t(N_("Table code: {code}")).format(code=code),
                     exclude_semantics=True, content=ft.Text(t(N_("Table code: {code}")).format(code=code), selectable=True,
                                                       size=18, weight=ft.FontWeight.BOLD, font_family=FONT)),
        ft.Semantics(identifier="table-link", label=t(N_("Link: {link}")).format(link=link), exclude_semantics=True,
                     content=ft.Text(t(N_("Link: {link}")).format(link=link), selectable=True, font_family=FONT)),
        *[_seat_line(model, calls, s, holder, host) for s, holder in enumerate(model.seats_at)],
    ]
    history = scores_history(model)
    if history is not None:
        rows.append(history)
    if model.away():
        rows.append(_button("people-here", t(N_("I'm back")), calls.here))
    if model.status == WAITING:
        if host:
            rows.append(_button("people-start", t(N_("Start the game")), calls.start))
        else:
            rows.append(ft.Text(t(N_("The host starts the game when everyone is seated.")), font_family=FONT))
    # the host too: their part passes to another person at the table (tutor.tables.form.Form.next_host)
    rows.append(_button("people-leave", t(N_("Leave the table")), calls.leave, filled=False))
    if model.status != WAITING and host:
        rows.append(_button("people-hints", t(N_("Turn hints off") if model.hints_on else N_("Turn hints on")),
                            calls.hints, not model.hints_on, filled=False))
    return ft.Container(key="people-panel", bgcolor=ft.Colors.GREEN_50, border_radius=8, padding=10,
                        content=ft.Column(rows, spacing=4))
