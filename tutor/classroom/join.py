"""``python -m tutor --classroom``: the students' side of a class, its state and limits; the tab itself
is tutor/shell/classroom.py (docs/classroom.md, "Classes and students").

A browser without a sign-in sees the join screen: the class code from the teacher, the student's
name and a PIN of 4 to 8 digits (tutor/store/classes.py decides; this module says it). A join gives
the browser a sign-in token, kept in its storage (``SharedPreferences``) as the device id is
without a class, so a reload or a new tab signs in again; "Sign out" on home forgets it. A signed-in
student gets the app of tutor/shell/app.py with their own settings, saved game and progress (the
learner's rows, the same on any device), no other learner, and their teacher's lessons first.

Guessing is limited per client address, per class code and per student (``tutor.store.guesses.Guessing``:
its buckets are in the store, a try is taken before the PIN is checked); only refusals that tell a
guesser something count (an unknown code, a wrong PIN). ``/teacher`` is the teacher's route: a
student's screen is never drawn there (``Options.teacher`` draws it).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import flet as ft

from engine.core.i18n import N_, NP_, translate_plural
from tutor.store.guesses import Guessing

SIGN_IN_KEY = "canasta-tutor.sign-in"  # the browser's storage key of its sign-in token
TEACHER_ROUTE = "/teacher"
RECHECK = 2.0  # seconds: class news (a removal, new assignments) is looked at once per this, not per write

TOO_MANY_SECONDS = NP_("Too many tries. Wait {count} second, then try again.",
                       "Too many tries. Wait {count} seconds, then try again.")
TOO_MANY_MINUTES = NP_("Too many tries. Wait {count} minute, then try again.",
                       "Too many tries. Wait {count} minutes, then try again.")
SIGNED_OUT_REMOVED = N_("You are no longer in this class. Ask your teacher, or join again.")
STORE_DOWN = N_("The class cannot be reached right now. Try again in a moment.")


GUESSING = Guessing()  # the limits; the buckets are in the store, shared by every process on it


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

