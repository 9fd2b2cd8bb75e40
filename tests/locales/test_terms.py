"""One term per concept: every catalog entry uses the glossary's term and none of the words that must
not stand for the concept (``locales/glossary.toml``; the seeds' own words are the terms)."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po

from engine.ruledocs.passages import PASSAGES, is_passage
from engine.ruledocs.quotes import SEED_LANGUAGES
from engine.variants import get_variant

ROOT = Path(__file__).resolve().parents[2]
GLOSSARY: dict[str, Any] = tomllib.loads((ROOT / "locales" / "glossary.toml").read_text(encoding="utf-8"))
CONCEPTS: dict[str, dict[str, Any]] = {k: v for k, v in GLOSSARY.items() if k != "never"}
NEVER: list[dict[str, str]] = GLOSSARY.get("never", [])
TRANSLATED = ("sv", "de", "is")
WORD = re.compile(r"\w+")


def _compile(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.IGNORECASE | re.MULTILINE)


class Entry:
    def __init__(self, english: str, strings: tuple[str, ...], context: str | None) -> None:
        self.english, self.strings, self.context = english, strings, context

    def __repr__(self) -> str:
        return f"{self.english!r} -> {self.strings!r}"


def seeds_own_words(lang: str) -> set[tuple[str, str]]:
    """(context, msgid) of the seed passages whose own language is ``lang``: there the catalog holds the
    seed's words verbatim (engine/ruledocs/passages.py), which keep the seed's terms, not the glossary's."""
    return {(text.context, text.message) for variant, texts in PASSAGES.items()
            if SEED_LANGUAGES[get_variant(variant).seed] == lang for text in texts.values()}


def entries(lang: str) -> Iterator[Entry]:
    with (ROOT / "locales" / lang / "LC_MESSAGES" / "canasta.po").open("rb") as handle:
        catalog = read_po(handle, locale=lang)
    own = seeds_own_words(lang)
    for message in catalog:
        if not message.id or (message.context, message.id) in own:
            continue
        yield Entry("\n".join(_forms(message.id)), _forms(message.string), message.context)


def _forms(value: str | tuple[str, ...] | list[str] | None) -> tuple[str, ...]:
    """A message's id or string as its forms: one text, or the singular and the plurals."""
    if isinstance(value, str):
        return (value,)
    assert value is not None, "read_po gives an untranslated entry an empty string, never None"
    return tuple(value)


def concepts_in(english: str, lang: str | None = None) -> list[str]:
    """The concepts ``english`` names; with ``lang``, not those whose ``unless`` phrase it holds."""
    return [name for name, concept in CONCEPTS.items() if _compile(concept["en"]).search(english)
            and not (lang and "unless" in concept[lang] and _compile(concept[lang]["unless"]).search(english))]


def forbidden_uses(lang: str, entry: Entry) -> list[tuple[str, str, str]]:
    """(concept, the forbidden word, the translation) for each word that must not stand for a concept
    the English names, unless another concept the English names owns that word."""
    present = concepts_in(entry.english, lang)
    found = []
    for name in present:
        term = CONCEPTS[name][lang]
        if "forbid" not in term:
            continue
        for string in entry.strings:
            for hit in _compile(term["forbid"]).finditer(string):
                word = _whole_word(string, hit.start(), hit.end())
                owners = [other for other in present if other != name
                          and _compile(CONCEPTS[other][lang]["match"]).search(word)]
                if not owners:
                    found.append((name, word, string))
    return found


def _whole_word(text: str, start: int, end: int) -> str:
    while start > 0 and text[start - 1].isalnum():
        start -= 1
    while end < len(text) and text[end].isalnum():
        end += 1
    return text[start:end]


def test_every_concept_has_a_term_in_every_language() -> None:
    for name, concept in CONCEPTS.items():
        _compile(concept["en"])
        for lang in TRANSLATED:
            term = concept[lang]
            assert term["term"] and term["match"], f"{name}: {lang} has no term"
            for key in ("match", "forbid", "unless"):
                if key in term:
                    _compile(term[key])
            assert not _compile(term["match"]).search("") , f"{name}: {lang} match matches nothing at all"
    for rule in NEVER:
        assert rule["lang"] in TRANSLATED and rule["use"]
        _compile(rule["pattern"])


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_entry_uses_the_term(lang: str) -> None:
    problems = []
    for entry in entries(lang):
        if entry.context and not is_passage(entry.context):
            continue  # single words in a given case; the sentences around them are checked
        for name in concepts_in(entry.english, lang):
            if not CONCEPTS[name][lang].get("required", True):
                continue
            wanted = _compile(CONCEPTS[name][lang]["match"])
            problems += [(name, entry) for s in entry.strings if not wanted.search(s)]
    assert not problems, f"{lang}: {len(problems)} entries without the term, e.g. {problems[:4]}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_entry_uses_a_forbidden_term(lang: str) -> None:
    problems = [use for entry in entries(lang) for use in forbidden_uses(lang, entry)]
    assert not problems, f"{lang}: {len(problems)} forbidden words, e.g. {problems[:4]}"


def _never_pattern(rule: dict[str, Any]) -> re.Pattern[str]:
    """A ``[[never]]`` rule's pattern: case-insensitive unless the rule says ``case = true``."""
    return re.compile(rule["pattern"], re.MULTILINE if rule.get("case") else re.IGNORECASE | re.MULTILINE)


def wrong_forms(lang: str, entry: Entry) -> list[tuple[str, str, str]]:
    """(the wrong form, what to write instead, the translation) for each ``[[never]]`` rule of
    ``lang`` that finds something in the entry (a rule's ``unless_en`` exempts entries by their English)."""
    found = []
    for rule in NEVER:
        if rule["lang"] != lang or ("unless_en" in rule and re.search(rule["unless_en"], entry.english)):
            continue
        pattern = _never_pattern(rule)
        found += [(hit.group(0), rule["use"], s) for s in entry.strings for hit in pattern.finditer(s)]
    return found


@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_entry_uses_a_wrong_form(lang: str) -> None:
    """Every entry: the code's texts, the rulebook's statements and examples, the lessons' texts."""
    problems = [use for entry in entries(lang) for use in wrong_forms(lang, entry)]
    assert not problems, f"{lang}: {len(problems)} wrong forms, e.g. {problems[:4]}"


def test_every_wrong_form_rule_finds_its_example() -> None:
    """Each rule finds the mistake it was written for (so that a loosened pattern shows here)."""
    for rule in NEVER:
        if "example" in rule:
            entry = Entry("", (rule["example"],), None)
            assert wrong_forms(rule["lang"], entry), f"{rule['lang']}: {rule['pattern']!r} misses {rule['example']!r}"
    assert len([rule for rule in NEVER if "example" in rule]) >= 20


def test_the_catalogs_hold_the_rulebook_and_the_lessons() -> None:
    """The checks above read the catalogs: the rulebook's texts and every lesson's texts are entries there."""
    with (ROOT / "locales" / "de" / "LC_MESSAGES" / "canasta.po").open("rb") as handle:
        catalog = read_po(handle, locale="de")
    files = {path for message in catalog for path, _line in message.locations}
    assert "engine/ruledocs/texts.py" in files
    lessons = {str(path.relative_to(ROOT)) for path in (ROOT / "lessons").rglob("*.toml")}
    assert lessons and lessons <= files, sorted(lessons - files)[:5]


def test_the_checks_catch_what_they_are_for() -> None:
    """The checks, on the mistakes a native read found (so that a loosened pattern shows here)."""
    def bad(lang: str, english: str, string: str) -> bool:
        entry = Entry(english, (string,), None)
        term_missing = any(not _compile(CONCEPTS[n][lang]["match"]).search(string)
                           for n in concepts_in(english, lang) if CONCEPTS[n][lang].get("required", True))
        return term_missing or bool(forbidden_uses(lang, entry))

    assert bad("is", "Play a whole turn: draw, meld, discard.", "Spilaðu heilan leik: dragðu, meldaðu, hentu.")
    assert not bad("is", "Your turn: draw or take the pile.", "Röðin er komin að þér: dragðu úr stokknum eða taktu hauginn.")
    assert bad("de", "Draw from the stock.", "Zieh vom Stoß.")
    assert not bad("de", "Draw the replacement card from the stock.", "Zieh die Ersatzkarte vom Stoß.")
    assert bad("de", "A natural canasta scores 500.", "Ein natürliches Canasta zählt 500.")
    assert bad("sv", "A mixed canasta scores 300.", "En blandad canasta ger 300.")
    assert bad("sv", "a meld your side already has", "en mälning som er sida redan har")
    assert bad("de", "Your side has melded three red threes.", "Deine Seite hat drei rote Dreier gemeldet.")
    assert bad("is", "A Samba is a run of one suit.", "Samba er röð í einum lit.")
    assert not bad("is", "each suit in order. Then meld the run it shows.", "hver litur í röð. Meldaðu svo rununa.")
    assert bad("is", "Meld your wild cards as a Bolivia.", "Meldaðu villikortin sem Bolivia.")
    assert bad("de", "Meld your red three for its bonus.", "Melde deinen roten Dreier für seinen Bonus.")
    assert not bad("de", "Wiener Canasta is a game for four players.", "Wiener Canasta ist ein Spiel für vier.")
    assert bad("de", "Now play a whole game against the beginner", "Spiel jetzt ein ganzes Spiel gegen den Anfänger")
    assert not bad("is", "You have not melded yet this hand. Go out in one turn.",
                   "Þú hefur ekki meldað í þessari umferð. Farðu út í einu sinni.")
