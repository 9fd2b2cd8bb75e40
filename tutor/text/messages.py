"""What the table says, kept as data and said in whichever language is current.

A refusal, a hint, a log line or a lesson's answer is not stored as a sentence: it is a
:class:`Message`, a message id with its facts (as :mod:`engine.core.rulebook` keeps a rule id and the
facts of a refusal) or a way to describe a move. The views ask for its text in the learner's
language when they draw it, so a language switch re-renders everything on the table.

A message that was said elsewhere (a computer player's hint from the process pool, a log line of
a saved game) arrives as its texts in every language of the app (:meth:`Message.fixed`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from engine.core.actions import Action
from engine.describe import SeenBy, describe, describe_deal
from engine.core.errors import FactValue, IllegalActionError
from engine.core.i18n import LANGUAGES, Text, translate_text
from engine.core.rulebook import format_facts
from engine.core.state import State


@dataclass(frozen=True, eq=False)
class Message:
    """A text for the learner, said on demand: ``message(lang)``. Each language is said once."""

    say: Callable[[str], str]
    _said: dict[str, str] = field(default_factory=dict, repr=False)

    def __call__(self, lang: str) -> str:
        if lang not in self._said:
            self._said[lang] = self.say(lang)
        return self._said[lang]

    @classmethod
    def text(cls, text: Text, **facts: FactValue) -> Message:
        """A marked text (``N_``) filled with facts by the rulebook's convention (cards in words)."""
        if not facts:
            return cls(lambda lang: translate_text(text, facts, lang))
        return cls(lambda lang: translate_text(text, facts, lang).format(**format_facts(facts, lang)))

    @classmethod
    def refusal(cls, error: IllegalActionError) -> Message:
        """The engine's explanation of a refused action."""
        return cls(error.explanation)

    @classmethod
    def move(cls, before: State, action: Action, after: State, seen: SeenBy | None = None) -> Message:
        """The narration of one move (:func:`engine.describe.describe`), told to ``seen``'s seat."""
        return cls(lambda lang: describe(before, action, after, lang, seen))

    @classmethod
    def deal(cls, state: State, number: int, seen: SeenBy | None = None) -> Message:
        return cls(lambda lang: describe_deal(state, number, lang, seen))

    @classmethod
    def fixed(cls, texts: Mapping[str, str] | str) -> Message:
        """Already said: one text a language (``{"en": …, "sv": …}``), or one text for all."""
        if isinstance(texts, str):
            return cls(lambda lang: texts)
        if not isinstance(texts, Mapping) or not all(isinstance(v, str) for v in texts.values()):
            raise TypeError(f"expected a text or texts by language, not {texts!r:.80}")
        said = {str(k): v for k, v in texts.items()}
        fallback = said.get("en") or next(iter(said.values()), "")
        return cls(lambda lang: said.get(lang, fallback))

    def texts(self) -> dict[str, str]:
        """Its text in every language of the app: the JSON form (saved games, worker results)."""
        return {lang: self(lang) for lang in LANGUAGES}


@dataclass(frozen=True)
class Refusal:
    """A refused action, as data: the rule and what to say about it (the engine's explanation or
    the lesson's own words), said in the current language by :meth:`tutor.table.model.TableModel.refusal_text`."""

    rule: str
    said: Message


@dataclass(frozen=True)
class RefusalText:
    """A refusal said in one language, ready to show."""

    rule: str
    title: str
    explanation: str
    section: str  # the seed section, in the seed's own language
    seed: str


__all__ = ["Message", "Refusal", "RefusalText"]
