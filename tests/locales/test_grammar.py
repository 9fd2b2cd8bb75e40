"""Grammar the sentence templates must leave room for: a count's plural forms, and the case a rank or
a meld's name takes in its sentence (engine/core/rulebook.py: ``{pair}``, ``{rank_of}``, ``{rank_on}``,
``{meld_on}``)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from engine.core.i18n import LANGUAGES, ContextText
from engine.core.melds import CANASTA_NAMES, KIND_NAMES
from engine.core.rulebook import MELD_CASES, RANK_CASES, _MELDS, _RANKS, format_facts

ROOT = Path(__file__).resolve().parents[2]
TEMPLATE = ROOT / "locales" / "canasta.pot"
PLACEHOLDER = re.compile(r"\{(\w+)\}")
# A count needs no plural forms where nothing agrees with it: a bare number after a verb ("you hold
# {count}.") or a total after "of" ("{done} of {count} solved": what follows agrees with {done}, and
# the translations say it as labels, "Leystar: {done} af {count}"); and seats and players, 2 to 6,
# take the plural form in every language we have.
BARE_COUNT = re.compile(r"\b(hold|holds|has|have|offer|not)\s+\{count\}(?!\s*[A-Za-z])|\bof \{count\}")
SEATS = re.compile(r"\{count\} [\w/ -]+, one per seat|\{count\} players\b")
CASE_PLACEHOLDERS = set(RANK_CASES) | set(MELD_CASES)


def template() -> list[tuple[tuple[str, ...], str | None]]:
    with TEMPLATE.open("rb") as handle:
        return [(_forms(m.id), m.context) for m in read_po(handle) if m.id]


def _forms(value: str | tuple[str, ...] | list[str] | None) -> tuple[str, ...]:
    """A message's id or string as its forms: one text, or the singular and the plurals."""
    if isinstance(value, str):
        return (value,)
    assert value is not None, "read_po gives an untranslated entry an empty string, never None"
    return tuple(value)


def needs_plural(msgid: str) -> bool:
    if "{count}" not in msgid:
        return False
    return not (BARE_COUNT.search(msgid) or SEATS.search(msgid))


def test_every_sentence_with_a_count_has_plural_forms() -> None:
    problems = [ids[0] for ids, _ in template() if len(ids) == 1 and needs_plural(ids[0])]
    assert not problems, f"{len(problems)} texts with a count but no plural forms (use NP_): {problems[:4]}"


def test_the_plural_check_knows_a_count_from_a_bare_number() -> None:
    assert needs_plural("this would leave {count}.") and needs_plural("Your {count} wild cards are the start")
    assert not needs_plural("you need {pair} from your hand; you hold {count}.")
    assert not needs_plural("{done} of {count} solved") and not needs_plural("{count} players")
    assert not needs_plural("Start a new game of {variant} for {count} players?")


def test_no_text_takes_a_rank_or_a_meld_without_its_phrase() -> None:
    """A rank or a meld name goes into a sentence only through a phrase with its grammatical context:
    the facts ``rank`` and ``meld`` fill ``{pair}``, ``{rank_of}``, ``{rank_on}``, ``{meld_on}``, never
    ``{rank}`` or ``{meld}`` bare (a text with its own msgctxt, such as a card's name "{rank} of {suit}"
    in context "card", is translated as a whole in that context)."""
    problems = [ids[0] for ids, context in template()
                if not context and {"rank", "meld"} & set(PLACEHOLDER.findall(ids[0]))]  # a msgctxt is a context
    assert not problems, f"bare rank or meld name in: {problems}"
    facts = format_facts({"rank": 7, "meld": "Samba"}, "de")
    assert set(facts) >= CASE_PLACEHOLDERS and "rank" not in facts and "meld" not in facts


def test_every_meld_name_has_a_phrase_in_every_case() -> None:
    names = set(KIND_NAMES.values()) | set(CANASTA_NAMES.values())
    for case, table in _MELDS.items():
        assert set(table) == names, f"{case}: phrases missing for {names - set(table)}"
        assert all(text.message == name for name, text in table.items())
    for case, ranks in _RANKS.items():
        assert set(ranks) == set(range(1, 14)), case


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_each_phrase_is_translated_in_its_context(lang: str) -> None:
    """Every rank and meld phrase exists in the catalog under its context, and the contexts differ
    where the language inflects (a case that reads the same as the bare word in every entry is a
    sign the context was ignored)."""
    with (ROOT / "locales" / lang / "LC_MESSAGES" / "canasta.po").open("rb") as handle:
        catalog = read_po(handle, locale=lang)
    phrases: dict[str, dict[int, ContextText] | dict[str, ContextText]] = {**_RANKS, **_MELDS}
    for case, table in phrases.items():
        strings = []
        for text in table.values():
            message = catalog.get(text.message, text.context)
            assert message is not None and message.string, f"{lang}: {text} untranslated"
            strings.append(message.string)
        bare = [catalog.get(text.message) for text in table.values()]
        same = [s for s, b in zip(strings, bare) if b is not None and b.string == s]
        assert len(same) < len(strings), f"{lang}: the '{case}' phrases read as the bare words: {same}"


def test_templates_use_only_known_phrases() -> None:
    """A placeholder named like a case (``rank_…``, ``meld_…``) is one the rulebook fills."""
    used = {name for ids, _ in template() for name in PLACEHOLDER.findall(ids[0])
            if name.startswith(("rank_", "meld_"))}
    assert used <= CASE_PLACEHOLDERS, used - CASE_PLACEHOLDERS
