"""Cards as small integers, with a parse/format pair for their text form.

A card is an ``int``: ``(rank - 1) * 4 + suit`` for the 52 ranked cards (rank 1 = ace,
11-13 = jack, queen, king; suit 0-3 = clubs, diamonds, hearts, spades) and ``JOKER`` (52).
Several decks are in play, so the same code may occur more than once; a hand is a sorted
tuple of codes. Integers keep hands hashable and cheap to copy, which self-play needs.

>>> parse_card("qs") == parse_card("QS")
True
>>> format_card(parse_card("t" + "h"))
'10h'
>>> [format_card(c) for c in parse_cards(["JK", "2c", "Ad"])]
['JK', '2c', 'Ad']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from typing import Final

from engine.core.input_errors import InvalidInputError, shown
from engine.core.i18n import N_, translate

Card = int

ACE: Final = 1
JACK: Final = 11
QUEEN: Final = 12
KING: Final = 13
JOKER: Final[Card] = 52
CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3

SUIT_LETTERS: Final = "cdhs"
SUIT_SYMBOLS: Final = "♣♦♥♠"
RANK_TEXT: Final = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
_RANK_BY_TEXT: Final = {text: rank for rank, text in enumerate(RANK_TEXT) if text} | {"T": 10}


def make_card(rank: int, suit: int) -> Card:
    """The card of ``rank`` (1-13) and ``suit`` (0-3)."""
    return (rank - 1) * 4 + suit


# rank(), suit() and run_place() are table look-ups: the rules ask them millions of times a
# minute of self-play, and a tuple's ``__getitem__`` costs a fraction of a Python call.
_RANKS: Final = tuple(0 if c == JOKER else c // 4 + 1 for c in range(53))
_SUITS: Final = tuple(-1 if c == JOKER else c % 4 for c in range(53))
_RUN_PLACES: Final = tuple(14 if r == ACE else r for r in _RANKS)

# The tables themselves, for the hot loops: compiled, ``RANKS[card]`` is a native tuple read where
# ``rank(card)`` is a call through Python; interpreted it is a subscript, no call.
RANKS: Final = _RANKS
SUITS: Final = _SUITS
RUN_PLACES: Final = _RUN_PLACES

rank = _RANKS.__getitem__
"""``rank(card)``: 1 (ace) to 13 (king); 0 for a joker."""

suit = _SUITS.__getitem__
"""``suit(card)``: 0-3 (clubs, diamonds, hearts, spades); -1 for a joker."""

run_place = _RUN_PLACES.__getitem__
"""``run_place(card)``: a card's place in a run of its suit, the ace high (as in Royal's Samba):
2 to 14.

>>> run_place(parse_card("Ah")), run_place(parse_card("Kh")), run_place(parse_card("4h"))
(14, 13, 4)
"""


def is_wild(card: Card) -> bool:
    """Jokers and twos are wild in every variant we play."""
    return card == JOKER or card // 4 == 1


def is_red(card: Card) -> bool:
    return card != JOKER and card % 4 in (DIAMONDS, HEARTS)


def is_red_three(card: Card) -> bool:
    return card in RED_THREES


def is_black_three(card: Card) -> bool:
    return card in BLACK_THREES


RED_THREES: Final = frozenset({make_card(3, DIAMONDS), make_card(3, HEARTS)})
BLACK_THREES: Final = frozenset({make_card(3, CLUBS), make_card(3, SPADES)})
WILD: Final = tuple(c == JOKER or c // 4 == 1 for c in range(53))  # indexed by card, for speed


def parse_card(text: object, field: str = "card") -> Card:
    """Parse ``<rank><suit>`` (case-insensitive, ``T`` for 10) or ``JK``.

    Raises :class:`InvalidInputError` naming ``field`` for anything else.
    """
    if isinstance(text, str):
        card = _CODES.get(text)  # the canonical code, as positions are written: one look-up
        if card is not None:
            return card
    else:
        raise InvalidInputError(field, N_("a card must be a string such as 'Qs', not {value}"), value=shown(text))
    upper = text.strip().upper()
    if upper == "JK":
        return JOKER
    rank_text, suit_letter = upper[:-1], upper[-1:].lower()
    card_rank = _RANK_BY_TEXT.get(rank_text)
    if card_rank is None or not suit_letter or suit_letter not in SUIT_LETTERS:
        raise InvalidInputError(field, N_("unknown card code {value} (expected e.g. 'Qs', '10h', 'JK')"), value=shown(text))
    return make_card(card_rank, SUIT_LETTERS.index(suit_letter))


def format_card(card: Card) -> str:
    """The canonical code: ``Qs``, ``10h``, ``JK``."""
    if card == JOKER:
        return "JK"
    return RANK_TEXT[rank(card)] + SUIT_LETTERS[suit(card)]


_CODES: Final = {format_card(c): c for c in range(53)}  # canonical code -> card

JOKER_NAME: Final = N_("Joker")


def pretty_card(card: Card, lang: str = "en") -> str:
    """For people: ``Q♠``, ``10♥``, ``Joker`` (the suit symbols need a font that has them)."""
    if card == JOKER:
        return translate(JOKER_NAME, lang)
    return RANK_TEXT[rank(card)] + SUIT_SYMBOLS[suit(card)]


def parse_cards(texts: object, field: str = "cards") -> tuple[Card, ...]:
    if not isinstance(texts, list):
        raise InvalidInputError(field, N_("expected a list of card codes"))
    try:  # canonical codes (a position holds about 108): look-ups, no field names built
        return tuple([_CODES[t] for t in texts])
    except (KeyError, TypeError):  # another spelling, or not a code at all: one by one, naming the field
        return tuple(parse_card(t, f"{field}[{i}]") for i, t in enumerate(texts))


def format_cards(cards: Iterable[Card]) -> list[str]:
    return [format_card(c) for c in cards]


def pretty_cards(cards: Iterable[Card], lang: str = "en") -> str:
    return " ".join(pretty_card(c, lang) for c in cards)


@cache  # a tuple, the same for every table of a variant; asked at every deal and position load
def deck(decks: int, jokers: int) -> tuple[Card, ...]:
    """``decks`` full 52-card decks plus ``jokers`` jokers, sorted."""
    return tuple(sorted([c for c in range(52) for _ in range(decks)] + [JOKER] * jokers))


def count_cards(cards: Sequence[Card]) -> list[int]:
    """How many of each card code (index 0-52)."""
    counts = [0] * 53
    for card in cards:
        counts[card] += 1
    return counts
