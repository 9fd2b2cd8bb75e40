"""What the table says is data, said in the language asked for: cards in that language's words,
numbers grouped as it writes them, texts from elsewhere kept in every language."""

from __future__ import annotations

import pytest

from engine.core.cards import parse_card
from engine.core.i18n import N_, translate
from tutor.text.messages import Message


def test_a_text_is_said_with_its_facts_in_each_language() -> None:
    said = Message.text(N_("Discard the {card}: no other card in your hand is safer to give away."), card=parse_card("Qh"))
    assert said("en") == "Discard the Q♥: no other card in your hand is safer to give away."
    assert said("de") == translate("Discard the {card}: no other card in your hand is safer to give away.",
                                   "de").format(card="Q♥") != said("en")
    points = Message.text(N_("Discarding the {card} froze the pile, for your side too, and a wild card worth"
                             " {points} points was lost to your melds."), card=parse_card("JK"), points=1500)
    assert "1,500" in points("en") and "1.500" in points("de") and "1\u00a0500" in points("sv")


def test_a_text_is_said_once_a_language() -> None:
    calls: list[str] = []

    def shout(lang: str) -> str:
        calls.append(lang)
        return lang.upper()

    said = Message(shout)
    assert said("sv") == said("sv") == "SV" and calls == ["sv"]
    assert said.texts() == {"en": "EN", "sv": "SV", "de": "DE", "is": "IS"}


def test_texts_from_elsewhere_keep_every_language_and_fall_back_to_english() -> None:
    said = Message.fixed({"en": "Hello", "sv": "Hej"})
    assert said("sv") == "Hej" and said("is") == "Hello"
    assert Message.fixed("plain")("de") == "plain"
    with pytest.raises(TypeError):
        Message.fixed({"en": 3})  # type: ignore[dict-item]  # the wrong type is what this checks
