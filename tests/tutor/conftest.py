"""Fixtures of the tutor's tests: the store's URL on each dialect, with one throwaway PostgreSQL
cluster (tests/tutor/postgres.py) for the whole run."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.tutor import postgres
from tutor.store import forget_open_stores


@pytest.fixture(scope="session")
def pg_server() -> Iterator[str]:
    """A running PostgreSQL cluster's URL; the PostgreSQL half of a test is skipped, with a warning
    that says how to install it, where Debian's package is missing (CI installs it)."""
    if postgres.binaries() is None:
        message = f"PostgreSQL is not installed here, so the tests on PostgreSQL are skipped: {postgres.INSTALL}"
        warnings.warn(message, stacklevel=1)
        pytest.skip(message)
    with postgres.cluster() as url:
        yield url


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A new, empty store on SQLite, then on PostgreSQL: a test that takes it runs on both."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'store.sqlite3'}"
    else:
        yield postgres.new_database(request.getfixturevalue("pg_server"))
    forget_open_stores()
