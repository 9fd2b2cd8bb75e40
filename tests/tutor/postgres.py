"""A throwaway PostgreSQL cluster from Debian's packages, for the store's tests.

``initdb`` in a temporary folder, ``pg_ctl start`` on a free port (TCP on 127.0.0.1, its socket in
that folder), trust authentication, and ``pg_ctl stop`` after. PostgreSQL refuses to run as root,
so as root the cluster runs as the ``postgres`` user (made by Debian's package), else ``nobody``.
Where the binaries are missing the tests skip, loudly, with the command that installs them.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from tests.tutor.serving_server import free_port

INSTALL = "apt-get install -y postgresql"


def binaries() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"), key=lambda p: int(p.split("/")[4]))
    return Path(found[-1]).parent if found else None


@contextmanager
def cluster() -> Iterator[str]:
    """A running cluster; yields the URL of its ``postgres`` database (user ``canasta``)."""
    bin_dir = binaries()
    assert bin_dir is not None
    folder = Path(tempfile.mkdtemp(prefix="canasta-pg-"))
    prefix: list[str] = []
    if os.geteuid() == 0:
        user = "postgres" if _exists("postgres") else "nobody"
        account = pwd.getpwnam(user)
        os.chown(folder, account.pw_uid, account.pw_gid)
        prefix = ["runuser", "-u", user, "--"]
    data, port = folder / "data", free_port()
    run = lambda *args: subprocess.run([*prefix, *args], check=True, capture_output=True, text=True, timeout=120)  # noqa: E731
    run(str(bin_dir / "initdb"), "-D", str(data), "-A", "trust", "-U", "canasta", "--no-sync", "-E", "UTF8")
    run(str(bin_dir / "pg_ctl"), "-D", str(data), "-l", str(folder / "log"), "-w", "-t", "60", "start",
        "-o", f"-p {port} -k {folder} -h 127.0.0.1 -c fsync=off")
    try:
        yield f"postgresql://canasta@127.0.0.1:{port}/postgres"
    finally:
        run(str(bin_dir / "pg_ctl"), "-D", str(data), "-m", "immediate", "-w", "stop")
        shutil.rmtree(folder, ignore_errors=True)


def _exists(user: str) -> bool:
    try:
        pwd.getpwnam(user)
        return True
    except KeyError:
        return False


def new_database(server: str) -> str:
    """A fresh, empty database in the cluster; its URL."""
    import psycopg

    name = f"t_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(server.replace("postgresql://", "postgresql://", 1), autocommit=True) as db:
        db.execute(f'CREATE DATABASE "{name}"')
    return server.rsplit("/", 1)[0] + f"/{name}"
