"""Who is who at the table, told from the learner's chair, and why an action is closed to him.

Seats are named as a person sits ("You", "Partner", "Left", "Right"), never by number, on the
table and in its play-by-play alike (:func:`seen_by`: the learner's own moves in the second
person, "You draw from the stock."); only the engine's command line keeps compass names. Why a button is closed is the engine's refusal of the action the learner's taps
would build (no rule is decided here), or what is missing: whose turn it is, a selection.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from engine.actions import Action, AskGoOut, DeclinePile, Discard, Draw, DrawReplacement
from engine.errors import IllegalActionError
from engine.game import apply
from engine.i18n import N_, translate
from engine.describe import SeenBy, seat_name
from engine.state import State
from tutor.messages import Message

if TYPE_CHECKING:
    from tutor.model import TableModel

# Seats named from the learner's chair, by the table's seats, from the learner on in the order of
# play (to the left). At 6 seats the sides alternate: opponents left, across and right.
RELATIVE_SEATS: Mapping[int, tuple[str, ...]] = {
    2: (N_("You"), N_("Opponent")),
    3: (N_("You"), N_("Left"), N_("Right")),
    4: (N_("You"), N_("Left"), N_("Partner"), N_("Right")),
    6: (N_("You"), N_("Left"), N_("Partner on the left"), N_("Across"), N_("Partner on the right"), N_("Right")),
}


def seat_label(players: int, learner: int, seat: int, lang: str) -> str:
    names = RELATIVE_SEATS.get(players)
    if names is None:  # no such table today: the compass name, never a number
        return seat_name(players, seat, lang)
    return translate(names[(seat - learner) % players], lang)


def seen_by(players: int, learner: int) -> SeenBy:
    """The play-by-play told to the learner in ``learner``'s seat, the others named from there."""
    return SeenBy(learner, lambda seat, lang: seat_label(players, learner, seat, lang))


def team_label(state: State, learner: int, team: int, lang: str) -> str:
    names = [seat_label(state.players, learner, seat, lang) for seat in state.teams[team]]
    if len(names) == 1:
        return names[0]
    return Message.text(N_("{first} and {second}"), first=", ".join(names[:-1]), second=names[-1])(lang)


def why_not(model: TableModel, kind: str) -> Message | None:
    """Why ``kind`` is closed to the learner now (``None``: it is open)."""
    if kind == "undo":
        if not model.practice:
            return Message.text(N_("Lessons are played without undo: try again or start over instead."))
        return None if model.history else Message.text(N_("There is no move of yours to take back yet."))
    if kind in ("clear", "stage"):
        return None if model.selected or (kind == "clear" and model.staged_at) else Message.text(
            N_("Select cards in your hand first."))
    closed = _not_your_turn(model)
    if closed is not None:
        return closed
    if kind == "hint":
        run = model.lesson
        return Message.text(N_("A mastery check is played without hints.")) if run is not None and run.variation else None
    if kind in ("meld", "discard") and model.state.phase.value == "play":
        if kind == "meld" and not model.selected and not model.staged_at:
            return Message.text(N_("Select the cards of a meld first."))
        if kind == "discard" and len(model.selected) != 1:
            return Message.text(N_("Select one card to discard."))
    error = _refusal(model.state, _action_for(model, kind))
    if error is None:
        return None
    top = model.state.top()
    if kind == "take_pile" and not model.selected and top is not None and error.rule in ("pile.onto_rank",
                                                                                           "meld.too_small"):
        # the pile is open, but no meld of the side takes its top card: the learner picks the cards
        return Message.text(N_("Select the cards from your hand that meld with the {card} first."), card=top)
    return Message.refusal(error)


def _not_your_turn(model: TableModel) -> Message | None:
    run = model.lesson
    if run is not None and run.consequence is not None:
        return Message.text(N_("Try again first: the table shows where your move would lead."))
    if run is not None and run.is_over():
        return Message.text(N_("The lesson is over."))
    if model.state.is_over():
        return Message.text(N_("The hand is over."))
    if model.state.turn != model.seat:
        return Message.text(N_("{name} is playing."), name=model.seat_label(model.state.turn))
    return None


def _action_for(model: TableModel, kind: str) -> Action:
    """The action of ``kind`` the learner's taps would build now."""
    if kind == "meld":
        return model.meld_action()
    if kind == "take_pile":
        return model.pile_action()
    if kind == "discard":
        chosen = model.discard_action()
        if chosen is not None or not model.hand:
            return chosen or Draw()  # no card to discard: the engine says why a move is closed
        return Discard(model.hand[0])
    simple: dict[str, Action] = {"draw": Draw(), "ask_go_out": AskGoOut(), "decline_pile": DeclinePile(),
                                 "draw_replacement": DrawReplacement()}
    return simple[kind]


def _refusal(state: State, action: Action) -> IllegalActionError | None:
    try:
        apply(state, action)
    except IllegalActionError as error:
        return error
    return None
