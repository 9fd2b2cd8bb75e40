"""Connecting to the store: SQLite (WAL) by default, PostgreSQL by URL; the schema migrated on open.

SQLite needs no set-up: one file beside the settings. WAL lets the server's sessions read while one
writes; ``synchronous=FULL`` makes a committed write survive a power cut, not only a killed process;
``busy_timeout`` lets a writer wait for another rather than fail. PostgreSQL (psycopg 3) is for a
school's server and several app processes; its URL comes from ``--store`` or ``CANASTA_STORE``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import create_engine, event, text
from sqlalchemy.engine import Engine, make_url

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
STORE_FILE = "store.sqlite3"
MIGRATION_LOCK = 0x63616E61  # "cana": the advisory lock PostgreSQL migrations take


def store_url(given: str | None, folder: Path) -> str:
    """The store's SQLAlchemy URL: a PostgreSQL URL (``postgresql://`` means psycopg 3), a SQLite
    one, or by default ``store.sqlite3`` in ``folder``."""
    if not given:
        return f"sqlite:///{folder / STORE_FILE}"
    url = make_url(given)  # ArgumentError: not a URL
    if url.drivername in ("postgresql", "postgres"):
        url = url.set(drivername="postgresql+psycopg")
    if url.get_backend_name() not in ("sqlite", "postgresql"):
        raise ValueError(f"{url.get_backend_name()}: the store is SQLite or PostgreSQL")
    return url.render_as_string(hide_password=False)


def sqlite_path(url: str) -> Path | None:
    """The file of a SQLite store (None for PostgreSQL or an in-memory one)."""
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite" or not parsed.database or parsed.database == ":memory:":
        return None
    return Path(parsed.database)


def connect(url: str) -> Engine:
    """An engine for ``url``: its connections checked on checkout, SQLite's set up for WAL."""
    if url.startswith("sqlite"):
        path = sqlite_path(url)
        if path is not None:
            path.parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(url, connect_args={"timeout": 10.0})
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    return create_engine(url, pool_pre_ping=True, pool_size=5, max_overflow=10,
                         connect_args={"connect_timeout": 5})


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=10000")
    cursor.close()


def check(engine: Engine) -> None:
    """SQLite's own check of the file: ``DatabaseError`` if it is truncated or malformed."""
    if engine.dialect.name != "sqlite":
        return
    with engine.connect() as connection:
        answer = connection.execute(text("PRAGMA quick_check")).scalar()
    if answer != "ok":
        from sqlalchemy.exc import DatabaseError
        raise DatabaseError("PRAGMA quick_check", None, Exception(f"damaged: {answer}"))


def migrate(engine: Engine) -> None:
    """Brings the schema up to the newest revision (from empty, the first time)."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        if engine.dialect.name == "postgresql":
            # several app processes starting at once on one database (deploy/): one migrates, the
            # others wait here for its commit and then find the schema at head (without the lock,
            # the second's CREATE TABLE fails and that process would run on a temporary store)
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


def revision(engine: Engine) -> str | None:
    """The store's schema revision (None: empty)."""
    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


def head() -> str:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return str(ScriptDirectory.from_config(config).get_current_head())
