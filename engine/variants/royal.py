"""Royal Canasta: seed ``000_cfd586a5b8510a94.txt`` (Swedish).

Three decks and six jokers, fifteen cards, draw two. Besides rank melds (at most two wild cards),
Royal has Sambas (runs of one suit, 4 to ace), Bolivias (wild cards only) and melds of threes: red
threes are not laid out by themselves but melded, alone for a bonus or with black threes toward a
Royal (3 000) or Super Royal (4 000) canasta. Going out needs two canastas, one a Samba. Sources
cite the text's headings; where the text is silent or contradicts itself the decision is in
``docs/rules-royal.md``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from engine.core.cards import BLACK_THREES, RED_THREES, WILD, Card, RANKS, RUN_PLACES, SUITS
from engine.core.errors import IllegalActionError
from engine.core.i18n import N_
from engine.core.melds import CANASTA_NAMES, Meld, MeldKind, extend_rank_meld, make_rank_meld
from engine.core.rules import (
    FOUR_PLAYERS,
    AskMode,
    Concealment,
    EndOfStock,
    Rules,
    Table,
    alternating,
    sources,
)
from engine.core.scoring import TeamScore

SEED_ROYAL = "000_cfd586a5b8510a94.txt"
SAMBA = 100  # a Samba's Meld.rank is SAMBA + its suit

_SECTIONS: Mapping[str, str | tuple[str, str]] = {
    "deal.upcard": "Given",
    "turn.draw_first": "Spelordning",
    "turn.already_drawn": "Spelordning",
    "turn.answer_pending": "Bordssamtal",
    "hand.over": "Göra utgång",
    "stock.empty": "Talongens sista kort",
    "stock.not_empty": "Talongens sista kort",
    "stock.must_take": "Talongens sista kort",
    "pile.empty": "Sakhögen",
    "pile.blocked": "Sakhögen",
    "pile.frozen": "Sakhögen",
    "pile.frozen_wild": "Sakhögen",
    "pile.frozen_unopened": "Sakhögen",
    "pile.top_card": "Sakhögen",
    "pile.onto_rank": "Sakhögen",
    "pile.onto_canasta": "Sakhögen",
    "pile.wild_cards": "Sakhögen",
    "pile.single_card": "Sakhögen",
    "hand.not_held": "Mälningar",
    "meld.too_small": "Mälningar",
    "meld.mixed_ranks": "Mälningar",
    "meld.too_few_naturals": ("Mälningar", "a rank meld holds at least two natural cards: the pile is taken"
                              " with one natural and one or two wild cards, so three naturals cannot be meant"),
    "meld.too_many_wilds": "Canasta kombinationer",
    "meld.black_threes": "Svarta treor",
    "meld.black_threes_wild": "Svarta treor",
    "meld.black_threes_alone": "Svarta treor",
    "meld.threes_wild": "Mälningar",
    "meld.threes_closed": "Mälningar",
    "meld.layoff": "Mälningar",
    "meld.complete": "Canasta kombinationer",
    "meld.seven_cards": "Canasta kombinationer",
    "meld.one_bolivia": "Mälningar",
    "meld.samba": "Mälningar",
    "meld.bolivia": "Mälningar",
    "meld.threes": "Röda treor",
    "meld.red_three": "Röda treor",
    "opening.minimum": "Begynnelsemälning",
    "going_out.needs_samba": "Göra utgång",
    "going_out.refused": "Bordssamtal",
    "going_out.required": ("Straffpoäng & felaktigt spel", "asking and not going out after a yes is not allowed"),
    "ask.after_meld": "Bordssamtal",
    "ask.after_pile": "Bordssamtal",
    "going_out.take_pile": ("Bordssamtal", "the question asked before taking the pile binds the pile take:"
                            " after a yes the player takes the pile and goes out; after a no he draws or takes"
                            " the pile and may not go out"),
    "discard.breaks_meld": "Spelordning",
    "discard.melded_before": "Spelordning",
    "ask.twice": "Bordssamtal",
    "ask.cannot_go_out": "Bordssamtal",
    "ask.no_partner": "Antal spelare",
    "answer.not_asked": "Bordssamtal",
    "answer.cannot_pass": "Bordssamtal",
    "replacement.none_owed": "Röda treor",
    "replacement.stock_empty": "Röda treor",
}


def _is_run(cards: Sequence[Card]) -> bool:
    places = sorted(RUN_PLACES[c] for c in cards)
    return all(b == a + 1 for a, b in zip(places, places[1:])) and places[0] >= 4


def _reds(meld: Meld) -> int:
    return sum(1 for c in meld.cards if c in RED_THREES)


@dataclass(frozen=True)
class RoyalRules(Rules):
    @property
    def going_out_rule(self) -> str:
        return "going_out.needs_samba"

    @property
    def black_threes_rule(self) -> str:
        return "meld.black_threes_alone"  # black threes also join red ones here

    # -- melds -------------------------------------------------------------------------------

    def wilds_allowed(self, naturals: int) -> int:
        """"En svart Canasta kan aldrig innehålla mer än två vilda kort"."""
        return min(self.max_wilds, naturals)

    def make_meld(self, cards: tuple[Card, ...]) -> Meld:
        if cards and all(RANKS[c] == 3 and not WILD[c] for c in cards):
            return self._threes(cards)
        if cards and all(WILD[c] for c in cards):
            if len(cards) < self.min_meld:
                raise IllegalActionError("meld.too_small", minimum=self.min_meld, cards=cards, count=len(cards))
            if len(cards) > self.canasta_size:  # "En Canasta är en kombination beståendes av sju kort"
                raise IllegalActionError("meld.seven_cards", cards=cards, count=len(cards))
            return Meld(cards, 0, 0, len(cards), MeldKind.BOLIVIA)
        if (len(cards) >= self.min_meld and not any(WILD[c] for c in cards) and len({SUITS[c] for c in cards}) == 1
                and len({RANKS[c] for c in cards}) == len(cards)):
            if not _is_run(cards) or len(cards) > self.canasta_size:
                raise IllegalActionError("meld.samba", cards=cards)
            return Meld(cards, SAMBA + SUITS[cards[0]], len(cards), 0, MeldKind.SAMBA)
        naturals = [c for c in cards if not WILD[c]]
        if naturals and all(RANKS[c] == 3 for c in naturals):  # threes and wild cards
            raise IllegalActionError("meld.threes_wild" if any(c in RED_THREES for c in cards) else
                                     "meld.black_threes_wild", cards=cards)
        if any(RANKS[c] == 3 and not WILD[c] for c in cards):
            raise IllegalActionError("meld.mixed_ranks", cards=cards)
        one_suit = len({SUITS[c] for c in naturals}) == 1
        if len(naturals) >= 2 and len(naturals) < len(cards) and one_suit and len({RANKS[c] for c in naturals}) == len(naturals):
            # a run of one suit with wild cards: a Samba tried with them ("Inga vilda kort är tillåtna i
            # en samba"), not a meld of mixed ranks
            raise IllegalActionError("meld.samba", cards=cards)
        return make_rank_meld(self, cards)

    def _threes(self, cards: tuple[Card, ...]) -> Meld:
        """"Att påbörja en Royal Canasta": a meld of threes begins with a red one; black threes
        alone are the last meld of a player going out (three to six)."""
        if all(c in BLACK_THREES for c in cards):
            if not self.min_meld <= len(cards) <= 6:  # "mellan tre och sex svarta treor"
                raise IllegalActionError("meld.black_threes_alone", cards=cards, count=len(cards))
            return Meld(cards, 3, len(cards), 0, MeldKind.BLACK_THREES)
        if len(cards) > self.canasta_size:
            raise IllegalActionError("meld.threes", cards=cards)
        # "Det första kortet som mälas ... måste vara en röd trea": threes melded together go down
        # red first, whatever order they were picked in
        ordered = tuple(sorted(cards, key=lambda c: c not in RED_THREES))
        return Meld(ordered, 3, len(cards), 0, MeldKind.THREES)

    def extend_meld(self, meld: Meld, cards: tuple[Card, ...]) -> Meld:
        if meld.kind is MeldKind.RANK:
            if any(RANKS[c] == 3 and not WILD[c] for c in cards):
                raise IllegalActionError("meld.layoff", card=next(c for c in cards if RANKS[c] == 3), rank=meld.rank)
            return extend_rank_meld(self, meld, cards)
        if meld.kind is MeldKind.BLACK_THREES:
            if any(c not in BLACK_THREES for c in cards) or meld.size + len(cards) > 6:
                raise IllegalActionError("meld.threes", cards=meld.cards + cards)
            return Meld(meld.cards + cards, 3, meld.naturals + len(cards), 0, meld.kind)
        if meld.kind is MeldKind.THREES and any(WILD[c] for c in cards):  # "Inga vilda kort"
            raise IllegalActionError("meld.threes_wild", cards=meld.cards + cards)
        if meld.kind is MeldKind.THREES and meld.size >= self.canasta_size and _reds(meld) < 3:
            # "En mälning som innehåller sju treor räknas inte som en Canasta om den endast
            # innehåller en eller två röda treor. Dessutom får en spelare inte tillfoga några treor"
            raise IllegalActionError("meld.threes_closed", count=_reds(meld))
        if meld.size >= self.canasta_size:  # "Man kan inte lägga till kort till någon annan form"
            raise IllegalActionError("meld.complete", count=meld.size)
        merged = meld.cards + cards
        if meld.kind is MeldKind.BOLIVIA:
            if not all(WILD[c] for c in cards):
                raise IllegalActionError("meld.bolivia", card=next(c for c in cards if not WILD[c]))
            if len(merged) > self.canasta_size:
                raise IllegalActionError("meld.seven_cards", cards=merged, count=len(merged))
            return Meld(merged, 0, 0, len(merged), MeldKind.BOLIVIA)
        if meld.kind is MeldKind.SAMBA:
            fits = all(not WILD[c] and SUITS[c] == meld.rank - SAMBA for c in cards)
            if not fits or len({RUN_PLACES[c] for c in merged}) != len(merged) or not _is_run(merged):
                raise IllegalActionError("meld.samba", cards=merged)
            if len(merged) > self.canasta_size:  # "en sekvens beståendes av tre till sju kort"
                raise IllegalActionError("meld.seven_cards", cards=merged, count=len(merged))
            return Meld(merged, meld.rank, len(merged), 0, MeldKind.SAMBA)
        if not all(RANKS[c] == 3 and not WILD[c] for c in cards) or len(merged) > self.canasta_size:
            raise IllegalActionError("meld.threes", cards=merged)
        return Meld(merged, 3, len(merged), 0, MeldKind.THREES)

    def merges(self, existing: Meld, new: Meld) -> bool:
        """One unfinished meld of a rank (and one Bolivia, one meld of threes) at a time; a new one
        starts once it is complete; Sambas never merge ("två eller flera Sambarelaterade")."""
        if existing.kind is not new.kind or new.kind is MeldKind.SAMBA:
            return False
        if existing.kind is MeldKind.BLACK_THREES:
            return True
        return existing.rank == new.rank and existing.size < self.canasta_size

    def opens(self, meld: Meld) -> bool:
        """Red threes melded alone may come before the opening and do not make it."""
        return not (meld.kind is MeldKind.THREES and all(c in RED_THREES for c in meld.cards))

    def meld_points(self, meld: Meld) -> int:
        """Lone red threes earn a bonus instead of points; once a black three joins them every
        three is worth five ("Bidrag till öppning")."""
        if not self.opens(meld):
            return 0
        return sum(map(self.card_values.__getitem__, meld.cards))

    def is_canasta(self, meld: Meld) -> bool:
        if meld.kind is MeldKind.THREES:
            return meld.size >= self.canasta_size and _reds(meld) >= 3
        return meld.kind is not MeldKind.BLACK_THREES and meld.size >= self.canasta_size

    def meld_bonus(self, meld: Meld) -> int:
        """"Canasta kombinationer": Super Royal 4 000, Royal 3 000, Bolivia 2 000, Samba 1 500,
        red 500, black 300."""
        if not self.is_canasta(meld):
            return 0
        if meld.kind is MeldKind.THREES:
            return 4000 if _reds(meld) == 6 else 3000
        return {MeldKind.BOLIVIA: 2000, MeldKind.SAMBA: 1500}.get(
            meld.kind, self.natural_canasta_bonus if meld.wilds == 0 else self.mixed_canasta_bonus
        )

    def canasta_name(self, meld: Meld) -> str | None:
        if not self.is_canasta(meld):
            return None
        if meld.kind is MeldKind.THREES:
            return CANASTA_NAMES["super_royal" if _reds(meld) == 6 else "royal"]
        return {MeldKind.BOLIVIA: CANASTA_NAMES["bolivia"], MeldKind.SAMBA: CANASTA_NAMES["samba"]}.get(meld.kind)

    # -- the pile and going out ---------------------------------------------------------------

    def covers_upcard(self, card: Card) -> bool:
        """"Om sakhögens första kort är ett vilt kort, svart eller röd trea, täcks det"."""
        return WILD[card] or RANKS[card] == 3

    def takes_top_card(self, meld: Meld) -> bool:
        """"Han får dock inte ta upp sakhögen för att lägga till dess översta kort till completta
        Canastas av alla former"."""
        return meld.size < self.canasta_size and meld.kind in (MeldKind.RANK, MeldKind.SAMBA)

    def pile_wilds(self) -> int:
        return 2

    def has_canastas_to_go_out(self, melds: Sequence[Meld]) -> bool:
        """"minst två Canastas, av vilken en måste vara en Samba"."""
        complete = [m for m in melds if self.is_canasta(m)]
        return len(complete) >= self.canastas_to_go_out and any(m.kind is MeldKind.SAMBA for m in complete)

    def concealment(self, laid_off: bool, merged: bool, fresh_canasta: bool, hand_canasta: bool) -> Concealment:
        """"Utgång direkt (Gömd hand)": the whole hand at once; partners may have melded."""
        return Concealment.CONCEALED

    # -- the end ---------------------------------------------------------------------------------

    def score_team(self, state: Any, team: int) -> TeamScore:
        """"Poängberäkning av handen"."""
        melds: Sequence[Meld] = state.melds[team]
        complete = [m for m in melds if self.is_canasta(m)]
        natural = sum(1 for m in complete if m.kind is MeldKind.RANK and m.wilds == 0)
        mixed = sum(1 for m in complete if m.kind is MeldKind.RANK and m.wilds > 0)
        canasta_points = sum(self.meld_bonus(m) for m in complete)
        lone_reds = sum(_reds(m) for m in melds if not self.opens(m))
        three_points = self.red_threes_bonus(lone_reds)
        if len(complete) < 2:  # the bonus turns into a penalty without two canastas
            three_points = -three_points
        out_points = 0
        if state.went_out is not None and state.team_of(state.went_out) == team:
            out_points = self.going_out_bonus + (self.concealed_bonus if state.concealed else 0)
        left = [c for seat in state.teams[team] for c in state.hands[seat]]
        hand_points = -sum(500 if c in RED_THREES else 100 if c in BLACK_THREES else self.card_values[c] for c in left)
        meld_points = sum(self.meld_points(m) for m in melds)
        total = meld_points + canasta_points + three_points + out_points + hand_points
        return TeamScore(meld_points, natural, mixed, canasta_points, three_points, out_points, hand_points, total)


ROYAL = RoyalRules(
    name="royal",
    title=N_("Royal Canasta"),
    seed=SEED_ROYAL,
    decks=3,
    jokers=6,
    tables=(
        FOUR_PLAYERS,
        Table("2", N_("two players"), ((0,), (1,))),
        Table("3", N_("three players, each for themselves"), ((0,), (1,), (2,))),
        Table("5", N_("five players: three against two, one of the three sits out each hand"),
              alternating(2, 4), sitting_out=(1, 0)),
        Table("6-3v3", N_("six players: three against three"), alternating(2, 6)),
        Table("6-3x2", N_("six players in three partnerships"), alternating(3, 6)),
    ),
    hand_size=15,
    draw_count=2,
    # card values as the base's ("Kortens poängvärde"); threes are worth 5 in melds, their
    # bonuses and penalties are scored apart
    max_wilds=2,
    wild_limit=N_("two at most, never more than the natural cards"),
    all_red_threes_bonus=MappingProxyType({6: 1000}),
    going_out_bonus=200,
    concealed_bonus=500,
    canastas_to_go_out=2,
    opening_table=((-(10**9), 15), (0, 50), (1500, 90), (3000, 120), (7000, 150)),
    target=18000,
    end_of_stock=EndOfStock.MUST_TAKE_FITTING,
    red_three_last_card_ends=False,
    red_threes_laid_out=False,
    single_card_pile_refused=True,
    discard_from_meld=True,
    ask_before_pile=True,
    pile_keeps_concealed=True,
    meld_kinds=frozenset({"rank", "black_threes", "samba", "bolivia", "threes"}),
    ask_mode=AskMode.ALL_AGREE,
    sources=sources(SEED_ROYAL, _SECTIONS),
)

