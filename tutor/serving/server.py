"""Serving a class safely: one ASGI guard around Flet's web app, and the server's settings.

Flet's FastAPI app (flet_web.fastapi) is used as it is, with its own options (the session timeout);
:class:`Guard` wraps it as ASGI middleware and, per connection, decides only *transport* matters:
which Origins may open a websocket, how many events a second one connection may send, that the
first frame is a registration, that a connection which has gone does not keep a handler waiting,
that a crash report carries no traceback, and which headers and encodings the static files get.
No rule of the game or of a class is decided here.

Where this leans on Flet's wire format it reads it through :mod:`tutor.serving.frames`, which
tests/tutor/serving/test_serving_pins.py pins, so a Flet upgrade that changes it fails a test instead of
silently switching a guard off.
"""

from __future__ import annotations

import asyncio
import base64
import gzip
import hashlib
import logging
import re
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from engine.core.i18n import LANGUAGES, language_of
from tutor.serving.connection import ASGIApp, Connection, Message, Receive, Scope, Send, client_name
from tutor.serving.settings import ServingSettings

LOG = logging.getLogger("tutor.serving.server")

# What the page may load and run; docs/serving.md ("Serving a class safely", Headers) says why each source is there. It may
# reach only its own server (Flet's web client would otherwise fetch a runtime it does not use from a
# CDN, and nothing should leave a classroom's machine) and no other site may frame it. Scripts are the
# server's files and the page's own inline ones, each allowed by its hash (content_security_policy),
# never 'unsafe-inline' or eval; WebAssembly may be compiled (CanvasKit, skwasm), and skwasm starts its
# worker from a blob: URL. Flutter's engine writes <style> elements as it lays the page out: styles
# stay 'unsafe-inline' (they run no script).
CSP_DIRECTIVES: tuple[tuple[str, str], ...] = (
    ("default-src", "'self'"),
    ("script-src", "'self' 'wasm-unsafe-eval'"),
    ("worker-src", "'self' blob:"),
    ("style-src", "'self' 'unsafe-inline'"),
    ("img-src", "'self'"),
    ("font-src", "'self'"),
    ("connect-src", "'self'"),
    ("object-src", "'none'"),
    ("frame-ancestors", "'self'"),
    ("base-uri", "'self'"),
    ("form-action", "'self'"),
)
_INLINE_SCRIPT = re.compile(rb"<script(?![^>]*\bsrc\s*=)[^>]*>(.*?)</script\s*>", re.DOTALL | re.IGNORECASE)


def content_security_policy(page: bytes = b"") -> str:
    """The policy of a response: for a page, its inline scripts allowed by their SHA-256, and no other."""
    hashes = "".join(f" 'sha256-{base64.b64encode(hashlib.sha256(script).digest()).decode()}'"
                     for script in _INLINE_SCRIPT.findall(page))
    return "; ".join(f"{name} {sources}{hashes if name == 'script-src' else ''}" for name, sources in CSP_DIRECTIVES)


CONTENT_SECURITY_POLICY = content_security_policy()
SECURITY_HEADERS = (
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"SAMEORIGIN"),  # for browsers that predate frame-ancestors
)
# Flet sets this to "*" so any site could read its files; our page needs no cross-origin reads.
DROPPED_HEADERS = frozenset({b"access-control-allow-origin"})
CONDITIONAL = frozenset({b"if-none-match", b"if-modified-since"})  # a request that may get a 304


def client_language(headers: dict[bytes, bytes]) -> str:
    """Ours of the browser's Accept-Language (the app's own choice is not known here), else English."""
    for part in headers.get(b"accept-language", b"").decode("latin-1").split(","):
        found = language_of(part.split(";")[0].strip())
        if found:
            return found
    return LANGUAGES[0]


LOOPBACK_NAMES = ("localhost", "127.0.0.1", "[::1]")
WILDCARD_HOSTS = frozenset({"", "0.0.0.0", "::", "[::]"})


def listening_origins(host: str, port: int) -> tuple[str, ...]:
    """The origins a browser reaches a server on ``host:port`` at, by default: ``http://host:port``; for a
    loopback address localhost's names too; for every address (``0.0.0.0``, ``::``) this machine's own
    names and addresses (its host name, and the address its default route leaves from, which is the
    one students type) and localhost's. Any other name (a proxy's, a DNS alias) is given with
    ``--allow-origin``. A browser's Origin leaves out the default port 80, so both forms are kept."""
    import ipaddress
    import socket

    bare = host.strip("[]").lower()
    names: set[str] = set()
    if host in WILDCARD_HOSTS:
        names.update(LOOPBACK_NAMES)
        hostname = socket.gethostname().lower()
        names.update({hostname, socket.getfqdn().lower(), f"{hostname}.local"})
        for family, target in ((socket.AF_INET, "192.0.2.1"), (socket.AF_INET6, "2001:db8::1")):
            try:  # no packet is sent: connecting a UDP socket only picks the route's source address
                with socket.socket(family, socket.SOCK_DGRAM) as probe:
                    probe.connect((target, 9))
                    names.add(str(probe.getsockname()[0]).split("%")[0])
            except OSError:
                pass
        try:
            names.update(str(info[4][0]).split("%")[0] for info in socket.getaddrinfo(hostname, None))
        except OSError:
            pass
    else:
        names.add(bare)
        try:
            if bare == "localhost" or ipaddress.ip_address(bare).is_loopback:
                names.update(LOOPBACK_NAMES)
        except ValueError:  # a host name: only itself
            pass
    hosts = {f"[{name}]" if ":" in name and not name.startswith("[") else name for name in names}
    origins = {f"http://{name}:{port}" for name in hosts} | ({f"http://{name}" for name in hosts} if port == 80 else set())
    return tuple(sorted(origins))


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

    def origin_allowed(self, headers: dict[bytes, bytes]) -> bool:
        """Whether a websocket's Origin is one this server is meant to be reached at. Never compared with
        the request's own Host: a page of evil.example whose name the attacker points at this server
        (DNS rebinding) sends Host and Origin both evil.example, and its script would be let in."""
        origin = headers.get(b"origin")
        if origin is None:  # not a browser: it could claim any Origin anyway
            return True
        return origin.decode("latin-1").rstrip("/").lower() in self.allowed

    async def _websocket(self, scope: Scope, receive: Receive, send: Send) -> None:
        headers = dict(scope.get("headers", []))
        if not self.origin_allowed(headers):
            LOG.warning("refused a websocket from %s: Origin %r is not allowed (a page of this server is reached"
                        " at another name? start it with --allow-origin ORIGIN)",
                        client_name(scope), headers.get(b"origin", b"").decode("latin-1"))
            await receive()  # websocket.connect
            await send({"type": "websocket.close", "code": 1008})  # before accept: HTTP 403
            return
        connection = Connection(self.settings, client_language(headers), client_name(scope), receive, send)
        self.connections += 1
        try:
            await connection.run(self.app, scope)
        finally:
            self.connections -= 1
            LOG.info("websocket of %s closed: %d open, %s sessions kept", connection.client, self.connections,
                     flet_sessions())

    # http

    async def _http(self, scope: Scope, receive: Receive, send: Send) -> None:
        """A file or the page, with the headers of every response; gzipped once and kept for browsers that
        take it; a page is gathered whole, for its policy names the hashes of its inline scripts."""
        if "." not in scope.get("path", "/").rsplit("/", 1)[-1]:
            # a page (every route without a file name is answered with the page): never a 304, whose
            # headers a browser would keep for its stored page, and a file's policy names no script
            scope = {**scope, "headers": [(k, v) for k, v in scope.get("headers", []) if k.lower() not in CONDITIONAL]}
        headers = dict(scope.get("headers", []))
        gzipped = scope.get("method") == "GET" and b"gzip" in headers.get(b"accept-encoding", b"")
        start: Message = {}
        body = bytearray()
        cached: list[bytes] = []
        passing: list[Send] = []  # set when the response goes on as it comes (nothing to gather)

        async def capture(message: Message) -> None:
            if passing:
                await passing[0](message)
            elif message["type"] == "http.response.start":
                if not gzipped and not _is_html(message):
                    passing.append(self._with_headers(send, CONTENT_SECURITY_POLICY))
                    await passing[0](message)
                    return
                start.update(message)
                # a page is gathered each time: its policy is made from its own inline scripts
                key = None if _is_html(start) else _gzip_key(scope["path"], start)
                packed = self.gzipped.get(key) if key is not None and gzipped else None
                if packed is not None:  # the file is not gathered again: one copy in memory, however many load it
                    cached.append(packed)
            elif message["type"] == "http.response.body" and not cached:
                body.extend(message.get("body", b""))

        await self.app(scope, receive, capture)
        if passing:
            return
        response_headers = list(start.get("headers", []))
        named = dict(response_headers)
        policy = content_security_policy(bytes(body)) if _is_html(start) else CONTENT_SECURITY_POLICY
        packed = cached[0] if cached else None
        if gzipped and packed is None and start.get("status") == 200 and len(body) >= 1024 \
                and b"content-encoding" not in named and _compressible(named.get(b"content-type", b"")):
            packed = await asyncio.to_thread(gzip.compress, bytes(body), 6)  # off the event loop
            key = None if _is_html(start) else _gzip_key(scope["path"], start)
            if key is not None:
                self._remember(key, packed)
        if packed is not None:
            response_headers = [(k, v) for k, v in response_headers if k != b"content-length"]
            response_headers += [(b"content-encoding", b"gzip"), (b"content-length", str(len(packed)).encode()),
                                 (b"vary", b"Accept-Encoding")]
            body = bytearray(packed)
        out = self._with_headers(send, policy)
        await out({**start, "headers": response_headers})
        await out({"type": "http.response.body", "body": bytes(body)})

    def _remember(self, key: tuple[str, bytes, bytes], packed: bytes) -> None:
        self.gzipped[key] = packed
        self.gzipped_bytes += len(packed)
        while self.gzipped_bytes > self.settings.gzip_cache_bytes and self.gzipped:
            self.gzipped_bytes -= len(self.gzipped.popitem(last=False)[1])

    def _with_headers(self, send: Send, policy: str) -> Send:
        max_age = self.settings.static_max_age

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = [(k, v) for k, v in message.get("headers", []) if k.lower() not in DROPPED_HEADERS]
                named = dict(headers)
                html = named.get(b"content-type", b"").startswith(b"text/html")
                if html:
                    # The page is fetched whole each time and never stored: its policy names the hashes
                    # of its own inline scripts, and a kept page revalidated by a 304 would keep a policy
                    # without them (a blank page). The files it loads may be reused for a while, then
                    # revalidated by their ETag.
                    headers = [(k, v) for k, v in headers if k.lower() not in (b"etag", b"last-modified",
                                                                                   b"cache-control")]
                    headers.append((b"cache-control", b"no-store"))
                elif b"cache-control" not in named:
                    headers.append((b"cache-control", f"public, max-age={max_age}".encode()))
                message = {**message, "headers": [*headers, (b"content-security-policy", policy.encode()),
                                                  *SECURITY_HEADERS]}
            await send(message)

        return send_with_headers


def _is_html(start: Message) -> bool:
    return dict(start.get("headers", [])).get(b"content-type", b"").startswith(b"text/html")


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


class _QuietDisconnects(logging.Filter):
    """Flet logs a full traceback for every connection that ends oddly; one line is enough."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.exc_info and str(record.msg).startswith("Receive loop error"):
            record.exc_info, record.exc_text = None, None
        return True


APP_NAME = "canasta-tutor"
APP_DESCRIPTION = ("Learn Canasta by playing it: short lessons, hints and the rules, in English, Swedish, German "
                   "and Icelandic.")


def build_app(main: Callable[..., Any], assets_dir: str, settings: ServingSettings) -> Guard:
    """Flet's web app (offline, as ``ft.run(..., export_asgi_app=True, no_cdn=True)`` builds it) in a Guard."""
    import flet_web.fastapi as flet_fastapi

    logging.getLogger(flet_fastapi.__name__).addFilter(_QuietDisconnects())
    # the app's own name and description in the page and its manifest (tutor/assets/manifest.json, its
    # icons in tutor/assets/icons/), where Flet's web client would install an app called "Flet"
    app = flet_fastapi.app(main, assets_dir=assets_dir, no_cdn=True, app_name=APP_NAME, app_short_name="Canasta",
                           app_description=APP_DESCRIPTION, session_timeout_seconds=settings.session_timeout)
    return Guard(app, settings)


def serve(app: Guard, host: str, port: int) -> None:
    """Serve with uvicorn: frames capped in size, SIGTERM bounded in time."""
    import uvicorn

    logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    LOG.setLevel(logging.INFO)
    LOG.info("websockets are accepted from pages of %s (more with --allow-origin)", ", ".join(sorted(app.allowed)))
    uvicorn.run(app, host=host, port=port, log_level="warning", ws_max_size=app.settings.max_frame_bytes,
                timeout_graceful_shutdown=app.settings.shutdown_timeout)
