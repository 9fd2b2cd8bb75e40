"""One websocket between Flet's handler and a browser, guarded: a registration first and within a
time, events a second bounded per kind (taps, focus, keys, typed text; the newest resize held, not
dropped), a handler whose client has gone ended after a grace, and Flet's crash report replaced by
ours (:func:`tutor.serving.frames.crash_frame`). :class:`tutor.serving.server.Guard` makes one per websocket.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable, MutableMapping
from contextvars import ContextVar
from typing import Any

from engine.core.i18n import LANGUAGES
from tutor.serving.frames import (
    CONTROL_EVENT,
    FOCUS_EVENTS,
    INVOKE_METHOD,
    KEY_EVENT,
    RESIZE_EVENT,
    SESSION_CRASHED,
    UPDATE_CONTROL_PROPS,
    crash_frame,
    event_name,
    frame_action,
    is_registration,
)
from tutor.serving.ratelimit import TokenBucket

from tutor.serving.settings import ServingSettings

LOG = logging.getLogger("tutor.serving.server")  # one logger for the server's guards

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


def tell_language(lang: str) -> None:
    """The app's language for this connection (the crash message follows it, not the browser's, when
    the learner chose another). Called from a session's handlers: Flet runs them in tasks made from
    the connection's own, so they see the connection (a context variable, not a shared registry)."""
    connection = _CONNECTION.get()
    if connection is not None and lang in LANGUAGES:
        connection.lang = lang


_CONNECTION: ContextVar[Connection | None] = ContextVar("canasta_connection", default=None)


def client_name(scope: Scope) -> str:
    client = scope.get("client")
    return f"{client[0]}:{client[1]}" if client else "?"


class Connection:
    """One websocket between Flet's handler and the client, with the bounds of :class:`ServingSettings`."""

    lang: str  # the crash message's language: the browser's, until the app tells its own

    def __init__(self, settings: ServingSettings, lang: str, client: str, receive: Receive, send: Send) -> None:
        self.settings, self.lang, self.client = settings, lang, client
        self._receive, self._send = receive, send
        self.taps = TokenBucket(settings.events_per_second, settings.event_burst)
        # Typed text, and the browser's answers to the server's calls (its storage): cheap to apply,
        # and dropping one would lose text or leave the server waiting for an answer.
        replies = TokenBucket(settings.props_per_second, settings.props_per_second)
        self.buckets = {CONTROL_EVENT: self.taps, UPDATE_CONTROL_PROPS: replies, INVOKE_METHOD: replies}
        self.focus_bucket = TokenBucket(settings.focus_events_per_second, 2 * settings.focus_events_per_second)
        self.key_bucket = TokenBucket(settings.key_events_per_second, 2 * settings.key_events_per_second)
        self.registered = False
        self.gone = asyncio.Event()  # the client left, or was sent away
        self.dropped = 0
        self.dropped_logged: float | None = None  # when the last "dropping" line was logged (one a minute at most)
        self.held: Message | None = None  # the newest resize over the budget (see RESIZE_EVENT)
        self._next: asyncio.Future[Message] | None = None  # the client's next frame, while one is held

    async def run(self, app: ASGIApp, scope: Scope) -> None:
        _CONNECTION.set(self)  # for tell_language: the handler's task, and Flet's tasks from it, see it
        handler = asyncio.ensure_future(app(scope, self.receive, self.send))
        gone = asyncio.ensure_future(self.gone.wait())
        try:
            await asyncio.wait({handler, gone}, return_when=asyncio.FIRST_COMPLETED)
            if not handler.done():
                # Flet's handler waits for its send loop, which only a registered session stops:
                # a connection that leaves before registering would keep it (and shutdown) waiting.
                # A registered one gets a grace to hand its session over to Flet's reconnect timer.
                grace = self.settings.disconnect_grace if self.registered else 0.2
                done, _ = await asyncio.wait({handler}, timeout=grace)
                if not done:
                    LOG.info("ended the handler of %s: its client left %.1f s ago", self.client, grace)
                    handler.cancel()
            outcome = (await asyncio.gather(handler, return_exceptions=True))[0]
            if isinstance(outcome, Exception):  # one line: a dropped connection is not news
                LOG.debug("the connection of %s ended: %s", self.client, type(outcome).__name__)
        finally:
            gone.cancel()
            if self._next is not None:
                self._next.cancel()
            if self.dropped:
                LOG.warning("dropped %d events from %s over the limit of %g a second",
                            self.dropped, self.client, self.settings.events_per_second)

    async def receive(self) -> Message:
        while True:
            message = await self._frame()
            kind = message["type"]
            if kind == "websocket.disconnect":
                self.gone.set()
                return message
            if kind != "websocket.receive":
                return message
            data = message.get("bytes")
            if not self.registered:
                if not is_registration(data):
                    LOG.warning("closed the websocket of %s: its first frame is not a registration", self.client)
                    return await self._send_away(1008)
                self.registered = True
                return message
            if data is None:
                return message
            if not self.bucket(data).allow():
                if event_name(data) == RESIZE_EVENT:
                    self.held = message  # the older one held is superseded: only the last size matters
                else:
                    self.drop()
                continue
            return message

    def drop(self) -> None:
        """An event over the limit is dropped (queueing it would stall this session), and said in the log
        as it starts and once a minute while it lasts: a flood need not end for the log to show it."""
        self.dropped += 1
        now = time.monotonic()
        if self.dropped_logged is None or now - self.dropped_logged >= 60:
            self.dropped_logged = now
            LOG.warning("dropping events from %s over the limit of %g a second (%d so far)",
                        self.client, self.settings.events_per_second, self.dropped)

    async def _frame(self) -> Message:
        """The client's next message; while a resize is held, that resize as soon as the taps' budget has
        room for it, if nothing came first (its drag over, no newer resize would ever bring it)."""
        taps = self.taps
        while self.held is not None:
            if self._next is None:
                self._next = asyncio.ensure_future(self._receive())
            done, _ = await asyncio.wait({self._next}, timeout=taps.retry_after())
            if done:
                break
            if taps.retry_after() == 0:  # receive() takes the token
                held, self.held = self.held, None
                return held
        if self._next is not None:
            frame, self._next = self._next, None
            return await frame
        return await self._receive()

    def bucket(self, data: bytes) -> TokenBucket:
        """Which budget a frame is counted in: every frame is counted, whatever it holds and however it is
        encoded (:func:`frame_action` reads every form Flet takes). Focus moves and keys have their own
        (see FOCUS_EVENTS), typed text and the browser's answers theirs; anything else (a second
        registration, a data-channel frame, bytes Flet cannot decode) is counted as a tap."""
        action = frame_action(data)
        if action == CONTROL_EVENT:
            name = event_name(data)
            if name in FOCUS_EVENTS:
                return self.focus_bucket
            if name == KEY_EVENT:
                return self.key_bucket
        return self.buckets.get(action, self.taps) if action is not None else self.taps

    async def send(self, message: Message) -> None:
        if message["type"] == "websocket.accept":
            await self._send(message)
            self._receive = self._timed(self._receive)
            return
        if message["type"] == "websocket.send" and frame_action(message.get("bytes") or b"") == SESSION_CRASHED:
            message = {"type": "websocket.send", "bytes": crash_frame(self.lang)}
        if self.gone.is_set() and message["type"] != "websocket.close":
            return
        try:
            await self._send(message)
        except Exception as error:  # the client has gone: what was being sent is moot
            self.gone.set()
            # Not raised into Flet's send loop: that would end its handler before it hands the session
            # to Flet's reconnect timer (disconnect_session), and the browser's reconnect (a phone
            # that woke, a proxy's retry) would find its session still held and get a new one.
            # The receive side sees the disconnect and ends the handler in order.
            LOG.debug("a frame to %s was not sent: %s", self.client, type(error).__name__)

    def _timed(self, receive: Receive) -> Receive:
        async def first(timeout: float = self.settings.first_frame_timeout) -> Message:
            if self.registered:
                return await receive()
            try:
                return await asyncio.wait_for(receive(), timeout)
            except asyncio.TimeoutError:
                LOG.warning("closed the websocket of %s: no registration within %g s", self.client, timeout)
                return await self._send_away(1008)

        return first

    async def _send_away(self, code: int) -> Message:
        try:
            await self._send({"type": "websocket.close", "code": code})
        except Exception:  # already closed by the client
            pass
        self.gone.set()
        return {"type": "websocket.disconnect", "code": code}
