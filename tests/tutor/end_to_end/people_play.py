"""A person at a table for people, played in a browser as a person plays: what their own page shows is
read (their hand as a screen reader names it, the pile's top card and count, each side's melds, how many
cards the others hold), the engine's computer player chooses a move for that observation, and the move is
made by taps on what is in sight (a finger on a phone, the mouse on a desktop).

Nothing here reads the server's state: a hand held by another seat is a count, the pile below its top
card is filled with cards nobody has seen (only its size and whether it is frozen are on the page)."""

from __future__ import annotations

import random
import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from engine.bots.base import BasicBot, observe
from engine.core.actions import Action, AnswerGoOut, AskGoOut, Discard, Draw, DrawReplacement, MeldAction, TakePile
from engine.core.cards import RED_THREES, WILD, Card, format_card, pretty_card, rank
from engine.core.i18n import translate, translate_plural
from engine.core.state import State
from engine.judge.legal import legal_actions
from engine.position import load_position
from engine.variants import get_variant
from tests.tutor.e2e import by_id, enabled, hand_cards, read, scroll_until, visible, wait_for
from tutor.views.widgets import card_label

BOT = BasicBot()


@dataclass
class Person:
    """One person at the table: their page, seat, language and whether they tap with a finger."""

    name: str
    lang: str
    page: Any
    touch: bool
    seat: int = -1
    variant: str = "classic"
    words: dict[str, Card] = field(default_factory=dict)  # a card's name in their language: the card

    def __post_init__(self) -> None:
        self.words = {card_label(c, self.lang): c for c in range(53)}


@dataclass
class Turn:
    """What the person has done this turn (a person remembers it; the page shows its results)."""

    phase: str = "draw"
    melded: bool = False
    took_pile: bool = False
    asked: bool = False
    permission: bool | None = None

    def json(self) -> dict[str, Any]:
        return {"melded": self.melded, "took_pile": self.took_pile, "asked": self.asked,
                "permission": self.permission}


def tap(person: Person, node: Any) -> None:
    """A tap with a finger on a phone, a click on a desktop, on a control drawn inside the window."""
    box = node.bounding_box()
    size = person.page.viewport_size
    assert box is not None and box["height"] > 0, "tapped a control that is not drawn"
    assert 0 <= box["y"] and box["y"] + box["height"] / 2 <= size["height"], f"out of sight: {box}"
    assert 0 <= box["x"] and box["x"] + box["width"] / 2 <= size["width"], f"out of sight: {box}"
    if person.touch:
        node.tap()
    else:
        node.click()


def in_reach(page: Any, identifier: str) -> bool:
    """Whether the middle of the control is inside the window (where a tap lands)."""
    nodes = by_id(page, identifier)
    box = nodes.first.bounding_box() if nodes.count() else None
    size = page.viewport_size
    return box is not None and box["height"] > 0 and 0 <= box["y"] + box["height"] / 2 <= size["height"] \
        and 0 <= box["x"] + box["width"] / 2 <= size["width"]


def press(person: Person, identifier: str) -> None:
    """Tap a button, scrolled into sight first by the wheel or a finger where it lies below."""
    page = person.page
    size = page.viewport_size
    if not in_reach(page, identifier):
        scroll_until(page, lambda: in_reach(page, identifier), size["width"] / 2, size["height"] / 3, 200,
                     touch=person.touch, tries=15)
    node = by_id(person.page, identifier).first
    button = node.get_by_role("button")
    tap(person, button.first if button.count() else node)


def hand(person: Person) -> list[Card]:
    return [person.words[label] for label in hand_cards(person.page)]


def melds(person: Person) -> list[list[list[Card]]]:
    """Each side's melds as the page names them ("Meld of kings: king of hearts, …")."""
    sides: list[list[list[Card]]] = []
    for team in range(2):
        found = []
        nodes = person.page.locator(f'[flt-semantics-identifier^="meld-{team}-"]')
        labelled = {nodes.nth(i).get_attribute("flt-semantics-identifier"):
                    nodes.nth(i).get_attribute("aria-label") or nodes.nth(i).inner_text() for i in range(nodes.count())}
        for index in range(len(labelled)):
            words = str(labelled[f"meld-{team}-{index}"]).strip()
            assert ": " in words, f"a meld as {person.name}'s page names it: {words!r}"
            found.append([person.words[w] for w in words.split(": ", 1)[1].split(", ")])
        sides.append(found)
    return sides


def pile(person: Person) -> tuple[int, Card | None, Card | None]:
    """The pile's count, its top card and the card that froze it, from the pile's own words."""
    said = read(person.page, "pile")
    count = int(re.search(r"\d+", said).group())  # type: ignore[union-attr]
    top_words = translate("Top card: {card}.", person.lang)
    frozen_words = translate("Frozen by the {card}.", person.lang)
    top = next((c for w, c in person.words.items() if top_words.format(card=w) in said), None)
    freezer = next((c for c in range(53) if frozen_words.format(card=pretty_card(c, person.lang)) in said), None)
    return count, top, freezer


def held(person: Person, others: dict[int, str]) -> dict[int, int]:
    """How many cards each other seat holds, as the page says it ("Pia (Left): 11 cards")."""
    text = "\n".join(said(person.page))
    counts: dict[int, int] = {}
    unnamed: list[int] = []  # a computer player's count, named by its chair ("Right: 11 cards")
    table_words = {translate_plural(f"{what}: {{count}} card", f"{what}: {{count}} cards", 2, person.lang).split(":")[0]
                   for what in ("Stock", "Pile")}
    for n in (1, 2):
        pattern = re.escape(translate_plural("{name}: {count} card", "{name}: {count} cards", n, person.lang))
        pattern = pattern.replace(re.escape("{name}"), r"(?P<name>[^\n:]+)").replace(re.escape("{count}"), r"(?P<count>\d+)")
        for match in re.finditer(pattern, text):
            named = [seat for seat, name in others.items() if name and match.group("name").strip().startswith(name)]
            if named:
                counts[named[0]] = int(match.group("count"))
            elif match.group("name").strip() not in table_words:
                unnamed.append(int(match.group("count")))
    for seat, count in zip([s for s, name in others.items() if not name], unnamed):
        counts[seat] = count
    return counts


def said(page: Any) -> list[str]:
    """Everything the page says to a screen reader: each node's label and its own text."""
    return [str(t) for t in page.locator("flt-semantics").evaluate_all(
        "nodes => nodes.map(n => n.getAttribute('aria-label') || Array.from(n.childNodes).filter("
        "c => c.nodeName.toLowerCase() !== 'flt-semantics' && c.nodeName.toLowerCase() !== 'flt-semantics-container')"
        ".map(c => c.textContent).join(''))")
        if t]


def position(person: Person, turn: Turn, names: dict[int, str], asker: int | None = None) -> State:
    """The position as this person may know it, from their page: their hand, the melds, the pile's top
    (and what froze it) over cards nobody has seen, the others' hands as counts."""
    mine = hand(person)
    sides = melds(person)
    count, top, freezer = pile(person)
    others = held(person, {s: n for s, n in names.items() if s != person.seat})
    assert len(others) == 3, f"the others' cards as {person.name}'s page says them: {others}" + repr(said(person.page))
    seen = Counter(mine + [c for side in sides for meld in side for c in meld] + [c for c in (top, freezer) if c is not None])
    plain = [c for c in range(52) if not WILD[c] and rank(c) != 3 and c not in RED_THREES]
    fill = [c for c in plain for _ in range(get_variant(person.variant).decks - seen[c])]
    below = [freezer] if freezer is not None and freezer != top else []
    spread = random.Random(count).sample(fill, count - 1 - len(below)) if top is not None else []
    cards = [*below, *spread, *([top] if top is not None else [])]
    data: dict[str, Any] = {
        "variant": person.variant, "players": 4, "dealer": 3, "turn": person.seat,
        "phase": turn.phase if asker is None else "answer",
        "hands": [format_cards(mine) if s == person.seat else others[s] for s in range(4)],
        "melds": [[format_cards(m) for m in side] for side in sides],
        "pile": format_cards(cards),
        "turn_state": turn.json() if asker is None else {"asked": True, "asker": asker},
    }
    return load_position(data)


def format_cards(cards: list[Card]) -> list[str]:
    return [format_card(c) for c in cards]


def settled(person: Person) -> None:
    """Wait until the page stands still (the same for 0.6 s): a move is chosen from one frame, not from
    the hand of one frame and the melds of the next."""
    last: list[str] = []
    still = 0
    for _ in range(60):
        now = said(person.page)
        still = still + 1 if now == last else 0
        if still == 2:
            return
        last = now
        person.page.wait_for_timeout(300)


def choose(person: Person, turn: Turn, names: dict[int, str], asker: int | None = None) -> tuple[Action, list[Action]]:
    settled(person)
    state = position(person, turn, names, asker)
    legal = legal_actions(state)
    return BOT.choose(observe(state, person.seat), legal, random.Random(0)), legal


class Misread(Exception):
    """The move was chosen from a page that changed meanwhile (the next frame came after a pause)."""


def cards_shown(page: Any) -> list[tuple[str, str, bool]]:
    """The hand's cards as drawn: identifier, words, whether selected (read at once, from one frame)."""
    return [(str(i), str(t).strip(), bool(c)) for i, t, c in page.locator('[flt-semantics-identifier^="hand-"]').evaluate_all(
        "ns => ns.map(n => [n.getAttribute('flt-semantics-identifier'), n.innerText,"
        " n.getAttribute('aria-current') === 'true'])")]


def select(person: Person, cards: tuple[Card, ...] | list[Card]) -> None:
    """Tap each card of ``cards`` in the hand (of two alike, one not yet selected)."""
    page = person.page
    for card in cards:
        words = card_label(card, person.lang)
        # the page read once it stands still: a hand's identifiers are its indexes (hand-10), and after a
        # lay-off the next frame gives them to other cards; an identifier read from the frame before
        # named another card by the time it was tapped, and that card was selected instead
        settled(person)
        shown = cards_shown(page)
        free = [identifier for identifier, text, chosen in shown if text == words and not chosen]
        if not free:  # chosen from a frame the next one replaced: the person looks again
            raise Misread(f"{words} is not in {person.name}'s hand to select: {shown}")
        before = sum(chosen for text, chosen in ((t, c) for _, t, c in shown) if text == words)
        # one tap, then this card's selection awaited: a tap toggles, so a second tap before the first is
        # drawn would take the card out again (two taps at once selected nothing and cost each card 5 s)
        tap(person, by_id(page, free[0]).first)
        wait_for(page, lambda: sum(c for _, t, c in cards_shown(page) if t == words) > before, what=f"{words} selected")


def stage(person: Person, cards: tuple[Card, ...]) -> None:
    held_now = len(hand_cards(person.page))
    select(person, cards)
    press(person, "action-stage")
    wait_for(person.page, lambda: len(hand_cards(person.page)) == held_now - len(cards), what="a meld set aside")


def tap_meld(person: Person, team: int, index: int) -> None:
    """Tap one of the side's melds: scrolled to with a finger or the wheel where it is out of sight."""
    page, identifier = person.page, f"meld-{team}-{index}"
    size = page.viewport_size
    scroll_until(page, lambda: visible(page, identifier), size["width"] / 2, size["height"] / 5, -120,
                 touch=person.touch, tries=10)
    scroll_until(page, lambda: visible(page, identifier), size["width"] / 2, size["height"] / 5, 120,
                 touch=person.touch, tries=20)
    tap(person, by_id(page, identifier).first)


def changed(person: Person, before: tuple[object, ...], what: str) -> None:
    """Wait until the page shows the action applied; a refusal fails the test with its words."""
    page = person.page

    def now() -> tuple[object, ...]:
        return (tuple(hand_cards(page)), read(page, "pile"), enabled(page, "action-draw"))

    try:
        wait_for(page, lambda: now() != before, timeout=30, what=what)
    except AssertionError:
        refusal = read(page, "refusal") if by_id(page, "refusal").count() else ""
        raise AssertionError(f"{person.name}: {what} not applied; refusal: {refusal!r}") from None


def state_of(person: Person) -> tuple[object, ...]:
    page = person.page
    return (tuple(hand_cards(page)), read(page, "pile"), enabled(page, "action-draw"))


def make(person: Person, action: Action, team: int) -> None:
    """Make ``action`` by taps, as the table's buttons build it (tutor/table/taps.py)."""
    before = state_of(person)
    if isinstance(action, Draw):
        press(person, "action-draw")
    elif isinstance(action, TakePile):
        for meld in action.melds:
            stage(person, meld)
        if action.meld:
            select(person, action.meld)
        press(person, "pile")
    elif isinstance(action, Discard):
        select(person, (action.card,))
        press(person, "action-discard")
    elif isinstance(action, MeldAction):
        layoffs = list(action.layoffs)
        if action.melds and not layoffs:
            for meld in action.melds[:-1]:
                stage(person, meld)
            select(person, action.melds[-1])
            press(person, "action-meld")
        else:  # the new melds set aside, then each lay-off's cards tapped onto its meld
            for meld in action.melds:
                stage(person, meld)
            first = layoffs.pop(0)
            select(person, first.cards)
            before = state_of(person)  # the hand without the cards set aside: the lay-off's tap changes it
            tap_meld(person, team, first.onto)
            for layoff in layoffs:
                changed(person, before, f"{format_action_short(action)}")
                select(person, layoff.cards)
                before = state_of(person)
                tap_meld(person, team, layoff.onto)
    elif isinstance(action, DrawReplacement):
        press(person, "action-draw_replacement")
    elif isinstance(action, AskGoOut):
        press(person, "action-ask_go_out")
        return
    elif isinstance(action, AnswerGoOut):
        press(person, "answer-yes" if action.yes else "answer-no")
        return
    else:
        raise AssertionError(f"no taps make {action}")
    changed(person, before, format_action_short(action))


def format_action_short(action: Action) -> str:
    return type(action).__name__


def going_out(action: Action, cards_held: int) -> bool:
    return isinstance(action, MeldAction) and len(action.cards()) >= cards_held - 1


def one_action_by_taps(action: MeldAction) -> bool:
    """Whether the taps make ``action`` at once: any new melds and at most one lay-off."""
    return len(action.layoffs) <= 1

