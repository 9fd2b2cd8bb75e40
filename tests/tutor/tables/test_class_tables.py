"""A class's tables: the students seated from the class list (those here, or those picked) at tables of
four in partnerships, each seat kept for its student alone, the table beginning once they are all
seated; the teacher's tables listed live, ended only by the class's teacher, shown on the projector
with no card of any hand; the host giving a seat away; the scores after each hand; each seat's own
moves for its review."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from types import SimpleNamespace

import pytest

from engine.judge.legal import legal_actions
from tests.tutor.shell.test_app import as_page
from tests.tutor.tables.test_actor import Memory
from tutor.classroom.tables_view import hidden_model, projected_view
from tutor.classroom.teacher import Gate
from tutor.classroom.teacher_app import TeacherSession
from tutor.shell.people import own_moves
from tutor.store import Store, forget_open_stores, open_store
from tutor.store.class_tables import ClassTable, ClassTables
from tutor.store.classes import Classes
from tutor.tables.actor import OVER, PLAYING, WAITING, Event, Seat, TableActor, new_form, step
from tutor.tables.codes import person_key
from tutor.tables.plan import Plan
from tutor.tables.seat import FACE_DOWN, SeatModel
from tutor.tables.seating import class_seats, groups, here, listed, mine, table_of_four
from tutor.views.people import scores_history

PASSWORD = "correct horse"


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    opened, notices = open_store(f"sqlite:///{tmp_path / 'store.sqlite3'}", tmp_path)
    assert notices == []
    Classes(opened).set_teacher_password(PASSWORD)
    yield opened
    forget_open_stores()


async def until(predicate: Callable[[], object], seconds: float = 15.0) -> None:
    for _ in range(int(seconds / 0.02)):
        if predicate():
            return
        await asyncio.sleep(0.02)
    raise AssertionError("timed out")


def test_students_are_seated_evenly_in_partnerships() -> None:
    class_list = [(i, f"S{i}") for i in range(1, 8)]
    assert [len(g) for g in groups(class_list)] == [4, 3]
    assert [len(g) for g in groups(class_list[:5])] == [3, 2]
    assert groups([]) == []
    seats = class_seats([(1, "Anna"), (2, "Björn")], "club")
    assert [s.name for s in seats] == ["Anna", "", "Björn", ""]  # the two are partners
    assert seats[0].reserved == person_key(1) and seats[0].open and not seats[1].open and seats[1].level == "club"
    now = time.time()
    assert here([(1, "A", now - 60), (2, "B", now - 3600), (3, "C", None)], now) == [(1, "A")]
    assert {table_of_four(v) for v in ("classic", "wiener", "royal", "swedish")} == {"4"}
    assert Plan().with_wait(30.0).wait == 30.0 and Plan().with_wait(7.0).wait == 60.0  # only the times offered
    assert Plan().with_wait(300.0).with_variant("royal").wait == 300.0


def class_table(group: list[tuple[int, str]], wait: float = 60.0) -> TableActor:
    form = new_form("classic", 4, "4", class_seats(group, "random"), seed=5, wait=wait, classroom=1)
    return TableActor("CLASSTAB", form, Memory(), pace=0.0)


def test_a_kept_seat_is_its_students_and_the_table_begins_when_all_are_seated() -> None:
    async def run() -> None:
        table = class_table([(1, "Anna"), (2, "Björn")], wait=30.0)
        assert table.form.wait == 30.0
        assert await table.sit(person_key(9), "Intruder") is None  # no seat is free for anyone else
        assert await table.sit(person_key(2), "typed otherwise") == 2
        assert table.form.status == WAITING and table.form.seats[2].name == "Björn"
        assert await table.sit(person_key(1), "Anna") == 0
        assert table.form.status == PLAYING  # every kept seat taken: the game begins
        await table.end()
        assert table.form.status == OVER and table.form.to_act() is None
        told = SeatModel.at(table, 0, "sv")
        assert told.log_lines()[-1] == "Läraren har avslutat bordet."
        assert told.waiting_note() == "Bordet är avslutat: ingen spelar vidare vid det."
        assert not told.is_my_turn()

    asyncio.run(run())


def test_the_host_gives_a_seat_to_a_computer_player_or_frees_it() -> None:
    async def run() -> None:
        seats = [Seat("random", open=True) for _ in range(4)]
        table = TableActor("HOMETABL", new_form("classic", 4, None, seats, seed=3), Memory(), pace=0.0)
        await table.sit(person_key("host"), "Hugo", 0)
        await table.sit(person_key("pia"), "Pia")
        await table.give(1, True)  # free for another person
        assert table.form.seats[1].person is None and table.form.seats[1].open
        assert await table.sit(person_key("jon"), "Jon") == 1
        await table.give(1, False)  # to a computer player for good
        assert table.form.seats[1].person is None and not table.form.seats[1].open
        assert await table.sit(person_key("pia"), "Pia") == 2  # not seat 1 any more
        await table.give(0, False)  # the host's own seat is not given away at a table of one's own
        assert table.form.seats[0].person == person_key("host")
        lines = SeatModel.at(table, 0, "en").log_lines()
        assert "The host gives the seat of Jon to a computer player." in lines

    asyncio.run(run())


def session(store: Store) -> TeacherSession:
    return TeacherSession(as_page(SimpleNamespace(width=1280, height=800, client_ip="10.0.0.5")), store, Gate(),
                          True, "en")


def test_the_teacher_makes_tables_sees_them_live_and_alone_ends_them(store: Store) -> None:
    async def run() -> None:
        school = Classes(store)
        seven, other = school.create_class("7B"), school.create_class("8A")
        learners = [school.join(seven.code, name, "1234")[0].id for name in ("Anna", "Björn", "Cecilia", "David",
                                                                             "Eva")]
        stranger = school.join(other.code, "Zed", "1234")[0].id
        desk = session(store)
        await desk.seat_here()  # not signed in: nothing is made
        assert ClassTables(store).of_class(seven.id) == []
        desk.desk.drafts["password"] = PASSWORD
        await desk.sign_in()
        await desk.open_class(seven.id)
        await desk.tables_variant("swedish")  # a variant with no table of five
        await desk.tables_wait(120.0)
        await desk.seat_here()  # all five joined just now: two tables, three and two
        made = ClassTables(store).of_class(seven.id)
        assert [t.number for t in made] == [1, 2] and {t.data["variant"] for t in made} == {"swedish"}
        assert [sum(s["reserved"] is not None for s in t.data["seats"]) for t in made] == [3, 2]
        assert all(t.data["wait"] == 120.0 and t.data["classroom"] == seven.id for t in made)
        assert mine(made, learners[0]) == [(1, made[0].code, "swedish")] and mine(made, stranger) == []
        await desk.tab("tables")
        await until(lambda: len(desk.shown.tables) == 2)
        desk.view()  # the tab draws
        await desk.pick(learners[4])
        await desk.pick(learners[1])
        await desk.tables_variant("classic")
        await desk.seat_picked()
        third = ClassTables(store).of_class(seven.id)[-1]
        assert [s["name"] for s in third.data["seats"]] == ["Eva", "", "Björn", ""]
        # a student sits down: the teacher's list hears of it on the table's own topic
        from tutor.tables.hub import hub_for

        actor = await hub_for(store).open(third.code)
        assert actor is not None
        before = desk.shown.read_at
        await actor.sit(person_key(learners[4]), "Eva")
        await until(lambda: desk.shown.read_at > before and any(
            s.person is not None for t in listed(desk.shown.tables) if t.code == third.code for s in t.form.seats))
        # another class's table is not this teacher's desk's to end
        foreign = await hub_for(store).make("classic", 4, "4", class_seats([(stranger, "Zed")], "random"),
                                            classroom=other.id)
        ClassTables(store).add(other.id, foreign.code)
        await desk.end_class_table(foreign.code)
        assert foreign.form.status == WAITING and len(ClassTables(store).of_class(other.id)) == 1
        await until(lambda: len(desk.shown.tables) == 3)
        await desk.class_table_hints(third.code, False)
        assert not actor.form.hints
        await desk.class_table_hints(foreign.code, False)  # not this class's
        assert foreign.form.hints
        await desk.project(third.code)
        assert desk.projected == third.code
        desk.view()
        await desk.end_class_table(third.code)
        assert actor.form.status == OVER and desk.projected is None
        assert [t.code for t in ClassTables(store).of_class(seven.id)] == [t.code for t in made]
        desk.close()

    asyncio.run(run())


def test_the_projector_shows_no_card_of_any_hand() -> None:
    async def run() -> None:
        table = class_table([(1, "Anna"), (2, "Björn"), (3, "Cecilia"), (4, "David")])
        for learner, seat in ((1, 0), (2, 2), (3, 1), (4, 3)):
            assert await table.sit(person_key(learner), "x") == seat
        shown = listed([ClassTable(table.code, 1, table.form.json(), table.version, time.time(), None)])[0]
        model = hidden_model(shown, "de")
        assert model.team_label(0) == "Anna und Björn" and model.seat_label(1) == "Cecilia"  # from no seat
        assert all(set(hand) == {FACE_DOWN} for hand in model.state.hands)
        assert [len(h) for h in model.state.hands] == [len(h) for h in table.form.state.hands]
        page = projected_view(shown, "de", SimpleNamespace(project=lambda code: None), 1920, 1080)  # type: ignore[arg-type]
        assert page is not None
        cards = {str(card) for hand in table.form.state.hands for card in hand}
        drawn = repr(page)
        assert not any(f"'{card}'" in drawn for card in cards)

    asyncio.run(run())


def test_scores_after_each_hand_and_each_seats_own_moves() -> None:
    async def run() -> None:
        seats = [Seat("random", open=True) for _ in range(4)]
        table = TableActor("SCORESAB", new_form("classic", 4, None, seats, seed=11), Memory(), pace=0.0)
        for i in range(4):
            await table.sit(person_key(i), f"P{i}")
        await table.start()
        import random

        rng = random.Random(2)
        while not table.form.state.is_over():
            seat = table.form.to_act()
            assert seat is not None
            await table.act(seat, rng.choice(legal_actions(table.form.state)))
        model = SeatModel.at(table, 1, "en")
        chart = scores_history(model)
        assert chart is not None and "P0 and P2" in chart.label  # type: ignore[attr-defined]
        moves = own_moves(table.happened, 1)
        acts = [h for h in table.happened if h.event.kind == "act" and h.event.seat == 1]
        assert len(moves) == len(acts) > 0 and all(m[1] == h.event.detail for m, h in zip(moves, acts))
        await table.next_hand()
        assert own_moves(table.happened, 1) == []  # a new hand: nothing of it played yet
        fresh = SeatModel.at(table, 1, "en")
        assert scores_history(fresh) is not None and len(fresh.past_scores) == 1

    asyncio.run(run())


def test_where_the_variant_has_a_table_of_five_one_student_over_sits_there_rather_than_beside_computers() -> None:
    from tests.tutor.helpers import walk
    from tutor.classroom.teacher import Desk
    from tutor.classroom.tables_view import TablesCalls, side_names, table_card
    from tutor.tables.seating import Listed, table_of_five

    class_list = [(i, f"S{i}") for i in range(1, 10)]
    assert table_of_five("wiener") == table_of_five("royal") == "5" and table_of_five("classic") is None
    assert [len(g) for g in groups(class_list[:5], five=True)] == [5]
    assert [len(g) for g in groups(class_list, five=True)] == [5, 4]
    assert [len(g) for g in groups(class_list[:7], five=True)] == [4, 3]  # two over: no table of five
    assert [len(g) for g in groups(class_list[:5])] == [3, 2]  # a variant with no table of five
    seats = class_seats(class_list[:5], "club")
    assert [s.name for s in seats] == ["S1", "S2", "S3", "S4", "S5"] and all(s.open and s.reserved for s in seats)
    form = new_form("wiener", 5, "5", seats, seed=5, classroom=1)
    for place in range(5):
        form = step(form, Event(place + 1, "sit", place, {"person": person_key(place + 1), "name": f"S{place + 1}"}))
    form = step(form, Event(6, "start", 0))
    table = Listed(1, "FIVEFIVE", form, 0.0)
    # the sides by all their people, the one sitting out too; the room's names those who play this hand
    assert side_names(table, 0, "en") == "S1 and S2" and side_names(table, 1, "en") == "S3, S4 and S5"
    assert hidden_model(table, "en").names == ("S1", "S4", "S2", "S5")  # S3 sits the first hand out
    calls = TablesCalls(*([lambda *_: None] * 10))
    words = " ".join(str(getattr(c, "value", "")) for c in walk(table_card(Desk(lang="en"), table, calls)))
    assert "S2 · S3 (sitting out this hand) · S4" in words and "To play: S" in words


def test_the_teacher_seats_five_students_at_royals_table_of_five(store: Store) -> None:
    async def run() -> None:
        school = Classes(store)
        five = school.create_class("5A")
        for name in ("Anna", "Björn", "Cecilia", "David", "Eva"):
            school.join(five.code, name, "1234")
        desk = session(store)
        desk.desk.drafts["password"] = PASSWORD
        await desk.sign_in()
        await desk.open_class(five.id)
        await desk.tables_variant("royal")
        await desk.seat_here()
        made = ClassTables(store).of_class(five.id)
        assert len(made) == 1 and made[0].data["table"] == "5" and made[0].data["people"] == 5
        assert [s["name"] for s in made[0].data["seats"]] == ["Anna", "Björn", "Cecilia", "David", "Eva"]
        assert all(s["reserved"] is not None for s in made[0].data["seats"])

    asyncio.run(run())
