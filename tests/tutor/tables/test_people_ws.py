"""People at one table over the app's websockets (bench/tables_ws.py's clients, each keeping its page as
Flet's patches draw it): a table of Royal made and joined by three people by its code, one in Swedish and
one in German, the fourth seat a computer player's; six people at Wiener's table of three partnerships.
Each plays turns by taps (Draw, a card, Discard), and every frame each person's client received is read
afterwards: none holds a card of another hand that the seat could not have seen. Which cards those are
is taken from the server's own store once the table is done: its events replayed from the table as
made, every position of the hand on the way."""

from __future__ import annotations

import asyncio
import random
from collections import Counter
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from bench.tables_ws import Person, Table, make_table, one_process
from engine.core.cards import JOKER, RED_THREES, Card, pretty_card
from engine.core.state import State
from tests.tutor.wsclient import texts_in
from tutor.store import forget_open_stores, open_store
from tutor.store.tables import TableRows
from tutor.tables.form import Event, Form, step
from tutor.views.widgets import card_label

LANGUAGES = ("en", "sv", "de", "is")


class Listening(Person):
    """A person whose client keeps the text of every frame it receives."""

    def __init__(self, ws: Any, name: str) -> None:
        super().__init__(ws, name)
        self.received: list[str] = []

    async def recv(self, timeout: float) -> list[Any]:
        message = await super().recv(timeout)
        self.received.append("\n".join(texts_in(message)))
        return message


def _replayed(folder: Path, code: str) -> tuple[Form, list[State], Counter[tuple[int, str]]]:
    """The table as the server keeps it: its form now, every position it passed through, and how many
    actions of each type each seat made."""
    forget_open_stores()
    store, notices = open_store(None, folder)
    assert notices == []
    events = TableRows(store).events(code, -1)
    form = Form.read(events[0][1]["detail"])
    states = [form.state]
    acted: Counter[tuple[int, str]] = Counter()
    for _, data in events[1:]:
        event = Event.read(data)
        if event.kind in ("act", "stand_in"):
            acted[event.seat, str(event.detail["type"])] += 1
        assert event.kind != "stand_in", event  # nobody was away: every person's action was their own
        form = step(form, event)
        states.append(form.state)
    forget_open_stores()
    return form, states, acted


def _unseen(states: list[State], seat: int) -> set[Card]:
    """The cards that were in another hand and never shown to ``seat``: not in its own hand, never in
    the pile, a meld, the red threes laid down or a hand known to all, and no hand laid down for the
    count (no hand ends here)."""
    mine: set[Card] = set()
    others: set[Card] = set()
    shown: set[Card] = set()
    for state in states:
        if state.is_over():
            shown.update(card for held in state.hands for card in held)
        mine.update(state.hands[seat])
        others.update(card for s, held in enumerate(state.hands) if s != seat for card in held)
        shown.update(state.pile)
        shown.update(card for melds in state.melds for meld in melds for card in meld.cards)
        shown.update(card for threes in state.red_threes for card in threes)
        shown.update(card for known in state.known for card in known)
    return {card for card in others - mine - shown if card != JOKER and card not in RED_THREES}


def _check_frames(people: list[Listening], form: Form, states: list[State]) -> None:
    """No frame a person received names a card of another hand that their seat never saw, in any of
    the four languages, as a word or as the card's face."""
    for person in people:
        seat = next(s for s, holder in enumerate(form.seats) if holder.name == person.name)
        unseen = _unseen(states, seat)
        assert len(unseen) >= 10, (person.name, unseen)  # the others' hands hold many such cards
        received = "\n".join(person.received)
        others = [other.name for other in people if other is not person]
        assert all(name in received for name in others), person.name  # the frames were read: the others named
        for card in unseen:
            for lang in LANGUAGES:
                for words in (card_label(card, lang), pretty_card(card, lang)):
                    assert words not in received, (person.name, seat, words)


def _own_cards_were_read(person: Listening, states: list[State], seat: int) -> None:
    """The check can fail: the person's own cards are in their frames, in their page's language."""
    received = "\n".join(person.received)
    held = {card for card in states[-1].hands[seat] if card != JOKER}
    assert held and all(card_label(card, person.lang) in received for card in held), person.name


async def _play(url: str, variant: str, table: str | None, computers: Mapping[int, str], langs: Mapping[int, str],
                actions: int) -> tuple[str, list[Listening]]:
    made: Table = await make_table(0, url, (None, None), random.Random(5), 0.0, variant=variant, table=table,
                                   computers=computers, langs=langs, kind=Listening)
    people = [person for person in made.people if isinstance(person, Listening)]
    try:
        for _ in range(actions):
            await made.act()
        code = made.people[0].said("table-code").rsplit(" ", 1)[-1]
    finally:
        for person in made.people:
            await person.leave()
    return code, people


def test_three_people_and_a_computer_player_at_a_royal_table_of_four(tmp_path: Path) -> None:
    with one_process(tmp_path) as (urls, _, _pids):
        code, people = asyncio.run(_play(urls[0], "royal", None, {3: "basic"}, {1: "sv", 2: "de"}, 12))
    form, states, acted = _replayed(tmp_path, code)
    assert form.rules.name == "royal" and form.state.players == 4
    assert [p.lang for p in people] == ["en", "sv", "de"]
    seats = {p.name: next(s for s, h in enumerate(form.seats) if h.name == p.name) for p in people}
    assert sorted(seats.values()) == [0, 1, 2] and form.seats[3].person is None
    for person in people:
        assert acted[seats[person.name], "discard"] >= 2, acted  # two turns by taps each
        _own_cards_were_read(person, states, seats[person.name])
    assert acted[3, "discard"] >= 1, acted  # the computer player played its turns
    assert "Din tur" in "\n".join(people[1].received) and "Du bist dran" in "\n".join(people[2].received)
    _check_frames(people, form, states)


def test_six_people_at_a_wiener_table_of_three_partnerships(tmp_path: Path) -> None:
    with one_process(tmp_path) as (urls, _, _pids):
        code, people = asyncio.run(_play(urls[0], "wiener", "6-3x2", {}, {}, 12))
    form, states, acted = _replayed(tmp_path, code)
    assert form.rules.name == "wiener" and form.state.players == 6 and len(form.state.teams) == 3
    assert len(people) == 6 and all(holder.person is not None for holder in form.seats)
    for seat, person in enumerate(people):
        assert form.seats[seat].name == person.name
        assert acted[seat, "discard"] >= 1, acted  # a turn by taps each
        _own_cards_were_read(person, states, seat)
    _check_frames(people, form, states)
