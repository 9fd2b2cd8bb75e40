"""The command line of ``docs/positions.md``: verdicts, scores, games, and bad input."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.engine.helpers import position

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "engine", *args], input=stdin, capture_output=True,
                          text=True, cwd=ROOT, timeout=120)


def judge(data: Any) -> subprocess.CompletedProcess[str]:
    return run("judge", "-", stdin=json.dumps(data))


SPEC_EXAMPLE = {
    "variant": "classic", "players": 4, "turn": 0, "phase": "draw", "scores": [1100, 2300],
    "hands": [["Ah", "Ac", "2d", "5c"], 11, 11, 11], "melds": [[["Kd", "Kd", "Kc", "2h"]], []],
    "red_threes": [["3h"], []], "pile": ["7s", "2c", "9h"], "stock": 40,
    "turn_state": {"melded": False, "took_pile": False},
}


def test_judge_the_specs_example_position() -> None:
    result = judge({"position": SPEC_EXAMPLE, "action": {"type": "draw"}})
    assert result.returncode == 0, result.stderr
    verdict = json.loads(result.stdout)
    assert verdict["legal"] is True
    after = verdict["position"]
    assert after["phase"] == "play" and len(after["hands"][0]) == 5 and after["stock"] == 39
    assert after["hands"][1] == 11


def test_judge_an_illegal_action_names_rule_and_source() -> None:
    data = {"position": SPEC_EXAMPLE, "action": {"type": "take_pile", "meld": ["Ah", "2d"]}}
    verdict = json.loads(judge(data).stdout)
    assert verdict["legal"] is False
    assert verdict["rule"] == "pile.top_card"
    assert verdict["explanation"].startswith("To take the pile you must meld its top card, the 9♥")
    assert verdict["source"]["seed"] == "001_ed02fa068fdb88f7.txt"
    assert verdict["source"]["section"] == "Að draga spil"
    assert verdict["quote_lang"] == "is" and verdict["quote_translation"].startswith("If you pick up the pile, you must")


def test_judge_a_refusal_in_the_passages_own_language_has_no_translation() -> None:
    data = {"position": SPEC_EXAMPLE, "action": {"type": "take_pile", "meld": ["Ah", "2d"]}}
    verdict = json.loads(run("judge", "-", "--lang", "is", stdin=json.dumps(data)).stdout)
    assert verdict["quote_translation"] == "" and verdict["quote"].startswith("Ef þú tekur upp hauginn")


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"position": position(["Zz"]), "action": {"type": "draw"}}, "position.hands[0][0]"),
        ({"position": position(["Ah", "Ah", "Ah"]), "action": {"type": "draw"}}, "position.hands[0][2]"),
        ({"position": position(["Ah"], variant="bridge"), "action": {"type": "draw"}}, "position.variant"),
        ({"position": position(["Ah"], turn=7), "action": {"type": "draw"}}, "position.turn"),
        ({"position": position(["Ah"]), "action": {"type": "fly"}}, "action.type"),
        ({"position": position(["Ah"]), "action": {"type": "discard", "card": "1x"}}, "action.card"),
        ({"position": position(["Ah"], melds=[[["Ah", "Kd", "Kc"]], []]), "action": {"type": "draw"}},
         "position.melds[0][0]"),
        ({"position": position(["Ah"], phase="later"), "action": {"type": "draw"}}, "position.phase"),
        ({"position": position(["Ah"]), "action": {"type": "take_pile"}}, "action"),
        ({"action": {"type": "draw"}}, "position"),
    ],
)
def test_judge_invalid_input_exits_2_naming_the_field(data: Any, field: str) -> None:
    result = judge(data)
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.startswith(f"error: {field}: ")


def test_judge_malformed_json_exits_2() -> None:
    result = run("judge", "-", stdin="{not json")
    assert result.returncode == 2 and "not valid JSON" in result.stderr


def test_judge_reads_a_file(tmp_path: Path) -> None:
    path = tmp_path / "judge.json"
    path.write_text(json.dumps({"position": SPEC_EXAMPLE, "action": {"type": "draw"}}), encoding="utf-8")
    assert json.loads(run("judge", str(path)).stdout)["legal"] is True


def test_score_prints_breakdowns_and_new_totals() -> None:
    data = position([], hands=[[], ["Ah"], [], []], phase="end", went_out=0, scores=[1000, 2000],
                    melds=[[["Kh", "Kd", "Kc", "Ks", "Kh", "Kd", "Kc"]], []])
    result = run("score", "-", stdin=json.dumps(data))
    assert result.returncode == 0, result.stderr
    scored = json.loads(result.stdout)
    assert scored["teams"][0]["total"] == 70 + 500 + 100
    assert scored["teams"][1]["total"] == -20
    assert scored["scores"] == [1670, 1980]


def test_play_a_game_prints_hands_and_winner() -> None:
    result = run("play", "--variant", "classic", "--players", "4", "--seed", "1")
    assert result.returncode == 0, result.stderr
    game = json.loads(result.stdout)
    assert game["scores"][game["winner"]] >= 5000
    assert game["hands"][-1]["scores"] == game["scores"]
    assert game["winner_seats"] == [[0, 2], [1, 3]][game["winner"]]


def test_play_text_reads_as_a_play_by_play() -> None:
    result = run("play", "--seed", "1", "--text")
    assert result.returncode == 0, result.stderr
    assert "West draws from the stock." in result.stdout
    assert result.stdout.rstrip().splitlines()[-1].endswith(".")


def test_play_refuses_an_unsupported_player_count() -> None:
    result = run("play", "--players", "3")
    assert result.returncode == 2 and "--players" in result.stderr


def test_selfplay_reports_its_figures() -> None:
    result = run("selfplay", "--variant", "classic", "--hands", "20", "--seed", "3", "--bot", "random")
    stats = json.loads(result.stdout)
    assert stats["hands"] == 20 and stats["invariant_violations"] == 0
    assert stats["actions"] > 20 * 20 and stats["hands_per_second"] > 0


MIKE = {
    "position": position(["5h", "2d", "2d", "Qs", "Qd"], pile=["9c", "2c", "8h", "5s"],
                         melds=[[["Qh", "Qd", "Qc"]], []]),
    "action": {"type": "take_pile", "meld": ["5h", "2d"]},
}


@pytest.mark.parametrize(
    ("lang", "title", "explanation"),
    [
        ("is", "Frystur haugur", "Haugurinn er frystur (í honum er 2♣), svo þú þarft tvær náttúrulegar fimmur"
         " úr hendi þinni til að melda með 5♠; þú ert með 1 og notar 1."),
        ("de", "Das eingefrorene Paket", "Das Paket ist eingefroren (es enthält 2♣). Du brauchst also zwei"
         " natürliche Fünfer aus deinem Blatt, um sie mit 5♠ zu melden; du hast 1 und verwendest 1."),
        ("sv", "När sakhögen är frusen", "Eftersom sakhögen är frusen (den innehåller 2♣) behöver du två äkta"
         " femmor från handen för att mäla med 5♠; du har 1 och använder 1."),
    ],
)
def test_judge_speaks_the_chosen_language(lang: str, title: str, explanation: str) -> None:
    verdict = json.loads(run("judge", "--lang", lang, "-", stdin=json.dumps(MIKE)).stdout)
    assert verdict["title"] == title
    assert verdict["explanation"] == explanation


def test_invalid_input_is_reported_in_the_chosen_language() -> None:
    result = run("judge", "--lang", "de", "-", stdin=json.dumps({"position": position(["Zz"]), "action": {"type": "draw"}}))
    assert result.returncode == 2
    assert result.stderr.startswith("error: position.hands[0][0]: ") and "'Zz'" in result.stderr
    assert "unknown card code" not in result.stderr


def test_hint_prints_ranked_hints_in_the_language() -> None:
    data = position(["7h", "7d", "Kc"], pile=["9c", "4d", "7s"], melds=[[["Qh", "Qd", "Qc"]], []])
    result = run("hint", "--lang", "sv", "-", stdin=json.dumps(data))
    assert result.returncode == 0, result.stderr
    found = json.loads(result.stdout)["hints"]
    assert found[0]["tip"] == "rule.take_pile" and found[0]["action"]["type"] == "take_pile"
    assert "sakhögen" in found[0]["explanation"]


def test_hint_decides_go_out_or_stay_in_by_trial_deals() -> None:
    # far ahead, two melds a card from a canasta, the other side on one meld: stay in (engine.bots.verdicts)
    melds = [[["Qh", "Qd", "Qc", "Qs", "Qh", "Qd", "Qc"], ["8h", "8d", "8c", "8s", "8h", "8d"],
              ["9h", "9d", "9c", "9s", "9h", "9d"]], [["Kh", "Kd", "Ks"]]]
    data = position(["5c", "5d", "5h", "Jd"], phase="play", melds=melds, scores=[3500, 1200])
    result = run("hint", "-", stdin=json.dumps(data))
    assert result.returncode == 0, result.stderr
    found = json.loads(result.stdout)["hints"]
    assert found[0]["tip"] == "tactics.stay_in" and found[0]["action"] == {"type": "discard", "card": "Jd"}
