"""The going-out search (seed 001 "Að fara út"): it finds a way out exactly when there is one."""

from __future__ import annotations

import pytest

from engine.core.actions import Discard
from engine.judge.game import apply
from engine.judge.going_out import going_out_plan
from engine.core.state import Phase, State
from tests.engine.helpers import state_of
from tests.engine.judge.test_properties import SEEDS, _walk

OPENED = {"melds": [[["Qh", "Qd", "Qc"]], []], "phase": "play"}


def _finish(state: State) -> State:
    plan = going_out_plan(state)
    assert plan is not None
    if plan.meld is not None:
        state = apply(state, plan.meld)
    if plan.discard is not None:
        state = apply(state, Discard(plan.discard))
    return state


def test_wild_cards_make_the_canasta_and_the_odd_card_is_discarded() -> None:
    state = state_of(["9c", "9d", "9h", "9s", "9c", "2d", "JK", "5s"], **OPENED)
    plan = going_out_plan(state)
    assert plan is not None and plan.discard is not None
    final = _finish(state)
    assert final.phase is Phase.END and final.went_out == 0


@pytest.mark.parametrize(
    "cards",
    [
        ["9c", "9d", "9h", "9s", "9c", "2d", "5s", "6h"],  # two lone cards, one discard
        ["9c", "9d", "9h", "9s", "9c", "2d", "3c", "3s"],  # two black threes cannot be melded
        ["9c", "9d", "9h", "9s", "9c", "5s"],  # no canasta within reach
    ],
)
def test_no_way_out(cards: list[str]) -> None:
    assert going_out_plan(state_of(cards, **OPENED)) is None


def test_laying_off_on_the_sides_melds_counts() -> None:
    melds = [[["Qh", "Qd", "Qc", "Qs", "Qh", "2c"]], []]
    state = state_of(["Qd", "7c", "7d", "7h"], phase="play", melds=melds)
    final = _finish(state)
    assert final.went_out == 0 and final.melds[0][0].size == 7


@pytest.mark.parametrize("seed", SEEDS)
def test_every_plan_found_in_play_goes_out(seed: int) -> None:
    for state in _walk(seed, ("basic",) * 4):
        if state.phase is Phase.PLAY and state.turn_state.permission is None and going_out_plan(state):
            assert _finish(state).went_out == state.turn
