"""The trusted path: an action from ``legal_actions(state)`` applied without the checks it has
passed gives the state ``apply`` gives; it does not judge, so nothing from outside may take it."""

from __future__ import annotations

import random

import pytest

from engine.bots.base import RandomBot, observe
from engine.bots.levels import make_bot
from engine.core.actions import AskGoOut, MeldAction
from engine.core.cards import parse_cards
from engine.core.deal import deal
from engine.core.errors import IllegalActionError
from engine.core.state import Phase
from engine.judge.game import apply, apply_trusted
from engine.judge.legal import legal_actions
from engine.variants import VARIANTS
from tests.engine.helpers import state_of


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_every_listed_action_applied_trusted_gives_the_judged_state(variant: str) -> None:
    rules = VARIANTS[variant].for_people(6 if variant == "royal" else 4)
    rng = random.Random(f"trusted/{variant}")
    kinds = {"meld": 0, "take_pile": 0, "ask_go_out": 0}
    for number, bot in enumerate([RandomBot(), RandomBot(), make_bot("club")]):
        state = deal(rules, rng, dealer=number % rules.players)
        while not state.is_over():
            legal = legal_actions(state)
            for action in legal:
                kinds[action.type] = kinds.get(action.type, 0) + 1
                assert apply_trusted(state, action) == apply(state, action), action
            state = apply(state, bot.choose(observe(state, state.turn), legal, rng))
    assert kinds["meld"] and kinds["take_pile"]  # the kinds the trusted path shortens were met


def test_asking_partner_trusted_gives_the_judged_state() -> None:
    """Asking is listed only where the quick search found a way out; trusted, the judge's search
    (up to 30 000 steps) is not run again."""
    state = state_of(["Ah", "Ac", "Ad", "5s"], phase="play",
                     melds=[[["Ks", "Kc", "Kd", "Kh", "Ks", "Kc", "Kd"]], []])
    assert AskGoOut() in legal_actions(state)
    asked = apply_trusted(state, AskGoOut())
    assert asked == apply(state, AskGoOut()) and asked.phase is Phase.ANSWER


def test_the_trusted_path_does_not_judge() -> None:
    """What ``apply`` refuses, the trusted path may let through: it is for the engine's own moves
    only (docs/engine.md, "The trusted path"); a person's, a lesson's or a position's goes to ``apply``."""
    state = state_of(["5h", "5c", "5d", "Ks", "7h", "9c"], phase="play")
    low = MeldAction(melds=(parse_cards(["5h", "5c", "5d"]),))  # 15 points: under the side's first minimum, 50
    assert low not in legal_actions(state)
    with pytest.raises(IllegalActionError) as refused:
        apply(state, low)
    assert refused.value.rule == "opening.minimum"
    assert apply_trusted(state, low).melds[0]
