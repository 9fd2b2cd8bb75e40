"""Who is who at the table, told from the learner's chair, and why an action is closed to him.

Seats are named as a person sits ("You", "Partner", "Left", "Right"), never by number, on the
table and in its play-by-play alike (:func:`seen_by`: the learner's own moves in the second
person, "You draw from the stock."); only the engine's command line keeps compass names. Why a button is closed is the engine's refusal of the action the learner's taps
would build (no rule is decided here), or what is missing: whose turn it is, a selection.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol

from engine.core.actions import Action, AskGoOut, DeclinePile, Discard, Draw, DrawReplacement, MeldAction, TakePile
from engine.core.cards import WILD, Card, pretty_card, rank
from engine.core.errors import IllegalActionError
from engine.judge.game import apply
from engine.judge.legal import legal_actions
from engine.core.i18n import N_, translate
from engine.describe import SeenBy, seat_name
from engine.core.state import State
from tutor.lessons.run import LessonRun
from tutor.text.messages import Message


class Table(Protocol):
    """What :func:`why_not` reads of :class:`tutor.table.model.TableModel`, which imports this module:
    a protocol, so that the import goes one way."""

    @property
    def practice(self) -> bool: ...
    @property
    def history(self) -> Sequence[object]: ...
    @property
    def selected(self) -> list[int]: ...
    @property
    def staged_at(self) -> list[tuple[int, ...]]: ...
    @property
    def lesson(self) -> LessonRun | None: ...
    @property
    def state(self) -> State: ...
    @property
    def seat(self) -> int: ...
    @property
    def hand(self) -> tuple[Card, ...]: ...
    def game_over(self) -> bool: ...
    def is_my_turn(self) -> bool: ...
    def seat_label(self, seat: int) -> str: ...
    def meld_action(self) -> MeldAction: ...
    def pile_action(self, onto: int | None = None) -> TakePile: ...
    def discard_action(self) -> Discard | None: ...

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


def why_not(model: Table, kind: str) -> Message | None:
    """Why ``kind`` is closed to the learner now (``None``: it is open)."""
    if kind == "undo":
        if not model.practice:
            return Message.text(N_("Lessons are played without undo: try again or start over instead."))
        return None if model.history else Message.text(N_("There is no move of yours to take back yet."))
    if kind in ("clear", "stage"):
        return None if model.selected or (kind == "clear" and model.staged_at) else Message.text(
            N_("Select cards in your hand first."))
    if kind == "next_hand":  # its key (N) works while its button is hidden
        if model.lesson is not None:
            return Message.text(N_("A lesson is a single hand: it has no next hand."))
        if model.game_over():
            return Message.text(N_("The game is over: choose a variant to start a new game."))
        return None if model.state.is_over() else Message.text(N_("The next hand is dealt when this one is over."))
    closed = _not_your_turn(model)
    if closed is not None:
        return closed
    if kind == "hint":
        run = model.lesson
        return Message.text(N_("A mastery check is played without hints.")) if run is not None and run.variation else None
    if kind in ("meld", "discard") and model.state.phase.value == "play":
        if kind == "meld" and not model.selected and not model.staged_at:
            return Message.text(N_("Select the cards of a meld first."))
        if kind == "discard" and model.discard_action() is None:
            return Message.text(N_("Select one card to discard."))
    if kind == "take_pile":
        incomplete = _incomplete_take(model)
        if incomplete is not None:
            return incomplete
    error = _refusal(model.state, _action_for(model, kind))
    if error is None:
        return None
    if kind == "take_pile" and not model.selected:
        said = _take_with_nothing_selected(model, error)
        if said is not None:
            return said
    return Message.refusal(error)


def take_is_incomplete(model: Table) -> bool:
    """Whether Take the pile, tapped now with nothing selected, is only incomplete: the shell then
    says what to select or tap (:func:`why_not`) instead of playing a take the engine refuses (which
    a lesson would count as a mistake) or one the learner did not choose."""
    return _incomplete_take(model) is not None


def _incomplete_take(model: Table) -> Message | None:
    """What a Take the pile tap with nothing selected lacks, if it lacks something: the meld, where
    more than one of the side's melds takes the top card (Royal's Samba and its rank's meld); the
    cards from the hand, where no meld takes it but those cards do."""
    state = model.state
    top = state.top()
    if model.selected or not model.is_my_turn() or top is None or state.phase.value != "draw":
        return None
    takes = [a for a in legal_actions(state) if isinstance(a, TakePile)]
    onto = {a.onto for a in takes if a.onto is not None}
    if len(onto) > 1:
        return Message.text(N_("More than one of your side's melds takes the {card}: tap the one it goes onto."),
                            card=top)
    # no meld of the side takes it, nor is one of its rank (whose refusal, a frozen pile, teaches):
    # the tap would lay it on a meld the learner never chose
    mine = state.melds[state.team_of(state.turn)]
    if not onto and not any(m.rank == rank(top) for m in mine) and any(a.meld for a in takes):
        return Message.text(N_("Select the cards from your hand that meld with the {card} first."), card=top)
    return None


_NO_MELD_TAKES_IT = ("pile.onto_rank", "meld.too_small")


def _take_with_nothing_selected(model: Table, error: IllegalActionError) -> Message | None:
    """Why the pile cannot be taken, where no take is open and the one the taps build (onto the
    side's meld of the top card's rank, else its first meld) was refused: the engine's refusal of the
    take with the hand's natural cards of that rank (the opening minimum, say); else, where no meld
    of the side takes the top card either, that nothing fits. None: the engine's refusal of the
    tapped take says it (a frozen or blocked pile)."""
    state = model.state
    top = state.top()
    if top is None:
        return None
    hand = state.hands[state.turn]
    naturals = tuple(c for c in hand if not WILD[c] and rank(c) == rank(top))
    wilds = tuple(c for c in hand if WILD[c])
    with_hand = naturals if len(naturals) >= 2 else naturals + wilds[:1] if naturals and wilds else None
    if with_hand is not None:
        other = _refusal(state, TakePile(meld=with_hand))
        if other is not None:
            return Message.refusal(other)
    if error.rule in _NO_MELD_TAKES_IT:
        return Message.text(N_("The {top} on top fits neither your side's melds nor the cards you hold: draw from"
                               " the stock."), top=top)
    return None


# The buttons a set-aside tip names, as the table labels them (tutor.views.widgets.ACTIONS).
_BUTTONS = {"button_set_aside": N_("Set aside as a meld"), "button_take_pile": N_("Take the pile"),
            "button_meld": N_("Meld")}


def with_set_aside(said: Message, state: State, action: Action, rule: str) -> Message:
    """A refusal, and where the learner put several melds' cards into one selection, how to put
    them down together: each set aside first (the app's button; the engine knows no selection)."""
    top = state.top()
    if isinstance(action, TakePile) and action.meld and top is not None and rule == "pile.top_card" and any(
            not WILD[c] and rank(c) == rank(top) for c in action.meld):
        tip = N_("Set the other melds aside first with \u201c{button_set_aside}\u201d, then select the cards that go"
                 " with the {card} and tap \u201c{button_take_pile}\u201d.")
    elif isinstance(action, MeldAction) and action.melds and rule == "meld.mixed_ranks":
        tip = N_("To put down melds of several ranks at once, set each aside with \u201c{button_set_aside}\u201d,"
                 " then tap \u201c{button_meld}\u201d.")
    else:
        return said

    def told(lang: str) -> str:
        buttons = {key: translate(label, lang) for key, label in _BUTTONS.items()}
        card = pretty_card(top, lang) if top is not None else ""
        return f"{said(lang)} {translate(tip, lang).format(card=card, **buttons)}"
    return Message(told)


def _not_your_turn(model: Table) -> Message | None:
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


def _action_for(model: Table, kind: str) -> Action:
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
