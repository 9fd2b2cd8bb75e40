"""Every rule told in full: statement, example, source and the seed's own words, in every language.

The seeds are the truth: each passage is found in its seed verbatim (whitespace aside), inside the
section its variant's ``Rules.sources`` cites. The four texts are not part of this repository: these
checks read them from the folder ``CANASTA_SEEDS`` names (``.ci/run`` sets it), fail where that folder
lacks a text, and are skipped, saying so, where the variable is not set.
"""

from __future__ import annotations

import json
import os
import re
from functools import lru_cache
from pathlib import Path

import pytest

from engine.core.i18n import LANGUAGES, translate, translate_text
from engine.core.rulebook import RULES
from engine.ruledocs.told import MissingRuleDoc, rule_doc, rule_ids
from engine.ruledocs.quotes import HEADINGS, QUOTES, SEED_LANGUAGES
from engine.ruledocs.passages import PASSAGES, is_passage
from engine.ruledocs.texts import SILENT, TOLD, VARIANT_TOLD
from engine.core.rules import Rules
from engine.variants import VARIANTS, get_variant

SEEDS = Path(os.environ["CANASTA_SEEDS"]) if os.environ.get("CANASTA_SEEDS") else None
NO_SEEDS = ("the rule texts (seeds 000 to 003) are not in this repository: set CANASTA_SEEDS to their folder "
            "to check the quoted passages against them")
CASES = [(name, rule_id) for name, rules in VARIANTS.items() for rule_id in rule_ids(rules)]
LIST_MARK = re.compile(r"^(?:-\s*|\d+\.\s*)")


def _normal(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


@lru_cache(maxsize=None)
def _seed_lines(seed: str) -> tuple[str, ...]:
    if SEEDS is None:
        pytest.skip(NO_SEEDS)
    path = SEEDS / seed
    assert path.exists(), f"the seed text {seed} is not in {SEEDS}: set CANASTA_SEEDS to the seeds' folder"
    return tuple(_normal(line) for line in path.read_text(encoding="utf-8").splitlines())


def _starts(line: str, section: str) -> bool:
    return LIST_MARK.sub("", line).rstrip(":").startswith(section) or line.startswith(section)


def _section_text(rules: Rules, section: str) -> str:
    """The seed's text from the cited section's heading (or first words) to the next section any
    of the variant's rules cite: a heading is a line of its own; Wiener's first words may be a
    list item's or stand inside a line."""
    lines = _seed_lines(rules.seed)
    bare = [LIST_MARK.sub("", line).rstrip(":") for line in lines]
    headings = {s.section for s in rules.sources.values() if s.section in bare}

    def opens(i: int, wanted: str) -> bool:
        return bare[i] == wanted if wanted in headings else _starts(lines[i], wanted)

    start = next((i for i in range(len(lines)) if opens(i, section)), None)
    if start is None:
        start = next((i for i, line in enumerate(lines) if section in line), None)
    assert start is not None, f"{rules.name}: section {section!r} is not in {rules.seed}"
    others = {s.section for s in rules.sources.values()} - {section}
    end = next((i for i in range(start + 1, len(lines)) if any(opens(i, o) for o in others)), len(lines))
    first = lines[start][lines[start].index(section):] if section in lines[start] else lines[start]
    return " ".join((first, *lines[start + 1:end]))


@pytest.mark.parametrize(("variant", "rule_id"), CASES)
def test_every_rule_is_told_in_full_in_every_language(variant: str, rule_id: str) -> None:
    rules = get_variant(variant)
    english = rule_doc(rules, rule_id, "en")
    for lang in LANGUAGES:
        doc = rule_doc(rules, rule_id, lang)
        assert all((doc.title, doc.statement, doc.example, doc.source, doc.quote, doc.quote_lang)), doc
        assert doc.rule_id == rule_id and doc.quote == english.quote
        if lang != "en":
            assert doc.statement != english.statement, f"{lang}: statement of {variant} {rule_id} untranslated"
            assert doc.example != english.example, f"{lang}: example of {variant} {rule_id} untranslated"
            assert doc.note != english.note or not doc.note, f"{lang}: note of {variant} {rule_id} untranslated"
        if lang == doc.quote_lang:
            assert doc.translation == "", f"{lang}: the passage is shown in its own language, untranslated"
        else:
            assert doc.translation and doc.translation != doc.quote, f"{lang}: {variant} {rule_id}'s passage untranslated"
            assert lang == "en" or doc.translation != english.translation, f"{lang}: {variant} {rule_id}'s passage in English"
        assert ".txt" not in doc.source and "00" not in doc.source, doc.source
        assert doc.source.startswith(translate(rules.title, lang) + " · ")


@pytest.mark.parametrize(("variant", "rule_id"), CASES)
def test_every_passage_is_the_seeds_own_words_in_the_cited_section(variant: str, rule_id: str) -> None:
    rules = get_variant(variant)
    source = rules.sources[rule_id]
    doc = rule_doc(rules, rule_id, "en")
    assert doc.quote_lang == SEED_LANGUAGES[rules.seed]
    section = _normal(_section_text(rules, source.section))
    position = 0
    for part in doc.quote.split(" … "):
        found = section.find(_normal(part), position)
        assert found >= 0, f"{variant} {rule_id}: not in {rules.seed}, section {source.section!r}: {part!r}"
        position = found + len(_normal(part))


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_source_names_the_section_in_the_learners_language(variant: str) -> None:
    """In the seed's own language the heading is the seed's; in the others it is never the seed's."""
    rules = get_variant(variant)
    seed_lang = SEED_LANGUAGES[rules.seed]
    for section, heading in HEADINGS[variant].items():
        for lang in LANGUAGES:
            shown = translate_text(heading, {}, lang)
            if lang == seed_lang and variant != "wiener":  # Wiener's copy has no headings to keep
                assert shown.casefold() == section.casefold(), (lang, section, shown)
            elif lang != seed_lang:
                assert shown.casefold() != section.casefold(), (lang, section, shown)
            assert lang == "en" or shown != heading.message, f"{lang}: heading {heading.message!r} untranslated"


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_data_holds_exactly_the_variants_rules(variant: str) -> None:
    """No rule without its parts (above), and no part left behind by a rule that has gone."""
    rules = get_variant(variant)
    _same("passages (engine/ruledocs/quotes.py)", set(QUOTES[variant]), set(rules.sources))
    _same("headings (engine/ruledocs/quotes.py)", set(HEADINGS[variant]), {s.section for s in rules.sources.values()})
    quotes = {QUOTES[variant][r] for r in rules.sources}
    translated = [QUOTES[variant][r] for r in PASSAGES[variant]]
    assert len(translated) == len(set(translated)), "a passage translated twice (engine/ruledocs/passages.py)"
    assert set(translated) == quotes, f"passages without a translation: {sorted(quotes - set(translated))[:3]}"
    assert not set(VARIANT_TOLD.get(variant, {})) - set(rules.sources), "statements of rules the variant lacks"
    assert set(rule_ids(rules)) == set(rules.sources) and len(rule_ids(rules)) == len(rules.sources)


def _same(what: str, have: set[str], wanted: set[str]) -> None:
    assert have == wanted, f"{what}: missing {sorted(wanted - have)}, left behind {sorted(have - wanted)}"


def test_every_rule_has_a_statement_and_every_statement_a_rule() -> None:
    used = {rule_id for rules in VARIANTS.values() for rule_id in rules.sources}
    assert set(RULES) == used
    _same("statements (engine/ruledocs/texts.py TOLD)", set(TOLD), set(RULES))


def test_rule_ids_follow_a_hand_from_the_deal_to_going_out() -> None:
    ids = rule_ids(get_variant("royal"))
    assert ids[0] == "deal.upcard"
    assert ids.index("turn.draw_first") < ids.index("pile.frozen") < ids.index("meld.samba") < ids.index("ask.twice")


def test_a_variant_tells_its_own_rule_where_its_text_differs() -> None:
    """Wiener's wild-card limit is its composition table, not Classic's "fewer than the naturals"."""
    classic = rule_doc(get_variant("classic"), "meld.too_many_wilds", "en").statement
    wiener = rule_doc(get_variant("wiener"), "meld.too_many_wilds", "de")
    assert "fewer wild cards than natural ones" in classic
    assert "Vierling" in wiener.quote and "überwiegen" in wiener.statement
    assert wiener.source == "Wiener Canasta · Die Zusammensetzung der Figuren"


def test_the_source_is_never_a_file_name_nor_the_seeds_heading_in_another_language() -> None:
    doc = rule_doc(get_variant("classic"), "pile.blocked", "de")
    assert doc.source == "Klassisches Canasta · Das gesperrte Paket"
    assert doc.quote.startswith("Ef það er rauður þristur") and doc.quote_lang == "is"
    assert rule_doc(get_variant("classic"), "pile.blocked", "is").source.endswith("· Lokaður haugur")


def test_where_the_text_is_silent_the_learner_is_told_so_plainly() -> None:
    """The reasons (pagat.com, the text's web game, ...) are the developers' record, not the learner's."""
    doc = rule_doc(get_variant("swedish"), "ask.twice", "sv")
    assert doc.note == translate(SILENT, "sv") and "pagat" not in doc.note
    assert rule_doc(get_variant("classic"), "pile.blocked", "sv").note == ""


DEVELOPERS_WORDS = re.compile(r"pagat|\bengine\b|\bhook|\.py\b|\bseed\b|\bsources?\.note\b|\bmsgid|\brule id", re.I)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_learner_text_speaks_as_a_developer(lang: str) -> None:
    """Every text a learner reads of every rule: no web site, engine, hook, file or seed number."""
    for variant, rule_id in CASES:
        doc = rule_doc(get_variant(variant), rule_id, lang)
        for text in (doc.title, doc.statement, doc.example, doc.source, doc.note, doc.translation):
            assert not DEVELOPERS_WORDS.search(text), f"{lang} {variant} {rule_id}: {text!r}"


def test_a_passage_is_translated_from_its_own_words() -> None:
    """Each passage's entry names it, and rules quoting the same words share one translation."""
    for variant, texts in PASSAGES.items():
        for rule_id, text in texts.items():
            assert is_passage(text.context) and text.context.endswith(f" passage: {rule_id}"), text.context
    classic = get_variant("classic")
    frozen = rule_doc(classic, "pile.frozen", "de")
    assert frozen.quote.startswith("Frystan haug") and frozen.translation.startswith("Ein eingefrorenes Paket")
    assert rule_doc(classic, "pile.frozen", "en").translation.startswith("A frozen pile may only be taken")
    assert rule_doc(classic, "pile.frozen", "is").translation == ""
    assert rule_doc(get_variant("royal"), "going_out.refused", "sv").translation == ""
    assert QUOTES["royal"]["ask.after_pile"] == QUOTES["royal"]["ask.after_meld"]
    royal = get_variant("royal")
    assert rule_doc(royal, "ask.after_pile", "de").translation == rule_doc(royal, "ask.after_meld", "de").translation


def test_a_rule_the_variant_does_not_have_is_refused_by_name() -> None:
    with pytest.raises(KeyError, match="classic has no rule 'meld.samba'"):
        rule_doc(get_variant("classic"), "meld.samba", "en")
    assert issubclass(MissingRuleDoc, LookupError)


def test_a_table_of_the_variant_has_the_variants_docs() -> None:
    six = get_variant("wiener").for_people(6, "6-3x2")
    assert rule_doc(six, "going_out.needs_two_canastas", "en").statement.startswith("With six players")


def test_the_judge_carries_the_rule_told_in_full_on_a_refusal() -> None:
    from tests.engine.test_cli import SPEC_EXAMPLE, run

    data = {"position": SPEC_EXAMPLE, "action": {"type": "take_pile", "meld": ["Ah", "2d"]}}
    result = run("judge", "-", "--lang", "de", stdin=json.dumps(data))
    verdict = json.loads(result.stdout)
    doc = rule_doc(get_variant("classic"), "pile.top_card", "de")
    assert verdict["rule"] == "pile.top_card"
    assert (verdict["statement"], verdict["example"], verdict["quote"], verdict["quote_lang"]) == (
        doc.statement, doc.example, doc.quote, "is")
    assert verdict["source"] == {"seed": "001_ed02fa068fdb88f7.txt", "section": "Að draga spil", "note": "",
                                 "text": "Klassisches Canasta · Karten kaufen"}


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_statements_give_the_variants_own_numbers(variant: str) -> None:
    """The opening minimums and thresholds, the cards drawn and the canastas needed to go out are
    the ones the variant's rules play with."""
    rules = get_variant(variant)
    opening = rule_doc(rules, "opening.minimum", "en").statement
    for lowest, minimum in rules.opening_table:
        assert str(minimum) in opening
        assert lowest < 0 or f"{lowest:,}" in opening, (lowest, opening)
    drawn = rule_doc(rules, "turn.draw_first", "en").statement
    assert ("two cards" in drawn) == (rules.draw_count == 2)
    going_out = rule_doc(rules, rules.going_out_rule, "en").statement
    assert ("two canastas" in going_out) == (rules.canastas_to_go_out == 2)
