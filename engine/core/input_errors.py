"""Input that cannot be read: :class:`InvalidInputError`, and how a message shows what the input gave.

``InvalidInputError``: the input is not a position or action at all (bad card code, unknown
action type, malformed JSON); the command line exits 2 and names the field. It sits at the
bottom of the engine, below the cards that raise it when parsing; :mod:`engine.core.errors` (the
refusals, above the rulebook that explains them) re-exports everything here.
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.core.i18n import translate

FactValue = int | str | tuple[int, ...]  # a fact filling a message: a number, a name, card codes

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
        return f"{self.field}: {translate(self.template, lang).format(**self.facts)}"
