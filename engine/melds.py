"""Melds: a team's groups of cards of one rank, possibly with wild cards.

A :class:`Meld` keeps its cards in the order they were laid down and caches what the rules ask
of it (its rank and how many natural and wild cards it holds). :func:`make_meld` and
:func:`extend_meld` are the only ways to build one, and they enforce seed 001 "Leikurinn":
three or more cards, at least two naturals of one rank, at most three wild cards and always
more naturals than wild cards; black threes only on their own, never with wild cards.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.cards import BLACK_THREES, RED_THREES, WILD, Card, rank
from engine.errors import IllegalActionError
from engine.rules import Rules


@dataclass(frozen=True, slots=True)
class Meld:
    cards: tuple[Card, ...]
    rank: int
    naturals: int
    wilds: int

    @property
    def size(self) -> int:
        return len(self.cards)

    def is_canasta(self, rules: Rules) -> bool:
        return len(self.cards) >= rules.canasta_size

    def is_natural_canasta(self, rules: Rules) -> bool:
        return self.wilds == 0 and len(self.cards) >= rules.canasta_size

    def is_black_threes(self) -> bool:
        return self.rank == 3

    def value(self, rules: Rules) -> int:
        values = rules.card_values
        return sum(values[c] for c in self.cards)

    def bonus(self, rules: Rules) -> int:
        if len(self.cards) < rules.canasta_size:
            return 0
        return rules.natural_canasta_bonus if self.wilds == 0 else rules.mixed_canasta_bonus


def _natural_rank(cards: Sequence[Card]) -> tuple[int, int, int]:
    """(rank of the naturals or -1 if they mix ranks or there are none, naturals, wilds)."""
    meld_rank = 0
    naturals = wilds = 0
    for card in cards:
        if WILD[card]:
            wilds += 1
            continue
        naturals += 1
        card_rank = rank(card)
        if meld_rank == 0:
            meld_rank = card_rank
        elif card_rank != meld_rank:
            meld_rank = -1
    return (meld_rank if naturals else -1), naturals, wilds


def _check_composition(rules: Rules, cards: tuple[Card, ...], naturals: int, wilds: int) -> None:
    allowed = rules.wilds_allowed(naturals)
    if naturals < rules.min_naturals:
        raise IllegalActionError(
            "meld.too_few_naturals", minimum=rules.min_naturals, cards=cards, count=naturals
        )
    if wilds > allowed:
        raise IllegalActionError(
            "meld.too_many_wilds", allowed=max(allowed, 0), naturals=naturals, cards=cards, count=wilds
        )


def make_meld(rules: Rules, cards: tuple[Card, ...]) -> Meld:
    """A new meld of ``cards``, or :class:`IllegalActionError` naming the rule it breaks.

    Whether black threes may be melded now (only when going out) is the caller's question.
    """
    if any(c in RED_THREES for c in cards):
        raise IllegalActionError("meld.red_three")
    meld_rank, naturals, wilds = _natural_rank(cards)
    if meld_rank == -1 and naturals:
        raise IllegalActionError("meld.mixed_ranks", cards=cards)
    if meld_rank == 3 and wilds:
        raise IllegalActionError("meld.black_threes_wild")
    if len(cards) < rules.min_meld:
        raise IllegalActionError("meld.too_small", minimum=rules.min_meld, cards=cards, count=len(cards))
    _check_composition(rules, cards, naturals, wilds)
    return Meld(cards, meld_rank, naturals, wilds)


def extend_meld(rules: Rules, meld: Meld, cards: tuple[Card, ...]) -> Meld:
    """``meld`` with ``cards`` laid off on it (or a new meld of its rank merged into it)."""
    for card in cards:
        if card in RED_THREES or (not WILD[card] and rank(card) != meld.rank):
            raise IllegalActionError("meld.layoff", card=card, rank=meld.rank)
        if meld.rank == 3 and (WILD[card] or card not in BLACK_THREES):
            raise IllegalActionError("meld.black_threes_wild")
    added_wilds = sum(1 for c in cards if WILD[c])
    naturals = meld.naturals + len(cards) - added_wilds
    wilds = meld.wilds + added_wilds
    merged = meld.cards + cards
    _check_composition(rules, merged, naturals, wilds)
    return Meld(merged, meld.rank, naturals, wilds)
