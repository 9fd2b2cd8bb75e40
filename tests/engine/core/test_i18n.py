"""The engine's own i18n: numbers as Babel writes them, language choice, fallbacks."""

from __future__ import annotations

import pytest
from babel.numbers import format_decimal

from engine.core.i18n import LANGUAGES, default_language, format_number, language_of, translate


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("number", [0, 5, -55, 999, 1000, 1495, -1500, 18000, 123456, 1000000, -2500000])
def test_numbers_are_grouped_as_babel_does(lang: str, number: int) -> None:
    assert format_number(number, lang) == format_decimal(number, locale=lang)


@pytest.mark.parametrize(
    ("environ", "lang"),
    [
        ({"LANG": "sv_SE.UTF-8"}, "sv"),
        ({"LANGUAGE": "is:en", "LANG": "de_DE.UTF-8"}, "is"),
        ({"LC_ALL": "de_AT.UTF-8", "LANG": "sv_SE"}, "de"),
        ({"LANG": "fr_FR.UTF-8"}, "en"),
        ({"LANGUAGE": "fr:sv"}, "sv"),
        ({}, "en"),
    ],
)
def test_the_default_language_comes_from_the_system_locale(environ: dict[str, str], lang: str) -> None:
    assert default_language(environ) == lang


def test_language_tags() -> None:
    assert language_of("is-IS") == "is" and language_of("C.UTF-8") is None and language_of(None) is None


def test_an_unknown_language_falls_back_to_english() -> None:
    assert translate("North", "xx") == "North"
