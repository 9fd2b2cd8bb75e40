"""What tutor/serving/server.py, tutor/serving/connection.py and tutor/serving/frames.py assume of Flet's internals and wire format, pinned: an upgrade that changes
any of it fails here, not silently in a classroom. Also the guard's pure parts and the rate limiter."""

from __future__ import annotations

import inspect

import msgpack
import pytest

from tutor.serving import frames as flet_frames, server as serving
from tutor.serving.settings import ServingSettings
from tutor.serving.connection import Connection, Receive, Scope, Send
from tutor.serving.ratelimit import RateLimiter, TokenBucket


def test_the_message_actions_are_flets() -> None:
    from flet.messaging.protocol import MessageAction

    assert MessageAction.REGISTER_CLIENT.value == flet_frames.REGISTER_CLIENT
    assert MessageAction.CONTROL_EVENT.value == flet_frames.CONTROL_EVENT
    assert MessageAction.UPDATE_CONTROL_PROPS.value == flet_frames.UPDATE_CONTROL_PROPS
    assert MessageAction.SESSION_CRASHED.value == flet_frames.SESSION_CRASHED


def test_the_frame_format_is_flets() -> None:
    from flet.controls.base_control import BaseControl
    from flet.messaging.protocol import (Message, MessageAction, SessionCrashedBody,
                                         configure_encode_object_for_msgpack)
    from flet_web.fastapi.flet_app import FletApp

    source = inspect.getsource(FletApp)
    assert "Receive loop error" in source  # what serving._QuietDisconnects shortens to one line
    assert 'b"\\x00" + body' in source and "ptype == 0x00" in source  # [0x00][msgpack [action, body]]
    body = msgpack.packb([MessageAction.SESSION_CRASHED, SessionCrashedBody("x")],
                         default=configure_encode_object_for_msgpack(BaseControl))
    assert flet_frames.frame_action(b"\x00" + body) == flet_frames.SESSION_CRASHED
    assert msgpack.unpackb(flet_frames.crash_frame("en")[1:])[1].keys() == {"message"} == \
        msgpack.unpackb(body)[1].keys()
    assert Message.__dataclass_fields__.keys() == {"action", "body"}


def test_flets_options_and_session_registry_are_there() -> None:
    import flet_web.fastapi as flet_fastapi

    assert "session_timeout_seconds" in inspect.signature(flet_fastapi.app).parameters
    assert serving.flet_sessions() == 0


def test_what_counts_as_a_registration() -> None:
    register = b"\x00" + msgpack.packb([1, {"session_id": None, "page_name": "", "page": {"route": "/"}}])
    assert flet_frames.is_registration(register)
    assert not flet_frames.is_registration(b"\x00" + msgpack.packb([3, {"target": 1}]))
    assert not flet_frames.is_registration(b"\x00\x92\x01\xc1")  # cut short
    assert not flet_frames.is_registration(b"\x00" + msgpack.packb([1, "page"]))
    assert not flet_frames.is_registration(None)


def test_the_crash_message_is_translated() -> None:
    shown = {lang: msgpack.unpackb(flet_frames.crash_frame(lang)[1:])[1]["message"] for lang in ("en", "sv", "de", "is")}
    assert len(set(shown.values())) == 4 and "Traceback" not in "".join(shown.values())


async def _no_app(scope: Scope, receive: Receive, send: Send) -> None:
    raise AssertionError("only the guard's origin check is asked")


def test_the_origin_is_checked_against_the_servers_own_not_the_host_header() -> None:
    """Host is the request's own word: a page of evil.example whose name now points at this server (DNS
    rebinding) sends Host and Origin both evil.example. Before, that pair was let in."""
    origins = ("https://Cards.Example/", *serving.listening_origins("10.0.0.2", 8550))
    guard = serving.Guard(_no_app, ServingSettings(allowed_origins=origins))
    host = {b"host": b"10.0.0.2:8550"}
    assert guard.origin_allowed({**host, b"origin": b"http://10.0.0.2:8550"})
    assert guard.origin_allowed({**host, b"origin": b"https://cards.example"})
    assert guard.origin_allowed({b"host": b"cards.example", b"origin": b"https://cards.example"})
    assert not guard.origin_allowed({**host, b"origin": b"http://10.0.0.2:8551"})
    assert not guard.origin_allowed({**host, b"origin": b"null"})
    assert not guard.origin_allowed({b"host": b"evil.example", b"origin": b"http://evil.example"})
    assert not guard.origin_allowed({b"host": b"evil.example:8550", b"origin": b"http://evil.example:8550"})


def test_the_listening_address_gives_the_default_origins() -> None:
    import socket

    assert serving.listening_origins("10.0.0.2", 8550) == ("http://10.0.0.2:8550",)
    assert set(serving.listening_origins("127.0.0.1", 8550)) == {
        "http://127.0.0.1:8550", "http://localhost:8550", "http://[::1]:8550"}
    assert "http://localhost" in serving.listening_origins("localhost", 80)  # a browser leaves out port 80
    everywhere = serving.listening_origins("0.0.0.0", 8550)
    assert {"http://127.0.0.1:8550", "http://localhost:8550",
            f"http://{socket.gethostname().lower()}:8550"} <= set(everywhere)
    assert all(origin.endswith(":8550") for origin in everywhere)


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_a_token_bucket_allows_a_burst_then_the_rate() -> None:
    clock = Clock()
    bucket = TokenBucket(rate=2, burst=3, clock=clock)
    assert [bucket.allow() for _ in range(4)] == [True, True, True, False]
    assert bucket.retry_after() == pytest.approx(0.5)
    clock.now = 0.5
    assert bucket.allow() and not bucket.allow()
    with pytest.raises(ValueError, match="rate > 0"):
        TokenBucket(rate=0, burst=1)


def test_a_rate_limiter_keeps_a_bounded_bucket_per_key() -> None:
    clock = Clock()
    guesses = RateLimiter(rate=1 / 12, burst=5, max_keys=2, clock=clock)
    assert all(guesses.allow("10.0.0.7") for _ in range(5)) and not guesses.allow("10.0.0.7")
    assert guesses.allow("10.0.0.8")  # another address has its own bucket
    assert guesses.retry_after("10.0.0.7") == pytest.approx(12)
    clock.now = 12
    assert guesses.allow("10.0.0.7")
    guesses.allow("10.0.0.9")
    assert len(guesses) == 2  # the idlest key was forgotten
    guesses.reset("10.0.0.7")
    assert guesses.retry_after("10.0.0.7") == 0


@pytest.mark.parametrize("argv", [["--allow-origin", "cards.example"], ["--allow-origin", "https://a.example/app"],
                                  ["--session-timeout", "0"], ["--events-per-second", "0"], ["--event-burst", "0"]])
def test_bad_serving_options_are_refused_by_name(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    from tutor.__main__ import main

    with pytest.raises(SystemExit) as refused:
        main(["--no-browser", *argv])
    assert refused.value.code == 2 and argv[0] in capsys.readouterr().err


def _event(name: str, data: object = None) -> bytes:
    return b"\x00" + msgpack.packb([flet_frames.CONTROL_EVENT, {"target": 7, "name": name, "data": data}])


def test_flet_names_the_events_the_guard_counts_apart() -> None:
    """An event's name is its handler's without ``on_``: the page's keys and a control's focus and blur."""
    import flet as ft
    from flet.controls.base_control import BaseControl
    from flet.messaging.protocol import ControlEventBody

    assert 'f"on_{event_name}"' in inspect.getsource(BaseControl)
    assert "on_" + flet_frames.KEY_EVENT in ft.Page.__dataclass_fields__
    assert {"on_" + name for name in flet_frames.FOCUS_EVENTS} <= ft.Button.__dataclass_fields__.keys()
    assert {"target", "name"} <= ControlEventBody.__dataclass_fields__.keys()
    assert flet_frames.event_name(_event("focus")) == "focus"
    assert flet_frames.event_name(_event("click", "x" * 5000)) is None  # too long to be a focus or a key
    assert flet_frames.event_name(b"\x00\x92\x03\xc1") is None


async def _passed(frames: list[bytes], settings: ServingSettings) -> list[str]:
    """The names of the events a connection's guard hands on to Flet, of ``frames`` sent at once."""
    register = b"\x00" + msgpack.packb([1, {"session_id": None, "page_name": "", "page": {"route": "/"}}])
    queue = [{"type": "websocket.receive", "bytes": frame} for frame in [register, *frames]]
    queue.append({"type": "websocket.disconnect"})

    async def receive() -> dict[str, object]:
        return queue.pop(0)

    async def send(message: object) -> None:
        return None

    connection = Connection(settings, "en", "test", receive, send)
    names: list[str] = []
    while True:
        message = await connection.receive()
        if message["type"] == "websocket.disconnect":
            return names[1:]  # after the registration
        names.append(flet_frames.event_name(message["bytes"]) or "registration")


def test_a_keyboard_users_tabs_leave_the_taps_budget_alone() -> None:
    """Tab through 60 controls (a key, a blur and a focus each), then Space on a card: its click gets
    through. With one budget for all events the 41st event was dropped, and the learner's Space with it."""
    import asyncio

    tab = [_event("keyboard_event", {"key": "Tab"}), _event("blur"), _event("focus")]
    space = [_event("keyboard_event", {"key": " "}), _event("click")]
    passed = asyncio.run(_passed(tab * 60 + space, ServingSettings()))
    assert passed.count("click") == 1 and passed.count("focus") == 60 and passed.count("keyboard_event") == 61


def test_focus_and_key_floods_are_still_bounded() -> None:
    import asyncio

    settings = ServingSettings()
    flood = [_event("focus"), _event("keyboard_event", {"key": "d"}), _event("click")] * 2000
    passed = asyncio.run(_passed(flood, settings))
    assert passed.count("focus") <= 2 * settings.focus_events_per_second + 10
    assert passed.count("keyboard_event") <= 2 * settings.key_events_per_second + 10
    assert passed.count("click") <= settings.event_burst + 10


def test_a_long_window_drag_ends_at_its_last_size() -> None:
    """A drag sends a resize a frame; past the taps' budget they are not all handed on (each redraws
    the page), but the last one is, when the budget has room, though no frame comes after it."""
    import asyncio

    import flet as ft

    assert "on_" + flet_frames.RESIZE_EVENT in ft.Page.__dataclass_fields__
    settings = ServingSettings()
    register = b"\x00" + msgpack.packb([1, {"session_id": None, "page_name": "", "page": {"route": "/"}}])
    drag = [_event(flet_frames.RESIZE_EVENT, f"{1280 - i},800") for i in range(300)]
    queue = [{"type": "websocket.receive", "bytes": frame} for frame in [register, *drag]]

    async def play() -> list[object]:
        quiet = asyncio.Event()  # the drag is over: the client sends nothing more

        async def receive() -> dict[str, object]:
            if queue:
                return queue.pop(0)
            await quiet.wait()
            return {"type": "websocket.disconnect"}

        async def send(message: object) -> None:
            return None

        connection = Connection(settings, "en", "test", receive, send)
        await connection.receive()  # the registration
        sizes: list[object] = []
        while not sizes or sizes[-1] != "981,800":
            message = await asyncio.wait_for(connection.receive(), 5)
            sizes.append(msgpack.unpackb(message["bytes"][1:])[1]["data"])
        return sizes

    sizes = asyncio.run(play())
    assert sizes[-1] == "981,800" and len(sizes) <= settings.event_burst + 2


def test_flet_reads_every_encoding_of_a_frame_as_the_guard_does() -> None:
    """Flet's receive loop decodes the whole frame and looks its action up by equality; the guard
    must find the same action and event name in each of those encodings, or a flood passes uncounted."""
    from flet.messaging.protocol import MessageAction, decode_ext_from_msgpack
    from flet_web.fastapi.flet_app import FletApp

    from tests.tutor.wsclient import ENCODINGS, reencoded

    source = inspect.getsource(FletApp)
    assert "msgpack.unpackb(data[1:], ext_hook=decode_ext_from_msgpack)" in source
    assert "MessageAction(data[0])" in source
    body = {"target": 7, "name": "focus", "data": None}
    for encoding in ENCODINGS:
        data = reencoded(flet_frames.CONTROL_EVENT, body, encoding)
        flets = msgpack.unpackb(data[1:], ext_hook=decode_ext_from_msgpack)
        assert MessageAction(flets[0]).value == flet_frames.frame_action(data) == flet_frames.CONTROL_EVENT, encoding
        assert flets[1] == body and flet_frames.event_name(data) == "focus", encoding
    assert MessageAction(True).value == flet_frames.action_number(True) == flet_frames.REGISTER_CLIENT
    assert flet_frames.frame_action(b"\x00\x91\x03") is None  # one item: Flet's data[1] fails
    assert flet_frames.frame_action(b"\x00\xa2ab") is None and flet_frames.frame_action(b"\x01\x00\x00\x00\x00") is None


@pytest.mark.parametrize("encoding", ["fixarray, uint8", "array16, fixint", "three items, float64", "long body"])
def test_a_re_encoded_flood_is_bounded_like_any_other(encoding: str) -> None:
    """2,000 taps in a form other than Flet's own client's: as many get through as of the usual form.
    Before, only the short form's header was read, and every one of them got through."""
    import asyncio

    from tests.tutor.wsclient import reencoded

    settings = serving.ServingSettings()
    flood = [reencoded(flet_frames.CONTROL_EVENT, {"target": 7, "name": "click", "data": None}, encoding)] * 2000
    passed = asyncio.run(_passed(flood, settings))
    assert settings.event_burst <= passed.count("click") <= settings.event_burst + 10


def test_every_other_frame_counts_as_a_tap() -> None:
    """Second registrations, data-channel frames, empty and undecodable frames: none passes uncounted."""
    import asyncio

    settings = serving.ServingSettings()
    register = b"\x00" + msgpack.packb([True, {"session_id": None, "page_name": "", "page": {"route": "/"}}])
    for junk in (register, b"\x01\x00\x00\x00\x00data", b"", b"\x00\xc1"):
        assert len(asyncio.run(_passed([junk] * 500, settings))) <= settings.event_burst + 10, junk


def test_keys_and_focus_in_a_long_encoding_keep_their_own_budgets() -> None:
    """A Tab's events re-encoded are still counted as focus and keys, and leave the taps' budget alone."""
    import asyncio

    from tests.tutor.wsclient import reencoded

    tab = [reencoded(flet_frames.CONTROL_EVENT, {"target": 7, "name": name, "data": "Tab"}, "long body")
           for name in ("keyboard_event", "blur", "focus")]
    passed = asyncio.run(_passed(tab * 60 + [_event("click")], serving.ServingSettings()))
    assert passed.count("click") == 1 and passed.count("focus") == 60
