"""The old files (``settings.json``, ``game.json``, ``progress.sqlite3``) imported once into the store.

Before the store, a server was one person: its files are that person's. They are imported, in one
transaction, into one device, which the first browser to visit afterwards is given (the person who
used that server, in all likelihood). The files themselves are left where they are, untouched: the
import is recorded in the store (``meta``: ``imported``) and never runs twice; a damaged file is
kept aside and named as before (``tutor.store.settings``, ``tutor.store.savedgame``; the old progress file's
schema is ``OLD_PROGRESS`` below).
"""

from __future__ import annotations

import json
import secrets
import sqlite3
import time
from dataclasses import asdict, replace
from pathlib import Path
from typing import Any

from sqlalchemy import insert, select
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError

from engine.core.i18n import N_
from tutor.store.savedgame import load_game
from tutor.store.settings import open_settings
from tutor.store.files import LOG, Notice, set_aside
from tutor.store.games import snapshot
from tutor.store.schema import attempts, devices, learners, meta, reviews, saved_games, settings
from tutor.store.store import UNCLAIMED, Store

IMPORTED = "imported"
# The old progress file (one SQLite file a server, before the store): what is imported from it.
OLD_PROGRESS = """
CREATE TABLE profiles (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, created REAL NOT NULL);
CREATE TABLE attempts (
    profile INTEGER NOT NULL REFERENCES profiles(id), lesson TEXT NOT NULL, variation INTEGER NOT NULL,
    stars INTEGER NOT NULL, mistakes INTEGER NOT NULL, hints INTEGER NOT NULL, finished REAL NOT NULL);
CREATE TABLE reviews (
    profile INTEGER NOT NULL REFERENCES profiles(id), lesson TEXT NOT NULL, step INTEGER NOT NULL,
    due REAL NOT NULL, PRIMARY KEY (profile, lesson));
"""
PROGRESS_DAMAGED = N_("The learners' progress file {file} could not be read; it is kept as {backup} and "
                      "progress starts afresh.")
FILES = ("settings.json", "game.json", "progress.sqlite3")


def import_once(store: Store, folder: Path) -> list[Notice]:
    """Imports the old files of ``folder`` unless the store already did; what could not be read."""
    if store.fact(IMPORTED) is not None:
        return []
    found = [name for name in FILES if (folder / name).exists()]
    notices: list[Notice] = []
    try:
        with store.engine.begin() as db:
            # first, so that two processes opening a new store import once (the second's insert fails)
            db.execute(insert(meta).values(key=IMPORTED, value=json.dumps({"at": time.time(), "files": found})))
            if found:
                notices = _import(db, folder)
    except IntegrityError:
        return []  # another process imported them meanwhile
    if found:
        LOG.warning("imported %s from %s into the store", ", ".join(found), folder)
    return notices


def _import(db: Connection, folder: Path) -> list[Notice]:
    now = time.time()
    device = secrets.token_urlsafe(32)
    db.execute(insert(devices).values(id=device, created=now, seen=now))
    db.execute(insert(meta).values(key=UNCLAIMED, value=device))
    chosen, notices = open_settings(folder / "settings.json")
    renumbered = _progress(db, folder / "progress.sqlite3", device, notices)
    chosen = replace(chosen, learner=renumbered.get(chosen.learner, 0))
    db.execute(insert(settings).values(device=device, data=json.dumps(asdict(chosen)), updated=now))
    model, damaged = load_game(folder / "game.json", chosen.language)
    if model is not None:
        db.execute(insert(saved_games).values(device=device, data=json.dumps(snapshot(model)), updated=now))
    return notices + damaged


def _progress(db: Connection, path: Path, device: str, notices: list[Notice]) -> dict[int, int]:
    """The old store's profiles, attempts and reviews; the old learner numbers and the new. A
    damaged file is kept aside and named."""
    if not path.exists():
        return {}
    try:
        old = _old_progress(path)
        if old is None:
            return {}
    except sqlite3.OperationalError as error:  # locked or no access: left where it is
        LOG.error("the old progress store %s is not imported: %s", path, error)
        return {}
    except sqlite3.DatabaseError as error:
        LOG.warning("the old progress store %s is damaged: %s", path, error)
        backup = set_aside(path, "-wal", "-shm", "-journal")
        notices.append(Notice(PROGRESS_DAMAGED, {"file": path.name, "backup": backup.name if backup else "-"}))
        return {}
    except OSError as error:
        LOG.error("the old progress store %s is not imported: %s", path, error)
        return {}
    try:
        renumbered: dict[int, int] = {}
        for number, name, created in old.execute("SELECT id, name, created FROM profiles ORDER BY id"):
            renumbered[number] = db.execute(insert(learners).values(device=device, name=name, created=created)
                                            .returning(learners.c.id)).scalar_one()
        rows: list[dict[str, Any]] = [
            {"learner": renumbered[p], "lesson": lesson, "variation": variation, "stars": stars,
             "mistakes": mistakes, "hints": hints, "started": finished, "finished": finished}
            for p, lesson, variation, stars, mistakes, hints, finished in old.execute(
                "SELECT * FROM attempts ORDER BY finished, rowid") if p in renumbered]
        if rows:
            db.execute(insert(attempts), rows)
        queued = [{"learner": renumbered[p], "lesson": lesson, "step": step, "due": due}
                  for p, lesson, step, due in old.execute("SELECT * FROM reviews") if p in renumbered]
        if queued:
            db.execute(insert(reviews), queued)
        return renumbered
    finally:
        old.close()


def _old_progress(path: Path) -> sqlite3.Connection | None:
    """The old progress file, opened; None if it holds no tables (nothing to import);
    ``sqlite3.DatabaseError`` if it is damaged or not of that schema."""
    old = sqlite3.connect(path, timeout=5.0)
    try:
        check = old.execute("PRAGMA quick_check").fetchone()
        if check is None or check[0] != "ok":
            raise sqlite3.DatabaseError(f"damaged: {check[0] if check else 'no answer'}")
        tables = {table: [row[1:3] for row in old.execute(f"PRAGMA table_info({table})")] for table in _old_columns()}
        if not any(tables.values()):
            old.close()
            return None
        for table, columns in _old_columns().items():
            if tables[table] != columns:  # a table of another schema, or missing: not that file
                raise sqlite3.DatabaseError(f"table {table} has columns {tables[table]}, not {columns}")
    except BaseException:
        old.close()
        raise
    return old


def _old_columns() -> dict[str, list[tuple[str, str]]]:
    """Each table's (name, type) columns as ``OLD_PROGRESS`` makes them."""
    db = sqlite3.connect(":memory:")
    try:
        db.executescript(OLD_PROGRESS)
        tables = [row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        return {t: [row[1:3] for row in db.execute(f"PRAGMA table_info({t})")] for t in tables}
    finally:
        db.close()


def imported_files(store: Store) -> list[str]:
    with store.engine.connect() as db:
        raw = db.execute(select(meta.c.value).where(meta.c.key == IMPORTED)).scalar()
    return [] if raw is None else list(json.loads(raw)["files"])
