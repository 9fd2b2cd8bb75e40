"""Dealing a hand: the only place chance enters, and only through the ``random.Random`` passed in.

A deal is a scripted chance outcome (OpenSpiel's way): :func:`deal_from` lays out a given card
order, so tests and lessons can deal exact hands; :func:`deal` shuffles and calls it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.core.cards import Card
from engine.core.rules import Rules
from engine.core.state import Phase, State, TurnState


def deal(rules: Rules, rng: random.Random, scores: Sequence[int] | None = None, dealer: int = 0) -> State:
    """Shuffle the table's decks with ``rng`` and deal a hand (``rules`` of one table)."""
    order = list(rules.deck())
    rng.shuffle(order)
    return deal_from(rules, order, scores, dealer)


def deal_from(rules: Rules, order: Sequence[Card], scores: Sequence[int] | None = None, dealer: int = 0) -> State:
    """Deal ``order`` (top of the shuffled deck first): cards one at a time clockwise from the
    dealer's left, then the upcard (seed 001 "Undirbúningur og Úthlutun": a wild card or red
    three is covered by the next card until a natural one lies on top, and freezes the pile;
    the variant's hooks say which cards are covered and which go back into the stock)."""
    players = rules.players
    hands: list[list[Card]] = [[] for _ in range(players)]
    cursor = 0
    for _ in range(rules.hand_size):
        for offset in range(1, players + 1):
            hands[(dealer + offset) % players].append(order[cursor])
            cursor += 1
    stock = list(order[cursor:])
    pile: list[Card] = []
    while stock:
        card = stock.pop(0)
        if rules.returns_upcard(card):
            stock.append(card)  # back into the stock: under it, where nobody will see it soon
            continue
        pile.append(card)
        if not rules.covers_upcard(card):
            break
    first = (dealer + 1) % players
    return State(
        rules=rules,
        players=players,
        teams=rules.teams,
        dealer=dealer,
        turn=first,
        phase=Phase.DRAW,
        scores=tuple(scores) if scores is not None else (0,) * len(rules.teams),
        hands=tuple(tuple(sorted(h)) for h in hands),
        melds=((),) * len(rules.teams),
        red_threes=((),) * len(rules.teams),
        pile=tuple(pile),
        stock=tuple(stock),
        turn_state=TurnState(),
        hidden=(False,) * players,
    )
