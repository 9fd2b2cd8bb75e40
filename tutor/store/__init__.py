"""One store for every person's things: settings, saved games with their history, learners,
lesson attempts with their mistakes, the review queue (docs/store.md).

``open_store`` is what the app uses: it never fails. A SQLite file that is not a database, fails
SQLite's check or holds tables of another program is kept aside (``tutor.store.files.set_aside``) and
a new store made; what can still be read of a damaged store of ours is copied into it and the
teacher told what was lost (``tutor.store.salvage``); a store that cannot be reached (PostgreSQL down, a locked or read-only file)
leaves the session a temporary one, and says that nothing will be kept. The store is opened once
a process (an engine holds a pool of connections), not once a session.
"""

from __future__ import annotations

import os
import tempfile
import threading
from pathlib import Path

from sqlalchemy import inspect
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, DatabaseError, OperationalError, SQLAlchemyError

from engine.core.i18n import N_
from tutor.store.files import LOG, Notice, set_aside
from tutor.store.engine import check, connect, migrate, revision, sqlite_path, store_url
from tutor.store.legacy import import_once
from tutor.store.store import Learners, Store

ENVIRONMENT = "CANASTA_STORE"  # a store URL, when --store is not given
STORE_DAMAGED = N_("The saved learners, settings and games in {file} could not be read; the file is kept as "
                   "{backup} and they start afresh.")
STORE_RECOVERED = N_("The store {file} was damaged. What could be read of it was recovered; the rest is lost. The "
                     "damaged file is kept as {backup}.")
STORE_UNAVAILABLE = N_("The store {file} cannot be used now; nothing done in this session will be kept.")
_OPEN: dict[str, Store] = {}  # one engine a store URL in this process (not a person's state)
_LOCK = threading.Lock()


def open_store(given: str | None, folder: Path) -> tuple[Store, list[Notice]]:
    """The store at ``given`` (a URL; else ``$CANASTA_STORE``; else ``store.sqlite3`` in ``folder``),
    with the old files of ``folder`` imported the first time; never raises."""
    given = given or os.environ.get(ENVIRONMENT) or None
    try:
        url = store_url(given, folder)
    except (ArgumentError, ValueError) as error:
        LOG.error("store URL %r: %s", given, error)
        return _spare(), [Notice(STORE_UNAVAILABLE, {"file": "--store"})]
    with _LOCK:
        if url in _OPEN:
            return _OPEN[url], []
        store, notices = _open(url, folder)
        if store is not None:
            _OPEN[url] = store
            return store, notices
    return _spare(), [*notices, Notice(STORE_UNAVAILABLE, {"file": shown_name(url)})]


def _open(url: str, folder: Path) -> tuple[Store | None, list[Notice]]:
    path = sqlite_path(url)
    notices: list[Notice] = []
    damaged: tuple[Path | None, bool] | None = None  # the damaged file set aside, and whether it is ours
    for _ in range(2):
        try:
            store = _ready(url)
            if damaged is not None and path is not None:
                notices.append(_recover(store, path, *damaged))
            return store, notices + import_once(store, folder)
        except OperationalError as error:  # locked, no access, no server: not damage
            LOG.error("store %s cannot be opened: %s", shown_name(url), error)
            return None, notices
        except (DatabaseError, _NotOurs) as error:
            if path is None or damaged is not None:
                LOG.error("store %s cannot be used: %s", shown_name(url), error)
                return None, notices
            LOG.warning("store %s is damaged: %s", path, error)
            damaged = (set_aside(path, "-wal", "-shm", "-journal"), not isinstance(error, _NotOurs))
        except (SQLAlchemyError, OSError) as error:
            LOG.error("store %s cannot be opened: %s", shown_name(url), error)
            return None, notices
    return None, notices


def _recover(store: Store, path: Path, backup: Path | None, ours: bool) -> Notice:
    """What can be read of the damaged store ``backup`` copied into the new ``store``, and noted for
    the teacher's desk (even when nothing could be read: an empty class is never shown as a new one).
    Another program's database is not read."""
    from tutor.store import salvage

    if backup is None:
        return Notice(STORE_DAMAGED, {"file": path.name, "backup": "-"})
    found = salvage.salvage(backup, path, path.name) if ours else \
        salvage.Salvage(file=path.name, backup=str(backup), lost=sorted(salvage.KINDS))
    salvage.keep(store.engine, found)
    said = STORE_RECOVERED if found.anything() else STORE_DAMAGED
    return Notice(said, {"file": path.name, "backup": backup.name})


class _NotOurs(Exception):
    """A SQLite file with tables but no schema revision of ours: another program's database."""


def _ready(url: str) -> Store:
    engine = connect(url)
    try:
        check(engine)
        if engine.dialect.name == "sqlite" and revision(engine) is None and inspect(engine).get_table_names():
            raise _NotOurs(f"tables {inspect(engine).get_table_names()} but no revision of ours")
        migrate(engine)
    except BaseException:
        engine.dispose()
        raise
    return Store(engine, url)


def _spare() -> Store:
    """A store for this session only, in a temporary folder, when the real one cannot be used."""
    try:
        folder = Path(tempfile.mkdtemp(prefix="canasta-store-"))
        return _ready(f"sqlite:///{folder / 'store.sqlite3'}")
    except (OSError, SQLAlchemyError) as error:  # not even a temporary folder: in memory, one connection
        LOG.error("no temporary store either (%s): this session's things are kept in memory", error)
        from sqlalchemy import create_engine
        from sqlalchemy.pool import StaticPool

        engine = create_engine("sqlite://", poolclass=StaticPool, connect_args={"check_same_thread": False})
        migrate(engine)
        return Store(engine, "sqlite://")


def shown_name(url: str) -> str:
    """The store as a learner may be told it: a file's name, or the database's name and host (never
    a full path or a password)."""
    parsed = make_url(url)
    path = sqlite_path(url)
    if path is not None:
        return path.name
    return f"{parsed.database or '?'} ({parsed.host or 'local'})"


def forget_open_stores() -> None:
    """Closes the stores this process opened (tests that open many)."""
    with _LOCK:
        for store in _OPEN.values():
            store.close()
        _OPEN.clear()


__all__ = ["ENVIRONMENT", "Learners", "Store", "open_store", "forget_open_stores", "shown_name"]
