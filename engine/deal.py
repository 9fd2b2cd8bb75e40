"""Dealing a hand: the only place chance enters, and only through the ``random.Random`` passed in.

A deal is a scripted chance outcome (OpenSpiel's way): :func:`deal_from` lays out a given card
order, so tests and lessons can deal exact hands; :func:`deal` shuffles and calls it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.cards import Card
from engine.errors import InvalidInputError
from engine.i18n import N_
from engine.rules import Rules
from engine.state import Phase, State, TurnState


def deal(
    rules: Rules,
    players: int,
    rng: random.Random,
    scores: Sequence[int] | None = None,
    dealer: int = 0,
) -> State:
    """Shuffle the variant's decks with ``rng`` and deal a hand."""
    order = list(rules.deck())
    rng.shuffle(order)
    return deal_from(rules, players, order, scores, dealer)


def deal_from(
    rules: Rules,
    players: int,
    order: Sequence[Card],
    scores: Sequence[int] | None = None,
    dealer: int = 0,
) -> State:
    """Deal ``order`` (top of the shuffled deck first): cards one at a time clockwise from the
    dealer's left, then the upcard (seed 001 "Undirbúningur og Úthlutun": a wild card or red
    three is covered by the next card until a natural one lies on top, and freezes the pile)."""
    if players not in rules.player_counts:
        raise InvalidInputError("players", N_("{variant} is played by {counts} players, not {players}"),
                                variant=rules.name, counts=", ".join(map(str, rules.player_counts)), players=players)
    size = rules.hand_size(players)
    teams = rules.default_teams(players)
    hands: list[list[Card]] = [[] for _ in range(players)]
    cursor = 0
    for _ in range(size):
        for offset in range(1, players + 1):
            hands[(dealer + offset) % players].append(order[cursor])
            cursor += 1
    pile = [order[cursor]]
    cursor += 1
    while rules.covers_upcard(pile[-1]) and cursor < len(order):
        pile.append(order[cursor])
        cursor += 1
    first = (dealer + 1) % players
    return State(
        rules=rules,
        players=players,
        teams=teams,
        dealer=dealer,
        turn=first,
        phase=Phase.DRAW,
        scores=tuple(scores) if scores is not None else (0,) * len(teams),
        hands=tuple(tuple(sorted(h)) for h in hands),
        melds=((),) * len(teams),
        red_threes=((),) * len(teams),
        pile=tuple(pile),
        stock=tuple(order[cursor:]),
        turn_state=TurnState(),
        hidden=(False,) * players,
    )
