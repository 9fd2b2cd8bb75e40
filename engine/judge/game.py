"""The judge: ``apply(state, action)`` returns the state after a legal action.

A refused action raises :class:`IllegalActionError` (rule id plus facts) and, the state being
immutable, changes nothing. Each action type has one handler, found by the action's ``type``;
the handlers check everything first and build the new state last. Most live in
:mod:`engine.judge.moves`; the rules that ask the going-out search live here, above it: asking
partner, a pile take after his "yes" (it must lead out), and declining the pile where a
variant obliges a player to take it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from engine.core.actions import Action, AskGoOut, DeclinePile, DrawReplacement, MeldAction, TakePile
from engine.core.errors import IllegalActionError
from engine.judge.going_out import leads_out, may_ask
from engine.judge.moves import (
    answer_go_out,
    discard,
    discard_checked,
    draw,
    draw_replacement,
    meld,
    meld_checked,
    take_pile,
    take_pile_checked,
)
from engine.core.rules import EndOfStock
from engine.judge.steps import end_hand, require_phase
from engine.core.state import Phase, State


def apply(state: State, action: Action) -> State:
    """The state after ``action`` by the player to act; raises if the rules refuse it (said to the
    player himself where his side is he alone)."""
    handler = _HANDLERS[action.type]
    try:
        return handler(state, action)
    except IllegalActionError as refusal:
        refusal.alone = len(state.teams[state.seat_team[state.turn]]) == 1
        raise


def apply_trusted(state: State, action: Action) -> State:
    """The state after ``action``, which the caller took from ``legal_actions(state)`` (the engine's
    own moves: self-play, the bots' playouts): what ``apply`` returns, without asking again the
    checks that only refuse and that every listed action has passed (the opening minimum, going
    out, a pile blocked, whether asking partner could lead out). Anything from outside, a person's,
    a lesson's, the command line's or a position's, goes through ``apply``."""
    return _TRUSTED.get(action.type, apply)(state, action)


def is_legal(state: State, action: Action) -> bool:
    check = _CHECKS.get(action.type)  # a meld action's checks, without building the state after it
    try:
        if check is None:
            apply(state, action)
        else:
            check(state, action)
    except IllegalActionError:
        return False
    return True


def _take_pile(state: State, action: TakePile) -> State:
    return keeps_way_out(state, take_pile(state, action))  # Royal, asked before the pile: the take must lead out


def _draw_replacement(state: State, action: DrawReplacement) -> State:
    return keeps_way_out(state, draw_replacement(state, action))


def keeps_way_out(before: State, after: State) -> State:
    """After partner's "yes" (the answer binds: seed 000 "Bordssamtal", 002 "die Antwort ist
    verbindlich", 001 "Leikurinn mun þá framfylgja niðurstöðunni") an action that leaves the player
    still to play this turn must leave the way out open (``leads_out``: the search ``legal_actions``
    lists the way out by); a meld is held to it by ``check_going_out`` (the whole way out at once)."""
    if (before.turn_state.permission is True and after.phase is not Phase.END and after.turn == before.turn
            and not leads_out(after)):
        raise IllegalActionError("going_out.required")
    return after


def _take_pile_trusted(state: State, action: TakePile) -> State:
    return take_pile(state, action, True)  # listed, so it leads out where it must


def _meld_trusted(state: State, action: MeldAction) -> State:
    return meld(state, action, True)


def _take_pile_check(state: State, action: TakePile) -> object:
    if state.turn_state.permission is True:  # whether the take leads out: asked of the state after it
        return _take_pile(state, action)
    return take_pile_checked(state, action)


def _ask_go_out(state: State, action: AskGoOut, trusted: bool = False) -> State:
    # Seed 000 "Bordssamtal": a player who means to take the pile asks before taking it.
    before_draw = state.phase is Phase.DRAW and state.rules.ask_before_pile
    if not before_draw:
        require_phase(state, Phase.PLAY)
    ts = state.turn_state
    if ts.asked:
        raise IllegalActionError("ask.twice")
    if ts.took_pile and state.rules.ask_before_pile:
        raise IllegalActionError("ask.after_pile")
    if ts.melded:
        raise IllegalActionError("ask.after_meld")
    partners = state.partners(state.turn)
    if not partners:
        raise IllegalActionError("ask.no_partner")
    if not trusted and not may_ask(state):  # listed only where the quick search found a way out
        raise IllegalActionError("ask.cannot_go_out")
    turn_state = ts.evolve(asked=True, asker=state.turn, before_draw=before_draw)
    return state.evolve(turn=partners[0], phase=Phase.ANSWER, turn_state=turn_state)


def _ask_go_out_trusted(state: State, action: AskGoOut) -> State:
    return _ask_go_out(state, action, True)


def _decline_pile(state: State, action: DeclinePile) -> State:
    require_phase(state, Phase.DRAW)
    if state.stock:
        raise IllegalActionError("stock.not_empty")
    if state.rules.end_of_stock is EndOfStock.MUST_TAKE_FITTING:
        team = state.team_of(state.turn)
        for index in range(len(state.melds[team])):
            if is_legal(state, TakePile(onto=index)):
                raise IllegalActionError("stock.must_take", top=state.pile[-1])
    return end_hand(state, went_out=None)


_HANDLERS: Mapping[str, Callable[[State, Action], State]] = {
    "draw": draw,  # type: ignore[dict-item]
    "take_pile": _take_pile,  # type: ignore[dict-item]
    "meld": meld,  # type: ignore[dict-item]
    "discard": discard,  # type: ignore[dict-item]
    "ask_go_out": _ask_go_out,  # type: ignore[dict-item]
    "answer_go_out": answer_go_out,  # type: ignore[dict-item]
    "decline_pile": _decline_pile,  # type: ignore[dict-item]
    "draw_replacement": _draw_replacement,  # type: ignore[dict-item]
}
_CHECKS: Mapping[str, Callable[[State, Action], object]] = {
    "meld": meld_checked,  # type: ignore[dict-item]
    "discard": discard_checked,  # type: ignore[dict-item]
    "take_pile": _take_pile_check,  # type: ignore[dict-item]
}
_TRUSTED: Mapping[str, Callable[[State, Action], State]] = {
    "meld": _meld_trusted,  # type: ignore[dict-item]
    "take_pile": _take_pile_trusted,  # type: ignore[dict-item]
    "ask_go_out": _ask_go_out_trusted,  # type: ignore[dict-item]
}
