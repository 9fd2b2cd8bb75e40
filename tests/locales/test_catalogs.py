"""The four catalogs: complete, consistent with the code, with the seeds' own terms."""

from __future__ import annotations

import io
import re
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from engine.core.i18n import LANGUAGES, translations

ROOT = Path(__file__).resolve().parents[2]
TEMPLATE = ROOT / "locales" / "canasta.pot"
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def catalog(lang: str) -> Catalog:
    with (ROOT / "locales" / lang / "LC_MESSAGES" / "canasta.po").open("rb") as handle:
        return read_po(handle, locale=lang)


def _entries(lang: str) -> list[tuple[tuple[str, ...], tuple[str, ...], Message]]:
    return [(_forms(message.id), _forms(message.string), message) for message in catalog(lang) if message.id]


def _forms(value: str | tuple[str, ...] | list[str] | None) -> tuple[str, ...]:
    """A message's id or string as its forms: one text, or the singular and the plurals."""
    if isinstance(value, str):
        return (value,)
    assert value is not None, "read_po gives an untranslated entry an empty string, never None"
    return tuple(value)


def _key(message: Message) -> tuple[str | None, str]:
    return message.context, _forms(message.id)[0]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_entry_is_translated_and_none_is_fuzzy(lang: str) -> None:
    problems = [ids[0] for ids, strings, m in _entries(lang) if m.fuzzy or any(not s.strip() for s in strings)]
    assert not problems, f"{lang}: {len(problems)} untranslated or fuzzy, e.g. {problems[:3]}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_placeholders_match_the_msgid(lang: str) -> None:
    problems = []
    for ids, strings, _ in _entries(lang):
        wanted = set(PLACEHOLDER.findall(ids[-1]))
        assert set(PLACEHOLDER.findall(ids[0])) == wanted, f"the msgid's own forms differ: {ids}"
        problems += [(ids[0], s) for s in strings if set(PLACEHOLDER.findall(s)) != wanted]
    assert not problems, f"{lang}: placeholders differ in {problems[:3]}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_catalog_compiles(lang: str) -> None:
    cat = catalog(lang)
    errors = [(m.id, e) for m, errs in cat.check() for e in errs]
    assert not errors
    buffer = io.BytesIO()
    write_mo(buffer, cat)
    assert buffer.getvalue()


def test_the_template_is_up_to_date(tmp_path: Path) -> None:
    fresh = tmp_path / "fresh.pot"
    code = (
        "import sys, importlib.util, os; from pathlib import Path;"
        f"spec = importlib.util.spec_from_file_location('s', {str(ROOT / 'scripts' / 'i18n.py')!r});"
        "m = importlib.util.module_from_spec(spec); spec.loader.exec_module(m);"
        f"os.chdir({str(ROOT)!r}); m.extract(Path({str(fresh)!r}))"
    )
    subprocess.run([sys.executable, "-c", code], check=True, timeout=120)
    with fresh.open("rb") as handle:
        extracted = {_key(m) for m in read_po(handle) if m.id}
    with TEMPLATE.open("rb") as handle:
        stored = {_key(m) for m in read_po(handle) if m.id}
    assert extracted - stored == set(), "texts missing from locales/canasta.pot: run scripts/i18n.py extract"
    assert stored - extracted == set(), "stale texts in locales/canasta.pot: run scripts/i18n.py extract"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_catalog_holds_exactly_the_template(lang: str) -> None:
    with TEMPLATE.open("rb") as handle:
        wanted = {_key(m) for m in read_po(handle) if m.id}
    have = {_key(m) for _, _, m in _entries(lang)}
    assert wanted == have, "run scripts/i18n.py update"


def test_icelandic_plurals_follow_cldr() -> None:
    is_ = translations("is")
    singular, plural = "{name} takes the pile ({count} card) with {cards}, melding the {top}.", \
        "{name} takes the pile ({count} cards) with {cards}, melding the {top}."
    forms = {n: is_.ngettext(singular, plural, n) for n in (1, 2, 11, 21, 22, 101, 111)}
    assert forms[1] == forms[21] == forms[101]
    assert forms[2] == forms[11] == forms[22] == forms[111]
    assert forms[1] != forms[11]
    sv = translations("sv")
    assert sv.ngettext(singular, plural, 21) == sv.ngettext(singular, plural, 2)
