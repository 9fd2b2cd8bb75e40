"""The compiled engine: which engine an import loads, and the compiled engine playing the golden hands
move for move as the source does (where a C compiler is present; skipped, saying why, where not)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from engine import build
from scripts.build_engine import missing_tools

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def fake_build(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setattr(build, "BUILD_DIR", str(tmp_path))
    monkeypatch.delenv("CANASTA_ENGINE", raising=False)
    (tmp_path / build.STAMP).write_text(build.stamp_text())
    return tmp_path


def test_a_current_build_goes_in_front_of_the_source(fake_build: Path) -> None:
    path = ["engine-source"]
    assert build.choose(path) == "compiled"
    assert path == [str(fake_build), "engine-source"]


def test_a_build_of_other_sources_is_never_loaded(fake_build: Path) -> None:
    stamp = fake_build / build.STAMP
    stamp.write_text(stamp.read_text().replace("\n", " \n", 1))  # another Python, or other sources
    path = ["engine-source"]
    assert build.choose(path) == "interpreted"
    assert path == ["engine-source"]


def test_the_source_when_told(fake_build: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CANASTA_ENGINE", "interpreted")
    path = ["engine-source"]
    assert build.choose(path) == "interpreted" and path == ["engine-source"]


def test_compiled_when_told_fails_without_a_build(fake_build: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (fake_build / build.STAMP).unlink()
    monkeypatch.setenv("CANASTA_ENGINE", "compiled")
    with pytest.raises(ImportError, match="build_engine.py"):
        build.choose([])


def test_every_module_but_the_switch_and_the_command_line_is_compiled() -> None:
    modules = build.compiled_modules()
    assert "engine.judge.legal" in modules and "engine.core" in modules
    assert not build.INTERPRETED & set(modules)


def test_the_compiled_engine_plays_the_golden_hands_as_the_source() -> None:
    reason = missing_tools()
    if reason is not None:
        pytest.skip(f"the engine cannot be compiled here: {reason}")
    if not build.build_is_current():  # a few minutes, once for each change to engine/
        subprocess.run([sys.executable, str(ROOT / "scripts" / "build_engine.py"), "--quiet"], check=True,
                       timeout=560)
    env = dict(os.environ, CANASTA_ENGINE="compiled")
    shown = "import engine, engine.judge.legal as m, engine.core.i18n as t; print(engine.ENGINE, m.__file__, t.LOCALE_DIR)"
    loaded = subprocess.run([sys.executable, "-c", shown], cwd=ROOT, env=env, capture_output=True, text=True,
                            check=True).stdout.split()
    assert loaded[0] == "compiled" and loaded[1].startswith(build.BUILD_DIR) and not loaded[1].endswith(".py")
    assert loaded[2] == str(ROOT / "locales")  # the catalogs are the source tree's
    # 15 random and 2 club hands of each variant, every legal-action list and action against the golden digests
    played = subprocess.run([sys.executable, str(ROOT / "bench" / "equivalence.py"), "--hands", "0.02"],
                            cwd=ROOT, env=env, capture_output=True, text=True)
    assert played.returncode == 0, played.stdout + played.stderr
    assert "engine: compiled" in played.stdout
    assert played.stdout.count(" 0 differ ") == 8
    # the same hands on the trusted path: each action applied without the checks it has passed
    trusted = subprocess.run([sys.executable, str(ROOT / "bench" / "equivalence.py"), "--hands", "0.02", "--path",
                              "trusted"], cwd=ROOT, env=env, capture_output=True, text=True)
    assert trusted.returncode == 0 and trusted.stdout.count(" 0 differ ") == 8, trusted.stdout + trusted.stderr
    assert "engine: compiled, path: trusted" in trusted.stdout
    # Royal hands whose complete search for a way out once ran past its budget compiled only (a
    # generator expression mypyc builds as a list): the same ways out as the source
    replay = ("import json, sys; sys.path.insert(0, 'bench'); import equivalence as e; "
              "golden = json.loads(e.GOLDEN.read_text())['random']['royal']; "
              "print([s for s in (333, 343) if e.hand_digest('royal', 'random', s) != golden[s]])")
    differing = subprocess.run([sys.executable, "-c", replay], cwd=ROOT, env=env, capture_output=True, text=True,
                               check=True).stdout.strip()
    assert differing == "[]"
