"""What one seat of a table for people is shown: the table's view-model (tutor.table.model.TableModel,
drawn by the same views as a game against the computer) built from that seat's observation only.

``seat_state`` keeps of the position what the seat may know (engine.bots.base.observe: its own hand,
the table, the sizes of what is hidden): every other hand is its known cards (taken with the pile in
view) and, for the rest, a face-down placeholder; the stock and the cards out of play are
placeholders too. So no card the seat may not see is in its model, and none can reach its browser
whatever a view draws. Once the hand is over the hands are laid down for the count, as at a real table.

Where people take turns sitting out a hand (tutor/tables/lineups.py), a person sitting out watches the
hand from their own side: ``seat_state(state, None)`` keeps every hand face down (their side's player's
too), and the status line says who plays for their side.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from engine.bots.base import observe
from engine.core.actions import parse_action
from engine.core.cards import JOKER
from engine.core.i18n import N_
from engine.core.state import State
from engine.describe import SeenBy, seat_name
from engine.position import dump_position
from tutor.table.model import TableModel
from tutor.table import seats as chairs
from tutor.tables.actor import OVER, PLAYING, WAITING, Happened, Seat, TableActor
from tutor.tables.lineups import playing, seat_in, side_of, sits_out
from tutor.text.messages import Message

FACE_DOWN = JOKER  # what stands for a card the seat cannot see (never drawn: the views show counts)


def seat_state(state: State, seat: int | None) -> State:
    """The position as ``seat`` may know it (see the module's text); ``None``: as one sitting the hand out
    sees it (no card of any hand)."""
    if state.is_over():
        return state
    if seat is None:
        return state.evolve(hands=tuple((FACE_DOWN,) * len(hand) for hand in state.hands),
                            stock=(FACE_DOWN,) * len(state.stock), out_of_play=(FACE_DOWN,) * len(state.out_of_play))
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
    place: int = 0  # this person's place at the table (``seat`` is the seat they play this hand)
    lineup: tuple[int, ...] = ()  # the place of the person playing each seat of this hand

    @classmethod
    def at(cls, actor: TableActor, place: int, lang: str) -> SeatModel:
        form = actor.form
        model = cls(rules=form.rules, state=form.state, lang=lang, seat=place, practice=False, seed=form.seed,
                    hand_number=1, place=place)  # counted as the story is told (follow)
        model._seated()
        model.state = seat_state(form.state, model.watching())
        model.follow(actor)
        return model

    def _seated(self) -> None:
        """The seat this person plays in this hand; sitting out, the first of their side's (whose melds
        the view shows as theirs; no hand is drawn)."""
        self.lineup = playing(self.rules, self.hand_number)
        seat = seat_in(self.lineup, self.place)
        self.seat = seat if seat is not None else self.state.teams[side_of(self.rules.table_of(), self.place)][0]

    def sitting_out(self) -> bool:
        return self.place not in self.lineup

    def watching(self) -> int | None:
        """The seat whose knowledge this view holds (``None``: sitting out, it holds no hand)."""
        return None if self.sitting_out() else self.seat

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
        self._seated()
        if self.state is not form.state:
            self.state = seat_state(form.state, self.watching())
        self.number = actor.version

    def _tell(self, happened: Happened, actor: TableActor) -> None:
        event = happened.event
        if event.kind in ("act", "stand_in"):
            before, after = seat_state(happened.before, self.watching()), seat_state(happened.after, self.watching())
            self._advance(before, parse_action(event.detail), after)
            if event.seat == self.place:
                self.clear()
        elif event.kind == "sit":
            self._say(Message.text(N_("{name} sits down at the table."), name=str(event.detail.get("name", ""))))
        elif event.kind == "away":
            if event.seat == self.place:
                self._say(Message.text(N_("You let the table wait too long: a computer player plays for you until you "
                                          "are back.")))
            else:
                self._say(Message.text(N_("{name} is away: a computer player plays for them until they are back."),
                                       name=self._place_name(event.seat, self.lang)))
        elif event.kind == "back":
            if event.seat == self.place:
                self._say(Message.text(N_("You are back at the table.")))
            else:
                self._say(Message.text(N_("{name} is back at the table."), name=self._place_name(event.seat, self.lang)))
        elif event.kind == "leave":
            name = str(event.detail.get("name", ""))
            if "host" not in event.detail:
                self._say(Message.text(N_("{name} leaves the table; a computer player takes the seat."), name=name))
            elif event.detail["host"] is None:
                self._say(Message.text(N_("{name} has left the table, and no other person sits at it: the table has "
                                          "ended."), name=name))
            elif event.detail["host"] == self.place:
                self._say(Message.text(N_("{name} leaves the table; a computer player takes the seat, and you host the "
                                          "table now: you start the game and each hand after it, and give seats."),
                                       name=name))
            else:
                self._say(Message.text(N_("{name} leaves the table; a computer player takes the seat, and {host} hosts "
                                          "the table now."), name=name,
                                       host=self._place_name(int(event.detail["host"]), self.lang)))
        elif event.kind == "give":
            if event.detail.get("open"):
                said = N_("The host frees the seat of {name} for another person; a computer player holds it meanwhile.")
            else:
                said = N_("The host gives the seat of {name} to a computer player.")
            name = str(event.detail.get("name", "")) or self._place_name(event.seat, self.lang)
            self._say(Message.text(said, name=name))
        elif event.kind == "end":
            self._say(Message.text(N_("The teacher has ended the table.")))
        elif event.kind == "start":
            self._say(Message.text(N_("The game begins.")))
            self._say(Message.deal(seat_state(happened.after, self.watching()), 1, self.seen))
        elif event.kind == "next_hand":
            scores = self.this_hand()
            if scores is not None:
                self.past_scores.append(scores)
            self.review = []
            self.clear()
            if happened.after is not happened.before:  # a new hand (else the game is over)
                self.hand_number += 1
                self._seated()
            self.state = seat_state(happened.after, self.watching())
            if happened.after is not happened.before:
                self._say(Message.deal(self.state, self.hand_number, self.seen))
                if self.sitting_out():
                    self._say(Message.text(N_("You sit out this hand; {names} play for your side."),
                                           names=self._side_players()))

    # -- who is who: people by name ---------------------------------------------------------------------

    def _holder(self, seat: int) -> Seat | None:
        """Who plays ``seat`` (a seat of the hand) this hand."""
        place = self.lineup[seat] if seat < len(self.lineup) else seat
        return self.seats_at[place] if place < len(self.seats_at) else None

    def seat_label(self, seat: int) -> str:
        if self.sitting_out():
            return self._named(seat, self.lang)
        place = chairs.seat_label(self.state.players, self.seat, seat, self.lang)
        holder = self._holder(seat)
        if seat == self.seat or holder is None or not holder.name:
            return place
        return Message.text(N_("{name} ({seat})"), name=holder.name, seat=place)(self.lang)

    def place_label(self, place: int) -> str:
        """A place at the table (a person, who may sit this hand out) named for this view."""
        seat = seat_in(self.lineup, place)
        holder = self.seats_at[place] if place < len(self.seats_at) else None
        if place == self.place:
            label = Message.text(N_("You"))(self.lang)
        elif seat is not None:
            label = self.seat_label(seat)
        else:
            label = holder.name if holder is not None and holder.name else Message.text(
                N_("Seat {number}"), number=place + 1)(self.lang)
        if seat is None:
            return Message.text(N_("{seat} (sitting out this hand)"), seat=label)(self.lang)
        return label

    def _side_players(self) -> str:
        """The players of this person's side this hand, by name: "Pia and Jon"."""
        return self._joined([self._named(seat, self.lang) for seat in self.state.teams[self.state.team_of(self.seat)]])

    def team_label(self, team: int) -> str:
        """A side by its people's names: "Hugo and You", "Left and Right"; where people take turns sitting
        out, all of the side's people, whoever plays this hand ("You, Bo and Cai")."""
        table = self.rules.table_of()
        if sits_out(table):
            return self._joined([Message.text(N_("You"))(self.lang) if place == self.place else
                                 self._place_name(place, self.lang)
                                 for place in range(len(self.seats_at)) if side_of(table, place) == team])
        return self._joined([self._named(seat, self.lang) for seat in self.state.teams[team]])

    def _joined(self, names: list[str]) -> str:
        if len(names) == 1:
            return names[0]
        return Message.text(N_("{first} and {second}"), first=", ".join(names[:-1]), second=names[-1])(self.lang)

    @property
    def seen(self) -> SeenBy:
        return SeenBy(-1 if self.sitting_out() else self.seat, lambda seat, lang: self._named(seat, lang))

    def _place_name(self, place: int, lang: str) -> str:
        """The person at ``place`` by name (or as the seat they play is named)."""
        seat = seat_in(self.lineup, place)
        if seat is not None:
            return self._named(seat, lang)
        holder = self.seats_at[place] if place < len(self.seats_at) else None
        return holder.name if holder is not None and holder.name else Message.text(N_("Seat {number}"),
                                                                                    number=place + 1)(lang)

    def _named(self, seat: int, lang: str) -> str:
        holder = self._holder(seat)
        if self.sitting_out():  # nobody is "you" in this hand: people by name, computer players by compass
            return holder.name if holder is not None and holder.name else seat_name(self.state.players, seat, lang)
        place = chairs.seat_label(self.state.players, self.seat, seat, lang)
        if seat == self.seat or holder is None or not holder.name:
            return place
        return holder.name

    # -- what is not done here ---------------------------------------------------------------------------------

    def waiting_note(self) -> str:
        if self.status == OVER and not self.state.is_over():  # ended mid-hand by the teacher
            return Message.text(N_("This table has ended: nobody plays on at it."))(self.lang)
        if self.status != WAITING:
            return ""
        if self.sitting_out():
            return Message.text(N_("The game has not begun: the host starts it when everyone is seated. You sit out "
                                   "the first hand."))(self.lang)
        return Message.text(N_("The game has not begun: the host starts it when everyone is seated."))(self.lang)

    def bots_to_move(self) -> bool:
        return False  # the table's actor moves them, not this view

    def sitting_out_note(self) -> str:
        if not self.sitting_out() or self.state.is_over() or self.status != PLAYING:
            return ""
        return Message.text(N_("You sit out this hand; {names} play for your side."),
                            names=self._side_players())(self.lang)

    def is_my_turn(self) -> bool:
        return self.status == PLAYING and not self.sitting_out() and super().is_my_turn()

    def away(self) -> bool:
        """A computer player plays for this seat's person until they are back."""
        return self.place < len(self.seats_at) and self.seats_at[self.place].away

    def game_over(self) -> bool:
        return self.status == OVER or super().game_over()
