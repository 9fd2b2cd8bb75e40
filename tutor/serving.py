"""Serving a class safely: one ASGI guard around Flet's web app, and the server's settings.

Flet's FastAPI app (flet_web.fastapi) is used as it is, with its own options (the session timeout);
:class:`Guard` wraps it as ASGI middleware and, per connection, decides only *transport* matters:
which Origins may open a websocket, how many events a second one connection may send, that the
first frame is a registration, that a connection which has gone does not keep a handler waiting,
that a crash report carries no traceback, and which headers and encodings the static files get.
No rule of the game or of a class is decided here.

Where this leans on Flet's wire format (``[0x00][msgpack [action, body]]`` frames and the
MessageAction numbers) tests/tutor/test_serving_pins.py pins it, so a Flet upgrade that changes
it fails a test instead of silently switching a guard off.
"""

from __future__ import annotations

import asyncio
import gzip
import logging
from collections import OrderedDict
from collections.abc import Awaitable, Callable, MutableMapping
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

import msgpack

from engine.i18n import LANGUAGES, N_, language_of, translate
from tutor.ratelimit import TokenBucket

LOG = logging.getLogger("tutor.serving")

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

# Flet's MessageAction numbers (flet.messaging.protocol), pinned by a test.
REGISTER_CLIENT, CONTROL_EVENT, UPDATE_CONTROL_PROPS, SESSION_CRASHED = 1, 3, 4, 6
_FIXARRAY_2 = 0x92  # msgpack's header of a two-item array: every Flet frame is [action, body]

# Events whose handlers only note where the keyboard's focus is (nothing is drawn). A keyboard user's
# Tab sends three events (the key, a blur and a focus), so with the taps' budget 20 Tabs used it up
# and the learner's next Space on a card was dropped: these get their own buckets, and never use
# the taps' (the key events theirs, as a held key repeats some 30 times a second).
FOCUS_EVENTS = frozenset({"focus", "blur"})
KEY_EVENT = "keyboard_event"
# A window dragged to a new size sends a resize event a frame (60 a second), each redrawing the page,
# so they keep the taps' budget; but only the last size matters, so one over the limit is held, not
# dropped (a newer one replaces it), and handed on once the budget has room: a long drag cannot
# leave the layout at an earlier width.
RESIZE_EVENT = "resize"
_NAMED_FRAME_BYTES = 4096  # focus, blur and key frames are some 100 bytes; larger ones are not read

# The page may reach only its own server (Flet's web client would otherwise fetch a runtime it does
# not use from a CDN, and nothing should leave a classroom's machine) and no other site may frame it.
CONTENT_SECURITY_POLICY = (
    "default-src 'self' data: blob: 'unsafe-inline' 'unsafe-eval' 'wasm-unsafe-eval'; "
    "connect-src 'self' data: blob:; img-src 'self' data: blob:; font-src 'self' data:; "
    "frame-ancestors 'self'; base-uri 'self'; form-action 'self'"
)
SECURITY_HEADERS = (
    (b"content-security-policy", CONTENT_SECURITY_POLICY.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"SAMEORIGIN"),  # for browsers that predate frame-ancestors
)
# Flet sets this to "*" so any site could read its files; our page needs no cross-origin reads.
DROPPED_HEADERS = frozenset({b"access-control-allow-origin"})

# What a person sees when their session crashed: the details go to the server log only.
CRASH_MESSAGE = N_("Something went wrong on the server, and this page had to stop. "
                   "Reload the page to carry on.")


@dataclass(frozen=True)
class ServingSettings:
    """The knobs of docs/classroom.md ("Serving a class safely"); the defaults suit a class of 30."""

    allowed_origins: tuple[str, ...] = ()  # besides the page's own, e.g. "https://cards.school.example"
    events_per_second: float = 20.0  # a person taps a few times a second; scrolls and typing add some
    event_burst: int = 40  # the most at once: a typed name is a key event and a change event a letter
    focus_events_per_second: float = 100.0  # a focus and a blur each Tab: no drawing, just noted
    key_events_per_second: float = 40.0  # a held key repeats ~30 times a second (Tab through a hand)
    props_per_second: float = 200.0  # a field's typed text: cheap to apply, and dropping one loses text
    session_timeout: int = 120  # seconds a closed tab's session is kept for a reconnect (Flet: 3600)
    first_frame_timeout: float = 20.0  # a connection must register within this
    disconnect_grace: float = 10.0  # a handler still running this long after its client left is ended
    shutdown_timeout: int = 5  # seconds SIGTERM waits for connections before closing them
    max_frame_bytes: int = 1 << 20  # uvicorn's default is 16 MiB
    static_max_age: int = 3600  # seconds a browser may reuse the app's files without asking
    gzip_cache_bytes: int = 64 << 20  # compressed static files kept in memory


def client_language(headers: dict[bytes, bytes]) -> str:
    """Ours of the browser's Accept-Language (the app's own choice is not known here), else English."""
    for part in headers.get(b"accept-language", b"").decode("latin-1").split(","):
        found = language_of(part.split(";")[0].strip())
        if found:
            return found
    return LANGUAGES[0]


def tell_language(lang: str) -> None:
    """The app's language for this connection (the crash message follows it, not the browser's, when
    the learner chose another). Called from a session's handlers: Flet runs them in tasks made from
    the connection's own, so they see the connection (a context variable, not a shared registry)."""
    connection = _CONNECTION.get()
    if connection is not None and lang in LANGUAGES:
        connection.lang = lang


def crash_frame(lang: str) -> bytes:
    """Flet's SESSION_CRASHED frame with our message instead of the exception and its traceback."""
    return b"\x00" + msgpack.packb([SESSION_CRASHED, {"message": translate(CRASH_MESSAGE, lang)}])


def frame_action(data: bytes) -> int | None:
    """The MessageAction of a ``[0x00][msgpack [action, body]]`` frame, read without decoding it."""
    if len(data) >= 3 and data[0] == 0x00 and data[1] == _FIXARRAY_2 and data[2] < 0x80:
        return data[2]
    return None


def event_name(data: bytes) -> str | None:
    """The name of a small CONTROL_EVENT frame (``click``, ``focus``, ``keyboard_event``...), else ``None``."""
    if frame_action(data) != CONTROL_EVENT or len(data) > _NAMED_FRAME_BYTES:
        return None
    try:
        message = msgpack.unpackb(data[1:], strict_map_key=False)
    except Exception:  # undecodable: Flet's own receive loop will say so
        return None
    name = message[1].get("name") if isinstance(message, list) and len(message) == 2 \
        and isinstance(message[1], dict) else None
    return name if isinstance(name, str) else None


def is_registration(data: bytes | None) -> bool:
    """Whether a frame is a well-formed REGISTER_CLIENT request (what Flet needs first)."""
    if not data or frame_action(data) != REGISTER_CLIENT:
        return False
    try:
        message = msgpack.unpackb(data[1:], strict_map_key=False)
    except Exception:  # any undecodable bytes: not a registration
        return False
    body = message[1] if isinstance(message, list) and len(message) == 2 else None
    return isinstance(body, dict) and isinstance(body.get("page", {}), dict) and \
        isinstance(body.get("session_id") or "", str)


def own_origin(scope: Scope, headers: dict[bytes, bytes]) -> str:
    scheme = {"ws": "http", "wss": "https"}.get(scope.get("scheme", "ws"), scope.get("scheme", "http"))
    return f"{scheme}://{headers.get(b'host', b'').decode('latin-1').lower()}"


class Guard:
    """ASGI middleware around Flet's app: see the module's docstring."""

    def __init__(self, app: ASGIApp, settings: ServingSettings) -> None:
        self.app, self.settings = app, settings
        self.allowed = {origin.rstrip("/").lower() for origin in settings.allowed_origins}
        self.gzipped: OrderedDict[tuple[str, bytes, bytes], bytes] = OrderedDict()
        self.gzipped_bytes = 0
        self.connections = 0  # websockets open now (for the tests and the bench)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            await self._websocket(scope, receive, send)
        elif scope["type"] == "http":
            await self._http(scope, receive, send)
        else:
            await self.app(scope, receive, send)

    # websockets

    def origin_allowed(self, scope: Scope, headers: dict[bytes, bytes]) -> bool:
        origin = headers.get(b"origin")
        if origin is None:  # not a browser: it could claim any Origin anyway
            return True
        origin_text = origin.decode("latin-1").rstrip("/").lower()
        return origin_text == own_origin(scope, headers) or origin_text in self.allowed

    async def _websocket(self, scope: Scope, receive: Receive, send: Send) -> None:
        headers = dict(scope.get("headers", []))
        if not self.origin_allowed(scope, headers):
            LOG.warning("refused a websocket from %s: Origin %r is not allowed",
                        _client(scope), headers.get(b"origin", b"").decode("latin-1"))
            await receive()  # websocket.connect
            await send({"type": "websocket.close", "code": 1008})  # before accept: HTTP 403
            return
        connection = _Connection(self.settings, client_language(headers), _client(scope), receive, send)
        self.connections += 1
        try:
            await connection.run(self.app, scope)
        finally:
            self.connections -= 1
            LOG.info("websocket of %s closed: %d open, %s sessions kept", connection.client, self.connections,
                     flet_sessions())

    # http

    async def _http(self, scope: Scope, receive: Receive, send: Send) -> None:
        headers = dict(scope.get("headers", []))
        if scope.get("method") != "GET" or b"gzip" not in headers.get(b"accept-encoding", b""):
            await self.app(scope, receive, self._with_headers(send))
            return
        start: Message = {}
        body = bytearray()
        cached: list[bytes] = []

        async def capture(message: Message) -> None:
            if message["type"] == "http.response.start":
                start.update(message)
                key = _gzip_key(scope["path"], start)
                packed = self.gzipped.get(key) if key is not None else None
                if packed is not None:  # the file is not gathered again: one copy in memory, however many load it
                    cached.append(packed)
            elif message["type"] == "http.response.body" and not cached:
                body.extend(message.get("body", b""))

        await self.app(scope, receive, capture)
        response_headers = list(start.get("headers", []))
        named = dict(response_headers)
        packed = cached[0] if cached else None
        if packed is None and start.get("status") == 200 and len(body) >= 1024 \
                and b"content-encoding" not in named and _compressible(named.get(b"content-type", b"")):
            packed = await asyncio.to_thread(gzip.compress, bytes(body), 6)  # off the event loop
            key = _gzip_key(scope["path"], start)
            if key is not None:
                self._remember(key, packed)
        if packed is not None:
            response_headers = [(k, v) for k, v in response_headers if k != b"content-length"]
            response_headers += [(b"content-encoding", b"gzip"), (b"content-length", str(len(packed)).encode()),
                                 (b"vary", b"Accept-Encoding")]
            body = bytearray(packed)
        out = self._with_headers(send)
        await out({**start, "headers": response_headers})
        await out({"type": "http.response.body", "body": bytes(body)})

    def _remember(self, key: tuple[str, bytes, bytes], packed: bytes) -> None:
        self.gzipped[key] = packed
        self.gzipped_bytes += len(packed)
        while self.gzipped_bytes > self.settings.gzip_cache_bytes and self.gzipped:
            self.gzipped_bytes -= len(self.gzipped.popitem(last=False)[1])

    def _with_headers(self, send: Send) -> Send:
        max_age = self.settings.static_max_age

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = [(k, v) for k, v in message.get("headers", []) if k.lower() not in DROPPED_HEADERS]
                named = dict(headers)
                if b"cache-control" not in named:
                    # The page itself is always checked (it names the app's files); the files it loads
                    # may be reused for a while, then revalidated by their ETag.
                    html = named.get(b"content-type", b"").startswith(b"text/html")
                    headers.append((b"cache-control",
                                    b"no-cache" if html else f"public, max-age={max_age}".encode()))
                message = {**message, "headers": headers + list(SECURITY_HEADERS)}
            await send(message)

        return send_with_headers


def _gzip_key(path: str, start: Message) -> tuple[str, bytes, bytes] | None:
    """A file's compressed copy is found by path, length and ETag: a changed file is compressed anew."""
    if start.get("status") != 200:
        return None
    named = dict(start.get("headers", []))
    etag, length = named.get(b"etag"), named.get(b"content-length")
    return (path, length, etag) if etag and length else None


def _compressible(content_type: bytes) -> bool:
    kind = content_type.split(b";")[0].strip().lower()
    return kind.startswith(b"text/") or kind in {
        b"application/javascript", b"text/javascript", b"application/json", b"application/wasm",
        b"image/svg+xml", b"application/manifest+json", b"font/ttf", b"font/otf", b"application/octet-stream",
    }


def flet_sessions() -> int | None:
    """How many sessions Flet keeps, connected or awaiting a reconnect (``None`` if Flet stops saying).

    Reads a private attribute of Flet's app manager, for the log only; pinned by a test.
    """
    from flet_web.fastapi.flet_app import app_manager

    sessions = getattr(app_manager, "_FletAppManager__sessions", None)
    return len(sessions) if isinstance(sessions, dict) else None


_CONNECTION: ContextVar[_Connection | None] = ContextVar("canasta_connection", default=None)


def _client(scope: Scope) -> str:
    client = scope.get("client")
    return f"{client[0]}:{client[1]}" if client else "?"


class _Connection:
    """One websocket between Flet's handler and the client, with the bounds of :class:`ServingSettings`."""

    lang: str  # the crash message's language: the browser's, until the app tells its own

    def __init__(self, settings: ServingSettings, lang: str, client: str, receive: Receive, send: Send) -> None:
        self.settings, self.lang, self.client = settings, lang, client
        self._receive, self._send = receive, send
        self.buckets = {CONTROL_EVENT: TokenBucket(settings.events_per_second, settings.event_burst),
                        UPDATE_CONTROL_PROPS: TokenBucket(settings.props_per_second, settings.props_per_second)}
        self.focus_bucket = TokenBucket(settings.focus_events_per_second, 2 * settings.focus_events_per_second)
        self.key_bucket = TokenBucket(settings.key_events_per_second, 2 * settings.key_events_per_second)
        self.registered = False
        self.gone = asyncio.Event()  # the client left, or was sent away
        self.dropped = 0
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
            bucket = self.bucket(data)
            if bucket is not None and not bucket.allow():
                if event_name(data) == RESIZE_EVENT:
                    self.held = message  # the older one held is superseded: only the last size matters
                else:
                    self.dropped += 1  # an event over the limit is dropped: queueing it would stall this session
                continue
            return message

    async def _frame(self) -> Message:
        """The client's next message; while a resize is held, that resize as soon as the taps' budget has
        room for it, if nothing came first (its drag over, no newer resize would ever bring it)."""
        taps = self.buckets[CONTROL_EVENT]
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

    def bucket(self, data: bytes) -> TokenBucket | None:
        """Which budget a frame is counted in: focus moves and keys have their own (see FOCUS_EVENTS)."""
        action = frame_action(data)
        if action == CONTROL_EVENT:
            name = event_name(data)
            if name in FOCUS_EVENTS:
                return self.focus_bucket
            if name == KEY_EVENT:
                return self.key_bucket
        return self.buckets.get(action) if action is not None else None

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


class _QuietDisconnects(logging.Filter):
    """Flet logs a full traceback for every connection that ends oddly; one line is enough."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.exc_info and str(record.msg).startswith("Receive loop error"):
            record.exc_info, record.exc_text = None, None
        return True


def build_app(main: Callable[..., Any], assets_dir: str, settings: ServingSettings) -> Guard:
    """Flet's web app (offline, as ``ft.run(..., export_asgi_app=True, no_cdn=True)`` builds it) in a Guard."""
    import flet_web.fastapi as flet_fastapi

    logging.getLogger(flet_fastapi.__name__).addFilter(_QuietDisconnects())
    app = flet_fastapi.app(main, assets_dir=assets_dir, no_cdn=True,
                           session_timeout_seconds=settings.session_timeout)
    return Guard(app, settings)


def serve(app: Guard, host: str, port: int) -> None:
    """Serve with uvicorn: frames capped in size, SIGTERM bounded in time."""
    import uvicorn

    logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    LOG.setLevel(logging.INFO)
    uvicorn.run(app, host=host, port=port, log_level="warning", ws_max_size=app.settings.max_frame_bytes,
                timeout_graceful_shutdown=app.settings.shutdown_timeout)
