"""Wiener (Austrian) Canasta: seed ``002_e8184cd3c03cb992.txt``, Roland Scheicher's rules (German).

The text has no § headings in this copy, so sources cite a paragraph by its first words. Its
differences from Classic are hooks here: the composition table of melds, the pile blocked for
the next player by a discard that fits one of his side's complete canastas, taking the pile onto
a meld only while it has six cards or fewer, red threes counted plus only with a canasta, going
out concealed and the Hand-Canasta, the buy the last stock card forces, and a game that may end
drawn. The copy is cut off in three places (the opening table, the first condition for buying
the pile, the definition of going out concealed); ``docs/rules-wiener.md`` lists what the engine
decides there and why.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any

from engine.core.cards import RED_THREES, WILD, Card, RANKS
from engine.core.i18n import N_
from engine.core.melds import Meld
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
from engine.core.state import hand_value

SEED_WIENER = "002_e8184cd3c03cb992.txt"
_WILDS_ALLOWED = {2: 2, 3: 3}  # naturals -> wild cards (the composition table below); never changed

_CUT = "the copy is cut off here; "
_SECTIONS: Mapping[str, str | tuple[str, str]] = {
    "deal.upcard": "Die 45. Karte schlägt der Teiler offen auf",
    "red_three.lay_out": ("Sobald ein Spieler sein Blatt aufnimmt", "laid out at the player's turn and replaced,"
                          " none for one bought with the pile"),
    "replacement.not_in_variant": "Sobald ein Spieler sein Blatt aufnimmt",
    "turn.draw_first": "Wenn ein Spieler, sobald die Reihe an ihm ist",
    "turn.already_drawn": "Wenn ein Spieler, sobald die Reihe an ihm ist",
    "turn.answer_pending": "Beim Spiel zu viert kann der Spieler",
    "hand.over": "Ein Spiel ist beendet",
    "stock.empty": "Wenn ein Spieler die letzte Karte des Talons aufnimmt",
    "stock.not_empty": "Wenn ein Spieler die letzte Karte des Talons aufnimmt",
    "stock.must_take": "Kann jedoch die zuletzt abgelegt Karte",
    "pile.empty": "Wenn die oberste Karte des Pakets",
    "pile.blocked": "Es gibt drei Möglichkeiten",
    "pile.blocked_canasta": "Es gibt drei Möglichkeiten",
    "pile.frozen": "Enthält das Paket eine oder mehrere wilde Karten",
    "pile.frozen_wild": "Enthält das Paket eine oder mehrere wilde Karten",
    "pile.frozen_unopened": ("Hat der Spieler (oder sein Partner) noch nicht eröffnet", _CUT +
                             "a side that has not opened needs a natural pair, as in every Canasta (pagat)"),
    "pile.top_card": "Wenn ein Spieler das Paket kauft",
    "pile.onto_rank": "Das Paket darf - falls es nicht eingefroren ist",
    "pile.onto_canasta": "Das Paket darf - falls es nicht eingefroren ist",
    "pile.wild_cards": "Wenn ein Spieler (oder sein Partner) bereits",
    "hand.not_held": "Aufgabe und Ziel des Spielers",
    "meld.too_small": "Aufgabe und Ziel des Spielers",
    "meld.mixed_ranks": "Aufgabe und Ziel des Spielers",
    "meld.too_few_naturals": "Ein Drilling muss zumindest 2 Grundkarten",
    "meld.too_many_wilds": "Ein Drilling muss zumindest 2 Grundkarten",
    "meld.red_three": "Die vier roten Dreier sind so genannte Prämienkarten",
    "meld.black_threes": "Schwarze Dreier dürfen nur im Zuge des Ausmachens",
    "meld.black_threes_wild": "Schwarze Dreier dürfen nur im Zuge des Ausmachens",
    "meld.layoff": "Hat ein Spieler bereits eröffnet",
    "meld.move_wilds": "Macht ein Spieler verdeckt aus",
    "opening.minimum": ("Ein Spieler bzw. eine Partnerschaft darf nur dann eröffnen", _CUT +
                        "the table is reconstructed from the limits the paragraph names (15, 50, 90, 120) and"
                        " the usual thresholds; Hand-Canasta needs no minimum"),
    "going_out.needs_canasta": "ausmachen kann man grundsätzlich nur",
    "going_out.needs_two_canastas": "Alle sechs Spieler nehmen aktiv am Spiel teil",
    "going_out.refused": "Beim Spiel zu viert kann der Spieler",
    "going_out.required": "Beim Spiel zu viert kann der Spieler",
    "ask.after_meld": ("Beim Spiel zu viert kann der Spieler", "asked before melding, as pagat"),
    "ask.twice": "Beim Spiel zu viert kann der Spieler",
    "ask.cannot_go_out": "Beim Spiel zu viert kann der Spieler",
    "ask.no_partner": "Jeder Spieler zieht eine Karte. Wer die höchste Karte zieht",
    "answer.not_asked": "Beim Spiel zu viert kann der Spieler",
    "answer.cannot_pass": "Möchte ein Spieler um Erlaubnis fragen",
}


@dataclass(frozen=True)
class WienerRules(Rules):
    # Short games (seed 002, "Bei einem Turnier mit einer größeren Teilnehmerzahl"): target -> table.
    short_games: Mapping[int, tuple[tuple[int, int], ...]] = field(default_factory=lambda: MappingProxyType({}))

    @property
    def going_out_rule(self) -> str:
        return "going_out.needs_two_canastas" if self.canastas_to_go_out > 1 else "going_out.needs_canasta"

    def for_target(self, target: int) -> WienerRules:
        """A short game to ``target`` with its own opening limits (2 500 or 3 000)."""
        if target == self.target:
            return self
        return replace(self, target=target, opening_table=self.short_games[target])

    def covers_upcard(self, card: Card) -> bool:
        """"Ist diese offene Karte ein Joker, ein Zweier, ein roter oder schwarzer Dreier"."""
        return WILD[card] or RANKS[card] == 3

    def wilds_allowed(self, naturals: int) -> int:
        """The composition table ("Ein Drilling muss zumindest 2 Grundkarten ..."): a meld of
        three to four cards needs two naturals, of five to six three, of seven or more four; it
        holds at most one, two, two, three and three wild cards, never more than its naturals."""
        return _WILDS_ALLOWED.get(naturals, 3 if naturals >= 4 else 0)

    def takes_top_card(self, meld: Meld) -> bool:
        """Condition 4: the top card goes onto a meld "von sechs oder weniger Karten"."""
        return meld.size < self.canasta_size

    def pile_blocker(self, state: Any) -> str | None:
        """A black three or wild card on top blocks; so does a discard the player's side could
        lay off on one of its complete canastas ("Legt man eine Karte ab, die der Gegner ...")."""
        blocked = super().pile_blocker(state)
        if blocked is not None:
            return blocked
        top = state.top()
        team = state.team_of(state.turn)
        if top is not None and any(m.rank == RANKS[top] and self.is_canasta(m) for m in state.melds[team]):
            return "pile.blocked_canasta"
        return None

    def concealment(self, laid_off: bool, merged: bool, fresh_canasta: bool, hand_canasta: bool) -> Concealment:
        """"Macht ein Spieler verdeckt aus ...": his whole hand in melds of his own, laid out apart
        from his partner's and merged with them afterwards; with a complete canasta in the hand it
        is a Hand-Canasta. (Going out needs a canasta on the side, which the text requires too.)"""
        if laid_off:
            return Concealment.NONE
        return Concealment.HAND_CANASTA if hand_canasta else Concealment.CONCEALED

    def concealed_waives_minimum(self, concealment: Concealment) -> bool:
        """"Bei Hand-Canasta entfällt das Limit für die Erstmeldung"."""
        return concealment is Concealment.HAND_CANASTA

    def score_team(self, state: Any, team: int) -> TeamScore:
        """The settlement ("Nach jedem Spiel werden die erreichten Gut- bzw. Schlechtpunkte"):
        red threes count plus only with a canasta on the side, a red three still in a hand when
        someone goes out costs 500, and a Hand-Canasta earns 1 000 instead of the going-out bonuses."""
        melds: Sequence[Meld] = state.melds[team]
        natural = sum(1 for m in melds if m.is_natural_canasta(self))
        mixed = sum(1 for m in melds if self.is_canasta(m)) - natural
        canasta_points = natural * self.natural_canasta_bonus + mixed * self.mixed_canasta_bonus
        left = [c for seat in state.teams[team] for c in state.hands[seat]]
        held_threes = sum(1 for c in left if c in RED_THREES)
        three_points = self.red_threes_bonus(len(state.red_threes[team]))
        if natural + mixed == 0:
            three_points = -three_points
        if state.went_out is not None:
            three_points -= 500 * held_threes
        out_points = 0
        if state.went_out is not None and state.team_of(state.went_out) == team:
            if state.hand_canasta:
                out_points = 1000
            else:
                out_points = self.going_out_bonus + (self.concealed_bonus if state.concealed else 0)
        meld_points = sum(m.value(self) for m in melds)
        hand_points = -hand_value(self, tuple(c for c in left if c not in RED_THREES))
        total = meld_points + canasta_points + three_points + out_points + hand_points
        return TeamScore(meld_points, natural, mixed, canasta_points, three_points, out_points, hand_points, total)

    def game_over(self, totals: Sequence[int]) -> bool:
        """"Eine Partie Canasta endet mit dem Schluss jenes Spiels, in dem eine oder beide Parteien
        5.000 oder mehr Punkte erreicht haben"; equal totals are a draw."""
        return max(totals) >= self.target


_THREE_PARTNERSHIPS = MappingProxyType({
    "decks": 3, "jokers": 6, "hand_size": 13, "canastas_to_go_out": 2,
    "all_red_threes_bonus": MappingProxyType({5: 1000, 6: 1200}),
})

WIENER = WienerRules(
    name="wiener",
    title=N_("Wiener Canasta"),
    seed=SEED_WIENER,
    tables=(
        FOUR_PLAYERS,
        Table("2", N_("two players"), ((0,), (1,)), changes=MappingProxyType({"hand_size": 15})),
        Table("3", N_("three players, each for themselves"), ((0,), (1,), (2,)),
              changes=MappingProxyType({"hand_size": 13})),
        Table("5", N_("five players: two against three, one of the three sits out each hand"),
              alternating(2, 4), sitting_out=(0, 1)),
        Table("6-sitout", N_("six players: three against three, one of each side sits out each hand"),
              alternating(2, 4), sitting_out=(1, 1)),
        Table("6-3v3", N_("six players: three against three, all playing"), alternating(2, 6),
              changes=MappingProxyType({"ask_mode": AskMode.LEFT_MAY_PASS})),
        Table("6-3x2", N_("six players in three partnerships"), alternating(3, 6), changes=_THREE_PARTNERSHIPS),
    ),
    end_of_stock=EndOfStock.MUST_TAKE_FITTING,
    moves_surplus_wilds=True,
    wild_limit=N_("the wild cards never outnumber the natural cards, and three at most"),
    short_games=MappingProxyType({
        2500: ((-(10**9), 15), (0, 50), (750, 90), (1500, 120)),
        3000: ((-(10**9), 15), (0, 50), (900, 90), (1800, 120)),
    }),
    sources=sources(SEED_WIENER, _SECTIONS),
)
