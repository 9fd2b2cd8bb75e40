"""The type hints hold in the engine, the app, the scripts, the tests and the benchmarks (mypy, pinned
in the dev dependencies), under a configuration that stays strict: every function typed, no stale
``type: ignore``, and untyped imports excused only for the packages named in pyproject.toml."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("engine", "tutor", "scripts", "tests", "bench")


def test_mypy_finds_nothing_in_our_code() -> None:
    result = subprocess.run([sys.executable, "-m", "mypy", *PACKAGES], cwd=ROOT, capture_output=True, text=True,
                            timeout=600)  # its cache (.mypy_cache) makes a second run take seconds
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_configuration_excuses_only_named_packages() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert set(PACKAGES) <= set(config["files"])
    assert config["disallow_untyped_defs"] and config["warn_unused_ignores"]
    loosened = {"ignore_missing_imports", "ignore_errors", "follow_imports", "disable_error_code"}
    assert not loosened & set(config), "a loosening for every module"
    for override in config.get("overrides", []):
        modules = override["module"] if isinstance(override["module"], list) else [override["module"]]
        assert not any(m.split(".")[0] in PACKAGES or m == "*" for m in modules), f"our own code excused: {modules}"
        assert "ignore_errors" not in override and "disable_error_code" not in override, modules
