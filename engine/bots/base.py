"""Computer players. A bot sees only what its seat may see: an :class:`Observation`.

Every bot has one method, ``choose(observation, legal, rng)``; ``legal`` is the engine's list of
legal actions (which depends only on the bot's own hand and the table) and ``rng`` is the
game's seeded random source, so a bot is deterministic for a given seed.
"""

from __future__ import annotations

import random
from bisect import bisect_left
from collections.abc import Sequence
from typing import ClassVar, Protocol

from engine.core.actions import Action, AnswerGoOut, Discard, Layoff, MeldAction, TakePile
from engine.core.cards import BLACK_THREES, RED_THREES, WILD, Card, count_cards, RANKS
from engine.core.i18n import N_
from engine.core.melds import Meld, MeldKind
from engine.core.rules import Rules
from engine.core.state import Phase, State, TurnState


class Observation:
    """What ``seat`` may know: its own hand, the table, and the sizes of what is hidden.

    A read-only view over the state, built in constant time (bots are asked for every action);
    other hands and the stock's order are not reachable through it.
    """

    __slots__ = ("_state", "seat", "team")

    def __init__(self, state: State, seat: int) -> None:
        self._state = state
        self.seat = seat
        self.team: int = state.seat_team[seat]  # read most of all: a field, not a property

    # read through to the state (properties: compiled, each is a field read)
    @property
    def rules(self) -> Rules:
        return self._state.rules

    @property
    def phase(self) -> Phase:
        return self._state.phase

    @property
    def turn_state(self) -> TurnState:
        return self._state.turn_state

    @property
    def teams(self) -> tuple[tuple[int, ...], ...]:
        return self._state.teams

    @property
    def scores(self) -> tuple[int, ...]:
        return self._state.scores

    @property
    def melds(self) -> tuple[tuple[Meld, ...], ...]:
        return self._state.melds

    @property
    def red_threes(self) -> tuple[tuple[Card, ...], ...]:
        return self._state.red_threes

    @property
    def known(self) -> tuple[tuple[Card, ...], ...]:
        """Per seat: the cards everyone saw go into that hand with the pile and not leave it."""
        return self._state.known

    @property
    def hand(self) -> tuple[Card, ...]:
        return self._state.hands[self.seat]

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        return tuple(len(h) for h in self._state.hands)

    @property
    def top(self) -> Card | None:
        return self._state.top()

    @property
    def pile_size(self) -> int:
        return len(self._state.pile)

    @property
    def pile_frozen(self) -> bool:
        return self._state.is_pile_frozen_for(self.team)

    @property
    def pile_blocked(self) -> bool:
        return self._state.is_pile_blocked()

    @property
    def stock_size(self) -> int:
        return len(self._state.stock)

    @property
    def opening_minimum(self) -> int:
        return self._state.opening_minimum(self.team)

    def opponents(self) -> list[int]:
        return [t for t in range(len(self._state.teams)) if t != self.team]

    def unseen(self) -> list[Card]:
        """The cards this seat cannot see (the decks less its hand and the table), sorted: what
        the other hands and the stock are made of, in some order it does not know."""
        state = self._state
        left = count_cards(state.rules.deck())
        seen: list[Card] = list(state.hands[self.seat]) + list(state.pile)
        for team in range(len(state.teams)):
            seen.extend(state.red_threes[team])
            for meld in state.melds[team]:
                seen.extend(meld.cards)
        for card in seen:
            left[card] -= 1
        return [card for card in range(53) for _ in range(left[card])]

    def determinize(self, rng: random.Random) -> State:
        """A full state consistent with what this seat sees: each other hand holds the cards it
        was seen to take with the pile and keep (``known``), and the rest of the unseen cards are
        dealt at random to the other hands (their sizes are known) and the stock."""
        state = self._state
        unseen = self.unseen()
        known = state.known
        if any(known):  # the known cards are dealt first, each to its hand; the rest as before
            pool = count_cards(unseen)
            for seat in range(state.players):
                if seat != self.seat:
                    for card in known[seat]:
                        pool[card] -= 1
            unseen = [card for card in range(53) for _ in range(pool[card])]
        rng.shuffle(unseen)
        # Where red threes are laid out as soon as they come, no hand holds one: the unseen ones
        # are in the stock (a hand holding one could be left with no legal action).
        held_out = [c for c in unseen if c in RED_THREES] if state.rules.red_threes_laid_out else []
        unseen = [c for c in unseen if c not in held_out]
        hands = list(state.hands)
        for seat in range(state.players):
            if seat != self.seat:
                mine = known[seat]
                size = len(hands[seat]) - len(mine)
                hands[seat], unseen = tuple(sorted(mine + tuple(unseen[:size]))), unseen[size:]
        rest = unseen + held_out
        rng.shuffle(rest)
        size = len(state.stock)
        return state.evolve(hands=tuple(hands), stock=tuple(rest[:size]), out_of_play=tuple(rest[size:]))


def observe(state: State, seat: int) -> Observation:
    return Observation(state, seat)


class Bot(Protocol):
    @property
    def name(self) -> str: ...

    @property
    def title(self) -> str:  # for people, marked for translation
        ...

    def choose(self, observation: Observation, legal: Sequence[Action], rng: random.Random) -> Action: ...


class RandomBot:
    """Picks uniformly among the legal actions."""

    name: ClassVar[str] = "random"
    title: ClassVar[str] = N_("Random player")

    def choose(self, observation: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
        return legal[rng.randrange(len(legal))]


class BasicBot:
    """Plays sensibly: takes the pile when it gains, melds what it can while keeping wild cards
    for canastas, discards what the next side can least use, and goes out when allowed."""

    name: ClassVar[str] = "basic"
    title: ClassVar[str] = N_("Basic player")

    def choose(self, observation: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
        obs = observation
        if obs.phase is Phase.ANSWER:
            return AnswerGoOut(_hand_points(obs) <= 60)
        if obs.phase is Phase.DRAW:
            return self._draw(obs, legal)
        return self._play(obs, legal)

    def _draw(self, obs: Observation, legal: Sequence[Action]) -> Action:
        takes = [a for a in legal if isinstance(a, TakePile)]
        worth_it = obs.pile_size >= 3 or not obs.melds[obs.team] or obs.stock_size == 0
        if takes and worth_it:
            return max(takes, key=lambda a: (len(a.melds), sum(1 for c in a.meld if not WILD[c])))
        return next((a for a in legal if not isinstance(a, TakePile)), legal[0])

    def _play(self, obs: Observation, legal: Sequence[Action]) -> Action:
        melds = [a for a in legal if isinstance(a, MeldAction)]
        hand_size = len(obs.hand)
        going_out = [a for a in melds if len(a.cards()) >= hand_size - 1]
        if going_out:  # legal_actions offers the way out when there is one
            return going_out[0]
        if melds:
            worths = [worth for worth, _, _ in self._meld_worths(obs, melds)]
            top = max(worths)
            if top > 0:  # the first of the best, as ``max`` with a key
                return self._with_natural_layoffs(obs, melds[worths.index(top)], melds)
        # a discard from the hand: taking back a melded card (Royal) is legal, not this player's way
        discards = [a for a in legal if isinstance(a, Discard) and a.meld is None]
        if not discards:
            return legal[0]
        costs = self._discard_costs(obs, [a.card for a in discards])
        return discards[costs.index(min(costs))]  # the first of the cheapest, as ``min`` with a key

    def _with_natural_layoffs(self, obs: Observation, best: MeldAction, melds: Sequence[MeldAction]) -> MeldAction:
        """Lay off every natural card that fits at once, as a person would, rather than one by one."""
        layoffs = list(best.layoffs)
        used = best.cards()
        team_melds = obs.melds[obs.team]
        # the lay-offs so far as (onto, cards): what ``Layoff.__eq__`` compares, asked in C
        taken = {(layoff.onto, layoff.cards) for layoff in layoffs}
        wild, rank_kind = WILD.__getitem__, MeldKind.RANK
        for action in melds:
            if action.melds:
                continue
            for layoff in action.layoffs:
                if team_melds[layoff.onto].kind is not rank_kind:
                    continue  # only rank melds take any number of their naturals
                key = (layoff.onto, layoff.cards)
                if key not in taken and not any(map(wild, layoff.cards)):
                    taken.add(key)
                    layoffs.append(layoff)
                    used.extend(layoff.cards)
        available = list(obs.hand)
        for card in used:  # the same card code offered for two melds, or more copies than held
            if card not in available:
                return best
            available.remove(card)
        if len(available) < 2:
            return best  # near the end of the hand the single best action is safer
        by_meld: dict[int, tuple[Card, ...]] = {}
        for layoff in layoffs:
            by_meld[layoff.onto] = by_meld.get(layoff.onto, ()) + layoff.cards
        return MeldAction(best.melds, tuple(Layoff(onto, cards) for onto, cards in sorted(by_meld.items())))

    def _meld_worth(self, obs: Observation, action: MeldAction) -> float:
        return self._meld_worths(obs, [action])[0][0]

    def _meld_worths(self, obs: Observation, melds: Sequence[MeldAction]) -> list[tuple[float, bool, int]]:
        """Each meld action's worth, whether it completes a canasta, and how many cards it lays
        down. One call a decision, one pass (the expert's playouts ask this at every play step)."""
        state = obs._state
        rules = state.rules
        values = rules.card_values.__getitem__
        team_melds = state.melds[obs.team]
        is_canasta, size = rules.is_canasta, rules.canasta_size
        wild = WILD.__getitem__
        out: list[tuple[float, bool, int]] = []
        for action in melds:
            layoffs = action.layoffs
            completes = False
            if layoffs:
                for lo in layoffs:
                    meld = team_melds[lo.onto]
                    if len(meld.cards) + len(lo.cards) >= size and not is_canasta(meld):
                        completes = True
                        break
                cards = layoffs[0].cards if len(layoffs) == 1 and not action.melds else action.cards()
            else:
                cards = action.melds[0] if len(action.melds) == 1 else action.cards()
            wilds = sum(map(wild, cards))
            worth = (len(cards) - wilds) * 2.0 + sum(map(values, cards)) / 100
            if wilds and not completes and team_melds:
                worth -= 3.0 * wilds  # keep wild cards for canastas
            out.append((worth + (10 if completes else 0), completes, len(cards)))
        return out

    def _discard_cost(self, obs: Observation, card: Card) -> float:
        return self._discard_costs(obs, (card,))[0]

    def _discard_costs(self, obs: Observation, cards: Sequence[Card]) -> list[float]:
        """What discarding each of ``cards`` costs (lower is better), the table read once."""
        state = obs._state
        rules = state.rules
        hand = state.hands[obs.seat]
        team = obs.team
        # the first other side (as ``obs.opponents()[0]``), else the player's own
        next_team = 0 if team != 0 else 1 if len(state.teams) > 1 else team
        their_ranks = {m.rank for m in state.melds[next_team]}
        values = rules.card_values
        out: list[float] = []
        for card in cards:
            if WILD[card]:
                out.append(100.0 + values[card])
                continue
            if card in BLACK_THREES:
                out.append(-5.0)  # blocks the pile for the next player
                continue
            cost = 0.0
            card_rank = RANKS[card]
            if card_rank in their_ranks:
                cost += 40  # the next side could take the pile with it
            low = (card_rank - 1) * 4
            same = bisect_left(hand, low + 4) - bisect_left(hand, low)  # ``naturals_of_rank``
            cost += 15 * (same - 1)  # keep pairs toward melds
            cost -= values[card] / 10  # shed points that would count against us
            out.append(cost)
        return out


def action_cards(action: MeldAction) -> Sequence[Card]:
    """``action.cards()`` without building a list for the commonest actions (one new meld, one
    lay-off); the caller must not change what it gets."""
    if not action.layoffs:
        if len(action.melds) == 1:
            return action.melds[0]
    elif not action.melds and len(action.layoffs) == 1:
        return action.layoffs[0].cards
    return action.cards()


def naturals_of_rank(hand: Sequence[Card], card_rank: int) -> int:
    """How many natural cards of ``card_rank`` (not 2: twos are wild) a sorted hand holds: the
    codes of a rank are consecutive, so it is the width of their slice of the hand."""
    low = (card_rank - 1) * 4
    return bisect_left(hand, low + 4) - bisect_left(hand, low)


def _hand_points(obs: Observation) -> int:
    return sum(obs.rules.value(c) for c in obs.hand)


