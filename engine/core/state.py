"""The immutable state of one hand of Canasta, with queries about it.

The phase and the seat to act are explicit fields, never guessed from history. Every card of
the decks is in exactly one zone: a hand, a meld, the red threes, the pile, the stock, or (for
a position that leaves cards out) ``out_of_play``.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from enum import Enum
from typing import Any

from engine.core.cards import RED_THREES, WILD, Card
from engine.core.melds import Meld
from engine.core.rules import Rules


class Phase(str, Enum):
    DRAW = "draw"  # the player to act has not drawn or taken the pile yet
    PLAY = "play"  # has drawn: melds, lay-offs and the discard follow
    ANSWER = "answer"  # ``turn`` is the partner asked "may I go out?"
    END = "end"  # the hand is over; see ``went_out``


@dataclass(frozen=True)
class TurnState:
    """What the player to act has done in this turn so far."""

    melded: bool = False
    took_pile: bool = False
    asked: bool = False
    asker: int | None = None  # during Phase.ANSWER: who asked
    permission: bool | None = None  # the partner's binding answer, once given
    concealed: bool = True  # nothing so far rules out going out concealed this turn
    melds_before: int = 0  # how many melds the side had when the turn began
    hand_canasta: bool = False  # the going-out meld held a canasta of the player's own (Wiener)
    replacements: int = 0  # Royal: red threes melded this turn whose replacement may still be drawn
    before_draw: bool = False  # Royal: the question was asked before the draw, to take the pile
    meld_sizes: tuple[int, ...] = ()  # the side's melds' sizes when the turn began (Royal's discard)

    def __init__(self, melded: bool = False, took_pile: bool = False, asked: bool = False, asker: int | None = None,
                 permission: bool | None = None, concealed: bool = True, melds_before: int = 0,
                 hand_canasta: bool = False, replacements: int = 0, before_draw: bool = False,
                 meld_sizes: tuple[int, ...] = ()) -> None:
        # written out, not generated: compiled, ``object.__setattr__(self, "name", v)`` in the class's
        # own method is a native store, where the generated ``__init__`` would stay interpreted code
        object.__setattr__(self, "melded", melded)
        object.__setattr__(self, "took_pile", took_pile)
        object.__setattr__(self, "asked", asked)
        object.__setattr__(self, "asker", asker)
        object.__setattr__(self, "permission", permission)
        object.__setattr__(self, "concealed", concealed)
        object.__setattr__(self, "melds_before", melds_before)
        object.__setattr__(self, "hand_canasta", hand_canasta)
        object.__setattr__(self, "replacements", replacements)
        object.__setattr__(self, "before_draw", before_draw)
        object.__setattr__(self, "meld_sizes", meld_sizes)

    def evolve(self, **changes: Any) -> TurnState:
        """A copy with ``changes`` (as ``State.evolve``)."""
        if not DICT_COPY:  # compiled: the native constructor with each value
            if not _TURN_FIELDS.issuperset(changes):
                raise TypeError(f"TurnState has no field {sorted(changes.keys() - _TURN_FIELDS)[0]!r}")
            get = changes.get
            return TurnState(get("melded", self.melded), get("took_pile", self.took_pile), get("asked", self.asked),
                             get("asker", self.asker), get("permission", self.permission),
                             get("concealed", self.concealed), get("melds_before", self.melds_before),
                             get("hand_canasta", self.hand_canasta), get("replacements", self.replacements),
                             get("before_draw", self.before_draw), get("meld_sizes", self.meld_sizes))
        values = self.__dict__.copy()
        values.update(changes)
        if len(values) != _TURN_FIELD_COUNT:  # a name that is no field added a key (a cheaper test than a subset's)
            raise TypeError(f"TurnState has no field {sorted(changes.keys() - _TURN_FIELDS)[0]!r}")
        new = _new(TurnState)
        _set(new, "__dict__", values)
        return new


_FRESH_TURN = TurnState()


def _seat_teams(players: int, teams: tuple[tuple[int, ...], ...]) -> tuple[int, ...]:
    """Each seat's team."""
    by_seat = [0] * players
    for team, seats in enumerate(teams):
        for seat in seats:
            by_seat[seat] = team
    return tuple(by_seat)


@dataclass(frozen=True)
class State:
    rules: Rules
    players: int
    teams: tuple[tuple[int, ...], ...]
    dealer: int
    turn: int
    phase: Phase
    scores: tuple[int, ...]  # each team's total before this hand
    hands: tuple[tuple[Card, ...], ...]  # per seat, sorted
    melds: tuple[tuple[Meld, ...], ...]  # per team
    red_threes: tuple[tuple[Card, ...], ...]  # per team
    pile: tuple[Card, ...]  # bottom first
    stock: tuple[Card, ...]  # top first
    turn_state: TurnState = _FRESH_TURN
    has_melded: tuple[bool, ...] = ()  # per seat: has melded earlier in this hand
    went_out: int | None = None
    concealed: bool = False  # with went_out: the hand went out concealed
    hand_canasta: bool = False  # ... with a canasta complete in the hand (Wiener's Hand-Canasta)
    out_of_play: tuple[Card, ...] = ()
    pile_threes: tuple[int, ...] = ()  # Royal: red threes per hand that came with the pile (no replacement)
    hidden: tuple[bool, ...] = ()  # per seat: a position shows this hand as a count
    # per seat, sorted: cards every player saw go into this hand (the pile taken) and has not seen
    # leave it (melded, laid off or discarded); public, so bots may read it (Observation.known)
    known: tuple[tuple[Card, ...], ...] = ()
    stock_hidden: bool = True  # a position shows the stock as a count
    seat_team: tuple[int, ...] = field(default=(), compare=False)

    def __init__(
        self, rules: Rules, players: int, teams: tuple[tuple[int, ...], ...], dealer: int, turn: int, phase: Phase,
        scores: tuple[int, ...], hands: tuple[tuple[Card, ...], ...], melds: tuple[tuple[Meld, ...], ...],
        red_threes: tuple[tuple[Card, ...], ...], pile: tuple[Card, ...], stock: tuple[Card, ...],
        turn_state: TurnState = _FRESH_TURN, has_melded: tuple[bool, ...] = (), went_out: int | None = None,
        concealed: bool = False, hand_canasta: bool = False, out_of_play: tuple[Card, ...] = (),
        pile_threes: tuple[int, ...] = (), hidden: tuple[bool, ...] = (), known: tuple[tuple[Card, ...], ...] = (),
        stock_hidden: bool = True, seat_team: tuple[int, ...] = (),
    ) -> None:
        # written out, not generated (as ``TurnState``'s); the per-seat fields left empty are filled
        object.__setattr__(self, "rules", rules)
        object.__setattr__(self, "players", players)
        object.__setattr__(self, "teams", teams)
        object.__setattr__(self, "dealer", dealer)
        object.__setattr__(self, "turn", turn)
        object.__setattr__(self, "phase", phase)
        object.__setattr__(self, "scores", scores)
        object.__setattr__(self, "hands", hands)
        object.__setattr__(self, "melds", melds)
        object.__setattr__(self, "red_threes", red_threes)
        object.__setattr__(self, "pile", pile)
        object.__setattr__(self, "stock", stock)
        object.__setattr__(self, "turn_state", turn_state)
        object.__setattr__(self, "has_melded", has_melded or (False,) * players)
        object.__setattr__(self, "went_out", went_out)
        object.__setattr__(self, "concealed", concealed)
        object.__setattr__(self, "hand_canasta", hand_canasta)
        object.__setattr__(self, "out_of_play", out_of_play)
        object.__setattr__(self, "pile_threes", pile_threes or (0,) * players)
        object.__setattr__(self, "hidden", hidden or (False,) * players)
        object.__setattr__(self, "known", known or ((),) * players)
        object.__setattr__(self, "stock_hidden", stock_hidden)
        object.__setattr__(self, "seat_team", seat_team or _seat_teams(players, teams))

    def evolve(self, **changes: Any) -> State:
        """A copy with ``changes``: ``dataclasses.replace`` without re-running ``__init__``, which
        self-play does a few hundred times a hand. Interpreted, the state keeps its fields in a
        plain ``__dict__`` (no ``__slots__``) so that the copy is one dict copy and update, a few
        times cheaper than setting each field (docs/speed.md); compiled, a state is a native object
        without one and the copy is the native constructor with each value (``DICT_COPY``). The
        copy shares every unchanged value."""
        if not DICT_COPY:
            if not _FIELD_SET.issuperset(changes):
                raise TypeError(f"State has no field {sorted(changes.keys() - _FIELD_SET)[0]!r}")
            get = changes.get
            return State(
                get("rules", self.rules), get("players", self.players), get("teams", self.teams),
                get("dealer", self.dealer), get("turn", self.turn), get("phase", self.phase), get("scores", self.scores),
                get("hands", self.hands), get("melds", self.melds), get("red_threes", self.red_threes),
                get("pile", self.pile), get("stock", self.stock), get("turn_state", self.turn_state),
                get("has_melded", self.has_melded), get("went_out", self.went_out), get("concealed", self.concealed),
                get("hand_canasta", self.hand_canasta), get("out_of_play", self.out_of_play),
                get("pile_threes", self.pile_threes), get("hidden", self.hidden), get("known", self.known),
                get("stock_hidden", self.stock_hidden), get("seat_team", self.seat_team))
        values = self.__dict__.copy()
        values.update(changes)
        if len(values) != _FIELD_COUNT:  # a name that is no field added a key (a state's dict holds its fields only)
            raise TypeError(f"State has no field {sorted(changes.keys() - _FIELD_SET)[0]!r}")
        new = _new(State)
        _set(new, "__dict__", values)
        return new

    # -- who ---------------------------------------------------------------------------------

    def team_of(self, seat: int) -> int:
        return self.seat_team[seat]

    def partners(self, seat: int) -> tuple[int, ...]:
        """``seat``'s partners, clockwise from its left (the order they are asked to go out)."""
        team = self.seat_team[seat]
        return tuple(s for s in ((seat + k) % self.players for k in range(1, self.players)) if self.seat_team[s] == team)

    def next_seat(self, seat: int) -> int:
        return (seat + 1) % self.players

    def is_over(self) -> bool:
        return self.phase is Phase.END

    # -- the side's table ------------------------------------------------------------------

    def has_opened(self, team: int) -> bool:
        melds = self.melds[team]
        if len(self.rules.meld_kinds) <= 2:  # every meld opens but Royal's lone red threes
            return bool(melds)
        rules = self.rules
        for meld in melds:  # a plain loop calling the method: compiled, a native call each
            if rules.opens(meld):
                return True
        return False

    def canastas(self, team: int) -> int:
        rules, count = self.rules, 0
        for meld in self.melds[team]:  # as ``has_opened``
            if rules.is_canasta(meld):
                count += 1
        return count

    def can_go_out(self, team: int) -> bool:
        """Whether the side has the canastas it needs before a player may go out."""
        return self.rules.has_canastas_to_go_out(self.melds[team])

    def opening_minimum(self, team: int) -> int:
        return self.rules.opening_minimum(self.scores[team])

    def meld_of_rank(self, team: int, meld_rank: int) -> int | None:
        for index, meld in enumerate(self.melds[team]):
            if meld.rank == meld_rank:
                return index
        return None

    # -- the pile ----------------------------------------------------------------------------

    def top(self) -> Card | None:
        return self.pile[-1] if self.pile else None

    def freezer(self) -> Card | None:
        """The card that freezes the pile for everyone: the lowest wild card or red three in it."""
        freezes = _FREEZES
        for card in self.pile:
            if freezes[card]:
                return card
        return None

    def is_pile_blocked(self) -> bool:
        """Whether the player to act may not take the pile at all (the variant says why)."""
        return self.rules.pile_blocker(self) is not None

    def is_pile_frozen_for(self, team: int) -> bool:
        """Seed 001 "Frystur haugur": frozen by a wild card or red three, or for an unopened side."""
        return self.is_pile_frozen_by_cards() or not self.has_opened(team)

    def is_pile_frozen_by_cards(self) -> bool:
        """Frozen for every side: a wild card or red three in the pile (seed 001 "Frystur haugur")."""
        return not _FREEZING.isdisjoint(self.pile)

    def all_cards(self) -> list[Card]:
        """Every card in every zone: the decks' cards, each exactly once."""
        cards: list[Card] = []
        for hand in self.hands:
            cards.extend(hand)
        for team_melds in self.melds:
            for meld in team_melds:
                cards.extend(meld.cards)
        for threes in self.red_threes:
            cards.extend(threes)
        cards.extend(self.pile)
        cards.extend(self.stock)
        cards.extend(self.out_of_play)
        return cards


_FREEZES = tuple(WILD[c] or c in RED_THREES for c in range(53))  # by card: it freezes the pile
_FREEZING = frozenset(c for c in range(53) if _FREEZES[c])  # the same as a set: one C-level scan of the pile
_FIELD_NAMES = tuple(f.name for f in fields(State))
_TURN_FIELD_NAMES = tuple(f.name for f in fields(TurnState))
_TURN_FIELDS = frozenset(_TURN_FIELD_NAMES)
_FIELD_SET = frozenset(_FIELD_NAMES)
_FIELD_COUNT, _TURN_FIELD_COUNT = len(_FIELD_SET), len(_TURN_FIELDS)
_new = object.__new__
_set = object.__setattr__
# Interpreted, a state keeps its fields in a plain ``__dict__`` and ``evolve`` copies it; compiled with
# mypyc (docs/speed.md), a state is a native object without one and ``evolve`` calls the constructor.
DICT_COPY = hasattr(TurnState(), "__dict__")


def hand_value(rules: Rules, cards: tuple[Card, ...]) -> int:
    values = rules.card_values
    return sum(values[c] for c in cards)

