"""The hints use only what the learner's seat can see (``Observation``): the same hints whatever the
hidden cards are, and no two hints shown together advise against each other. 500 positions a variant,
from seeded club games at the four-player table."""

from __future__ import annotations

import random

import pytest

from engine.bots.base import observe
from engine.bots.levels import ClubBot
from engine.core.actions import canonical
from engine.core.deal import deal
from engine.core.state import State
from engine.hints.ranked import contradictions, hints
from engine.judge.game import apply
from engine.judge.legal import legal_actions
from engine.variants import VARIANTS

PER_VARIANT = 500


def _positions(variant: str, count: int, seed: int = 31) -> list[State]:
    """Every third decision with a choice of seeded club games, up to ``count``."""
    rng, club = random.Random(seed), ClubBot()
    rules = VARIANTS[variant].for_people(4)
    found: list[State] = []
    while len(found) < count:
        state = deal(rules, rng)
        while not state.is_over() and len(found) < count:
            legal = legal_actions(state)
            if len(legal) > 1 and rng.random() < 1 / 3:
                found.append(state)
            state = apply(state, club.choose(observe(state, state.turn), legal, rng))
    return found


def _said(state: State) -> list[tuple[str, object, str]]:
    return [(h.tip, canonical(h.action), h.explanation()) for h in hints(state)]


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_the_hints_are_the_same_whatever_the_hidden_cards_are(variant: str) -> None:
    differ = []
    for i, state in enumerate(_positions(variant, PER_VARIANT)):
        shown = _said(state)
        other = observe(state, state.turn).determinize(random.Random(i))
        if _said(other) != shown:
            differ.append((i, shown, _said(other)))
        assert not contradictions(hints(state), state), (i, [h.tip for h in hints(state)])
    assert not differ, differ[:2]
