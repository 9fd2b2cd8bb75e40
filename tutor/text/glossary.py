"""Game terms a learner can tap in a lesson's text for their definition.

The terms of each language are the glossary's (``locales/glossary.toml``, taken from the seed
texts); the definitions below are message ids, translated like every other text.
"""

from __future__ import annotations

import re
import tomllib
from functools import cache
from pathlib import Path
from typing import Any

from engine.core.i18n import N_, translate

GLOSSARY = Path(__file__).resolve().parents[2] / "locales" / "glossary.toml"

DEFINITIONS: dict[str, str] = {
    "pile": N_("The pile: the face-up cards discarded so far. Its top card is the one you may take it for."),
    "stock": N_("The stock: the face-down cards you draw from."),
    "frozen": N_("A frozen pile can be taken only with two natural cards of its top card's rank from your hand."),
    "blocked": N_("A blocked pile cannot be taken this turn, for instance while a black three lies on top."),
    "wild_card": N_("Wild cards (jokers and twos) stand in for a natural card in a meld."),
    "natural": N_("A natural card is any card that is not wild."),
    "meld": N_("A meld: three or more cards of a rank laid face up on the table, wild cards within limits."),
    "lay_off": N_("To lay off is to add cards to a meld your side already has on the table."),
    "discard": N_("To discard is to end your turn by putting one card face up on the pile."),
    "go_out": N_("To go out is to get rid of your last cards, which ends the hand."),
    "concealed": N_("Going out concealed: melding your whole hand in one turn without having melded before."),
    "red_three": N_("Red threes are bonus cards: they are laid out for points, not held."),
    "black_three": N_("A black three discarded blocks the pile for the next player."),
    "canasta": N_("A canasta: a meld of seven cards or more. Natural ones score more than mixed ones."),
    "opening": N_("Opening: your side's first meld, which must reach the minimum its score sets."),
    "partner": N_("Your partner sits across from you; you score together."),
}


@cache
def _glossary() -> dict[str, Any]:
    return tomllib.loads(GLOSSARY.read_text(encoding="utf-8"))


@cache
def _patterns(lang: str) -> tuple[tuple[str, re.Pattern[str]], ...]:
    glossary = _glossary()
    found = []
    for concept, entry in glossary.items():
        if concept not in DEFINITIONS:
            continue  # a concept the tests hold the catalogs to, not a term to tap (turn, hand, ...)
        raw = entry[lang] if lang == "en" else entry[lang]["match"]
        found.append((concept, re.compile(raw, re.IGNORECASE)))
    return tuple(found)


def segments(text: str, lang: str, only: frozenset[str] | None = None) -> list[tuple[str, str | None]]:
    """``text`` cut into pieces, each with the concept it names (``None`` for plain text); with
    ``only``, those concepts alone.

    A term is the whole word its glossary pattern matches within; where patterns overlap the
    longest match wins (Swedish "sakhög" is the pile, not a form of "saka").

    >>> segments("Take the frozen pile.", "en")
    [('Take the ', None), ('frozen', 'frozen'), (' ', None), ('pile', 'pile'), ('.', None)]
    """
    matches = []
    for concept, pattern in _patterns(lang):
        if only is not None and concept not in only:
            continue
        for match in pattern.finditer(text):
            start, end = match.span()
            if start == end:
                continue
            while start > 0 and text[start - 1].isalpha():
                start -= 1
            while end < len(text) and text[end].isalpha():
                end += 1
            matches.append((start, -(match.end() - match.start()), end, concept))
    pieces: list[tuple[str, str | None]] = []
    at = 0
    for start, _, end, concept in sorted(matches):
        if start < at:
            continue  # overlaps a longer (or earlier) term
        if start > at:
            pieces.append((text[at:start], None))
        pieces.append((text[start:end], concept))
        at = end
    if at < len(text):
        pieces.append((text[at:], None))
    return pieces


def definition(concept: str, lang: str) -> str:
    return translate(DEFINITIONS[concept], lang)


def concepts(source: str) -> tuple[str, ...]:
    """The game's terms an English text names, in the order it first names them."""
    found: list[str] = []
    for _piece, concept in segments(source, "en"):
        if concept is not None and concept not in found:
            found.append(concept)
    return tuple(found)


def lesson_terms(sources: tuple[str, ...], lang: str) -> tuple[list[list[tuple[str, str | None]]], dict[str, str]]:
    """A lesson's texts (message ids) cut for ``lang``, and the terms to offer beside them.

    The terms are those the English texts name, so a lesson offers the same terms in every language
    (a translation may word a sentence so that another term's pattern matches too, or none does):
    each labelled with the word the translation uses for it, or the language's term where it words
    the sentence without one. Only those terms are underlined in the translation."""
    wanted: list[str] = []
    for source in sources:
        wanted.extend(c for c in concepts(source) if c not in wanted)
    only = frozenset(wanted)
    cut = [segments(translate(source, lang), lang, only) for source in sources]
    words: dict[str, str] = {}
    for pieces in cut:
        for piece, concept in pieces:
            if concept is not None and concept not in words:
                words[concept] = piece
    return cut, {concept: words.get(concept) or term(concept, lang) for concept in wanted}


def term(concept: str, lang: str) -> str:
    """The one word the glossary gives ``concept`` in ``lang`` (English: the concept's name)."""
    if lang == "en":
        return concept.replace("_", " ")
    return str(_glossary()[concept][lang]["term"])
