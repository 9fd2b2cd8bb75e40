"""The shell's part of a table for people, without Flet: a tab's action goes to the table's actor for
its own seat; the engine's refusal, or the table having moved on, is shown to that tab alone."""

from __future__ import annotations

import asyncio
from typing import Any, cast

from engine.core.actions import Discard
from tests.tutor.tables.test_actor import Memory
from tutor.shell.people import PeopleActions, Sitting, table_link
from tutor.tables.actor import Seat, TableActor, new_form
from tutor.tables.codes import person_key
from tutor.tables.seat import SeatModel


class Tab(PeopleActions):
    """A tab's people handlers with the session's drawing counted, not done."""

    def __init__(self) -> None:
        self.frames = 0
        self.screen, self.notice, self.sitting = "people-table", "", None

    def render(self, save: bool = True) -> None:
        self.frames += 1


def _seated(actor: TableActor, seat: int) -> Tab:
    tab = Tab()
    model = SeatModel.at(actor, seat, "en")
    tab.sitting = Sitting(actor, seat, model, seat == 0, None)
    return tab


def test_a_tabs_action_is_judged_for_its_own_seat_and_a_refusal_shown_to_it_alone() -> None:
    form = new_form("classic", 4, None, [Seat("random", open=True) for _ in range(4)], seed=2)
    table = TableActor("ABCDEFGH", form, Memory(), pace=0.0)

    async def play() -> tuple[Any, Any, Any]:
        for i in range(4):
            await table.sit(person_key(i), f"P{i}")
        await table.start()
        seat = table.form.to_act()
        assert seat is not None
        mine, other = _seated(table, seat), _seated(table, (seat + 2) % 4)
        # a discard before drawing: the engine refuses it, this tab is told, nothing changes
        version = table.version
        await mine._act(Discard(table.form.state.hands[seat][0]))
        assert table.version == version
        refused = mine.sitting.model.rejected if mine.sitting else None
        # the other seat tries to act out of turn: the table moved on, shown to it alone
        await other._act(Discard(table.form.state.hands[(seat + 2) % 4][0]))
        moved = other.sitting.model.rejected if other.sitting else None
        await mine.people_press("draw")  # by its own seat, through the buttons' handler
        return refused, moved, table.form.state.phase

    refused, moved, phase = asyncio.run(play())
    assert refused is not None and refused.rule == "turn.draw_first"  # with the engine's rule, as ever
    assert moved is not None and moved.rule == "moved"
    assert phase.value == "play"


def test_the_link_is_the_pages_own_address() -> None:
    assert table_link("ws://127.0.0.1:8550", "ABCDEFGH") == "http://127.0.0.1:8550/table/ABCDEFGH"
    assert table_link("wss://cards.school.example/", "ABCDEFGH") == "https://cards.school.example/table/ABCDEFGH"


def test_a_student_takes_the_seat_kept_for_them_and_a_seat_given_away_leaves_the_tab(tmp_path: Any) -> None:
    from types import SimpleNamespace

    from tutor.store import forget_open_stores, open_store
    from tutor.store.class_tables import ClassTables
    from tutor.store.classes import Classes
    from tutor.tables.hub import hub_for
    from tutor.tables.seating import class_seats

    store, _ = open_store(f"sqlite:///{tmp_path / 'store.sqlite3'}", tmp_path)
    school = Classes(store)
    seven, other = school.create_class("7B"), school.create_class("8A")
    anna = school.join(seven.code, "Anna", "1234")[0]
    zed = school.join(other.code, "Zed", "1234")[0]

    class Student(Tab):
        def __init__(self, student: Any) -> None:
            super().__init__()
            self.screen, self.store, self.student, self.device = "home", store, student, student.id
            self.settings = cast(Any, SimpleNamespace(language="en", bot="random"))
            self.options = cast(Any, SimpleNamespace(think=0.0))
            self.people_message = None
            self.page = cast(Any, SimpleNamespace(url="http://127.0.0.1/", client_ip="10.0.0.1"))

        def pace(self) -> float:
            return 0.0

    async def run() -> None:
        hub = hub_for(store, 0.0)
        table = await hub.make("classic", 4, "4", class_seats([(anna.id, "Anna")], "random"), classroom=seven.id)
        ClassTables(store).add(seven.id, table.code)
        mine, stranger = Student(anna), Student(zed)
        assert mine.class_tables() == ((1, table.code, "classic"),) and stranger.class_tables() == ()
        await stranger.take_class_seat(table.code)  # not a table of Zed's class: nothing happens
        assert stranger.sitting is None and table.form.seats[0].person is None
        await mine.take_class_seat(table.code)
        assert mine.sitting is not None and mine.sitting.seat == 0 and not mine.sitting.host
        assert mine.screen == "people-table" and table.form.status == "playing"  # all kept seats taken
        await table.give(0, False)  # the teacher's table: its seat 0 is a student's, given away here
        await asyncio.sleep(0.05)  # the watcher is called on the loop
        assert mine.sitting is None and mine.screen == "people"
        assert mine.people_message is not None and "given your seat" in mine.people_message("en")
        await table.end()
        forget_open_stores()

    asyncio.run(run())


def test_each_seat_reviews_its_own_moves_once_the_hand_is_over() -> None:
    import random

    from engine.judge.legal import legal_actions
    from tutor.shell.people import own_moves
    from tutor.table.workers import review

    table = TableActor("SCORESAB", new_form("classic", 4, None, [Seat("random", open=True) for _ in range(4)],
                                            seed=11), Memory(), pace=0.0)

    async def play() -> Tab:
        for i in range(4):
            await table.sit(person_key(i), f"P{i}")
        await table.start()
        rng = random.Random(2)
        while not table.form.state.is_over():
            seat = table.form.to_act()
            assert seat is not None
            await table.act(seat, rng.choice(legal_actions(table.form.state)))
        tab = _seated(table, 0)
        assert tab.sitting is not None
        await tab._review(tab.sitting)
        return tab

    tab = asyncio.run(play())
    assert tab.sitting is not None and tab.frames == 1
    mine = tab.sitting.model.review
    assert mine and mine == review(own_moves(table.happened, 0), "en")  # seat 0's moves alone
    assert mine != review(own_moves(table.happened, 1), "en")


def test_the_host_leaving_passes_the_hosts_part_to_another_person_and_with_nobody_left_the_table_ends() -> None:
    from dataclasses import replace as replaced
    from functools import partial

    class Person(Tab):
        def __init__(self, device: str) -> None:
            super().__init__()
            self.device, self.people_message = device, None

        async def go(self, screen: str) -> None:
            self.screen = screen

    form = new_form("classic", 4, None, [Seat("random", open=i in (0, 1, 2)) for i in range(4)], seed=2)
    table = TableActor("HOSTLEFT", form, Memory(), pace=0.0)

    async def run() -> tuple[Person, Person]:
        await table.sit(person_key("hugo"), "Hugo", 0)
        await table.sit(person_key("jon"), "Jon", 1)
        await table.sit(person_key("pia"), "Pia", 2)
        await table.leave(1)  # Jon leaves: nothing changes for the host
        assert table.form.host == 0
        await table.sit(person_key("jon"), "Jon", 1)
        away = replaced(table.form.seats[1], away=True)
        table.form = replaced(table.form, seats=(table.form.seats[0], away, *table.form.seats[2:]))
        assert table.form.next_host() == 2  # one who is here before one who is away
        table.form = replaced(table.form, seats=(table.form.seats[0], replaced(away, away=False),
                                                 *table.form.seats[2:]))
        hugo, pia = Person("hugo"), Person("pia")
        for tab, seat in ((hugo, 0), (pia, 2)):
            sitting = Sitting(table, seat, SeatModel.at(table, seat, "en"), seat == 0, None)
            sitting.stop = table.watch(partial(tab._table_changed, sitting))
            tab.sitting = sitting
        await hugo.leave_seat()  # the host leaves before starting: Jon, the first other person, hosts now
        await asyncio.sleep(0.05)
        assert hugo.sitting is None and hugo.screen == "home"
        assert table.form.host == 1 and table.form.seats[0].person is None and table.form.status == "waiting"
        assert pia.sitting is not None and not pia.sitting.host
        said = " ".join(pia.sitting.model.log_lines(3))
        assert "Hugo leaves the table; a computer player takes the seat, and Jon hosts the table now." in said
        jon = Person("jon")
        jon.sitting = Sitting(table, 1, SeatModel.at(table, 1, "en"), False, None)
        jon._table_changed(jon.sitting)
        assert jon.sitting.host and "you host the table now" in " ".join(jon.sitting.model.log_lines(3))
        await jon.start_table()  # the host's part is Jon's: he starts the game
        assert table.form.status == "playing"
        await jon.leave_seat()
        await asyncio.sleep(0.05)
        assert table.form.host == 2 and pia.sitting is not None and pia.sitting.host
        await pia.leave_seat()  # the last person leaves: nobody plays on, and she is told so
        return hugo, pia

    hugo, pia = asyncio.run(run())
    assert table.form.status == "over" and table.form.seats[2].person is None
    assert pia.screen == "people" and pia.people_message is not None
    assert pia.people_message("en") == "You have left your table, and no other person sat at it: the table has ended."


def test_a_server_started_with_a_seed_deals_its_tables_from_it(tmp_path: Any) -> None:
    """``--seed`` deals every game from one seed, a table for people's too: two tables made by two tabs
    are dealt alike (a hand that ends soon can be chosen); without it each table its own deal."""
    from types import SimpleNamespace

    from tutor.store import forget_open_stores, open_store
    from tutor.tables.plan import Plan

    store, _ = open_store(f"sqlite:///{tmp_path / 'store.sqlite3'}", tmp_path)

    class Host(Tab):
        def __init__(self, device: int, seed: int | None) -> None:
            super().__init__()
            self.screen, self.store, self.device = "people", store, person_key(device)
            self.settings = cast(Any, SimpleNamespace(language="en", bot="random"))
            self.options = cast(Any, SimpleNamespace(think=0.0, seed=seed))
            self.plan, self.people_name, self.people_message = Plan(), "Hugo", None

        def pace(self) -> float:
            return 0.0

    async def deals(seed: int | None) -> list[Any]:
        hands = []
        for device in (1, 2):
            host = Host(device, seed)
            await host.make_table()
            assert host.sitting is not None
            hands.append(host.sitting.actor.form.state.hands)
        return hands

    seeded, unseeded = asyncio.run(deals(7)), asyncio.run(deals(None))
    assert seeded[0] == seeded[1]
    assert seeded[0] == new_form("classic", 4, None, [Seat("random", open=True) for _ in range(4)], seed=7).state.hands
    assert unseeded[0] != unseeded[1]
    forget_open_stores()


def test_the_link_opened_again_brings_a_person_away_back() -> None:
    """Past the table's wait a computer player plays for the person; their tab opening the table's link
    again gives them the seat and ends that: the table says they are back."""
    from dataclasses import replace as changed
    from types import SimpleNamespace

    form = new_form("classic", 4, None, [Seat("random", open=True) for _ in range(4)], seed=3)
    table = TableActor("BACKAGEN", form, Memory(), pace=0.0)

    class Phone(Tab):
        def __init__(self) -> None:
            super().__init__()
            self.screen, self.device, self.people_message = "home", 2, None
            self.settings = cast(Any, SimpleNamespace(language="en", bot="random"))
            self.page = cast(Any, SimpleNamespace(client_ip="10.0.0.2"))
            self.people_code = ""

        def hub(self) -> Any:
            async def open_table(code: str) -> TableActor | None:
                return table if code == table.code else None
            return SimpleNamespace(open=open_table)

    async def play() -> Phone:
        for i in range(4):
            await table.sit(person_key(i), f"P{i}")
        await table.start()
        seats = list(table.form.seats)
        seats[2] = changed(seats[2], away=True)  # as the table's timer leaves it
        table.form = changed(table.form, seats=tuple(seats))
        phone = Phone()
        await phone.open_link(table.code)  # the route /table/<code>, as the page opens it
        return phone

    phone = asyncio.run(play())
    assert phone.sitting is not None and phone.sitting.seat == 2 and phone.screen == "people-table"
    assert not table.form.seats[2].away
    assert table.happened[-1].event.kind == "back" and table.happened[-1].event.seat == 2
    assert "You are back at the table." in phone.sitting.model.log_lines(5)
