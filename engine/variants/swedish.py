"""Swedish family rules: seed ``003_5aab1292a29b6090.txt`` (Swedish, a beginner's guide).

Classic Canasta's shape with the guide's own rules: draw two from the stock (mitthögen), a wild
card turned up as the first card goes back into the stock, melds may hold as many wild cards as
naturals (at most three), going out needs two canastas, and the hand ends when the stock runs
out. The guide is short; where it is silent the engine plays pagat.com's Canasta and says so.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from engine.core.cards import RED_THREES, WILD, Card
from engine.core.i18n import N_
from engine.core.rules import EndOfStock, Rules, sources

SEED_SWEDISH = "003_5aab1292a29b6090.txt"

_PAGAT = "003 is silent; as pagat's Canasta"
_SECTIONS: Mapping[str, str | tuple[str, str]] = {
    "deal.upcard": "Spelet inleds",
    "red_three.lay_out": ("Spelet inleds", "003 lays out a drawn red three and replaces it; dealt ones"
                          " are laid out at the player's first turn, one taken with the pile is not"
                          " replaced, one drawn as the stock's last card ends the hand (pagat)"),
    "replacement.not_in_variant": "Spelet inleds",
    "turn.draw_first": "Spelet inleds",
    "turn.already_drawn": "Spelet inleds",
    "turn.answer_pending": ("Spelet inleds", _PAGAT + ": partners may ask to go out"),
    "hand.over": "Undantagsregler avslutskort",
    "stock.empty": ("Undantagsregler avslutskort", "the hand ends when the stock runs out"),
    "stock.not_empty": "Undantagsregler avslutskort",
    "pile.empty": "Spelet inleds",
    "pile.blocked": ("Undantagsregler avslutskort", "a black three closes the pile; a wild card or red three"
                     " on top blocks it too (pagat)"),
    "pile.frozen": "Undantagsregler avslutskort",
    "pile.frozen_wild": "Undantagsregler avslutskort",
    "pile.frozen_unopened": ("Spelet inleds", _PAGAT + ": the pile is frozen for a side that has not opened"),
    "pile.top_card": "Spelet inleds",
    "pile.onto_rank": "Spelet inleds",
    "pile.wild_cards": ("Spelet inleds", "the top card may go into a new meld, which follows the glossary's"
                        " composition: with one natural from the hand, two wild cards at most"),
    "hand.not_held": "Hur man spelar Canasta",
    "meld.too_small": "Hur man spelar Canasta",
    "meld.mixed_ranks": "Hur man spelar Canasta",
    "meld.too_few_naturals": "Hur man spelar Canasta",
    "meld.too_many_wilds": "ORDLISTA & FÖRKLARINGAR",
    "meld.red_three": "Spelet inleds",
    "meld.black_threes": ("POÄNGRÄKNING", _PAGAT + ": black threes are melded only when going out"),
    "meld.black_threes_wild": ("POÄNGRÄKNING", _PAGAT),
    "meld.layoff": "Hur man spelar Canasta",
    "opening.minimum": ("Spelet inleds", "below 0 the minimum is 15, and going out concealed needs none (pagat)"),
    "going_out.needs_two_canastas": "Undantagsregler avslutskort",
    "going_out.refused": ("Spelet inleds", _PAGAT),
    "going_out.required": ("Spelet inleds", _PAGAT),
    "ask.after_meld": ("Spelet inleds", _PAGAT),
    "ask.twice": ("Spelet inleds", _PAGAT),
    "ask.cannot_go_out": ("Spelet inleds", _PAGAT),
    "answer.not_asked": ("Spelet inleds", _PAGAT),
    "answer.cannot_pass": ("Spelet inleds", _PAGAT),
}


@dataclass(frozen=True)
class SwedishRules(Rules):
    @property
    def going_out_rule(self) -> str:
        return "going_out.needs_two_canastas"

    def wilds_allowed(self, naturals: int) -> int:
        """003 "ORDLISTA": at most three wild cards, never more than the natural cards."""
        return min(self.max_wilds, naturals)

    def pile_wilds(self) -> int:
        """003 "Spelet inleds": the top card may be used "i en befintlig eller ny mäla", and a new
        meld follows the glossary (wild cards never more than the naturals): the top card and one
        natural from the hand take two wild cards."""
        return self.wilds_allowed(2)

    def covers_upcard(self, card: Card) -> bool:
        return card in RED_THREES  # a red three turned up is covered and freezes (pagat; 003 is silent)

    def returns_upcard(self, card: Card) -> bool:
        """003 "Spelet inleds": a two or a joker turned up goes back into the stock."""
        return WILD[card]


SWEDISH = SwedishRules(
    name="swedish",
    title=N_("Swedish family Canasta"),
    seed=SEED_SWEDISH,
    draw_count=2,
    # 003 "POÄNGRÄKNING": "100p för varje röd trea" (four are 400, no bonus for all four) and
    # "Avslut 100p" for going out, with no bonus for going out concealed
    all_red_threes_bonus=MappingProxyType({}),
    concealed_bonus=0,
    canastas_to_go_out=2,
    wild_limit=N_("three at most, never more than the natural cards"),
    end_of_stock=EndOfStock.HAND_ENDS,
    sources=sources(SEED_SWEDISH, _SECTIONS),
)
