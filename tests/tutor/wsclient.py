"""A lightweight Flet client over a raw websocket: registers, finds the page's tappable controls, taps.

It speaks Flet 1.0.5's wire format (``[0x00][msgpack [action, body]]``, pinned by
tests/tutor/serving/test_serving_pins.py) and stands in for a browser in the serving tests and
bench/classroom_bench.py. Only ever pointed at a server the caller started on loopback.
"""

from __future__ import annotations

import asyncio
import struct
import time
from collections.abc import Callable
from typing import Any

import msgpack
from websockets.asyncio.client import ClientConnection, connect

REGISTER_CLIENT, PATCH_CONTROL, CONTROL_EVENT, INVOKE_METHOD = 1, 2, 3, 5
PAGE = {"route": "/", "width": 1280, "height": 800, "window_width": 1280, "window_height": 800,
        "platform": "linux", "web": True, "pwa": False, "debug": False}


def frame(action: int, body: Any) -> bytes:
    return b"\x00" + msgpack.packb([action, body])


# Every way msgpack can say ``[action, body]`` that Flet's receive loop decodes to the same message
# (it unpacks the whole frame and looks ``MessageAction(data[0])`` up by equality): the array's header
# short or long or with an item more, the action number in any width, signed, a float; the body's map
# and strings in their long forms. tests/tutor/serving/test_serving_pins.py checks Flet reads each the same.
_ACTION_FORMS: dict[str, Callable[[int], bytes]] = {
    "fixint": lambda n: bytes([n]),
    "uint8": lambda n: b"\xcc" + struct.pack(">B", n),
    "uint16": lambda n: b"\xcd" + struct.pack(">H", n),
    "uint32": lambda n: b"\xce" + struct.pack(">I", n),
    "uint64": lambda n: b"\xcf" + struct.pack(">Q", n),
    "int8": lambda n: b"\xd0" + struct.pack(">b", n),
    "int16": lambda n: b"\xd1" + struct.pack(">h", n),
    "int32": lambda n: b"\xd2" + struct.pack(">i", n),
    "int64": lambda n: b"\xd3" + struct.pack(">q", n),
    "float32": lambda n: b"\xca" + struct.pack(">f", n),
    "float64": lambda n: b"\xcb" + struct.pack(">d", n),
}
_ARRAY_FORMS: dict[str, tuple[bytes, bytes]] = {  # header, what follows the body
    "fixarray": (b"\x92", b""), "array16": (b"\xdc\x00\x02", b""), "array32": (b"\xdd\x00\x00\x00\x02", b""),
    "three items": (b"\x93", b"\xc0"),
}


def _long_body(body: dict[str, Any]) -> bytes:
    """``body`` as a map16 whose string keys and values are str16s (msgpack's longest-but-one forms)."""
    def text(value: str) -> bytes:
        raw = value.encode()
        return b"\xda" + struct.pack(">H", len(raw)) + raw

    out = b"\xde" + struct.pack(">H", len(body))
    for key, value in body.items():
        out += text(key) + (text(value) if isinstance(value, str) else msgpack.packb(value))
    return out


ENCODINGS = [f"{array}, {action}" for array in _ARRAY_FORMS for action in _ACTION_FORMS] + ["long body"]


def reencoded(action: int, body: dict[str, Any], encoding: str) -> bytes:
    """``frame(action, body)`` in another of ``ENCODINGS``: the same message to Flet, other bytes."""
    if encoding == "long body":
        return b"\x00\xdc\x00\x02" + _ACTION_FORMS["uint8"](action) + _long_body(body)
    array, number = encoding.split(", ")
    header, tail = _ARRAY_FORMS[array]
    return b"\x00" + header + _ACTION_FORMS[number](action) + msgpack.packb(body) + tail


def decode(data: bytes) -> list[Any]:
    return msgpack.unpackb(data[1:], strict_map_key=False, ext_hook=lambda code, raw: raw)


def label(control: dict[str, Any]) -> str:
    content = control.get("content")
    if isinstance(content, dict):
        content = content.get("value")
    return str(content if isinstance(content, str) else control.get("key") or control.get("_c"))


def texts_in(value: Any, out: list[str] | None = None) -> list[str]:
    """Every string a decoded message holds, keys and values, in order."""
    out = [] if out is None else out
    if isinstance(value, str):
        out.append(value)
    elif isinstance(value, (list, tuple)):
        for item in value:
            texts_in(item, out)
    elif isinstance(value, dict):
        for key, item in value.items():
            texts_in(key, out)
            texts_in(item, out)
    return out


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
