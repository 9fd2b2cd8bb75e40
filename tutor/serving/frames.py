"""Flet's wire format, as far as the server's guard reads it: ``[0x00][msgpack [action, body]]``
frames, the MessageAction numbers, the names of small control events, and the crash frame we send
instead of Flet's (no traceback). tests/tutor/serving/test_serving_pins.py pins all of it against the
installed Flet, so an upgrade that changes the format fails a test instead of silently switching a
guard of :mod:`tutor.serving.server` off."""

from __future__ import annotations

import msgpack

from engine.core.i18n import N_, translate

# Flet's MessageAction numbers (flet.messaging.protocol), pinned by a test.
REGISTER_CLIENT, CONTROL_EVENT, UPDATE_CONTROL_PROPS, SESSION_CRASHED = 1, 3, 4, 6
_FIXARRAY_2 = 0x92  # msgpack's header of a two-item array: every Flet frame is [action, body]

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
    """The MessageAction of a ``[0x00][msgpack [action, body]]`` frame, read without decoding it."""
    if len(data) >= 3 and data[0] == 0x00 and data[1] == _FIXARRAY_2 and data[2] < 0x80:
        return data[2]
    return None


def event_name(data: bytes) -> str | None:
    """The name of a small CONTROL_EVENT frame (``click``, ``focus``, ``keyboard_event``...), else ``None``."""
    if frame_action(data) != CONTROL_EVENT or len(data) > _NAMED_FRAME_BYTES:
        return None
    try:
        message = msgpack.unpackb(data[1:], strict_map_key=False)
    except Exception:  # undecodable: Flet's own receive loop will say so
        return None
    name = message[1].get("name") if isinstance(message, list) and len(message) == 2 \
        and isinstance(message[1], dict) else None
    return name if isinstance(name, str) else None


def is_registration(data: bytes | None) -> bool:
    """Whether a frame is a well-formed REGISTER_CLIENT request (what Flet needs first)."""
    if not data or frame_action(data) != REGISTER_CLIENT:
        return False
    try:
        message = msgpack.unpackb(data[1:], strict_map_key=False)
    except Exception:  # any undecodable bytes: not a registration
        return False
    body = message[1] if isinstance(message, list) and len(message) == 2 else None
    return isinstance(body, dict) and isinstance(body.get("page", {}), dict) and \
        isinstance(body.get("session_id") or "", str)
