"""Parts of a frame that did not change are not built again, nor diffed: ``memo(slot, inputs, build)``.

The app is one Flet component that re-runs the pure views on every frame; Flet's "frozen" diff
then compares the new tree with the last one property by property. Building and diffing the
whole page made up about two thirds of the server's time per tap (docs/app.md, "Measured"). But
that diff skips a child that is the *same Python object* as in the last frame ("retained
immutable children", Flet 1.0.5 ``DiffBuilder._compare_dataclasses``), and so does the browser.
So a view wraps a part in ``memo``: when the part's inputs equal those it was built from in the
last frame, the very controls of the last frame are returned, and neither the view nor the diff
looks inside them.

Rules that keep this safe:
- ``inputs`` must hold everything the part is drawn from, as immutable values (the engine's
  ``State``, strings, numbers, tuples): never the mutable model itself.
- A part is reused only from the frame just sent (so it is exactly where the browser has it), and
  only once a frame.
- The part gets ``key=slot`` (unless it has its own key), so a neighbour that comes or goes cannot
  make Flet pair it with another control by position.

Outside a frame (the views' unit tests, a view built by hand) ``memo`` just builds. Flet's own
``ft.memo`` does the same for components; this keeps the views plain functions (docs/app.md).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, Iterable, Iterator, TypeVar

T = TypeVar("T")


class Memo:
    """One session's parts of the last frame, by slot: the inputs each was built from, its
    controls, and the parts inside it (kept with it, so they stay reusable when it is rebuilt)."""

    def __init__(self) -> None:
        self.last: dict[Hashable, _Entry] = {}
        self.now: dict[Hashable, _Entry] = {}
        self._inside: list[dict[Hashable, _Entry]] = []  # the parts being built, innermost last
        self.scope: Hashable = None
        self.hits = 0
        self.builds = 0

    @contextmanager
    def frame(self, scope: Hashable = None) -> Iterator[Memo]:
        """A frame being built: parts of the previous one may be reused, and this one's are kept.
        ``scope``: the screen; a frame of another screen than the last reuses nothing (Flet draws a
        new screen afresh, and a part must not be both removed with the old and added with the new)."""
        self.last = self.now if scope == self.scope else {}
        self.now, self._inside, self.scope = {}, [], scope
        token = _CURRENT.set(self)
        try:
            yield self
        except BaseException:
            self.now = {}  # a frame that was not sent: nothing of it may be reused
            raise
        finally:
            _CURRENT.reset(token)

    def get(self, slot: Hashable, inputs: object, build: Callable[[], T]) -> T:
        if slot in self.now:  # the same slot twice in a frame: each place its own controls
            return build()
        kept = self.last.pop(slot, None)
        if kept is not None and _same(kept[0], inputs):
            control, inner = kept[1], kept[2]
            self.hits += 1
            for name, entry in inner.items():
                self.now.setdefault(name, entry)
        else:
            self._inside.append({})
            try:
                control = build()
            finally:
                inner = self._inside.pop()
            self.builds += 1
            if getattr(control, "key", None) is None:
                control.key = str(slot)  # type: ignore[attr-defined]
        entry = (inputs, control, inner)
        self.now[slot] = entry
        if self._inside:
            self._inside[-1][slot] = entry
            self._inside[-1].update(inner)
        return control


_Entry = tuple[Any, Any, dict[Hashable, Any]]


def _same(a: object, b: object) -> bool:
    try:
        return a is b or bool(a == b)
    except Exception:  # noqa: BLE001 - inputs that cannot be compared are not the same
        return False


_CURRENT: ContextVar[Memo | None] = ContextVar("tutor_memo", default=None)


def ids(parts: Iterable[object]) -> tuple[int, ...]:
    """Inputs that are the parts themselves: a part holding other memoised parts (a row of them) is
    the same while each of them is the very object of the last frame (alive in it, so no new object
    has its id). Equal but new controls are not compared field by field: they are built anew."""
    return tuple(id(part) for part in parts)


def memo(slot: Hashable, inputs: object, build: Callable[[], T]) -> T:
    """``build()``, or the same controls as the last frame's ``slot`` when ``inputs`` are equal."""
    current = _CURRENT.get()
    if current is None:
        return build()
    return current.get(slot, inputs, build)
