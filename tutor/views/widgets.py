"""Pure views, the parts every screen shares: cards, the action buttons, labels in words, the
language menu, a new game's choices. A :class:`~tutor.table.model.TableModel` (and the callbacks to
call) in, Flet controls out; the table itself and the page around it are :mod:`tutor.views.table`.

No rule is decided here: a button is open when the engine lists a legal action of its kind, a
pile's state is read off the engine's state, and what a tap means is the model's business.
Every control a person can act on carries a screen-reader label in words and a stable
``Semantics`` identifier (the end-to-end tests use them). What the table says (whose turn, a refusal, a hint, the scores, the
play-by-play) is drawn by :mod:`tutor.views.panels`. The shell re-runs these functions on
every frame inside one Flet component, and Flet sends only what changed (docs/app.md): the
parts that come and go carry a ``key`` so the others keep their identity, scroll and focus.
"""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Protocol

import flet as ft

from engine.core.cards import JOKER, Card, is_red, rank, suit
from engine.core.errors import FactValue
from engine.core.i18n import N_, NC_, PluralText, translate, translate_text
from engine.variants import VARIANTS
from tutor.views.memo import ids, memo
from tutor.table.model import TableModel

SUITS = "♣♦♥♠"
RANKS = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
FONT = "DejaVu Sans"
LANGUAGE_NAMES = {"en": "English", "sv": "Svenska", "de": "Deutsch", "is": "Íslenska"}
TARGET = 44  # px: the least a finger can tap surely (WCAG 2.5.5), every button's height
CARD_WIDTH = {"small": 44, "medium": 52, "large": 72}  # a hand's card: at least a 44 px target
TEXT_SCALE = {"small": 1.0, "medium": 1.0, "large": 1.45}  # a projector's text grows with its cards

# Cards in words for screen readers: the rank and suit words and how a language joins them
# ("queen of hearts", "hjärter dam", "Herz-Dame", "hjartadrottning").
RANK_WORDS = (None, NC_("card", "ace"), NC_("card", "two"), NC_("card", "three"), NC_("card", "four"),
              NC_("card", "five"), NC_("card", "six"), NC_("card", "seven"), NC_("card", "eight"),
              NC_("card", "nine"), NC_("card", "ten"), NC_("card", "jack"), NC_("card", "queen"),
              NC_("card", "king"))
SUIT_WORDS = (NC_("card", "clubs"), NC_("card", "diamonds"), NC_("card", "hearts"), NC_("card", "spades"))
CARD_WORDS = NC_("card", "{rank} of {suit}")

# Flet's ``Event`` is invariant in its control (an ``Event[Button]`` is no ``Event[BaseControl]``), so
# a handler that any control may call, and that does not read the control, takes any control's event.
AnyEvent = ft.Event[Any]
EventHandler = Callable[[AnyEvent], object]


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
    type_name: Callable[[str], object] | None = None  # the learner's name as it is typed
    typing: Callable[[bool], object] | None = None  # a text field gained (True) or lost the focus
    confirm: Callable[[bool], object] | None = None  # the answer to "throw away the game?"
    close_rules: Callable[[], object] | None = None
    search_rules: Callable[[str], object] | None = None  # the rules reference's search, as it is typed
    rules_topic: Callable[[str], object] | None = None  # the reference's contents: a topic tapped (its key)
    sign_out: Callable[[], object] | None = None  # a class's student leaves this browser (--classroom)
    demo: Callable[[str], object] | None = None  # a lesson shown on a projector (tutor.classroom.demo), by its id
    demo_go: Callable[[str], object] | None = None  # in a demonstration: "next", "back", "restart", "leave"
    demo_deal: Callable[[int], object] | None = None  # in a demonstration: the deal shown (0, or a variation)
    focus_card: Callable[[int, bool], object] | None = None  # a card of the hand got (True) or lost the focus
    take_seat: Callable[[str], object] | None = None  # a class's student sits down at a table their teacher made


def on(fn: Callable[..., object], *args: object) -> Callable[[AnyEvent], Awaitable[None]]:
    """An event handler calling ``fn(*args)``: async, so Flet awaits it on its loop rather than
    dropping the coroutine a lambda would return."""

    async def handler(event: AnyEvent) -> None:
        result = fn(*args)
        if inspect.isawaitable(result):
            await result

    return handler


def _(model: TableModel, message: str) -> str:
    return translate(message, model.lang)


def counted(model: TableModel, text: PluralText, count: int, **facts: object) -> str:
    """A sentence with a number in it, in the plural form the language wants for that number."""
    return translate_text(text, {"count": count}, model.lang).format(count=count, **facts)


def card_label(card: Card, lang: str) -> str:
    """A card in words, as a screen reader says it in ``lang``."""
    if card == JOKER:
        return translate(N_("Joker"), lang)
    facts: dict[str, FactValue] = {}
    words = {"rank": translate_text(RANK_WORDS[rank(card)], facts, lang),  # type: ignore[arg-type]
             "suit": translate_text(SUIT_WORDS[suit(card)], facts, lang)}
    return translate_text(CARD_WORDS, facts, lang).format(**words)


def cards_label(cards: tuple[Card, ...] | list[Card], lang: str) -> str:
    return ", ".join(card_label(c, lang) for c in cards)


def seat_label(model: TableModel, seat: int) -> str:
    """A seat named from the learner's chair ("You", "Left", "Partner", ...), the model's words."""
    return model.seat_label(seat)


def side_label(model: TableModel, team: int) -> str:
    """A side by its players' names; the learner's side says so."""
    text = model.team_label(team)
    return _(model, N_("Your side: {names}")).format(names=text) if team == model.team else text


def merged(control: ft.Control) -> ft.Control:
    """A tappable box and the words inside it as one node: what a screen reader says, where Tab
    stops and what Enter or Space presses."""
    return ft.MergeSemantics(content=control)


def mute(control: ft.Control) -> ft.Control:
    """A control's text hidden from screen readers: the node around it says it once, in words
    (keeping the tappable node itself, so Tab still reaches it)."""
    return ft.Semantics(content=control, exclude_semantics=True)


def card_view(card: Card, lang: str, *, selected: bool = False, size: str = "medium",
              on_click: EventHandler | None = None, identifier: str | None = None,
              four_colour: bool = False, hinted: bool = False, width: float | None = None,
              corner: bool = False, on_focus: EventHandler | None = None,
              on_blur: EventHandler | None = None) -> ft.Control:
    """A card drawn as a control: its rank and suit symbol, red or black ink. A screen reader hears
    it in words once (the face is hidden from it); a tappable card is a button: reached by Tab (and
    by the arrow keys, which the shell moves with ``on_focus``' help), chosen with Enter or Space,
    and ringed while it has the keyboard's focus."""
    width = width or CARD_WIDTH[size]
    colour = ft.Colors.RED_700 if is_red(card) else ft.Colors.BLACK
    if four_colour and card != JOKER:
        colour = (ft.Colors.GREEN_800, ft.Colors.BLUE_700, ft.Colors.RED_700, ft.Colors.BLACK)[suit(card)]
    text = "★" if card == JOKER else f"{RANKS[rank(card)]}\n{SUITS[suit(card)]}"
    # the words go inside the tappable box, so a screen reader and Tab find one node: its name,
    # its state and its tap
    words = ft.Semantics(
        label=card_label(card, lang), identifier=identifier, button=on_click is not None,
        selected=selected if on_click is not None else None, exclude_semantics=True,
        content=ft.Text(text, color=ft.Colors.PURPLE_700 if card == JOKER else colour,
                        size=width * (0.4 if corner else 0.34), font_family=FONT, weight=ft.FontWeight.BOLD,
                        text_align=ft.TextAlign.LEFT if corner else ft.TextAlign.CENTER))
    height = width * (1.3 if width <= CARD_WIDTH["small"] else 1.4)
    edge = (3 if selected or hinted else 1,
            ft.Colors.AMBER_800 if selected else ft.Colors.BLUE_600 if hinted else ft.Colors.GREY_500)
    if on_click is not None:  # a button: Flutter gives it the keyboard's focus, Enter and Space
        return merged(ft.Button(
            content=words, width=width, height=height, on_click=on_click, on_focus=on_focus, on_blur=on_blur,
            offset=ft.Offset(0, -0.08) if selected else None,
            style=ft.ButtonStyle(
                padding=ft.Padding.all(0), elevation=0, shape=ft.RoundedRectangleBorder(radius=6),
                bgcolor=ft.Colors.AMBER_100 if selected else ft.Colors.WHITE,
                side={ft.ControlState.FOCUSED: ft.BorderSide(4, ft.Colors.INDIGO_900),
                      ft.ControlState.DEFAULT: ft.BorderSide(*edge)})))
    return merged(ft.Container(
        content=words, width=width, height=height, border=ft.Border.all(*edge),
        bgcolor=ft.Colors.AMBER_100 if selected else ft.Colors.WHITE,
        border_radius=6, alignment=ft.Alignment.TOP_LEFT if corner else ft.Alignment.CENTER,
        padding=ft.Padding.only(left=2, top=1) if corner else None))


# -- the buttons ------------------------------------------------------------------------------

ACTIONS = (  # the ones used most first
    ("next_hand", N_("Next hand")), ("draw", N_("Draw")), ("take_pile", N_("Take the pile")), ("meld", N_("Meld")),
    ("discard", N_("Discard")), ("ask_go_out", N_("Ask partner")), ("decline_pile", N_("Decline the pile")),
    ("draw_replacement", N_("Replace red three")), ("hint", N_("Hint")), ("undo", N_("Undo")),
    ("stage", N_("Set aside as a meld")), ("clear", N_("Clear")),
)
SITUATIONAL = ("ask_go_out", "decline_pile", "draw_replacement")  # shown only when they are open
# a phone's order: Undo and Clear, drawn as icons, right after Discard, where the first line has room
# for them (last, they made a third line of buttons under a situational one such as Ask partner)
PHONE_ACTIONS = (*ACTIONS[:5], *[a for a in ACTIONS if a[0] in ("undo", "clear")],
                 *[a for a in ACTIONS[5:] if a[0] not in ("undo", "clear")])


def available(model: TableModel) -> dict[str, bool]:
    """Which buttons are open now: a kind of action the engine lists as legal (the shell asks the
    same question before acting, and says why when the answer is no)."""
    mine = model.is_my_turn()
    chosen = bool(model.selected)
    run = model.lesson
    return {
        "next_hand": model.state.is_over() and not model.game_over() and run is None,
        "draw": model.can("draw"),
        "take_pile": mine and model.can("take_pile"),
        # melding is open whenever the turn's play is (after a partner's yes to going out only melds
        # are legal, no discard yet: the Meld button was closed exactly when the learner had to meld)
        "meld": mine and (chosen or bool(model.staged)) and (model.can("discard") or model.can("meld")),
        "stage": mine and chosen,
        "discard": mine and model.discard_action() is not None and model.can("discard"),
        "ask_go_out": model.can("ask_go_out"),
        "decline_pile": model.can("decline_pile"),
        "draw_replacement": model.can("draw_replacement"),
        "hint": mine and (run is None or (run.variation == 0 and bool(run.lesson.hints))),
        "clear": chosen or bool(model.staged),
        "undo": model.can_undo(),
    }


def actions_view(model: TableModel, handlers: Handlers, phone: bool = False) -> ft.Control:
    """The buttons (on a ``phone`` in :data:`PHONE_ACTIONS`' order, closer). One that is not open now looks
    muted but still answers a tap: the shell says why (a greyed-out button that says nothing leaves a
    learner guessing)."""
    open_now = available(model)
    buttons = []
    for kind, text in PHONE_ACTIONS if phone else ACTIONS:
        if (kind in SITUATIONAL or kind == "next_hand") and not open_now[kind]:
            continue
        if kind == "undo" and not model.practice:
            continue
        buttons.append(action_button(model, handlers, kind, text, open_now[kind], phone))
    # on a phone too every button is in sight, on as many lines as they take (a row scrolling
    # sideways hid Set aside, Clear and Undo past the screen's edge)
    # on a phone closer together (and the text buttons' padding 5 px, not 8): the first line holds Clear
    # after Discard at 360 px
    return memo("actions", (ids(buttons), phone), lambda: ft.Row(
        buttons, wrap=True, spacing=2 if phone else 6, run_spacing=4 if phone else 6, key="actions"))


ICONS = {"undo": ft.Icons.UNDO, "clear": ft.Icons.CLEAR}  # on a phone these two are drawn as their icon alone


def action_button(model: TableModel, handlers: Handlers, kind: str, text: str, enabled: bool,
                  phone: bool = False) -> ft.Control:
    return memo(("action", kind), (model.lang, enabled, phone, handlers),
                lambda: _action_button(model, handlers, kind, text, enabled, phone))


def _action_button(model: TableModel, handlers: Handlers, kind: str, text: str, enabled: bool,
                   phone: bool = False) -> ft.Control:
    label = _(model, text) if enabled else _(model, N_("{action} (not now)")).format(action=_(model, text))
    colour = None if enabled else ft.Colors.GREY_500
    if phone and kind in ICONS:  # its name (and "not now") is said; no tooltip, which would say it without
        return ft.Semantics(identifier=f"action-{kind}", key=f"action-{kind}", content=ft.Button(
            height=TARGET, width=TARGET,
            content=ft.Semantics(label=label, exclude_semantics=True, content=ft.Icon(ICONS[kind], color=colour)),
            on_click=on(handlers.press, kind), bgcolor=None if enabled else ft.Colors.GREY_200,
            style=ft.ButtonStyle(padding=ft.Padding.all(0))))
    return ft.Semantics(
        identifier=f"action-{kind}", key=f"action-{kind}",
        content=ft.Button(height=TARGET,
            content=ft.Semantics(label=label, exclude_semantics=True, content=ft.Text(
                _(model, text), font_family=FONT, color=colour)),
            on_click=on(handlers.press, kind),
            bgcolor=None if enabled else ft.Colors.GREY_200,
            style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=5 if phone else 10))))


def text_theme(width: float) -> ft.Theme:
    """The app's theme: on a projector's wide screen (1600 px and more) all text grows with the
    cards, so the back of a classroom can read it."""
    scale = TEXT_SCALE["large"] if width >= 1600 else 1.0
    styles = {name: ft.TextStyle(size=base * scale) for name, base in (
        ("body_large", 16), ("body_medium", 14), ("body_small", 12), ("label_large", 14), ("label_medium", 12),
        ("title_large", 22), ("title_medium", 16), ("title_small", 14))}
    return ft.Theme(font_family=FONT, text_theme=ft.TextTheme(**styles), primary_text_theme=ft.TextTheme(**styles))


class LanguageCalls(Protocol):
    """What the language menu calls: the learner's :class:`Handlers` and the teacher's both have it."""

    @property
    def set_language(self) -> Callable[[str], object]: ...


def language_menu(lang: str, handlers: LanguageCalls) -> ft.Control:
    """One button a language, each in its own name; the current one marked."""
    return memo("languages", (lang, handlers), lambda: _language_menu(lang, handlers))


def _language_menu(lang: str, handlers: LanguageCalls) -> ft.Control:
    buttons: list[ft.Control] = [
        ft.Semantics(identifier=f"lang-{code}", selected=code == lang, content=ft.TextButton(height=TARGET, 
            content=ft.Text(name, weight=ft.FontWeight.BOLD if code == lang else None, font_family=FONT),
            on_click=on(handlers.set_language, code),
            style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=6))))
        for code, name in LANGUAGE_NAMES.items()
    ]
    return ft.Semantics(identifier="language", label=translate(N_("Language"), lang),
                        content=ft.Row(buttons, spacing=0, wrap=True))


def setup_view(model: TableModel, handlers: Handlers) -> ft.Control:
    """A new game: the variant, then how many play (every table its text describes)."""
    return memo("setup", (model.rules, model.lang, handlers), lambda: _setup_view(model, handlers))


def _setup_view(model: TableModel, handlers: Handlers) -> ft.Control:
    variants: list[ft.Control] = [
        ft.Semantics(identifier=f"variant-{name}", selected=name == model.rules.name, content=ft.TextButton(height=TARGET, 
            content=ft.Text(_(model, rules.title), font_family=FONT,
                            weight=ft.FontWeight.BOLD if name == model.rules.name else None),
            on_click=on(handlers.new_game, name, rules.tables[0].people)))
        for name, rules in VARIANTS.items()
    ]
    counts = [
        ft.Semantics(identifier=f"players-{people}", selected=people == model.rules.table_of().people,
                     content=ft.OutlinedButton(height=TARGET, content=_(model, N_("{count} players")).format(count=people),
                                               on_click=on(handlers.new_game, model.rules.name, people)))
        for people in model.rules.player_counts()
    ]
    rules_button = ft.Semantics(identifier="rules", content=ft.TextButton(height=TARGET, 
        content=_(model, N_("Rules")), icon=ft.Icons.MENU_BOOK, on_click=on(handlers.show_rules, "")))
    return ft.Column([ft.Row(variants, wrap=True, spacing=0), ft.Row([*counts, rules_button], wrap=True)], spacing=4)


def confirm_view(model: TableModel, handlers: Handlers, pending: tuple[str, int]) -> ft.Control:
    """Before a new game throws away the one in progress: ask."""
    assert handlers.confirm is not None
    variant, people = pending
    question = _(model, N_("Start a new game of {variant} for {count} players? The game in progress will be lost.")).format(
        variant=_(model, VARIANTS[variant].title), count=people)
    return ft.Container(key="confirm", bgcolor=ft.Colors.ORANGE_50, border_radius=8, padding=10, content=ft.Column([
        ft.Semantics(identifier="confirm", live_region=True, label=question, exclude_semantics=True,
                     content=ft.Text(question, font_family=FONT)),
        ft.Row([ft.Semantics(identifier="confirm-yes", content=ft.Button(height=TARGET, 
                    content=_(model, N_("Start the new game")), on_click=on(handlers.confirm, True))),
                ft.Semantics(identifier="confirm-no", content=ft.OutlinedButton(height=TARGET, 
                    content=_(model, N_("Keep playing")), on_click=on(handlers.confirm, False)))], wrap=True),
    ], spacing=6))


def home_button(lang: str, handlers: Handlers) -> ft.Control:
    assert handlers.go is not None
    name = translate(N_("Home"), lang)
    return ft.Semantics(identifier="home-button", label=name, button=True,
                        content=ft.IconButton(icon=ft.Icons.HOME, tooltip=name, width=TARGET, height=TARGET,
                                              on_click=on(handlers.go, "home")))
