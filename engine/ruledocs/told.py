"""Each rule told in full, in the learner's language: what it allows and forbids, an example,
and the variant's own words for it with where they stand.

The app's rules reference and every refusal show a :class:`RuleDoc`; the judge's JSON carries
one on a refusal. The texts are data (``engine.ruledocs.texts``: statements, examples and the note,
English msgids; ``engine.ruledocs.quotes``: the seed passages and section headings;
``engine.ruledocs.passages``: the passages' translations) and every variant's rule ids, in
``Rules.sources``, have them all: ``tests/engine/ruledocs/test_ruledocs.py`` checks it for every language, and finds every passage verbatim in its seed.

>>> from engine.variants import get_variant
>>> doc = rule_doc(get_variant("royal"), "pile.single_card", "en")
>>> doc.source, doc.quote_lang
('Royal Canasta · The pile', 'sv')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from engine.core.i18n import translate, translate_text
from engine.core.rulebook import RULES, title
from engine.ruledocs.quotes import HEADINGS, QUOTES, SEED_LANGUAGES
from engine.ruledocs.passages import translation
from engine.ruledocs.texts import SILENT, TOLD, VARIANT_TOLD, Told

if TYPE_CHECKING:
    from engine.core.rules import Rules


class RuleDoc(NamedTuple):
    rule_id: str
    title: str  # the rule's title in `lang` (engine.core.rulebook.title)
    statement: str  # one sentence in `lang`: what the rule allows and forbids, in this variant
    example: str  # a short example in `lang`
    source: str  # in `lang`: the variant's name and the section, e.g. "Royal Canasta · Table talk"
    quote: str  # the seed's own passage, verbatim, in the seed's language
    quote_lang: str  # "sv", "de" or "is"
    note: str  # in `lang`: that the text is silent here and the usual rule is followed ("" if it is not)
    translation: str  # the quote in `lang`, faithfully ("" where `lang` is the quote's own)


class MissingRuleDoc(LookupError):
    """A rule id of a variant without its statement, passage or heading: a gap in the data."""


def _told(variant: str, rule_id: str) -> Told:
    told = VARIANT_TOLD.get(variant, {}).get(rule_id) or TOLD.get(rule_id)
    if told is None:
        raise MissingRuleDoc(f"{rule_id} has no statement (engine/ruledocs/texts.py)")
    return told


def rule_doc(rules: Rules, rule_id: str, lang: str) -> RuleDoc:
    """The rule ``rule_id`` of ``rules``' variant, told in ``lang``.

    Raises ``KeyError`` if the variant has no such rule, :class:`MissingRuleDoc` if the data
    lacks a part of it (the tests make sure it never does).
    """
    source = rules.source(rule_id)
    if source is None:
        raise KeyError(f"{rules.name} has no rule {rule_id!r}")
    told = _told(rules.name, rule_id)
    quote = QUOTES.get(rules.name, {}).get(rule_id)
    heading = HEADINGS.get(rules.name, {}).get(source.section)
    if quote is None or heading is None:
        raise MissingRuleDoc(f"{rules.name} {rule_id}: no passage or no heading for {source.section!r}"
                             " (engine/ruledocs/quotes.py)")
    quote_lang = SEED_LANGUAGES[source.seed]
    translated = translation(rules.name, quote)
    if translated is None:
        raise MissingRuleDoc(f"{rules.name} {rule_id}: its passage has no translation (engine/ruledocs/passages.py)")
    return RuleDoc(
        rule_id=rule_id,
        title=title(rule_id, lang),
        statement=translate(told.statement, lang),
        example=translate(told.example, lang),
        source=f"{translate(rules.title, lang)} · {translate_text(heading, {}, lang)}",
        quote=quote,
        quote_lang=quote_lang,
        note=translate(SILENT, lang) if source.note else "",
        translation="" if lang == quote_lang else translate_text(translated, {}, lang),
    )


def rule_ids(rules: Rules) -> tuple[str, ...]:
    """Every rule id of the variant, in reading order: the rulebook's order, which follows a hand
    from the deal through the turn to going out (ids the rulebook lacks come last)."""
    order = {rule_id: index for index, rule_id in enumerate(RULES)}
    return tuple(sorted(rules.sources, key=lambda rule_id: order.get(rule_id, len(order))))
