"""No unused import, undefined name or syntax error anywhere (ruff's F and E9 rules); the engine needs
only the standard library. The types: tests/test_types.py."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_ruff_finds_nothing() -> None:
    result = subprocess.run([sys.executable, "-m", "ruff", "check", "engine", "tutor", "tests", "bench", "scripts"],
                            cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_engine_needs_only_the_standard_library() -> None:
    code = "import sys; sys.path.insert(0, '.'); import engine.variants, engine.cli, engine.judge.legal, engine.bots.base"
    result = subprocess.run([sys.executable, "-S", "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr

