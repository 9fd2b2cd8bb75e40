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
