"""Classes and students in the store (tutor/store/classes.py), the same tests on SQLite and on a real
PostgreSQL: joining with a code, a name and a PIN; wrong PINs; resetting a PIN; removing a student
with everything of theirs; sign-in tokens; the teacher's overview, traps and CSV; assignments; and
the live topic published after each committed write about a student."""

from __future__ import annotations

import asyncio
import csv
import io
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from sqlalchemy import Table, func, insert, select

from tests.tutor.store.test_store import store  # noqa: F401  (the store on both dialects: conftest.py's url)
from tutor.lessons.progress import HIDDEN_CHARACTERS, ProgressError
from tutor.store.settings import Settings
from tutor.store import Store
from tutor.store.classes import (BAD_PIN, CODE_ALPHABET, LONG_NAME, LOOK_ALIKE, NO_NAME, UNKNOWN_CODE, WRONG_PIN, Cell,
                                 Classes, JoinRefused, TrapCount, normal_code, path_order)
from tutor.store.schema import (attempt_events, attempts, devices, learners, reviews, saved_games, settings,
                                sign_ins, students, teachers)


@pytest.fixture
def school(store: Store) -> Classes:  # noqa: F811
    return Classes(store)


def refused(call: Callable[..., object], *args: str) -> JoinRefused:
    with pytest.raises(JoinRefused) as caught:
        call(*args)
    return caught.value


def rows(store: Store, table: Table, **where: object) -> int:  # noqa: F811
    with store.engine.connect() as db:
        query = select(func.count()).select_from(table)
        for column, value in where.items():
            query = query.where(table.c[column] == value)
        return int(db.execute(query).scalar_one())


def test_the_teacher_password_is_a_scrypt_hash(school: Classes, store: Store) -> None:  # noqa: F811
    assert not school.has_teacher()
    with pytest.raises(ValueError):
        school.set_teacher_password("short")
    school.set_teacher_password("correct horse")
    assert school.has_teacher()
    assert school.check_teacher("correct horse") and not school.check_teacher("correct horsE")
    with store.engine.connect() as db:
        stored = db.execute(select(teachers.c.password)).scalar()
    assert isinstance(stored, str) and stored.startswith("scrypt$16384$8$1$") and "correct" not in stored
    school.set_teacher_password("another one")
    assert school.check_teacher("another one") and not school.check_teacher("correct horse")


def test_classes_get_readable_distinct_codes(school: Classes) -> None:
    made = [school.create_class(f"Class {n}") for n in range(5)]
    assert [c.name for c in school.classes()] == [f"Class {n}" for n in range(5)]
    assert len({c.code for c in made}) == 5
    assert all(len(c.code) == 6 and set(c.code) <= set(CODE_ALPHABET) for c in made)
    assert not set(CODE_ALPHABET) & set("0O1IL")
    with pytest.raises(ProgressError):
        school.create_class("   ")
    assert normal_code(" abc-def ") == "ABCDEF"


def test_a_student_joins_and_signs_in_again_from_any_device(school: Classes) -> None:
    seven = school.create_class("7B")
    anna, token = school.join(seven.code.lower(), "  Anna   Berg ", "2468")
    assert (anna.class_id, anna.name) == (seven.id, "Anna Berg") and anna.last_active is not None
    back = school.signed_in(token)
    assert back is not None and back[:3] == anna[:3]
    assert back.last_active is not None and back.last_active >= anna.last_active
    again, other = school.join(seven.code, "anna berg", "2468")  # another device: the same student
    assert again.id == anna.id and other != token
    on_other = school.signed_in(other)
    assert on_other is not None and on_other.id == anna.id
    assert [s.name for s in school.students(seven.id)] == ["Anna Berg"]
    school.sign_out(token)
    on_other = school.signed_in(other)
    assert school.signed_in(token) is None and on_other is not None and on_other.id == anna.id
    for nothing in (None, 7, "", "x" * 43, ["token"]):
        assert school.signed_in(nothing) is None


def test_joins_refused_say_why(school: Classes) -> None:
    seven = school.create_class("7B")
    school.join(seven.code, "Anna", "2468")
    wrong = refused(school.join, seven.code, "ANNA", "1357")
    assert wrong.msgid == WRONG_PIN and "ANNA" in wrong.explanation("en")
    assert refused(school.join, "ZZZZZZ", "Bo", "1234").msgid == UNKNOWN_CODE
    assert refused(school.join, seven.code, "Bo", "12a4").msgid == BAD_PIN
    assert refused(school.join, seven.code, "Bo", "123").msgid == BAD_PIN
    assert refused(school.join, seven.code, "Bo", "123456789").msgid == BAD_PIN
    assert refused(school.join, seven.code, "  ", "1234").msgid == NO_NAME
    assert refused(school.join, seven.code, "B" * 41, "1234").msgid == LONG_NAME[0]
    assert "40" in refused(school.join, seven.code, "B" * 41, "1234").explanation("de")
    assert [s.name for s in school.students(seven.id)] == ["Anna"]  # nothing half-made


@pytest.mark.parametrize("name", ["An\u200bna", "Anna\u202e", "\u2066Anna\u2069", "An\x00na", "Anna\x1b[2J",
                                  "Anna\u00ad", "\ufeffAnna", "Anna\ue000"])
def test_a_name_with_a_character_that_does_not_show_is_refused(school: Classes, store: Store, name: str) -> None:  # noqa: F811
    """A zero-width space, a direction override or isolate, a NUL, an escape, a soft hyphen, a byte-order
    mark, a private-use character: each was taken, and shown on the grid just like "Anna" (a NUL failed
    on PostgreSQL with "The class cannot be reached right now"). Nothing reaches the database."""
    seven = school.create_class("7B")
    refusal = refused(school.join, seven.code, name, "2468")
    assert refusal.msgid == HIDDEN_CHARACTERS
    assert "invisible" in refusal.explanation("en") and refusal.explanation("de") != refusal.explanation("en")
    assert rows(store, students) == 0
    for other_name in (lambda: school.create_class(name), lambda: store.learners("device-1").add_profile(name)):
        with pytest.raises(ProgressError) as other:  # a class's name and a device's learner's: the same
            other_name()
        assert other.value.text == HIDDEN_CHARACTERS


def test_a_name_is_kept_in_nfkc_and_found_so(school: Classes) -> None:
    """A full-width or ligature form is the plain name: the same student, not a new one."""
    seven = school.create_class("7B")
    anna, _ = school.join(seven.code, "Anna", "2468")
    again, _ = school.join(seven.code, "\uff21\uff4e\uff4e\uff41", "2468")  # full-width Ａｎｎａ
    assert again.id == anna.id
    assert school.join(seven.code, "\ufb01ona", "1357")[0].name == "fiona"  # the ﬁ ligature
    assert [s.name for s in school.students(seven.id)] == ["Anna", "fiona"]


@pytest.mark.parametrize("name", ["\u0410nna", "\u0430nna", "ANN\u0410", "Ann\u0430", "\u0391nna"])
def test_a_name_that_looks_like_a_students_in_the_class_is_refused(school: Classes, name: str) -> None:
    """Cyrillic or Greek capitals and small letters for Latin ones: a new student shown identically to
    Anna on the teacher's grid. Unicode's confusables skeleton (UTS #39) finds them."""
    seven, eight = school.create_class("7B"), school.create_class("8A")
    school.join(seven.code, "Anna", "2468")
    refusal = refused(school.join, seven.code, name, "1357")
    assert refusal.msgid == LOOK_ALIKE and refusal.explanation("is") != refusal.explanation("en")
    assert [s.name for s in school.students(seven.id)] == ["Anna"]
    school.join(eight.code, name, "1357")  # another class: nobody to be taken for
    assert school.join(seven.code, "anna", "2468")[0].name == "Anna"  # Anna herself, in any case
    for other in ("Jón", "Jon", "Björk", "Bjork", "Anne", "Søren", "Soren"):  # names that differ, by a letter or an accent
        school.join(seven.code, other, "1111")
    assert len(school.students(seven.id)) == 8


def test_a_name_is_per_class(school: Classes) -> None:
    seven, eight = school.create_class("7B"), school.create_class("8A")
    in_seven, _ = school.join(seven.code, "Anna", "1111")
    in_eight, _ = school.join(eight.code, "Anna", "2222")
    assert in_seven.id != in_eight.id
    assert refused(school.join, eight.code, "Anna", "1111").msgid == WRONG_PIN


def test_a_reset_pin_is_new_and_ends_the_sign_ins(school: Classes) -> None:
    seven = school.create_class("7B")
    anna, token = school.join(seven.code, "Anna", "2468")
    pin = school.reset_pin(seven.id, anna.id)
    assert len(pin) == 4 and pin.isdigit()
    assert school.signed_in(token) is None
    if pin != "2468":
        assert refused(school.join, seven.code, "Anna", "2468").msgid == WRONG_PIN
    assert school.join(seven.code, "Anna", pin)[0].id == anna.id
    with pytest.raises(KeyError):
        school.reset_pin(seven.id + 1, anna.id)  # a student of another class: not this teacher's click


def test_removing_a_student_removes_everything_of_theirs(school: Classes, store: Store) -> None:  # noqa: F811
    seven = school.create_class("7B")
    anna, token = school.join(seven.code, "Anna", "2468")
    bo, _ = school.join(seven.code, "Bo", "1357")
    for student in (anna, bo):
        store.save_settings(student.id, Settings(language="sv"))
        store.save_game(student.id, {"game": student.name})
        mine = store.learners(student.id)
        attempt = mine.start(student.id, "classic-meld", 1)
        mine.event(attempt, "trap", "froze the pile", 1, 0)
        mine.finish(attempt, 2, 1, 0)
    school.remove_student(seven.id, anna.id)
    assert school.signed_in(token) is None
    for table, column in ((learners, "id"), (students, "learner"), (sign_ins, "learner"), (settings, "learner"),
                          (saved_games, "learner"), (attempts, "learner"), (reviews, "learner")):
        assert rows(store, table, **{column: anna.id}) == 0, table.name
        assert rows(store, table, **{column: bo.id}) >= 1, table.name
    assert rows(store, attempt_events) == 1  # Bo's
    assert [s.name for s in school.students(seven.id)] == ["Bo"]
    assert school.join(seven.code, "Anna", "9999")[0].id != anna.id  # the name is free again
    with pytest.raises(KeyError):
        school.remove_student(seven.id, anna.id)


def test_a_students_things_are_their_own_from_any_device(school: Classes, store: Store) -> None:  # noqa: F811
    seven = school.create_class("7B")
    anna, _ = school.join(seven.code, "Anna", "2468")
    bo, _ = school.join(seven.code, "Bo", "1357")
    store.save_settings(anna.id, Settings(language="de"))
    store.save_game(anna.id, {"hand": 1})
    data = store.settings_data(anna.id)
    assert data is not None and data["language"] == "de"
    assert store.settings_data(bo.id) is None and not store.has_game(bo.id) and store.has_game(anna.id)
    assert [p.id for p in store.learners(anna.id).profiles()] == [anna.id]
    with pytest.raises(ProgressError):
        store.learners(anna.id).add_profile("Someone else")
    with pytest.raises(ProgressError):  # Bo's learner is no learner of Anna's
        store.learners(anna.id).start(bo.id, "classic-meld", 0)
    device, _ = store.device(None)
    assert store.learners(device).profiles() == [] and store.settings_data(device) is None


def test_the_overview_cells_and_now_on(school: Classes, store: Store) -> None:  # noqa: F811
    seven = school.create_class("7B")
    anna, _ = school.join(seven.code, "Anna", "2468")
    bo, _ = school.join(seven.code, "Bo", "1357")
    school.join(school.create_class("8A").code, "Cy", "1111")  # another class: not in 7B's overview
    mine = store.learners(anna.id)
    first = mine.start(anna.id, "l-two", 0)
    mine.event(first, "refusal", "frozen", 1, 0)
    mine.finish(first, 2, 1, 0)
    clean = mine.start(anna.id, "l-two", 3)
    mine.finish(clean, 3, 0, 0)
    open_now = mine.start(anna.id, "l-one", 0)
    school.assign(seven.id, ["l-three"])
    view = school.overview(seven.id)
    assert [s.name for s in view.students] == ["Anna", "Bo"]
    assert view.lessons == ["l-three", "l-one", "l-two"]  # assigned first, then attempted
    assert view.cells == {(anna.id, "l-two"): Cell(stars=3, mastered=True, attempts=2, mistakes=1),
                          (anna.id, "l-one"): Cell(stars=0, mastered=False, attempts=1, mistakes=0)}
    assert view.now_on == {anna.id: "l-one", bo.id: None}
    mine.finish(open_now, 1, 0, 0)
    assert school.overview(seven.id).now_on[anna.id] is None
    again = mine.start(anna.id, "l-one", 0)
    mine.leave(anna.id)
    assert again and school.overview(seven.id).now_on[anna.id] is None


def test_traps_most_fallen_first(school: Classes, store: Store) -> None:  # noqa: F811
    seven = school.create_class("7B")
    people = [school.join(seven.code, name, "1234")[0] for name in ("Anna", "Bo", "Cy", "Di")]
    for n, student in enumerate(people):
        mine = store.learners(student.id)
        attempt = mine.start(student.id, "pile", 0)
        if n < 3:
            mine.event(attempt, "trap", "took the frozen pile", 1, 0)
            mine.event(attempt, "trap", "took the frozen pile", 2, 0)  # twice: one student still
        if n == 0:
            mine.event(attempt, "trap", "discarded a wild card", 3, 0)
            mine.event(attempt, "refusal", "R-meld", 4, 0)  # a refusal is no trap
        other = mine.start(student.id, "meld", 0)
        if n == 1:
            mine.event(other, "trap", "melded too early", 1, 0)
    assert school.traps(seven.id) == [
        TrapCount("pile", "took the frozen pile", 3, 4),
        TrapCount("meld", "melded too early", 1, 4),
        TrapCount("pile", "discarded a wild card", 1, 4),
    ]


def test_the_csv_has_a_row_per_student_and_lesson(school: Classes, store: Store) -> None:  # noqa: F811
    seven = school.create_class("7B")
    anna, _ = school.join(seven.code, "Anna", "2468")
    school.join(seven.code, "=cmd|calc", "1357")
    store.learners(anna.id).record(anna.id, "solo", 2, 3, 0, 0)
    school.assign(seven.id, ["first"])
    table = list(csv.DictReader(io.StringIO(school.csv(seven.id))))
    assert [(r["student"], r["lesson"]) for r in table] == [
        ("'=cmd|calc", "first"), ("'=cmd|calc", "solo"), ("Anna", "first"), ("Anna", "solo")]
    solo = table[3]
    assert (solo["stars"], solo["mastered"], solo["attempts"], solo["assigned"]) == ("3", "1", "1", "0")
    assert table[2]["assigned"] == "1" and table[2]["stars"] == "0" and solo["last_active"].endswith("Z")


def test_assignments_keep_the_teachers_order(school: Classes) -> None:
    seven, eight = school.create_class("7B"), school.create_class("8A")
    school.assign(seven.id, ["c", "a", "b", "a"])
    assert school.assigned(seven.id) == ["c", "a", "b"] and school.assigned(eight.id) == []
    school.assign(seven.id, ["b"])
    assert school.assigned(seven.id) == ["b"]
    school.assign(seven.id, [])
    assert school.assigned(seven.id) == []


def test_path_order_follows_the_catalog() -> None:
    from tutor.lessons.catalog import lesson_catalog

    ids = [lesson.id for lesson in lesson_catalog().lessons]
    assert path_order({ids[2], ids[0], "zz-unknown", "aa-unknown"}) == [ids[0], ids[2], "aa-unknown", "zz-unknown"]


def test_writes_about_a_student_publish_the_class_after_commit(school: Classes, store: Store) -> None:  # noqa: F811
    seven = school.create_class("7B")

    async def heard(action: Callable[[], object]) -> list[str]:
        got: list[str] = []
        stop = store.live.subscribe(f"class:{seven.id}", got.append)
        try:
            await asyncio.to_thread(action)  # from another thread, as the app's writes are
            for _ in range(50):
                if got:
                    break
                await asyncio.sleep(0.01)
            await asyncio.sleep(0.02)
        finally:
            stop()
        return got

    def check(action: Callable[[], object]) -> None:
        assert asyncio.run(heard(action)) != [], action

    anna: list[int] = []
    check(lambda: anna.append(school.join(seven.code, "Anna", "2468")[0].id))
    token = school.join(seven.code, "Anna", "2468")[1]
    mine = store.learners(anna[0])
    attempt = mine.start(anna[0], "l", 0)
    for action in (lambda: school.signed_in(token), lambda: mine.start(anna[0], "l", 0),
                   lambda: mine.event(attempt, "trap", "x", 1, 0), lambda: mine.finish(attempt, 1, 1, 0),
                   lambda: mine.queue_review(anna[0], "l"), lambda: mine.leave(anna[0]),
                   lambda: store.save_settings(anna[0], Settings(language="is")), lambda: store.save_game(anna[0], {"g": 1}),
                   lambda: school.assign(seven.id, ["l"]), lambda: school.reset_pin(seven.id, anna[0]),
                   lambda: school.remove_student(seven.id, anna[0])):
        check(action)

    # a device's learner publishes nothing; a failed write publishes nothing
    device, _ = store.device(None)
    learner = store.learners(device).add_profile("Home")
    assert asyncio.run(heard(lambda: store.learners(device).record(learner.id, "l", 0, 3, 0, 0))) == []
    assert asyncio.run(heard(lambda: pytest.raises(JoinRefused, school.join, seven.code, "Bo", "1"))) == []


def test_the_publish_comes_after_the_commit(school: Classes, store: Store) -> None:  # noqa: F811
    """When the topic is published, another connection already reads the write it tells of."""
    seven = school.create_class("7B")
    anna, _ = school.join(seven.code, "Anna", "2468")
    seen: list[int] = []
    store.live.publish = lambda topic: seen.append(len(school.overview(seven.id).cells))  # type: ignore[method-assign]  # a spy
    store.learners(anna.id).record(anna.id, "l", 0, 3, 0, 0)
    assert seen and seen[0] == 1


def test_a_class_upgrade_keeps_a_devices_learners(tmp_path: Path) -> None:
    """The classes' revision adds tables only: a store of revision 0001 keeps everything."""
    from alembic import command
    from alembic.config import Config

    from tutor.store import forget_open_stores, open_store
    from tutor.store.engine import MIGRATIONS, connect, head

    old = f"sqlite:///{tmp_path / 'store.sqlite3'}"
    engine = connect(old)
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0001")
    with engine.begin() as db:
        db.execute(insert(devices).values(id="d" * 40, created=1.0, seen=1.0))
        db.execute(insert(learners).values(device="d" * 40, name="Home", created=1.0))
    engine.dispose()
    upgraded, notices = open_store(old, tmp_path)
    assert notices == [] and head() >= "0002"  # later revisions (0003: open_lessons) follow it
    assert [p.name for p in upgraded.learners("d" * 40).profiles()] == ["Home"]
    assert Classes(upgraded).create_class("7B").id == 1
    forget_open_stores()


def test_pins_are_kept_as_salted_scrypt_hashes(school: Classes, store: Store) -> None:  # noqa: F811
    from tutor.store.classes import check_secret, hash_secret

    stored = hash_secret("2468")
    assert isinstance(stored, str) and stored.startswith("scrypt$16384$8$1$") and stored != hash_secret("2468")  # salted
    assert check_secret("2468", stored) and not check_secret("2469", stored)
    assert not check_secret("2468", "plain") and not check_secret("2468", "scrypt$x$1$1$00$00")
    seven = school.create_class("7B")
    school.join(seven.code, "Anna", "2468")
    with store.engine.connect() as db:
        pin = db.execute(select(students.c.pin)).scalar()
    # The stored column is the hash's fields, none of them the PIN (a substring test would fail
    # by chance whenever the random hex happened to hold "2468").
    assert isinstance(pin, str) and pin.startswith("scrypt$") and check_secret("2468", pin)
    assert "2468" not in pin.split("$") and pin != "2468"
    with store.engine.connect() as db:
        kept = db.execute(select(sign_ins.c.token)).scalar()
    assert isinstance(kept, str) and len(kept) == 64  # the token's SHA-256, not the token


def test_removing_a_class_removes_its_students(school: Classes, store: Store) -> None:  # noqa: F811
    seven, eight = school.create_class("7B"), school.create_class("8A")
    anna, token = school.join(seven.code, "Anna", "2468")
    cy, _ = school.join(eight.code, "Cy", "1111")
    store.learners(anna.id).record(anna.id, "l", 0, 3, 0, 0)
    school.assign(seven.id, ["l"])
    school.remove_class(seven.id)
    assert [c.name for c in school.classes()] == ["8A"]
    assert school.signed_in(token) is None and rows(store, attempts) == 0 and rows(store, learners, id=anna.id) == 0
    assert [s.id for s in school.students(eight.id)] == [cy.id]
    assert refused(school.join, seven.code, "Anna", "2468").msgid == UNKNOWN_CODE


def test_a_lesson_left_open_an_hour_ago_is_not_now(school: Classes, store: Store) -> None:  # noqa: F811
    seven = school.create_class("7B")
    anna, _ = school.join(seven.code, "Anna", "2468")
    store.learners(anna.id).start(anna.id, "l-one", 0, now=time.time() - 3700)
    assert school.overview(seven.id).now_on == {anna.id: None}
    store.learners(anna.id).start(anna.id, "l-one", 0)
    assert school.overview(seven.id).now_on == {anna.id: "l-one"}
