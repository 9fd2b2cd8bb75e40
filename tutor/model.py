"""The table's view-model: what the learner has selected and staged, what happened, what to say.

No Flet here and no rule: every action the learner builds goes to the engine, which judges it;
a refusal becomes a message in the learner's language and changes nothing. The shell
(:mod:`tutor.app`) renders :class:`TableModel` with the pure views of :mod:`tutor.views` and runs
the computer players' moves off the event loop.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any
from dataclasses import dataclass, field

from engine.actions import (
    Action,
    format_action,
    AnswerGoOut,
    AskGoOut,
    DeclinePile,
    Discard,
    Draw,
    DrawReplacement,
    Layoff,
    MeldAction,
    TakePile,
)
from engine.cards import Card
from engine.deal import deal
from engine.describe import describe, describe_deal, describe_scores
from engine.errors import IllegalActionError
from engine.game import apply
from engine.legal import legal_actions
from engine.rulebook import title
from engine.position import dump_position, load_position
from engine.rules import Rules
from engine.scoring import TeamScore, score_hand
from engine.state import State
from engine.variants import get_variant
from tutor.lessons import Lesson, LessonRun


@dataclass(frozen=True)
class Refusal:
    rule: str
    title: str
    explanation: str
    section: str  # the seed section, in the seed's own language
    seed: str


@dataclass
class TableModel:
    """One game at the table: the learner sits in ``seat``; the other seats are computer players."""

    rules: Rules
    state: State
    lang: str = "en"
    seat: int = 0
    bot: str = "basic"
    practice: bool = True  # undo is allowed
    totals: tuple[int, ...] = ()
    hand_number: int = 1
    selected: list[int] = field(default_factory=list)  # indexes into the learner's hand
    staged: list[tuple[Card, ...]] = field(default_factory=list)  # melds waiting to go down together
    log: list[str] = field(default_factory=list)
    refusal: Refusal | None = None
    history: list[State] = field(default_factory=list)  # states before each of the learner's actions
    hand_scores: list[list[TeamScore]] = field(default_factory=list)
    hint: tuple[str, tuple[Card, ...]] | None = None  # the hint shown: its text and the cards it points at
    moves: list[tuple[dict[str, Any], dict[str, Any]]] = field(default_factory=list)  # the learner's, this hand
    review: list[dict[str, Any]] = field(default_factory=list)  # moments a tactics tip applied
    seed: int = 0
    lesson: LessonRun | None = None  # a lesson being played: it judges, scripts the others, counts stars
    term: str | None = None  # the game term whose definition is shown (a glossary concept)
    # The action types open in one state, kept because every render asks about each button.
    _open_kinds: tuple[State, frozenset[str]] | None = field(default=None, init=False, repr=False, compare=False)

    @classmethod
    def new_game(cls, variant: str, players: int, lang: str, bot: str = "basic", seed: int = 0,
                 table: str | None = None) -> TableModel:
        rules = get_variant(variant).for_people(players, table)
        state = deal(rules, random.Random(seed), dealer=rules.players - 1)
        model = cls(rules=rules, state=state, lang=lang, bot=bot, totals=(0,) * len(rules.teams), seed=seed)
        model.log.append(describe_deal(state, 1, lang))
        return model

    @classmethod
    def for_lesson(cls, lesson: Lesson, lang: str, variation: int = 0) -> TableModel:
        """The table set up as the lesson's deal (or one of its variations: a mastery check)."""
        run = LessonRun(lesson, variation)
        model = cls(rules=run.state.rules, state=run.state, lang=lang, seat=lesson.seat, practice=False,
                    totals=(0,) * len(run.state.teams), lesson=run)
        model._follow_lesson(0)
        return model

    # -- continuing later -------------------------------------------------------------------------

    def saved(self) -> dict[str, Any]:
        """What it takes to continue this game later (the position in its JSON form)."""
        return {
            "variant": self.rules.name, "people": self.rules.table_of().people, "table": self.rules.table,
            "position": dump_position(self.state, reveal=True), "totals": list(self.totals),
            "hand_number": self.hand_number, "seed": self.seed, "bot": self.bot, "log": self.log[-30:],
        }

    @classmethod
    def restore(cls, data: Mapping[str, Any], lang: str) -> TableModel:
        """A saved game; ``InvalidInputError`` (or ``KeyError``/``TypeError``) if it is not one."""
        rules = get_variant(data["variant"]).for_people(int(data["people"]), str(data["table"]))
        state = load_position(data["position"])
        model = cls(rules=rules, state=state, lang=lang, bot=str(data["bot"]), seed=int(data["seed"]),
                    totals=tuple(int(t) for t in data["totals"]), hand_number=int(data["hand_number"]))
        model.log = [str(line) for line in data["log"]]
        return model

    # -- what the learner sees -----------------------------------------------------------------

    @property
    def hand(self) -> tuple[Card, ...]:
        return self.state.hands[self.seat]

    @property
    def team(self) -> int:
        return self.state.team_of(self.seat)

    def selected_cards(self) -> tuple[Card, ...]:
        return tuple(self.hand[i] for i in self.selected)

    def is_my_turn(self) -> bool:
        if self.lesson is not None and (self.lesson.consequence is not None or self.lesson.is_over()):
            return False
        return not self.state.is_over() and self.state.turn == self.seat

    def bots_to_move(self) -> bool:
        if self.lesson is not None:
            return self.lesson.needs_bot()
        return not self.state.is_over() and self.state.turn != self.seat

    def can(self, kind: str) -> bool:
        """Whether any legal action of this type is open to the learner now (buttons)."""
        if not self.is_my_turn():
            return False
        if self._open_kinds is None or self._open_kinds[0] is not self.state:
            self._open_kinds = (self.state, frozenset(a.type for a in legal_actions(self.state)))
        return kind in self._open_kinds[1]

    def opening_minimum(self) -> int | None:
        return None if self.state.has_opened(self.team) else self.state.opening_minimum(self.team)

    # -- building actions from taps --------------------------------------------------------------

    def tap_card(self, index: int) -> None:
        if index in self.selected:
            self.selected.remove(index)
        elif 0 <= index < len(self.hand):
            self.selected.append(index)
        self.refusal = None

    def clear(self) -> None:
        self.selected.clear()
        self.staged.clear()

    def stage(self) -> None:
        """Put the selected cards aside as one meld of several that go down together."""
        if self.selected:
            self.staged.append(self.selected_cards())
            self.selected = []

    def meld_action(self) -> MeldAction:
        melds = list(self.staged)
        if self.selected:
            melds.append(self.selected_cards())
        return MeldAction(melds=tuple(melds))

    def layoff_action(self, onto: int) -> MeldAction:
        return MeldAction(melds=tuple(self.staged), layoffs=(Layoff(onto, self.selected_cards()),))

    def pile_action(self, onto: int | None = None) -> TakePile:
        if onto is not None or not self.selected:
            index = onto if onto is not None else self._meld_for_top()
            return TakePile(onto=index, melds=tuple(self.staged))
        return TakePile(meld=self.selected_cards(), melds=tuple(self.staged))

    def _meld_for_top(self) -> int:
        from engine.cards import rank

        top = self.state.top()
        for index, meld in enumerate(self.state.melds[self.team]):
            if top is not None and meld.rank == rank(top):
                return index
        return 0

    def discard_action(self) -> Discard | None:
        cards = self.selected_cards()
        return Discard(cards[0]) if len(cards) == 1 else None

    # -- acting -----------------------------------------------------------------------------------

    def play(self, action: Action) -> bool:
        """The learner's action: judged by the engine; refused, it changes nothing but the message."""
        if self.lesson is not None:
            return self._play_lesson(action)
        before = self.state
        try:
            after = apply(before, action)
        except IllegalActionError as error:
            self.refusal = self._refusal(error.rule, error.explanation(self.lang))
            return False
        self.history.append(before)
        self.moves.append((dump_position(before, reveal=True), format_action(action)))
        self._advance(before, action, after)
        self.clear()
        return True

    def _play_lesson(self, action: Action) -> bool:
        run = self.lesson
        assert run is not None
        seen = len(run.played)
        accepted = run.act(action, self.lang)
        if run.refused is not None:
            self.refusal = self._refusal(run.refused, run.message)  # the lesson's words, the rule's source
            return False
        self._follow_lesson(seen)
        self.clear()
        return accepted

    def _follow_lesson(self, seen: int) -> None:
        """Narrate the moves the lesson played since ``seen`` and show where it stands."""
        run = self.lesson
        assert run is not None
        for before, action, after in run.played[seen:]:
            self.log.append(describe(before, action, after, self.lang))
        self.state = run.consequence if run.consequence is not None else run.state
        self.refusal = None
        self.hint = None
        if run.state.is_over() and not self.hand_scores:
            self.hand_scores.append(score_hand(run.state))
            self.totals = tuple(s.total for s in self.hand_scores[-1])

    def try_again(self) -> None:
        """In a lesson, after a trap: back to before the move that fell into it."""
        if self.lesson is not None:
            self.lesson.try_again()
            self.log.append("↶")
            self._follow_lesson(len(self.lesson.played))
            self.clear()

    def lesson_hint(self) -> None:
        """The lesson's next hint (gentle first); none in a mastery check, which is played without."""
        run = self.lesson
        if run is not None and run.variation == 0 and run.lesson.hints:
            text = run.hint(self.lang)
            # the last hint is the move itself: its cards are highlighted in the hand
            explicit = run.hints_used >= len(run.lesson.hints)
            self.show_hint(text, run.next_cards() if explicit else ())

    def play_bot(self, action: Action) -> None:
        """A computer player's action (chosen off the event loop, judged here like any other)."""
        if self.lesson is not None:
            seen = len(self.lesson.played)
            self.lesson.reply(action)
            self._follow_lesson(seen)
            return
        before = self.state
        self._advance(before, action, apply(before, action))

    def show_hint(self, text: str, cards: tuple[Card, ...]) -> None:
        self.hint = (text, cards)

    def hinted(self, index: int) -> bool:
        """Whether the card at ``index`` of the hand is one the hint points at."""
        if self.hint is None:
            return False
        card = self.hand[index]
        return card in self.hint[1]

    def _advance(self, before: State, action: Action, after: State) -> None:
        self.log.append(describe(before, action, after, self.lang))
        self.state = after
        self.refusal = None
        self.hint = None
        if after.is_over():
            scores = score_hand(after)
            self.hand_scores.append(scores)
            self.totals = tuple(t + s.total for t, s in zip(self.totals, scores))
            self.log.extend(describe_scores(after, scores, self.totals, self.lang))

    def _refusal(self, rule: str, explanation: str) -> Refusal:
        source = self.rules.source(rule)
        return Refusal(rule, title(rule, self.lang), explanation, source.section if source else "",
                       source.seed if source else "")

    def can_undo(self) -> bool:
        return self.practice and bool(self.history)

    def undo(self) -> None:
        """Back to before the learner's last action (the computer players' moves since go too)."""
        if self.can_undo():
            self.state = self.history.pop()
            self.moves = self.moves[: len(self.history)]
            self.log.append("↶")
            self.clear()
            self.refusal = None

    def game_over(self) -> bool:
        return self.state.is_over() and self.rules.game_over(self.totals)

    def next_hand(self) -> None:
        if not self.state.is_over() or self.game_over():
            return
        self.hand_number += 1
        dealer = (self.state.dealer + 1) % self.rules.players
        rng = random.Random(self.seed * 1000 + self.hand_number)
        self.state = deal(self.rules, rng, scores=self.totals, dealer=dealer)
        self.history.clear()
        self.moves.clear()
        self.review = []
        self.clear()
        self.log.append(describe_deal(self.state, self.hand_number, self.lang))

    def answer(self, yes: bool) -> bool:
        return self.play(AnswerGoOut(yes))

    def simple(self, kind: str) -> bool:
        actions = {"draw": Draw(), "ask_go_out": AskGoOut(), "decline_pile": DeclinePile(),
                   "draw_replacement": DrawReplacement()}
        return self.play(actions[kind])

