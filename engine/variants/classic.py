"""Classic Canasta: seed ``001_ed02fa068fdb88f7.txt`` (Icelandic, a web game's rules page).

Every rule id it enforces maps to that text's section, or to pagat.com's Classic Canasta where
001 is silent or describes a simplification of its own web game (the ``note`` says which).
The base :class:`~engine.core.rules.Rules` play it; this module holds its numbers and sources.
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.core.i18n import N_
from engine.core.rules import Rules, sources

SEED_CLASSIC = "001_ed02fa068fdb88f7.txt"


_CLASSIC_SECTIONS: Mapping[str, str | tuple[str, str]] = {
    "deal.upcard": "Undirbúningur og Úthlutun",
    "red_three.lay_out": (
        "Undirbúningur og Úthlutun",
        "001 lays out dealt red threes at the player's first turn; a red three taken with the pile"
        " is not replaced, and one drawn as the stock's last card ends the hand (pagat: 001 is silent)",
    ),
    "replacement.not_in_variant": "Undirbúningur og Úthlutun",
    "turn.draw_first": "Að draga spil",
    "turn.already_drawn": "Að draga spil",
    "turn.answer_pending": "Að biðja um leyfi til að fara út",
    "hand.over": "Lok umferðar",
    "stock.empty": (
        "Lok umferðar",
        "001 ends its web game when the stock runs out; the normal rule it names is played instead:"
        " each player in turn takes the pile or declines, which ends the hand",
    ),
    "stock.not_empty": "Lok umferðar",
    "pile.empty": "Að draga spil",
    "pile.blocked": "Lokaður haugur",
    "pile.frozen": "Frystur haugur",
    "pile.frozen_wild": "Frystur haugur",
    "pile.frozen_unopened": "Frystur haugur",
    "pile.top_card": "Að draga spil",
    "pile.onto_rank": "Að draga spil",
    "pile.wild_cards": (
        "Að draga spil",
        "001 lets the top card be melded; with one natural card that meld holds one wild card at most",
    ),
    "hand.not_held": "Leikurinn",
    "meld.too_small": "Leikurinn",
    "meld.mixed_ranks": "Leikurinn",
    "meld.too_few_naturals": "Leikurinn",
    "meld.too_many_wilds": "Leikurinn",
    "meld.red_three": "Undirbúningur og Úthlutun",
    "meld.black_threes": "Leikurinn",
    "meld.black_threes_wild": "Leikurinn",
    "meld.layoff": "Leikurinn",
    "opening.minimum": (
        "Fyrsta meld takmörk",
        "001's table reads \"0 - 1500 / 1500 - 3000\": a side at exactly 1500 or 3000 needs the higher"
        " minimum, as 001's own examples and pagat have it",
    ),
    "going_out.needs_canasta": "Að fara út",
    "going_out.refused": "Að biðja um leyfi til að fara út",
    "going_out.required": "Að biðja um leyfi til að fara út",
    "ask.after_meld": "Að biðja um leyfi til að fara út",
    "ask.twice": "Að biðja um leyfi til að fara út",
    "ask.cannot_go_out": (
        "Að biðja um leyfi til að fara út",
        "001's game offers the question only when the player could go out",
    ),
    "answer.not_asked": "Að biðja um leyfi til að fara út",
    "answer.cannot_pass": "Að biðja um leyfi til að fara út",
}

# The base Rules hold Classic's numbers (seed 001): Classic is the base with its sources.
CLASSIC = Rules(name="classic", title=N_("Classic Canasta"), seed=SEED_CLASSIC,
                sources=sources(SEED_CLASSIC, _CLASSIC_SECTIONS))
