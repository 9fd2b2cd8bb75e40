"""The server's CPU time per frame, without a browser: building the page's views, Flet's diff of
them against the last frame, and encoding the patch, as ``AppView`` does on every frame.

Two kinds of frame: a tap that selects a card (the commonest), and a computer player's move (the
position changes). Each with the views' memo (tutor/views/memo.py) and without it, at a six-player
Royal table (the largest) and a four-player Classic one, desktop width. CPU time
(``time.process_time``), so the figures hold on a loaded machine too. Prints a table.

And a table for people (tutor/tables/): four seats of a Classic table, each seat's frame after every
action (the table's panel above the seat's page, as the app draws it), with the controls Flet's diff
had to look at: those built anew in place of the last frame's (reconciled field by field, and each
handed to the patch's bookkeeping) and those new to the page. The fewer, the less an action costs.

    python bench/view_bench.py [--frames 60] [--people-only]
"""

from __future__ import annotations

import argparse
import asyncio
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
import flet as ft  # noqa: E402
from flet.controls.object_patch import DiffBuilder, ObjectPatch  # noqa: E402
from flet.messaging.protocol import configure_encode_object_for_msgpack  # noqa: E402

from engine.core.actions import parse_action  # noqa: E402
from engine.judge.legal import legal_actions  # noqa: E402
from engine.position import dump_position  # noqa: E402
from tutor.shell.app import Session
from tutor.shell.state import Options  # noqa: E402
from tutor.table.workers import choose_action  # noqa: E402
from tutor.tables.actor import Seat, TableActor, new_form  # noqa: E402
from tutor.tables.codes import person_key  # noqa: E402
from tutor.tables.seat import SeatModel  # noqa: E402
from tutor.views.memo import Memo  # noqa: E402
from tutor.views.people import PeopleCalls, people_panel  # noqa: E402
from tutor.views.table import page_view  # noqa: E402
from tutor.views.widgets import Handlers  # noqa: E402

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


REBUILT: list[float] = []  # the controls rebuilt in each frame of the last measure()


def _frame(session: Session, last: Any) -> tuple[Any, float, float, float]:
    """One frame: (its tree, ms building, ms diffing, ms encoding)."""
    start = time.process_time()
    tree = session.view()
    built = time.process_time()
    operations, rebuilt, _new = diffed(last, tree)
    done = time.process_time()
    msgpack.packb(ObjectPatch(operations).to_message(), default=ENCODE)
    encoded = time.process_time()
    REBUILT.append(rebuilt)
    return tree, (built - start) * 1000, (done - built) * 1000, (encoded - done) * 1000


def measure(variant: str, players: int, memo: bool, frames: int) -> dict[str, tuple[float, float, float]]:
    with tempfile.TemporaryDirectory() as folder:
        session = _session(Path(folder), variant, players, memo)
        session.screen = "table"
        tree = session.view()
        taps: list[tuple[float, float, float]] = []
        moves: list[tuple[float, float, float]] = []
        rng = random.Random(1)
        tapped: list[float] = []
        moved: list[float] = []
        for number in range(frames):
            model = session.model
            if model.is_my_turn():
                session.model.tap_card(number % len(model.hand))  # select, unselect: the commonest frame
                tree, *took = _frame(session, tree)
                taps.append((took[0], took[1], took[2]))
                tapped.append(REBUILT[-1])
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
                moved.append(REBUILT[-1])
            else:
                model.next_hand()
                tree, *_ = _frame(session, tree)
        REBUILT[:] = [statistics.mean(tapped) if tapped else 0, statistics.mean(moved) if moved else 0]
        return {"tap": _medians(taps), "move": _medians(moves)}


def _medians(rows: list[tuple[float, float, float]]) -> tuple[float, float, float]:
    if not rows:
        return (0.0, 0.0, 0.0)
    build, diff, encode = (round(statistics.median(r[i] for r in rows), 2) for i in range(3))
    return build, diff, encode


def diffed(last: Any, tree: Any) -> tuple[list[Any], int, int]:
    """Flet's frozen diff of a frame against the last, as ``ObjectPatch.from_diff`` does it: the patch's
    operations, the controls built anew in place of the last frame's (reconciled) and those new."""
    builder = DiffBuilder({"_b": last}, {"_b": tree}, control_cls=BaseControl)
    builder._compare_values(None, [], None, {"_b": last}, {"_b": tree}, frozen=True)
    operations = list(builder.execute())
    kept = set(builder._removed_dataclasses)
    rebuilt = sum(1 for key in builder._added_dataclasses if key in kept)
    new = sum(1 for key, part in builder._added_dataclasses.items()
              if key not in kept and isinstance(part, BaseControl))
    list(builder.get_added_controls())
    list(builder.get_removed_controls())
    builder.teardown()
    return operations, rebuilt, new


class _Keeping:
    """The table's events kept nowhere (the bench times the views, not the store)."""

    def append(self, code: str, number: int, event: dict[str, Any], data: dict[str, Any]) -> bool:
        return True

    def events(self, code: str, since: int) -> list[tuple[int, dict[str, Any]]]:
        return []

    def load(self, code: str) -> tuple[dict[str, Any], int] | None:
        return None


def _nothing(*_args: object) -> None:
    return None


def measure_people(actions: int) -> tuple[tuple[float, float, float], float, float, int]:
    """Each seat's frame after each of ``actions`` actions at a Classic table of four people: the median
    CPU ms (build, diff, encode), the controls rebuilt and new per frame (means), and the frames."""
    handlers = Handlers(_nothing, _nothing, _nothing, _nothing, _nothing, _nothing, _nothing, _nothing, go=_nothing,
                        change_setting=_nothing)
    calls = PeopleCalls(*([_nothing] * 15))
    actor = TableActor("ABCDEFGH", new_form("classic", 4, None, [Seat("basic", open=True) for _ in range(4)], seed=5),
                       _Keeping(), pace=0.0)
    rows: list[tuple[float, float, float]] = []
    counts = [0, 0]

    async def play() -> None:
        for seat in range(4):
            await actor.sit(person_key(str(seat)), f"P{seat + 1}")
        await actor.start()
        models = [SeatModel.at(actor, seat, "en") for seat in range(4)]
        memos = [Memo() for _ in range(4)]
        trees: list[Any] = [None] * 4
        rng = random.Random(1)
        for number in range(actions + 1):
            for seat, model in enumerate(models):
                model.follow(actor)
                start = time.process_time()
                with memos[seat].frame("people-table"):
                    panel = people_panel(model, calls, actor.code, f"http://host/table/{actor.code}", seat == 0)
                    body = page_view(model, handlers, "medium", confirm=panel)
                    tree = ft.Stack([ft.Container(body, left=0, top=0, right=0, bottom=0, key="screen-people-table")],
                                    expand=True)
                built = time.process_time()
                operations, rebuilt, new = diffed(trees[seat], tree)
                done = time.process_time()
                msgpack.packb(ObjectPatch(operations).to_message(), default=ENCODE)
                encoded = time.process_time()
                if number:  # the first frame draws the whole page: not counted
                    rows.append(((built - start) * 1000, (done - built) * 1000, (encoded - done) * 1000))
                    counts[0] += rebuilt
                    counts[1] += new
                trees[seat] = tree
            acting = actor.form.to_act()
            if acting is None:
                await actor.next_hand()
            else:
                await actor.act(acting, rng.choice(legal_actions(actor.form.state)))

    asyncio.run(play())
    return _medians(rows), counts[0] / len(rows), counts[1] / len(rows), len(rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=60)
    parser.add_argument("--people-only", action="store_true", help="only the table for people")
    args = parser.parse_args()
    (build, diff, encode), rebuilt_people, new, frames = measure_people(args.frames)
    print(f"a table for people, Classic, 4 seats: each seat's frame after an action ({frames} frames): CPU ms"
          f" (median) {build} / {diff} / {encode} = {build + diff + encode:.1f}; controls a frame: "
          f"{rebuilt_people:.1f} rebuilt, {new:.1f} new")
    if args.people_only:
        return
    print("CPU ms per frame (median): build / diff / encode; and the controls rebuilt a frame (mean)")
    print("| table | frame | without memo | with memo | rebuilt with memo |")
    print("| --- | --- | --- | --- | --- |")
    for variant, players in (("royal", 6), ("classic", 4)):
        before = measure(variant, players, False, args.frames)
        after = measure(variant, players, True, args.frames)
        rebuilt = dict(zip(("tap", "move"), REBUILT))
        for kind in ("tap", "move"):
            b, a = before[kind], after[kind]
            print(f"| {variant} {players} | {kind} | {b[0]} / {b[1]} / {b[2]} = {sum(b):.1f} |"
                  f" {a[0]} / {a[1]} / {a[2]} = {sum(a):.1f} | {rebuilt[kind]:.1f} |")


if __name__ == "__main__":
    main()
