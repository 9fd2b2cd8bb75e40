"""The table's view-model: what the learner has selected and staged, what happened, what to say.

No Flet here and no rule: every action the learner builds goes to the engine, which judges it;
a refusal becomes a message in the learner's language and changes nothing. The shell
(:mod:`tutor.shell.app`) renders :class:`TableModel` with the pure views of :mod:`tutor.views.widgets` and runs
the computer players' moves off the event loop. Building actions from taps is :mod:`tutor.table.taps`,
what the table says in the learner's language :mod:`tutor.table.said`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar
from dataclasses import dataclass, field

from engine.core.actions import (
    Action,
    format_action,
    AnswerGoOut,
    AskGoOut,
    DeclinePile,
    Draw,
    DrawReplacement,
)
from engine.core.cards import Card, parse_cards
from engine.core.deal import deal
from engine.describe import SeenBy, describe_scores, seat_name
from engine.core.errors import IllegalActionError
from engine.judge.game import apply
from engine.core.i18n import N_, NP_
from engine.judge.legal import legal_actions
from engine.position import dump_position, load_position
from engine.core.rules import Rules
from engine.core.scoring import TeamScore, score_hand
from engine.core.state import State
from engine.variants import get_variant
from tutor.lessons.catalog import Lesson, LessonRun
from tutor.table import seats
from tutor.text.messages import Message, Refusal
from tutor.table.said import Sayings
from tutor.table.taps import Taps
from tutor.table.workers import note_pile_taken


@dataclass(frozen=True)
class _Before:
    """What the learner's action changed, to undo it: the state and how long the log and moves were."""

    state: State
    log: int
    moves: int


LOG_KEPT = 200  # log lines kept in memory (the views show the last few; a saved game the last 30)


@dataclass
class TableModel(Taps, Sayings):
    """One game at the table: the learner sits in ``seat``; the other seats are computer players.

    What the table says (refusal, hint, log, review, a lesson's answer) is kept as data and said in
    ``lang`` when asked: ``refusal_text()``, ``hint_text()``, ``log_lines()``, ``review_moments()``,
    ``lesson_message()``, ``trap_note()``. Setting ``lang`` is all a language switch takes.

    The score of the hand being played is not added up as it happens: ``totals`` are the position's
    scores (the totals before this hand, which the engine reads for the opening minimum) plus this
    hand's score once it is over, so an undo past the end of a hand takes its score back with it.
    """

    free_game: ClassVar[bool] = True  # a game of its own, whose variant and players the learner may change

    rules: Rules
    state: State
    lang: str = "en"
    seat: int = 0
    bot: str = "basic"
    practice: bool = True  # undo is allowed
    hand_number: int = 1
    selected: list[int] = field(default_factory=list)  # indexes into the learner's hand
    staged_at: list[tuple[int, ...]] = field(default_factory=list)  # melds waiting to go down together
    said: list[Message] = field(default_factory=list)  # the log, as data
    rejected: Refusal | None = None
    history: list[_Before] = field(default_factory=list)  # before each of the learner's actions
    past_scores: list[list[TeamScore]] = field(default_factory=list)  # the hands played before this one
    hint_said: tuple[Message, tuple[Card, ...]] | None = None  # the hint shown and the cards it points at
    # the learner's moves this hand: position, action, what followed (the review reads them)
    moves: list[tuple[dict[str, Any], dict[str, Any], dict[str, Any]]] = field(default_factory=list)
    review: list[dict[str, Any]] = field(default_factory=list)  # moments a tactics tip applied (tutor.table.workers)
    seed: int = 0
    lesson: LessonRun | None = None  # a lesson being played: it judges, scripts the others, counts stars
    # the learner had earned no stars before this lesson (the store's progress, looked up when it opened):
    # its solve says what the stars mean
    first_stars: bool = False
    term: str | None = None  # the game term whose definition is shown (a glossary concept)
    goal_open: bool = False  # on a phone: the lesson's panel shown in full, not its goal's one line
    hand_sort: str = "advised"  # the hand's order (the learner's setting): "advised", "rank" or "suit"
    picked: tuple[int, int] | None = None  # Royal: the side's meld card picked as the discard (meld, place)
    # a lesson's inputs since its attempt began (the learner's actions, refused ones too, the others'
    # replies, Try again, Start over, hints): replayed, they rebuild it after a restart (tutor/store/resume.py)
    journal: list[list[Any]] = field(default_factory=list)
    # The action types open in one state, kept because every render asks about each button.
    _open_kinds: tuple[State, frozenset[str]] | None = field(default=None, init=False, repr=False, compare=False)
    _scored: tuple[State, list[TeamScore]] | None = field(default=None, init=False, repr=False, compare=False)

    @classmethod
    def new_game(cls, variant: str, players: int, lang: str, bot: str = "basic", seed: int = 0,
                 table: str | None = None) -> TableModel:
        rules = get_variant(variant).for_people(players, table)
        state = deal(rules, random.Random(seed), dealer=rules.players - 1)
        model = cls(rules=rules, state=state, lang=lang, bot=bot, seed=seed)
        model._say(Message.deal(state, 1, model.seen))
        return model

    @classmethod
    def for_lesson(cls, lesson: Lesson, lang: str, variation: int = 0) -> TableModel:
        """The table set up as the lesson's deal (or one of its variations: a mastery check)."""
        run = LessonRun(lesson, variation)
        model = cls(rules=run.state.rules, state=run.state, lang=lang, seat=lesson.seat, practice=False, lesson=run)
        model._follow_lesson(0)
        return model

    # -- continuing later -------------------------------------------------------------------------

    def saved(self) -> dict[str, Any]:
        """What it takes to continue this game later (the position in its JSON form; the log's
        lines in every language, so a later language switch re-says them too)."""
        return {
            "variant": self.rules.name, "people": self.rules.table_of().people, "table": self.rules.table,
            "position": dump_position(self.state, reveal=True), "totals": list(self.totals),
            "hand_number": self.hand_number, "seed": self.seed, "bot": self.bot,
            "log": [line.texts() for line in self.said[-30:]],
        }

    @classmethod
    def restore(cls, data: Mapping[str, Any], lang: str) -> TableModel:
        """A saved game; ``InvalidInputError`` (or ``KeyError``/``TypeError``) if it is not one."""
        rules = get_variant(data["variant"]).for_people(int(data["people"]), str(data["table"]))
        state = load_position(data["position"])
        # the totals are the position's scores (before this hand) and, once it is over, its score:
        # "totals" in the file only repeats them
        model = cls(rules=rules, state=state, lang=lang, bot=str(data["bot"]), seed=int(data["seed"]),
                    hand_number=int(data["hand_number"]))
        model.said = [Message.fixed(line) for line in data["log"]]
        return model

    # -- what the learner sees (said in ``lang`` when asked) ----------------------------------------

    def this_hand(self) -> list[TeamScore] | None:
        """Each side's score for the hand on the table, once it is over (else ``None``)."""
        if not self.state.is_over():
            return None
        if self._scored is None or self._scored[0] is not self.state:
            self._scored = (self.state, score_hand(self.state))
        return self._scored[1]

    @property
    def banked(self) -> tuple[int, ...]:
        """Each side's total before this hand: the position's scores (a lesson's too)."""
        return tuple(self.state.scores)

    @property
    def totals(self) -> tuple[int, ...]:
        """Each side's game total: the hands before this one, and this one once it is over."""
        scores = self.this_hand()
        if scores is None:
            return self.banked
        return tuple(t + s.total for t, s in zip(self.banked, scores))

    @property
    def hand_scores(self) -> list[list[TeamScore]]:
        """The scores of every finished hand of the game, this one last once it is over."""
        scores = self.this_hand()
        return self.past_scores + ([scores] if scores is not None else [])

    # -- who is who, and why an action is closed (tutor.table.seats) --------------------------------------

    def seat_label(self, seat: int) -> str:
        """A seat named from the learner's chair, in ``lang``: "You", "Partner", "Left", "Right"
        (and "Opponent", "Across", "Partner on the left/right" at 2 and 6 seats)."""
        return seats.seat_label(self.state.players, self.seat, seat, self.lang)

    @property
    def seen(self) -> SeenBy:
        """The play-by-play as the learner is told it: "You draw …", "Left discards …"."""
        return seats.seen_by(self.state.players, self.seat)

    def seat_compass(self, seat: int) -> str:
        """The seat's compass name, as the play-by-play names it ("West"), in ``lang``."""
        return seat_name(self.state.players, seat, self.lang)

    def team_label(self, team: int) -> str:
        """A side named from the learner's chair: "You and Partner", "Left and Right"."""
        return seats.team_label(self.state, self.seat, team, self.lang)

    def why_not(self, kind: str) -> str:
        """Why the learner cannot take an action of ``kind`` now, in ``lang`` ("" if he can): the
        engine's refusal of that action as the learner's taps would build it, or what is missing
        (whose turn it is, a selection). ``kind``: an action type of the engine (draw, take_pile,
        meld, discard, ask_go_out, decline_pile, draw_replacement) or hint, undo, stage, clear."""
        said = seats.why_not(self, kind)
        return "" if said is None else said(self.lang)

    def waiting_note(self) -> str:
        """What the table waits for before anyone plays, in ``lang`` ("": nothing; a table for people
        waits for its host to start it)."""
        return ""

    def sitting_out(self) -> bool:
        """The learner sits this hand out (a table for people where people take turns: tutor.tables.seat);
        their view then holds no hand and shows every hand's count."""
        return False

    def sitting_out_note(self) -> str:
        """The line that says so, and who plays for the learner's side, in ``lang`` ("": they play)."""
        return ""

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

    # -- acting -----------------------------------------------------------------------------------

    def play(self, action: Action) -> bool:
        """The learner's action: judged by the engine; refused, it changes nothing but the message."""
        if self.lesson is not None:
            return self._play_lesson(action)
        before = self.state
        try:
            after = apply(before, action)
        except IllegalActionError as error:
            said = seats.with_set_aside(Message.refusal(error), self.state, action, error.rule)
            self.rejected = Refusal(error.rule, said)
            return False
        self.history.append(_Before(before, len(self.said), len(self.moves)))
        self.moves.append((dump_position(before, reveal=True), format_action(action), {}))
        self._advance(before, action, after)
        self.clear()
        return True

    def _play_lesson(self, action: Action) -> bool:
        run = self.lesson
        assert run is not None
        self.journal.append(["play", format_action(action)])
        seen = len(run.played)
        accepted = run.act(action)
        if run.refused is not None and run.said is not None:
            # the lesson's words, the rule's source
            self.rejected = Refusal(run.refused, seats.with_set_aside(run.said, self.state, action, run.refused))
            return False
        self._follow_lesson(seen)
        self.clear()
        return accepted

    def _follow_lesson(self, seen: int) -> None:
        """Narrate the moves the lesson played since ``seen`` and show where it stands."""
        run = self.lesson
        assert run is not None
        for before, action, after in run.played[seen:]:
            self._say(Message.move(before, action, after, self.seen))
        self.state = run.consequence if run.consequence is not None else run.state
        self.rejected = None
        self.hint_said = None

    def try_again(self) -> None:
        """In a lesson, after a trap: back to before the move that fell into it, or further back if an
        earlier move already put the goal out of reach (the lesson then says so)."""
        run = self.lesson
        if run is not None and run.consequence is not None:
            self.journal.append(["try_again"])
            run.try_again()
            self._follow_lesson(len(run.played))
            if run.rewound > 1:
                run.said = Message.text(NP_(
                    "Your last {count} move is taken back: an earlier move already put the goal out of reach.",
                    "Your last {count} moves are taken back: an earlier move already put the goal out of reach.",
                    "count"), count=run.rewound)
                self._say(run.said)
            else:
                self._say(Message.text(N_("Your move is taken back. Try again.")))
            self.clear()

    def start_over(self) -> bool:
        """In a lesson: back to its deal. Before the solve it is the same attempt (its mistakes and
        hints still count); after it, a new attempt begins (True: the caller records it anew)."""
        run = self.lesson
        if run is None:
            return False
        fresh = run.succeeded()
        if fresh:
            self.lesson = run = LessonRun(run.lesson, run.variation)
            self.journal = []  # a new attempt
        else:
            self.journal.append(["start_over"])
            run.start_over()
        self._follow_lesson(len(run.played))
        self._say(Message.text(N_("Back to the start of the lesson.")))
        self.clear()
        return fresh

    def lesson_hint(self) -> None:
        """The lesson's next hint (gentle first); none in a mastery check, which is played without,
        and none once the lesson is over or a trap's consequence is shown (nothing is counted)."""
        run = self.lesson
        if run is None or not run.can_hint():
            return
        self.journal.append(["hint"])
        said = run.hint()
        assert said is not None
        # the last hint is the move itself: its cards are highlighted in the hand
        explicit = run.hints_used >= len(run.lesson.hints)
        self.show_hint(said, run.next_cards() if explicit else ())

    def play_bot(self, action: Action) -> None:
        """A computer player's action (chosen off the event loop, judged here like any other)."""
        if self.lesson is not None:
            self.journal.append(["bot", format_action(action)])
            seen = len(self.lesson.played)
            self.lesson.reply(action)
            self._follow_lesson(seen)
            return
        before = self.state
        note_pile_taken(self.moves, before, action, self.seat)
        self._advance(before, action, apply(before, action))

    def show_hint(self, text: Message | Mapping[str, str] | str, cards: tuple[Card, ...]) -> None:
        """Show a hint: a message, or its texts by language (a worker's ``texts``), or one text."""
        self.hint_said = (text if isinstance(text, Message) else Message.fixed(text), cards)

    def show_found_hint(self, found: Mapping[str, Any] | None) -> None:
        """Show a hint as :func:`tutor.table.workers.hints_for` returns it (``None``: there is none)."""
        if found is None:
            self.show_hint(Message.text(N_("No hint for this moment.")), ())
        else:
            self.show_hint(found.get("texts") or found["text"], parse_cards(found["cards"]))

    def hinted(self, index: int) -> bool:
        """Whether the card at ``index`` of the hand is one the hint points at."""
        if self.hint_said is None:
            return False
        return self.hand[index] in self.hint_said[1]

    def _say(self, line: Message) -> None:
        self.said.append(line)
        del self.said[:-LOG_KEPT]

    def _advance(self, before: State, action: Action, after: State) -> None:
        seen = self.seen
        self._say(Message.move(before, action, after, seen))
        self.state = after
        self.rejected = None
        self.hint_said = None
        scores = self.this_hand()
        if scores is not None:
            totals = self.totals

            def score_line(line: int) -> Message:
                return Message(lambda lang: describe_scores(after, scores, totals, lang, seen)[line])

            for line in range(len(scores)):
                self._say(score_line(line))

    def can_undo(self) -> bool:
        return self.practice and bool(self.history)

    def undo(self) -> None:
        """Back to before the learner's last action (the computer players' moves since go too, and
        so does the hand's score if it ended since: the totals are derived from the state)."""
        if self.can_undo():
            before = self.history.pop()
            self.state = before.state
            del self.moves[before.moves:]
            del self.said[before.log:]
            self._say(Message.text(N_("You took back your last move.")))
            self.review = []  # the review was of a hand that is no longer over
            self.clear()
            self.rejected = None
            self.hint_said = None

    def game_over(self) -> bool:
        return self.state.is_over() and self.rules.game_over(self.totals)

    def next_hand(self) -> None:
        scores = self.this_hand()
        if scores is None or self.game_over():
            return
        totals = self.totals
        self.past_scores.append(scores)
        self.hand_number += 1
        dealer = (self.state.dealer + 1) % self.rules.players
        rng = random.Random(self.seed * 1000 + self.hand_number)
        self.state = deal(self.rules, rng, scores=totals, dealer=dealer)
        self.history.clear()
        self.moves.clear()
        self.review = []
        self.clear()
        self._say(Message.deal(self.state, self.hand_number, self.seen))

    def answer(self, yes: bool) -> bool:
        return self.play(AnswerGoOut(yes))

    def simple(self, kind: str) -> bool:
        actions: dict[str, Action] = {"draw": Draw(), "ask_go_out": AskGoOut(), "decline_pile": DeclinePile(),
                                      "draw_replacement": DrawReplacement()}
        return self.play(actions[kind])
