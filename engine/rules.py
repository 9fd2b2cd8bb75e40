"""A variant's rules as data, plus the few hooks where a variant decides differently.

Shared rules live once, in the engine modules; a variant is a frozen :class:`Rules` value
(python-chess's variant flags, without the subclass tree). Every number here comes from the
variant's seed text; ``sources`` maps each rule id the variant enforces to the seed section
that states it, so a refusal can always name its authority.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from engine.cards import JOKER, RED_THREES, WILD, Card, deck, rank


@dataclass(frozen=True)
class Source:
    """Where a rule comes from: a seed file and the section (its heading, in the seed's language)."""

    seed: str
    section: str
    note: str = ""  # why the engine decides where the text is silent (``pagat: ...``)


@dataclass(frozen=True)
class Rules:
    name: str
    seed: str
    decks: int
    jokers: int
    player_counts: tuple[int, ...]
    hand_sizes: Mapping[int, int]  # players -> cards dealt to each
    draw_count: int
    min_meld: int
    min_naturals: int
    max_wilds: int
    canasta_size: int
    natural_canasta_bonus: int
    mixed_canasta_bonus: int
    red_three_bonus: int
    all_red_threes_bonus: int  # all of the decks' red threes on one side
    going_out_bonus: int
    concealed_bonus: int  # on top of going_out_bonus
    canastas_to_go_out: int
    opening_table: tuple[tuple[int, int], ...]  # (lowest team total, minimum), ascending
    target: int
    card_values: tuple[int, ...]  # indexed by card code
    sources: Mapping[str, Source] = field(default_factory=lambda: MappingProxyType({}))

    # -- derived facts ---------------------------------------------------------------------

    def deck(self) -> tuple[Card, ...]:
        return deck(self.decks, self.jokers)

    def red_three_count(self) -> int:
        return 2 * self.decks

    def hand_size(self, players: int) -> int:
        return self.hand_sizes[players]

    def default_teams(self, players: int) -> tuple[tuple[int, ...], ...]:
        """Partners sit opposite: seats alternate between the two teams."""
        return tuple(tuple(range(t, players, 2)) for t in range(2))

    def value(self, card: Card) -> int:
        return self.card_values[card]

    def source(self, rule_id: str) -> Source | None:
        return self.sources.get(rule_id)

    # -- hooks -------------------------------------------------------------------------------

    def opening_minimum(self, team_score: int) -> int:
        minimum = self.opening_table[0][1]
        for lowest, needed in self.opening_table:
            if team_score >= lowest:
                minimum = needed
        return minimum

    def wilds_allowed(self, naturals: int) -> int:
        """How many wild cards a meld of ``naturals`` natural cards may hold."""
        return min(self.max_wilds, naturals - 1)

    def covers_upcard(self, card: Card) -> bool:
        """Whether a turned-up first card of the pile is covered by another from the stock."""
        return WILD[card] or card in RED_THREES

    def is_canasta_size(self, size: int) -> bool:
        return size >= self.canasta_size


def classic_card_values() -> tuple[int, ...]:
    """Seed 001 "Spilagildi": 3-7 five, 8-K ten, aces and twos twenty, jokers fifty."""
    values = []
    for card in range(53):
        card_rank = rank(card)
        if card == JOKER:
            values.append(50)
        elif card_rank in (1, 2):
            values.append(20)
        elif card_rank >= 8:
            values.append(10)
        else:
            values.append(5)
    return tuple(values)
