"""Within noise judged in fresh worlds: the reference only chooses its best; the verdict is the fresh one."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import bench.hint_settle as hint_settle
from bench.hint_quality import _key
from engine.hints.ranked import hints
from engine.position import load_position


def _one_position(tmp_path: Path) -> tuple[list[tuple[str, Path, Path]], dict[str, Any], str, str]:
    """A stored position whose top hint is not the best of its (made-up) cache, which the top hint
    trails far beyond the noise there."""
    entry = json.loads((hint_settle.DATA / "hint_positions_holdout21.json").read_text())[0]
    state = load_position(entry["position"])
    top = _key(hints(state)[0].action)
    cached = json.loads((hint_settle.DATA / "hint_reference_holdout21.json").read_text())[entry["id"]]["margins"]
    other = next(k for k in cached if k != top)
    positions, cache = tmp_path / "positions.json", tmp_path / "cache.json"
    positions.write_text(json.dumps([entry]))
    cache.write_text(json.dumps({entry["id"]: {"margins": {top: [0.0] * 12, other: [400.0 + i for i in range(12)]}}}))
    return [("s", positions, cache)], entry, top, other


def _fresh(top: str, best: str, loss: int, se: int) -> dict[str, Any]:
    return {"hint": json.loads(top), "old_best": json.loads(best), "fresh_40_vs_old_best": {"loss": loss, "se": se},
            "within_fresh": loss <= 1.96 * max(1, se), "verdict": "real" if loss >= 150 and loss > 2.5 * se else "noise"}


def test_a_miss_in_the_worlds_that_chose_the_best_is_judged_again_in_fresh_ones(tmp_path: Path) -> None:
    sets, entry, top, best = _one_position(tmp_path)
    key = f"s:{entry['id']}:40"
    [row] = hint_settle.summary(sets, "", 40, None, {})
    assert row["within_noise"] == 0.0 and row["within_noise_fresh"] is None and row["missing"] == 1
    [row] = hint_settle.summary(sets, "", 40, None, {key: _fresh(top, best, 30, 40)})
    assert row["within_noise_fresh"] == 1.0 and row["outside_fresh"] == 0
    [row] = hint_settle.summary(sets, "", 40, None, {key: _fresh(top, best, 300, 40)})
    assert row["within_noise_fresh"] == 0.0 and row["outside_fresh"] == 1 and row["real_losses"] == 1


def test_a_fresh_result_for_other_moves_is_stale(tmp_path: Path) -> None:
    sets, entry, top, best = _one_position(tmp_path)
    # judged when the hint chose the best itself: the hint's move has changed since, so it counts for nothing
    [row] = hint_settle.summary(sets, "", 40, None, {f"s:{entry['id']}:40": _fresh(best, best, 0, 0)})
    assert row["missing"] == 1 and row["within_noise_fresh"] is None
