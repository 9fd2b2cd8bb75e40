"""Melds: a side's groups of cards on the table.

A :class:`Meld` keeps its cards in the order they were laid down and caches what the rules ask
of it: its kind, its rank (or a Samba's suit), and how many natural and wild cards it holds.
``Rules.make_meld`` and ``Rules.extend_meld`` are the only ways to build one; the rank melds
every variant shares are made here (seed 001 "Leikurinn": three or more cards, at least two
naturals of one rank, no more wild cards than the variant allows; black threes on their own,
never with wild cards). Royal Canasta's other kinds live in :mod:`engine.variants.royal`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Protocol

from engine.core.cards import RED_THREES, WILD, Card, RANKS
from engine.core.errors import IllegalActionError
from engine.core.i18n import N_


class MeldKind(str, Enum):
    RANK = "rank"  # natural cards of one rank, perhaps with wild cards
    BLACK_THREES = "black_threes"  # only when going out
    SAMBA = "samba"  # Royal: a run of one suit, no wild cards
    BOLIVIA = "bolivia"  # Royal: wild cards only
    THREES = "threes"  # Royal: threes, the first a red one


class Rules(Protocol):
    """What melds ask of a variant's rules: the numbers and hooks of ``engine.core.rules.Rules``,
    which sits above this module (its hooks take melds, and its ``make_meld`` makes them here)."""

    @property
    def min_meld(self) -> int: ...
    @property
    def min_naturals(self) -> int: ...
    @property
    def wild_limit(self) -> str: ...
    @property
    def meld_kinds(self) -> frozenset[str]: ...
    def wilds_allowed(self, naturals: int) -> int: ...
    def is_canasta(self, meld: Meld) -> bool: ...
    def meld_points(self, meld: Meld) -> int: ...
    def meld_bonus(self, meld: Meld) -> int: ...
    def canasta_name(self, meld: Meld) -> str | None: ...
    def make_meld(self, cards: tuple[Card, ...]) -> Meld: ...
    def extend_meld(self, meld: Meld, cards: tuple[Card, ...]) -> Meld: ...


@dataclass(frozen=True, slots=True)
class Meld:
    cards: tuple[Card, ...]
    rank: int  # the naturals' rank (3 for threes); a Samba's suit + 100; 0 for a Bolivia
    naturals: int
    wilds: int
    kind: MeldKind = MeldKind.RANK

    def __init__(self, cards: tuple[Card, ...], rank: int, naturals: int, wilds: int,
                 kind: MeldKind = MeldKind.RANK) -> None:
        # written out, not generated: compiled, a native store each (as ``State``'s, core/state.py)
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "rank", rank)
        object.__setattr__(self, "naturals", naturals)
        object.__setattr__(self, "wilds", wilds)
        object.__setattr__(self, "kind", kind)

    @property
    def size(self) -> int:
        return len(self.cards)

    def is_canasta(self, rules: Rules) -> bool:
        return rules.is_canasta(self)

    def is_natural_canasta(self, rules: Rules) -> bool:
        return self.kind is MeldKind.RANK and self.wilds == 0 and rules.is_canasta(self)

    def is_black_threes(self) -> bool:
        return self.kind is MeldKind.BLACK_THREES

    def value(self, rules: Rules) -> int:
        return rules.meld_points(self)

    def bonus(self, rules: Rules) -> int:
        return rules.meld_bonus(self)


KIND_NAMES = {
    MeldKind.RANK: N_("meld"),
    MeldKind.BLACK_THREES: N_("black threes"),
    MeldKind.SAMBA: N_("Samba"),
    MeldKind.BOLIVIA: N_("Bolivia"),
    MeldKind.THREES: N_("meld of threes"),
}
CANASTA_NAMES = {
    "natural": N_("natural canasta"),
    "mixed": N_("mixed canasta"),
    "samba": N_("Samba"),
    "bolivia": N_("Bolivia"),
    "royal": N_("Royal canasta"),
    "super_royal": N_("Super Royal canasta"),
}


def meld_name(rules: Rules, meld: Meld) -> str:
    """The meld's name for people (a msgid): a canasta by its kind, else what it is."""
    if meld.kind is MeldKind.RANK and rules.is_canasta(meld):
        return CANASTA_NAMES["natural" if meld.wilds == 0 else "mixed"]
    return rules.canasta_name(meld) or KIND_NAMES[meld.kind]


def count_kinds(cards: Sequence[Card]) -> tuple[int, int, int]:
    """(rank of the naturals, or -1 if they mix ranks or there are none; naturals; wilds)."""
    meld_rank = 0
    naturals = wilds = 0
    for card in cards:
        if WILD[card]:
            wilds += 1
            continue
        naturals += 1
        card_rank = RANKS[card]
        if meld_rank == 0:
            meld_rank = card_rank
        elif card_rank != meld_rank:
            meld_rank = -1
    return (meld_rank if naturals else -1), naturals, wilds


def check_composition(rules: Rules, cards: tuple[Card, ...], naturals: int, wilds: int) -> None:
    allowed = rules.wilds_allowed(naturals)
    if naturals < rules.min_naturals:
        raise IllegalActionError("meld.too_few_naturals", minimum=rules.min_naturals, cards=cards, count=naturals)
    if wilds > allowed:
        raise IllegalActionError(
            "meld.too_many_wilds", allowed=max(allowed, 0), naturals=naturals, cards=cards, count=wilds,
            limit=rules.wild_limit,
        )


def make_rank_meld(rules: Rules, cards: tuple[Card, ...]) -> Meld:
    """A new rank meld (or black threes) of ``cards``, or the rule it breaks.

    Whether black threes may be melded now (only when going out) is the caller's question.
    """
    if any(c in RED_THREES for c in cards):
        raise IllegalActionError("meld.red_three")
    meld_rank, naturals, wilds = count_kinds(cards)
    if meld_rank == -1 and naturals:
        raise IllegalActionError("meld.mixed_ranks", cards=cards)
    if meld_rank == 3 and wilds:
        raise IllegalActionError("meld.black_threes_wild")
    if len(cards) < rules.min_meld:
        raise IllegalActionError("meld.too_small", minimum=rules.min_meld, cards=cards, count=len(cards))
    if meld_rank == 3:
        return Meld(cards, 3, naturals, 0, MeldKind.BLACK_THREES)
    check_composition(rules, cards, naturals, wilds)
    return Meld(cards, meld_rank, naturals, wilds)


def extend_rank_meld(rules: Rules, meld: Meld, cards: tuple[Card, ...]) -> Meld:
    """``meld`` with ``cards`` laid off on it (or a new meld of its rank merged into it)."""
    for card in cards:
        if card in RED_THREES or (not WILD[card] and RANKS[card] != meld.rank):
            raise IllegalActionError("meld.layoff", card=card, rank=meld.rank)
        if meld.kind is MeldKind.BLACK_THREES and WILD[card]:
            raise IllegalActionError("meld.black_threes_wild")
    added_wilds = sum(1 for c in cards if WILD[c])
    naturals = meld.naturals + len(cards) - added_wilds
    wilds = meld.wilds + added_wilds
    merged = meld.cards + cards
    if meld.kind is MeldKind.RANK:
        check_composition(rules, merged, naturals, wilds)
    return Meld(merged, meld.rank, naturals, wilds, meld.kind)


# Melds already made: ``Rules.make_meld`` is pure and a Meld immutable, and the same few cards are
# melded again and again (the judge, the legal actions' checks, the bots). Keyed by the rules
# object's id and the cards; each entry holds its rules object, so that id is not reused while
# the entry lives. Refusals are not kept (an exception raised again would grow its traceback).
# Bounded in all (cleared when full): a few hundred KiB at most.
_MADE: dict[tuple[int, tuple[Card, ...]], tuple[Rules, Meld]] = {}
_MADE_KEPT = 4096


def make_meld(rules: Rules, cards: tuple[Card, ...]) -> Meld:
    """``rules.make_meld(cards)``, remembered."""
    key = (id(rules), cards)
    try:
        entry = _MADE.get(key)
    except TypeError:  # cards not in a tuple: nothing to remember them by
        return rules.make_meld(cards)
    if entry is not None and entry[0] is rules:
        return entry[1]
    meld = rules.make_meld(cards)
    if len(_MADE) >= _MADE_KEPT:
        _MADE.clear()
    _MADE[key] = (rules, meld)
    return meld


def meld_or_none(rules: Rules, cards: tuple[Card, ...]) -> Meld | None:
    """``make_meld(rules, cards)``, or ``None`` where the rules refuse ``cards``, for a caller that
    needs only whether (Royal's take-back turns any refusal into its own): refusals are
    remembered too, as ``None`` (no exception is kept), bounded as ``make_meld``'s."""
    key = (id(rules), cards)
    entry = _TRIED.get(key)
    if entry is not None and entry[0] is rules:
        return entry[1]
    try:
        meld: Meld | None = make_meld(rules, cards)
    except IllegalActionError:
        meld = None
    if len(_TRIED) >= _MADE_KEPT:
        _TRIED.clear()
    _TRIED[key] = (rules, meld)
    return meld


_TRIED: dict[tuple[int, tuple[Card, ...]], tuple[Rules, Meld | None]] = {}


def extend_meld(rules: Rules, meld: Meld, cards: tuple[Card, ...]) -> Meld:
    """``rules.extend_meld(meld, cards)``, remembered as ``make_meld`` is: the same meld of the
    table takes the same cards turn after turn (the judge asks it of every lay-off the legal
    actions offer on Royal's melds). Keyed by the rules object's and the meld's ids (a meld
    hashes in Python, an id in C) and the cards; each entry holds both, so no id is reused while
    it lives. Refusals are not kept. Where every meld is a rank meld or black threes (all but
    Royal) nothing is remembered: the legal actions judge few lay-offs there, and remembering
    cost more than it saved (measured in Classic)."""
    if len(rules.meld_kinds) <= 2:
        return rules.extend_meld(meld, cards)
    key = (id(rules), id(meld), cards)
    try:
        entry = _EXTENDED.get(key)
    except TypeError:  # cards not in a tuple
        return rules.extend_meld(meld, cards)
    if entry is not None and entry[0] is rules and entry[1] is meld:
        return entry[2]
    extended = rules.extend_meld(meld, cards)
    if len(_EXTENDED) >= _MADE_KEPT:
        _EXTENDED.clear()
    _EXTENDED[key] = (rules, meld, extended)
    return extended


_EXTENDED: dict[tuple[int, int, tuple[Card, ...]], tuple[Rules, Meld, Meld]] = {}
