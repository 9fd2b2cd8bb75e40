"""Live updates across app processes: the in-process hub, plus PostgreSQL's LISTEN/NOTIFY.

Several app processes behind a proxy share one PostgreSQL store. A write through one process
publishes its topic (``"class:7"``); this hub tells the process's own subscribers at once, as
``tutor.store.live.Live`` does, and also sends ``NOTIFY canasta_live, '<process>|class:7'``. Every
process LISTENs on that channel and tells its subscribers of the topics other processes
publish; a notice from itself it skips (its subscribers were told already, at once).

Two connections a process, each in its own daemon thread, started when first needed:
- the *listener* (first ``subscribe``): ``LISTEN``, then psycopg 3's ``notifies()`` generator,
  woken every second to see whether the hub is closing;
- the *sender* (first ``publish``): takes topics from a queue, so ``publish`` never waits for the
  database (it is called on the event loop as well as from the store's threads).
Both are plain psycopg connections in autocommit, not the store's pool: a LISTEN must stay on one
connection, and a NOTIFY must not wait for a pooled connection that a slow query holds.

If the database restarts (or the network drops), both reconnect, waiting 0.2 s, then doubling up
to 5 s. Notices sent while the listener was away are lost, so each time it (re)connects it tells
every subscribed topic once: subscribers re-read the store, and a doubled notice costs one read.
(The first time too: a write between a first ``subscribe`` and the first ``LISTEN`` is not missed.)
"""

from __future__ import annotations

import logging
import queue
import secrets
import threading
from collections.abc import Callable
from typing import Any

from sqlalchemy.engine import make_url

from tutor.store.live import Callback, Live

LOG = logging.getLogger("canasta.live")
CHANNEL = "canasta_live"
MAX_TOPIC = 200  # a NOTIFY payload is at most 8,000 bytes; topics are short ("class:7")
WAIT_FIRST, WAIT_MAX = 0.2, 5.0  # reconnect back-off, seconds


def conninfo(url: str) -> str:
    """A libpq connection string for a SQLAlchemy PostgreSQL URL (``postgresql+psycopg://…``)."""
    parsed = make_url(url)
    if parsed.get_backend_name() != "postgresql":
        raise ValueError(f"{parsed.get_backend_name()}: LISTEN/NOTIFY needs a PostgreSQL store")
    return parsed.set(drivername="postgresql").render_as_string(hide_password=False)


class PostgresLive(Live):
    """``Live`` for a PostgreSQL store: the same interface, heard by every process on the database."""

    def __init__(self, url: str, channel: str = CHANNEL) -> None:
        super().__init__()
        self.dsn, self.channel = conninfo(url), channel
        self.origin = secrets.token_hex(8)  # this process's (this hub's) mark on its own notices
        self.listening = threading.Event()  # set while the listener holds a LISTENing connection
        self._stop = threading.Event()
        self._outbox: queue.SimpleQueue[str | None] = queue.SimpleQueue()
        self._threads: dict[str, threading.Thread] = {}
        self._start_lock = threading.Lock()
        self.reconnects = 0  # times the listener connected again after losing the database

    # -- the interface of tutor.store.live.Live ------------------------------------------------------

    def subscribe(self, topic: str, callback: Callback) -> Callable[[], None]:
        unsubscribe = super().subscribe(topic, callback)
        self._start("listener", self._listen)
        return unsubscribe

    def publish(self, topic: str) -> None:
        """This process's subscribers at once; the other processes' through a NOTIFY (queued)."""
        self.deliver(topic)
        if len(topic.encode()) > MAX_TOPIC:
            LOG.error("live topic too long to notify other processes: %.40s…", topic)
            return
        if not self._stop.is_set():
            self._start("sender", self._send)
            self._outbox.put(topic)

    def close(self) -> None:
        self._stop.set()
        self._outbox.put(None)
        for thread in list(self._threads.values()):
            if thread is not threading.current_thread():
                thread.join(timeout=3)
        super().close()

    def ready(self, timeout: float = 10.0) -> bool:
        """Waits until this process hears the others (tests, and a process that must not miss one)."""
        self._start("listener", self._listen)
        return self.listening.wait(timeout)

    # -- the two connections ----------------------------------------------------------------------

    def _start(self, name: str, run: Callable[[], None]) -> None:
        with self._start_lock:
            if name in self._threads or self._stop.is_set():
                return
            thread = threading.Thread(target=run, name=f"live-{name}", daemon=True)
            self._threads[name] = thread
            thread.start()

    def _connect(self, role: str) -> Any:
        import psycopg

        # named, so pg_stat_activity shows what each connection is (and the tests can cut them)
        return psycopg.connect(self.dsn, autocommit=True, connect_timeout=5, application_name=f"canasta-live-{role}")

    def _listen(self) -> None:
        import psycopg

        wait, first = WAIT_FIRST, True
        while not self._stop.is_set():
            try:
                with self._connect("listen") as connection:
                    connection.execute(f'LISTEN "{self.channel}"')
                    if not first:
                        self.reconnects += 1
                        LOG.warning("live updates: listening again after the database came back")
                    # what was said before this LISTEN (while away, or between a subscribe and the
                    # first LISTEN) is not heard: every subscriber re-reads once
                    for topic in self._topics():
                        self.deliver(topic)
                    self.listening.set()
                    first, wait = False, WAIT_FIRST
                    while not self._stop.is_set():
                        for notice in connection.notifies(timeout=1.0):
                            self._heard(notice.payload)
                        if connection.closed or connection.broken:
                            raise psycopg.OperationalError("the listening connection closed")
            except psycopg.Error as error:
                self.listening.clear()
                if self._stop.is_set():
                    break
                LOG.warning("live updates: the listening connection failed (%s); again in %.1f s",
                            str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__, wait)
                self._stop.wait(wait)
                wait = min(wait * 2, WAIT_MAX)
        self.listening.clear()

    def _heard(self, payload: str) -> None:
        origin, _, topic = payload.partition("|")
        if origin != self.origin and topic:  # our own notice: our subscribers were told at publish
            self.deliver(topic)

    def _topics(self) -> list[str]:
        with self._lock:
            return list(self._subscribers)

    def _send(self) -> None:
        import psycopg

        connection: Any = None
        wait = WAIT_FIRST
        batch = self._batch()
        while batch and not self._stop.is_set():
            try:
                if connection is None or connection.closed:
                    connection = self._connect("notify")
                with connection.transaction():  # one round trip for a burst; the same topic once
                    for topic in batch:
                        connection.execute("SELECT pg_notify(%s, %s)", (self.channel, f"{self.origin}|{topic}"))
                wait = WAIT_FIRST
                batch = self._batch()
            except psycopg.Error as error:  # the database is away: keep the topics, try again
                LOG.warning("live updates: a notice could not be sent (%s); again in %.1f s",
                            type(error).__name__, wait)
                if connection is not None:
                    connection.close()
                connection = None
                self._stop.wait(wait)
                wait = min(wait * 2, WAIT_MAX)
        if connection is not None:
            connection.close()

    def _batch(self) -> list[str]:
        """The next topics to send: waits for one, then takes all that queued behind it, each once.
        Empty: the hub is closing."""
        first = self._outbox.get()
        topics = dict.fromkeys([first] if first is not None else [])
        while first is not None:
            try:
                more = self._outbox.get_nowait()
            except queue.Empty:
                break
            if more is None:
                self._outbox.put(None)  # closing: send what is here, then stop
                break
            topics[more] = None
        return list(topics)


def live_for(url: str) -> Live:
    """The hub for a store at ``url``: across processes for PostgreSQL, in-process otherwise."""
    if make_url(url).get_backend_name() == "postgresql":
        return PostgresLive(url)
    return Live()
