"""Message catalogs for every package, read with the standard ``gettext`` module.

Texts are marked where they are defined and translated only where they are shown:
``N_(message)``, ``NP_(singular, plural, key)`` for a text whose noun follows a count (the fact
named ``key`` picks the plural form by the language's CLDR rule), and ``NC_(context, message)``
for a word a language inflects differently in different sentences (Icelandic cases). Babel
extracts them (``babel.cfg``); the compiled catalogs live in ``locales/`` at the top of the project
and are built by the set-up and test commands. Without them, English is shown.

The engine stays standard-library only: numbers are grouped here from a small table of CLDR's
separators for our four languages (``tests/test_i18n.py`` holds it equal to Babel's formatting).

>>> format_number(18000, "sv") == "18\\u00a0000" and format_number(-1500, "de") == "-1.500"
True
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

DOMAIN = "canasta"
# beside the engine's source; compiled, this module lies in build/compiled/engine/core/ (engine/build.py)
_ROOT = Path(__file__).resolve().parents[2]
LOCALE_DIR = (_ROOT.parents[1] if _ROOT.name == "compiled" and _ROOT.parent.name == "build" else _ROOT) / "locales"
LANGUAGES = ("en", "sv", "de", "is")
DEFAULT_LANGUAGE = "en"

_GROUP_SEPARATORS: Mapping[str, str] = {"en": ",", "sv": "\u00a0", "de": ".", "is": "."}


class PluralText(NamedTuple):
    singular: str
    plural: str
    key: str  # the fact whose number chooses the form


class ContextText(NamedTuple):
    context: str
    message: str


Text = str | PluralText | ContextText


def N_(message: str) -> str:
    """Mark ``message`` for extraction; it is translated later, where it is shown."""
    return message


def NP_(singular: str, plural: str, key: str = "count") -> PluralText:
    return PluralText(singular, plural, key)


def NC_(context: str, message: str) -> ContextText:
    return ContextText(context, message)


@lru_cache(maxsize=None)
def translations(lang: str) -> gettext.NullTranslations:
    return gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang], fallback=True)


def translate(message: str, lang: str = DEFAULT_LANGUAGE) -> str:
    return translations(lang).gettext(message)


def translate_plural(singular: str, plural: str, count: int, lang: str = DEFAULT_LANGUAGE) -> str:
    return translations(lang).ngettext(singular, plural, count)


def translate_text(text: Text, facts: Mapping[str, object], lang: str = DEFAULT_LANGUAGE) -> str:
    """The translated template of any marked text (not yet filled in)."""
    if isinstance(text, PluralText):
        count = facts.get(text.key, 0)
        return translate_plural(text.singular, text.plural, count if isinstance(count, int) else 0, lang)
    if isinstance(text, ContextText):
        return translations(lang).pgettext(text.context, text.message)
    return translate(text, lang)


def format_number(number: int, lang: str = DEFAULT_LANGUAGE) -> str:
    """A whole number grouped as ``lang`` writes it: 18,000 · 18 000 · 18.000."""
    grouped = f"{abs(number):,}".replace(",", _GROUP_SEPARATORS.get(lang, ","))
    return f"-{grouped}" if number < 0 else grouped


def language_of(tag: str | None) -> str | None:
    """Ours of a locale tag such as ``sv_SE.UTF-8`` or ``is-IS``; ``None`` if we have no such language."""
    if not tag:
        return None
    code = tag.replace("-", "_").split(".")[0].split("_")[0].lower()
    return code if code in LANGUAGES else None


def default_language(environ: Mapping[str, str] | None = None) -> str:
    """The system's language, as gettext looks for it, if it is one of ours; else English."""
    env = os.environ if environ is None else environ
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        for tag in env.get(variable, "").split(":"):
            found = language_of(tag)
            if found:
                return found
    return DEFAULT_LANGUAGE
