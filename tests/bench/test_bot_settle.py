"""The bots' moves judged as the hints' are: the reference's best, or both moves again in fresh worlds."""

from __future__ import annotations

import json

import bench.bot_settle as bot_settle
from bench.hint_settle import reference_best
from bench import hint_quality
from engine.position import load_position


def _entry_and_cache() -> tuple[dict, dict[str, list[float]]]:
    entry = json.loads((hint_quality.DATA / "hint_positions_holdout21.json").read_text())[0]
    cached = json.loads((hint_quality.DATA / "hint_reference_holdout21.json").read_text())[entry["id"]]["margins"]
    return entry, cached


def test_the_references_best_is_not_played_again() -> None:
    entry, cached = _entry_and_cache()
    best = reference_best(load_position(entry["position"]), cached)
    row = bot_settle.judge_move(entry, cached, best, samples=2)
    assert row["is_best"] and "fresh" not in row and row["best"] == json.loads(best)


def test_another_move_is_played_beside_the_best_in_fresh_worlds() -> None:
    entry, cached = _entry_and_cache()
    best = reference_best(load_position(entry["position"]), cached)
    other = next(k for k in cached if k != best)
    row = bot_settle.judge_move(entry, cached, other, samples=3)
    assert not row["is_best"] and row["move"] == json.loads(other)
    assert set(row["fresh"]) == {"loss", "se"} and row["verdict"] in {"real", "noise"}


def test_the_summary_counts_best_within_noise_and_real_losses_per_bot_set_and_variant() -> None:
    rows = {
        "club:s:a:40": {"variant": "classic", "is_best": True},
        "club:s:b:40": {"variant": "classic", "is_best": False, "fresh": {"loss": 30, "se": 40}, "verdict": "noise"},
        "club:s:c:40": {"variant": "classic", "is_best": False, "fresh": {"loss": 400, "se": 60}, "verdict": "real"},
        "expert:s:a:40": {"variant": "classic", "is_best": True},
    }
    figures = bot_settle.summary(rows, [*rows, "club:s:gone:40"])  # a key not yet judged is left out
    assert figures["club:s:classic"] == {"positions": 3, "best": 0.333, "within_noise_fresh": 0.667, "real_losses": 1}
    assert figures["expert:s:classic"] == {"positions": 1, "best": 1.0, "within_noise_fresh": 1.0, "real_losses": 0}
