"""The command line's input boundary: every crash cause and silently wrong case of the
fuzzing report is refused with exit 2, the field named, in a short message; every position the
engine reaches itself still loads."""

from __future__ import annotations

import io
import json
import random
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from engine.cli import MAX_INPUT_BYTES, main
from engine.core.deal import deal
from engine.bots.levels import make_bot
from engine.bots.match import play_hand
from engine.judge.legal import legal_actions
from engine.position import dump_position, load_position
from engine.core.state import Phase, State
from engine.variants import VARIANTS
from tests.engine.helpers import position

MESSAGE_LIMIT = 300


def run(verb: str, raw: bytes, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """``python -m engine VERB -`` in this process, ``raw`` on standard input."""
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(raw), encoding="utf-8"))
    code = main([verb, "-", "--lang", "en"])
    out, err = capsys.readouterr()
    return code, out, err


def judge_file(pos: Any, action: Any = None) -> bytes:
    return json.dumps({"position": pos, "action": action or {"type": "draw"}}).encode()


ANSWER = dict(phase="answer", turn=2, hands=[["Ah"], 11, ["Kc", "Kd"], 11])

# (name, verb, input, the field the message names): the report's eight causes, then the silent ones
CASES: list[tuple[str, str, bytes, str]] = [
    ("1 non-UTF-8 byte", "judge", b'{"position": {"variant": "cl\xffassic"}}', "FILE"),
    ("2 nested 1,000 deep", "judge", b"[" * 1000 + b"]" * 1000, "FILE"),
    ("3 4,301 digits", "judge", judge_file(position(["Ah"])).replace(b'"pile"', b'"seed": ' + b"9" * 4301 + b', "pile"'),
     "position.seed"),
    ("4 a list as the action type", "judge", judge_file(position(["Ah"]), {"type": ["draw"]}), "action.type"),
    ("4 an object as the action type", "judge", judge_file(position(["Ah"]), {"type": {"a": 1}}), "action.type"),
    ("5 a seat as text", "judge", judge_file(position(["Ah"], teams=[[0, 2], [1, "3"]])), "position.teams[1][1]"),
    ("5 a seat as a float", "judge", judge_file(position(["Ah"], teams=[[0.0, 2], [1, 3]])), "position.teams[0][0]"),
    ("5 seats as booleans", "judge", judge_file(position(["Ah"], teams=[[False, 2], [True, 3]])), "position.teams[0][0]"),
    ("6 players 10^8", "judge", judge_file(position(["Ah"], players=10**8, teams=[[0, 2], [1, 3]])), "position.players"),
    ("6 players 10^18", "judge", judge_file(position(["Ah"], players=10**18)), "position.players"),
    ("7 an opponent asked", "judge", judge_file(position([], **ANSWER, turn_state={"asker": 1, "asked": True}),
                                                {"type": "answer_go_out", "yes": True}), "position.turn_state.asker"),
    ("7 the player asked itself", "hint", json.dumps(position([], **ANSWER, turn_state={"asker": 2, "asked": True})).encode(),
     "turn_state.asker"),
    ("7 seat -1 asked", "score", json.dumps(position([], **ANSWER, turn_state={"asker": -1})).encode(), "turn_state.asker"),
    ("7 seat 9 asked", "judge", judge_file(position([], **ANSWER, turn_state={"asker": 9})), "position.turn_state.asker"),
    ("8 play phase, empty hand", "hint", json.dumps(position([], phase="play")).encode(), "hands[0]"),
    ("misspelt scores", "judge", judge_file(position(["Ah"], scors=[0, 0])), "position.scors"),
    ("misspelt turn_state", "judge", judge_file(position(["Ah"], turn_sate={})), "position.turn_sate"),
    ("misspelt turn_state field", "judge", judge_file(position(["Ah"], turn_state={"meled": True})),
     "position.turn_state.meled"),
    ("misspelt action field", "judge", judge_file(position(["Ah"]), {"type": "discard", "crad": "Ah"}), "action.crad"),
    ("unknown top-level field", "judge", json.dumps({"position": position(["Ah"]), "action": {"type": "draw"},
                                                     "actoin": 1}).encode(), "actoin"),
    ("a draw-phase position scored", "score", json.dumps(position([], phase="draw", hands=[[], 5, 5, 5])).encode(), "phase"),
    ("went out holding cards", "score", json.dumps(position(["Ah"], phase="end", went_out=0)).encode(), "went_out"),
    ("went out outside the end", "judge", judge_file(position(["Ah"], went_out=1)), "position.went_out"),
    ("concealed with nobody out", "score", json.dumps(position([], phase="end", concealed=True)).encode(), "concealed"),
    ("Classic owes a Royal replacement", "judge", judge_file(position(["Ah"], phase="play", turn_state={"replacements": 1}),
                                                            {"type": "draw_replacement"}), "position.turn_state.replacements"),
    ("Classic counts Royal's pile threes", "judge", judge_file(position(["Ah"], pile_threes=[1, 0, 0, 0])),
     "position.pile_threes"),
    ("permission in the draw phase", "hint", json.dumps(position(["Ah"], turn_state={"permission": True})).encode(),
     "turn_state.permission"),
    ("permission nobody asked for", "hint", json.dumps(position(["Ah"], phase="play", turn_state={"permission": True})).encode(),
     "turn_state.permission"),
    ("an answer phase without asked", "judge", judge_file(position([], **ANSWER, turn_state={"asker": 0})),
     "position.turn_state.asked"),
    ("a hand of 500 cards", "judge", judge_file(position(["Ah"] * 500)), "position.hands[0]"),
    ("a hidden hand of 500", "judge", judge_file(position(["Ah"], hands=[["Ah"], 500, 11, 11])), "position.hands[1]"),
    ("hidden hands beyond the decks", "judge", judge_file(position(["Ah"], hands=[["Ah"], 100, 11, 11])), "position.hands[2]"),
    ("a stock beyond the decks", "judge", judge_file(position(["Ah"], stock=100)), "position.stock"),
    ("more melds before than melds", "judge", judge_file(position(["Ah"], phase="play", turn_state={"melds_before": 3})),
     "position.turn_state.melds_before"),
    ("a 10 MB value", "judge", judge_file(position(["Ah"], variant="x" * 10_000_000)), "FILE"),
    ("a 900 kB value", "judge", judge_file(position(["Ah"], variant="x" * 900_000)), "position.variant"),
    ("a 900 kB key", "judge", judge_file(position(["Ah"], **{"k" * 900_000: 1})), "position.kkkk"),
    ("NaN", "judge", judge_file(position(["Ah"])).replace(b'"pile"', b'"turn": NaN, "pile"'), "position.turn"),
    ("a table of another size", "judge", judge_file(position(["Ah"], table="6-3x2")), "position.table"),
]


@pytest.mark.parametrize(("verb", "raw", "field"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_bad_input_exits_2_naming_the_field(verb: str, raw: bytes, field: str, monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(verb, raw, monkeypatch, capsys)
    assert (code, out) == (2, "")
    assert err.startswith(f"error: {field}"), err[:MESSAGE_LIMIT]
    assert len(err) <= MESSAGE_LIMIT


def test_a_file_with_a_non_utf8_byte_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(b'{"position": "\xe9"}')
    assert main(["score", str(path)]) == 2
    assert capsys.readouterr().err.startswith("error: FILE: ")


def test_input_over_the_limit_is_refused_unread(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run("hint", b" " * (MAX_INPUT_BYTES + 1), monkeypatch, capsys)
    assert code == 2 and "larger than" in err


def test_the_specs_score_file_needs_no_phase(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """The spec's score file is "a position at the end of a hand plus went_out": phase defaults to end."""
    data = position([], hands=[[], ["Ah"], 5, 5], went_out=0, melds=[[["Kd", "Kd", "Kc", "Ks", "Kh", "Kh", "Kc"]], []])
    code, out, _ = run("score", json.dumps(data).encode(), monkeypatch, capsys)
    assert code == 0 and json.loads(out)["teams"][0]["going_out"] == 100


def test_a_judged_position_reads_back_with_its_table(monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run("judge", judge_file(position(["Ah", "Ac", "5c"])), monkeypatch, capsys)
    after = json.loads(out)["position"]
    assert code == 0 and "table" in after
    assert run("judge", judge_file(after, {"type": "discard", "card": "5c"}), monkeypatch, capsys)[0] == 0


def test_a_position_loads_at_the_table_it_names_and_a_table_that_does_not_fit_is_refused() -> None:
    """Wiener's tables of 4 and 5 both deal four seats (at 5 one sits out): the name picks the table."""
    from engine.core.errors import InvalidInputError

    five = VARIANTS["wiener"].for_people(5)
    state = deal(five, random.Random(2))
    data = dump_position(state, reveal=True)
    assert data["table"] == "5" and load_position(data).rules is five
    assert load_position({**data, "table": "4"}).rules.table == "4"
    six = dump_position(deal(VARIANTS["royal"].for_people(6, "6-3x2"), random.Random(2)), reveal=True)
    for wrong in ("6-3v3", "4", 6):
        with pytest.raises(InvalidInputError) as refused:
            load_position({**six, "table": wrong})
        assert refused.value.field == "table" and "6-3x2" in str(refused.value)


def _reached(variant: str, table_name: str, hands: int) -> list[State]:
    rules = VARIANTS[variant]
    table = next(t for t in rules.tables if t.name == table_name)
    rules = rules.for_people(table.people, table.name)
    states: list[State] = []
    for number in range(hands):
        rng = random.Random(number)
        start = deal(rules, rng, dealer=number % rules.players)
        states.append(start)
        bots = [make_bot("random" if number % 2 else "basic") for _ in range(rules.players)]
        play_hand(start, bots, rng, lambda before, action, after: states.append(after))
    return states


@pytest.mark.parametrize(("variant", "table"), [(v, t.name) for v, r in VARIANTS.items() for t in r.tables])
def test_every_position_the_engine_reaches_passes_the_boundary(variant: str, table: str) -> None:
    """The consistency checks refuse only what play never produces."""
    phases = set()
    for state in _reached(variant, table, 2):
        for reveal in (True, False):
            again = load_position(json.loads(json.dumps(dump_position(state, reveal))))
            assert again.phase is state.phase and again.turn_state == state.turn_state
            # the cards seen going into a hand with the pile stay known and in that hand
            assert again.known == state.known
            assert all(not Counter(k) - Counter(h) for k, h in zip(again.known, again.hands))
            if reveal:  # nothing the judge reads is lost: a meld's order says which cards came this turn
                assert (again.rules, again.melds, again.hands, again.pile, again.stock) == \
                    (state.rules, state.melds, state.hands, state.pile, state.stock)
                assert legal_actions(again) == legal_actions(state)
        phases.add(state.phase)
    assert {Phase.DRAW, Phase.PLAY, Phase.END} <= phases


@pytest.mark.parametrize(("raw", "field"), [
    (judge_file(position(["Ah"], zzz=1)), "position.zzz"),
    (judge_file(position(["Ah"], turn_state={"zzz": 1})), "position.turn_state.zzz"),
    (judge_file(position(["Ah"]), {"type": "discard", "card": "Ah", "zzz": 1}), "action.zzz"),
    (json.dumps({"position": position(["Ah"]), "action": {"type": "draw"}, "zzz": 1}).encode(), "zzz"),
])
def test_the_known_fields_of_a_refusal_are_sorted_and_the_same_each_run(raw: bytes, field: str) -> None:
    """The fields a refusal lists come from a set: each run (each hash seed) listed them in another order."""
    import os
    import subprocess

    said = set()
    for seed in ("1", "2", "3", "4"):
        done = subprocess.run([sys.executable, "-m", "engine", "judge", "-", "--lang", "en"], input=raw,
                              capture_output=True, timeout=60, cwd=Path(__file__).resolve().parents[2],
                              env={**os.environ, "PYTHONHASHSEED": seed})
        assert done.returncode == 2
        said.add(done.stderr.decode())
    [message] = said
    assert message.startswith(f"error: {field}")
    listed = message.split("known: ", 1)[1].split(")", 1)[0].split(", ")
    assert listed == sorted(listed) and len(listed) >= 2
