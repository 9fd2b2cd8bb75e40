"""Learners' progress: what a profile and a lesson's progress are, and the rules of the review queue.

Several learners share one device in a classroom, so progress belongs to a profile (kept in the
store, ``tutor.store``). A lesson is *completed* by any successful attempt and *mastered* by a clean
one (no mistake, no hint) on a fresh deal: one of the variations the lesson declares. A lesson whose
trap caught the learner comes back for review after a day, then three days, a week, two weeks, a
month, two months; a review with a mistake starts the intervals over, and a clean one after the last
ends them.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.i18n import LANGUAGES, N_, Text, translate, translate_text

DAY = 86_400.0
INTERVALS = (1, 3, 7, 14, 30, 60)  # days between reviews, step by step
MAX_NAME = 40
DEFAULT_NAME = N_("Learner")  # the profile made on first use, before anyone has typed a name


def shown_name(name: str, lang: str) -> str:
    """A learner's name as shown: the default profile's name follows the language (it was made in
    whatever language the app had on first use); a name someone typed stays as typed."""
    if name in {translate(DEFAULT_NAME, other) for other in LANGUAGES}:
        return translate(DEFAULT_NAME, lang)
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


__all__ = ["DAY", "INTERVALS", "MAX_NAME", "LessonProgress", "Profile", "ProgressError", "shown_name"]
