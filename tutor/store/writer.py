"""Store writes off the event loop, in order, committed before the frame that shows them.

A write to the store (a saved game after each action, a lesson attempt's events, the settings)
takes about 2 ms of SQLite or a PostgreSQL round trip. On the server's one event loop that is 2 ms
during which no other session of the class is answered. So the shell hands its writes to
:class:`Writer`: they run on one thread of their own, one after another in the order they were
given (so a session's game is never overwritten by an older snapshot), and the frame that shows
the learner what was written is sent only once it is committed (``after``): a server killed right
after the learner saw a move still has it (tests/tutor/end_to_end/test_e2e_store.py).

One thread for the process: SQLite takes one writer at a time anyway, and a FIFO keeps every
session's order without per-session bookkeeping. Without a running event loop (unit tests,
scripts) ``after`` waits for the writes and goes on at once.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextvars
import logging
import threading
from collections.abc import Callable

from sqlalchemy.exc import SQLAlchemyError

from tutor.lessons.progress import ProgressError

LOG = logging.getLogger("tutor")
_THREAD: concurrent.futures.ThreadPoolExecutor | None = None


def _thread() -> concurrent.futures.ThreadPoolExecutor:
    global _THREAD
    if _THREAD is None:
        _THREAD = concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="store-writer")
    return _THREAD


def settled() -> None:
    """Wait until every write submitted so far, by any session, is committed: a session that opens
    reads what the sessions before it wrote (a tab opened right after another one changed a setting)."""
    if _THREAD is not None:
        _THREAD.submit(lambda: None).result()


class Writer:
    """One session's writes: ``submit`` them, and run ``after`` what must follow their commit."""

    def __init__(self) -> None:
        self._last: concurrent.futures.Future[None] | None = None
        self._waiting: dict[str, list[Callable[[], object]]] = {}  # latest-only writes not started yet
        self._lock = threading.Lock()

    def submit(self, write: Callable[[], object], what: str, latest: bool = False) -> None:
        """Run ``write`` after every write submitted before it. ``latest``: a newer write of the same
        ``what`` replaces this one while it waits (a game saved after every computer player's move:
        when the store is slow, only the newest position is written, still in order). A store that
        fails is logged (what could not be saved); the session goes on."""
        if latest:
            with self._lock:
                waiting = self._waiting.get(what)
                if waiting is not None:
                    waiting[0] = write
                    return
                box = self._waiting[what] = [write]

            def newest() -> object:
                with self._lock:
                    del self._waiting[what]
                return box[0]()

            write = newest

        def run() -> None:
            try:
                write()
            except (SQLAlchemyError, ProgressError) as error:  # the store gone; a student removed meanwhile
                LOG.error("%s cannot be saved: %s", what, error)
            except Exception:  # noqa: BLE001 - a bug in one write must not stop the others
                LOG.exception("%s cannot be saved", what)

        self._last = _thread().submit(run)

    def pending(self) -> bool:
        return self._last is not None and not self._last.done()

    def after(self, then: Callable[[], None]) -> None:
        """``then()`` once every write submitted so far is committed: at once if there is none, else
        on this event loop (in the caller's context, where Flet finds its page)."""
        last = self._last
        if last is None or last.done():
            then()
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no event loop: wait here
            last.result()
            then()
            return
        context = contextvars.copy_context()

        def done(_: object) -> None:
            try:
                loop.call_soon_threadsafe(then, context=context)
            except RuntimeError:  # the loop has closed (the server stops): no frame to send
                pass

        last.add_done_callback(done)

    def flush(self) -> None:
        """Wait until every write submitted so far is committed (a reader that needs them)."""
        if self._last is not None:
            self._last.result()
