"""The steps every handler of the judge shares: the phase required, cards out of a hand, a seat's
or a team's item replaced in a tuple, a turn started, a hand ended (:mod:`engine.judge.moves`).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core.cards import RED_THREES, Card
from engine.core.errors import IllegalActionError
from engine.core.state import DICT_COPY, Phase, State, TurnState


def require_phase(state: State, phase: Phase) -> None:
    if state.phase is phase:
        return
    if state.phase is Phase.END:
        raise IllegalActionError("hand.over")
    if state.phase is Phase.ANSWER:
        raise IllegalActionError("turn.answer_pending")
    raise IllegalActionError("turn.draw_first" if state.phase is Phase.DRAW else "turn.already_drawn")


def take_from_hand(hand: Sequence[Card], cards: Sequence[Card]) -> tuple[Card, ...]:
    """``hand`` less ``cards`` (a multiset difference), or ``hand.not_held`` naming what is missing."""
    if len(cards) == 1 and cards[0] in hand:  # the commonest: one card (a discard)
        i = hand.index(cards[0])
        return tuple(hand[:i]) + tuple(hand[i + 1 :])
    rest = list(hand)
    missing = []
    for card in cards:
        try:
            rest.remove(card)
        except ValueError:
            missing.append(card)
    if missing:
        raise IllegalActionError("hand.not_held", cards=tuple(missing))
    return tuple(rest)


def less_known(known: tuple[Card, ...], cards: Sequence[Card]) -> tuple[Card, ...]:
    """A seat's known cards (``State.known``) less one copy of each of ``cards`` it holds: the
    cards the seat was seen to meld or discard."""
    rest = list(known)
    for card in cards:
        if card in rest:
            rest.remove(card)
    return tuple(rest)


def lay_out_red_threes(
    hand: tuple[Card, ...], stock: tuple[Card, ...], threes: tuple[Card, ...]
) -> tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]:
    """Red threes in hand go face up and are replaced from the stock (seed 001, at one's turn)."""
    while not RED_THREES.isdisjoint(hand):
        kept = tuple(c for c in hand if c not in RED_THREES)
        found = len(hand) - len(kept)
        threes += tuple(c for c in hand if c in RED_THREES)
        hand = tuple(sorted(kept + stock[:found]))
        stock = stock[found:]
    return hand, stock, threes


def replaced(values: tuple, index: int, value: object) -> tuple:
    """``values`` with the item at ``index`` (a seat or a team) replaced."""
    return values[:index] + (value,) + values[index + 1 :]


_NEW_TURN = TurnState()
_NEW_TURN_VALUES = _NEW_TURN.__dict__ if DICT_COPY else {}


def start_turn(state: State, seat: int) -> TurnState:
    melds = state.melds[state.seat_team[seat]]
    if not DICT_COPY:  # compiled: the native constructor
        return TurnState(concealed=not state.has_melded[seat], melds_before=len(melds),
                         meld_sizes=tuple([len(m.cards) for m in melds]))
    # as ``_NEW_TURN.evolve(...)`` (a dict copy is cheaper than a frozen dataclass's __init__),
    # without checking the three field names: every turn starts here
    values = _NEW_TURN_VALUES.copy()
    values["concealed"] = not state.has_melded[seat]
    values["melds_before"] = len(melds)
    values["meld_sizes"] = tuple([len(m.cards) for m in melds])
    new = _new_object(TurnState)
    _set_field(new, "__dict__", values)
    return new


_new_object, _set_field = object.__new__, object.__setattr__


def end_hand(state: State, **changes: object) -> State:
    return state.evolve(phase=Phase.END, **changes)
