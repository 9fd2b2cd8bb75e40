"""The cards everyone saw go into a hand with the pile (``State.known``): tracked by the moves,
kept by positions, and dealt to their hand in every world the expert samples."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.core.actions import Discard, MeldAction, TakePile
from engine.bots.base import observe
from engine.core.cards import parse_cards
from engine.core.errors import InvalidInputError
from engine.judge.game import apply
from engine.judge.legal import legal_actions
from engine.bots.levels import ExpertBot
from engine.position import dump_position, load_position
from engine.core.state import State
from tests.engine.helpers import position

# Seat 0's side has opened; the pile holds two nines and a five under the king seat 0 takes.
TAKE = position(["Kh", "Kd", "9c", "4s", "6d"], melds=[[["Ac", "Ad", "Ah"]], []], pile=["9s", "9h", "5c", "Ks"],
                hands=[["Kh", "Kd", "9c", "4s", "6d"], 11, 11, 11], stock=30, turn=0)


def cards(text: str) -> tuple[int, ...]:
    return tuple(sorted(parse_cards(text.split())))


def after_take() -> State:
    return apply(load_position(TAKE), TakePile(meld=cards("Kh Kd")))


def held(hand: tuple[int, ...], known: tuple[int, ...]) -> bool:
    return not Counter(known) - Counter(hand)


def test_a_pile_take_shows_the_pile_and_what_leaves_the_hand_is_struck_off() -> None:
    state = after_take()
    assert state.known[0] == cards("9s 9h 5c") and state.known[1:] == ((), (), ())
    state = apply(state, MeldAction(melds=(cards("9s 9h 9c"),)))  # a known nine and the nine it held
    assert state.known[0] == cards("5c")
    state = apply(state, Discard(parse_cards(["5c"])[0]))
    assert state.known == ((), (), (), ())


def test_a_discard_of_an_unknown_card_leaves_the_known_ones() -> None:
    state = apply(after_take(), Discard(parse_cards(["4s"])[0]))
    assert state.known[0] == cards("9s 9h 5c")


def test_every_sampled_world_deals_the_known_cards_to_the_taker() -> None:
    state = apply(after_take(), Discard(parse_cards(["4s"])[0]))  # seat 1 to act, seat 0 holds the nines
    obs = observe(state, 1)
    assert obs.known[0] == cards("9s 9h 5c")
    for seed in range(50):
        world = obs.determinize(random.Random(seed))
        assert held(world.hands[0], cards("9s 9h 5c"))
        assert [len(h) for h in world.hands] == [len(h) for h in state.hands]
        assert sorted(world.all_cards()) == sorted(state.all_cards())
        assert world.hands[1] == state.hands[1] and world.known == state.known


def test_the_expert_decides_the_same_whatever_is_hidden_around_the_known_cards() -> None:
    state = apply(after_take(), Discard(parse_cards(["4s"])[0]))
    other = observe(state, 1).determinize(random.Random(99))
    first = ExpertBot(playouts=6).choose(observe(state, 1), legal_actions(state), random.Random(1))
    second = ExpertBot(playouts=6).choose(observe(other, 1), legal_actions(other), random.Random(1))
    assert first == second


@pytest.mark.parametrize("reveal", [True, False])
def test_known_cards_survive_a_dump_and_load(reveal: bool) -> None:
    state = after_take()
    data = dump_position(state, reveal)
    assert data["known"][0] == ["5c", "9h", "9s"] or sorted(data["known"][0]) == ["5c", "9h", "9s"]
    again = load_position(data)
    assert again.known == state.known and held(again.hands[0], again.known[0])


def test_an_old_position_loads_with_nothing_known() -> None:
    data = dump_position(after_take(), reveal=True)
    del data["known"]
    assert load_position(data).known == ((), (), (), ())
    assert "known" not in dump_position(load_position(TAKE))  # nothing known: the field is left out


def test_a_hidden_hand_is_dealt_its_known_cards() -> None:
    for seed in range(5):
        state = load_position({**TAKE, "known": [[], ["Qs", "Qh"], [], []], "seed": seed})
        assert held(state.hands[1], cards("Qs Qh")) and len(state.hands[1]) == 11


@pytest.mark.parametrize(("known", "field", "says"), [
    ([["9s"], [], [], []], "known[0][0]", "does not hold the 9s"),  # seat 0's listed hand has no 9s
    ([["Kh", "Kh"], [], [], []], "known[0][1]", "does not hold"),  # one Kh in the hand, two known
    ([[], ["Qs"] * 12, [], []], "known[1]", "at most 11"),  # more than the hidden hand holds
    ([[], ["Ac", "Ac"], [], []], "known[1][1]", "too many"),  # one ace of clubs is melded, the decks hold two
    ([[], [], []], "known", "4 entries"),
    ([["Zz"], [], [], []], "known[0][0]", ""),
])
def test_known_cards_that_are_not_in_the_hand_are_refused(known: list[list[str]], field: str, says: str) -> None:
    with pytest.raises(InvalidInputError) as refused:
        load_position({**TAKE, "known": known})
    assert refused.value.field == field and says in str(refused.value)
