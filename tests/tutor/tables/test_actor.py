"""The table's actor: every event applied in order and numbered, refusals change nothing, seats taken
and given back, computer players holding the open seats, a seat catching up, another process's event
coming first; and each seat's view holding no card it may not see."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable, Coroutine
from typing import Any

import pytest

from engine.core.actions import Discard, Draw, MeldAction
from engine.core.errors import IllegalActionError
from engine.core.state import Phase
from engine.judge.legal import legal_actions
from tutor.tables.actor import PLAYING, Event, Form, Moved, Seat, TableActor, new_form, step
from tutor.tables.codes import ALPHABET, LENGTH, new_code, person_key, read_code
from tutor.tables.seat import FACE_DOWN, SeatModel, seat_state


class Memory:
    """The store's part as a list: what ``TableRows`` does, with its version check."""

    def __init__(self) -> None:
        self.rows: dict[str, tuple[dict[str, Any], int]] = {}
        self.log: dict[str, list[dict[str, Any]]] = {}

    def append(self, code: str, number: int, event: dict[str, Any], data: dict[str, Any]) -> bool:
        _, version = self.rows.get(code, ({}, 0))
        if version != number - 1:
            return False
        self.rows[code] = (data, number)
        self.log.setdefault(code, []).append(event)
        return True

    def events(self, code: str, since: int) -> list[tuple[int, dict[str, Any]]]:
        return [(e["number"], e) for e in self.log.get(code, []) if e["number"] > since]

    def load(self, code: str) -> tuple[dict[str, Any], int] | None:
        return self.rows.get(code)


def run(make: Callable[[], Coroutine[Any, Any, Any]]) -> Any:
    return asyncio.run(make())


def four(open_seats: tuple[int, ...] = (1,), level: str = "random") -> Form:
    seats = [Seat(level, open=i in open_seats or i == 0) for i in range(4)]
    return new_form("classic", 4, None, seats, seed=7)


def actor(form: Form | None = None, keeping: Memory | None = None) -> TableActor:
    return TableActor("ABCDEFGH", form or four(), keeping or Memory(), pace=0.0)


def test_codes_are_long_unguessable_and_forgiving() -> None:
    codes = {new_code() for _ in range(2000)}
    assert len(codes) == 2000 and all(len(c) == LENGTH and set(c) <= set(ALPHABET) for c in codes)
    assert len(ALPHABET) ** LENGTH >= 2**40
    assert read_code("abcd-efgh") == "ABCDEFGH"
    assert read_code("http://host/?table=ABCD EFGH") == "ABCDEFGH"
    assert read_code("ABCDEFG") is None and read_code("ABCDEFG0") is None
    assert person_key("device-1") != person_key("device-2") and "device-1" not in person_key("device-1")


def test_events_are_numbered_in_order_and_written_through() -> None:
    keeping = Memory()
    table = actor(keeping=keeping)

    async def play() -> None:
        assert await table.sit(person_key("a"), "Anna") == 0
        assert await table.sit(person_key("b"), "Björn") == 1
        assert await table.sit(person_key("c"), "Cleo") is None  # no open seat left
        assert await table.sit(person_key("a"), "Anna") == 0  # her own seat back
        await table.start()

    run(play)
    assert [h.event.number for h in table.happened] == [1, 2, 3]
    assert [e["kind"] for e in keeping.log["ABCDEFGH"]] == ["sit", "sit", "start"]
    assert keeping.rows["ABCDEFGH"][1] == table.version == 3
    assert table.form.status == PLAYING
    assert [s.name for s in table.form.seats] == ["Anna", "Björn", "", ""]
    # what is kept reads back as the same table
    assert Form.read(keeping.rows["ABCDEFGH"][0]).state == table.form.state


def test_actions_apply_in_order_one_at_a_time_and_refusals_change_nothing() -> None:
    form = four(open_seats=(0, 1, 2, 3))
    table = actor(form)
    people = [person_key(n) for n in "abcd"]

    async def play() -> list[object]:
        for i, p in enumerate(people):
            await table.sit(p, f"P{i}")
        await table.start()
        first = table.form.to_act()
        assert first is not None
        # the seat not to act is told so; a refused action changes nothing
        other = (first + 1) % 4
        with pytest.raises(Moved):
            await table.act(other, Draw())
        version = table.version
        refused = await table.act(first, Discard(table.form.state.hands[first][0]))
        assert refused is not None and table.version == version
        # two actions sent at once for one seat: the first applies, the second finds the phase moved on
        return list(await asyncio.gather(table.act(first, Draw()), table.act(first, Draw()), return_exceptions=True))

    results = run(play)
    assert results[0] is None
    assert results[1] is not None  # refused by the engine: drawn already
    assert table.form.state.phase is Phase.PLAY
    assert [h.event.kind for h in table.happened][-1] == "act"
    assert table.version == 6


def test_computer_players_hold_the_open_seats_until_a_person_sits_down() -> None:
    table = actor(four(open_seats=(2,)))  # seat 0 the host, 2 open, 1 and 3 computer players

    async def play() -> None:
        await table.sit(person_key("host"), "Host")
        await table.start()
        # the computer players move until the host's turn (seat 2 is played by its holder meanwhile)
        for _ in range(400):
            if table.form.to_act() == 0:
                break
            await asyncio.sleep(0.01)
        assert table.form.to_act() == 0
        assert {h.event.seat for h in table.happened if h.event.kind == "act"} <= {1, 2, 3}
        assert await table.sit(person_key("late"), "Late") == 2
        assert table.bot_to_act() is None  # the host's turn: nobody moves by themselves

    run(play)
    assert table.form.seats[2].name == "Late"


def test_a_seat_catches_up_from_the_last_number_it_saw() -> None:
    table = actor(four(open_seats=(0, 1, 2, 3)))

    async def play() -> None:
        for i in range(4):
            await table.sit(person_key(str(i)), f"P{i}")
        await table.start()
        seat = table.form.to_act()
        assert seat is not None
        view = SeatModel.at(table, seat, "en")
        seen = view.number
        await table.act(seat, Draw())
        assert [h.event.number for h in table.since(seen) or []] == [seen + 1]
        view.follow(table)
        assert view.number == table.version and view.state.phase is Phase.PLAY
        assert "You draw from the stock." in view.log_lines()[-1]
        later = SeatModel.at(table, (seat + 1) % 4, "en")  # a tab opened now tells the whole story
        assert any("draws from the stock" in line for line in later.log_lines())

    run(play)


def test_another_process_first_this_one_replays_its_event() -> None:
    keeping = Memory()
    form = four(open_seats=(0, 1, 2, 3))
    here, there = actor(form, keeping), actor(form, keeping)

    async def play() -> None:
        await here.sit(person_key("a"), "A")
        with pytest.raises(Moved):  # the same number, written first by the other process
            await there.sit(person_key("b"), "B")
        assert there.version == 1 and there.form.seats[0].name == "A"
        assert await there.sit(person_key("b"), "B") == 1
        await here.catch_up()
        assert here.form == there.form and here.version == there.version == 2

    run(play)


def test_a_kept_table_replays_to_the_same_form() -> None:
    keeping = Memory()
    table = actor(four(open_seats=(0, 1, 2, 3)), keeping)

    async def play() -> None:
        for i in range(4):
            await table.sit(person_key(str(i)), f"P{i}")
        await table.start()
        rng = random.Random(1)
        for _ in range(30):
            seat = table.form.to_act()
            if seat is None:
                break
            await table.act(seat, rng.choice(legal_actions(table.form.state)))

    run(play)
    form = four(open_seats=(0, 1, 2, 3))
    for _, data in keeping.events("ABCDEFGH", 0):
        form = step(form, Event.read(data))
    assert form == table.form


def test_a_seats_view_holds_no_card_of_another_hand() -> None:
    form = four()
    for seat in range(4):
        state = seat_state(form.state, seat)
        assert state.hands[seat] == form.state.hands[seat]
        for other in range(4):
            if other != seat:
                assert set(state.hands[other]) <= {FACE_DOWN} | set(form.state.known[other])
                assert len(state.hands[other]) == len(form.state.hands[other])
        assert set(state.stock) == {FACE_DOWN} and len(state.stock) == len(form.state.stock)
        assert state.pile == form.state.pile and state.melds == form.state.melds


def test_a_seat_is_named_by_the_persons_name() -> None:
    table = actor(four(open_seats=(0, 1, 2, 3)))

    async def play() -> None:
        await table.sit(person_key("a"), "Anna")
        await table.sit(person_key("b"), "Björn")

    run(play)
    view = SeatModel.at(table, 0, "sv")
    assert view.seat_label(1) == "Björn (Vänster)"
    assert view.seat_label(0) == "Du"
    assert view.team_label(1) == "Björn och Höger"  # a side by its people's names
    assert view.log_lines()[-1] == "Björn sätter sig vid bordet."
    assert not view.bots_to_move()


def test_a_meld_action_from_a_seats_view_is_judged_on_the_whole_table() -> None:
    """The view's taps build the action (tutor.table.taps); the actor judges it on the real position."""
    table = actor(four(open_seats=(0, 1, 2, 3)))

    async def play() -> IllegalActionError | None:
        for i in range(4):
            await table.sit(person_key(str(i)), f"P{i}")
        await table.start()
        seat = table.form.to_act()
        assert seat is not None
        await table.act(seat, Draw())
        return await table.act(seat, MeldAction(melds=((table.form.state.hands[seat][0],),)))

    refused = run(play)
    assert refused is not None and refused.rule


def test_may_i_go_out_is_answered_by_the_person_in_the_partners_seat() -> None:
    """The question goes to the partner's seat, a person: no computer player answers it; the partner's
    view asks it, and their answer binds the asker (seed 000, "Bordssamtal")."""
    from dataclasses import replace

    from engine.core.actions import AnswerGoOut, AskGoOut
    from tests.engine.helpers import state_of

    samba = ["4h", "5h", "6h", "7h", "8h", "9h", "10h"]
    state = state_of([], variant="royal", melds=[[samba, ["Kh", "Kd", "Kc", "Ks", "Kh", "Kd"]], []],
                     hands=[["5d"], 15, 15, 15], pile=["9c", "9d", "9h", "Ks"])
    seats = tuple(Seat("random", open=True) for _ in range(4))
    form = replace(new_form("royal", 4, None, list(seats), seed=1), state=state)
    table = actor(form)

    async def play() -> None:
        for i in (0, 1, 2):
            await table.sit(person_key(str(i)), f"P{i}")  # seat 3 held by a computer player
        await table.start()
        assert await table.act(0, AskGoOut()) is None
        assert table.form.to_act() == 2 and table.bot_to_act() is None  # the person answers, no computer player
        partner = SeatModel.at(table, 2, "en")
        assert partner.state.phase is Phase.ANSWER and partner.state.turn == partner.seat  # the question shows
        assert any("asks" in line for line in partner.log_lines())
        with pytest.raises(Moved):  # nobody else answers for them
            await table.act(0, AnswerGoOut(True))
        assert await table.act(2, AnswerGoOut(True)) is None
        assert table.form.to_act() == 0 and table.form.state.turn_state.permission is True

    run(play)


def test_a_hint_is_drawn_from_the_seats_own_observation() -> None:
    from engine.position import load_position
    from tutor.table.workers import hints_for
    from tutor.tables.seat import hint_position

    form = four()
    seat = form.state.turn
    position = hint_position(form.state, seat)
    assert [isinstance(h, int) for h in position["hands"]] == [s != seat for s in range(4)]
    assert isinstance(position["stock"], int)
    assert load_position(position).hands[seat] == form.state.hands[seat]
    found = hints_for(position, "en")
    assert found and all(h["text"] for h in found)


def test_a_hand_played_to_its_end_and_the_next_one_dealt() -> None:
    table = actor(four(open_seats=(0, 1, 2, 3)))
    rng = random.Random(5)

    async def play() -> SeatModel:
        for i in range(4):
            await table.sit(person_key(str(i)), f"P{i}")
        await table.start()
        view = SeatModel.at(table, 1, "en")
        while (seat := table.form.to_act()) is not None:
            await table.act(seat, rng.choice(legal_actions(table.form.state)))
        view.follow(table)
        assert view.state.is_over() and view.this_hand() is not None
        totals = table.form.totals()
        await table.next_hand()
        view.follow(table)
        assert table.form.hand_number == 2 and tuple(table.form.state.scores) == totals
        return view

    view = run(play)
    assert len(view.past_scores) == 1 and view.hand_number == 2 and not view.state.is_over()
    assert view.hand == table.form.state.hands[1]
    assert "hand 2" in " ".join(view.log_lines(3)).lower()


def test_an_event_the_store_cannot_keep_is_not_the_tables() -> None:
    """Written through first: when the store cannot be reached, the table stays as it was (and the
    seat is told to try again, tutor/shell/people.py)."""
    from sqlalchemy.exc import OperationalError

    class Gone(Memory):
        down = False

        def append(self, code: str, number: int, event: dict[str, Any], data: dict[str, Any]) -> bool:
            if self.down:
                raise OperationalError("INSERT", {}, Exception("the database is gone"))
            return super().append(code, number, event, data)

    keeping = Gone()
    table = actor(four(open_seats=(0, 1, 2, 3)), keeping)

    async def play() -> None:
        for i in range(4):
            await table.sit(person_key(str(i)), f"P{i}")
        await table.start()
        seat = table.form.to_act()
        assert seat is not None
        form, version = table.form, table.version
        keeping.down = True
        with pytest.raises(OperationalError):
            await table.act(seat, Draw())
        assert table.form is form and table.version == version and len(table.happened) == version
        keeping.down = False
        assert await table.act(seat, Draw()) is None and table.version == version + 1

    run(play)


def test_the_table_never_waits_forever_for_a_person() -> None:
    """Past the table's time a computer player plays for the person, and says so; the person is back
    by acting, by pressing I'm back, or by opening the table again."""
    form = new_form("classic", 4, None, [Seat("random", open=i == 0) for i in range(4)], seed=7, wait=0.05)
    table = actor(form)

    async def play() -> None:
        await table.sit(person_key("host"), "Hugo")
        view = SeatModel.at(table, 0, "en")
        table.watch(lambda: view.follow(table))
        await table.start()
        assert table.form.to_act() == 0 and table.bot_to_act() is None
        for _ in range(400):  # the host does nothing
            if any(h.event.kind == "stand_in" for h in table.happened):
                break
            await asyncio.sleep(0.01)
        kinds = [(h.event.kind, h.event.seat) for h in table.happened]
        assert ("away", 0) in kinds and ("stand_in", 0) in kinds
        assert kinds.index(("away", 0)) < kinds.index(("stand_in", 0))
        await asyncio.sleep(0.02)
        assert view.away()
        assert any("You let the table wait too long" in line for line in view.log_lines(50))
        assert await table.sit(person_key("host"), "Hugo") == 0  # the table opened again: back
        assert not table.form.seats[0].away
        await asyncio.sleep(0.01)
        assert "You are back at the table." in view.log_lines(50)

    run(play)
    assert ("back", 0) in [(h.event.kind, h.event.seat) for h in table.happened]


def test_a_person_acts_for_themselves_a_computer_player_only_while_they_are_away() -> None:
    from dataclasses import replace

    form = replace(four(open_seats=(0, 1, 2, 3)), status=PLAYING)
    seat = form.to_act()
    assert seat is not None
    with pytest.raises(ValueError, match="only while they are away"):
        step(form, Event(1, "stand_in", seat, {"type": "draw"}))
    seats = list(form.seats)
    seats[seat] = Seat("random", open=True, person="p", name="P", away=True)
    away = replace(form, seats=tuple(seats))
    assert step(away, Event(1, "stand_in", seat, {"type": "draw"})).state.phase is Phase.PLAY
    with pytest.raises(ValueError, match="only while they are away"):
        step(away, Event(1, "act", seat, {"type": "draw"}))


def test_a_person_who_leaves_gives_the_seat_to_its_computer_player() -> None:
    table = actor(four(open_seats=(0, 1, 2, 3)))

    async def play() -> None:
        for i in range(4):
            await table.sit(person_key(str(i)), f"P{i}")
        await table.start()
        await table.leave(2)
        assert table.form.seats[2].person is None and table.form.seats[2].open  # a person may sit there again
        view = SeatModel.at(table, 0, "en")
        assert view.log_lines()[-1] == "P2 leaves the table; a computer player takes the seat."
        assert await table.sit(person_key("new"), "Nova") == 2

    run(play)


def test_a_tab_opened_after_two_hands_tells_both_and_names_people_throughout() -> None:
    table = actor(four(open_seats=(0, 1, 2, 3)))
    rng = random.Random(11)

    async def play() -> None:
        for i in range(4):
            await table.sit(person_key(str(i)), f"P{i}")
        await table.start()
        for _ in range(2):
            while (seat := table.form.to_act()) is not None:
                await table.act(seat, rng.choice(legal_actions(table.form.state)))
            await table.next_hand()

    run(play)
    view = SeatModel.at(table, 0, "en")
    assert view.hand_number == table.form.hand_number == 3
    assert len(view.past_scores) == 2
    told = view.log_lines(10_000)
    assert sum(1 for line in told if "hand 3" in line.lower()) == 1
    assert any(line.startswith("P1 ") for line in told)  # the others by their names, not "Left"


def test_after_the_computer_players_the_persons_time_starts_and_a_hand_left_over_is_dealt_on() -> None:
    """The table's time runs for a person whose turn comes after computer players' moves, and at the
    end of a hand nobody has to press Next hand for the table to go on."""
    form = new_form("classic", 4, None, [Seat("random", open=i == 2) for i in range(4)], seed=7, wait=0.05)
    table = actor(form)
    rng = random.Random(2)

    async def play() -> None:
        await table.sit(person_key("p"), "Pia")
        await table.start()
        for _ in range(400):  # seat 0 and 1 are computer players; then Pia's time runs out
            if ("away", 2) in [(h.event.kind, h.event.seat) for h in table.happened]:
                break
            await asyncio.sleep(0.01)
        assert ("away", 2) in [(h.event.kind, h.event.seat) for h in table.happened]
        await table.back(2)
        while (seat := table.form.to_act()) is not None and table.form.hand_number == 1:
            if seat == 2:
                await table.act(2, rng.choice(legal_actions(table.form.state)))
            else:
                await asyncio.sleep(0.005)
        for _ in range(400):
            if table.form.hand_number == 2:
                break
            await asyncio.sleep(0.01)

    run(play)
    assert table.form.hand_number == 2
    assert [h.event.kind for h in table.happened].count("next_hand") == 1
