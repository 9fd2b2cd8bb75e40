"""Playing hands and games among bots: the loop the command line, benchmarks and tests share."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from engine.core.actions import Action
from engine.bots.base import Bot, observe
from engine.core.deal import deal
from engine.judge.game import apply_trusted
from engine.judge.legal import legal_actions
from engine.core.rules import Rules
from engine.core.scoring import TeamScore, score_hand
from engine.core.state import State

MAX_ACTIONS_PER_HAND = 20_000  # far above any real hand; a hand that gets here is a bug
MAX_HANDS_PER_GAME = 500

Listener = Callable[[State, Action, State], None]


@dataclass
class HandRecord:
    dealer: int
    actions: int
    final: State
    scores: list[TeamScore]
    totals: tuple[int, ...]  # the game's totals after this hand
    lineup: tuple[int, ...] = ()  # the person in each seat (people numbered side by side)
    sitting_out: tuple[int, ...] = ()


def lineup(rules: Rules, hand: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Who plays each seat in hand number ``hand`` (from 0), and who sits out: where a side has
    more people than seats (Wiener's five and six, Royal's five) they take turns sitting out."""
    table = rules.table_of()
    extra = table.sitting_out or (0,) * len(rules.teams)
    seats = [0] * rules.players
    resting: list[int] = []
    first = 0
    for team, members in enumerate(rules.teams):
        people = list(range(first, first + len(members) + extra[team]))
        first += len(people)
        out = {people[(hand * extra[team] + j) % len(people)] for j in range(extra[team])}
        resting.extend(sorted(out))
        for seat, person in zip(members, [p for p in people if p not in out]):
            seats[seat] = person
    return tuple(seats), tuple(resting)


@dataclass
class GameRecord:
    hands: list[HandRecord] = field(default_factory=list)
    winner: int | None = None  # None at the end of a game is a draw (Wiener's equal totals)
    over: bool = False

    @property
    def actions(self) -> int:
        return sum(h.actions for h in self.hands)


def play_hand(state: State, bots: Sequence[Bot], rng: random.Random, listener: Listener | None = None) -> tuple[State, int]:
    """Play ``state`` to the end of its hand; returns the final state and how many actions it took."""
    actions = 0
    while not state.is_over():
        legal = legal_actions(state)
        seat = state.turn
        action = bots[seat].choose(observe(state, seat), legal, rng)
        after = apply_trusted(state, action)  # the engine's bots choose from the legal list
        if listener is not None:
            listener(state, action, after)
        state = after
        actions += 1
        if actions > MAX_ACTIONS_PER_HAND:
            raise RuntimeError(f"a hand ran past {MAX_ACTIONS_PER_HAND} actions")
    return state, actions


def play_game(
    rules: Rules,
    bots: Sequence[Bot],
    rng: random.Random,
    listener: Listener | None = None,
    on_hand: Callable[[HandRecord], None] | None = None,
    on_deal: Callable[[State], None] | None = None,
) -> GameRecord:
    """Hands, the deal passing to the left, until the variant says the game is over."""
    record = GameRecord()
    totals = (0,) * len(rules.teams)
    dealer = 0
    while not record.over:
        if len(record.hands) >= MAX_HANDS_PER_GAME:
            raise RuntimeError(f"a game ran past {MAX_HANDS_PER_GAME} hands")
        start = deal(rules, rng, scores=totals, dealer=dealer)
        if on_deal is not None:
            on_deal(start)
        final, count = play_hand(start, bots, rng, listener)
        scores = score_hand(final)
        totals = tuple(t + s.total for t, s in zip(totals, scores))
        hand = HandRecord(dealer, count, final, scores, totals, *lineup(rules, len(record.hands)))
        record.hands.append(hand)
        if on_hand is not None:
            on_hand(hand)
        record.winner = rules.winner(totals)
        record.over = rules.game_over(totals)
        dealer = (dealer + 1) % rules.players
    return record
