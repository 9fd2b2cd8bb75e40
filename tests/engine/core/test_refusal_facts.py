"""Every refusal's sentence can be written from the facts its raise sites pass.

The raise sites are read from the engine's source (every ``IllegalActionError(...)`` call in
``engine/**/*.py``): the rule id, or the rule ids an expression can stand for, and the facts named.
Each rule's sentence is then formatted from exactly those facts, in every language and in every
plural form, for a side of partners and for a player alone: a template that names a fact one
of its raise sites does not pass fails here, not in front of a learner.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

import pytest

from engine.core.cards import parse_card, parse_cards
from engine.core.i18n import LANGUAGES
from engine.core.input_errors import FactValue
from engine.core.rulebook import RULES, explain
from engine.variants import VARIANTS

ENGINE = Path(__file__).resolve().parents[3] / "engine"

# A rule id held in a variable at the raise site: where the variable comes from. Attributes of the
# rules (``state.rules.going_out_rule``) are read from every variant at every table; a local name
# stands for the rule ids the named hook returns, read from that hook's source.
HOOKS = {"blocker": "pile_blocker"}

# One sample value per fact, of the kind the rulebook's convention gives it (engine.core.rulebook).
SAMPLES: dict[str, FactValue] = {
    "rank": 9, "card": parse_card("9h"), "top": parse_card("9h"), "freezer": parse_card("2c"),
    "cards": tuple(parse_cards(["9h", "9c", "2d"])), "others": tuple(parse_cards(["5s", "5d"])),
    "meld": "Samba",
}
COUNTS = (0, 1, 2, 5, 21)  # every plural form of the four languages (21: Icelandic's "one")


class Site(NamedTuple):
    where: str  # file:line
    rules: frozenset[str]
    facts: frozenset[str]


def _hook_rule_ids(name: str) -> set[str]:
    found: set[str] = set()
    for path in sorted(ENGINE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and node.name == name:
                found |= {c.value for c in ast.walk(node)
                          if isinstance(c, ast.Constant) and isinstance(c.value, str) and c.value in RULES}
    return found


def _rule_ids(node: ast.expr, where: str) -> set[str]:
    """The rule ids the first argument of a raise site can be."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return {node.value}
    if isinstance(node, ast.IfExp):
        return _rule_ids(node.body, where) | _rule_ids(node.orelse, where)
    if isinstance(node, ast.Attribute):
        values = {getattr(variant.for_seats(table.players, table.teams, table=table.name), node.attr)
                  for variant in VARIANTS.values() for table in variant.tables}
        assert all(isinstance(v, str) for v in values), f"{where}: {node.attr} is not a rule id of every variant"
        return {str(v) for v in values}
    if isinstance(node, ast.Name) and node.id in HOOKS:
        return _hook_rule_ids(HOOKS[node.id])
    raise AssertionError(f"{where}: the rule id {ast.unparse(node)} cannot be read; teach this test where it comes from")


def raise_sites() -> Iterator[Site]:
    for path in sorted(ENGINE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "IllegalActionError"):
                continue
            where = f"{path.name}:{node.lineno}"
            assert node.args, f"{where}: a refusal without its rule id"
            assert all(k.arg is not None for k in node.keywords), f"{where}: facts passed as **mapping cannot be read"
            yield Site(where, frozenset(_rule_ids(node.args[0], where)), frozenset(str(k.arg) for k in node.keywords))


SITES = tuple(raise_sites())


def _facts(names: frozenset[str], count: int) -> dict[str, FactValue]:
    facts: dict[str, FactValue] = {}
    for name in names:
        if name == "limit":
            facts[name] = next(iter(VARIANTS.values())).wild_limit
        else:
            facts[name] = SAMPLES.get(name, count)
    return facts


def test_the_raise_sites_are_found_and_name_known_rules() -> None:
    assert len(SITES) > 50
    rules = {r for site in SITES for r in site.rules}
    assert rules <= set(RULES), rules - set(RULES)
    # the variable rule ids are read too: the side's canastas for going out, Royal's black threes, the blocked pile
    assert {"going_out.needs_samba", "meld.black_threes_alone", "pile.blocked_canasta"} <= rules


@pytest.mark.parametrize("site", SITES, ids=lambda s: s.where)
def test_every_refusal_template_is_filled_by_the_facts_its_raise_site_passes(site: Site) -> None:
    for rule in sorted(site.rules):
        for lang in LANGUAGES:
            for count in COUNTS:
                for alone in (False, True):
                    text = explain(rule, _facts(site.facts, count), lang, alone=alone)
                    assert text and "{" not in text, (site.where, rule, lang, text)


def test_a_template_missing_a_fact_is_caught() -> None:
    """The check itself: Royal's black threes named without the cards (how ``judge`` once crashed)."""
    with pytest.raises(KeyError):
        explain("meld.black_threes_alone", _facts(frozenset({"count"}), 2), "en")
