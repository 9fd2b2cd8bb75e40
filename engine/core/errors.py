"""The engine's two kinds of refusal, kept apart as python-chess keeps its move errors apart.

``InvalidInputError``: the input is not a position or action at all (bad card code, unknown
action type, malformed JSON); the command line exits 2 and names the field. It lives in
:mod:`engine.core.input_errors` (the cards raise it, and the rulebook's card names sit above the
cards) and is importable from here.
``IllegalActionError``: a well-formed action the rules forbid here; it carries the rule id and
the facts of the position, from which :mod:`engine.core.rulebook` builds the explanation.
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.core.input_errors import SHOWN, FactValue, InvalidInputError, cut, shown
from engine.core.rulebook import explain

__all__ = ["SHOWN", "FactValue", "IllegalActionError", "InvalidInputError", "cut", "shown"]


class IllegalActionError(Exception):
    """A legal-looking action the rules refuse; the state it was tried on is unchanged."""

    def __init__(self, rule: str, **facts: FactValue) -> None:
        self.rule = rule
        self.facts: Mapping[str, FactValue] = facts
        self.alone = False  # the player refused plays without a partner (the judge sets it)
        super().__init__(rule)

    def explanation(self, lang: str = "en") -> str:
        return explain(self.rule, self.facts, lang, self.alone)

    def __str__(self) -> str:
        return f"{self.rule}: {self.explanation()}"
