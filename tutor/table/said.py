"""What the table says, in the learner's language when asked: the play-by-play, the refusal, the
hint, the post-hand review and the lesson's words. Part of the table's view-model
(:class:`tutor.table.model.TableModel` is a :class:`Sayings`): it keeps them as data
(:class:`tutor.text.messages.Message`), and setting ``lang`` is all a language switch takes."""

from __future__ import annotations

from typing import Any

from engine.core.cards import Card
from engine.core.i18n import N_, NP_, translate
from engine.core.rulebook import title
from engine.core.rules import Rules
from tutor.lessons.catalog import LessonRun
from tutor.text.messages import Message, Refusal, RefusalText


class Sayings:
    """Said in ``lang`` from the model's fields (declared here, kept by the dataclass
    :class:`tutor.table.model.TableModel`)."""

    lang: str
    rules: Rules
    said: list[Message]  # the log, as data
    rejected: Refusal | None
    hint_said: tuple[Message, tuple[Card, ...]] | None
    review: list[dict[str, Any]]
    lesson: LessonRun | None

    def log_lines(self, count: int | None = None) -> list[str]:
        """The last ``count`` lines of the play-by-play (all kept, if ``None``), in ``lang``."""
        lines = self.said if count is None else self.said[-count:] if count > 0 else []
        return [line(self.lang) for line in lines]

    @property
    def log(self) -> list[str]:
        """The whole play-by-play in ``lang`` (``log_lines()``)."""
        return self.log_lines()

    def refusal_text(self) -> RefusalText | None:
        """The refusal of the learner's last action, in ``lang`` (``None``: nothing refused)."""
        if self.rejected is None:
            return None
        rule = self.rejected.rule
        source = self.rules.source(rule)
        return RefusalText(rule, title(rule, self.lang), self.rejected.said(self.lang),
                           source.section if source else "", source.seed if source else "")

    @property
    def refusal(self) -> RefusalText | None:
        return self.refusal_text()

    def hint_text(self) -> str | None:
        """The hint shown, in ``lang`` (``None``: no hint shown)."""
        return None if self.hint_said is None else self.hint_said[0](self.lang)

    @property
    def hint(self) -> tuple[str, tuple[Card, ...]] | None:
        """The hint shown, in ``lang``, and the cards it points at."""
        return None if self.hint_said is None else (self.hint_said[0](self.lang), self.hint_said[1])

    def review_moments(self) -> list[dict[str, Any]]:
        """The post-hand review in ``lang``, the costliest moment first (:func:`tutor.table.workers.review`):
        each moment's ``did``, ``advice``, ``hand`` (cards' codes), ``tip``, ``times`` and ``again``
        (how often it came up this hand, said; empty for once)."""
        out = []
        for moment in self.review:
            said = {key: Message.fixed(texts)(self.lang) for key, texts in moment.get("said", {}).items()}
            times = int(moment.get("times", 1))
            again = Message.text(NP_("This came up {count} time this hand.", "This came up {count} times this hand.",
                                     "count"), count=times)(self.lang) if times > 1 else ""
            out.append({**moment, **said, "again": again})
        return out

    def lesson_message(self) -> str:
        """What the lesson says of the learner's last move (a trap, its feedback), in ``lang``."""
        run = self.lesson
        return "" if run is None or run.said is None else run.said(self.lang)

    def trap_note(self) -> str:
        """Under a trap's text, in ``lang``: what the table shows, and what to do now."""
        run = self.lesson
        if run is None or run.consequence is None:
            return ""
        if run.consequence_moves:
            return translate(N_("The table shows what happens next. Try again."), self.lang)
        return translate(N_("Try again: your move will be taken back."), self.lang)
