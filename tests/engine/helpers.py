"""Building positions and judging actions in tests, in the JSON form of the spec."""

from __future__ import annotations

from typing import Any

from engine.actions import parse_action
from engine.errors import IllegalActionError
from engine.game import apply
from engine.position import dump_position, load_position
from engine.state import State


def position(hand: list[str], **fields: Any) -> dict[str, Any]:
    """A Classic position with seat 0 to act holding ``hand``; the other hands are hidden."""
    data: dict[str, Any] = {"variant": "classic", "hands": [hand, 11, 11, 11], "pile": ["7s"]}
    data.update(fields)
    return data


def state_of(hand: list[str], **fields: Any) -> State:
    return load_position(position(hand, **fields))


def play(state: State, action: dict[str, Any]) -> State:
    return apply(state, parse_action(action))


def refusal(state: State, action: dict[str, Any]) -> IllegalActionError:
    """The refusal ``action`` meets; fails the test if it is accepted or changes ``state``."""
    before = dump_position(state, reveal=True)
    try:
        apply(state, parse_action(action))
    except IllegalActionError as error:
        assert dump_position(state, reveal=True) == before
        return error
    raise AssertionError(f"{action} was accepted")


def hand(state: State, seat: int = 0) -> list[str]:
    return dump_position(state, reveal=True)["hands"][seat]
