"""The teacher's password at the first start of ``python -m tutor --classroom`` (tutor/classroom/teacher_password.py):
typed twice on a terminal, or read from a file or the environment for a scripted deploy; with
neither and no terminal the server refuses to start. Kept as the store's scrypt hash."""

from __future__ import annotations

import io
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.tutor.e2e import ROOT
from tutor.store import forget_open_stores, open_store
from tutor.store.classes import Classes
from tutor.classroom.teacher_password import ENVIRONMENT, PasswordRefused, ensure_teacher_password


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


class Typed:
    """What the person types at each hidden prompt, in order (EOFError when they stop)."""

    def __init__(self, *answers: str) -> None:
        self.answers = list(answers)
        self.prompts: list[str] = []

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        if not self.answers:
            raise EOFError
        return self.answers.pop(0)


@pytest.fixture
def school(tmp_path: Path) -> Iterator[Classes]:
    store, notices = open_store(f"sqlite:///{tmp_path / 'store.sqlite3'}", tmp_path)
    assert notices == []
    yield Classes(store)
    forget_open_stores()


def test_typed_twice_on_the_terminal(school: Classes) -> None:
    typed = Typed("short", "long enough", "long enougH", "long enough", "long enough")
    said: list[str] = []
    assert ensure_teacher_password(school, environ={}, terminal=Terminal(), ask_hidden=typed, say=said.append)
    assert len(typed.prompts) == 5 and typed.answers == []
    assert any("at least 8" in line for line in said) and any("do not match" in line for line in said)
    assert school.check_teacher("long enough")
    # set once: the next start asks nothing
    again = Typed()
    assert not ensure_teacher_password(school, environ={}, terminal=Terminal(), ask_hidden=again, say=said.append)
    assert again.prompts == []


def test_three_failed_tries_or_an_interrupted_one_refuse(school: Classes) -> None:
    with pytest.raises(PasswordRefused, match="3 tries"):
        ensure_teacher_password(school, environ={}, terminal=Terminal(), ask_hidden=Typed("a", "b", "c"),
                                say=lambda _: None)
    with pytest.raises(PasswordRefused, match="no teacher's password was typed"):
        ensure_teacher_password(school, environ={}, terminal=Terminal(), ask_hidden=Typed("long enough"),
                                say=lambda _: None)
    assert not school.has_teacher()


def test_from_a_file_or_the_environment(school: Classes, tmp_path: Path) -> None:
    secret = tmp_path / "teacher-password"
    secret.write_text("correct horse battery\nignored second line\n", encoding="utf-8")
    assert ensure_teacher_password(school, secret, environ={}, terminal=io.StringIO(), say=lambda _: None)
    assert school.check_teacher("correct horse battery")
    # a password already set is kept, whatever the environment says, unless asked for a new one
    assert not ensure_teacher_password(school, environ={ENVIRONMENT: "another one!"}, terminal=io.StringIO())
    assert school.check_teacher("correct horse battery")
    assert ensure_teacher_password(school, new=True, environ={ENVIRONMENT: "another one!"}, terminal=io.StringIO(),
                                   say=lambda _: None)
    assert school.check_teacher("another one!") and not school.check_teacher("correct horse battery")


def test_bad_files_and_short_passwords_are_named(school: Classes, tmp_path: Path) -> None:
    short = tmp_path / "short"
    short.write_text("1234567\n", encoding="utf-8")
    with pytest.raises(PasswordRefused, match=r"in .*short is too short: .* at least 8"):
        ensure_teacher_password(school, short, environ={}, terminal=io.StringIO())
    with pytest.raises(PasswordRefused, match="cannot be read"):
        ensure_teacher_password(school, tmp_path / "missing", environ={}, terminal=io.StringIO())
    with pytest.raises(PasswordRefused, match=f"\\${ENVIRONMENT} is too short"):
        ensure_teacher_password(school, environ={ENVIRONMENT: "abc"}, terminal=io.StringIO())
    assert not school.has_teacher()


def test_no_terminal_and_no_password_refuses_to_start(tmp_path: Path) -> None:
    """The server itself: started with --classroom, no terminal, nothing given: it says why and stops."""
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path)}
    started = subprocess.run(
        [sys.executable, "-m", "tutor", "--classroom", "--no-browser", "--settings", str(tmp_path / "settings.json")],
        cwd=ROOT, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=120, env=env)
    assert started.returncode == 2
    assert "no teacher's password is set and there is no terminal" in started.stderr
    assert "--teacher-password-file" in started.stderr and "http://" not in started.stdout
    # a scripted deploy: the password from the environment, set before the server serves
    server = subprocess.Popen(
        [sys.executable, "-m", "tutor", "--classroom", "--no-browser", "--settings", str(tmp_path / "settings.json")],
        cwd=ROOT, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        env={**env, ENVIRONMENT: "a teacher's secret"})
    try:
        assert server.stdout is not None
        lines = [server.stdout.readline() for _ in range(2)]
        assert "password is set" in lines[0] and lines[1].startswith("canasta-tutor: http://")
    finally:
        server.terminate()
        server.wait(timeout=20)
    store, _ = open_store(f"sqlite:///{tmp_path / 'store.sqlite3'}", tmp_path)
    assert Classes(store).check_teacher("a teacher's secret")
    forget_open_stores()
