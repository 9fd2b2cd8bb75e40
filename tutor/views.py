"""Pure views: a :class:`~tutor.model.TableModel` (and the callbacks to call) in, Flet controls out.

No rule is decided here: a button is enabled when the engine lists a legal action of its kind,
and what a tap means is the model's business. Every control a person can act on carries a
screen-reader label and a stable ``Semantics`` identifier (the end-to-end tests use them).
"""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

import flet as ft

from engine.cards import JOKER, Card, is_red, parse_cards, rank, suit
from engine.describe import describe_result, seat_name, team_name
from engine.i18n import N_, format_number, translate
from engine.melds import Meld, meld_name
from engine.rulebook import title
from engine.variants import VARIANTS
from tutor.glossary import definition, segments
from tutor.lessons import TOPICS, Lesson
from tutor.model import TableModel
from tutor.progress import LessonProgress, Profile, shown_name
from tutor.settings import Settings

SUITS = "♣♦♥♠"
RANKS = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
FONT = "DejaVu Sans"
LANGUAGE_NAMES = {"en": "English", "sv": "Svenska", "de": "Deutsch", "is": "Íslenska"}
CARD_WIDTH = {"small": 34, "medium": 44, "large": 64}


@dataclass(frozen=True)
class Handlers:
    """What the shell does when the learner acts; views only pass these on."""

    tap_card: Callable[[int], object]
    tap_meld: Callable[[int], object]
    tap_pile: Callable[[], object]
    press: Callable[[str], object]  # "draw", "meld", "stage", "discard", "ask_go_out", ...
    answer: Callable[[bool], object]
    set_language: Callable[[str], object]
    show_rules: Callable[[str], object]
    new_game: Callable[[str, int], object]
    change_setting: Callable[[str, object], object] | None = None  # ("card_size", "large"), ...
    go: Callable[[str], object] | None = None  # to a screen: "home", "table", "lessons"
    lesson: Callable[[str], object] | None = None  # in a lesson: "try_again", "restart", "next", "mastery"
    open_lesson: Callable[[str, int], object] | None = None  # a lesson's id and deal (0, or a variation)
    define: Callable[[str], object] | None = None  # a tapped game term: its glossary concept
    choose_learner: Callable[[int], object] | None = None
    add_learner: Callable[[str], object] | None = None


def on(fn: Callable[..., object], *args: object) -> Callable[[ft.ControlEvent], Awaitable[None]]:
    """An event handler calling ``fn(*args)``: async, so Flet awaits it on its loop rather than
    dropping the coroutine a lambda would return."""

    async def handler(event: ft.ControlEvent) -> None:
        result = fn(*args)
        if inspect.isawaitable(result):
            await result

    return handler


def _(model: TableModel, message: str) -> str:
    return translate(message, model.lang)


def card_label(card: Card, lang: str) -> str:
    if card == JOKER:
        return translate(N_("Joker"), lang)
    return f"{RANKS[rank(card)]}{SUITS[suit(card)]}"


def card_view(card: Card, lang: str, *, selected: bool = False, size: str = "medium",
              on_click: Callable[[ft.ControlEvent], object] | None = None, identifier: str | None = None,
              four_colour: bool = False, hinted: bool = False) -> ft.Control:
    """A card drawn as a control: its rank and suit symbol, a corner index, red or black ink."""
    width = CARD_WIDTH[size]
    colour = ft.Colors.RED_700 if is_red(card) else ft.Colors.BLACK
    if four_colour and card != JOKER:
        colour = (ft.Colors.GREEN_800, ft.Colors.BLUE_700, ft.Colors.RED_700, ft.Colors.BLACK)[suit(card)]
    text = "★" if card == JOKER else f"{RANKS[rank(card)]}\n{SUITS[suit(card)]}"
    face = ft.Container(
        content=ft.Text(text, color=ft.Colors.PURPLE_700 if card == JOKER else colour, size=width * 0.36,
                        font_family=FONT, weight=ft.FontWeight.BOLD, text_align=ft.TextAlign.CENTER),
        width=width, height=width * 1.4, bgcolor=ft.Colors.AMBER_100 if selected else ft.Colors.WHITE,
        border=ft.Border.all(3 if selected or hinted else 1,
                             ft.Colors.AMBER_800 if selected else ft.Colors.BLUE_600 if hinted else ft.Colors.GREY_500),
        border_radius=6, alignment=ft.Alignment.CENTER, on_click=on_click,
        offset=ft.Offset(0, -0.12) if selected else None,
    )
    return ft.Semantics(content=face, label=card_label(card, lang), button=on_click is not None,
                        selected=selected, identifier=identifier)


def _button(model: TableModel, text: str, kind: str, handlers: Handlers, enabled: bool) -> ft.Control:
    return ft.Semantics(
        identifier=f"action-{kind}",
        content=ft.Button(content=_(model, text), disabled=not enabled, on_click=on(handlers.press, kind)),
    )


def actions_view(model: TableModel, handlers: Handlers) -> ft.Control:
    """The buttons: each enabled only when the engine offers a legal action of its kind."""
    mine = model.is_my_turn()
    chosen = bool(model.selected)
    buttons = [
        _button(model, N_("Draw"), "draw", handlers, model.can("draw")),
        _button(model, N_("Take the pile"), "take_pile", handlers, mine and model.can("take_pile")),
        _button(model, N_("Meld"), "meld", handlers, mine and (chosen or bool(model.staged)) and model.can("discard")),
        _button(model, N_("Set aside as a meld"), "stage", handlers, mine and chosen),
        _button(model, N_("Discard"), "discard", handlers, mine and len(model.selected) == 1 and model.can("discard")),
        _button(model, N_("Ask partner"), "ask_go_out", handlers, model.can("ask_go_out")),
        _button(model, N_("Decline the pile"), "decline_pile", handlers, model.can("decline_pile")),
        _button(model, N_("Replace red three"), "draw_replacement", handlers, model.can("draw_replacement")),
        _button(model, N_("Hint"), "hint", handlers,
                mine and (model.lesson is None or (model.lesson.variation == 0 and bool(model.lesson.lesson.hints)))),
        _button(model, N_("Clear"), "clear", handlers, chosen or bool(model.staged)),
        _button(model, N_("Undo"), "undo", handlers, model.can_undo()),
    ]
    if model.state.is_over() and not model.game_over():
        buttons.insert(0, _button(model, N_("Next hand"), "next_hand", handlers, True))
    return ft.Row(buttons, wrap=True, spacing=6, run_spacing=6)


def meld_view(model: TableModel, meld: Meld, index: int, team: int, handlers: Handlers, size: str) -> ft.Control:
    rules = model.rules
    canasta = rules.is_canasta(meld)
    small = "small" if size != "large" else "medium"
    cards = ft.Row([card_view(c, model.lang, size=small) for c in meld.cards], spacing=-14, wrap=False)
    width = max(90, CARD_WIDTH[small] + (CARD_WIDTH[small] - 14) * (len(meld.cards) - 1) + 12)
    label = _(model, meld_name(rules, meld))
    mine = team == model.team
    box = ft.Container(
        content=ft.Column([ft.Text(label, size=11, font_family=FONT), cards], spacing=2),
        padding=4, border_radius=6, width=width,
        border=ft.Border.all(2, ft.Colors.RED_400 if canasta and meld.wilds == 0 else
                             ft.Colors.GREY_800 if canasta else ft.Colors.GREY_300),
        on_click=on(handlers.tap_meld, index) if mine else None,
    )
    return ft.Semantics(content=box, identifier=f"meld-{team}-{index}", button=mine,
                        label=f"{label}: {', '.join(card_label(c, model.lang) for c in meld.cards)}")


def table_view(model: TableModel, handlers: Handlers, size: str = "medium") -> ft.Control:
    state = model.state
    rows: list[ft.Control] = []
    for team in range(len(state.teams)):
        name = team_name(state, team, model.lang)
        threes = " ".join(card_label(c, model.lang) for c in state.red_threes[team])
        header = f"{name} · {format_number(model.totals[team] if model.totals else 0, model.lang)}" + (f" · {threes}" if threes else "")
        melds = [meld_view(model, m, i, team, handlers, size) for i, m in enumerate(state.melds[team])]
        rows.append(ft.Column([ft.Text(header, weight=ft.FontWeight.BOLD, font_family=FONT),
                               ft.Row(melds, wrap=True, spacing=6, run_spacing=6)], spacing=4))
    top = state.top()
    pile_label = _(model, N_("Pile")) + f" ({len(state.pile)})"
    pile_face = card_view(top, model.lang, size=size) if top is not None else ft.Container(width=44, height=62)
    frozen = state.freezer() is not None
    pile = ft.Semantics(
        identifier="pile", button=True,
        label=pile_label + (" · " + _(model, N_("frozen")) if frozen else ""),
        content=ft.Container(
            content=ft.Column([ft.Text(pile_label, size=12, font_family=FONT),
                               ft.Container(content=pile_face, rotate=ft.Rotate(0.0 if not frozen else 0.12))],
                              spacing=2),
            on_click=on(handlers.tap_pile), padding=4),
    )
    stock = ft.Text(_(model, N_("Stock")) + f": {len(state.stock)}", font_family=FONT)
    others = ft.Row([ft.Text(f"{seat_name(state.players, s, model.lang)}: {len(state.hands[s])}", font_family=FONT)
                     for s in range(state.players) if s != model.seat], wrap=True, spacing=12)
    center = ft.Row([pile, ft.Column([stock, others], spacing=4)], spacing=16, wrap=True)
    return ft.Column([*rows, center], spacing=10)


def hand_view(model: TableModel, handlers: Handlers, size: str = "medium", four_colour: bool = False) -> ft.Control:
    # shown as the tactics section advises (wild cards, threes, then suits or ranks); taps keep
    # the hand's own indexes
    cards = [
        card_view(model.hand[i], model.lang, selected=i in model.selected, size=size, four_colour=four_colour,
                  on_click=on(handlers.tap_card, i), identifier=f"hand-{i}", hinted=model.hinted(i))
        for i in model.hand_order()
    ]
    staged = [ft.Text(" ".join(card_label(c, model.lang) for c in meld), font_family=FONT) for meld in model.staged]
    title = _(model, N_("Your hand"))
    return ft.Column([ft.Text(title, weight=ft.FontWeight.BOLD, font_family=FONT),
                      ft.Row(cards, wrap=True, spacing=4, run_spacing=8), *staged], spacing=4)


def status_view(model: TableModel) -> ft.Control:
    state = model.state
    run = model.lesson
    if run is not None and run.consequence is not None:
        text = _(model, N_("This is what your move would lead to."))
    elif run is not None and run.is_over():
        text = _(model, N_("The lesson is over."))
    elif state.is_over():
        text = _(model, N_("The hand is over."))
    elif model.is_my_turn():
        text = _(model, N_("Your turn: draw or take the pile.")) if state.phase.value == "draw" else _(
            model, N_("Your turn: meld, lay off, then discard."))
    else:
        text = _(model, N_("{name} is playing.")).format(name=seat_name(state.players, state.turn, model.lang))
    minimum = model.opening_minimum()
    if minimum is not None and not state.is_over() and (run is None or not run.is_over()):
        text += " " + _(model, N_("Your side's opening minimum: {minimum}.")).format(minimum=minimum)
    return ft.Semantics(identifier="status", content=ft.Text(text, font_family=FONT, size=15))


def refusal_view(model: TableModel, handlers: Handlers) -> ft.Control | None:
    refusal = model.refusal
    if refusal is None:
        return None
    source = _(model, N_("Rule source: {seed}, “{section}”")).format(seed=refusal.seed, section=refusal.section)
    return ft.Semantics(
        identifier="refusal", label=f"{refusal.title}: {refusal.explanation}",
        content=ft.Container(
            bgcolor=ft.Colors.RED_50, border_radius=8, padding=10,
            content=ft.Column([
                ft.Text(refusal.title, weight=ft.FontWeight.BOLD, font_family=FONT),
                ft.Text(refusal.explanation, font_family=FONT),
                ft.TextButton(content=source, on_click=on(handlers.show_rules, refusal.rule)),
            ], spacing=4),
        ),
    )


def hint_view(model: TableModel) -> ft.Control | None:
    if model.hint is None:
        return None
    return ft.Semantics(identifier="hint", label=model.hint[0], content=ft.Container(
        bgcolor=ft.Colors.BLUE_50, border_radius=8, padding=10,
        content=ft.Text(model.hint[0], font_family=FONT)))


def question_view(model: TableModel, handlers: Handlers) -> ft.Control | None:
    """When a partner asks the learner "may I go out?"."""
    state = model.state
    if state.phase.value != "answer" or state.turn != model.seat:
        return None
    asker = seat_name(state.players, state.turn_state.asker or 0, model.lang)
    return ft.Container(bgcolor=ft.Colors.BLUE_50, padding=10, border_radius=8, content=ft.Column([
        ft.Text(_(model, N_("{name} asks: may I go out?")).format(name=asker), font_family=FONT),
        ft.Row([
            ft.Semantics(identifier="answer-yes",
                         content=ft.Button(content=_(model, N_("Yes")), on_click=on(handlers.answer, True))),
            ft.Semantics(identifier="answer-no",
                         content=ft.Button(content=_(model, N_("No")), on_click=on(handlers.answer, False))),
        ]),
    ]))


SCORE_ROWS = (
    ("melds", N_("Melds")), ("canastas", N_("Canastas")), ("red_threes", N_("Red threes")),
    ("going_out", N_("Going out")), ("hand", N_("Cards in hand")), ("total", N_("This hand")),
)


def scores_view(model: TableModel) -> ft.Control | None:
    """At the end of a hand: each side's score, line by line, and the totals."""
    if not model.state.is_over() or not model.hand_scores:
        return None
    state, scores = model.state, model.hand_scores[-1]
    columns = [ft.DataColumn(ft.Text(""))] + [
        ft.DataColumn(ft.Text(team_name(state, t, model.lang), font_family=FONT), numeric=True)
        for t in range(len(state.teams))]
    rows = [ft.DataRow([ft.DataCell(ft.Text(_(model, label), font_family=FONT))] +
                       [ft.DataCell(ft.Text(format_number(getattr(s, key), model.lang), font_family=FONT))
                        for s in scores])
            for key, label in SCORE_ROWS]
    rows.append(ft.DataRow([ft.DataCell(ft.Text(_(model, N_("In all")), font_family=FONT))] +
                           [ft.DataCell(ft.Text(format_number(t, model.lang), font_family=FONT))
                            for t in model.totals]))
    return ft.Semantics(identifier="scores", content=ft.DataTable(columns=columns, rows=rows))


def game_over_view(model: TableModel) -> ft.Control | None:
    """At the end of the game: who won, and every hand's points."""
    if not model.game_over():
        return None
    state = model.state
    winner = model.rules.winner(model.totals)
    teams = range(len(state.teams))
    columns = [ft.DataColumn(ft.Text(_(model, N_("Hand")), font_family=FONT))] + [
        ft.DataColumn(ft.Text(team_name(state, t, model.lang), font_family=FONT), numeric=True) for t in teams]
    rows = [ft.DataRow([ft.DataCell(ft.Text(str(number), font_family=FONT))] +
                       [ft.DataCell(ft.Text(format_number(scores[t].total, model.lang), font_family=FONT))
                        for t in teams])
            for number, scores in enumerate(model.hand_scores, start=1)]
    result = describe_result(state, model.totals, winner, model.lang)
    return ft.Semantics(identifier="game-over", content=ft.Column([
        ft.Text(result, size=18, weight=ft.FontWeight.BOLD, font_family=FONT),
        ft.DataTable(columns=columns, rows=rows)]))


def review_view(model: TableModel) -> ft.Control | None:
    """The learner's hand looked over: where a tactics tip advised otherwise, and his hand then."""
    if not model.state.is_over() or not model.review:
        return None
    items: list[ft.Control] = [ft.Text(_(model, N_("Looking back at your hand")), size=16,
                                       weight=ft.FontWeight.BOLD, font_family=FONT)]
    for moment in model.review:
        hand = ft.Row([card_view(c, model.lang, size="small") for c in parse_cards(moment["hand"])], wrap=True, spacing=2)
        items.append(ft.Container(padding=6, border_radius=6, bgcolor=ft.Colors.BLUE_50, content=ft.Column([
            ft.Text(moment["did"], font_family=FONT), ft.Text(moment["advice"], font_family=FONT, italic=True), hand],
            spacing=3)))
    return ft.Semantics(identifier="review", content=ft.Column(items, spacing=6))


def log_view(model: TableModel, lines: int = 8) -> ft.Control:
    return ft.Semantics(identifier="log", content=ft.Column(
        [ft.Text(line, size=12, font_family=FONT) for line in model.log[-lines:]], spacing=2))


def language_menu(model: TableModel, handlers: Handlers) -> ft.Control:
    """One button a language, each in its own name; the current one marked."""
    buttons = [
        ft.Semantics(identifier=f"lang-{code}", selected=code == model.lang, content=ft.TextButton(
            content=ft.Text(name, weight=ft.FontWeight.BOLD if code == model.lang else None, font_family=FONT),
            on_click=on(handlers.set_language, code)))
        for code, name in LANGUAGE_NAMES.items()
    ]
    return ft.Semantics(identifier="language", label=_(model, N_("Language")), content=ft.Row(buttons, spacing=0))


def setup_view(model: TableModel, handlers: Handlers) -> ft.Control:
    """A new game: the variant, then how many play (every table its text describes)."""
    variants = [
        ft.Semantics(identifier=f"variant-{name}", selected=name == model.rules.name, content=ft.TextButton(
            content=ft.Text(_(model, rules.title), font_family=FONT,
                            weight=ft.FontWeight.BOLD if name == model.rules.name else None),
            on_click=on(handlers.new_game, name, rules.tables[0].people)))
        for name, rules in VARIANTS.items()
    ]
    counts = [
        ft.Semantics(identifier=f"players-{people}", selected=people == model.rules.table_of().people,
                     content=ft.OutlinedButton(content=_(model, N_("{count} players")).format(count=people),
                                               on_click=on(handlers.new_game, model.rules.name, people)))
        for people in model.rules.player_counts()
    ]
    rules_button = ft.Semantics(identifier="rules", content=ft.TextButton(
        content=_(model, N_("Rules")), on_click=on(handlers.show_rules, "")))
    return ft.Column([ft.Row(variants, wrap=True, spacing=0), ft.Row([*counts, rules_button], wrap=True)], spacing=4)


SIZE_NAMES = {"small": N_("Small cards"), "medium": N_("Medium cards"), "large": N_("Large cards")}


def settings_view(model: TableModel, handlers: Handlers, size: str, four_colour: bool,
                  with_sizes: bool = True) -> ft.Control | None:
    """Card size (large ones for a projector) and four-colour suits."""
    if handlers.change_setting is None:
        return None
    sizes = [] if not with_sizes else [ft.Semantics(identifier=f"size-{name}", selected=name == size, content=ft.TextButton(
        content=ft.Text(_(model, label), font_family=FONT, weight=ft.FontWeight.BOLD if name == size else None),
        on_click=on(handlers.change_setting, "card_size", name))) for name, label in SIZE_NAMES.items()]
    colours = ft.Semantics(identifier="four-colour", content=ft.Switch(
        label=_(model, N_("Four-colour suits")), value=four_colour,
        on_change=on(handlers.change_setting, "four_colour", not four_colour)))
    return ft.Row([*sizes, colours], wrap=True, spacing=4)


ANIMATIONS = {"off": N_("No animation"), "slow": N_("Slow"), "normal": N_("Normal"), "fast": N_("Fast")}
THEME_NAMES = {"light": N_("Light"), "dark": N_("Dark"), "system": N_("As the system")}
BOT_NAMES = {"beginner": N_("Beginner"), "club": N_("Club player"), "expert": N_("Expert")}


def _choice(model: TableModel, handlers: Handlers, setting: str, value: str, label: str, current: object) -> ft.Control:
    assert handlers.change_setting is not None
    return ft.Semantics(identifier=f"{setting}-{value}", selected=value == current, content=ft.TextButton(
        content=ft.Text(_(model, label), font_family=FONT, weight=ft.FontWeight.BOLD if value == current else None),
        on_click=on(handlers.change_setting, setting, value)))


def home_view(model: TableModel, handlers: Handlers, settings: Settings, saved: bool) -> ft.Control:
    """Home: continue the game left off, start another, read the rules, settings."""
    assert handlers.go is not None
    heading = ft.Text("canasta-tutor", size=26, weight=ft.FontWeight.BOLD, font_family=FONT)
    start = [ft.Semantics(identifier="continue", content=ft.Button(
        content=_(model, N_("Continue where you left off")), on_click=on(handlers.go, "table")))] if saved else []
    lessons = ft.Semantics(identifier="lessons-button", content=ft.Button(
        content=_(model, N_("Lessons: learn by playing")), on_click=on(handlers.go, "lessons")))
    rows: list[ft.Control] = [heading, language_menu(model, handlers), lessons, *start,
                              ft.Text(_(model, N_("New game")), size=18, font_family=FONT), setup_view(model, handlers)]

    def line(title: str, setting: str, names: dict[str, str], current: object) -> ft.Control:
        return ft.Row([ft.Text(_(model, title), width=160, font_family=FONT),
                       *[_choice(model, handlers, setting, value, label, current) for value, label in names.items()]],
                      wrap=True)

    rows += [
        ft.Text(_(model, N_("Settings")), size=18, font_family=FONT),
        line(N_("Computer players"), "bot", BOT_NAMES, settings.bot),
        line(N_("Cards"), "card_size", SIZE_NAMES, settings.card_size),
        line(N_("Animation"), "animation", ANIMATIONS, settings.animation),
        line(N_("Theme"), "theme", THEME_NAMES, settings.theme),
        settings_view(model, handlers, settings.card_size, settings.four_colour, with_sizes=False) or ft.Container(),
    ]
    return ft.Semantics(identifier="home", content=ft.Column(rows, spacing=12, scroll=ft.ScrollMode.AUTO, expand=True))


def rules_view(model: TableModel, highlight: str = "") -> ft.Control:
    """The variant's rules as the engine enforces them: each rule's name and the section of the
    seed text it comes from."""
    rows = []
    for rule_id, source in model.rules.sources.items():
        # the seed and its section's own heading cite the source; the engine's decisions where a
        # text is silent are developer notes (docs/rules-*.md), not shown here
        text = f"{source.seed} · {source.section}"
        rows.append(ft.Container(
            bgcolor=ft.Colors.AMBER_50 if rule_id == highlight else None, padding=4,
            content=ft.Column([ft.Text(title(rule_id, model.lang), weight=ft.FontWeight.BOLD, font_family=FONT),
                               ft.Text(text, size=12, font_family=FONT)], spacing=1)))
    return ft.Semantics(identifier="rules-reference",
                        content=ft.Column(rows, scroll=ft.ScrollMode.AUTO, height=480, width=640, spacing=2))


def page_view(model: TableModel, handlers: Handlers, size: str = "medium", four_colour: bool = False) -> ft.Control:
    """The whole table, top to bottom, as it fits a phone as well as a desktop."""
    title = ft.Text(_(model, model.rules.title), size=20, weight=ft.FontWeight.BOLD, font_family=FONT)
    if handlers.go is not None:
        home = ft.Semantics(identifier="home-button", content=ft.IconButton(
            icon=ft.Icons.HOME, tooltip=_(model, N_("Home")), on_click=on(handlers.go, "home")))
        title = ft.Row([home, title], spacing=4)
    parts: list[ft.Control | None] = [
        ft.Row([title, language_menu(model, handlers)], alignment=ft.MainAxisAlignment.SPACE_BETWEEN, wrap=True),
        setup_view(model, handlers) if model.lesson is None else None,
        settings_view(model, handlers, size, four_colour),
        lesson_view(model, handlers),
        status_view(model),
        refusal_view(model, handlers),
        hint_view(model),
        question_view(model, handlers),
        game_over_view(model),
        scores_view(model),
        review_view(model),
        table_view(model, handlers, size),
        hand_view(model, handlers, size, four_colour),
        actions_view(model, handlers),
        log_view(model),
    ]
    return ft.Column([p for p in parts if p is not None], spacing=12, scroll=ft.ScrollMode.AUTO, expand=True)


# -- lessons ------------------------------------------------------------------------------------

def rich_text(text: str, pieces: list[tuple[str, str | None]], handlers: Handlers, identifier: str,
              **style: object) -> ft.Control:
    """A lesson's text (cut into ``pieces`` by :func:`tutor.glossary.segments`) with its game terms
    underlined; tapping one shows its definition."""
    spans = []
    for piece, concept in pieces:
        if concept is None or handlers.define is None:
            spans.append(ft.TextSpan(piece))
        else:
            spans.append(ft.TextSpan(piece, on_click=on(handlers.define, concept), style=ft.TextStyle(
                decoration=ft.TextDecoration.UNDERLINE, decoration_style=ft.TextDecorationStyle.DOTTED)))
    return ft.Semantics(identifier=identifier, label=text,
                        content=ft.Text(spans=spans, font_family=FONT, **style))  # type: ignore[arg-type]


def stars_text(stars: int) -> str:
    return "★" * stars + "☆" * (3 - stars)


def _lesson_button(model: TableModel, handlers: Handlers, text: str, kind: str) -> ft.Control:
    assert handlers.lesson is not None
    return ft.Semantics(identifier=f"lesson-{kind}", content=ft.Button(
        content=_(model, text), on_click=on(handlers.lesson, kind)))


def lesson_view(model: TableModel, handlers: Handlers) -> ft.Control | None:
    """A lesson's panel above the table: its title and variant, the goal, the narration, what the
    lesson says of the learner's last move, the defined term, and what the learner may do next."""
    run = model.lesson
    if run is None or handlers.lesson is None:
        return None
    lesson, lang = run.lesson, model.lang
    heading = _(model, lesson.title)
    if run.variation:
        heading += " · " + _(model, N_("Mastery check: a fresh deal, without hints"))
    rows: list[ft.Control] = [
        ft.Semantics(identifier="lesson-title", content=ft.Text(heading, size=18, weight=ft.FontWeight.BOLD,
                                                                font_family=FONT)),
    ]
    goal, step = _(model, lesson.goal), _(model, run.step()) if run.step() else ""
    cut = {text: segments(text, lang) for text in (goal, step)}
    rows.append(rich_text(goal, cut[goal], handlers, "lesson-goal", weight=ft.FontWeight.BOLD))
    if step:
        rows.append(rich_text(step, cut[step], handlers, "lesson-step"))
    # the same terms as buttons: larger to tap on a phone, and reachable by a screen reader
    terms: dict[str, str] = {}
    for pieces in cut.values():
        for piece, concept in pieces:
            if concept is not None and concept not in terms:
                terms[concept] = piece
    if terms and handlers.define is not None:
        rows.append(ft.Row([ft.Semantics(identifier=f"term-{concept}", selected=model.term == concept, content=ft.TextButton(
            content=word, icon=ft.Icons.HELP_OUTLINE, on_click=on(handlers.define, concept)))
            for concept, word in terms.items()], wrap=True, spacing=0))
    if model.term is not None:
        rows.append(ft.Semantics(identifier="definition", content=ft.Container(
            bgcolor=ft.Colors.GREEN_50, border_radius=6, padding=8,
            content=ft.Text(definition(model.term, lang), font_family=FONT, italic=True))))
    buttons = []
    if run.consequence is not None:
        rows.append(ft.Semantics(identifier="lesson-trap", label=model.lesson_message(), content=ft.Container(
            bgcolor=ft.Colors.ORANGE_50, border_radius=8, padding=10, content=ft.Column([
                ft.Text(model.lesson_message(), font_family=FONT),
                ft.Text(model.trap_note(), font_family=FONT, italic=True),
            ], spacing=4))))
        buttons.append(_lesson_button(model, handlers, N_("Try again"), "try_again"))
    elif run.succeeded():
        done = _(model, N_("Well done! {stars}")).format(stars=stars_text(run.stars()))
        rows.append(ft.Semantics(identifier="lesson-solved", label=done, content=ft.Container(
            bgcolor=ft.Colors.GREEN_100, border_radius=8, padding=10,
            content=ft.Text(done, size=16, weight=ft.FontWeight.BOLD, font_family=FONT))))
        if run.variation == 0 and len(lesson.setups) > 1:
            buttons.append(_lesson_button(model, handlers, N_("Mastery check"), "mastery"))
        buttons.append(_lesson_button(model, handlers, N_("Next lesson"), "next"))
    elif run.failed():
        rows.append(ft.Semantics(identifier="lesson-failed", content=ft.Text(
            _(model, N_("That does not reach the goal. Start over and try another way.")), font_family=FONT)))
    buttons.append(_lesson_button(model, handlers, N_("Start over"), "restart"))
    buttons.append(_lesson_button(model, handlers, N_("Lessons"), "catalog"))
    rows.append(ft.Row(buttons, wrap=True, spacing=6))
    return ft.Semantics(identifier="lesson", content=ft.Container(
        border=ft.Border.all(1, ft.Colors.BLUE_200), border_radius=8, padding=10,
        content=ft.Column(rows, spacing=6)))


def lessons_view(lang: str, lessons: tuple[Lesson, ...], progress: dict[str, LessonProgress], due: list[str],
                 learners: list[Profile], learner: int, handlers: Handlers, message: str = "") -> ft.Control:
    """The catalog: learners, the lessons to review today, then every lesson by variant and topic
    with its stars, completion and mastery."""
    assert handlers.open_lesson is not None and handlers.go is not None

    def t(text: str) -> str:
        return translate(text, lang)

    home = ft.Semantics(identifier="home-button", content=ft.IconButton(
        icon=ft.Icons.HOME, tooltip=t(N_("Home")), on_click=on(handlers.go, "home")))
    rows: list[ft.Control] = [ft.Row([home, ft.Text(t(N_("Lessons")), size=24, weight=ft.FontWeight.BOLD,
                                                     font_family=FONT)])]
    if handlers.choose_learner is not None and handlers.add_learner is not None:
        chips = [ft.Semantics(identifier=f"learner-{p.id}", selected=p.id == learner, content=ft.TextButton(
            content=ft.Text(shown_name(p.name, lang), font_family=FONT, weight=ft.FontWeight.BOLD if p.id == learner else None),
            on_click=on(handlers.choose_learner, p.id))) for p in learners]
        name = ft.TextField(label=t(N_("New learner's name")), width=200, dense=True)

        async def add(event: ft.ControlEvent) -> None:
            assert handlers.add_learner is not None
            result = handlers.add_learner(name.value or "")
            if inspect.isawaitable(result):
                await result

        name.on_submit = add
        add_button = ft.Semantics(identifier="add-learner", content=ft.OutlinedButton(
            content=t(N_("Add learner")), on_click=add))
        rows.append(ft.Row([ft.Text(t(N_("Learner")), font_family=FONT), *chips,
                            ft.Semantics(identifier="learner-name", content=name), add_button], wrap=True))
    if message:
        rows.append(ft.Semantics(identifier="lessons-message", content=ft.Text(message, color=ft.Colors.RED_700,
                                                                              font_family=FONT)))
    by_id = {lesson.id: lesson for lesson in lessons}
    if due:
        rows.append(ft.Text(t(N_("To review today")), size=18, font_family=FONT))
        rows.append(ft.Row([ft.Semantics(identifier=f"review-{lesson_id}", content=ft.OutlinedButton(
            content=t(by_id[lesson_id].title), on_click=on(handlers.open_lesson, lesson_id, -1)))
            for lesson_id in due if lesson_id in by_id], wrap=True))
    shown_variant, shown_topic = "", ""
    for lesson in lessons:
        if lesson.variant != shown_variant:
            shown_variant, shown_topic = lesson.variant, ""
            mine = [progress.get(l.id, LessonProgress()) for l in lessons if l.variant == lesson.variant]
            summary = t(N_("{done} of {count} solved, {mastered} mastered")).format(
                done=sum(p.completed for p in mine), count=len(mine), mastered=sum(p.mastered for p in mine))
            rows.append(ft.Semantics(identifier=f"variant-progress-{lesson.variant}", label=summary, content=ft.Row([
                ft.Text(t(VARIANTS[lesson.variant].title), size=20, weight=ft.FontWeight.BOLD, font_family=FONT),
                ft.Text(summary, font_family=FONT, color=ft.Colors.GREY_700)], wrap=True)))
        if lesson.topic != shown_topic:
            shown_topic = lesson.topic
            rows.append(ft.Text(t(TOPICS[lesson.topic]), size=16, font_family=FONT))
        state = progress.get(lesson.id, LessonProgress())
        marks = stars_text(state.stars) if state.completed else ""
        if state.mastered:
            marks += " ✓ " + t(N_("mastered"))
        rows.append(ft.Semantics(
            identifier=f"open-{lesson.id}", label=f"{t(lesson.title)} {marks}".strip(),
            content=ft.TextButton(on_click=on(handlers.open_lesson, lesson.id, 0), content=ft.Row([
                ft.Text(t(lesson.title), font_family=FONT),
                ft.Text(marks, font_family=FONT, color=ft.Colors.AMBER_800)], spacing=8))))
    if handlers.lesson is not None:  # the path ends at the table: a whole game against the beginner
        rows.append(ft.Semantics(identifier="play-beginner", content=ft.Button(
            content=t(N_("Now play a whole game against the beginner")), on_click=on(handlers.lesson, "play_beginner"))))
    return ft.Semantics(identifier="lessons", content=ft.Column(rows, spacing=4, scroll=ft.ScrollMode.AUTO,
                                                                expand=True))
