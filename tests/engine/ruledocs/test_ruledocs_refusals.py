"""Beside every refusal the app shows the refused rule told in full: so the refusal must name the
rule that actually failed. Every refusal the rule tests meet is replayed through that rule's
check (``tests/engine/refusal_checks.py``, written from its statement in ``engine.ruledocs.told``)."""

from __future__ import annotations

import importlib
import inspect
import itertools
from collections.abc import Callable, Iterator
from functools import lru_cache
from typing import Any, NamedTuple

import pytest

from engine.core.errors import IllegalActionError
from engine.position import dump_position
from engine.core.rulebook import RULES
from engine.core.state import State
from tests.engine import helpers
from tests.engine.refusal_checks import CHECKS, Case

RULE_TESTS = ("test_classic_rules", "test_wiener_rules", "test_royal_rules", "test_swedish_rules")
NEVER_REFUSED = {"deal.upcard", "red_three.lay_out"}  # rules of the deal, never an action's refusal


class Refused(NamedTuple):
    test: str
    case: Case
    rule: str


def _calls(function: Any) -> Iterator[dict[str, Any]]:
    """The arguments pytest would call a test with: the product of its parametrize marks."""
    grids = []
    for mark in getattr(function, "pytestmark", []):
        if mark.name != "parametrize":
            continue
        names = [n.strip() for n in mark.args[0].split(",")] if isinstance(mark.args[0], str) else list(mark.args[0])
        rows = [getattr(v, "values", v) for v in mark.args[1]]
        grids.append([dict(zip(names, row if len(names) > 1 else (row,))) for row in rows])
    for combination in itertools.product(*grids):
        yield {k: v for part in combination for k, v in part.items()}


@lru_cache(maxsize=1)
def replayed() -> tuple[Refused, ...]:
    """Every refusal met while running the rule tests once more, with the position it met."""
    seen: list[Refused] = []
    for name in RULE_TESTS:
        module = importlib.import_module(f"tests.engine.variants.{name}")
        current = [""]

        def recording(state: State, action: dict[str, Any]) -> IllegalActionError:
            error = helpers.refusal(state, action)
            case = Case(state.rules.name, dump_position(state, reveal=True), action)
            seen.append(Refused(current[0], case, error.rule))
            return error

        # The rule tests call the ``refusal`` they imported: swap it in their module for the run.
        original: Callable[[State, dict[str, Any]], IllegalActionError] = getattr(module, "refusal")
        setattr(module, "refusal", recording)
        try:
            for test_name, function in inspect.getmembers(module, inspect.isfunction):
                if not test_name.startswith("test_"):
                    continue
                for kwargs in _calls(function):
                    if set(inspect.signature(function).parameters) != set(kwargs):
                        continue  # a test that needs fixtures is not a rule's refusal
                    current[0] = f"{name}::{test_name}{sorted(kwargs.values(), key=str) if kwargs else ''}"
                    try:
                        function(**kwargs)
                    except AssertionError:
                        pass  # the rule test reports its own failure
        finally:
            setattr(module, "refusal", original)
    return tuple(seen)


def test_the_rule_tests_meet_refusals_of_most_rules() -> None:
    refused = {r.rule for r in replayed()}
    assert len(replayed()) >= 40 and len(refused) >= 25, sorted(refused)


def test_every_refusal_names_the_rule_that_actually_failed() -> None:
    unchecked = sorted({r.rule for r in replayed()} - set(CHECKS))
    assert not unchecked, f"no check of these rules' condition in tests/engine/refusal_checks.py: {unchecked}"
    wrong = [f"{r.test}: {r.rule} for {r.case.action}" for r in replayed() if not CHECKS[r.rule](r.case)]
    assert not wrong, "refused with a rule whose condition does not hold:\n" + "\n".join(wrong)


def test_every_refusable_rule_has_a_check() -> None:
    assert set(CHECKS) == set(RULES) - NEVER_REFUSED


def _royal_meld(meld: list[str], **fields: Any) -> Case:
    position = helpers.position(meld + ["Kh", "Kd"], variant="royal", phase="play", **fields)
    position["hands"] = [meld + ["Kh", "Kd"], 15, 15, 15]
    state = helpers.state_of(position["hands"][0], variant="royal", phase="play", hands=position["hands"], **fields)
    return Case("royal", dump_position(state, reveal=True), {"type": "meld", "melds": [meld]})


OPENED = {"melds": [[["Kc", "Kc", "Ks"]], []]}


@pytest.mark.parametrize(
    ("meld", "rule", "not_rule"),
    [
        (["3c", "3s", "JK"], "meld.black_threes_wild", "meld.mixed_ranks"),  # they are all threes
        (["3s"], "meld.black_threes", "meld.too_small"),  # black threes go onto red threes
        (["8c", "8d", "2c", "JK"], None, "meld.too_many_wilds"),  # two natural, two wild: allowed in Royal
    ],
)
def test_a_check_tells_the_rule_that_failed_from_one_that_did_not(meld: list[str], rule: str | None,
                                                                 not_rule: str) -> None:
    case = _royal_meld(meld, **OPENED)
    if rule is not None:
        assert CHECKS[rule](case)
    assert not CHECKS[not_rule](case)


@pytest.mark.parametrize(
    "meld",
    [
        ["3c", "3s", "JK"],  # once refused as "mixes ranks": they are all threes
        ["3c", "3s", "2d"],
        ["3s"],  # once refused as "at least 3 cards": black threes go onto red ones
        ["8c", "8d", "8h", "2c", "2d", "JK"],
    ],
)
def test_royal_refusals_of_threes_name_the_rule_that_failed(meld: list[str]) -> None:
    hand = meld + ["Kh", "Kd"]
    state = helpers.state_of(hand, variant="royal", phase="play", hands=[hand, 15, 15, 15], **OPENED)
    action = {"type": "meld", "melds": [meld]}
    error = helpers.refusal(state, action)
    assert error.rule in CHECKS, f"no check of {error.rule}"
    assert CHECKS[error.rule](Case("royal", dump_position(state, reveal=True), action)), error.rule


UNMET = [  # refusals the rule tests do not meet, so that every check is tried on the engine
    ("classic", "meld.red_three", ["3h", "3d", "2c", "9c", "9d", "Kd"],
     {"type": "take_pile", "meld": ["9c", "9d"], "melds": [["3h", "3d", "2c"]]},
     {"phase": "draw", "pile": ["7s", "9s"], "melds": [[["Kc", "Kc", "Ks"]], []]}),
    ("royal", "meld.bolivia", ["9c", "Kd", "Qd"], {"type": "meld", "layoffs": [{"onto": 1, "cards": ["9c"]}]},
     {"phase": "play", "hands": [["9c", "Kd", "Qd"], 15, 15, 15], "melds": [[["Kc", "Kc", "Ks"], ["2h", "2d", "JK"]], []]}),
    ("royal", "replacement.stock_empty", ["Kd", "Qd", "Jd"], {"type": "draw_replacement"},
     {"phase": "play", "hands": [["Kd", "Qd", "Jd"], 15, 15, 15], "stock": 0, "melds": [[["Kc", "Kc", "Ks"], ["3h"]], []],
      "turn_state": {"melded": True, "took_pile": False, "replacements": 1}}),
]


@pytest.mark.parametrize(("variant", "rule", "hand", "action", "fields"), UNMET)
def test_refusals_the_rule_tests_do_not_meet_name_the_rule_that_failed(
        variant: str, rule: str, hand: list[str], action: dict[str, Any], fields: dict[str, Any]) -> None:
    state = helpers.state_of(hand, variant=variant, **fields)
    error = helpers.refusal(state, action)
    assert error.rule == rule
    assert CHECKS[rule](Case(variant, dump_position(state, reveal=True), action))


def test_every_check_is_tried_on_a_refusal_of_the_engine() -> None:
    assert {r.rule for r in replayed()} | {case[1] for case in UNMET} == set(CHECKS)
