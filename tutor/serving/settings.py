"""The serving guards' knobs, one value a server: what ``--allow-origin`` and the limits set."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ServingSettings:
    """The knobs of docs/serving.md ("Serving a class safely"); the defaults suit a class of 30."""

    allowed_origins: tuple[str, ...] = ()  # the origins the server is reached at: listening_origins(), the proxy's
    events_per_second: float = 20.0  # a person taps a few times a second; scrolls and typing add some
    event_burst: int = 40  # the most at once: a typed name is a key event and a change event a letter
    focus_events_per_second: float = 100.0  # a focus and a blur each Tab: no drawing, just noted
    key_events_per_second: float = 40.0  # a held key repeats ~30 times a second (Tab through a hand)
    props_per_second: float = 200.0  # a field's typed text: cheap to apply, and dropping one loses text
    session_timeout: int = 120  # seconds a closed tab's session is kept for a reconnect (Flet: 3600)
    first_frame_timeout: float = 20.0  # a connection must register within this
    disconnect_grace: float = 10.0  # a handler still running this long after its client left is ended
    shutdown_timeout: int = 5  # seconds SIGTERM waits for connections before closing them
    max_frame_bytes: int = 1 << 20  # uvicorn's default is 16 MiB
    static_max_age: int = 3600  # seconds a browser may reuse the app's files without asking
    gzip_cache_bytes: int = 64 << 20  # compressed static files kept in memory
