"""Actions as frozen values with a parse/format pair for their JSON form.

>>> a = parse_action({"type": "meld", "melds": [["ah", "Ac", "2d"]]})
>>> format_action(a)
{'type': 'meld', 'melds': [['Ah', 'Ac', '2d']]}
>>> parse_action(format_action(a)) == a
True

The JSON form is ``docs/positions.md``'s; ``ask_go_out``, ``answer_go_out``,
``decline_pile`` and ``draw_replacement`` are this project's additions (``docs/positions.md``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from engine.core.cards import Card, format_card, format_cards, parse_card, parse_cards
from engine.core.errors import InvalidInputError, shown
from engine.core.i18n import N_


@dataclass(frozen=True, slots=True)
class Layoff:
    onto: int  # index into the side's melds
    cards: tuple[Card, ...]

    def __init__(self, onto: int, cards: tuple[Card, ...]) -> None:
        # written out, not generated: compiled, a native store each (as ``Meld``'s, core/melds.py);
        # the legal-action lists and the going-out plans build actions by the thousand
        object.__setattr__(self, "onto", onto)
        object.__setattr__(self, "cards", cards)


@dataclass(frozen=True, slots=True)
class WildMove:
    """Wiener, going out concealed: wild cards past the third in a meld merged with the partner's
    (``source``) moved to another meld of the side (``onto``); both index the side's melds after
    the action's new melds are placed (seed 002, "Macht ein Spieler verdeckt aus")."""

    source: int
    onto: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Draw:
    @property
    def type(self) -> Literal["draw"]:  # a property: compiled, a ClassVar would be a field
        return "draw"

    def json_fields(self) -> dict[str, Any]:
        return {}


@dataclass(frozen=True, slots=True)
class TakePile:
    """Take the pile: the top card forms a new meld with ``meld`` or goes ``onto`` a side's meld."""

    meld: tuple[Card, ...] = ()
    onto: int | None = None
    melds: tuple[tuple[Card, ...], ...] = ()

    def __init__(self, meld: tuple[Card, ...] = (), onto: int | None = None,
                 melds: tuple[tuple[Card, ...], ...] = ()) -> None:
        object.__setattr__(self, "meld", meld)  # written out, as ``Layoff``'s
        object.__setattr__(self, "onto", onto)
        object.__setattr__(self, "melds", melds)

    @property
    def type(self) -> Literal["take_pile"]:  # a property: compiled, a ClassVar would be a field
        return "take_pile"

    def json_fields(self) -> dict[str, Any]:
        out: dict[str, Any] = {"onto": self.onto} if self.onto is not None else {"meld": format_cards(self.meld)}
        if self.melds:
            out["melds"] = [format_cards(m) for m in self.melds]
        return out


@dataclass(frozen=True, slots=True)
class MeldAction:
    melds: tuple[tuple[Card, ...], ...] = ()
    layoffs: tuple[Layoff, ...] = ()
    moves: tuple[WildMove, ...] = ()  # Wiener: surplus wild cards moved after merging (no hand cards)

    def __init__(self, melds: tuple[tuple[Card, ...], ...] = (), layoffs: tuple[Layoff, ...] = (),
                 moves: tuple[WildMove, ...] = ()) -> None:
        object.__setattr__(self, "melds", melds)  # written out, as ``Layoff``'s
        object.__setattr__(self, "layoffs", layoffs)
        object.__setattr__(self, "moves", moves)

    @property
    def type(self) -> Literal["meld"]:  # a property: compiled, a ClassVar would be a field
        return "meld"

    def __repr__(self) -> str:
        # as the dataclass writes it, ``moves`` only when there are some: the golden games' digests
        # (bench/equivalence.py) hash the repr of every legal action
        moves = f", moves={self.moves!r}" if self.moves else ""
        return f"MeldAction(melds={self.melds!r}, layoffs={self.layoffs!r}{moves})"

    def cards(self) -> list[Card]:
        if not self.layoffs and len(self.melds) == 1:  # the commonest: one new meld
            return list(self.melds[0])
        cards = [c for meld in self.melds for c in meld]
        for layoff in self.layoffs:
            cards.extend(layoff.cards)
        return cards

    def json_fields(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.melds:
            out["melds"] = [format_cards(m) for m in self.melds]
        if self.layoffs:
            out["layoffs"] = [{"onto": lo.onto, "cards": format_cards(lo.cards)} for lo in self.layoffs]
        if self.moves:
            out["moves"] = [{"from": m.source, "onto": m.onto, "cards": format_cards(m.cards)} for m in self.moves]
        return out


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard ``card`` from the hand or (Royal) from the side's meld ``meld``, melded this turn."""

    card: Card
    meld: int | None = None

    def __init__(self, card: Card, meld: int | None = None) -> None:
        object.__setattr__(self, "card", card)  # written out, as ``Layoff``'s
        object.__setattr__(self, "meld", meld)

    @property
    def type(self) -> Literal["discard"]:  # a property: compiled, a ClassVar would be a field
        return "discard"

    def json_fields(self) -> dict[str, Any]:
        out: dict[str, Any] = {"card": format_card(self.card)}
        if self.meld is not None:
            out["meld"] = self.meld
        return out


@dataclass(frozen=True, slots=True)
class AskGoOut:
    """"Partner, may I go out?" (seed 001, "Að biðja um leyfi til að fara út")."""

    @property
    def type(self) -> Literal["ask_go_out"]:  # a property: compiled, a ClassVar would be a field
        return "ask_go_out"

    def json_fields(self) -> dict[str, Any]:
        return {}


@dataclass(frozen=True, slots=True)
class AnswerGoOut:
    yes: bool | None  # None: pass the question to the next partner (Wiener with six players)

    @property
    def type(self) -> Literal["answer_go_out"]:  # a property: compiled, a ClassVar would be a field
        return "answer_go_out"

    def json_fields(self) -> dict[str, Any]:
        return {"yes": self.yes}


@dataclass(frozen=True, slots=True)
class DeclinePile:
    """With the stock used up, decline the pile: the hand ends (seed 001, "Lok umferðar")."""

    @property
    def type(self) -> Literal["decline_pile"]:  # a property: compiled, a ClassVar would be a field
        return "decline_pile"

    def json_fields(self) -> dict[str, Any]:
        return {}


@dataclass(frozen=True, slots=True)
class DrawReplacement:
    """Royal: draw the replacement for a red three melded from the hand this turn (seed 000, "Röda treor")."""

    @property
    def type(self) -> Literal["draw_replacement"]:  # a property: compiled, a ClassVar would be a field
        return "draw_replacement"

    def json_fields(self) -> dict[str, Any]:
        return {}


Action = Draw | TakePile | MeldAction | Discard | AskGoOut | AnswerGoOut | DeclinePile | DrawReplacement


def _index(value: object, field: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise InvalidInputError(field, N_("expected a meld index (a whole number from 0), not {value}"), value=shown(value))
    return value


def _melds(value: object, field: str) -> tuple[tuple[Card, ...], ...]:
    if not isinstance(value, list):
        raise InvalidInputError(field, N_("expected a list of melds, each a list of card codes"))
    return tuple(parse_cards(meld, f"{field}[{i}]") for i, meld in enumerate(value))


def _layoffs(value: object, field: str) -> tuple[Layoff, ...]:
    if not isinstance(value, list):
        raise InvalidInputError(field, N_("expected a list of lay-offs, each with \"onto\" (a meld index) and \"cards\""))
    layoffs = []
    for i, item in enumerate(value):
        where = f"{field}[{i}]"
        if not isinstance(item, dict) or "onto" not in item or "cards" not in item:
            raise InvalidInputError(where, N_("a lay-off needs \"onto\" (a meld index) and \"cards\""))
        _known_keys(item, ("onto", "cards"), where)
        cards = parse_cards(item["cards"], f"{where}.cards")
        if not cards:
            raise InvalidInputError(f"{where}.cards", N_("a lay-off needs at least one card"))
        layoffs.append(Layoff(_index(item["onto"], f"{where}.onto"), cards))
    return tuple(layoffs)


def _moves(value: object, field: str) -> tuple[WildMove, ...]:
    if not isinstance(value, list):
        raise InvalidInputError(field, N_("expected a list of moves, each with \"from\" and \"onto\" (meld indexes)"
                                          " and \"cards\""))
    moves = []
    for i, item in enumerate(value):
        where = f"{field}[{i}]"
        if not isinstance(item, dict) or "from" not in item or "onto" not in item or "cards" not in item:
            raise InvalidInputError(where, N_("a move needs \"from\" and \"onto\" (meld indexes) and \"cards\""))
        _known_keys(item, ("from", "onto", "cards"), where)
        cards = parse_cards(item["cards"], f"{where}.cards")
        if not cards:
            raise InvalidInputError(f"{where}.cards", N_("a move needs at least one card"))
        moves.append(WildMove(_index(item["from"], f"{where}.from"), _index(item["onto"], f"{where}.onto"), cards))
    return tuple(moves)


def _parse_take_pile(d: Mapping[str, Any]) -> Action:
    has_meld, has_onto = "meld" in d, d.get("onto") is not None
    if has_meld == has_onto:
        raise InvalidInputError("action", N_("take_pile needs exactly one of \"meld\" or \"onto\""))
    meld = parse_cards(d["meld"], "action.meld") if has_meld else ()
    if has_meld and not meld:
        raise InvalidInputError("action.meld", N_("name the hand cards that meld with the top card"))
    onto = _index(d["onto"], "action.onto") if has_onto else None
    return TakePile(meld, onto, _melds(d.get("melds", []), "action.melds"))


def _parse_meld(d: Mapping[str, Any]) -> Action:
    action = MeldAction(_melds(d.get("melds", []), "action.melds"), _layoffs(d.get("layoffs", []), "action.layoffs"),
                        _moves(d.get("moves", []), "action.moves"))
    if not action.melds and not action.layoffs:
        raise InvalidInputError("action", N_("a meld action needs at least one meld or lay-off"))
    return action


def _parse_answer(d: Mapping[str, Any]) -> Action:
    if "yes" not in d or not isinstance(d["yes"], (bool, type(None))):
        raise InvalidInputError("action.yes", N_("answer_go_out needs \"yes\": true, false or null (pass)"))
    return AnswerGoOut(d["yes"])


_PARSERS: Mapping[str, Callable[[Mapping[str, Any]], Action]] = {
    "draw": lambda d: Draw(),
    "take_pile": _parse_take_pile,
    "meld": _parse_meld,
    "discard": lambda d: Discard(parse_card(d.get("card"), "action.card"),
                                 _index(d["meld"], "action.meld") if d.get("meld") is not None else None),
    "ask_go_out": lambda d: AskGoOut(),
    "answer_go_out": _parse_answer,
    "decline_pile": lambda d: DeclinePile(),
    "draw_replacement": lambda d: DrawReplacement(),
}


def parse_action(data: object) -> Action:
    """Read an action's JSON form; :class:`InvalidInputError` names the field at fault."""
    if not isinstance(data, dict):
        raise InvalidInputError("action", N_("expected an object with a \"type\", such as draw"))
    kind = data.get("type")
    parser = _PARSERS.get(kind) if isinstance(kind, str) else None
    if parser is None or not isinstance(kind, str):
        known = ", ".join(_PARSERS)
        raise InvalidInputError("action.type", N_("unknown action type {value} (known: {known})"), value=shown(kind), known=known)
    _known_keys(data, ("type", *ACTION_FIELDS.get(kind, ())), "action")
    return parser(data)


# The fields each action type may carry besides "type": any other is a misspelling, refused by name.
ACTION_FIELDS: Mapping[str, tuple[str, ...]] = {
    "take_pile": ("meld", "onto", "melds"),
    "meld": ("melds", "layoffs", "moves"),
    "discard": ("card", "meld"),
    "answer_go_out": ("yes",),
}


def _known_keys(data: Mapping[str, Any], known: tuple[str, ...], where: str) -> None:
    unknown = sorted(str(k) for k in data if k not in known)
    if unknown:
        raise InvalidInputError(f"{where}.{unknown[0]}", N_("not a field here (known: {known})"),
                                known=", ".join(sorted(known)))


def cards_of(action: Action) -> tuple[Card, ...]:
    """The cards from the hand an action puts down (a hint highlights them)."""
    if isinstance(action, MeldAction):
        return tuple(action.cards())
    if isinstance(action, TakePile):
        return tuple(action.meld) + tuple(c for m in action.melds for c in m)
    if isinstance(action, Discard):
        return (action.card,)
    return ()


def is_lay_off_only(action: Action) -> bool:
    """Whether ``action`` only adds cards to melds already on the table.

    >>> is_lay_off_only(MeldAction(layoffs=(Layoff(0, (parse_card("Ah"),)),)))
    True
    """
    return isinstance(action, MeldAction) and bool(action.layoffs) and not action.melds


def canonical(action: Action) -> Action:
    """The same action with its cards in a fixed order, for comparing actions as sets of cards.

    >>> a = MeldAction(melds=((parse_card("Ah"), parse_card("Ac"), parse_card("2d")),))
    >>> b = MeldAction(melds=((parse_card("2d"), parse_card("Ah"), parse_card("Ac")),))
    >>> a == b, canonical(a) == canonical(b)
    (False, True)
    """
    if isinstance(action, MeldAction):
        return MeldAction(melds=tuple(sorted(tuple(sorted(m)) for m in action.melds)),
                          layoffs=tuple(sorted((Layoff(lo.onto, tuple(sorted(lo.cards))) for lo in action.layoffs),
                                               key=lambda lo: (lo.onto, lo.cards))),
                          moves=tuple(sorted((WildMove(m.source, m.onto, tuple(sorted(m.cards))) for m in action.moves),
                                             key=lambda m: (m.source, m.onto, m.cards))))
    if isinstance(action, TakePile):
        return TakePile(meld=tuple(sorted(action.meld)), onto=action.onto,
                        melds=tuple(sorted(tuple(sorted(m)) for m in action.melds)))
    return action


def format_action(action: Action) -> dict[str, Any]:
    return {"type": action.type, **action.json_fields()}
