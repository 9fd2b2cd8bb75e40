"""Tables where people take turns sitting out a hand (Wiener's five and six, Royal's five): who plays
each hand, a person sitting out seeing no card of any hand, one score a side across hands, the log and
the record naming only those who played."""

from __future__ import annotations

import random
from typing import Any

from engine.core.cards import JOKER
from engine.judge.legal import legal_actions
from tutor.tables.actor import PLAYING, Event, Form, Seat, TableActor, new_form, step
from tutor.tables.codes import person_key
from tutor.tables.lineups import playing, seat_in_hand, side_of
from tutor.tables.plan import Plan, tables_of
from tutor.tables.seat import FACE_DOWN, SeatModel

from tutor.shell.people import own_moves

from tests.tutor.tables.test_actor import Memory, run

NAMES = ("Anna", "Bo", "Cai", "Dag", "Eva", "Fia")


def table_of(variant: str, name: str, classroom: int | None = None) -> Form:
    people = next(t.people for t in tables_of(variant) if t.name == name)
    seats = [Seat("random", open=True) for _ in range(people)]
    return new_form(variant, people, name, seats, seed=11, classroom=classroom)


def started(form: Form) -> Form:
    for place in range(len(form.seats)):
        form = step(form, Event(place + 1, "sit", place, {"person": person_key(str(place)), "name": NAMES[place]}))
    return step(form, Event(len(form.seats) + 1, "start", 0))


def test_each_hand_one_person_of_the_larger_side_sits_out_in_turn() -> None:
    wiener = table_of("wiener", "5").rules
    # places side by side: Anna and Bo are the two, Cai, Dag and Eva the three, who sit out in turn
    assert [side_of(wiener.table_of(), p) for p in range(5)] == [0, 0, 1, 1, 1]
    out = [set(range(5)) - set(playing(wiener, hand)) for hand in (1, 2, 3, 4)]
    assert out == [{2}, {3}, {4}, {2}]
    assert all(sorted(playing(wiener, hand)) == sorted(set(range(5)) - o) for hand, o in zip((1, 2, 3), out))
    # the seats of a side are played by that side's people: seats 0 and 2 by Anna and Bo
    assert {playing(wiener, 1)[0], playing(wiener, 1)[2]} == {0, 1} and seat_in_hand(wiener, 1, 2) is None
    royal = table_of("royal", "5").rules
    assert [side_of(royal.table_of(), p) for p in range(5)] == [0, 0, 0, 1, 1]
    assert [set(range(5)) - set(playing(royal, hand)) for hand in (1, 2, 3)] == [{0}, {1}, {2}]
    six = table_of("wiener", "6-sitout").rules
    assert [len(set(range(6)) - set(playing(six, hand))) for hand in (1, 2, 3)] == [2, 2, 2]
    # where everyone plays every hand the places are the seats, as ever
    classic = table_of("classic", "4").rules
    assert playing(classic, 1) == playing(classic, 7) == (0, 1, 2, 3)


def test_the_plan_offers_the_tables_where_people_sit_out_with_a_place_for_each_person() -> None:
    assert [t.name for t in tables_of("wiener")] == ["4", "2", "3", "5", "6-sitout", "6-3v3", "6-3x2"]
    assert [t.name for t in tables_of("royal")] == ["4", "2", "3", "5", "6-3v3", "6-3x2"]
    plan = Plan().with_variant("royal").with_table("5").with_seat(4, "club")
    seats = plan.made("basic")
    assert len(seats) == 5 and [s.open for s in seats] == [True, True, True, True, False]


def _face_down(view: SeatModel, form: Form) -> bool:
    """Every hand, the stock and the cards out of play as placeholders, as many as the table holds."""
    seen, full = view.state, form.state
    return (all(mine == (FACE_DOWN,) * len(real) for mine, real in zip(seen.hands, full.hands))
            and seen.stock == (FACE_DOWN,) * len(full.stock) and seen.out_of_play == (FACE_DOWN,) * len(full.out_of_play))


def test_a_hand_at_a_table_of_five_only_its_four_players_act_and_the_one_sitting_out_sees_no_hand() -> None:
    table = TableActor("FIVEABCD", table_of("wiener", "5", classroom=3), Memory(), pace=0.0)
    rng = random.Random(3)

    async def play() -> tuple[list[SeatModel], list[int], list[dict[str, Any]]]:
        for place in range(5):
            assert await table.sit(person_key(str(place)), NAMES[place]) == place
        await table.start()
        views = [SeatModel.at(table, place, "en") for place in range(5)]
        acted: list[int] = []
        assert views[2].sitting_out() and not any(v.sitting_out() for v in views if v.place != 2)
        while (turn := table.form.to_act()) is not None:
            assert turn != 2 and not views[2].is_my_turn()
            acted.append(turn)
            await table.act(turn, rng.choice(legal_actions(table.form.state)))
            views[2].follow(table)
            if not views[2].state.is_over():  # during the hand: every card of every hand face down
                assert _face_down(views[2], table.form)
                assert views[2].sitting_out_note() == "You sit out this hand; Dag and Eva play for your side."
        for view in views:
            view.follow(table)
        return views, acted, table.keeping.log["FIVEABCD"]  # type: ignore[attr-defined]

    views, acted, log = run(play)
    assert set(acted) == {0, 1, 3, 4}
    # the review after the hand is only for those who played it
    assert own_moves(table.happened, 2) == [] and own_moves(table.happened, 3)
    # the hand's end counts in the record of the four who played it, not of Cai who sat it out
    tally = next(e["tally"] for e in log if "tally" in e)
    assert sorted(p for p, _ in tally["counted"]) == sorted(person_key(str(p)) for p in (0, 1, 3, 4))
    # one score a side, the same on every screen; the log names people by name, nobody "you" for Cai
    assert len({tuple(v.totals) for v in views}) == 1 and len(views[0].totals) == 2
    # a side by all its people (the scores after each hand name it so), whoever played this hand
    assert views[0].team_label(0) == "You and Bo" and views[0].team_label(1) == "Cai, Dag and Eva"
    assert views[2].team_label(1) == "You, Dag and Eva"
    said = " ".join(views[2].log_lines(400))
    assert "Dag" in said and "Anna" in said and " You " not in said

    async def next_hand() -> list[SeatModel]:
        before = table.form.totals()
        await table.next_hand()
        assert table.form.state.scores == before and table.form.hand_number == 2
        for view in views:
            view.follow(table)
        return views

    views = run(next_hand)
    # hand 2: Dag sits out; Cai plays the seat Dag played, with a hand of real cards
    assert views[3].sitting_out() and not views[2].sitting_out()
    assert views[2].hand == table.form.state.hands[views[2].seat] != (JOKER,) * len(views[2].hand)
    assert views[2].seat == seat_in_hand(table.form.rules, 2, 2)
    assert _face_down(views[3], table.form)
    assert "You sit out this hand; Anna and Bo play for your side." not in " ".join(views[3].log_lines(5))
    assert "You sit out this hand; Cai and Eva play for your side." in " ".join(views[3].log_lines(5))
    assert views[3].place_label(3) == "You (sitting out this hand)" and views[0].place_label(3) == "Dag (sitting out this hand)"
    assert table.form.status == PLAYING
