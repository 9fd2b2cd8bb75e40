"""A variant's rules as data, plus the few hooks where a variant decides differently.

Shared rules live once, in the engine modules and in this base class, which plays Classic
Canasta; a variant is a frozen :class:`Rules` value (python-chess's variant flags) and, where
its text differs in kind, a subclass overriding a hook (Wiener's composition table, Royal's
Sambas). Every number comes from the variant's seed text; ``sources`` maps each rule id the
variant enforces to the seed section that states it, so a refusal can always name its authority.

A variant is played at several tables (player counts and partnerships, :class:`Table`); the
``Rules`` a state carries are always those of one table (:meth:`Rules.for_table`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field, replace
from enum import Enum
from types import MappingProxyType
from typing import Any

from engine.core.cards import JOKER, RED_THREES, WILD, Card, deck, RANKS
from engine.core.errors import InvalidInputError
from engine.core.i18n import N_
from engine.core.melds import Meld, extend_rank_meld, make_rank_meld

# Rules at a table, by (the variant's rules, the table's name, its teams): see Rules._at. Bounded:
# the variants' tables are a few dozen; other values come only from tests' own rules.
_AT: dict[tuple[int, str, tuple[tuple[int, ...], ...]], tuple[Rules, Rules]] = {}
_AT_KEPT = 1024


@dataclass(frozen=True, slots=True)
class TeamScore:
    """A side's points for a finished hand, as the variant's ``Rules.score_team`` counts them
    (importable from :mod:`engine.core.scoring` too)."""

    melds: int  # the card values of the side's melds
    natural_canastas: int  # how many
    mixed_canastas: int
    canastas: int  # their bonus points
    red_threes: int  # bonus, or penalty for a side that has not melded
    going_out: int  # going out, and going out concealed
    hand: int  # minus the cards left in the side's hands
    total: int

    def as_dict(self) -> dict[str, int]:
        return asdict(self)


@dataclass(frozen=True)
class Source:
    """Where a rule comes from: a seed file and the section (its heading, in the seed's language)."""

    seed: str
    section: str
    note: str = ""  # why the engine decides where the text is silent (``pagat: ...``)


class Concealment(str, Enum):
    NONE = "none"
    CONCEALED = "concealed"  # the whole hand melded at once, nothing melded before
    HAND_CANASTA = "hand_canasta"  # Wiener: concealed with a canasta complete in the hand


class AskMode(str, Enum):
    """Who answers "Partner, may I go out?" where a side has more than two players."""

    NEXT = "next"  # the next partner clockwise; the answer binds
    LEFT_MAY_PASS = "left_may_pass"  # Wiener with six: the partner on the left may pass to the next
    ALL_AGREE = "all_agree"  # Royal: every partner answers; one "no" is no


class EndOfStock(str, Enum):
    """What happens once the stock is used up (each variant's text says)."""

    TAKE_OR_DECLINE = "take_or_decline"  # each player takes the pile or declines, which ends the hand
    MUST_TAKE_FITTING = "must_take_fitting"  # as above, but a top card that fits a meld must be taken
    HAND_ENDS = "hand_ends"  # the hand ends when the player who drew the last card has discarded


@dataclass(frozen=True)
class Table:
    """One way to play a variant: ``teams`` lists the seats of each side (seats in play order).

    ``sitting_out`` people more take turns sitting out a hand (Wiener's five and six, Royal's
    five): the hand itself is played at this table; :mod:`engine.bots.match` rotates who sits out.
    ``changes`` are the fields of :class:`Rules` this table plays differently.
    """

    name: str  # a short id for the command line and positions: "4", "6-3x2"
    title: str  # for people, marked for translation
    teams: tuple[tuple[int, ...], ...]
    sitting_out: tuple[int, ...] = ()  # how many extra people each team has, who take turns
    changes: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))

    @property
    def players(self) -> int:
        return sum(len(t) for t in self.teams)

    @property
    def people(self) -> int:
        return self.players + sum(self.sitting_out)


def alternating(teams: int, players: int) -> tuple[tuple[int, ...], ...]:
    """Partners never sit side by side: seat ``s`` plays for team ``s % teams``."""
    return tuple(tuple(range(t, players, teams)) for t in range(teams))


def classic_card_values() -> tuple[int, ...]:
    """Seed 001 "Spilagildi": 3-7 five, 8-K ten, aces and twos twenty, jokers fifty."""
    values = []
    for card in range(53):
        card_rank = RANKS[card]
        if card == JOKER:
            values.append(50)
        elif card_rank in (1, 2):
            values.append(20)
        elif card_rank >= 8:
            values.append(10)
        else:
            values.append(5)
    return tuple(values)


CLASSIC_CARD_VALUES = classic_card_values()
FOUR_PLAYERS = Table("4", N_("four players in two partnerships"), alternating(2, 4))


@dataclass(frozen=True)
class Rules:
    """A variant at one of its tables. The defaults are the numbers seed 001 (Classic) gives;
    a variant states only where its text differs."""

    name: str
    title: str  # the variant's name for people, marked for translation
    seed: str
    tables: tuple[Table, ...] = (FOUR_PLAYERS,)  # the first one of a player count is its default
    decks: int = 2
    jokers: int = 4
    hand_size: int = 11
    draw_count: int = 1
    min_meld: int = 3
    min_naturals: int = 2
    max_wilds: int = 3
    # the variant's limit on wild cards in a meld, in words (a fragment of meld.too_many_wilds)
    wild_limit: str = N_("three at most, and always fewer than the natural cards")
    canasta_size: int = 7
    natural_canasta_bonus: int = 500
    mixed_canasta_bonus: int = 300
    red_three_bonus: int = 100
    # red threes on one side -> their bonus instead of red_three_bonus each (seed 001: all four, 800)
    all_red_threes_bonus: Mapping[int, int] = field(default_factory=lambda: MappingProxyType({4: 800}))
    going_out_bonus: int = 100
    concealed_bonus: int = 100  # on top of going_out_bonus
    canastas_to_go_out: int = 1
    # (lowest team total, minimum), ascending; 001's table reads "0 - 1500 / 1500 - 3000" and its
    # own example puts 1500 in the 90 row
    opening_table: tuple[tuple[int, int], ...] = ((-(10**9), 15), (0, 50), (1500, 90), (3000, 120))
    target: int = 5000
    card_values: tuple[int, ...] = CLASSIC_CARD_VALUES  # indexed by card code
    end_of_stock: EndOfStock = EndOfStock.TAKE_OR_DECLINE
    red_three_last_card_ends: bool = True  # a red three drawn as the stock's last card ends the hand
    ask_mode: AskMode = AskMode.NEXT
    red_threes_laid_out: bool = True  # red threes go face up by themselves (Royal: they are melded)
    meld_kinds: frozenset[str] = frozenset({"rank", "black_threes"})  # which MeldKinds the variant has
    single_card_pile_refused: bool = False  # Royal: a one-card pile is not taken with one card in hand
    # Royal: the discard may be a card melded this turn; asking partner comes before taking the pile;
    # a player who took the pile may still go out concealed (he melds the minimum with the pile)
    discard_from_meld: bool = False
    ask_before_pile: bool = False
    pile_keeps_concealed: bool = False
    # Wiener: going out concealed, wild cards past the limit after merging with the partner's melds
    # move to other melds of the side (MeldAction.moves)
    moves_surplus_wilds: bool = False
    table: str = ""  # the Table these rules are specialised to
    teams: tuple[tuple[int, ...], ...] = ((0, 2), (1, 3))
    sources: Mapping[str, Source] = field(default_factory=lambda: MappingProxyType({}))

    # -- tables ------------------------------------------------------------------------------

    @property
    def players(self) -> int:
        return sum(len(t) for t in self.teams)

    def player_counts(self) -> tuple[int, ...]:
        return tuple(sorted({t.people for t in self.tables}))

    def _refuse_count(self, count: int, field: str) -> InvalidInputError:
        return InvalidInputError(field, N_("{variant} is played by {counts} players, not {players}"),
                                 variant=self.name, counts=", ".join(map(str, self.player_counts())), players=count)

    def _at(self, table: Table, teams: Sequence[Sequence[int]] | None = None) -> Rules:
        own = tuple(tuple(t) for t in teams) if teams is not None else table.teams
        # One rules value per table and seating: every loaded position of a table then shares it,
        # and with it the engine's per-rules memories (made melds, rank melds), which a fresh
        # value each load left cold (a position's load was a fifth making its melds again).
        key = (id(self), table.name, own)
        entry = _AT.get(key)
        if entry is not None and entry[0] is self:
            return entry[1]
        made = replace(self, table=table.name, teams=own, **table.changes)
        if len(_AT) >= _AT_KEPT:
            _AT.clear()
        _AT[key] = (self, made)  # the key's rules held, so its id is not reused while the entry lives
        return made

    def for_people(self, people: int, table: str | None = None, field: str = "players") -> Rules:
        """These rules for a game of ``people`` (``table`` names one of several forms)."""
        candidates = [t for t in self.tables if t.people == people and (table is None or t.name == table)]
        if not candidates:
            if table is not None and any(t.people == people for t in self.tables):
                raise InvalidInputError("table", N_("{variant} has no table named {value}"),
                                        variant=self.name, value=repr(table))
            raise self._refuse_count(people, field)
        return self._at(candidates[0])

    def for_seats(self, seats: int, teams: Sequence[Sequence[int]] | None = None, field: str = "players",
                  table: str | None = None) -> Rules:
        """These rules for a hand dealt to ``seats`` players (``teams`` picks among the forms, and
        ``table`` among those left: Wiener's tables of 4 and 5 deal the same four seats)."""
        candidates = [t for t in self.tables if t.players == seats]
        if not candidates:
            raise self._refuse_count(seats, field)
        if teams is not None:
            sizes = sorted(len(t) for t in teams)
            candidates = [t for t in candidates if sorted(len(s) for s in t.teams) == sizes]
            if not candidates:
                raise InvalidInputError("teams", N_("{variant} has no table with teams of these sizes"),
                                        variant=self.name)
        if table is not None and all(t.name != table for t in candidates):
            raise InvalidInputError("table", N_("expected one of the variant's tables for these seats ({known})"),
                                    known=", ".join(t.name for t in candidates))
        return self._at(next((t for t in candidates if t.name == table), candidates[0]), teams)

    def table_of(self) -> Table:
        return next(t for t in self.tables if t.name == self.table)

    # -- derived facts ---------------------------------------------------------------------

    def deck(self) -> tuple[Card, ...]:
        return deck(self.decks, self.jokers)

    def red_three_count(self) -> int:
        return 2 * self.decks

    def value(self, card: Card) -> int:
        return self.card_values[card]

    def source(self, rule_id: str) -> Source | None:
        return self.sources.get(rule_id)

    # -- hooks: the deal ---------------------------------------------------------------------

    def covers_upcard(self, card: Card) -> bool:
        """Whether a turned-up first card of the pile is covered by another from the stock."""
        return WILD[card] or card in RED_THREES

    def returns_upcard(self, card: Card) -> bool:
        """Whether a turned-up first card goes back into the stock instead (Swedish wild cards)."""
        return False

    # -- hooks: melds --------------------------------------------------------------------------

    def opening_minimum(self, team_score: int) -> int:
        minimum = self.opening_table[0][1]
        for lowest, needed in self.opening_table:
            if team_score >= lowest:
                minimum = needed
        return minimum

    def wilds_allowed(self, naturals: int) -> int:
        """How many wild cards a meld of ``naturals`` natural cards may hold (seed 001: at most
        three, always fewer than the naturals)."""
        return min(self.max_wilds, naturals - 1)

    def make_meld(self, cards: tuple[Card, ...]) -> Meld:
        return make_rank_meld(self, cards)

    def extend_meld(self, meld: Meld, cards: tuple[Card, ...]) -> Meld:
        return extend_rank_meld(self, meld, cards)

    def opens(self, meld: Meld) -> bool:
        """Whether having this meld on the table means the side has opened."""
        return True

    def meld_points(self, meld: Meld) -> int:
        """The meld's cards' worth, for the opening minimum and the score."""
        values = self.card_values
        return sum(values[c] for c in meld.cards)

    def merges(self, existing: Meld, new: Meld) -> bool:
        """Whether a new meld joins the side's existing one (seed 001: melds of one rank merge)."""
        return existing.rank == new.rank

    def meld_bonus(self, meld: Meld) -> int:
        if len(meld.cards) < self.canasta_size:
            return 0
        return self.natural_canasta_bonus if meld.wilds == 0 else self.mixed_canasta_bonus

    def is_canasta(self, meld: Meld) -> bool:
        return len(meld.cards) >= self.canasta_size

    def canasta_name(self, meld: Meld) -> str | None:
        """The msgid naming a canasta of a kind only this variant has (Royal's), else None."""
        return None

    def takes_top_card(self, meld: Meld) -> bool:
        """Whether the pile's top card may be laid onto this meld to take the pile."""
        return True

    def pile_wilds(self) -> int:
        """How many wild cards may join one natural card to take an unfrozen pile."""
        return 1

    # The two refusals a variant names itself are properties, not class attributes: compiled with
    # mypyc (docs/speed.md), a class attribute of a dataclass would be read as a field.
    @property
    def going_out_rule(self) -> str:
        """The refusal when the side lacks its canastas."""
        return "going_out.needs_canasta"

    @property
    def black_threes_rule(self) -> str:
        """The refusal for black threes melded without going out."""
        return "meld.black_threes"

    def has_canastas_to_go_out(self, melds: Sequence[Meld]) -> bool:
        return sum(1 for m in melds if self.is_canasta(m)) >= self.canastas_to_go_out

    def pile_blocker(self, state: Any) -> str | None:
        """The rule id that blocks the pile for the player to act, if any (seed 001 "Lokaður
        haugur": a three or a wild card on top)."""
        top = state.top()
        return "pile.blocked" if top is not None and (WILD[top] or RANKS[top] == 3) else None

    def concealment(self, laid_off: bool, merged: bool, fresh_canasta: bool, hand_canasta: bool) -> Concealment:
        """Seed 001 "Að fara út": the whole hand at once in complete melds of the player's own
        (``laid_off``: cards laid off on the side's older melds; ``merged``: a new meld joined
        one), a canasta among them."""
        return Concealment.CONCEALED if fresh_canasta and not laid_off and not merged else Concealment.NONE

    def concealed_waives_minimum(self, concealment: Concealment) -> bool:
        """pagat (001 is silent): going out concealed needs no opening minimum."""
        return concealment is not Concealment.NONE

    # -- hooks: the end --------------------------------------------------------------------------

    def score_team(self, state: Any, team: int) -> TeamScore:
        """The side's points for a finished hand (seed 001 "Stigagjöf"); ``state.went_out`` and
        ``state.concealed`` say how the hand ended."""
        went_out, concealed = state.went_out, state.concealed
        melds = state.melds[team]
        natural = sum(1 for m in melds if m.is_natural_canasta(self))
        mixed = sum(1 for m in melds if m.is_canasta(self)) - natural
        meld_points = sum(m.value(self) for m in melds)
        canasta_points = natural * self.natural_canasta_bonus + mixed * self.mixed_canasta_bonus
        # pagat: red threes still in a hand (dealt, the player never had a turn) count as laid out.
        left = [c for seat in state.teams[team] for c in state.hands[seat]]
        threes = len(state.red_threes[team]) + sum(1 for c in left if c in RED_THREES)
        three_points = self.red_threes_bonus(threes)
        if not melds:  # seed 001: subtracted from a side with no melds (pagat: however the hand ended)
            three_points = -three_points
        out_points = 0
        if went_out is not None and state.team_of(went_out) == team:
            out_points = self.going_out_bonus + (self.concealed_bonus if concealed else 0)
        values = self.card_values
        hand_points = -sum(values[c] for c in left if c not in RED_THREES)
        total = meld_points + canasta_points + three_points + out_points + hand_points
        return TeamScore(meld_points, natural, mixed, canasta_points, three_points, out_points, hand_points, total)

    def red_threes_bonus(self, count: int) -> int:
        return self.all_red_threes_bonus.get(count, count * self.red_three_bonus)

    def winner(self, totals: Sequence[int]) -> int | None:
        """The side that has won: at or above the target and ahead of every other; a tie plays on."""
        best = max(totals)
        if best < self.target or list(totals).count(best) > 1:
            return None
        return list(totals).index(best)

    def game_over(self, totals: Sequence[int]) -> bool:
        return self.winner(totals) is not None


def sources(seed: str, sections: Mapping[str, str | tuple[str, str]]) -> Mapping[str, Source]:
    """A variant's rule sources from ``{rule id: section}`` or ``{rule id: (section, note)}``."""
    out = {}
    for rule_id, where in sections.items():
        section, note = where if isinstance(where, tuple) else (where, "")
        out[rule_id] = Source(seed, section, note)
    return MappingProxyType(out)
