"""The rules reference drawn (tutor/views/rules.py): contents, search field, one heading a rule, the
passages with their translation."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any, cast

import flet as ft

from tests.tutor.helpers import semantics, walk
from tutor.table.model import TableModel
from tutor.views.rules import rules_view, scroll_key
from tutor.views.widgets import Handlers


def _handlers(typed: list[str] | None = None, topics: list[str] | None = None) -> Handlers:
    def nothing(*args: object) -> None:
        return None

    return Handlers(nothing, nothing, nothing, nothing, nothing, nothing, nothing, nothing, close_rules=nothing,
                    search_rules=(typed.append if typed is not None else nothing),
                    rules_topic=(topics.append if topics is not None else nothing))


def _texts(control: object) -> list[str]:
    return [c.value for c in walk(control) if isinstance(c, ft.Text) and isinstance(c.value, str)]


def test_the_reference_opens_with_a_search_field_and_the_contents_by_topic() -> None:
    model = TableModel.new_game("royal", 4, "en", seed=1)
    nodes = semantics(rules_view(model, _handlers()))
    assert {"rules-search", "rules-contents", "rules-close", "rules-contents-basics", "rules-contents-royal",
            "rules-contents-going_out", "rules-topic-pile"} <= set(nodes)
    assert "rules-count" not in nodes  # nothing typed, nothing counted
    texts = _texts(rules_view(model, _handlers()))
    assert texts.count("Asking partner") == 1 and texts.count("Taking the pile") == 1
    assert not any("pagat" in text for text in texts)


def test_typing_narrows_the_list_and_says_how_many_match_or_that_none_does() -> None:
    model = TableModel.new_game("classic", 4, "en", seed=1)
    found = rules_view(model, _handlers(), query="frozen pile")
    nodes = semantics(found)
    assert "rules-contents" not in nodes and str(nodes["rules-count"].label).endswith("rules match")
    titles = _texts(found)
    assert "The frozen pile" in titles and "Draw first" not in titles
    none = semantics(rules_view(model, _handlers(), query="xylophone"))
    assert none["rules-count"].label == "No rule matches \u201cxylophone\u201d."
    one = semantics(rules_view(model, _handlers(), query="blocked pile under any circumstances"))
    assert one["rules-count"].label == "1 rule matches"


def test_the_field_and_the_contents_call_the_shell() -> None:
    typed: list[str] = []
    topics: list[str] = []
    model = TableModel.new_game("classic", 4, "en", seed=1)
    nodes = semantics(rules_view(model, _handlers(typed, topics)))
    field = nodes["rules-search"].content
    assert isinstance(field, ft.TextField) and field.on_change is not None
    field.value = "frozen"
    asyncio.run(cast(Any, field.on_change)(SimpleNamespace(control=field)))
    button = nodes["rules-contents-pile"].content
    assert isinstance(button, ft.TextButton) and button.on_click is not None
    asyncio.run(cast(Any, button.on_click)(SimpleNamespace(control=button)))
    assert typed == ["frozen"] and topics == ["pile"]


def test_a_refused_rule_marks_its_heading_which_the_list_scrolls_to() -> None:
    model = TableModel.new_game("royal", 4, "en", seed=1)
    nodes = semantics(rules_view(model, _handlers(), highlight="ask.twice"))
    assert "rule-marked" in nodes and "Asking partner" in _texts(nodes["rule-marked"])
    key = scroll_key(model, "ask.twice")
    assert key is not None and key == scroll_key(model, "going_out.refused")
    assert f"rule-{key}" not in nodes  # the marked heading is the one under that key


def test_a_passage_is_followed_by_its_translation_unless_it_is_the_learners_language() -> None:
    classic = TableModel.new_game("classic", 4, "de", seed=1)  # Icelandic text, a German learner
    texts = _texts(rules_view(classic, _handlers(), query="eingefroren"))
    assert any(t.startswith("\u201cFrystan haug") for t in texts)
    assert any(t.startswith("Übersetzung: Ein eingefrorenes Paket darfst du nur kaufen") for t in texts)
    icelandic = TableModel.new_game("classic", 4, "is", seed=1)
    assert not any(t.startswith("Þýðing:") for t in _texts(rules_view(icelandic, _handlers())))
