"""The review's benchmark judges by the longer reference where it holds a position."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import bench.review_quality as review_quality


def test_every_hold_out_with_a_40_playout_cache_is_found_with_it() -> None:
    found = review_quality.sets()
    assert found["tuning"][2] == review_quality.DATA / "hint_reference_r40.json"
    assert found["holdout21"][2] == review_quality.DATA / "hint_reference_holdout21_r40.json"
    assert found["go_out18"][2] is None
    assert not any(name.endswith("_r40") for name in found)  # a longer cache is no set of its own


def test_the_longer_reference_decides_which_moves_are_good(tmp_path: Path) -> None:
    entry = json.loads((review_quality.DATA / "hint_positions_holdout21.json").read_text())[0]
    assert entry["variant"] == "classic"  # any variant: the cache decides, not the variant
    cached = json.loads((review_quality.DATA / "hint_reference_holdout21.json").read_text())[entry["id"]]["margins"]
    first, second = list(cached)[:2]  # two legal moves of the position
    short = {"margins": {first: [0.0, 10.0, -10.0], second: [0.0, 9.0, -9.0]}}  # within noise: both good
    positions, cache, longer = tmp_path / "positions.json", tmp_path / "cache.json", tmp_path / "cache_r40.json"
    positions.write_text(json.dumps([entry]))
    cache.write_text(json.dumps({entry["id"]: short}))
    # at 40 playouts the second move is about 300 points worse, surely: a bad move, not a good one
    long = {"margins": {first: [300.0 + i for i in range(40)], second: [0.0] * 40}}
    # and a move the engine refuses in this position (a draw in the play phase): dropped, not the best
    longer.write_text(json.dumps({entry["id"]: {"margins": {**long["margins"], '{"type": "draw"}': [900.0] * 40}}}))
    assert set(review_quality.rate(short["margins"]).values()) == {"good"}
    assert review_quality.rate(long["margins"]) == {first: "good", second: "bad"}
    assert review_quality.judge_set(positions, cache, None, examples=0, workers=1)["classic"]["good"] == 2
    report = review_quality.judge_set(positions, cache, longer, examples=0, workers=1)
    assert report["classic"]["long"] == 1 and report["classic"]["good"] == 1 and report["classic"]["bad"] == 1
    assert report["classic"]["stale"] == 1


def test_a_good_move_the_review_flags_is_settled_in_fresh_worlds(monkeypatch: pytest.MonkeyPatch) -> None:
    entry = json.loads((review_quality.DATA / "hint_positions_holdout21.json").read_text())[0]
    cached = json.loads((review_quality.DATA / "hint_reference_holdout21.json").read_text())[entry["id"]]["margins"]
    best, other = list(cached)[:2]
    margins = {best: [10.0, 20.0, 0.0], other: [0.0, 15.0, 5.0]}  # within noise: both good
    monkeypatch.setattr(review_quality, "moments",  # the review flags all, naming a better move
                        lambda *args: [{"tip": "tactics.deny_pile", "better": {"type": "draw"}}])
    seen: list[int] = []

    def fresh(position: object, actions: list[object], samples: int) -> list[list[float]]:
        seen.append(samples)
        return [[400.0 + i for i in range(samples)], [0.0] * samples]  # the flagged move clearly worse

    monkeypatch.setattr(review_quality, "playout_margins", fresh)
    rows = review_quality._judge_position((entry, margins, 30))
    assert {row[1]: row[5] for row in rows} == {str(review_quality.parse_action(json.loads(best))): "best",
                                                str(review_quality.parse_action(json.loads(other))): "bad"}
    assert seen == [30]  # the best itself is not settled against itself
    assert all(row[5] == "" for row in review_quality._judge_position((entry, margins, 0)))  # not asked: not settled


def test_a_flagged_move_is_settled_against_the_advice_too(monkeypatch: pytest.MonkeyPatch) -> None:
    """The reference never scored the review's advice: the move is good against the reference's best,
    and the fresh worlds, with the advice scored too, show it beaten by the advice."""
    from engine.core.actions import Discard, Draw, format_action

    entry = json.loads((review_quality.DATA / "hint_positions_holdout21.json").read_text())[0]
    state = review_quality.load_position(entry["position"])
    best, move, advice = Draw(), Discard(1), Discard(2)
    keys = {a: json.dumps(format_action(a)) for a in (best, move)}
    scored: list[list[object]] = []

    def fresh(position: object, actions: list[object], samples: int) -> list[list[float]]:
        scored.append(list(actions))
        by = {best: [100.0 + i % 3 for i in range(samples)], move: [100.0 + i % 3 + (30.0 if i % 2 else -30.0) for i in range(samples)],
              advice: [400.0 + i % 7 for i in range(samples)]}
        return [by[a] for a in actions]

    monkeypatch.setattr(review_quality, "playout_margins", fresh)
    settled, against_best, with_advice = review_quality._settle(state, entry["seed"], keys[best], keys[move], [advice], 20)
    assert scored == [[best, move, advice]]  # in the same fresh worlds: paired
    assert settled == "good" and against_best["verdict"] == "good"
    assert with_advice["verdict"] == "bad" and with_advice["leader"] == str(advice) and with_advice["loss"] > 300
    # the reference's best itself, flagged: scored against the advice alone
    assert review_quality._settle(state, entry["seed"], keys[best], keys[best], [advice], 20)[2]["verdict"] == "bad"
    assert review_quality._settle(state, entry["seed"], keys[best], keys[best], [], 20) == ("best", {"verdict": "best"},
                                                                                         {"verdict": "best"})


def test_every_discard_is_judged_as_if_the_next_player_took_the_pile(monkeypatch: pytest.MonkeyPatch) -> None:
    """The pile-given moment is put to the benchmark too: each discard from the hand as if the pile
    were taken right after; a move is flagged only where a moment names a better move."""
    asked: list[object] = []

    def review(index: int, position: object, action: dict[str, object], facts: object = None) -> list[dict[str, object]]:
        asked.append(facts)
        return [{"tip": "review.pile_given", "better": None}, {"tip": "tactics.keep_pairs", "better": {"type": "draw"}}]

    monkeypatch.setattr(review_quality, "moments", review)
    said, _, _ = review_quality._looks({}, {"type": "discard", "card": "Kh"})
    assert [m["tip"] for m in said] == ["tactics.keep_pairs"]  # the pile given without a better move: no flag
    review_quality._looks({}, {"type": "draw"})
    assert asked == [{"pile_taken": {"cards": 0, "points": 0}}, None]
