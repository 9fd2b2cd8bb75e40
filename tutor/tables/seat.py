"""What one seat of a table for people is shown: the table's view-model (tutor.table.model.TableModel,
drawn by the same views as a game against the computer) built from that seat's observation only.

``seat_state`` keeps of the position what the seat may know (engine.bots.base.observe: its own hand,
the table, the sizes of what is hidden): every other hand is its known cards (taken with the pile in
view) and, for the rest, a face-down placeholder; the stock and the cards out of play are
placeholders too. So no card the seat may not see is in its model, and none can reach its browser
whatever a view draws. Once the hand is over the hands are laid down for the count, as at a real table.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from engine.bots.base import observe
from engine.core.actions import parse_action
from engine.core.cards import JOKER
from engine.core.i18n import N_
from engine.core.state import State
from engine.describe import SeenBy
from engine.position import dump_position
from tutor.table.model import TableModel
from tutor.table import seats as chairs
from tutor.tables.actor import OVER, PLAYING, WAITING, Happened, Seat, TableActor
from tutor.text.messages import Message

FACE_DOWN = JOKER  # what stands for a card the seat cannot see (never drawn: the views show counts)


def seat_state(state: State, seat: int) -> State:
    """The position as ``seat`` may know it (see the module's text)."""
    if state.is_over():
        return state
    seen = observe(state, seat)
    sizes, known = seen.hand_sizes, seen.known
    hands = tuple(
        seen.hand if other == seat else
        tuple(sorted(known[other] + (FACE_DOWN,) * (sizes[other] - len(known[other])))) if known else
        (FACE_DOWN,) * sizes[other]
        for other in range(state.players))
    return state.evolve(hands=hands, stock=(FACE_DOWN,) * seen.stock_size,
                        out_of_play=(FACE_DOWN,) * len(state.out_of_play))


def hint_position(state: State, seat: int) -> dict[str, Any]:
    """The position a hint is drawn from: the seat's own hand and the table, the rest as counts (the
    worker deals the unseen cards at random, as a bot's guess)."""
    hidden = tuple(other != seat for other in range(state.players))
    return dump_position(state.evolve(hidden=hidden, stock_hidden=True))


@dataclass
class SeatModel(TableModel):
    """One person's view of a table for people. Actions are not played here but sent to the table's
    actor (tutor/shell/people.py); ``follow`` brings the view up to the actor's last event."""

    free_game: ClassVar[bool] = False  # the table's: nobody changes its variant from a seat

    seats_at: tuple[Seat, ...] = ()
    status: str = "waiting"
    number: int = 0  # the last event of the table this view has followed
    hints_on: bool = True

    @classmethod
    def at(cls, actor: TableActor, seat: int, lang: str) -> SeatModel:
        form = actor.form
        model = cls(rules=form.rules, state=seat_state(form.state, seat), lang=lang, seat=seat, practice=False,
                    seed=form.seed, hand_number=1)  # counted as the story is told (follow)
        model.follow(actor)
        return model

    def follow(self, actor: TableActor) -> None:
        """Catch up with the table: each event since the last one followed told in the log; if those are
        no longer kept, the table as it stands."""
        missed = actor.since(self.number)
        if missed is None:
            self.said = []
            missed = []
        self.seats_at = actor.form.seats  # people named as they sit now, in the story told below too
        for happened in missed:
            self._tell(happened, actor)
        form = actor.form
        self.seats_at, self.status, self.hints_on = form.seats, form.status, form.hints
        self.hand_number = form.hand_number
        if self.state is not form.state:
            self.state = seat_state(form.state, self.seat)
        self.number = actor.version

    def _tell(self, happened: Happened, actor: TableActor) -> None:
        event = happened.event
        if event.kind in ("act", "stand_in"):
            before, after = seat_state(happened.before, self.seat), seat_state(happened.after, self.seat)
            self._advance(before, parse_action(event.detail), after)
            if event.seat == self.seat:
                self.clear()
        elif event.kind == "sit":
            self._say(Message.text(N_("{name} sits down at the table."), name=str(event.detail.get("name", ""))))
        elif event.kind == "away":
            if event.seat == self.seat:
                self._say(Message.text(N_("You let the table wait too long: a computer player plays for you until you "
                                          "are back.")))
            else:
                self._say(Message.text(N_("{name} is away: a computer player plays for them until they are back."),
                                       name=self._named(event.seat, self.lang)))
        elif event.kind == "back":
            if event.seat == self.seat:
                self._say(Message.text(N_("You are back at the table.")))
            else:
                self._say(Message.text(N_("{name} is back at the table."), name=self._named(event.seat, self.lang)))
        elif event.kind == "leave":
            self._say(Message.text(N_("{name} leaves the table; a computer player takes the seat."),
                                   name=str(event.detail.get("name", ""))))
        elif event.kind == "give":
            if event.detail.get("open"):
                said = N_("The host frees the seat of {name} for another person; a computer player holds it meanwhile.")
            else:
                said = N_("The host gives the seat of {name} to a computer player.")
            name = str(event.detail.get("name", "")) or chairs.seat_label(self.state.players, self.seat, event.seat,
                                                                           self.lang)
            self._say(Message.text(said, name=name))
        elif event.kind == "end":
            self._say(Message.text(N_("The teacher has ended the table.")))
        elif event.kind == "start":
            self._say(Message.text(N_("The game begins.")))
            self._say(Message.deal(seat_state(happened.after, self.seat), 1, self.seen))
        elif event.kind == "next_hand":
            scores = self.this_hand()
            if scores is not None:
                self.past_scores.append(scores)
            self.state = seat_state(happened.after, self.seat)
            self.review = []
            self.clear()
            if happened.after is not happened.before:  # a new hand (else the game is over)
                self.hand_number += 1
                self._say(Message.deal(self.state, self.hand_number, self.seen))

    # -- who is who: people by name ---------------------------------------------------------------------

    def seat_label(self, seat: int) -> str:
        place = chairs.seat_label(self.state.players, self.seat, seat, self.lang)
        if seat == self.seat or seat >= len(self.seats_at) or not self.seats_at[seat].name:
            return place
        return Message.text(N_("{name} ({seat})"), name=self.seats_at[seat].name, seat=place)(self.lang)

    def team_label(self, team: int) -> str:
        """A side by its people's names: "Hugo and You", "Left and Right"."""
        names = [self._named(seat, self.lang) for seat in self.state.teams[team]]
        if len(names) == 1:
            return names[0]
        return Message.text(N_("{first} and {second}"), first=", ".join(names[:-1]), second=names[-1])(self.lang)

    @property
    def seen(self) -> SeenBy:
        return SeenBy(self.seat, lambda seat, lang: self._named(seat, lang))

    def _named(self, seat: int, lang: str) -> str:
        place = chairs.seat_label(self.state.players, self.seat, seat, lang)
        if seat == self.seat or seat >= len(self.seats_at) or not self.seats_at[seat].name:
            return place
        return self.seats_at[seat].name

    # -- what is not done here ---------------------------------------------------------------------------------

    def waiting_note(self) -> str:
        if self.status == OVER and not self.state.is_over():  # ended mid-hand by the teacher
            return Message.text(N_("This table has ended: nobody plays on at it."))(self.lang)
        if self.status != WAITING:
            return ""
        return Message.text(N_("The game has not begun: the host starts it when everyone is seated."))(self.lang)

    def bots_to_move(self) -> bool:
        return False  # the table's actor moves them, not this view

    def is_my_turn(self) -> bool:
        return self.status == PLAYING and super().is_my_turn()

    def away(self) -> bool:
        """A computer player plays for this seat's person until they are back."""
        return self.seat < len(self.seats_at) and self.seats_at[self.seat].away

    def game_over(self) -> bool:
        return self.status == OVER or super().game_over()
