"""Serving a class: figures for docs/serving.md ("Serving a class safely" and "Scale").

    .venv/bin/python bench/classroom_bench.py [--flood 2000 10000] [--cycles 1000]
    .venv/bin/python bench/classroom_bench.py --students 30 [--browsers 2] [--minutes 2] [--classroom]

Starts ``python -m tutor`` on 127.0.0.1 (nothing else is contacted) and prints:
- a student's tap latency before and right after another session sends a flood of events;
- the server's memory (RSS) over connect-and-close cycles, and after Flet evicts the closed sessions;
- the first load's size, raw and gzipped.

With ``--students N``: N students in one server process, half playing a game
against the computer players and half doing lessons, each tapping every 2-5 s as a person does
(a card, then Draw or Discard, Hint, Try again, the next lesson), the computer players at the
app's own pace. The students are lightweight websocket clients (bench/mirror.py: each keeps its
page as Flet's patches draw it and taps what is on it); beside them ``--browsers`` real Chromium
pages play too and time their taps in the page, from the click to the first frame showing the
card selected. Prints each tap's p50/p90 (the browsers' and the students' own, to the first
frame of the answer), the server's memory per session and the machine's load.

With ``--classroom`` as well, a class as a school has it (``python -m tutor --classroom``): every
student and every Chromium page joins the class on its join screen (code, name, PIN) before playing,
and the teacher's view is open, signed in, its grid of the class live in one more Chromium page.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.tutor.serving_server import Server, running  # noqa: E402
from tests.tutor.wsclient import Client  # noqa: E402


async def flood(server: Server, events: int) -> tuple[float, float]:
    student = await Client.open(server.ws)
    flooder = await Client.open(server.ws)
    before = statistics.median([await student.tap(student.targets[name])
                                for name in ("Small cards", "Medium cards") * 3])
    # Alternating sizes: every event that gets through re-renders the flooder's page, the costly case.
    taps = [flooder.tap_frame(flooder.targets[name]) for name in ("Large cards", "Small cards")]
    for number in range(events):
        await flooder.ws.send(taps[number % 2])
    after = await student.tap(student.targets["Small cards"])
    await student.tap(student.targets["Medium cards"])  # settings are still one per server
    await flooder.close()
    await student.close()
    return before, after


async def cycles(server: Server, count: int) -> None:
    for _ in range(count):
        client = await Client.open(server.ws)
        await client.close()


def first_load(server: Server) -> tuple[int, int]:
    raw = sent = 0
    for path in ("/", "/flutter_bootstrap.js", "/main.dart.js", "/canvaskit/canvaskit.wasm", "/canvaskit/canvaskit.js",
                 "/fonts/DejaVuSans.ttf", "/fonts/DejaVuSans-Bold.ttf"):
        for encoding in ("identity", "gzip"):
            request = urllib.request.Request(server.url + path, headers={"Accept-Encoding": encoding})
            with urllib.request.urlopen(request, timeout=60) as response:
                size = len(response.read())
            if encoding == "gzip":
                sent += size
            else:
                raw += size
    return raw, sent


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--flood", type=int, nargs="*", default=[2000, 10000])
    parser.add_argument("--cycles", type=int, default=1000)
    parser.add_argument("--session-timeout", type=int, default=5)
    parser.add_argument("--students", type=int, default=0, help="a class in one process (Scale); only that")
    parser.add_argument("--browsers", type=int, default=2, help="with --students: real Chromium pages timing taps")
    parser.add_argument("--minutes", type=float, default=2.0, help="with --students: how long the class plays")
    parser.add_argument("--classroom", action="store_true",
                        help="with --students: a class's server; everyone joins it, the teacher's grid is open")
    args = parser.parse_args()
    if args.students:
        from bench.classroom_scale import scale

        scale(args.students, args.browsers, args.minutes, args.classroom)
        return 0
    with tempfile.TemporaryDirectory() as folder, \
            running(Path(folder), "--session-timeout", str(args.session_timeout)) as server:
        for events in args.flood:
            before, after = asyncio.run(flood(server, events))
            print(f"flood of {events:,} events from one session: another's tap {before * 1000:.0f} ms before,"
                  f" {after * 1000:.0f} ms right after")
        raw, sent = first_load(server)
        print(f"first load (page, bootstrap, main.dart.js, canvaskit, fonts): {raw / 1e6:.1f} MB raw,"
              f" {sent / 1e6:.1f} MB gzipped")
        if args.cycles:
            asyncio.run(cycles(server, 20))  # warm up
            start_rss, start = server.rss_kib(), time.monotonic()
            asyncio.run(cycles(server, args.cycles))
            peak = server.rss_kib()
            print(f"{args.cycles:,} connect-and-close cycles in {time.monotonic() - start:.0f} s: RSS"
                  f" {start_rss / 1024:.0f} MB -> {peak / 1024:.0f} MB"
                  f" ({(peak - start_rss) / args.cycles:.0f} KiB a session while kept)")
            time.sleep(args.session_timeout + 12)  # Flet evicts every 10 s
            asyncio.run(cycles(server, 1))
            kept = server.log_text().rsplit("sessions kept", 1)[0].rsplit(" ", 2)[-2]
            print(f"after the session timeout ({args.session_timeout} s): RSS {server.rss_kib() / 1024:.0f} MB,"
                  f" {kept} sessions kept")
            asyncio.run(cycles(server, args.cycles))
            time.sleep(args.session_timeout + 12)
            asyncio.run(cycles(server, 1))
            print(f"another {args.cycles:,} cycles and the timeout: RSS {server.rss_kib() / 1024:.0f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
