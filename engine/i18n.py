"""Message catalogs for the engine, read with the standard ``gettext`` module.

The engine hands message ids plus facts upward; texts are marked with ``N_`` where they are
defined and translated only when shown. Compiled catalogs live in ``locales/`` at the top of
the project (built by the set-up and test commands); without them English is shown.
"""

from __future__ import annotations

import gettext
from functools import lru_cache
from pathlib import Path

DOMAIN = "canasta"
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locales"


def N_(message: str) -> str:
    """Mark ``message`` for extraction; it is translated later, where it is shown."""
    return message


@lru_cache(maxsize=None)
def translations(lang: str) -> gettext.NullTranslations:
    return gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang], fallback=True)


def translate(message: str, lang: str = "en") -> str:
    return translations(lang).gettext(message)


def translate_plural(singular: str, plural: str, count: int, lang: str = "en") -> str:
    return translations(lang).ngettext(singular, plural, count)
