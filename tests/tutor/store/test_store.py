"""The store, the same tests on SQLite and on a real PostgreSQL (a throwaway cluster, tests/tutor/postgres.py):
migrations from empty, each device its own, attempts written as they happen, a game reopened with its
undo, the old files imported once, damage named and kept aside, a kill while writing."""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import create_engine, inspect

from tests.tutor import postgres
from tutor.lessons.progress import DAY, INTERVALS, ProgressError
from tutor.store import Store, forget_open_stores, open_store
from tutor.store.engine import head, revision
from tutor.store.games import snapshot
from tutor.store.legacy import OLD_PROGRESS
from tutor.store.people import device_game, device_settings
from tutor.store.schema import metadata
from tutor.store.settings import Settings
from tutor.table.model import TableModel

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture
def store(url: str, tmp_path: Path) -> Store:
    opened, notices = open_store(url, tmp_path)
    assert notices == []
    return opened


def test_migrations_build_the_schema_from_empty(url: str, tmp_path: Path) -> None:
    open_store(url, tmp_path)
    engine = create_engine(url.replace("postgresql://", "postgresql+psycopg://"))
    assert revision(engine) == head()
    with engine.connect() as connection:  # the migrations and tutor/store/schema.py agree
        differences = compare_metadata(MigrationContext.configure(connection), metadata)
    assert [d for d in differences if d[0] not in ("add_index", "remove_index")] == []
    assert {"devices", "learners", "settings", "saved_games", "attempts", "attempt_events", "reviews"} \
        <= set(inspect(engine).get_table_names())
    engine.dispose()


def test_sqlite_is_in_wal_mode(tmp_path: Path) -> None:
    store, _ = open_store(None, tmp_path)
    with store.engine.connect() as connection:
        assert connection.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
    forget_open_stores()


def test_each_device_sees_only_its_own(store: Store) -> None:
    ada_device, new = store.device(None)
    bo_device, _ = store.device(None)
    assert new and ada_device != bo_device and len(ada_device) >= 32
    assert store.device(ada_device) == (ada_device, False)
    assert store.device("not-a-device")[0] not in (ada_device, bo_device)  # an unknown id gets a new device
    ada, bo = store.learners(ada_device), store.learners(bo_device)
    first = ada.add_profile("Ada")
    bo.add_profile("Ada")  # the same name on another device is another learner
    assert [p.name for p in ada.profiles()] == ["Ada"] and len(bo.profiles()) == 1
    with pytest.raises(ProgressError):
        bo.profile(first.id)
    with pytest.raises(ProgressError):
        bo.start(first.id, "classic-01", 0)
    attempt = ada.start(first.id, "classic-01", 0)
    with pytest.raises(ProgressError):
        bo.event(attempt, "hint", "", 0, 1)
    store.save_settings(ada_device, Settings(language="sv"))
    assert device_settings(store, ada_device)[0].language == "sv"
    assert device_settings(store, bo_device)[0] == device_settings(store, store.new_device())[0]
    store.save_game(ada_device, snapshot(TableModel.new_game("classic", 4, "en", seed=1)))
    assert store.has_game(ada_device) and not store.has_game(bo_device)


def test_mistakes_traps_and_hints_are_written_when_they_happen(store: Store) -> None:
    device, _ = store.device(None)
    learners = store.learners(device)
    ada = learners.add_profile("Ada")
    attempt = learners.start(ada.id, "classic-01", 0)
    learners.event(attempt, "refusal", "frozen-pile", 1, 0)
    learners.event(attempt, "trap", "You took the pile with a wild card", 2, 0)
    # not solved: no stars, but the mistakes are kept and the deal counts as played
    assert learners.events(attempt) == [("refusal", "frozen-pile"), ("trap", "You took the pile with a wild card")]
    assert learners.lesson(ada.id, "classic-01").attempts == 0 and learners.deals_played(ada.id, "classic-01") == [0]
    progress = learners.finish(attempt, 1, 2, 0, now=1000.0)
    assert (progress.stars, progress.completed, progress.review_due) == (1, True, 1000.0 + INTERVALS[0] * DAY)


def test_names_are_checked_as_before(store: Store) -> None:
    learners = store.learners(store.device(None)[0])
    learners.add_profile("  Ada   Lovelace ")
    for name in ("", "   ", "x" * 41, "Ada Lovelace"):
        with pytest.raises(ProgressError):
            learners.add_profile(name)


def test_a_game_reopens_with_its_undo(store: Store) -> None:
    device, _ = store.device(None)
    model = TableModel.new_game("classic", 4, "en", seed=3)
    start = model.state
    assert model.simple("draw") and model.history
    store.save_game(device, snapshot(model))
    again, notices = device_game(store, device, "en")
    assert notices == [] and again is not None and again.can_undo()
    assert again.state.hands == model.state.hands and len(again.history) == len(model.history)
    again.undo()
    assert again.state.hands == start.hands and again.state.phase == start.phase


@pytest.mark.parametrize("damage", ["not JSON", "not a game", "a bad history"])
def test_a_damaged_saved_game_is_kept_aside_and_told(store: Store, damage: str) -> None:
    device, _ = store.device(None)
    data = snapshot(TableModel.new_game("classic", 4, "en", seed=3))
    bad = {"not JSON": "{{", "not a game": json.dumps([1, 2]),
           "a bad history": json.dumps({**data, "history": [{"position": {}, "log": 0, "moves": 0}]})}[damage]
    from tutor.store.schema import meta, saved_games
    with store.engine.begin() as db:
        db.execute(saved_games.insert().values(device=device, data=bad, updated=0.0))
    model, [notice] = device_game(store, device, "en")
    assert model is None and not store.has_game(device) and "saved game" in notice.say("en")
    with store.engine.connect() as db:  # kept, not deleted
        kept = [json.loads(v)["data"] for k, v in db.execute(meta.select()) if k.startswith("damaged:saved_games")]
    assert kept == [bad]


def test_damaged_settings_keep_what_reads(store: Store) -> None:
    device, _ = store.device(None)
    store.save_settings(device, Settings(language="de"))
    from tutor.store.schema import settings
    with store.engine.begin() as db:
        db.execute(settings.update().values(data=json.dumps({"language": "de", "theme": "purple", "players": 7})))
    chosen, [notice] = device_settings(store, device)
    assert chosen.language == "de" and chosen.theme == "system" and "theme" in notice.say("en")
    assert device_settings(store, device) == (chosen, [])  # repaired once


def _old_files(folder: Path) -> None:
    (folder / "settings.json").write_text(json.dumps({"language": "is", "learner": 2}), encoding="utf-8")
    model = TableModel.new_game("wiener", 6, "en", seed=5)
    (folder / "game.json").write_text(json.dumps(model.saved()), encoding="utf-8")
    old = sqlite3.connect(folder / "progress.sqlite3")  # the old progress file: Ada, and Bo with a trap
    old.executescript(OLD_PROGRESS)
    old.executemany("INSERT INTO profiles VALUES (?, ?, ?)", [(1, "Ada", 10.0), (2, "Bo", 20.0)])
    old.execute("INSERT INTO attempts VALUES (2, 'classic-01', 0, 2, 1, 0, 5000.0)")
    old.execute(f"INSERT INTO reviews VALUES (2, 'classic-01', 0, {5000.0 + INTERVALS[0] * DAY})")
    old.commit()
    old.close()


def test_the_old_files_are_imported_once_into_the_first_device(url: str, tmp_path: Path) -> None:
    _old_files(tmp_path)
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    store, notices = open_store(url, tmp_path)
    assert notices == []
    first, _ = store.device(None)
    chosen, _ = device_settings(store, first)
    learners = store.learners(first)
    assert chosen.language == "is" and learners.profile(chosen.learner).name == "Bo"
    assert learners.lesson(chosen.learner, "classic-01").stars == 2 and learners.due(chosen.learner, 5000.0 + 2 * DAY)
    game, _ = device_game(store, first, "en")
    assert game is not None and game.rules.name == "wiener"
    second, _ = store.device(None)  # the next browser: a device of its own, empty
    assert store.learners(second).profiles() == [] and not store.has_game(second)
    forget_open_stores()
    store, _ = open_store(url, tmp_path)  # a restart imports nothing again
    assert store.learners(store.device(None)[0]).profiles() == []
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir() if p.name in before} == before  # never lost


@pytest.mark.parametrize("damage", ["random bytes", "another program's database"])
def test_a_damaged_store_is_kept_aside_and_replaced(tmp_path: Path, damage: str) -> None:
    path = tmp_path / "store.sqlite3"
    if damage == "random bytes":
        path.write_bytes(bytes(random.Random(5).randrange(256) for _ in range(8192)))
    else:
        db = sqlite3.connect(path)
        db.execute("CREATE TABLE learners (nickname TEXT)")
        db.commit()
        db.close()
    store, [notice] = open_store(None, tmp_path)
    assert store.learners(store.device(None)[0]).add_profile("Ada").name == "Ada"
    assert "store.sqlite3" in notice.say("sv") and str(tmp_path) not in notice.say("en")
    [kept_aside] = [p for p in tmp_path.iterdir() if p.name.startswith("store.sqlite3.damaged-")]
    from tutor.store.salvage import report

    found = report(store.engine)  # the teacher's desk says it too: no class is shown empty as if new
    assert found is not None and not found.anything() and found.backup == str(kept_aside)
    forget_open_stores()


def test_an_unreachable_store_leaves_a_session_that_works(tmp_path: Path) -> None:
    from tests.tutor.shell.test_app import Page, as_page
    from tutor.shell.app import Session
    from tutor.shell.state import Options

    url = f"postgresql://nobody:secret@127.0.0.1:{postgres.free_port()}/school"
    session = Session(as_page(Page()), Options(settings_file=tmp_path / "settings.json", lang="en", store=url))
    session.render()
    [notice] = session.notices
    assert "school (127.0.0.1)" in notice.say("en") and "secret" not in notice.say("en")
    assert session.progress.add_profile("Ada").name == "Ada"  # kept for the session only


def test_two_sessions_on_two_devices_keep_their_own(tmp_path: Path) -> None:
    from tests.tutor.shell.test_app import Page, as_page
    from tutor.shell.app import Session
    from tutor.shell.state import Options

    options = Options(settings_file=tmp_path / "settings.json", pace=0.0)
    first = Session(as_page(Page()), options)
    second = Session(as_page(Page()), options)
    assert first.device != second.device and second.settings.language == "en"
    asyncio.run(first.set_language("sv"))
    first.progress.add_profile("Ada")
    asyncio.run(first.go("table"))
    asyncio.run(first.press("draw"))
    again = Session(as_page(Page()), options, first.device)  # the same browser, later
    assert again.device == first.device and again.settings.language == "sv"
    assert again.model.can_undo() and [p.name for p in again.progress.profiles()] == ["Ada"]
    other = Session(as_page(Page()), options, second.device)
    assert other.settings.language == "en" and other.progress.profiles() == [] and not other._has_game()
    forget_open_stores()


WRITER = """
import sys
from tutor.table.model import TableModel
from tutor.store import open_store
from tutor.store.games import snapshot
from pathlib import Path
store, _ = open_store(sys.argv[1], Path(sys.argv[2]))
device = sys.argv[3]
model = TableModel.new_game("wiener", 6, "en", seed=1)
data = snapshot(model)
data["log"] = [{"en": "a long line of play-by-play " * 40}] * 30
store.save_game(device, data)  # one whole game first: the kill is meant to fall while *re*writing it
print("ready", flush=True)
n = 0
while True:
    data["seed"] = n
    store.save_game(device, data)
    n += 1
"""


def test_a_saved_game_survives_a_kill_while_writing(url: str, tmp_path: Path) -> None:
    store, _ = open_store(url, tmp_path)
    device, _ = store.device(None)
    rng = random.Random(7)
    seeds = []
    for _ in range(8):
        writer = subprocess.Popen([sys.executable, "-c", WRITER, url, str(tmp_path), device], cwd=ROOT,
                                  stdout=subprocess.PIPE, env={**os.environ, "PYTHONPATH": str(ROOT)})
        assert writer.stdout is not None and writer.stdout.readline().strip() == b"ready"
        time.sleep(rng.uniform(0.05, 0.4))
        writer.send_signal(signal.SIGKILL)
        writer.wait()
        game, notices = device_game(store, device, "en")  # a whole game, every time
        assert notices == [] and game is not None
        seeds.append(game.seed)
    assert len(set(seeds)) > 1  # the writer was killed at different points of its writing
    if url.startswith("sqlite"):
        check = sqlite3.connect(tmp_path / "store.sqlite3")
        assert check.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        check.close()


def test_a_sessions_lesson_mistakes_and_hints_are_in_the_store_before_the_solve(tmp_path: Path) -> None:
    from engine.core.actions import parse_action
    from tests.tutor.shell.test_app import Page, as_page
    from tutor.shell.app import Session
    from tutor.shell.state import Options
    from tutor.store.schema import attempts

    session = Session(as_page(Page()), Options(settings_file=tmp_path / "settings.json", lang="en", pace=0.0))
    asyncio.run(session.open_lesson("classic-frozen-pile", 0))
    session.model.play(parse_action({"type": "take_pile", "meld": ["5h", "2d"]}))  # a mistake
    session.after_learner()
    asyncio.run(session.hint())
    attempt = session.attempts.attempt
    assert attempt is not None
    [(kind, rule), hint] = session.progress.events(attempt)
    assert kind == "refusal" and rule and hint == ("hint", "")
    with session.store.engine.connect() as db:  # written as it happened: the attempt is not solved
        row = db.execute(attempts.select().where(attempts.c.id == attempt)).one()
    assert (row.mistakes, row.hints, row.finished) == (1, 1, None)
    forget_open_stores()


def test_with_no_store_and_no_temporary_folder_a_session_still_opens(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.tutor.shell.test_app import Page, as_page
    from tutor.shell.app import Session
    from tutor.shell.state import Options

    def no_folder(*args: object, **kwargs: object) -> str:
        raise OSError("read-only")

    monkeypatch.setattr("tutor.store.tempfile.mkdtemp", no_folder)
    url = f"postgresql://nobody@127.0.0.1:{postgres.free_port()}/school"
    session = Session(as_page(Page()), Options(settings_file=tmp_path / "settings.json", lang="en", store=url))
    session.render()
    assert session.notices and session.progress.add_profile("Ada").name == "Ada"


# -- a damaged store of a class: what can be read is recovered, and the teacher told (tutor/store/salvage.py) --

def _a_class_store(folder: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[str, dict[str, str]]:
    """A store with the teacher's password, class 7B of 30 students (a PIN and a solved lesson
    each, and a saved game of 9 KB: rows on overflow pages), closed; 7B's code and the PINs."""
    from tutor.store.classes import Classes

    monkeypatch.setattr("tutor.store.classes.SCRYPT", {"n": 2, "r": 1, "p": 1})  # quick hashes: 30 joins
    store, _ = open_store(None, folder)
    school = Classes(store)
    school.set_teacher_password("correct horse")
    seven = school.create_class("7B")
    pins = {f"Pupil {n:02d}": f"{1000 + n}" for n in range(30)}
    for name, pin in pins.items():
        student, _ = school.join(seven.code, name, pin)
        store.learners(student.id).record(student.id, "classic-card-values", 0, 3, 0, 0)
        store.save_game(student.id, {"bot": "beginner", "pad": "x" * 9000, "who": name})
    forget_open_stores()
    assert not (folder / "store.sqlite3-wal").exists()  # all in the file
    return seven.code, pins


def _leaves(path: Path, table: str) -> list[int]:
    """The leaf pages of ``table``'s b-tree, in order (read from the file, as SQLite lays it out)."""
    db = sqlite3.connect(path)
    root = 1 if table == "sqlite_master" else \
        db.execute("SELECT rootpage FROM sqlite_master WHERE name = ?", (table,)).fetchone()[0]
    size = db.execute("PRAGMA page_size").fetchone()[0]
    db.close()
    data = path.read_bytes()

    def walk(number: int) -> list[int]:
        page = data[(number - 1) * size:number * size]
        at = 100 if number == 1 else 0  # the file's header comes first on page 1
        if page[at] == 0x0D:
            return [number]
        cells = int.from_bytes(page[at + 3:at + 5], "big")
        children = [int.from_bytes(page[cell:cell + 4], "big") for cell in
                    (int.from_bytes(page[at + 12 + 2 * n:at + 14 + 2 * n], "big") for n in range(cells))]
        return [leaf for child in [*children, int.from_bytes(page[at + 8:at + 12], "big")] for leaf in walk(child)]

    return walk(root)


def test_a_page_of_the_students_overwritten_loses_only_their_pins(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """64 bytes overwritten at the start of one page of the students' table: the whole store was
    set aside and the teacher found an empty desk, with no word of it. Now every row that can be read
    is in the new store: the class with its code, every student with their results, the teacher's
    password; the students on that page are kept without their PIN (the teacher gives them a new
    one), and the desk says so, with where the damaged file is."""
    from tutor.classroom.teacher import recovered_lines
    from tutor.store import STORE_RECOVERED
    from tutor.store.classes import UNKNOWN_CODE, WRONG_PIN, Classes, JoinRefused
    from tutor.store.salvage import report

    code, pins = _a_class_store(tmp_path, monkeypatch)
    path = tmp_path / "store.sqlite3"
    leaves = _leaves(path, "students")
    assert len(leaves) >= 2
    size = sqlite3.connect(path).execute("PRAGMA page_size").fetchone()[0]
    damaged = bytearray(path.read_bytes())
    damaged[(leaves[0] - 1) * size:(leaves[0] - 1) * size + 64] = bytes(range(64))
    path.write_bytes(bytes(damaged))

    store, [notice] = open_store(None, tmp_path)
    assert notice.text == STORE_RECOVERED and "store.sqlite3.damaged-" in notice.say("de")
    [kept_aside] = [p for p in tmp_path.iterdir() if p.name.startswith("store.sqlite3.damaged-")]
    assert kept_aside.read_bytes() == bytes(damaged)  # kept as it was: read from a copy
    school = Classes(store)
    [seven] = school.classes()
    assert (seven.name, seven.code) == ("7B", code)
    assert sorted(s.name for s in school.students(seven.id)) == sorted(pins)
    assert school.check_teacher("correct horse")
    found = report(store.engine)
    assert found is not None and found.lost == ["students"] and found.backup == str(kept_aside)
    assert 0 < len(found.no_pin) < 30
    for name, pin in pins.items():
        if name in found.no_pin:
            with pytest.raises(JoinRefused) as refused:
                school.join(code, name, pin)
            assert refused.value.msgid == WRONG_PIN  # the teacher gives a new PIN first
        else:
            assert school.join(code, name, pin)[0].name == name
        student = next(s for s in school.students(seven.id) if s.name == name)
        assert store.learners(student.id).lesson(student.id, "classic-card-values").stars == 3
        assert (store.game_data(student.id) or {}).get("who") == name
    said = recovered_lines(found, "en")
    assert str(kept_aside) in said[0] and said[1] == "Recovered: 1 class, 30 students, 30 lesson attempts."
    assert said[2] == "Lost, in part or whole: students." and found.no_pin[0] in said[3]
    assert "elever" in " ".join(recovered_lines(found, "sv"))
    with pytest.raises(JoinRefused) as unknown:
        school.join("ZZZZZZ", "Bo", "1234")
    assert unknown.value.msgid == UNKNOWN_CODE
    forget_open_stores()
    again, notices = open_store(None, tmp_path)  # the next start: nothing new to say, the desk still says it
    assert notices == [] and report(again.engine) is not None
    forget_open_stores()


@pytest.mark.parametrize("kept", [0.97, 0.8, 0.5, "before the last page of the list of tables"])
def test_a_store_cut_short_keeps_what_is_there(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                               caplog: pytest.LogCaptureFixture, kept: float | str) -> None:
    """The file cut short (a disk that filled, a copy stopped half-way): the rows on the pages that
    are there are recovered, even when the list of tables is among what is gone; the class is never
    shown empty as if it were new."""
    from tutor.store import STORE_RECOVERED
    from tutor.store.classes import Classes
    from tutor.store.salvage import report

    code, pins = _a_class_store(tmp_path, monkeypatch)
    path = tmp_path / "store.sqlite3"
    whole = path.read_bytes()
    pages = max(_leaves(path, "sqlite_master")) - 1 if isinstance(kept, str) else int(len(whole) * kept) // 4096
    path.write_bytes(whole[:pages * 4096])
    store, [notice] = open_store(None, tmp_path)
    assert ("reading its pages" in caplog.text) == isinstance(kept, str)
    assert notice.text == STORE_RECOVERED
    found = report(store.engine)
    assert found is not None and "saved_games" in found.lost
    school = Classes(store)
    [seven] = school.classes()
    assert seven.code == code or seven.name == "#1" and found.renamed == ["#1"]  # its students were read, not it
    assert sorted(s.name for s in school.students(seven.id)) == sorted(pins)  # every name: they were early in the file
    games = sum((store.game_data(s.id) or {}).get("who") == s.name for s in school.students(seven.id))
    assert 0 < games < 30 if isinstance(kept, float) and kept > 0.5 else games < 30
    forget_open_stores()
