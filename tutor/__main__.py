"""``python -m tutor``: serve the app (web mode, offline) or open it in a desktop window."""

from __future__ import annotations

import argparse
import socket
import sys
import threading
import webbrowser
from pathlib import Path
from typing import Any

from engine.i18n import LANGUAGES
from engine.variants import VARIANTS


def free_port(host: str) -> int:
    with socket.socket() as probe:
        probe.bind((host, 0))
        return int(probe.getsockname()[1])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tutor", description="canasta-tutor: learn Canasta by playing.")
    parser.add_argument("--host", default="127.0.0.1", help="address to serve on (a classroom: 0.0.0.0)")
    parser.add_argument("--port", type=int, default=0, help="port (default: a free one)")
    parser.add_argument("--desktop", action="store_true", help="open a desktop window instead of a browser")
    parser.add_argument("--no-browser", action="store_true", help="serve without opening a browser")
    parser.add_argument("--lang", choices=LANGUAGES, help="language (default: remembered, else the system's)")
    parser.add_argument("--variant", choices=sorted(VARIANTS), help="variant of new games")
    parser.add_argument("--players", type=int, help="number of players of new games")
    parser.add_argument("--seed", type=int, help="deal every game from this seed (for lessons and tests)")
    parser.add_argument("--pace", type=float, help="seconds between computer players' actions (default: the"
                        " animation setting)")
    parser.add_argument("--settings", type=Path, help="settings file (default: the user's config folder)")
    parser.add_argument("--store", help="the store's URL, e.g. postgresql://user@host/db (default: $CANASTA_STORE,"
                        " else store.sqlite3 in the settings' folder)")
    parser.add_argument("--think", type=float, default=0.0, help=argparse.SUPPRESS)  # bench/app_bench.py
    args = parser.parse_args(argv)

    import flet as ft

    from tutor.app import ASSETS, Options, make_main

    options = Options(pace=args.pace, variant=args.variant, players=args.players, seed=args.seed,
                      lang=args.lang, settings_file=args.settings, store=args.store, think=args.think)
    if args.desktop:
        ft.run(make_main(options), assets_dir=str(ASSETS))
        return 0
    port = args.port or free_port(args.host)
    url = f"http://{args.host}:{port}/"
    print(f"canasta-tutor: {url}", flush=True)
    if not args.no_browser:
        threading.Timer(1.5, webbrowser.open, (url,)).start()
    serve(ft.run(make_main(options), export_asgi_app=True, no_cdn=True, assets_dir=str(ASSETS)), args.host, port)
    return 0


# The page may reach only its own server: Flet's web client would otherwise fetch a runtime it
# does not use from a CDN, and nothing should leave a classroom's machine.
CONTENT_SECURITY_POLICY = (
    "default-src 'self' data: blob: 'unsafe-inline' 'unsafe-eval' 'wasm-unsafe-eval'; "
    "connect-src 'self' data: blob:; img-src 'self' data: blob:; font-src 'self' data:"
)


def serve(app: Any, host: str, port: int) -> None:
    """Serve Flet's web app with uvicorn, every response carrying the content security policy."""
    import uvicorn

    @app.middleware("http")
    async def content_security_policy(request: Any, call_next: Any) -> Any:
        response = await call_next(request)
        response.headers["Content-Security-Policy"] = CONTENT_SECURITY_POLICY
        return response

    uvicorn.run(app, host=host, port=port, log_level="warning")


if __name__ == "__main__":
    sys.exit(main())
