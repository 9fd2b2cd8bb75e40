"""The rules reference as a learner reads it: grouped by the lessons' topics, one heading a rule, a
search over what the learner reads, and no developer's words (tutor/table/reference.py)."""

from __future__ import annotations

import re

import pytest

from engine.core.i18n import LANGUAGES, translate
from engine.ruledocs.told import rule_ids
from engine.variants import VARIANTS, get_variant
from tutor.lessons.files import TOPICS
from tutor.table.reference import count, heading_of, reference, search, topic_of

DEVELOPERS_WORDS = re.compile(r"pagat|\bengine\b|\bhooks?\b|\.py\b|\bseed\b|\bmsgid\b|source\.note|rule id", re.I)


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_rule_is_under_one_heading_of_one_topic_in_the_lessons_order(variant: str) -> None:
    rules = get_variant(variant)
    topics = reference(rules, "en")
    order = list(TOPICS)
    assert [order.index(t.key) for t in topics] == sorted(order.index(t.key) for t in topics)
    assert topics[0].key == "basics" and topics[0].title == "First steps"
    told = [rule for t in topics for h in t.headings for rule in h.rules]
    assert sorted(told) == sorted(rule_ids(rules)), "a rule missing or told twice"
    titles = [h.title for t in topics for h in t.headings]
    assert len(titles) == len(set(titles)), f"a heading repeated: {sorted(t for t in titles if titles.count(t) > 1)}"


def test_the_refusals_that_share_a_title_are_one_heading_with_their_statements() -> None:
    """Royal's "Asking partner" was seven headings; it is one, with each statement once."""
    topics = reference(get_variant("royal"), "en")
    asking = [h for t in topics for h in t.headings if h.title == "Asking partner"]
    assert len(asking) == 1
    heading = asking[0]
    assert len(heading.rules) >= 7 and {"ask.twice", "going_out.refused"} <= set(heading.rules)
    statements = [statement for statement, _example in heading.told]
    assert len(statements) == len(set(statements)) >= 2
    quotes = [p.quote for p in heading.passages]
    assert len(quotes) == len(set(quotes)) < len(heading.rules), "a shared passage shown twice"
    assert heading_of(topics, "ask.twice") == heading.key == heading_of(topics, "going_out.refused")
    assert next(t for t in topics if heading in t.headings).key == "going_out"


def test_royal_canastas_own_melds_are_under_its_own_topic_and_no_other_variant_has_that_topic() -> None:
    royal = {t.key: t for t in reference(get_variant("royal"), "en")}
    assert {"Samba", "Bolivia"} <= {h.title for h in royal["royal"].headings}
    assert topic_of("royal", "meld.samba") == "royal" and topic_of("classic", "meld.black_threes") == "basics"
    for variant in ("classic", "wiener", "swedish"):
        assert "royal" not in {t.key for t in reference(get_variant(variant), "en")}


def test_typing_finds_the_frozen_pile_and_says_how_many_match() -> None:
    topics = reference(get_variant("classic"), "en")
    found = search(topics, "frozen pile")
    titles = [h.title for t in found for h in t.headings]
    assert "The frozen pile" in titles and "Draw first" not in titles
    assert "The first card of the pile" not in titles  # it says the pile "is frozen": not the words typed
    assert count(found) == len(titles) < count(topics)
    anywhere = [h.title for t in search(topics, "pile frozen") for h in t.headings]  # no text in this order
    assert "The first card of the pile" in anywhere and set(titles) <= set(anywhere)
    assert search(topics, "  Frozen   PILE ") == found  # any case and spacing
    assert search(topics, "") == topics and search(topics, "   ") == topics
    assert search(topics, "xylophone") == ()


def test_the_search_reads_the_learners_language_and_the_passages_translation() -> None:
    swedish = reference(get_variant("classic"), "sv")
    assert "När sakhögen är frusen" in [h.title for t in search(swedish, "frusen") for h in t.headings]
    assert count(search(swedish, "frozen")) == 0  # English is not what a Swedish learner reads
    # words only the passage's English translation holds
    english = reference(get_variant("classic"), "en")
    assert count(search(english, "under any circumstances")) == 1  # the blocked pile's passage


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_learner_text_holds_a_developers_note(lang: str) -> None:
    for variant in VARIANTS:
        for topic in reference(get_variant(variant), lang):
            for heading in topic.headings:
                for text in heading.texts():
                    assert not DEVELOPERS_WORDS.search(text), f"{lang} {variant} {heading.title}: {text!r}"


def test_a_passage_shows_its_translation_unless_it_is_the_learners_own_language() -> None:
    classic = get_variant("classic")  # its text is Icelandic
    frozen = {h.title: h for t in reference(classic, "de") for h in t.headings}[translate("The frozen pile", "de")]
    passage = frozen.passages[0]
    assert passage.quote_lang == "is" and passage.quote.startswith("Frystan haug")
    assert passage.translation.startswith("Ein eingefrorenes Paket darfst du nur kaufen")
    icelandic = {h.key: h for t in reference(classic, "is") for h in t.headings}
    assert icelandic[frozen.key].passages[0].translation == ""
    silent = [h for t in reference(get_variant("swedish"), "en") for h in t.headings if h.note]
    assert silent and all(h.note == "The rule text is silent here; the usual rule is followed." for h in silent)
