"""The server's CPU time per frame, without a browser: building the page's views, Flet's diff of
them against the last frame, and encoding the patch, as ``AppView`` does on every frame.

Two kinds of frame: a tap that selects a card (the commonest), and a computer player's move (the
position changes). Each with the views' memo (tutor/views/memo.py) and without it, at a six-player
Royal table (the largest) and a four-player Classic one, desktop width. CPU time
(``time.process_time``), so the figures hold on a loaded machine too. Prints a table.

    python bench/view_bench.py [--frames 60]
"""

from __future__ import annotations

import argparse
import contextlib
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any, Iterator

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import msgpack  # noqa: E402
from flet.controls.base_control import BaseControl  # noqa: E402
from flet.controls.object_patch import ObjectPatch  # noqa: E402
from flet.messaging.protocol import configure_encode_object_for_msgpack  # noqa: E402

from engine.core.actions import parse_action  # noqa: E402
from engine.position import dump_position  # noqa: E402
from tutor.shell.app import Session
from tutor.shell.state import Options  # noqa: E402
from tutor.table.workers import choose_action  # noqa: E402

ENCODE = configure_encode_object_for_msgpack(BaseControl)


class _NoMemo:
    @contextlib.contextmanager
    def frame(self, scope: object = None) -> Iterator[None]:
        yield None


def _session(folder: Path, variant: str, players: int, memo: bool) -> Session:
    page = SimpleNamespace(width=1280, height=800, title="", theme_mode=None, theme=None, update=lambda: None)
    session = Session(page, Options(variant=variant, players=players, seed=5, lang="en",  # type: ignore[arg-type]  # a stand-in page
                                    settings_file=folder / "settings.json"))
    if not memo:
        session.memo = _NoMemo()  # type: ignore[assignment]  # frames built without reuse, to compare
    return session


def _frame(session: Session, last: Any) -> tuple[Any, float, float, float]:
    """One frame: (its tree, ms building, ms diffing, ms encoding)."""
    start = time.process_time()
    tree = session.view()
    built = time.process_time()
    patch, _added, _removed = ObjectPatch.from_diff({"_b": last}, {"_b": tree}, control_cls=BaseControl,
                                                    path=[], frozen=True)
    diffed = time.process_time()
    msgpack.packb(patch.to_message(), default=ENCODE)
    encoded = time.process_time()
    return tree, (built - start) * 1000, (diffed - built) * 1000, (encoded - diffed) * 1000


def measure(variant: str, players: int, memo: bool, frames: int) -> dict[str, tuple[float, float, float]]:
    with tempfile.TemporaryDirectory() as folder:
        session = _session(Path(folder), variant, players, memo)
        session.screen = "table"
        tree = session.view()
        taps: list[tuple[float, float, float]] = []
        moves: list[tuple[float, float, float]] = []
        rng = random.Random(1)
        for number in range(frames):
            model = session.model
            if model.is_my_turn():
                session.model.tap_card(number % len(model.hand))  # select, unselect: the commonest frame
                tree, *took = _frame(session, tree)
                taps.append((took[0], took[1], took[2]))
                # then the learner plays on (a draw or a discard), so that the computer players move
                kinds = [k for k in ("draw", "discard") if model.can(k)]
                if kinds and number % 3 == 2:
                    model.selected[:] = [rng.randrange(len(model.hand))] if kinds[0] == "discard" else []
                    action = model.discard_action() if kinds[0] == "discard" else None
                    model.play(action) if action is not None else model.simple("draw")
                    tree, *_ = _frame(session, tree)
            elif model.bots_to_move():
                chosen = choose_action(dump_position(model.state, reveal=True), "beginner", number)
                model.play_bot(parse_action(chosen))
                tree, *took = _frame(session, tree)
                moves.append((took[0], took[1], took[2]))
            else:
                model.next_hand()
                tree, *_ = _frame(session, tree)
        return {"tap": _medians(taps), "move": _medians(moves)}


def _medians(rows: list[tuple[float, float, float]]) -> tuple[float, float, float]:
    if not rows:
        return (0.0, 0.0, 0.0)
    build, diff, encode = (round(statistics.median(r[i] for r in rows), 2) for i in range(3))
    return build, diff, encode


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=60)
    args = parser.parse_args()
    print("CPU ms per frame (median): build / diff / encode")
    print("| table | frame | without memo | with memo |")
    print("| --- | --- | --- | --- |")
    for variant, players in (("royal", 6), ("classic", 4)):
        before = measure(variant, players, False, args.frames)
        after = measure(variant, players, True, args.frames)
        for kind in ("tap", "move"):
            b, a = before[kind], after[kind]
            print(f"| {variant} {players} | {kind} | {b[0]} / {b[1]} / {b[2]} = {sum(b):.1f} |"
                  f" {a[0]} / {a[1]} / {a[2]} = {sum(a):.1f} |")


if __name__ == "__main__":
    main()
