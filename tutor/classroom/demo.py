"""A lesson demonstrated on a projector: the reference solution and the traps, one step a tap.

A :class:`Demonstration` is built from the lesson's own data and played by the lesson's runner
(:class:`~tutor.lessons.catalog.LessonRun`), so the engine judges every move exactly as it does for a
learner and as the checker proved it: the narration at the deal, each move of the reference
solution with the other seats' replies, and each trap as a "what if" (the wrong move, the lesson's
explanation and the position it leads to), then back to where the line was. The steps are made
once, when the demonstration opens; Next, Back and Restart only move along them, so going back and
forth shows the very same positions. Nothing is recorded for anybody: a demonstration is not an
attempt. No Flet here (:mod:`tutor.classroom.demo_view` draws it).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum

from engine.core.actions import canonical, cards_of
from engine.core.cards import Card
from engine.core.errors import IllegalActionError
from engine.core.i18n import N_
from engine.judge.legal import legal_actions
from engine.core.state import State
from tutor.lessons.catalog import Lesson, LessonRun, Trap
from tutor.text.messages import Message
from tutor.table.model import TableModel
from tutor.table.seats import seen_by


class Kind(Enum):
    """What a step shows."""

    DEAL = "deal"  # the lesson's position before any move
    MOVE = "move"  # a move of the reference solution, and the other seats' replies
    WHAT_IF = "what_if"  # a trap: the tempting move, why it is wrong, the position it leads to
    BACK = "back"  # after a trap, the position of the line again


@dataclass(frozen=True)
class Step:
    """One tap of the demonstration: the position shown and what is said about it."""

    kind: Kind
    state: State  # the position on the table
    narration: str  # the lesson's narration here (a message id; "" in a variation, which has none)
    played: tuple[Message, ...] = ()  # the moves since the line's position before, for the play-by-play
    trap: str | None = None  # a what if: the trap's text (a message id)
    consequence: tuple[Message, ...] = ()  # a what if: the moves that follow the trap, played out
    cards: tuple[Card, ...] = ()  # the cards of the learner's move of this step (marked on the table)
    done: int = 0  # how many moves of the reference solution the line has made here
    reached: bool = False  # the lesson's goal is reached (the last step of the line)


COMMANDS = ("next", "back", "restart")
# A presenter's clicker sends these keys (Flet's names for them): next, back, restart, leave.
KEYS: Mapping[str, str] = {
    "Arrow Right": "next", " ": "next", "Space": "next", "Page Down": "next", "Arrow Down": "next",
    "Arrow Left": "back", "Page Up": "back", "Arrow Up": "back",
    "Home": "restart", "Escape": "leave",
}


@dataclass
class Demonstration:
    """A lesson's deal (0: its own, then its variations) as steps, and the step showing."""

    lesson: Lesson
    variation: int
    steps: tuple[Step, ...]
    index: int = 0
    skipped: tuple[str, ...] = field(default=())  # traps this deal cannot show (their texts)

    @classmethod
    def of(cls, lesson: Lesson, variation: int = 0) -> Demonstration:
        """The demonstration of one deal; ``ValueError`` names a deal the lesson does not have."""
        if not 0 <= variation < len(lesson.setups):
            raise ValueError(f"{lesson.id}: no deal {variation} (it has {len(lesson.setups)})")
        steps, skipped = build_steps(lesson, variation)
        return cls(lesson, variation, steps, 0, skipped)

    @property
    def step(self) -> Step:
        return self.steps[self.index]

    @property
    def deals(self) -> int:
        """How many deals may be demonstrated: the lesson's own and its variations."""
        return len(self.lesson.setups)

    def at_start(self) -> bool:
        return self.index == 0

    def at_end(self) -> bool:
        return self.index == len(self.steps) - 1

    def next(self) -> bool:
        """One step on (False at the end: nothing changes)."""
        if self.at_end():
            return False
        self.index += 1
        return True

    def back(self) -> bool:
        """One step back (False at the start)."""
        if self.at_start():
            return False
        self.index -= 1
        return True

    def restart(self) -> bool:
        """Back to the deal."""
        moved = self.index != 0
        self.index = 0
        return moved

    def go(self, command: str) -> bool:
        """``next``, ``back`` or ``restart``; whether the step changed. ``ValueError`` for another."""
        if command not in COMMANDS:
            raise ValueError(f"not a demonstration command: {command!r} (known: {', '.join(COMMANDS)})")
        return bool(getattr(self, command)())

    def said(self) -> tuple[Message, ...]:
        """What the step shown says besides the narration and a trap's text: the moves played to
        reach it, in the play-by-play's words (for a trap, the wrong move and what follows), or
        that the position is the line's again (each a message, said in the viewer's language)."""
        step = self.step
        if step.kind is Kind.DEAL:
            return ()
        if step.kind is Kind.BACK:
            return (Message.text(N_("Back to the position before that move.")),)
        return step.played + step.consequence

    def table(self, lang: str) -> TableModel:
        """The step's position as the table's model shows it (seat names, the pile in words, the
        hand in the tactics' order) from the learner's seat; it plays nothing."""
        state = self.step.state
        return TableModel(rules=state.rules, state=state, lang=lang, seat=self.lesson.seat, practice=False)


def build_steps(lesson: Lesson, variation: int = 0) -> tuple[tuple[Step, ...], tuple[str, ...]]:
    """The steps of one deal's demonstration, and the texts of the traps this deal cannot show.

    The line is the deal's reference solution, played as the checker plays it (the lesson's
    scripted replies, and its bot with a seed fixed by the deal). Before each move of the line come
    the traps that branch off there: in the lesson's own deal, where its example leaves the
    reference solution; in a variation (the same traps in a fresh deal, written without examples),
    and for a trap whose example falls into another trap first (the runner shows the first trap
    that holds), at the first position of the line where one move of the learner falls into it."""
    setup = lesson.setups[variation]
    run = LessonRun(lesson, variation)
    run.play_bots(random.Random(variation))
    told = seen_by(run.state.players, lesson.seat)  # seats named as the table names them: "You", "Left"
    steps = [Step(Kind.DEAL, run.state, _narration(lesson, variation, 0))]
    branches = _branches(lesson, variation)
    shown: set[int] = set()
    for done, action in enumerate(setup.solution):
        for number, trap in enumerate(lesson.traps):
            if number in shown:
                continue
            if number in branches:
                what_if: tuple[int, LessonRun] | None = branches[number] if branches[number][0] == done else None
            else:
                what_if = _fall_into(run, trap)
            if what_if is None:
                continue
            shown.add(number)
            steps += [_what_if(what_if[1], trap, done, len(run.played)),
                      Step(Kind.BACK, run.state, _narration(lesson, variation, done), done=done)]
        seen = len(run.played)
        if not run.act(action):
            raise ValueError(f"{lesson.id}: deal {variation}: the reference solution's move {done} is not accepted: "
                             f"{run.message}")
        if not run.is_over():
            run.play_bots(random.Random(variation))
        steps.append(Step(Kind.MOVE, run.state, _narration(lesson, variation, done + 1),
                          tuple(Message.move(*move, told) for move in run.played[seen:]), cards=cards_of(action),
                          done=done + 1, reached=run.succeeded()))
    skipped = tuple(trap.text for number, trap in enumerate(lesson.traps) if number not in shown)
    return tuple(steps), skipped


def _narration(lesson: Lesson, variation: int, done: int) -> str:
    """The lesson's step after ``done`` moves of its solution (the last stays); the steps are
    written for the lesson's own deal, so a variation has none (as when a learner plays it)."""
    steps = lesson.steps if variation == 0 else ()
    return steps[min(done, len(steps) - 1)] if steps else ""


def _what_if(run: LessonRun, trap: Trap, done: int, line_played: int) -> Step:
    """The step showing a trap fallen into: the moves from where the line was, the lesson's text,
    and the position its consequence leads to."""
    assert run.consequence is not None
    told = seen_by(run.state.players, run.lesson.seat)
    moves = tuple(Message.move(*move, told) for move in run.played[line_played:])
    split = len(moves) - run.consequence_moves
    wrong = run.actions[done:]
    return Step(Kind.WHAT_IF, run.consequence, "", moves[:split], trap=trap.text, consequence=moves[split:],
                cards=tuple(card for action in wrong for card in cards_of(action)), done=done)


def _branches(lesson: Lesson, variation: int) -> dict[int, tuple[int, LessonRun]]:
    """The lesson's own deal: each trap's example played as the checker plays it, and where it
    leaves the reference solution (how many of the solution's moves it shares)."""
    if variation != 0:
        return {}
    found = {}
    for number, trap in enumerate(lesson.traps):
        run = LessonRun(lesson)
        for action in trap.example:
            run.play_bots(random.Random(0))
            run.act(action)
            if run.consequence is not None:
                break
        if run.consequence is None or _fired(run) is not trap:
            continue  # the checker reports it; a demonstration shows the traps that work
        shared = 0
        for mine, reference in zip(run.actions, lesson.solution):
            if canonical(mine) != canonical(reference):
                break
            shared += 1
        found[number] = (min(shared, len(run.actions) - 1), run)
    return found


def _fall_into(line: LessonRun, trap: Trap) -> tuple[int, LessonRun] | None:
    """One legal move of the learner from the line's position that falls into ``trap`` as the
    runner judges it (of the kind of the example's own move first), played out."""
    if line.state.turn != line.lesson.seat or line.state.is_over():
        return None
    kind = trap.example[-1].type
    candidates = sorted(legal_actions(line.state), key=lambda a: a.type != kind)
    for action in candidates:
        trial = _copy(line)
        try:
            trial.act(action)
        except IllegalActionError:  # listed as legal; the runner refusing it is not this trap
            continue
        if trial.consequence is not None and _fired(trial) is trap:
            return len(line.actions), trial
    return None


def _copy(run: LessonRun) -> LessonRun:
    """A runner at the same point of the same attempt (the line goes on untouched)."""
    trial = LessonRun(run.lesson, run.variation)
    trial.state, trial.actions, trial.replies_played = run.state, list(run.actions), run.replies_played
    trial.off_script, trial.played = run.off_script, list(run.played)
    return trial


def _fired(run: LessonRun) -> Trap | None:
    """The trap the runner's last move fell into (the first that holds, as the runner checks)."""
    return next((trap for trap in run.lesson.traps if trap.when(run)), None)


def deal_label(variation: int) -> Message:
    """A deal's name on the button that picks it."""
    if variation == 0:
        return Message.text(N_("The lesson's deal"))
    return Message.text(N_("Variation {number}"), number=variation)


__all__ = ["COMMANDS", "KEYS", "Demonstration", "Kind", "Step", "build_steps", "deal_label"]
