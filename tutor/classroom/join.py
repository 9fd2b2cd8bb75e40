"""``python -m tutor --classroom``: the students' side of a class (docs/classroom.md, "Classes and students").

A browser without a sign-in sees the join screen: the class code from the teacher, the student's
name and a PIN of 4 to 8 digits (tutor/store/classes.py decides; this module says it). A join gives
the browser a sign-in token, kept in its storage (``SharedPreferences``) as the device id is
without a class, so a reload or a new tab signs in again; "Sign out" on home forgets it. A signed-in
student gets the app of tutor/shell/app.py with their own settings, saved game and progress (the
learner's rows, the same on any device), no other learner, and their teacher's lessons first.

Guessing is limited per client address, per class code and per student (:class:`Guessing`); only
refusals that tell a guesser something count (an unknown code, a wrong PIN). ``/teacher`` is the
teacher's route: a student's screen is never drawn there (``Options.teacher`` draws it).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass

import flet as ft

from engine.core.i18n import N_, NP_, translate_plural
from tutor.serving.ratelimit import RateLimiter
from tutor.store.classes import normal_code

SIGN_IN_KEY = "canasta-tutor.sign-in"  # the browser's storage key of its sign-in token
TEACHER_ROUTE = "/teacher"
RECHECK = 2.0  # seconds: class news (a removal, new assignments) is looked at once per this, not per write

TOO_MANY_SECONDS = NP_("Too many tries. Wait {count} second, then try again.",
                       "Too many tries. Wait {count} seconds, then try again.")
TOO_MANY_MINUTES = NP_("Too many tries. Wait {count} minute, then try again.",
                       "Too many tries. Wait {count} minutes, then try again.")
SIGNED_OUT_REMOVED = N_("You are no longer in this class. Ask your teacher, or join again.")
STORE_DOWN = N_("The class cannot be reached right now. Try again in a moment.")


class Guessing:
    """How often a join may fail: per client address, per class code, per student (code and name).

    A 4-digit PIN has 10,000 values. A name's bucket allows 5 wrong PINs, then one a minute (half
    the PINs: about 3.5 days); a code's allows 30, then one every 30 s, so trying each student of
    a class of 30 in turn still takes hours; an address's allows 10 failures (unknown codes or
    wrong PINs), then one every 15 s. A class joining at once fails little: correct joins cost nothing.
    One per process (a proxy with cookie affinity keeps a browser on one)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clients = RateLimiter(rate=1 / 15, burst=10, clock=clock)
        self.codes = RateLimiter(rate=1 / 30, burst=30, clock=clock)
        self.names = RateLimiter(rate=1 / 60, burst=5, clock=clock)

    def wait(self, client: str, code: str, name: str) -> float:
        """Seconds before this client may try this code and name (0: now)."""
        code = normal_code(code)
        return max(self.clients.retry_after(client), self.codes.retry_after(code),
                   self.names.retry_after((code, " ".join(name.split()).casefold())))

    def failed(self, client: str, code: str, name: str, wrong_pin: bool) -> None:
        code = normal_code(code)
        self.clients.allow(client)
        if wrong_pin:
            self.codes.allow(code)
            self.names.allow((code, " ".join(name.split()).casefold()))


GUESSING = Guessing()  # the server's: about addresses and codes, never a person's state


def wait_message(seconds: float, lang: str) -> str:
    if seconds > 90:
        minutes = math.ceil(seconds / 60)
        return translate_plural(*TOO_MANY_MINUTES[:2], minutes, lang).format(count=minutes)
    count = max(1, math.ceil(seconds))
    return translate_plural(*TOO_MANY_SECONDS[:2], count, lang).format(count=count)


@ft.observable
@dataclass
class Gate:
    """What the classroom's component watches: bumped when the join screen changes or a student
    signs in or out."""

    number: int = 0


@dataclass
class JoinForm:
    """The join screen's state in one tab: what is typed (kept across frames) and what went wrong."""

    lang: str
    code: str = ""
    name: str = ""
    pin: str = ""
    message: str = ""
    busy: bool = False


