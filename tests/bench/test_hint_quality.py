"""The hints ``bench/hint_quality.py`` judges are the learner's (go out or stay in, and the answer, decided in
trial deals), or with ``--rule-of-thumb`` the ranked hints alone; and its decision sets can be drawn from
games where one side is the expert."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import bench.hint_quality as hint_quality
from bench.hint_quality import _key, build_decisions, judge
from engine.hints.facts import ways_out
from engine.hints.ranked import hints
from engine.judge.legal import legal_actions
from engine.position import dump_position, load_position
from tests.engine.helpers import state_of

FAR_AHEAD = [[["Qh", "Qd", "Qc", "Qs", "Qh", "Qd", "Qc"], ["8h", "8d", "8c", "8s", "8h", "8d"],
              ["9h", "9d", "9c", "9s", "9h", "9d"]], [["Kh", "Kd", "Ks"]]]


@pytest.fixture
def rule_of_thumb() -> Iterator[None]:
    before = hint_quality.HINTS[0]
    hint_quality.HINTS[0] = hints
    yield
    hint_quality.HINTS[0] = before


def _entry() -> dict[str, object]:
    state = state_of(["5c", "5d", "5h", "Jd"], phase="play", melds=FAR_AHEAD, scores=[3500, 1200])
    return {"id": "classic/go_out/0", "variant": "classic", "position": dump_position(state, reveal=True), "seed": 1}


def _scored(entry: dict[str, object]) -> dict[str, list[float]]:
    """Made-up margins where staying in (the discard of the J♦) is the best move by far."""
    state = load_position(entry["position"])
    go = hints(state)[0].action
    stay = next(a for a in legal_actions(state) if _key(a) != _key(go) and "Jd" in _key(a))
    return {_key(go): [0.0] * 12, _key(stay): [300.0 + i for i in range(12)]}


def test_the_judged_hint_is_the_learners_with_its_time() -> None:
    entry = _entry()
    row = judge(entry, _scored(entry))
    assert row["top_tip"] == "tactics.stay_in" and row["within"] and row["hint_ms"] > 0


def test_the_rule_of_thumb_is_judged_on_request(rule_of_thumb: None) -> None:
    entry = _entry()
    row = judge(entry, _scored(entry))
    assert row["top_tip"] == "rule.go_out" and not row["within"]


def test_a_decision_set_is_drawn_from_games_with_the_expert_on_one_side(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hint_quality, "EXPERT_PLAYOUTS", 1)  # the drawing, not the expert's strength
    drawn = build_decisions("go_out", 91, 1, expert=True)
    assert sorted(e["variant"] for e in drawn) == ["classic", "royal", "swedish", "wiener"]
    for entry in drawn:
        state = load_position(entry["position"])
        assert ways_out(state, legal_actions(state))
    # the club player alone plays other games from the same seed
    assert [e["position"] for e in build_decisions("go_out", 91, 1)] != [e["position"] for e in drawn]
