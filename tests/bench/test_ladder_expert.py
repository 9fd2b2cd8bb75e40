"""The resumable expert ladder records the expert's search in every row and never pools two searches."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

import bench.ladder_expert as ladder_expert
from engine.bots.base import observe
from engine.core.deal import deal
from engine.judge.legal import legal_actions
from engine.bots.levels import SEARCH, Search
from engine.variants import VARIANTS


def test_a_row_names_the_search_it_was_played_with() -> None:
    row = ladder_expert.play_deal("wiener", 4, 0, 23, 1.0, Search(horizon=10, z=1.0))
    assert row["tuning"] == "horizon=10,z=1,candidates=none,discards=0,layoffs=0"
    assert Search.parse(row["tuning"]) == Search(horizon=10, z=1.0)
    default = ladder_expert.search_for("royal", None)
    assert default == SEARCH["royal"] and ladder_expert.search_for("royal", Search()) == Search()


def test_a_run_resumes_its_own_tuning_and_reports_each_apart(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "ladder.jsonl"
    old = {"variant": "wiener", "players": 4, "seed": 23, "deal": 0, "budget_ms": 1.0, "margin": 50, "expert_ms": [1.0]}
    out.write_text(json.dumps(old) + "\n")  # a row from before the tuning was recorded
    common = ["--variants", "wiener", "--deals", "1", "--seed", "23", "--budget-ms", "1", "--out", str(out)]
    ladder_expert.main([*common, "--tuning", "horizon=5,z=1"])
    ladder_expert.main([*common, "--tuning", "horizon=5,z=1"])  # resumed: nothing left to play
    rows = ladder_expert.load(out)
    assert [r.get("tuning") for r in rows] == [None, "horizon=5,z=1,candidates=none,discards=0,layoffs=0"]
    capsys.readouterr()
    ladder_expert.main(["--out", str(out), "--report"])
    lines = json.loads(capsys.readouterr().out)
    assert [(x["tuning"], x["deals"]) for x in lines] == [(None, 1), (rows[1]["tuning"], 1)]


def test_a_bad_tuning_is_refused_with_its_field_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        ladder_expert.main(["--variants", "wiener", "--out", str(tmp_path / "x.jsonl"), "--tuning", "depth=3"])
    assert "depth=3" in capsys.readouterr().err


def test_two_runs_are_compared_on_the_deals_both_played() -> None:
    def row(deal: int, margin: int, tuning: str | None) -> dict[str, Any]:
        return {"variant": "wiener", "seed": 23, "deal": deal, "margin": margin, "tuning": tuning}

    new = [row(0, 100, "z=1"), row(1, -50, "z=1"), row(2, 300, "z=1")]
    old = [row(0, 0, None), row(1, 50, None), row(3, 999, None), {**row(0, 5, None), "variant": "classic"}]
    [line] = ladder_expert.paired(new, old)
    assert line["deals"] == 2 and line["tuning"] == "z=1" and line["against"] is None
    assert line["win_rate"] == 0.5 and line["against_win_rate"] == 0.75  # deal 0: won / tied, deal 1: lost / won
    assert line["margin_difference"] == 0.0  # (+100 - 0 + -50 - 50) / 2


def test_a_reverse_run_shares_the_file_and_a_deal_played_twice_counts_once(tmp_path: Path) -> None:
    out = tmp_path / "ladder.jsonl"
    common = ["--variants", "wiener", "--deals", "2", "--seed", "23", "--budget-ms", "1", "--out", str(out),
              "--tuning", "horizon=5"]
    first = ladder_expert.play_deal("wiener", 4, 1, 23, 1.0, Search(horizon=5))  # the forward run's last deal
    out.write_text(json.dumps(first) + "\n")
    ladder_expert.main([*common, "--reverse"])  # plays deal 0 only: deal 1 is in the file
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["deal"] for r in rows] == [1, 0]
    with out.open("a") as file:  # both processes finished deal 0
        file.write(json.dumps({**rows[1], "margin": 12345}) + "\n")
    assert [(r["deal"], r["margin"]) for r in ladder_expert.load(out)] == [(1, rows[0]["margin"]), (0, rows[1]["margin"])]


def test_a_blind_expert_sees_no_known_cards_and_its_rows_are_kept_apart() -> None:
    # the expert blind to the known cards (--blind), to measure what the known cards are worth on the ladder
    state = deal(VARIANTS["classic"].for_people(4, None), random.Random(3))
    seen = list(state.hands[1][:2])
    state = state.evolve(known=((), tuple(seen), (), ()))
    assert observe(state, 0).known[1] == tuple(seen)
    shown: list[Any] = []

    class Recorder:
        name, title = "recorder", "Recorder"

        def choose(self, observation: Any, legal: Any, rng: Any) -> Any:
            shown.append(observation)
            return legal[0]

    ladder_expert._Blind(Recorder()).choose(observe(state, 0), legal_actions(state), random.Random(1))
    assert not any(shown[0].known) and shown[0].seat == 0 and shown[0].hand == observe(state, 0).hand
    row = ladder_expert.play_deal("wiener", 4, 0, 23, 1.0, None, blind=True)
    assert row["tuning"].endswith(ladder_expert.BLIND)
