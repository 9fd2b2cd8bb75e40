"""States, turn states and melds: built by their own constructors, immutable, and copied by
``evolve`` as ``dataclasses.replace`` would, in both forms of the engine (docs/engine.md)."""

from __future__ import annotations

import dataclasses
import random
import types

import pytest

from engine import ENGINE
from engine.core.actions import Discard, Layoff, MeldAction, TakePile
from engine.core.deal import deal
from engine.core.melds import Meld, MeldKind
from engine.judge.going_out import GoingOut, _Group
from engine.core.state import Phase, State, TurnState
from engine.variants import VARIANTS


def _state() -> State:
    return deal(VARIANTS["royal"].for_people(6), random.Random(3))


def test_a_state_a_turn_state_and_a_meld_cannot_be_changed() -> None:
    state = _state()
    meld = Meld((4, 5, 6), 2, 3, 0)
    for value, name in ((state, "turn"), (state, "hands"), (state.turn_state, "melded"), (meld, "cards")):
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(value, name, getattr(value, name))
        with pytest.raises(dataclasses.FrozenInstanceError):
            delattr(value, name)


def test_the_constructor_fills_the_per_seat_fields_left_empty() -> None:
    state = _state()
    rules = state.rules
    bare = State(rules, 6, rules.teams, 0, 1, Phase.DRAW, (0, 0), state.hands, ((), ()), ((), ()), (), state.stock)
    assert bare.seat_team == (0, 1, 0, 1, 0, 1) and rules.teams == ((0, 2, 4), (1, 3, 5))
    assert bare.has_melded == bare.hidden == (False,) * 6
    assert bare.pile_threes == (0,) * 6 and bare.known == ((),) * 6
    assert bare.turn_state == TurnState() and bare.stock_hidden and bare.went_out is None
    given = State(rules, 6, rules.teams, 0, 1, Phase.DRAW, (0, 0), state.hands, ((), ()), ((), ()), (), state.stock,
                  has_melded=(True,) * 6, pile_threes=(1,) * 6, hidden=(True,) * 6, known=((7,),) * 6)
    assert given.has_melded == given.hidden == (True,) * 6
    assert given.pile_threes == (1,) * 6 and given.known == ((7,),) * 6


def test_evolve_is_replace_and_shares_what_it_does_not_change() -> None:
    state = _state()
    rng = random.Random(5)
    names = [f.name for f in dataclasses.fields(State)]
    for _ in range(200):
        changed = rng.sample(names, rng.randrange(0, 5))
        changes = {name: getattr(state.evolve(), name) for name in changed}
        changes.update({"turn": rng.randrange(6)} if "turn" in changed else {})
        after = state.evolve(**changes)
        assert after == dataclasses.replace(state, **changes) and after is not state
        for name in names:
            assert getattr(after, name) is (changes[name] if name in changes else getattr(state, name))
    ts = state.turn_state.evolve(melded=True, asker=2)
    assert ts == TurnState(melded=True, asker=2) and ts.meld_sizes is state.turn_state.meld_sizes


def test_equal_values_are_equal() -> None:
    one, two = _state(), _state()
    assert one == two and one is not two
    assert one.evolve(turn=2) != two
    assert Meld((4, 5, 6), 2, 3, 0) == Meld((4, 5, 6), 2, 3, 0, MeldKind.RANK)
    assert hash(Meld((4, 5, 6), 2, 3, 0)) == hash(Meld((4, 5, 6), 2, 3, 0))  # melds are dict keys
    assert repr(Meld((4, 5, 6), 2, 3, 0)) == "Meld(cards=(4, 5, 6), rank=2, naturals=3, wilds=0, kind=<MeldKind.RANK: 'rank'>)"


@pytest.mark.skipif(ENGINE != "compiled", reason="the compiled engine is not loaded")
def test_compiled_the_constructors_are_native_code() -> None:
    """The constructors ``dataclasses`` generates stay interpreted code under mypyc; these are the
    source's own, compiled (docs/speed.md)."""
    for cls in (State, TurnState, Meld, Layoff, TakePile, MeldAction, Discard, GoingOut, _Group):
        assert not isinstance(cls.__init__, types.FunctionType), cls


def test_actions_built_by_their_own_constructors_are_the_dataclasses_values() -> None:
    """The actions the lists build by the thousand have their ``__init__`` written out (compiled, a
    native store a field); positions, keywords, defaults, equality, hashing and ``replace`` are the
    dataclass's."""
    assert Layoff(3, (4, 5)) == Layoff(onto=3, cards=(4, 5)) and hash(Layoff(3, (4,))) == hash(Layoff(3, (4,)))
    assert TakePile() == TakePile((), None, ()) and TakePile(onto=2).meld == () and TakePile(onto=2).melds == ()
    take = TakePile(meld=(20, 21), melds=((24, 25, 26),))
    assert dataclasses.replace(take, onto=1) == TakePile((20, 21), 1, ((24, 25, 26),))
    meld = MeldAction(((8, 9, 10),), (Layoff(0, (4,)),))
    assert meld == MeldAction(melds=((8, 9, 10),), layoffs=(Layoff(0, (4,)),)) and meld.moves == ()
    assert repr(MeldAction(melds=((8, 9, 10),))) == "MeldAction(melds=((8, 9, 10),), layoffs=())"
    assert Discard(7) == Discard(7, None) != Discard(7, 0) and Discard(card=7, meld=1).meld == 1
    assert GoingOut(None, 7).discard == 7
    group = _Group(5, [16, 17], None, 2, 1, 2, [])
    assert (group.rank, group.cards, group.onto, group.size, group.demand, group.capacity, group.wilds) == (
        5, [16, 17], None, 2, 1, 2, [])
    for value in (Layoff(3, (4,)), take, meld, Discard(7)):
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(value, dataclasses.fields(value)[0].name, None)
