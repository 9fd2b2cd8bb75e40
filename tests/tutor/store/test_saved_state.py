"""Saved state that cannot be read: settings, the saved game and the progress store are
named, kept aside, replaced by defaults with a notice, and never stop a session from opening;
writes are atomic; command-line choices that conflict with saved ones are reconciled."""

from __future__ import annotations

import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from engine.core.i18n import LANGUAGES
from tests.tutor.shell.test_app import Page, as_page
from tutor.shell.app import Session
from tutor.shell.state import Options
from tutor.table.model import TableModel
from tutor.store.savedgame import load_game, save_game
from tutor.store.settings import Settings, choose_table, open_settings, save_settings
from tutor.store import open_store

ROOT = Path(__file__).resolve().parents[3]

SETTINGS_CORRUPTIONS = [
    ("non-UTF-8", b'{"language": "\xff"}', None),
    ("nested 100,000 deep", b"[" * 100_000 + b"]" * 100_000, None),
    ("random bytes", bytes(random.Random(15).randrange(256) for _ in range(300)), None),
    ("empty", b"", None),
    ("players 7", b'{"players": 7, "theme": "dark"}', "players"),
    ("a misspelt field", b'{"langauge": "de", "theme": "dark"}', "langauge"),
    ("a wrong type", b'{"four_colour": "yes", "theme": "dark"}', "four_colour"),
    ("six players of Classic", b'{"variant": "classic", "players": 6, "theme": "dark"}', "players"),
]


def backups(folder: Path, name: str) -> list[Path]:
    return sorted(folder.glob(f"{name}.damaged-*"))


@pytest.mark.parametrize(("content", "field"), [c[1:] for c in SETTINGS_CORRUPTIONS], ids=[c[0] for c in SETTINGS_CORRUPTIONS])
def test_damaged_settings_are_kept_aside_and_named(tmp_path: Path, content: bytes, field: str | None) -> None:
    path = tmp_path / "settings.json"
    path.write_bytes(content)
    settings, notices = open_settings(path)
    assert len(notices) == 1
    text = notices[0].say("en")
    assert "settings.json" in text and str(tmp_path) not in text
    if field is not None:  # the fields that read well are kept, the others named
        assert field in text and settings.theme == "dark"
        assert Settings(**json.loads(path.read_text(encoding="utf-8"))) == settings  # repaired on disk
    [backup] = backups(tmp_path, "settings.json")
    assert backup.read_bytes() == content and backup.name in text
    for lang in LANGUAGES:
        assert notices[0].say(lang)
    assert open_settings(path)[1] == []  # told once


def test_settings_that_read_well_give_no_notice(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    save_settings(Settings(language="sv", variant="wiener", players=6), path)
    assert open_settings(path) == (Settings(language="sv", variant="wiener", players=6), [])
    assert [p.name for p in tmp_path.iterdir()] == ["settings.json"]  # no temporary file left


def test_command_line_choices_are_reconciled_with_saved_ones() -> None:
    wiener_six = Settings(language="en", variant="wiener", players=6)
    assert choose_table(wiener_six, None, None) == ("wiener", 6, [])
    assert choose_table(wiener_six, "classic", None) == ("classic", 4, [])  # the saved count is Wiener's
    variant, players, [notice] = choose_table(Settings(language="en"), None, 6)  # --players 6, fresh machine
    assert (variant, players) == ("classic", 4) and "6" not in notice.say("en").split("so")[1]
    assert "Classic" in notice.say("en") or "classic" in notice.say("en").lower()
    assert choose_table(Settings(language="en"), "royal", 6)[:2] == ("royal", 6)


@pytest.mark.parametrize(("saved", "options"), [
    ({"variant": "wiener", "players": 6}, {"variant": "classic"}),
    ({}, {"players": 6}),
    ({"players": 7}, {}),
])
def test_a_session_opens_whatever_was_saved(tmp_path: Path, saved: dict[str, Any], options: dict[str, Any]) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"language": "en", **saved}), encoding="utf-8")
    session = Session(as_page(Page()), Options(settings_file=path, **options))
    assert session.model.rules.players in session.model.rules.player_counts()


def _game(tmp_path: Path) -> tuple[Path, TableModel]:
    model = TableModel.new_game("wiener", 6, "en", seed=3)
    path = tmp_path / "game.json"
    save_game(path, model.saved())
    return path, model


def test_a_saved_game_reads_back(tmp_path: Path) -> None:
    path, model = _game(tmp_path)
    again, notices = load_game(path, "en")
    assert notices == [] and again is not None
    assert (again.state.hands, again.state.pile, again.rules.table) == (model.state.hands, model.state.pile, model.rules.table)


@pytest.mark.parametrize("damage", ["empty", "truncated", "not JSON", "an unknown field", "a bad position", "non-UTF-8"])
def test_a_damaged_saved_game_is_kept_aside_and_told(tmp_path: Path, damage: str) -> None:
    path, model = _game(tmp_path)
    text = path.read_bytes()
    data = json.loads(text)
    damaged = {"empty": b"", "truncated": text[: len(text) // 2], "not JSON": b"{{",
               "an unknown field": json.dumps({**data, "extra": 1}).encode(),
               "a bad position": json.dumps({**data, "position": {**data["position"], "turn": 9}}).encode(),
               "non-UTF-8": text[:20] + b"\xff" + text[20:]}[damage]
    path.write_bytes(damaged)
    again, [notice] = load_game(path, "en")
    assert again is None and not path.exists()
    [backup] = backups(tmp_path, "game.json")
    assert backup.read_bytes() == damaged and backup.name in notice.say("de")


def test_home_offers_no_continue_for_a_damaged_game(tmp_path: Path) -> None:
    (tmp_path / "game.json").write_bytes(b"")
    page = Page()
    session = Session(as_page(page), Options(settings_file=tmp_path / "settings.json", lang="en"))
    session.render()
    session.show_notices()
    assert not session._has_game() and backups(tmp_path, "game.json")
    assert page.controls[-1].__class__.__name__ == "AlertDialog"


def _damage_progress(path: Path, damage: str) -> None:
    if damage == "random bytes":
        path.write_bytes(bytes(random.Random(5).randrange(256) for _ in range(8192)))
        return
    db = sqlite3.connect(path)
    if damage == "wrong schema":
        db.execute("CREATE TABLE profiles (id INTEGER PRIMARY KEY, nickname TEXT)")
        db.commit()
    else:
        for i in range(300):
            db.execute("CREATE TABLE IF NOT EXISTS filler (x TEXT)")
            db.execute("INSERT INTO filler VALUES (?)", ("x" * 200,))
        db.commit()
    db.close()
    if damage == "truncated":
        data = path.read_bytes()
        path.write_bytes(data[: len(data) // 3])


@pytest.mark.parametrize("damage", ["random bytes", "truncated", "wrong schema"])
def test_a_damaged_progress_store_is_kept_aside_and_replaced(tmp_path: Path, damage: str) -> None:
    path = tmp_path / "progress.sqlite3"
    _damage_progress(path, damage)
    store, [notice] = open_store(None, tmp_path)  # the store imports the old files once
    learners = store.learners(store.device(None)[0])
    assert learners.profiles() == [] and learners.add_profile("Ada").name == "Ada"
    assert "progress.sqlite3" in notice.say("en") and backups(tmp_path, "progress.sqlite3")


def test_home_and_free_play_open_over_a_damaged_progress_store(tmp_path: Path) -> None:
    _damage_progress(tmp_path / "progress.sqlite3", "random bytes")
    session = Session(as_page(Page()), Options(settings_file=tmp_path / "settings.json", lang="en"))
    session.render()
    assert session.notices and session.progress.profiles() == []


WRITER = """
import sys
from pathlib import Path
from tutor.table.model import TableModel
from tutor.store.savedgame import save_game
saved = TableModel.new_game("wiener", 6, "en", seed=1).saved()
saved["log"] = ["a long line of play-by-play " * 40] * 30  # a few tens of kilobytes a write
print("ready", flush=True)
while True:
    save_game(Path(sys.argv[1]), saved)
"""


def test_a_saved_game_survives_a_kill_while_writing(tmp_path: Path) -> None:
    """The process is killed at random moments while it writes: what is left is always a game."""
    path = tmp_path / "game.json"
    rng = random.Random(15)
    for _ in range(12):
        writer = subprocess.Popen([sys.executable, "-c", WRITER, str(path)], cwd=ROOT, stdout=subprocess.PIPE, text=True)
        assert writer.stdout is not None and writer.stdout.readline().strip() == "ready"
        time.sleep(rng.uniform(0.0, 0.05))
        writer.send_signal(signal.SIGKILL)
        writer.wait()
        model, notices = load_game(path, "en")
        assert model is not None and notices == []




def _children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
    return found


def _alive(pid: int) -> bool:
    try:
        state = (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads /proc to find the pool's processes")
def test_pool_workers_end_when_the_server_is_killed(tmp_path: Path) -> None:
    script = "import time\nfrom tutor.table.workers import pool\nprint(sum(pool().map(abs, range(8))), flush=True)\ntime.sleep(60)\n"
    server = subprocess.Popen([sys.executable, "-c", script], cwd=ROOT, stdout=subprocess.PIPE, text=True)
    children: list[int] = []
    try:
        assert server.stdout is not None and server.stdout.readline()  # the pool has answered
        children = _children(server.pid)
        assert len(children) >= 2  # the workers and the resource tracker
        server.send_signal(signal.SIGKILL)
        server.wait()
        deadline = time.monotonic() + 10
        while any(_alive(p) for p in children) and time.monotonic() < deadline:
            time.sleep(0.1)
        left = [p for p in children if _alive(p)]
        assert not left, [(Path("/proc") / str(p) / "cmdline").read_bytes() for p in left]
    finally:
        server.kill()
        for pid in children:  # only the processes this test started
            if _alive(pid):
                os.kill(pid, signal.SIGKILL)
