"""One attempt at a lesson, played headless: the learner acts, the engine judges, the lesson
answers (its feedback, traps and their consequences, hints, the other seats' scripted replies or
its bot), and Try again returns only to a position that can still be won."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from engine.core.actions import Action, Discard, canonical, cards_of
from engine.bots.base import observe
from engine.core.cards import Card
from engine.core.errors import IllegalActionError
from engine.core.i18n import N_
from engine.judge.game import apply
from engine.judge.legal import legal_actions
from engine.bots.levels import make_bot
from engine.core.state import State
from tutor.text.messages import Message
from tutor.lessons.files import Lesson, Trap



STALLED = N_("That ends your turn without reaching the goal, and nobody plays on in this lesson. Read the goal"
             " again and look for another move.")
SEARCH_BUDGET = 150  # moves Try again may try to prove a position still solvable (bench/lesson_search.py)


@dataclass(frozen=True)
class _Before:
    """The attempt before one of the learner's accepted actions (where Try again may return)."""

    state: State
    actions: int
    replies_played: int
    off_script: bool = False


@dataclass
class LessonRun:
    """One attempt at a lesson: the learner acts, the engine judges, the lesson answers.

    ``variation`` picks the deal (0: the lesson's own; then its variations, the mastery check).
    A refused action changes nothing; a trap is undone after its consequence is shown. What the
    lesson says (``said``) is a :class:`~tutor.text.messages.Message`, said in the learner's language
    when shown. Mistakes and hints count for the whole attempt, through Try again and Start over.
    """

    lesson: Lesson
    variation: int = 0
    state: State = field(init=False)
    mistakes: int = 0
    hints_used: int = 0
    replies_played: int = 0
    said: Message | None = None  # the lesson's answer to the last action: a refusal or a trap
    actions: list[Action] = field(default_factory=list)  # the learner's accepted actions
    consequence: State | None = None  # a trap's outcome, shown until the learner tries again
    consequence_moves: int = 0  # how many of the trap's moves the table shows
    refused: str | None = None  # the rule id of the last refused action
    consequence_stopped: tuple[int, IllegalActionError] | None = None  # a trap's move its deal refused
    played: list[tuple[State, Action, State]] = field(default_factory=list)  # every move, for narration
    rewound: int = 0  # how many of the learner's moves the last Try again took back
    off_script: bool = False  # a scripted reply did not fit the learner's line: a bot plays the others
    _befores: list[_Before] = field(default_factory=list, repr=False)

    def __post_init__(self) -> None:
        self.setup = self.lesson.setups[self.variation]
        self.state = self.setup.start

    @property
    def message(self) -> str:
        """What the lesson said of the last action, in English (the checker's reports)."""
        return "" if self.said is None else self.said("en")

    def step(self) -> str:
        """The narration for this moment: step *k* once the learner has achieved what the reference
        solution's first *k* moves achieve (:meth:`achieved`), in whatever order and split into
        whatever moves the engine accepted (a step says what those moves did; until they are done
        it would not be true, so the narration waits). The steps are written for the lesson's own
        deal: a variation (a mastery check) has none."""
        steps = self.lesson.steps if self.variation == 0 else ()
        return steps[min(self.achieved(), len(steps) - 1)] if steps else ""

    def achieved(self) -> int:
        """How many of the reference solution's moves, from the first, the learner has achieved: as
        many draws, takes of the pile, questions, replacements, declines and discards, and on the
        side's melds every card those moves meld (a new meld's cards together in one meld, a lay-off's
        on the meld it went onto)."""
        solution = self.setup.solution
        return next(k for k in range(len(solution), -1, -1) if self._covers(solution[:k]))

    def _covers(self, moves: tuple[Action, ...]) -> bool:
        kinds = Counter(type(a).__name__ for a in self.actions)
        if any(kinds[kind] < n for kind, n in Counter(type(a).__name__ for a in moves).items() if kind != "MeldAction"):
            return False
        team = self.state.team_of(self.lesson.seat)
        start = [Counter(m.cards) for m in self.setup.start.melds[team]]
        now = [Counter(m.cards) for m in self.state.melds[team]]
        laid: dict[int, Counter[Card]] = {}
        for move in moves:
            groups = [*getattr(move, "melds", ())]
            for layoff in getattr(move, "layoffs", ()):
                laid.setdefault(layoff.onto, Counter()).update(layoff.cards)
            if any(not any(not Counter(group) - meld for meld in now) for group in groups):
                return False  # a new meld of the solution's is not on the table, whole, in one meld
        for onto, cards in laid.items():
            if onto < len(start) and (onto >= len(now) or Counter(cards) + start[onto] - now[onto]):
                return False  # a lay-off of the solution's did not go onto that meld
        return True

    def _followed(self) -> int:
        """How many of the learner's moves follow the reference solution, from the first."""
        done = 0
        for mine, theirs in zip(self.actions, self.setup.solution):
            if canonical(mine) != canonical(theirs):
                break
            done += 1
        return done

    def act(self, action: Action, lang: str = "en") -> bool:
        """The learner's action; a refusal explains itself (the lesson's words where it has them).
        ``lang`` is not used: what the lesson says is kept as a message (``said``)."""
        if self.consequence is not None or self.is_over():
            return False
        before = _Before(self.state, len(self.actions), self.replies_played, self.off_script)
        try:
            self.state = self._apply(self.state, action)
        except IllegalActionError as refusal:
            self.mistakes += 1
            self.refused = refusal.rule
            own = self.lesson.feedback.get(refusal.rule)
            # the lesson's words may name the refusal's facts ({pair}, {top} …: engine.core.rulebook),
            # so that they hold in every deal of the lesson
            self.said = Message.text(own, **refusal.facts) if own else Message.refusal(refusal)
            return False
        self.actions.append(action)
        self._befores.append(before)
        self.said, self.refused = None, None
        for trap in self.lesson.traps:
            if trap.when(self):
                self.mistakes += 1
                self.said = Message.text(trap.text)
                self._play_consequence(trap)
                return False
        self._replies()
        if self._stalled():
            # the turn passed and nobody plays on: the lesson would sit still, neither solved nor failed
            self.mistakes += 1
            self.said = Message.text(STALLED)
            self.consequence, self.consequence_moves = self.state, 0
            return False
        return True

    def _stalled(self) -> bool:
        """Whether the learner's move passed the turn to a seat with no scripted reply left and no bot,
        the goal not reached: a line the lesson has no answer for (Try again takes the move back)."""
        return (not self.is_over() and not self.state.is_over() and self.state.turn != self.lesson.seat
                and not self.needs_bot() and self.replies_played >= len(self.setup.replies))

    def _play_consequence(self, trap: Trap) -> None:
        shown = self.state
        self.consequence_moves = 0
        for number, reply in enumerate(trap.consequence):
            try:
                shown = self._apply(shown, reply)
            except IllegalActionError as error:
                # written for the lesson's own deal; in a variation, show what follows here
                self.consequence_stopped = (number, error)
                shown = self._play_on(shown)
                break
            self.consequence_moves += 1
        self.consequence = shown

    def _play_on(self, state: State) -> State:
        """What follows a trap in a deal its scripted consequence does not fit (a variation): the
        learner's discard if one is still owed, then the next player's whole turn, played by the
        club bot, so that the mastery check shows the cost of the mistake too."""
        bot, rng, others = make_bot("club"), random.Random(self.variation), None
        while not state.is_over() and self.consequence_moves < 40:
            if state.turn != self.lesson.seat:
                if others is not None and state.turn != others:
                    break
                others = state.turn
            elif others is not None:
                break
            legal = legal_actions(state)
            if state.turn == self.lesson.seat:
                legal = [a for a in legal if isinstance(a, Discard)]
                if not legal:
                    break
            state = self._apply(state, bot.choose(observe(state, state.turn), legal, rng))
            self.consequence_moves += 1
        return state

    def try_again(self) -> None:
        """After a trap: back to before the move that fell into it, or further back, to the last
        position from which the lesson can still be solved (:meth:`solvable`)."""
        if self.consequence is None:
            return
        trapped = len(self._befores) - 1
        left = [SEARCH_BUDGET]  # one budget for every position tried: Try again stays quick
        back = next((i for i in range(trapped, 0, -1) if self.solvable(self._befores[i], left)), 0)
        self.rewound = trapped + 1 - back
        self._rewind(back)

    def start_over(self) -> None:
        """Back to the lesson's deal; the attempt goes on (its mistakes and hints still count)."""
        self.rewound = len(self.actions)
        self._rewind(0)

    def _rewind(self, index: int) -> None:
        if index < len(self._befores):
            to = self._befores[index]
            self.state, self.replies_played, self.off_script = to.state, to.replies_played, to.off_script
            del self.actions[to.actions:]
            del self._befores[index:]
        self.consequence, self.said, self.refused, self.consequence_stopped = None, None, None, None
        self.consequence_moves = 0

    def solvable(self, at: _Before, left: list[int] | None = None) -> bool:
        """Whether the lesson can still be solved from ``at`` (a position of this attempt): a short
        search, judged by the engine and this runner (replies, bots, traps) as the checker judges
        the reference solution, over the solution's own moves and the legal actions, at most as
        deep as the solution is long, and as many moves as ``left[0]`` allows (it counts them down;
        :data:`SEARCH_BUDGET` if not given). A position the search cannot prove solvable counts as
        lost (Try again then goes further back, at worst to the deal)."""
        left = [SEARCH_BUDGET] if left is None else left
        solution = self.setup.solution

        def trial(state: State, actions: list[Action], replies: int, off_script: bool) -> LessonRun:
            run = LessonRun(self.lesson, self.variation)
            run.state, run.actions, run.replies_played, run.off_script = state, list(actions), replies, off_script
            run.play_bots(random.Random(self.variation))
            return run

        def search(run: LessonRun, depth: int) -> bool:
            seen: set[Any] = set()
            for action in (*solution, *legal_actions(run.state)):
                key = canonical(action)
                if key in seen or left[0] <= 0:
                    continue
                seen.add(key)
                left[0] -= 1
                after = trial(run.state, run.actions, run.replies_played, run.off_script)
                accepted = after.act(action)
                if after.succeeded():
                    return True
                if accepted and depth > 1 and not after.failed() and not after.state.is_over():
                    after.play_bots(random.Random(self.variation))
                    if after.state.turn == self.lesson.seat and search(after, depth - 1):
                        return True
            return False

        start = trial(at.state, self.actions[:at.actions], at.replies_played, at.off_script)
        return start.succeeded() or search(start, len(solution) + 1)

    def _replies(self) -> None:
        """The other seats' scripted moves, while it is their turn."""
        while (not self.off_script and not self.state.is_over() and self.state.turn != self.lesson.seat
               and self.replies_played < len(self.setup.replies)):
            try:
                self.state = self._apply(self.state, self.setup.replies[self.replies_played])
            except IllegalActionError:  # written for another line than the learner's: a bot plays on
                self.off_script = True
                return
            self.replies_played += 1

    def needs_bot(self) -> bool:
        """Whether another seat is to move with no scripted reply left, or none that fits the learner's
        line (the lesson's bot plays, the beginner if it names none)."""
        return ((self.lesson.bot is not None or self.off_script) and not self.is_over()
                and not self.state.is_over() and self.state.turn != self.lesson.seat
                and (self.off_script or self.replies_played >= len(self.setup.replies)))

    def reply(self, action: Action) -> None:
        """A bot's move for another seat (chosen by the caller, off the event loop in the app)."""
        self.state = self._apply(self.state, action)
        self._replies()

    def _apply(self, state: State, action: Action) -> State:
        after = apply(state, action)
        self.played.append((state, action, after))
        return after

    def play_bots(self, rng: random.Random) -> None:
        """Headless: the lesson's bot plays the other seats until the learner is to act."""
        while self.needs_bot():
            bot = make_bot(self.lesson.bot or "beginner")
            self.reply(bot.choose(observe(self.state, self.state.turn), legal_actions(self.state), rng))

    def can_hint(self) -> bool:
        """Whether a hint may be shown now: the lesson's own deal, while the learner is to act."""
        return (self.variation == 0 and bool(self.lesson.hints) and self.consequence is None
                and not self.is_over() and not self.state.is_over() and self.state.turn == self.lesson.seat)

    def hint(self) -> Message | None:
        """The next hint, gentle first; the last (the move itself) repeats without counting again.
        ``None`` (and nothing counted) when no hint may be shown (:meth:`can_hint`)."""
        if not self.can_hint():
            return None
        text = self.lesson.hints[min(self.hints_used, len(self.lesson.hints) - 1)]
        self.hints_used = min(self.hints_used + 1, len(self.lesson.hints))
        return Message.text(text)

    def next_cards(self) -> tuple[Card, ...]:
        """The cards of the reference solution's next move, while the learner has followed it
        (the explicit hint points at them)."""
        done, solution = len(self.actions), self.setup.solution
        if done >= len(solution) or self._followed() != done:
            return ()
        return cards_of(solution[done])

    def succeeded(self) -> bool:
        return self.consequence is None and self.lesson.success(self)

    def failed(self) -> bool:
        return self.lesson.failure is not None and self.lesson.failure(self)

    def is_over(self) -> bool:
        return self.succeeded() or self.failed()

    def stars(self) -> int:
        """Three for a clean solve; one less for mistakes, one less for hints."""
        return 3 - (self.mistakes > 0) - (self.hints_used > 0)
