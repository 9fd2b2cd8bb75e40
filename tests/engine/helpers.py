"""Building positions and judging actions in tests, in the JSON form of the spec."""

from __future__ import annotations

from typing import Any

from engine.core.actions import Action, Discard, MeldAction, parse_action
from engine.core.errors import IllegalActionError
from engine.judge.game import apply
from engine.position import dump_position, load_position
from engine.core.state import State


def position(hand: list[str], **fields: Any) -> dict[str, Any]:
    """A four-player position (Classic unless ``variant`` is given) with seat 0 to act holding
    ``hand``; the other hands are hidden."""
    data: dict[str, Any] = {"variant": "classic", "hands": [hand, 11, 11, 11], "pile": ["7s"]}
    data.update(fields)
    return data


def state_of(hand: list[str], **fields: Any) -> State:
    return load_position(position(hand, **fields))


def order_with(rules: Any, upcards: list[str]) -> list[int]:
    """A full deck order for ``rules``' table whose cards after the dealt ones start with ``upcards``."""
    from engine.core.cards import parse_cards

    rest = list(rules.deck())
    for card in parse_cards(upcards):
        rest.remove(card)
    dealt = rules.hand_size * rules.players
    return rest[:dealt] + list(parse_cards(upcards)) + rest[dealt:]


def play(state: State, action: dict[str, Any]) -> State:
    return apply(state, parse_action(action))


def refusal(state: State, action: dict[str, Any]) -> IllegalActionError:
    """The refusal ``action`` meets; fails the test if it is accepted or changes ``state``."""
    before = dump_position(state, reveal=True)
    try:
        apply(state, parse_action(action))
    except IllegalActionError as error:
        assert dump_position(state, reveal=True) == before
        assert state.rules.source(error.rule) is not None, f"{error.rule} names no seed section for {state.rules.name}"
        return error
    raise AssertionError(f"{action} was accepted")


def hand(state: State, seat: int = 0) -> list[str]:
    return dump_position(state, reveal=True)["hands"][seat]


def discard_of(action: Action) -> Discard:
    """An action (a hint's, say) as the discard a test reads, or a clear failure naming what it was."""
    assert isinstance(action, Discard), action
    return action


def meld_of(action: Action) -> MeldAction:
    """An action as the meld a test reads, or a clear failure naming what it was."""
    assert isinstance(action, MeldAction), action
    return action
