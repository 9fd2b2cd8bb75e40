"""Pure views of what the table says: whose turn and the opening minimum, why a button is closed,
a refusal and a hint (live regions, so screen readers announce them), a partner's question, the
scores of a hand and of the game, the post-hand review and the play-by-play. Like
:mod:`tutor.views.widgets`: the model in, Flet controls out, no rule decided here."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import flet as ft

from engine.describe import describe_result
from engine.core.i18n import N_, format_number
from tutor.views.memo import memo
from tutor.table.model import TableModel
from tutor.views.widgets import FONT, TARGET, TEXT_SCALE, Handlers, _, card_view, on, seat_label, side_label

if TYPE_CHECKING:
    from tutor.text.messages import Message


def status_text(model: TableModel) -> str:
    state = model.state
    run = model.lesson
    if model.waiting_note():  # a table for people not begun yet (tutor.tables.seat)
        text = model.waiting_note()
    elif run is not None and run.consequence is not None:
        text = _(model, N_("This is what your move would lead to."))
    elif run is not None and run.is_over():
        text = _(model, N_("The lesson is over."))
    elif state.is_over():
        text = _(model, N_("The hand is over."))
    elif model.sitting_out_note():  # a table for people where this person sits the hand out
        text = model.sitting_out_note() + " " + _(model, N_("{name} is playing.")).format(
            name=seat_label(model, state.turn))
    elif model.is_my_turn():
        text = _(model, N_("Your turn: draw or take the pile.")) if state.phase.value == "draw" else _(
            model, N_("Your turn: meld, lay off, then discard."))
    else:
        text = _(model, N_("{name} is playing.")).format(name=seat_label(model, state.turn))
    return text


def status_view(model: TableModel) -> ft.Control:
    """Whose turn, and the opening minimum while the side has not opened (always in view)."""
    text = status_text(model)
    minimum = model.opening_minimum()
    run = model.lesson
    said = ""
    if minimum is not None and not model.state.is_over() and (run is None or not run.is_over()):
        said = _(model, N_("Your side's opening minimum: {minimum}.")).format(minimum=minimum)
    return memo("status", (text, said), lambda: _status_view(text, said))


def _status_view(text: str, said: str) -> ft.Control:
    parts: list[ft.Control] = [ft.Text(text, font_family=FONT, weight=ft.FontWeight.BOLD)]
    if said:
        parts.append(ft.Text(said, font_family=FONT))
        text += " " + said
    return ft.Semantics(identifier="status", key="status", live_region=True, label=text, exclude_semantics=True,
                        content=ft.Row(parts, wrap=True, spacing=8, run_spacing=0))


def notice_view(model: TableModel, notice: str) -> ft.Control | None:
    if not notice:
        return None
    return ft.Semantics(identifier="notice", key="notice", live_region=True, label=notice, exclude_semantics=True,
                        content=ft.Container(bgcolor=ft.Colors.AMBER_50, border_radius=8, padding=8,
                                             content=ft.Text(notice, font_family=FONT)))


def refusal_view(model: TableModel, handlers: Handlers) -> ft.Control | None:
    refusal = model.refusal
    if refusal is None:
        return None
    return ft.Container(
        key="refusal", bgcolor=ft.Colors.RED_50, border_radius=8, padding=8,
        content=ft.Semantics(identifier="refusal", live_region=True, label=f"{refusal.title}: {refusal.explanation}",
                             content=ft.Column([
            # the rule's title and Read the rule on one line where they fit: a phone's sheet stays short
            ft.Row([ft.Semantics(exclude_semantics=True, content=ft.Text(
                        refusal.title, weight=ft.FontWeight.BOLD, font_family=FONT)),
                    ft.Semantics(identifier="refusal-rule", content=ft.TextButton(
                        height=TARGET, content=_(model, N_("Read the rule")), icon=ft.Icons.MENU_BOOK,
                        on_click=on(handlers.show_rules, refusal.rule)))],
                   wrap=True, spacing=4, run_spacing=0, vertical_alignment=ft.CrossAxisAlignment.CENTER),
            ft.Semantics(exclude_semantics=True, content=ft.Text(refusal.explanation, font_family=FONT))],
            spacing=0)))


def hint_view(model: TableModel) -> ft.Control | None:
    if model.hint is None:
        return None
    return ft.Semantics(identifier="hint", key="hint", live_region=True, label=model.hint[0], exclude_semantics=True,
                        content=ft.Container(bgcolor=ft.Colors.BLUE_50, border_radius=8, padding=8,
                                             content=ft.Text(model.hint[0], font_family=FONT)))


def question_view(model: TableModel, handlers: Handlers) -> ft.Control | None:
    """When a partner asks the learner "may I go out?"."""
    state = model.state
    if state.phase.value != "answer" or state.turn != model.seat or model.sitting_out():
        return None
    asker = seat_label(model, state.turn_state.asker or 0)
    return ft.Container(key="question", bgcolor=ft.Colors.BLUE_50, padding=8, border_radius=8, content=ft.Column([
        ft.Semantics(live_region=True, content=ft.Text(_(model, N_("{name} asks: may I go out?")).format(name=asker),
                                                       font_family=FONT)),
        ft.Row([
            ft.Semantics(identifier="answer-yes",
                         content=ft.Button(height=TARGET, content=_(model, N_("Yes")), on_click=on(handlers.answer, True))),
            ft.Semantics(identifier="answer-no",
                         content=ft.Button(height=TARGET, content=_(model, N_("No")), on_click=on(handlers.answer, False))),
        ]),
    ]))


SCORE_ROWS = (
    ("melds", N_("Melds")), ("canastas", N_("Canastas")), ("red_threes", N_("Red threes")),
    ("going_out", N_("Going out")), ("hand", N_("Cards in hand")), ("total", N_("This hand")),
)


def _grid(model: TableModel, heading: str, columns: list[str], rows: list[list[str]]) -> ft.Control:
    """A small table that wraps its headings instead of overlapping them on a phone."""
    def line(cells: list[str], bold: bool = False) -> ft.Control:
        first, *rest = cells
        return ft.Row([ft.Text(first, expand=3, font_family=FONT, weight=ft.FontWeight.BOLD if bold else None),
                       *[ft.Text(c, expand=2, font_family=FONT, text_align=ft.TextAlign.RIGHT,
                                 weight=ft.FontWeight.BOLD if bold else None) for c in rest]],
                      vertical_alignment=ft.CrossAxisAlignment.START)

    return ft.Column([line([heading, *columns], bold=True), ft.Divider(height=1),
                      *[line(r) for r in rows]], spacing=4)


def scores_view(model: TableModel) -> ft.Control | None:
    """At the end of a hand: each side's score, line by line, and the totals."""
    if not model.state.is_over() or not model.hand_scores:
        return None
    state, scores = model.state, model.hand_scores[-1]
    names = [side_label(model, t) for t in range(len(state.teams))]
    rows = [[_(model, label), *[format_number(getattr(s, key), model.lang) for s in scores]] for key, label in SCORE_ROWS]
    rows.append([_(model, N_("In all")), *[format_number(t, model.lang) for t in model.totals]])
    return ft.Semantics(identifier="scores", key="scores", content=ft.Container(
        padding=8, border_radius=8, border=ft.Border.all(1, ft.Colors.GREY_300),
        content=_grid(model, "", names, rows)))


def game_over_view(model: TableModel) -> ft.Control | None:
    """At the end of the game: who won, and every hand's points."""
    if not model.game_over():
        return None
    state = model.state
    winner = model.rules.winner(model.totals)
    teams = range(len(state.teams))
    rows = [[str(number), *[format_number(scores[t].total, model.lang) for t in teams]]
            for number, scores in enumerate(model.hand_scores, start=1)]
    result = describe_result(state, model.totals, winner, model.lang, model.seen)
    return ft.Semantics(identifier="game-over", key="game-over", content=ft.Column([
        ft.Semantics(live_region=True, content=ft.Text(result, size=18, weight=ft.FontWeight.BOLD, font_family=FONT)),
        _grid(model, _(model, N_("Hand")), [side_label(model, t) for t in teams], rows)]))


def review_view(model: TableModel) -> ft.Control | None:
    """The learner's hand looked over: where a tactics tip advised otherwise, and his hand then."""
    if not model.state.is_over() or not model.review:
        return None
    from engine.core.cards import parse_cards

    items: list[ft.Control] = [ft.Text(_(model, N_("Looking back at your hand")), size=16,
                                       weight=ft.FontWeight.BOLD, font_family=FONT)]
    for moment in model.review_moments():
        hand = ft.Row([card_view(c, model.lang, width=30) for c in parse_cards(moment["hand"])], wrap=True, spacing=2)
        items.append(ft.Container(padding=6, border_radius=6, bgcolor=ft.Colors.BLUE_50, content=ft.Column([
            ft.Text(moment["did"], font_family=FONT), ft.Text(moment["advice"], font_family=FONT, italic=True),
            *([ft.Text(moment["again"], font_family=FONT, size=12)] if moment.get("again") else []), hand],
            spacing=3)))
    return ft.Semantics(identifier="review", key="review", content=ft.Column(items, spacing=6))


def log_view(model: TableModel, lines: int = 8, size: str = "medium") -> ft.Control:
    return memo("log", (tuple(model.said[-lines:]) if lines > 0 else (), model.lang, size),
                lambda: _log_view(model, lines, size))


def _log_view(model: TableModel, lines: int, size: str) -> ft.Control:
    """Each line its own memoised part, by its place in the whole play-by-play: a new line builds one
    control, the lines before it are the last frame's (an event at a table redraws four seats' logs)."""
    shown = model.said[-lines:] if lines > 0 else []
    first = len(model.said) - len(shown)
    return ft.Semantics(identifier="log", key="log", content=ft.Column(
        [memo(("log-line", first + i), (message, model.lang, size), partial(_log_line, message, model.lang, size))
         for i, message in enumerate(shown)], spacing=2))


def _log_line(message: Message, lang: str, size: str) -> ft.Control:
    return ft.Text(message(lang), size=12 * TEXT_SCALE[size], font_family=FONT)


