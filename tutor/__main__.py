"""``python -m tutor``: serve the app (web mode, offline) or open it in a desktop window."""

from __future__ import annotations

import argparse
import socket
import sys
import threading
import webbrowser
from pathlib import Path

from engine import ENGINE
from engine.core.i18n import LANGUAGES
from engine.variants import VARIANTS
from tutor.classroom import teacher_password
from tutor.serving.server import build_app, listening_origins, serve
from tutor.serving.settings import ServingSettings


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
    parser.add_argument("--seed", type=int, help="deal every game from this seed, a table for people's too"
                        " (for lessons and tests)")
    parser.add_argument("--pace", type=float, help="seconds between computer players' actions (default: the"
                        " animation setting)")
    parser.add_argument("--settings", type=Path, help="settings file (default: the user's config folder)")
    parser.add_argument("--store", help="the store's URL, e.g. postgresql://user@host/db (default: $CANASTA_STORE,"
                        " else store.sqlite3 in the settings' folder)")
    serving = parser.add_argument_group("serving a class (docs/serving.md)")
    serving.add_argument("--classroom", action="store_true",
                         help="students join a class with its code, their name and a PIN, and find their own things"
                         " on any device; the teacher's view is at /teacher")
    serving.add_argument("--allow-origin", action="append", default=[], metavar="ORIGIN",
                         help="an Origin the server is reached at besides its own address and port (and localhost's),"
                         " e.g. https://cards.school.example behind a proxy (repeatable)")
    serving.add_argument("--session-timeout", type=int, default=ServingSettings.session_timeout, metavar="S",
                         help="seconds a closed tab's session is kept for a reconnect (default: %(default)s)")
    serving.add_argument("--events-per-second", type=float, default=ServingSettings.events_per_second,
                         metavar="N", help="events one connection may send a second (default: %(default)s)")
    serving.add_argument("--event-burst", type=int, default=ServingSettings.event_burst, metavar="N",
                         help="events one connection may send at once (default: %(default)s)")
    parser.add_argument("--think", type=float, default=0.0, help=argparse.SUPPRESS)  # bench/app_bench.py
    teacher_password.add_arguments(parser)
    args = parser.parse_args(argv)
    if args.session_timeout < 1 or args.events_per_second <= 0 or args.event_burst < 1:
        parser.error("--session-timeout and --event-burst must be at least 1, --events-per-second above 0")
    for origin in args.allow_origin:
        if not origin.startswith(("http://", "https://")) or origin.count("/") != 2:
            parser.error(f"--allow-origin {origin!r}: an Origin is scheme://host[:port], e.g. https://cards.example")

    if args.classroom:  # the teacher's password, set before anyone can connect
        refused = teacher_password.at_start(args.store, args.settings, args.teacher_password_file,
                                            args.new_teacher_password)
        if refused:
            return refused

    import flet as ft

    from tutor.shell.app import ASSETS
    from tutor.shell.state import Options
    from tutor.shell.main import make_main

    options = Options(pace=args.pace, variant=args.variant, players=args.players, seed=args.seed,
                      lang=args.lang, settings_file=args.settings, store=args.store, think=args.think,
                      classroom=args.classroom)
    if args.classroom:
        from tutor.shell.classroom import classroom_main
        from tutor.shell.teacher_route import teacher_main

        async def student(page: ft.Page) -> None:
            await classroom_main(page, options)

        options.teacher = teacher_main(options, student)  # /teacher (tutor/shell/teacher_route.py)
    if args.desktop:
        ft.run(make_main(options), assets_dir=str(ASSETS))
        return 0
    port = args.port or free_port(args.host)
    url = f"http://{args.host}:{port}/"
    print(f"canasta-tutor: {url}", flush=True)
    # compiled with mypyc where a C compiler built it (make run), else interpreted (docs/speed.md)
    why = "" if ENGINE == "compiled" else " (no current compiled build: `make compiled` needs a C compiler)"
    print(f"canasta-tutor: the rules engine runs {ENGINE}{why}", file=sys.stderr, flush=True)
    if not args.no_browser:
        threading.Timer(1.5, webbrowser.open, (url,)).start()
    origins = (*args.allow_origin, *listening_origins(args.host, port))
    settings = ServingSettings(allowed_origins=origins, session_timeout=args.session_timeout,
                               events_per_second=args.events_per_second, event_burst=args.event_burst)
    serve(build_app(make_main(options), str(ASSETS), settings), args.host, port)
    return 0


if __name__ == "__main__":
    sys.exit(main())
