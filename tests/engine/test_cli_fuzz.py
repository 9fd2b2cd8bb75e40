"""Hypothesis fuzzes the command line: any JSON, any bytes, any position with a field broken
gives exit 0 or 2, never a traceback, and every refusal names a field in under 300 characters.
Bounded and seeded (derandomized), so it runs fast and the same each time; bench/fuzz_cli.py runs
10,000 inputs."""

from __future__ import annotations

import io
import json
import re
import sys
from contextlib import redirect_stderr, redirect_stdout
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.cli import main
from tests.engine.helpers import position

NAMED = re.compile(r"^error: [A-Za-z_][\w…]*(\[\d+\])*(\.[\w…]+(\[\d+\])*)*: \S")
FIELDS = ["variant", "players", "teams", "table", "dealer", "turn", "phase", "scores", "hands", "melds", "red_threes",
          "pile", "stock", "turn_state", "has_melded", "seed", "went_out", "concealed", "hand_canasta", "pile_threes",
          "scors", "turn_sate"]
SETTINGS = settings(max_examples=100, derandomize=True, deadline=None, database=None,
                    suppress_health_check=[HealthCheck.too_slow])

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-(10**30), max_value=10**30) | st.floats(allow_nan=False)
    | st.text(max_size=12) | st.sampled_from(["Ah", "JK", "10h", "draw", "play", "answer", "end", "classic", "royal"]),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.sampled_from(["type", "a", "meld", "onto", "asker"]), inner,
                                                                max_size=3),
    max_leaves=12,
)


def cli(verb: str, raw: bytes) -> tuple[int, str]:
    stdin, out, err = sys.stdin, io.StringIO(), io.StringIO()
    sys.stdin = io.TextIOWrapper(io.BytesIO(raw), encoding="utf-8")
    try:
        with redirect_stdout(out), redirect_stderr(err):
            code = main([verb, "-", "--lang", "en"])
    finally:
        sys.stdin = stdin
    return code, err.getvalue()


def assert_answered(code: int, err: str) -> None:
    assert code in (0, 2)
    if code == 2:
        assert NAMED.match(err) and len(err) <= 300, err[:300]


@SETTINGS
@given(verb=st.sampled_from(["judge", "score", "hint"]), raw=st.binary(max_size=200))
def test_any_bytes(verb: str, raw: bytes) -> None:
    assert_answered(*cli(verb, raw))


@SETTINGS
@given(verb=st.sampled_from(["judge", "score", "hint"]), changes=st.dictionaries(st.sampled_from(FIELDS), json_values,
                                                                                 min_size=1, max_size=3),
       action=json_values)
def test_a_position_with_fields_broken(verb: str, changes: dict[str, Any], action: Any) -> None:
    data: Any = position(["Ah", "Ac", "5c"], **changes)
    if verb == "judge":
        data = {"position": data, "action": action}
    assert_answered(*cli(verb, json.dumps(data).encode()))


@SETTINGS
@given(turn_state=st.dictionaries(st.sampled_from(["melded", "took_pile", "asked", "asker", "permission", "concealed",
                                                   "melds_before", "hand_canasta", "replacements"]),
                                  st.none() | st.booleans() | st.integers(-2, 9)),
       phase=st.sampled_from(["draw", "play", "answer", "end"]), turn=st.integers(0, 3),
       went_out=st.none() | st.integers(0, 3), verb=st.sampled_from(["judge", "score", "hint"]))
def test_turn_states_phases_and_endings(turn_state: dict[str, Any], phase: str, turn: int, went_out: int | None,
                                        verb: str) -> None:
    hands: list[Any] = [11, 11, 11, 11]
    hands[turn] = ["Ah", "Ac", "5c"] if phase != "end" else []
    data: Any = position([], hands=hands, turn=turn, phase=phase, turn_state=turn_state, went_out=went_out)
    if verb == "judge":
        data = {"position": data, "action": {"type": "answer_go_out", "yes": True} if phase == "answer" else {"type": "draw"}}
    assert_answered(*cli(verb, json.dumps(data).encode()))
