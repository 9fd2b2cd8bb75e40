"""The screens of a table for people, without a browser: the lobby offers every table the variant
allows and a choice for each seat; a seat's page is the game's page with the table's panel and no
new-game choice; a set-up plan makes the seats it says."""

from __future__ import annotations

import asyncio

from engine.variants import VARIANTS
from tests.tutor.helpers import semantics, walk
from tutor.tables.actor import Seat, TableActor, new_form
from tutor.tables.codes import person_key
from tutor.tables.plan import LEVELS, PERSON, Plan, tables_of
from tutor.tables.seat import SeatModel
from tutor.views.people import PeopleCalls, lobby_view, people_panel
from tutor.views.table import page_view
from tutor.views.widgets import Handlers
from tests.tutor.tables.test_actor import Memory


def _nothing(*_args: object) -> None:
    return None


HANDLERS = Handlers(_nothing, _nothing, _nothing, _nothing, _nothing, _nothing, _nothing, _nothing, go=_nothing,
                    change_setting=_nothing)
CALLS = PeopleCalls(*([_nothing] * 15))


def test_a_plan_makes_the_seats_it_says() -> None:
    plan = Plan().with_variant("royal").with_table("6-3x2").with_seat(2, "expert").with_seat(0, "club")
    assert plan.table_form().players == 6
    seats = plan.made("basic")
    assert [s.open for s in seats] == [True, True, False, True, True, True]
    assert [s.level for s in seats] == ["basic", "basic", "expert", "basic", "basic", "basic"]
    assert all([t.name for t in tables_of(v)] == [t.name for t in VARIANTS[v].tables] for v in VARIANTS)


def test_the_lobby_offers_every_table_and_each_seats_choice() -> None:
    plan = Plan().with_variant("wiener").with_table("6-3x2")
    nodes = semantics(lobby_view("de", HANDLERS, CALLS, plan, "Hugo", "", ""))
    assert {"people-name", "people-code", "people-join", "people-make"} <= set(nodes)
    assert {f"people-table-{t.name}" for t in tables_of("wiener")} <= set(nodes)
    assert {f"people-seat-{s}-{k}" for s in range(1, 6) for k in (PERSON, *LEVELS)} <= set(nodes)
    assert "people-seat-6-person" not in nodes and "people-back" not in nodes
    texts = " ".join(str(getattr(c, "value", "")) for c in walk(lobby_view("de", HANDLERS, CALLS, plan, "", "", "")))
    assert "Mit anderen spielen" in texts and "Platz 5 (Partnerschaft 2)" in texts  # three partnerships of two
    alone = " ".join(str(getattr(c, "value", "")) for c in walk(lobby_view(
        "sv", HANDLERS, CALLS, plan.with_table("3"), "", "", "")))
    assert "Plats 2" in alone and "Lag" not in alone  # three players, each for themselves
    assert "people-back" in semantics(lobby_view("en", HANDLERS, CALLS, plan, "", "", "", seated="ABCDEFGH"))
    # a table where people take turns sitting out: a place for each of the five, by side (two and three)
    five = " ".join(str(getattr(c, "value", "")) for c in walk(lobby_view(
        "en", HANDLERS, CALLS, plan.with_table("5"), "", "", "")))
    assert "Seat 2 (Side 1)" in five and "Seat 3 (Side 2)" in five and "Seat 5 (Side 2)" in five
    assert "people-seat-4-person" in semantics(lobby_view("en", HANDLERS, CALLS, plan.with_table("5"), "", "", ""))


def test_a_seats_page_is_the_games_page_with_the_tables_panel() -> None:
    form = new_form("classic", 4, None, [Seat("basic", open=i in (0, 2)) for i in range(4)], seed=3)
    table = TableActor("ABCDEFGH", form, Memory(), pace=0.0)

    async def seat() -> None:
        await table.sit(person_key("a"), "Anna")
        await table.sit(person_key("b"), "Björn")

    asyncio.run(seat())
    model = SeatModel.at(table, 2, "en")
    panel = people_panel(model, CALLS, "ABCDEFGH", "http://host/table/ABCDEFGH", host=False)
    page = page_view(model, HANDLERS, confirm=panel)
    nodes = semantics(page)
    assert "variant-classic" not in nodes  # no new game from a seat
    assert nodes["table-code"].label == "Table code: ABCDEFGH"
    assert str(nodes["status"].label).startswith("The game has not begun")
    texts = [str(getattr(c, "value", "")) for c in walk(page)]
    assert "Anna (Partner)" in texts
    assert any("computer player (Basic player)" in t for t in texts)
    assert "people-start" not in nodes and "people-leave" in nodes
    host = SeatModel.at(table, 0, "en")
    hosts = semantics(people_panel(host, CALLS, "ABCDEFGH", "", host=True))
    assert "people-start" in hosts and "people-leave" in hosts  # the host may leave: their part passes on


def test_a_side_is_named_anew_when_a_person_sits_down_though_nothing_else_changed() -> None:
    from tutor.views.memo import Memo
    from tutor.views.table import table_view

    form = new_form("classic", 4, None, [Seat("basic", open=True) for _ in range(4)], seed=3)
    table = TableActor("ABCDEFGH", form, Memory(), pace=0.0)
    asyncio.run(table.sit(person_key("h"), "Hugo", 0))
    model = SeatModel.at(table, 0, "en")
    cache = Memo()

    def sides() -> list[str]:
        with cache.frame("people-table"):
            return [str(getattr(c, "value", "")) for c in walk(table_view(model, HANDLERS))]

    assert any("You and Partner" in t for t in sides())
    asyncio.run(table.sit(person_key("p"), "Pia", 2))
    model.follow(table)
    assert any("You and Pia" in t for t in sides())  # not the last frame's "Partner"


def test_an_event_redraws_little_of_a_seat_that_did_not_act() -> None:
    """Four seats redraw after every event at a table: for a seat that only watched, its hand (the
    cards and the row holding them) and the play-by-play's earlier lines are the last frame's very
    controls, and a new line of the log is the one control built for it."""
    from engine.core.actions import Draw
    from tutor.views.memo import Memo

    form = new_form("classic", 4, None, [Seat("basic", open=True) for _ in range(4)], seed=3)
    table = TableActor("ABCDEFGH", form, Memory(), pace=0.0)

    async def begin() -> None:
        for seat in range(4):
            await table.sit(person_key(str(seat)), f"P{seat}")
        await table.start()

    asyncio.run(begin())
    watcher = SeatModel.at(table, 2, "en")
    cache = Memo()

    def frame() -> tuple[object, list[object], list[object]]:
        with cache.frame("people-table"):
            page = page_view(watcher, HANDLERS)
        hand = next(c for c in walk(page) if getattr(c, "key", None) == "hand-view")
        log = list(semantics(page)["log"].content.controls)  # type: ignore[union-attr]
        return hand, log, [c for c in walk(hand)]

    hand, log, _cards = frame()
    seat = table.form.to_act()
    assert seat is not None and seat != 2

    async def draw() -> None:
        assert await table.act(seat, Draw()) is None

    asyncio.run(draw())
    watcher.follow(table)
    builds = cache.builds
    hand_after, log_after, _ = frame()
    assert hand_after is hand  # nothing of this seat's hand changed
    assert len(log_after) == len(log) + 1 and log_after[:-1] == log and all(
        a is b for a, b in zip(log_after, log))  # the earlier lines are the very same controls
    assert "P" in str(getattr(log_after[-1], "value", ""))  # the new line: who drew, by name
    assert cache.builds - builds <= 12  # the table's counts and the pile's words, the status, the new line


def test_the_page_of_a_person_sitting_out_shows_no_hand_and_says_who_plays_for_their_side() -> None:
    form = new_form("royal", 5, "5", [Seat("basic", open=True) for _ in range(5)], seed=3)
    table = TableActor("ROYALFIV", form, Memory(), pace=0.0)

    async def seat() -> None:
        for place, name in enumerate(("Anna", "Bo", "Cai", "Dag", "Eva")):
            await table.sit(person_key(name), name)
        await table.start()

    asyncio.run(seat())
    out = SeatModel.at(table, 0, "sv")  # Royal's five: the three first, Anna sits the first hand out
    playing = SeatModel.at(table, 1, "en")
    for narrow in (False, True):
        nodes = semantics(page_view(out, HANDLERS, narrow=narrow))
        assert str(nodes["status"].label).startswith("Du sitter över den här given; Bo och Cai spelar för ert lag.")
        assert not any(key.startswith(("hand-", "action-")) for key in nodes) and "question" not in nodes
        assert "variant-classic" not in nodes  # no new game from a seat, on a phone either
        texts = " ".join(str(getattr(c, "value", "")) for c in walk(page_view(out, HANDLERS, narrow=narrow)))
        assert "Din hand" not in texts and all(f"{name}: 15 kort" in texts for name in ("Bo", "Cai", "Dag", "Eva"))
        assert any(key.startswith("hand-") for key in semantics(page_view(playing, HANDLERS, narrow=narrow)))
    panel = " ".join(str(getattr(c, "value", "")) for c in walk(people_panel(playing, CALLS, "ROYALFIV", "", False)))
    assert "Anna (sitting out this hand)" in panel and "Cai (Partner)" in panel


def test_the_tables_panel_is_the_last_frames_until_what_it_shows_changes() -> None:
    """An action at the table leaves the panel (code, link, seats, Start) as it was: the very controls
    of the last frame, neither built nor diffed again; a person sitting down or hints turned off draws
    it anew with the change."""
    from engine.core.actions import Draw
    from tutor.views.memo import Memo

    form = new_form("classic", 4, None, [Seat("basic", open=True) for _ in range(4)], seed=3)
    table = TableActor("ABCDEFGH", form, Memory(), pace=0.0)

    async def begin() -> None:
        for seat in range(3):
            await table.sit(person_key(str(seat)), f"P{seat}")

    asyncio.run(begin())
    host = SeatModel.at(table, 0, "en")
    cache = Memo()

    def panel() -> object:
        with cache.frame("people-table"):
            page = page_view(host, HANDLERS, confirm=people_panel(host, CALLS, "ABCDEFGH", "http://h/t", host=True))
        return next(c for c in walk(page) if getattr(c, "key", None) == "people-panel")

    def texts(control: object) -> str:
        return " ".join(str(getattr(c, "value", "")) for c in walk(control))

    first = panel()
    assert panel() is first
    asyncio.run(table.sit(person_key("3"), "Pia"))
    host.follow(table)
    seated = panel()
    assert seated is not first and "Pia" in texts(seated) and "Pia" not in texts(first)
    asyncio.run(table.start())
    host.follow(table)
    started = panel()
    assert "people-start" not in semantics(started) and "people-hints" in semantics(started)
    seat = table.form.to_act()
    assert seat is not None

    async def draw() -> None:
        assert await table.act(seat, Draw()) is None

    asyncio.run(draw())
    host.follow(table)
    assert panel() is started  # a draw changes nothing the panel shows
    asyncio.run(table.set_hints(False))
    host.follow(table)
    hints_off = panel()
    assert hints_off is not started and "Turn hints on" in texts(hints_off)
