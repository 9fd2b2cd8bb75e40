"""The hint review sheet: every position it prints replays to the hints it lists."""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path

import pytest

from engine.hints.ranked import hints
from engine.position import load_position

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "hint_review.py"


def _sheet(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    spec = importlib.util.spec_from_file_location("hint_review", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.main(["--hands", "3", "--no-strong", *args])
    return capsys.readouterr().out


def test_each_position_replays_to_the_hints_the_sheet_lists(capsys: pytest.CaptureFixture[str]) -> None:
    text = _sheet(capsys, "--variant", "royal", "--variant", "classic")
    sections = text.split("\n### ")[1:]
    assert len(sections) >= 8
    chosen: set[str] = set()
    for section in sections:
        heading = section.splitlines()[0]
        tips = heading.split(": ", 1)[1].split(", ")
        listed = re.findall(r"^\d+\. `([^`]+)`", section, flags=re.M)
        state = load_position(json.loads(section.split("```json\n")[1].split("\n```")[0]))
        assert listed == [h.tip for h in hints(state)], heading
        assert set(tips) <= set(listed), heading
        chosen.update(tips)
    assert {"tactics.meld_red_threes", "rule.opening", "tactics.safe_discard"} <= chosen


def test_the_hints_are_in_the_language_asked(capsys: pytest.CaptureFixture[str]) -> None:
    swedish = _sheet(capsys, "--variant", "royal", "--lang", "sv")
    assert "Your side needs" not in swedish and "Ditt lag behöver" in swedish
