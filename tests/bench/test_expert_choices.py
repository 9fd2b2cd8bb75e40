"""The move-by-move benchmark of the expert's choices runs and reports what its doc says."""

from __future__ import annotations

import json
import time

import pytest

import bench.expert_choices as expert_choices


def test_it_reports_each_bot_against_the_reference(capsys: pytest.CaptureFixture[str]) -> None:
    expert_choices.main(["--variant", "royal", "--positions", "3", "--reference", "2", "--width", "2",
                         "--workers", "1", "--bots", "club;expert:horizon=10,candidates=2"])
    report = json.loads(capsys.readouterr().out)
    assert report["positions"] == 3 and list(report["bots"]) == ["club", "expert:horizon=10,candidates=2"]
    for figures in report["bots"].values():
        assert figures["margin_loss"][0] >= 0 and 0 <= figures["best"] <= 1  # the best is never beaten
    assert "margin_loss_minus_club" in report["bots"]["expert:horizon=10,candidates=2"]


def test_an_unknown_bot_is_named() -> None:
    with pytest.raises(SystemExit):
        expert_choices.main(["--bots", "club;grandmaster"])


def test_a_tuned_expert_may_think_longer_and_counts_processor_time() -> None:
    slow = expert_choices._tuned("expert:z=1,budget=1500")
    assert slow.budget == 1.5 and slow.tuning == expert_choices.Search(z=1.0) and slow.clock is time.process_time
    plain = expert_choices._tuned("expert:")
    assert plain.budget == 0.3 and plain.tuning == expert_choices.Search()
    with pytest.raises(ValueError, match="depth"):
        expert_choices._tuned("expert:depth=2")


def test_known_only_positions_have_cards_seen_taken_in_another_hand() -> None:
    found = expert_choices.positions("wiener", 6, 7, known_only=True)
    assert len(found) == 6
    for position in found:
        state = position.state
        assert any(k for seat, k in enumerate(state.known) if seat != state.turn)


def test_the_true_state_reference_and_the_blind_expert(capsys: pytest.CaptureFixture[str]) -> None:
    """``--truth`` plays the reference from the state as it lies; ``expert-blind`` searches with
    nothing known; ``--differing`` scores only the positions where the bots chose differently."""
    [position] = expert_choices.positions("wiener", 1, 7, known_only=True)
    actions = expert_choices.legal_actions(position.state)[:2]
    margins = expert_choices.true_margins(position, actions, 3)
    assert [len(m) for m in margins] == [3] * len(actions)
    assert margins == expert_choices.true_margins(position, actions, 3)  # the hidden cards as they lie: no draw
    expert_choices.main(["--variant", "wiener", "--positions", "2", "--reference", "2", "--width", "1",
                         "--workers", "1", "--known-only", "--truth", "--differing",
                         "--bots", "expert:candidates=2,z=0;club"])
    report = json.loads(capsys.readouterr().out)
    assert report["reference_from"] == "true state" and report["known_only"]
    assert report["positions"] == 2 and 0 <= report["scored"] <= 2
    blind = expert_choices.BOTS["expert-blind"]()
    assert isinstance(blind, expert_choices.ExpertBot) and blind.budget == 0.3
