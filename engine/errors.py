"""The engine's two kinds of refusal, kept apart as python-chess keeps its move errors apart.

``InvalidInputError``: the input is not a position or action at all (bad card code, unknown
action type, malformed JSON); the command line exits 2 and names the field.
``IllegalActionError``: a well-formed action the rules forbid here; it carries the rule id and
the facts of the position, from which :mod:`engine.rulebook` builds the explanation.
"""

from __future__ import annotations

from collections.abc import Mapping

FactValue = int | str | tuple[int, ...]

SHOWN = 60  # characters of a value or field the input gave that a message repeats; longer ones are cut


def cut(text: str, limit: int = SHOWN) -> str:
    """``text`` as shown in a message: at most ``limit`` characters, a cut one ending in "…"
    (a 10 MB value must not come back whole on standard error)."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def shown(value: object, limit: int = SHOWN) -> str:
    """A value the input gave, for a message: its ``repr``, cut (a huge one is not even formatted whole)."""
    if isinstance(value, (str, list, dict)) and len(value) > limit:
        value = value[:limit] if isinstance(value, (str, list)) else dict(list(value.items())[:limit])
    return cut(repr(value), limit)


class InvalidInputError(ValueError):
    """A position or action that cannot be read; ``field`` names where (``hands[2][4]``).

    ``message`` is a template marked for translation, filled with ``facts``.
    """

    def __init__(self, field: str, message: str, **facts: FactValue) -> None:
        self.field = cut(field, 2 * SHOWN)  # a field's name may hold a key the input made up
        self.template = message
        self.facts: Mapping[str, FactValue] = {k: cut(v, 2 * SHOWN) if isinstance(v, str) else v
                                               for k, v in facts.items()}
        self.message = message.format(**self.facts)
        super().__init__(f"{field}: {self.message}")

    def nested(self, prefix: str) -> InvalidInputError:
        """The same error with its field named inside ``prefix`` (``action.melds[0]``)."""
        return InvalidInputError(f"{prefix}.{self.field}" if self.field else prefix, self.template, **self.facts)

    def localized(self, lang: str = "en") -> str:
        from engine.i18n import translate

        return f"{self.field}: {translate(self.template, lang).format(**self.facts)}"


class IllegalActionError(Exception):
    """A legal-looking action the rules refuse; the state it was tried on is unchanged."""

    def __init__(self, rule: str, **facts: FactValue) -> None:
        self.rule = rule
        self.facts: Mapping[str, FactValue] = facts
        super().__init__(rule)

    def explanation(self, lang: str = "en") -> str:
        from engine.rulebook import explain  # the rulebook imports this module

        return explain(self.rule, self.facts, lang)

    def __str__(self) -> str:
        return f"{self.rule}: {self.explanation()}"
