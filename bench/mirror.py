"""A lightweight stand-in for a browser: keeps a copy of the page's control tree by applying Flet's
patches, and taps what a person would see, by its ``Semantics`` identifier (``hand-3``,
``action-draw``, ``pile``, ``lesson-…``).

It speaks Flet 1.0.5's wire format (tests/tutor/wsclient.py; pinned by
tests/tutor/serving/test_serving_pins.py): a patch is ``{"id": control, "patch": [paths, *operations]}``,
where ``paths`` numbers the paths below the control (``[0, {"views": [1, {0: [2]}]}]``: node 1 is
``.views``, node 2 is ``.views[0]``) and an operation is ``[0 replace | 1 add, node, key, value]``,
``[2 remove, node, key]`` or ``[3 move, node, key, node, key]``, applied in order as the browser
does. Used by bench/classroom_bench.py for the students a real browser does not time, and only
ever pointed at a server the caller started on loopback.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterable
from typing import Any

from tests.tutor.wsclient import PATCH_CONTROL, REGISTER_CLIENT, Client, frame

REPLACE, ADD, REMOVE, MOVE = 0, 1, 2, 3


def _node_paths(tree: list[Any], prefix: tuple[Any, ...] = (), found: dict[int, tuple[Any, ...]] | None = None
                ) -> dict[int, tuple[Any, ...]]:
    """Node number -> path below the patched control."""
    found = {} if found is None else found
    found[tree[0]] = prefix
    if len(tree) > 1:
        for part, child in tree[1].items():
            _node_paths(child, (*prefix, part), found)
    return found


class Mirror(Client):
    """A session whose page is mirrored: ``await Mirror.open(url)``, then ``targets_now()`` and
    ``tap_id("hand-0")``; ``frames`` counts the patches received."""

    def __init__(self, ws: Any, storage: dict[str, Any] | None = None) -> None:
        super().__init__(ws, storage)
        self.page: dict[str, Any] = {}
        self.index: dict[int, dict[str, Any]] = {}
        self.frames = 0
        self._named: dict[str, tuple[int, dict[str, Any]]] | None = None

    @classmethod
    async def open(cls, url: str, origin: str | None = None, timeout: float = 60.0,
                   storage: dict[str, Any] | None = None) -> "Mirror":
        from websockets.asyncio.client import connect

        from tests.tutor.wsclient import PAGE

        ws = await connect(url, max_size=None, open_timeout=timeout,
                           additional_headers={"Origin": origin} if origin else None)
        client = cls(ws, storage)
        await ws.send(frame(REGISTER_CLIENT, {"session_id": None, "page_name": "", "page": PAGE}))
        deadline = time.monotonic() + timeout
        while not client.named() and time.monotonic() < deadline:
            await client.recv(deadline - time.monotonic())
        return client

    async def recv(self, timeout: float) -> list[Any]:
        message = await super().recv(timeout)
        if message[0] == REGISTER_CLIENT and isinstance(message[1], dict):
            self.page = message[1].get("page_patch") or {}
            self._index(self.page)
        elif message[0] == PATCH_CONTROL:
            self._apply(message[1]["id"], message[1]["patch"])
            self.frames += 1
        return message

    def _index(self, value: Any) -> None:
        if isinstance(value, dict):
            if isinstance(value.get("_i"), int) and "_c" in value:
                self.index[value["_i"]] = value
            for child in value.values():
                self._index(child)
        elif isinstance(value, list):
            for child in value:
                self._index(child)

    def _apply(self, control: int, patch: list[Any]) -> None:
        root = self.index.get(control)
        if root is None:
            return
        self._named = None
        nodes = _node_paths(patch[0])

        def at(node: int) -> Any:
            target: Any = root
            for part in nodes[node]:
                target = target[part]
            return target

        for op in patch[1:]:
            kind, node, key = op[0], op[1], op[2]
            if kind in (REPLACE, ADD):
                parent, value = at(node), op[3]
                if isinstance(parent, list) and kind == ADD:
                    parent.insert(key, value)
                else:
                    parent[key] = value
                self._index(value)
            elif kind == REMOVE:
                parent = at(node)
                if isinstance(parent, list):
                    parent.pop(key)
                else:
                    parent.pop(key, None)
            elif kind == MOVE:
                source = at(node)
                value = source.pop(key) if isinstance(source, list) else source.pop(key)
                target, to = at(op[3]), op[4]
                if isinstance(target, list):
                    target.insert(to, value)
                else:
                    target[to] = value

    def named(self) -> dict[str, tuple[int, dict[str, Any]]]:
        """Every tappable control by the identifier a person's screen reader and the tests know it
        by (its own, its content's, or the nearest one around it): (its id, its Semantics)."""
        if self._named is None:
            found: dict[str, tuple[int, dict[str, Any]]] = {}
            self._walk(self.page, None, found)
            self._named = found
        return self._named

    def _walk(self, value: Any, around: dict[str, Any] | None, found: dict[str, tuple[int, dict[str, Any]]]) -> None:
        if isinstance(value, list):
            for child in value:
                self._walk(child, around, found)
            return
        if not isinstance(value, dict):
            return
        if value.get("identifier"):
            around = value
        if value.get("on_click") is True and isinstance(value.get("_i"), int):
            content = value.get("content")
            semantics = content if isinstance(content, dict) and content.get("identifier") else around
            if semantics is not None:
                found.setdefault(str(semantics["identifier"]), (value["_i"], semantics))
        for key, child in value.items():
            if isinstance(child, (dict, list)):
                self._walk(child, around, found)

    def find(self, identifier: str) -> dict[str, Any] | None:
        """The first control on the page with this Semantics identifier (shown or not)."""

        def walk(value: Any) -> dict[str, Any] | None:
            children: Iterable[Any]
            if isinstance(value, dict):
                if value.get("identifier") == identifier:
                    return value
                children = value.values()
            elif isinstance(value, list):
                children = value
            else:
                return None
            for child in children:
                if isinstance(child, (dict, list)):
                    found = walk(child)
                    if found is not None:
                        return found
            return None

        return walk(self.page)

    def said(self, identifier: str) -> str:
        """What a control says (its label), "" if it is not on the page."""
        found = self.find(identifier)
        return str(found.get("label") or "") if found else ""

    def texts(self) -> list[str]:
        """Every text on the page (labels of semantics nodes and Text values)."""
        out: list[str] = []

        def walk(value: Any) -> None:
            if isinstance(value, dict):
                for key in ("label", "value"):
                    if isinstance(value.get(key), str):
                        out.append(value[key])
                for child in value.values():
                    walk(child)
            elif isinstance(value, list):
                for child in value:
                    walk(child)

        walk(self.page)
        return out

    def selected(self, name: str) -> bool | None:
        found = self.named().get(name)
        return None if found is None else bool(found[1].get("selected"))

    async def tap_id(self, name: str, timeout: float = 60.0, shown: Any = None) -> float | None:
        """Tap the control named ``name``; seconds until the first frame answering it, or with
        ``shown`` (a function of no arguments) until a frame makes it true (None: no such control
        now, or nothing within ``timeout``: a tap that changes nothing)."""
        target = self.named().get(name)
        if target is None:
            return None
        await self.drain()
        start = time.perf_counter()
        frames = self.frames
        await self.ws.send(self.tap_frame(target[0]))
        deadline = start + timeout
        while self.frames == frames or (shown is not None and not shown()):
            left = deadline - time.perf_counter()
            if left <= 0:
                return None
            try:
                await self.recv(left)
            except asyncio.TimeoutError:
                return None
        return time.perf_counter() - start
