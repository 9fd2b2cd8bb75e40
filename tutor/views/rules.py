"""The rules reference, a pure view over the table: a search field, the contents (the lessons'
topics, each a tap that scrolls to it), and each topic's rules, one heading a rule with its statements,
examples, and the text's own words with their translation. The grouping and the search are
:mod:`tutor.table.reference`'s; here they are drawn."""

from __future__ import annotations

import flet as ft

from engine.core.i18n import N_, NP_
from tutor.table.model import TableModel
from tutor.table.reference import Heading, Topic, count, heading_of, reference, search
from tutor.views.memo import memo
from tutor.views.widgets import FONT, TARGET, Handlers, _, counted, on
from tutor.views.screens import _passing

MATCHES = NP_("{count} rule matches", "{count} rules match")


def rules_view(model: TableModel, handlers: Handlers, highlight: str = "", query: str = "") -> ft.Control:
    """The rules reference of the model's variant in the learner's language; ``highlight``: the rule
    a refusal links to, marked (the shell scrolls to :func:`scroll_key`); ``query``: the search typed."""
    return memo("rules", (model.rules, model.lang, highlight, query, handlers),
                lambda: _rules_view(model, handlers, highlight, query))


def scroll_key(model: TableModel, rule_id: str) -> str | None:
    """The key of the heading the rule is told under, in the list as drawn without a search."""
    return heading_of(reference(model.rules, model.lang), rule_id)


def _rules_view(model: TableModel, handlers: Handlers, highlight: str, query: str) -> ft.Control:
    topics = reference(model.rules, model.lang)
    shown = search(topics, query)
    rows: list[ft.Control] = []
    if not query.strip():
        rows.append(_contents(model, handlers, topics))
    for topic in shown:
        rows.append(ft.Semantics(identifier=f"rules-topic-{topic.key}", header=True, content=ft.Container(
            # Flet makes its keys dataclasses through an untyped decorator (flet/controls/keys.py), so
            # mypy does not see their one field
            key=ft.ScrollKey(f"topic-{topic.key}"),  # type: ignore[call-arg]
            padding=ft.Padding.only(top=10), content=ft.Text(topic.title, size=18, weight=ft.FontWeight.BOLD,
                                                             font_family=FONT))))
        rows += [_heading(model, heading, highlight in heading.rules) for heading in topic.headings]
    close = ft.Semantics(identifier="rules-close", content=ft.Button(
        height=TARGET, content=_(model, N_("Close")), icon=ft.Icons.CLOSE,
        on_click=on(handlers.close_rules) if handlers.close_rules else None))
    title = ft.Row([ft.Text(_(model, N_("Rules of {variant}")).format(variant=_(model, model.rules.title)),
                            size=20, weight=ft.FontWeight.BOLD, font_family=FONT, expand=True), close])
    field = ft.Semantics(identifier="rules-search", content=ft.TextField(
        label=_(model, N_("Search the rules")), value=query, dense=True, prefix_icon=ft.Icons.SEARCH,
        on_change=_passing(handlers.search_rules), keyboard_type=ft.KeyboardType.TEXT))
    top: list[ft.Control] = [title, field]
    if query.strip():
        found = count(shown)
        said = (counted(model, MATCHES, found) if found else
                _(model, N_("No rule matches \u201c{query}\u201d.")).format(query=query.strip()))
        top.append(ft.Semantics(identifier="rules-count", live_region=True, label=said,
                                content=ft.Text(said, font_family=FONT, color=ft.Colors.GREY_800)))
    return ft.Semantics(identifier="rules-reference", content=ft.Container(
        bgcolor=ft.Colors.WHITE, padding=12, border_radius=8, expand=True,
        border=ft.Border.all(1, ft.Colors.GREY_400),
        content=ft.Column([*top, ft.Column(rows, scroll=ft.ScrollMode.AUTO, expand=True, spacing=4,
                                           key="rules-list")], expand=True, spacing=6)))


def _contents(model: TableModel, handlers: Handlers, topics: tuple[Topic, ...]) -> ft.Control:
    """The topics, each a tap that scrolls the list to it."""
    links: list[ft.Control] = [ft.Semantics(identifier=f"rules-contents-{topic.key}", content=ft.TextButton(
        height=TARGET, content=ft.Text(topic.title, font_family=FONT),
        on_click=on(handlers.rules_topic, topic.key) if handlers.rules_topic else None)) for topic in topics]
    return ft.Semantics(identifier="rules-contents", content=ft.Column([
        ft.Text(_(model, N_("Contents")), size=16, weight=ft.FontWeight.BOLD, font_family=FONT),
        ft.Row(links, wrap=True, spacing=0, run_spacing=0)], spacing=0))


def _heading(model: TableModel, heading: Heading, marked: bool) -> ft.Control:
    parts: list[ft.Control] = [ft.Text(heading.title, weight=ft.FontWeight.BOLD, font_family=FONT, size=16)]
    for statement, example in heading.told:
        parts.append(ft.Text(statement, font_family=FONT))
        parts.append(ft.Text(_(model, N_("Example: {example}")).format(example=example), font_family=FONT,
                             italic=True))
    if heading.note:
        parts.append(ft.Text(heading.note, font_family=FONT, size=13, color=ft.Colors.GREY_800))
    for passage in heading.passages:
        parts.append(ft.Text(_(model, N_("Source: {source}")).format(source=passage.source), size=13,
                             font_family=FONT))
        words: list[ft.Control] = [ft.Text(f"\u201c{passage.quote}\u201d", size=13, italic=True, font_family=FONT)]
        if passage.translation:
            words.append(ft.Text(_(model, N_("Translation: {translation}")).format(translation=passage.translation),
                                 size=13, font_family=FONT))
        parts.append(ft.Container(
            padding=ft.Padding.only(left=10), border=ft.Border.only(left=ft.BorderSide(3, ft.Colors.GREY_400)),
            content=ft.Column(words, spacing=2)))
    return ft.Semantics(identifier="rule-marked" if marked else f"rule-{heading.key}", content=ft.Container(
        key=ft.ScrollKey(heading.key),  # type: ignore[call-arg]
        bgcolor=ft.Colors.AMBER_50 if marked else None, padding=8,
        border_radius=6, content=ft.Column(parts, spacing=3)))
