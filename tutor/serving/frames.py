"""Flet's wire format, as far as the server's guard reads it: ``[0x00][msgpack [action, body]]``
frames in every encoding Flet's decoder takes, the MessageAction numbers, the names of small control events, and the crash frame we send
instead of Flet's (no traceback). tests/tutor/serving/test_serving_pins.py pins all of it against the
installed Flet, so an upgrade that changes the format fails a test instead of silently switching a
guard of :mod:`tutor.serving.server` off."""

from __future__ import annotations

import functools
from collections.abc import Callable

import msgpack

from engine.core.i18n import N_, translate

# Flet's MessageAction numbers (flet.messaging.protocol), pinned by a test.
REGISTER_CLIENT, CONTROL_EVENT, UPDATE_CONTROL_PROPS, INVOKE_METHOD, SESSION_CRASHED = 1, 3, 4, 5, 6
_FIXARRAY_2 = 0x92  # msgpack's header of a two-item array: the form Flet's own client sends [action, body] in
_HEAD_BYTES = 32  # the longest header and action number (array32 and a float64: 14 bytes) fit in this

# Events whose handlers only note where the keyboard's focus is (nothing is drawn). A keyboard user's
# Tab sends three events (the key, a blur and a focus), so with the taps' budget 20 Tabs used it up
# and the learner's next Space on a card was dropped: these get their own buckets, and never use
# the taps' (the key events theirs, as a held key repeats some 30 times a second).
FOCUS_EVENTS = frozenset({"focus", "blur"})
KEY_EVENT = "keyboard_event"
# A window dragged to a new size sends a resize event a frame (60 a second), each redrawing the page,
# so they keep the taps' budget; but only the last size matters, so one over the limit is held, not
# dropped (a newer one replaces it), and handed on once the budget has room: a long drag cannot
# leave the layout at an earlier width.
RESIZE_EVENT = "resize"
_NAMED_FRAME_BYTES = 4096  # focus, blur and key frames are some 100 bytes; larger ones are not read

# What a person sees when their session crashed: the details go to the server log only.
CRASH_MESSAGE = N_("Something went wrong on the server, and this page had to stop. "
                   "Reload the page to carry on.")


def crash_frame(lang: str) -> bytes:
    """Flet's SESSION_CRASHED frame with our message instead of the exception and its traceback."""
    return b"\x00" + msgpack.packb([SESSION_CRASHED, {"message": translate(CRASH_MESSAGE, lang)}])


def frame_action(data: bytes) -> int | None:
    """The MessageAction of a ``[0x00][msgpack [action, body, ...]]`` frame, in any encoding Flet's
    receive loop takes: it decodes the whole frame (``msgpack.unpackb``) and looks ``MessageAction(data[0])``
    up, so the array may be a fixarray, an array16 or an array32 of two items or more, and the action any
    msgpack number equal to one: a fixint, an int or uint of any width, a float, even ``true`` (1). Only
    the array's header and its first item are read. ``None`` for anything else (a data-channel frame,
    undecodable bytes), which Flet either drops or ends the session on."""
    if len(data) >= 3 and data[0] == 0x00 and data[1] == _FIXARRAY_2 and data[2] < 0x80:
        return data[2]  # Flet's own client's form, read at once
    if len(data) < 2 or data[0] != 0x00:
        return None
    head = msgpack.Unpacker()
    head.feed(data[1:1 + _HEAD_BYTES])
    try:
        if head.read_array_header() < 2:
            return None
        return action_number(head.unpack())
    except Exception:  # not an array, or cut short: not a frame Flet acts on
        return None


def action_number(value: object) -> int | None:
    """The MessageAction number Flet finds for a decoded first item: an Enum looks its value up by
    equality, so ``True`` is 1 and ``3.0`` is 3."""
    if isinstance(value, int):  # bool included
        return int(value)
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return None


def event_name(data: bytes) -> str | None:
    """The name of a small CONTROL_EVENT frame (``click``, ``focus``, ``keyboard_event``...), else ``None``."""
    if frame_action(data) != CONTROL_EVENT or len(data) > _NAMED_FRAME_BYTES:
        return None
    try:  # as Flet's receive loop decodes it (a name may be a str in any width, or Flet's ext type 4)
        message = msgpack.unpackb(data[1:], ext_hook=_flet_ext_hook())
    except Exception:  # undecodable: Flet's own receive loop will say so
        return None
    name = message[1].get("name") if isinstance(message, list) and len(message) >= 2 \
        and isinstance(message[1], dict) else None
    return name if isinstance(name, str) else None


@functools.cache
def _flet_ext_hook() -> Callable[[int, bytes], object]:
    """Flet's own decoder of its msgpack extension types (imported once, when a frame is first read)."""
    from flet.messaging.protocol import decode_ext_from_msgpack

    return decode_ext_from_msgpack


def is_registration(data: bytes | None) -> bool:
    """Whether a frame is a well-formed REGISTER_CLIENT request (what Flet needs first)."""
    if not data or frame_action(data) != REGISTER_CLIENT:
        return False
    try:
        message = msgpack.unpackb(data[1:], strict_map_key=False)
    except Exception:  # any undecodable bytes: not a registration
        return False
    body = message[1] if isinstance(message, list) and len(message) >= 2 else None
    return isinstance(body, dict) and isinstance(body.get("page", {}), dict) and \
        isinstance(body.get("session_id") or "", str)
