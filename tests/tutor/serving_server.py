"""A real ``python -m tutor`` on 127.0.0.1 for the serving tests and bench/classroom_bench.py."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


@dataclass
class Server:
    process: subprocess.Popen[bytes]
    port: int
    log: Path

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws(self) -> str:
        return f"ws://127.0.0.1:{self.port}/ws"

    def log_text(self) -> str:
        return self.log.read_text(errors="replace")

    def rss_kib(self) -> int:
        for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
        raise AssertionError("no VmRSS for the server")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def stop_app(process: subprocess.Popen[str] | subprocess.Popen[bytes]) -> None:
    """Stops a server the test started: SIGTERM, and SIGKILL after 20 s (a session's handler may
    still be waiting; what the test checks is done by then)."""
    process.terminate()
    try:
        process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


@contextmanager
def running(folder: Path, *args: str) -> Iterator[Server]:
    """The app on a free loopback port, its settings in ``folder``, its log in ``folder/server.log``."""
    port = free_port()
    log = folder / "server.log"
    with log.open("wb") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "tutor", "--no-browser", "--host", "127.0.0.1", "--port", str(port),
             "--lang", "en", "--settings", str(folder / "settings.json"), *args],
            cwd=ROOT, stdout=out, stderr=subprocess.STDOUT)
    server = Server(process, port, log)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                break
        if process.poll() is not None:
            break
        time.sleep(0.2)
    else:
        process.kill()
    if process.poll() is not None:
        raise AssertionError(f"the server did not start: {server.log_text()}")
    try:
        yield server
    finally:
        if process.poll() is None:
            stop_app(process)
