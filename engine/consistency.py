"""A position that contradicts itself is refused, not judged: the checks after its fields are read.

Each field of a position may be well formed while the whole is impossible: an answer phase nobody
asked in, a partner's answer before the draw, a player who went out still holding cards, a Royal
replacement owed in Classic. Judging such a position gives verdicts the rules never meant (legal
actions the judge then refuses, a going-out bonus and a hand penalty at once), so the command line
and the app's stores refuse it with the field at fault named. Every position the engine itself
reaches passes (``tests/engine/test_positions_boundary.py`` replays random games through it).
"""

from __future__ import annotations

from dataclasses import fields

from engine.core.errors import InvalidInputError
from engine.core.i18n import N_
from engine.core.state import Phase, State, TurnState

_FRESH = TurnState()
# TurnState fields that are set at the start of a turn from the table (engine.judge.steps.start_turn), so
# they may differ from TurnState's defaults before the draw; every other field must be at its default,
# but where a variant lets the player ask to go out before the draw (a turn state with ``before_draw``
# set), the question and its answer stand before the draw too.
SET_AT_TURN_START = frozenset({"concealed", "melds_before", "meld_sizes"})
ASKED_BEFORE_DRAW = frozenset({"asked", "permission", "before_draw"})


def check_consistency(state: State) -> None:
    _check_turn_state(state)
    _check_variant_fields(state)
    _check_ending(state)
    if state.phase is Phase.PLAY and not state.hands[state.turn]:
        raise InvalidInputError(f"hands[{state.turn}]", N_(
            "the player to act in the play phase holds no cards (a hand that went out is in phase end)"))


def _check_turn_state(state: State) -> None:
    ts = state.turn_state
    if state.phase is Phase.DRAW:  # nothing of the turn has happened before the draw
        exempt = SET_AT_TURN_START | (ASKED_BEFORE_DRAW if getattr(ts, "before_draw", False) else frozenset())
        for item in fields(TurnState):
            if item.name in exempt:
                continue
            if getattr(ts, item.name) != getattr(_FRESH, item.name):
                raise InvalidInputError(f"turn_state.{item.name}", N_(
                    "must be left out or {value} in the draw phase: nothing of the turn has happened yet"),
                                        value=_json(getattr(_FRESH, item.name)))
    team = state.team_of(state.turn)
    if ts.melds_before > len(state.melds[team]):
        raise InvalidInputError("turn_state.melds_before", N_(
            "more melds before the turn ({before}) than the side of the player to act has ({melds})"),
                                before=ts.melds_before, melds=len(state.melds[team]))
    if state.phase is Phase.ANSWER:
        if ts.asker is None:
            raise InvalidInputError("turn_state.asker", N_("a position in the answer phase names who asked"))
        if ts.asker == state.turn or state.team_of(ts.asker) != team:
            raise InvalidInputError("turn_state.asker", N_(
                "seat {seat} cannot have asked seat {turn}: only a partner of the player to act asks"),
                                    seat=ts.asker, turn=state.turn)
        if not ts.asked:
            raise InvalidInputError("turn_state.asked", N_("must be true in the answer phase"))
    elif ts.asker is not None and state.phase is not Phase.END:
        raise InvalidInputError("turn_state.asker", N_("only a position in the answer phase names who asked"))
    if ts.permission is not None and not ts.asked:
        raise InvalidInputError("turn_state.permission", N_("an answer needs a question: turn_state.asked is false"))


def _check_variant_fields(state: State) -> None:
    if state.rules.red_threes_laid_out:  # Royal's: red threes melded from the hand, and from the pile
        if state.turn_state.replacements:
            raise InvalidInputError("turn_state.replacements", N_(
                "only where red threes are melded (Royal) is a replacement owed; here it must be 0"))
        if any(state.pile_threes):
            raise InvalidInputError("pile_threes", N_(
                "only where red threes are melded (Royal) are they counted; here they must be 0"))


def _check_ending(state: State) -> None:
    if state.phase is not Phase.END:
        for key, value in (("went_out", state.went_out is not None), ("concealed", state.concealed),
                           ("hand_canasta", state.hand_canasta)):
            if value:
                raise InvalidInputError(key, N_("only a position at the end of a hand (phase end) says this"))
        return
    if state.went_out is None:
        if state.concealed or state.hand_canasta:
            raise InvalidInputError("concealed" if state.concealed else "hand_canasta",
                                    N_("nobody went out (went_out is null), so nobody went out concealed"))
        return
    if state.hands[state.went_out]:
        raise InvalidInputError("went_out", N_("seat {seat} still holds cards: who goes out holds none"),
                                seat=state.went_out)
    if state.hand_canasta and not state.concealed:
        raise InvalidInputError("hand_canasta", N_("a Hand-Canasta is a concealed going out: concealed must be true"))


def _json(value: object) -> str:
    return "null" if value is None else str(value).lower() if isinstance(value, bool) else str(value)
