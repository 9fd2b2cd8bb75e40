"""The teacher's password, set at the first start of ``python -m tutor --classroom``.

It is set only from where the server is started, never from a web page: typed twice on the
terminal (``getpass``: not echoed, not in the shell's history), or, for a scripted deploy, read
from a file (``--teacher-password-file``) or ``$CANASTA_TEACHER_PASSWORD``. With none of these and
no terminal to ask on, the server refuses to start rather than serve a teacher's view nobody can
open. The store keeps only its scrypt hash (``tutor.store.classes``). ``--new-teacher-password``
replaces a forgotten one, again only from the terminal or a file.
"""

from __future__ import annotations

import argparse
import getpass
import os
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Protocol, TextIO

ENVIRONMENT = "CANASTA_TEACHER_PASSWORD"
MIN_LENGTH = 8  # the store's own minimum (tutor.store.classes.MIN_PASSWORD)
TRIES = 3


class TeacherStore(Protocol):
    def has_teacher(self) -> bool: ...
    def set_teacher_password(self, password: str) -> None: ...


class PasswordRefused(Exception):
    """Why no password could be set; said on the terminal, and the server does not start."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("the teacher's password (docs/classroom.md, \"The teacher's view\")")
    group.add_argument("--teacher-password-file", type=Path, metavar="FILE",
                       help="read the teacher's password from the first line of FILE when none is set yet"
                       f" (a scripted deploy; also ${ENVIRONMENT}); else it is asked on the terminal")
    group.add_argument("--new-teacher-password", action="store_true",
                       help="replace the teacher's password (asked on the terminal, or read from the file)")


def from_file(path: Path) -> str:
    """The first line of ``path`` without its line ending (spaces inside are the password's)."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise PasswordRefused(f"the teacher's password file {path} cannot be read: {error}") from None
    line = text.splitlines()[0] if text else ""
    return _checked(line, f"the teacher's password in {path}")


def _checked(password: str, where: str) -> str:
    if len(password) < MIN_LENGTH:
        raise PasswordRefused(f"{where} is too short: a teacher's password has at least {MIN_LENGTH} characters")
    return password


def ask(ask_hidden: Callable[[str], str], say: Callable[[str], None]) -> str:
    """Typed twice on the terminal, at least ``MIN_LENGTH`` characters; three tries."""
    for _ in range(TRIES):
        try:
            first = ask_hidden(f"The teacher's password (at least {MIN_LENGTH} characters): ")
            if len(first) < MIN_LENGTH:
                say(f"Too short: at least {MIN_LENGTH} characters, please.")
                continue
            if ask_hidden("The same password again: ") != first:
                say("The two do not match. Once more.")
                continue
        except (EOFError, KeyboardInterrupt):
            raise PasswordRefused("no teacher's password was typed") from None
        return first
    raise PasswordRefused(f"no teacher's password was set after {TRIES} tries")


def ensure_teacher_password(store: TeacherStore, file: Path | None = None, new: bool = False,
                            environ: Mapping[str, str] = os.environ, terminal: TextIO | None = None,
                            ask_hidden: Callable[[str], str] = getpass.getpass,
                            say: Callable[[str], None] = print) -> bool:
    """Sets the teacher's password if the store has none (or ``new``): from ``file``, else the
    environment, else the terminal. Returns whether one was set; ``PasswordRefused`` if it must be
    and cannot be. A password already set is left as it is unless ``new``."""
    if store.has_teacher() and not new:
        return False
    if file is not None:
        password = from_file(file)
    elif environ.get(ENVIRONMENT):
        password = _checked(environ[ENVIRONMENT], f"${ENVIRONMENT}")
    elif (terminal or sys.stdin).isatty():
        say("canasta-tutor --classroom: the teacher's view (/teacher) needs a password. "
            "Only its hash is kept in the store.")
        password = ask(ask_hidden, say)
    else:
        raise PasswordRefused(
            "no teacher's password is set and there is no terminal to ask for one: start it once in a terminal,"
            f" or give --teacher-password-file FILE or ${ENVIRONMENT} (docs/classroom.md)")
    store.set_teacher_password(password)
    say("The teacher's password is set: open /teacher on this server to sign in.")
    return True


def at_start(store_url: str | None, settings_file: Path | None, file: Path | None, new: bool) -> int:
    """``python -m tutor --classroom``: the store opened and the teacher's password made sure of
    before serving. 0 to go on; 2, with the reason on stderr, to stop."""
    from tutor.store.settings import settings_path
    from tutor.store import STORE_UNAVAILABLE, open_store
    from tutor.store.classes import Classes

    store, notices = open_store(store_url, (settings_file or settings_path()).parent)
    if any(notice.text == STORE_UNAVAILABLE for notice in notices):
        print(f"canasta-tutor: {notices[-1].say('en')} A class needs its store: fix it and start again.",
              file=sys.stderr)
        return 2
    for notice in notices:  # a damaged store recovered: said here too (the teacher's desk says what was lost)
        print(f"canasta-tutor: {notice.say('en')}", file=sys.stderr)
    try:
        ensure_teacher_password(Classes(store), file, new)
    except PasswordRefused as refused:
        print(f"canasta-tutor: {refused}", file=sys.stderr)
        return 2
    return 0
