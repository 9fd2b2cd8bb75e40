"""Live updates between sessions: "something of class 7 changed", so a teacher's view redraws.

A topic is a short string (``"class:7"``). ``publish`` may be called from any thread (the store's
writes run off the event loop); each subscriber's callback runs on the event loop it subscribed
from and in the context it subscribed in, so a session redraws on its own loop and its own page
(Flet finds the page to update in a context variable; without it a callback would run in the
publisher's context, another session's, and schedule its redraw on that session). Nothing is carried but the topic: a subscriber reads
what changed from the store, so a missed or doubled notice costs one extra read, never a wrong view.

This is the in-process hub: one a store, enough for one app process. Several processes behind a
proxy share one PostgreSQL store and hear each other through its LISTEN/NOTIFY (a hub that also
notifies and listens on the database; ``deploy/`` and docs/serving.md).
"""

from __future__ import annotations

import asyncio
import contextvars
import inspect
import logging
import threading
from collections.abc import Awaitable, Callable

LOG = logging.getLogger("canasta.live")
Callback = Callable[[str], Awaitable[None] | None]


class Live:
    """Topics and their subscribers within one process."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._subscribers: dict[str, dict[int, tuple[asyncio.AbstractEventLoop, contextvars.Context, Callback]]] = {}
        self._next = 0

    def subscribe(self, topic: str, callback: Callback) -> Callable[[], None]:
        """Calls ``callback(topic)`` on the running loop, in the caller's context (its session's), after
        each publish of ``topic``; returns the function that stops it (call it when the session ends)."""
        loop, context = asyncio.get_running_loop(), contextvars.copy_context()
        with self._lock:
            self._next += 1
            key = self._next
            self._subscribers.setdefault(topic, {})[key] = (loop, context, callback)

        def unsubscribe() -> None:
            with self._lock:
                listeners = self._subscribers.get(topic, {})
                listeners.pop(key, None)
                if not listeners:
                    self._subscribers.pop(topic, None)

        return unsubscribe

    def publish(self, topic: str) -> None:
        """Tells this process's subscribers of ``topic``; safe from any thread."""
        self.deliver(topic)

    def deliver(self, topic: str) -> None:
        with self._lock:
            listeners = list(self._subscribers.get(topic, {}).values())
        for loop, context, callback in listeners:
            try:
                loop.call_soon_threadsafe(_run, callback, topic, context=context)
            except RuntimeError:  # that session's loop is closed: it is gone
                continue

    def subscribers(self, topic: str) -> int:
        with self._lock:
            return len(self._subscribers.get(topic, {}))

    def close(self) -> None:
        with self._lock:
            self._subscribers.clear()


def _run(callback: Callback, topic: str) -> None:
    try:
        result = callback(topic)
        if inspect.isawaitable(result):
            task = asyncio.ensure_future(result)
            task.add_done_callback(_log_failure)
    except Exception:  # one subscriber's failure is not the publisher's
        LOG.exception("live update of %s failed", topic)


def _log_failure(task: asyncio.Future[None]) -> None:
    if not task.cancelled() and task.exception() is not None:
        LOG.error("live update failed", exc_info=task.exception())
