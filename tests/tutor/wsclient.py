"""A lightweight Flet client over a raw websocket: registers, finds the page's tappable controls, taps.

It speaks Flet 1.0.5's wire format (``[0x00][msgpack [action, body]]``, pinned by
tests/tutor/serving/test_serving_pins.py) and stands in for a browser in the serving tests and
bench/classroom_bench.py. Only ever pointed at a server the caller started on loopback.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

import msgpack
from websockets.asyncio.client import ClientConnection, connect

REGISTER_CLIENT, PATCH_CONTROL, CONTROL_EVENT, INVOKE_METHOD = 1, 2, 3, 5
PAGE = {"route": "/", "width": 1280, "height": 800, "window_width": 1280, "window_height": 800,
        "platform": "linux", "web": True, "pwa": False, "debug": False}


def frame(action: int, body: Any) -> bytes:
    return b"\x00" + msgpack.packb([action, body])


def decode(data: bytes) -> list[Any]:
    return msgpack.unpackb(data[1:], strict_map_key=False, ext_hook=lambda code, raw: raw)


def label(control: dict[str, Any]) -> str:
    content = control.get("content")
    if isinstance(content, dict):
        content = content.get("value")
    return str(content if isinstance(content, str) else control.get("key") or control.get("_c"))


def clickable(tree: Any, found: dict[str, int] | None = None) -> dict[str, int]:
    """The ids of controls with an ``on_click`` handler in a page patch, by their label."""
    found = {} if found is None else found
    if isinstance(tree, dict):
        if tree.get("on_click") is True and isinstance(tree.get("_i"), int):
            found[label(tree)] = tree["_i"]
        for value in tree.values():
            clickable(value, found)
    elif isinstance(tree, list):
        for value in tree:
            clickable(value, found)
    return found


class Client:
    """One session: ``await Client.open(url)`` registers and waits for the first screen."""

    def __init__(self, ws: ClientConnection, storage: dict[str, Any] | None = None) -> None:
        self.ws = ws
        self.targets: dict[str, int] = {}
        self.storage = {} if storage is None else storage  # the browser's SharedPreferences

    @classmethod
    async def open(cls, url: str, origin: str | None = None, timeout: float = 60.0,
                   storage: dict[str, Any] | None = None) -> "Client":
        headers = {"Origin": origin} if origin else None
        ws = await connect(url, additional_headers=headers, max_size=None, open_timeout=timeout)
        client = cls(ws, storage)
        await ws.send(frame(REGISTER_CLIENT, {"session_id": None, "page_name": "", "page": PAGE}))
        deadline = time.monotonic() + timeout
        while not client.targets and time.monotonic() < deadline:
            await client.recv(deadline - time.monotonic())
        return client

    async def recv(self, timeout: float) -> list[Any]:
        """The next message; the controls it adds (a re-render may give a button a new id) are noted."""
        message = decode(await asyncio.wait_for(self.ws.recv(decode=False), timeout))  # Flet sends binary frames
        if message[0] == INVOKE_METHOD:  # the server asks the browser (its storage): answer as one would
            await self.ws.send(frame(INVOKE_METHOD, self.answer(message[1])))
        clickable(message[1], self.targets)
        return message

    def answer(self, call: dict[str, Any]) -> dict[str, Any]:
        name = call.get("name")
        args: dict[str, Any] = call.get("args") or {}
        result: Any = None
        if name in ("get", "set", "contains_key", "remove"):
            key = args.get("key")
            assert isinstance(key, str), f"a storage call without a key: {call}"
            if name == "get":
                result = self.storage.get(key)
            elif name == "set":
                self.storage[key] = args.get("value")
                result = True
            elif name == "contains_key":
                result = key in self.storage
            else:
                result = self.storage.pop(key, None) is not None
        return {"control_id": call.get("control_id"), "call_id": call.get("call_id"), "result": result, "error": None}

    def tap_frame(self, target: int) -> bytes:
        return frame(CONTROL_EVENT, {"target": target, "name": "click", "data": None})

    async def tap(self, target: int, timeout: float = 60.0) -> float:
        """Tap ``target``; seconds until the server's first answering frame."""
        await self.drain()
        start = time.perf_counter()
        await self.ws.send(self.tap_frame(target))
        await self.recv(timeout)
        return time.perf_counter() - start

    async def drain(self) -> None:
        while True:
            try:
                await self.recv(0.05)
            except asyncio.TimeoutError:
                return

    async def close(self) -> None:
        await self.ws.close()
