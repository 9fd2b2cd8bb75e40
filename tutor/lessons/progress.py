"""Learners' progress: what a profile and a lesson's progress are, and the rules of the review queue.

Several learners share one device in a classroom, so progress belongs to a profile (kept in the
store, ``tutor.store``). A lesson is *completed* by any successful attempt and *mastered* by a clean
one (no mistake, no hint) on a fresh deal: one of the variations the lesson declares. A lesson whose
trap caught the learner comes back for review after a day, then three days, a week, two weeks, a
month, two months; a review with a mistake starts the intervals over, and a clean one after the last
ends them.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from engine.core.i18n import LANGUAGES, N_, Text, translate, translate_text

DAY = 86_400.0
INTERVALS = (1, 3, 7, 14, 30, 60)  # days between reviews, step by step
MAX_NAME = 40
DEFAULT_NAME = N_("Learner")  # the profile made on first use, before anyone has typed a name
HIDDEN_CHARACTERS = N_("A name cannot contain invisible or control characters, such as a zero-width space "
                       "or a mark that reverses the text's direction. Type the name again.")
# Control (NUL, escapes), format (zero-width spaces and joiners, the bidirectional marks, overrides and
# isolates, soft hyphens), surrogate, private-use and unassigned characters: none shows as itself.
_HIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn"})


def shown_name(name: str, lang: str) -> str:
    """A learner's name as shown: the default profile's name follows the language (it was made in
    whatever language the app had on first use); a name someone typed stays as typed."""
    if name in {translate(DEFAULT_NAME, other) for other in LANGUAGES}:
        return translate(DEFAULT_NAME, lang)
    return name


def typed_name(name: str, refusal: type[ProgressError] | None = None) -> str:
    """A typed name as it is kept: in Unicode's NFKC form (a full-width or a ligature letter is the plain
    one), each run of white space one space. ``ProgressError(HIDDEN_CHARACTERS)`` (or ``refusal``'s)
    for a character that does not show as itself: "An\u200bna" or "Anna\u202e" would be shown just like
    "Anna", and a NUL is refused by PostgreSQL. Empty and long names are the caller's to refuse."""
    name = " ".join(unicodedata.normalize("NFKC", name).split())
    if any(unicodedata.category(character) in _HIDDEN_CATEGORIES for character in name):
        raise (refusal or ProgressError)(HIDDEN_CHARACTERS)
    return name


class ProgressError(ValueError):
    """A request the progress store cannot take (an empty or taken name, an unknown profile).

    ``text`` is a message id and ``facts`` fill it, so the app says it in the learner's language."""

    def __init__(self, text: Text, **facts: object) -> None:
        super().__init__(translate_text(text, facts, "en").format(**facts))
        self.text, self.facts = text, facts

    def explanation(self, lang: str) -> str:
        return translate_text(self.text, self.facts, lang).format(**self.facts)


@dataclass(frozen=True)
class Profile:
    id: int
    name: str


@dataclass(frozen=True)
class LessonProgress:
    stars: int = 0  # the best attempt's
    completed: bool = False
    mastered: bool = False
    attempts: int = 0
    review_due: float | None = None  # when the lesson comes back for review, if it does


__all__ = ["DAY", "HIDDEN_CHARACTERS", "INTERVALS", "MAX_NAME", "LessonProgress", "Profile", "ProgressError",
           "shown_name", "typed_name"]
