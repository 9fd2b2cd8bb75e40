"""Lessons as data: one TOML file each under ``lessons/<variant>/``, played by a headless runner.

A lesson (after lichess's learn stages) is a goal, a position, what counts as success and as
failure (named predicates combined with ``all``/``any``/``not``), feedback for expected mistakes
keyed by rule id, hints from gentle to explicit, the other seats' scripted replies, and a
reference solution the checker replays. Texts are message ids, translated through the lesson
extractor (``tutor/babel_lessons.py``). ``python -m tutor.lessons check [PATH]`` validates them.
"""

from __future__ import annotations

import logging
import random
import re
import sys
import tomllib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from engine.actions import Action, Discard, MeldAction, TakePile, canonical, cards_of, parse_action
from engine.bots import observe
from engine.cards import Card, parse_card, rank
from engine.errors import IllegalActionError, InvalidInputError, shown
from engine.game import apply
from engine.hints import TIPS, advice
from engine.i18n import LANGUAGES, N_, translations
from engine.legal import legal_actions
from engine.levels import BOTS, make_bot
from engine.melds import Meld, MeldKind
from engine.position import load_position
from engine.rulebook import RULES
from engine.scoring import score_hand
from engine.state import State
from engine.variants import VARIANTS
from tutor.messages import Message

ROOT = Path(__file__).resolve().parent.parent / "lessons"
LOG = logging.getLogger("tutor.lessons")

# The catalog's topics, in the order of the path from first steps to tactics.
TOPICS: Mapping[str, str] = {
    "basics": N_("First steps"), "pile": N_("The pile"), "opening": N_("Opening"),
    "going_out": N_("Going out"), "scoring": N_("Scoring"), "royal": N_("Royal Canasta's own"),
    "tactics": N_("Tactics"),
}
KEYS = frozenset({"id", "variant", "seat", "title", "goal", "topic", "tip", "bot", "hints", "solution", "replies",
                  "position", "steps", "success", "failure", "feedback", "traps", "variations"})


class LessonError(ValueError):
    """A lesson file that cannot be used; names the file and the field."""

    def __init__(self, path: Path, field: str, message: str) -> None:
        super().__init__(f"{path}: {field}: {message}")
        self.path, self.field = path, field


Predicate = Callable[["LessonRun"], bool]


def _mine(run: LessonRun) -> tuple[Meld, ...]:
    return run.state.melds[run.state.team_of(run.lesson.seat)]


def _did(kind: str) -> Callable[[Any], Predicate]:
    return lambda want: lambda run: any(a.type == kind for a in run.actions) == bool(want)


def _discarded(want: object) -> Predicate:
    if isinstance(want, str):  # a card: that card was discarded
        card = parse_card(want)
        return lambda run: any(isinstance(a, Discard) and a.card == card for a in run.actions)
    return _did("discard")(want)


def _melded(want: object) -> Predicate:
    def melded(run: LessonRun) -> bool:
        return any(isinstance(a, MeldAction) or isinstance(a, TakePile) for a in run.actions) == bool(want)
    return melded


def _melded_rank(name: object) -> Predicate:
    wanted = rank(parse_card(f"{name}c"))  # a rank as in card codes: 7, 10, K
    return lambda run: any(m.kind is MeldKind.RANK and m.rank == wanted for m in _mine(run))


def _kind(kind: MeldKind) -> Callable[[Any], Predicate]:
    return lambda want: lambda run: any(m.kind is kind for m in _mine(run)) == bool(want)


def _team_score(points: object) -> Predicate:
    def scored(run: LessonRun) -> bool:
        if not run.state.is_over():
            return False
        return score_hand(run.state)[run.state.team_of(run.lesson.seat)].total >= int(points)  # type: ignore[call-overload]
    return scored


def _hand_has(name: object) -> Predicate:
    card = parse_card(str(name))
    return lambda run: card in run.state.hands[run.lesson.seat]


# Named predicates a lesson may use; each takes its argument from the lesson file (docs/lessons.md).
PREDICATES: Mapping[str, Callable[[Any], Predicate]] = {
    "took_pile": _did("take_pile"),
    "drew": _did("draw"),
    "asked_to_go_out": _did("ask_go_out"),
    "discarded": _discarded,
    "melded": _melded,
    "melded_rank": _melded_rank,
    "pile_frozen": lambda want: lambda run: (run.state.freezer() is not None) == bool(want),
    "pile_blocked": lambda want: lambda run: run.state.is_pile_blocked() == bool(want),
    "opened": lambda want: lambda run: run.state.has_opened(run.state.team_of(run.lesson.seat)) == bool(want),
    "opened_with_at_least": lambda points: lambda run: sum(
        run.state.rules.meld_points(m) for m in _mine(run)) >= int(points),
    "canastas_at_least": lambda count: lambda run: run.state.canastas(run.state.team_of(run.lesson.seat)) >= int(count),
    "natural_canastas_at_least": lambda count: lambda run: sum(
        1 for m in _mine(run) if run.state.rules.is_canasta(m) and m.wilds == 0) >= int(count),
    "melds_at_least": lambda count: lambda run: len(_mine(run)) >= int(count),
    "melded_samba": _kind(MeldKind.SAMBA),
    "melded_bolivia": _kind(MeldKind.BOLIVIA),
    "melded_threes": _kind(MeldKind.THREES),
    "red_threes_at_least": lambda count: lambda run: len(
        run.state.red_threes[run.state.team_of(run.lesson.seat)]) >= int(count),
    "went_out": lambda want: lambda run: (run.state.went_out == run.lesson.seat) == bool(want),
    "went_out_concealed": lambda want: lambda run: (
        run.state.went_out == run.lesson.seat and run.state.concealed) == bool(want),
    "hand_over": lambda want: lambda run: run.state.is_over() == bool(want),
    "team_score_at_least": _team_score,
    "hand_size_at_most": lambda size: lambda run: len(run.state.hands[run.lesson.seat]) <= int(size),
    "hand_has": _hand_has,
}


def _flag_argument(value: object) -> object:
    if not isinstance(value, bool):
        raise ValueError("expected true or false")
    return value


def _count_argument(value: object) -> object:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 10_000:
        raise ValueError("expected a whole number from 0 to 10000")
    return value


def _points_argument(value: object) -> object:
    if not isinstance(value, int) or isinstance(value, bool) or abs(value) > 100_000:
        raise ValueError("expected a whole number of points")
    return value


def _card_argument(value: object) -> object:
    if not isinstance(value, str):
        raise ValueError("expected a card code such as \"Qs\"")
    parse_card(value)
    return value


def _rank_argument(value: object) -> object:
    if isinstance(value, bool) or not isinstance(value, (str, int)) or str(value).upper() == "JK":
        raise ValueError("expected a rank as in card codes: 7, 10, K")
    parse_card(f"{value}c")
    return value


def _card_or_flag_argument(value: object) -> object:
    return _flag_argument(value) if isinstance(value, bool) else _card_argument(value)


# What each predicate's argument must be, checked when the lesson loads (not when the predicate
# first runs, mid-lesson): a new predicate adds one line here beside its line in PREDICATES.
ARGUMENTS: Mapping[str, Callable[[object], object]] = {
    "took_pile": _flag_argument, "drew": _flag_argument, "asked_to_go_out": _flag_argument,
    "discarded": _card_or_flag_argument, "melded": _flag_argument, "melded_rank": _rank_argument,
    "pile_frozen": _flag_argument, "pile_blocked": _flag_argument, "opened": _flag_argument,
    "opened_with_at_least": _count_argument, "canastas_at_least": _count_argument,
    "natural_canastas_at_least": _count_argument, "melds_at_least": _count_argument,
    "melded_samba": _flag_argument, "melded_bolivia": _flag_argument, "melded_threes": _flag_argument,
    "red_threes_at_least": _count_argument, "went_out": _flag_argument, "went_out_concealed": _flag_argument,
    "hand_over": _flag_argument, "team_score_at_least": _points_argument, "hand_size_at_most": _count_argument,
    "hand_has": _card_argument,
}


def _predicate(spec: object, path: Path, field: str) -> Predicate:
    if not isinstance(spec, Mapping) or len(spec) != 1:
        raise LessonError(path, field, "a predicate is a table with one key: a name, or all/any/not")
    (name, value), = spec.items()
    if name in ("all", "any"):
        if not isinstance(value, list) or not value:
            raise LessonError(path, f"{field}.{name}", "expected a list of predicates")
        parts = [_predicate(v, path, f"{field}.{name}[{i}]") for i, v in enumerate(value)]
        combine = all if name == "all" else any
        return lambda run: combine(p(run) for p in parts)
    if name == "not":
        inner = _predicate(value, path, f"{field}.not")
        return lambda run: not inner(run)
    if not isinstance(name, str) or name not in PREDICATES:
        raise LessonError(path, f"{field}.{name}", f"unknown predicate (known: {', '.join(PREDICATES)})")
    try:
        ARGUMENTS.get(name, lambda v: v)(value)
        return PREDICATES[name](value)
    except InvalidInputError as error:
        raise LessonError(path, f"{field}.{name}", f"bad argument {shown(value)}: {error.message}") from None
    except (ValueError, TypeError) as error:
        raise LessonError(path, f"{field}.{name}", f"bad argument {shown(value)}: {error}") from None


@dataclass(frozen=True)
class Setup:
    """A deal of the lesson: the main one, or a variation (the same trap in a fresh deal)."""

    start: State
    solution: tuple[Action, ...]
    replies: tuple[Action, ...]


@dataclass(frozen=True)
class Trap:
    """A legal but wrong move the deal tempts: the lesson says why, plays out what follows
    (``consequence``: the other seats' moves), then the learner tries again. ``example`` is a
    line of the learner's actions that falls into it; the checker plays it."""

    when: Predicate
    text: str
    consequence: tuple[Action, ...]
    example: tuple[Action, ...]


@dataclass(frozen=True)
class Lesson:
    path: Path
    id: str
    title: str
    goal: str
    variant: str
    topic: str
    seat: int
    setups: tuple[Setup, ...]  # the lesson's deal first, then its variations
    success: Predicate
    failure: Predicate | None
    steps: tuple[str, ...]
    hints: tuple[str, ...]
    feedback: Mapping[str, str]
    traps: tuple[Trap, ...] = ()
    tip: str | None = None  # a tactics lesson: the engine's tip it teaches
    bot: str | None = None  # the other seats' level once their scripted replies run out
    texts: tuple[str, ...] = field(default=())  # every text, for the catalog check

    @property
    def start(self) -> State:
        return self.setups[0].start

    @property
    def solution(self) -> tuple[Action, ...]:
        return self.setups[0].solution

    @property
    def replies(self) -> tuple[Action, ...]:
        return self.setups[0].replies


def _text(data: Mapping[str, Any], key: str, path: Path) -> str:
    value = data.get(key)
    if not isinstance(value, str) or not value.strip():
        raise LessonError(path, key, "expected a text")
    return value


def _actions(value: object, path: Path, field: str) -> tuple[Action, ...]:
    if not isinstance(value, list):
        raise LessonError(path, field, "expected a list of actions")
    out = []
    for i, raw in enumerate(value):
        try:
            out.append(parse_action(raw))
        except InvalidInputError as error:
            raise LessonError(path, f"{field}[{i}].{error.field}", error.message) from None
    return tuple(out)


VARIATION_KEYS = frozenset({"position", "solution", "replies"})
STEP_KEYS = frozenset({"text"})
TRAP_KEYS = frozenset({"when", "text", "consequence", "example"})


def _unknown(data: Mapping[str, Any], known: frozenset[str], path: Path, where: str) -> list[LessonError]:
    """Every key the table does not know, each a problem of its own (a misspelt key never fires)."""
    return [LessonError(path, f"{where}{key}", f"unknown key (known: {', '.join(sorted(known))})")
            for key in sorted(map(str, data)) if key not in known]


def _setup(data: Mapping[str, Any], variant: str | None, path: Path, prefix: str) -> Setup:
    position = data.get("position")
    if not isinstance(position, dict):
        raise LessonError(path, f"{prefix}position", "expected a table holding a position")
    try:
        start = load_position(position)
    except InvalidInputError as error:
        raise LessonError(path, f"{prefix}position.{error.field}", error.message) from None
    if variant is not None and position.get("variant") != variant:
        raise LessonError(path, f"{prefix}position.variant", "must be the lesson's variant")
    solution = _actions(data.get("solution", []), path, f"{prefix}solution")
    if not solution:
        raise LessonError(path, f"{prefix}solution", "a lesson is solved by acting: give at least one action")
    return Setup(start, solution, _actions(data.get("replies", []), path, f"{prefix}replies"))


def _trap(data: object, path: Path, field: str) -> Trap:
    if not isinstance(data, dict):
        raise LessonError(path, field, "expected a table with when, text, consequence and example")
    unknown = _unknown(data, TRAP_KEYS, path, f"{field}.")
    if unknown:
        raise unknown[0]
    text = data.get("text")
    if not isinstance(text, str) or not text.strip():
        raise LessonError(path, f"{field}.text", "expected a text")
    example = _actions(data.get("example", []), path, f"{field}.example")
    if not example:
        raise LessonError(path, f"{field}.example", "give the learner's actions that fall into the trap")
    return Trap(_predicate(data.get("when"), path, f"{field}.when"), text,
                _actions(data.get("consequence", []), path, f"{field}.consequence"), example)


class _Problems:
    """What is wrong with one lesson file, gathered field by field so one run reports them all."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.found: list[LessonError] = []

    def add(self, field: str, message: str) -> None:
        self.found.append(LessonError(self.path, field, message))

    def read(self, reader: Callable[..., Any], *args: Any) -> Any:
        """``reader(*args)``, or None with its problem noted."""
        try:
            return reader(*args)
        except LessonError as error:
            self.found.append(error)
            return None


def _read_toml(path: Path) -> dict[str, Any]:
    try:
        raw = path.read_bytes()
    except OSError as error:
        raise LessonError(path, "(file)", f"cannot be read: {error.strerror}") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise LessonError(path, "(file)", f"not UTF-8 text (byte 0x{raw[error.start]:02x} at offset {error.start})") from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise LessonError(path, "(file)", str(error)) from None
    except RecursionError:
        raise LessonError(path, "(file)", "nested too deep") from None


def _choice(data: Mapping[str, Any], key: str, known: Sequence[str] | Mapping[str, Any], problems: _Problems,
            required: bool = True) -> str | None:
    value = data.get(key)
    if value is None and not required:
        return None
    if not isinstance(value, str) or value not in known:
        problems.add(key, f"expected one of {', '.join(known)}, not {shown(value)}")
        return None
    return value


def _texts(data: Mapping[str, Any], problems: _Problems) -> tuple[list[str], list[str], dict[str, str]]:
    """The lesson's hints, steps and feedback, each checked for its shape and nested keys."""
    hints, feedback, raw_steps = data.get("hints", []), data.get("feedback", {}), data.get("steps", [])
    if not isinstance(hints, list) or any(not isinstance(h, str) for h in hints):
        problems.add("hints", "expected a list of texts, gentle first")
        hints = []
    if not isinstance(feedback, dict) or any(not isinstance(v, str) for v in feedback.values()):
        problems.add("feedback", "expected rule ids mapped to texts")
        feedback = {}
    for rule in feedback:
        if rule not in RULES:  # a misspelt id would never fire
            problems.add(f"feedback.{rule}", "not a rule id of engine/rulebook.py")
    steps: list[str] = []
    if not isinstance(raw_steps, list):
        problems.add("steps", "expected [[steps]] tables, each with a text")
        raw_steps = []
    for i, step in enumerate(raw_steps):
        if not isinstance(step, dict) or not isinstance(step.get("text"), str) or not step["text"].strip():
            problems.add(f"steps[{i}].text", "each step needs a text")
            continue
        problems.found.extend(_unknown(step, STEP_KEYS, problems.path, f"steps[{i}]."))
        steps.append(step["text"])
    return hints, steps, feedback


def read_lesson(path: Path) -> tuple[Lesson | None, tuple[LessonError, ...]]:
    """The lesson in ``path`` and every problem found in it (then no lesson); never raises."""
    try:
        return _read_lesson(path)
    except LessonError as error:
        return None, (error,)
    except Exception as error:  # a checker's own bug must not hide the other files' problems
        return None, (LessonError(path, "(file)", f"could not be checked ({type(error).__name__}: {error})"),)


def _read_lesson(path: Path) -> tuple[Lesson | None, tuple[LessonError, ...]]:
    data = _read_toml(path)
    problems = _Problems(path)
    problems.found.extend(_unknown(data, KEYS, path, ""))
    variant = _choice(data, "variant", VARIANTS, problems)
    main = problems.read(_setup, data, variant, path, "")
    variations = data.get("variations", [])
    if not isinstance(variations, list) or any(not isinstance(v, dict) for v in variations):
        problems.add("variations", "expected [[variations]] tables")
        variations = []
    setups = [main]
    for i, variation in enumerate(variations):
        problems.found.extend(_unknown(variation, VARIATION_KEYS, path, f"variations[{i}]."))
        setups.append(problems.read(_setup, variation, variant, path, f"variations[{i}]."))
    seat = data.get("seat", 0)
    if (not isinstance(seat, int) or isinstance(seat, bool)
            or any(not 0 <= seat < s.start.players for s in setups if s is not None)):
        problems.add("seat", "expected the learner's seat in the position")
    topic = _choice(data, "topic", TOPICS, problems)
    tip = _choice(data, "tip", sorted({t.tip for t in TIPS}), problems, required=False)
    bot = _choice(data, "bot", list(BOTS), problems, required=False)
    hints, steps, feedback = _texts(data, problems)
    traps_data = data.get("traps", [])
    if not isinstance(traps_data, list):
        problems.add("traps", "expected [[traps]] tables")
        traps_data = []
    traps = [problems.read(_trap, t, path, f"traps[{i}]") for i, t in enumerate(traps_data)]
    title, goal, lesson_id = (problems.read(_text, data, key, path) for key in ("title", "goal", "id"))
    success = problems.read(_predicate, data.get("success"), path, "success")
    failure = problems.read(_predicate, data["failure"], path, "failure") if "failure" in data else None
    if problems.found:
        return None, tuple(problems.found)
    return Lesson(
        path=path, id=lesson_id, title=title, goal=goal, variant=str(variant), topic=str(topic),
        seat=seat, setups=tuple(setups), success=success, failure=failure,
        steps=tuple(steps), hints=tuple(hints), feedback=feedback, traps=tuple(traps), tip=tip, bot=bot,
        texts=(title, goal, *steps, *hints, *feedback.values(), *(t.text for t in traps)),
    ), ()


def load_lesson(path: Path) -> Lesson:
    """The lesson in ``path``; :class:`LessonError` names the first problem (``read_lesson`` has them all)."""
    lesson, problems = read_lesson(path)
    if lesson is None:
        raise problems[0]
    return lesson


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
    lesson says (``said``) is a :class:`~tutor.messages.Message`, said in the learner's language
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
        """The narration for this moment: one step per move of the reference solution the learner
        has made, in its order (a step says what that move did; after another move it would not
        be true, so the narration stays where the learner left the solution). The steps are
        written for the lesson's own deal: a variation (a mastery check) has none."""
        steps = self.lesson.steps if self.variation == 0 else ()
        return steps[min(self._followed(), len(steps) - 1)] if steps else ""

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
            # the lesson's words may name the refusal's facts ({pair}, {top} …: engine.rulebook),
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
        return True

    def _play_consequence(self, trap: Trap) -> None:
        shown = self.state
        self.consequence_moves = 0
        for number, reply in enumerate(trap.consequence):
            try:
                shown = self._apply(shown, reply)
            except IllegalActionError as error:
                # written for the lesson's own deal; in a variation, show what follows here
                self.consequence_stopped = (number, error)
                break
            self.consequence_moves += 1
        self.consequence = shown

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


def check(lesson: Lesson, catalogs: bool = True) -> list[str]:
    """What is wrong with a lesson: every deal's solution must reach the goal through the runner,
    every trap's example must fall into it and its consequence be legal, a tactics lesson's tip
    must be among the engine's hints at the start, and every text translated in every catalog."""
    problems = []
    for index, setup in enumerate(lesson.setups):
        where = "solution" if index == 0 else f"variations[{index - 1}].solution"
        run = LessonRun(lesson, index)
        for i, action in enumerate(setup.solution):
            run.play_bots(random.Random(index))
            if not run.act(action):
                problems.append(f"{lesson.path}: {where}[{i}]: refused: {run.message}")
                break
        if not run.succeeded():
            problems.append(f"{lesson.path}: {where}: does not reach the goal")
        elif lesson.failure is not None and run.failed():
            problems.append(f"{lesson.path}: {where}: reaches the goal but also the failure")
    for index, trap in enumerate(lesson.traps):
        run = LessonRun(lesson)
        where = f"{lesson.path}: traps[{index}]"
        for action in trap.example:
            run.play_bots(random.Random(0))
            if not run.act(action) and run.consequence is None:
                problems.append(f"{where}.example: refused: {run.message}")
                break
        else:
            if run.consequence is None:
                problems.append(f"{where}.example: does not fall into the trap")
            elif run.consequence_stopped is not None:
                number, error = run.consequence_stopped
                problems.append(f"{where}.consequence[{number}]: refused: {error.explanation('en')}")
    for index, text in enumerate((lesson.goal, *lesson.steps)):
        where = "goal" if index == 0 else f"steps[{index - 1}].text"
        if len(re.findall(r"[.!?](?:\s|$)", text.strip())) > 3 or len(text) > 260:
            problems.append(f"{lesson.path}: {where}: at most three short sentences")
    if len(lesson.setups) < 2:
        problems.append(f"{lesson.path}: variations: give at least one, for the mastery check")
    if lesson.tip is not None:
        found = [h for h in advice(lesson.start, lesson.seat) if h.tip == lesson.tip]  # Taktik 5's too
        if not found:
            problems.append(f"{lesson.path}: tip: the engine gives no {lesson.tip} hint at the start")
        elif not any(h.follows(lesson.solution[0]) for h in found):
            problems.append(f"{lesson.path}: solution[0]: does not follow the {lesson.tip} hint")
    for lang in LANGUAGES if catalogs else ():
        if lang == "en":
            continue
        catalog = translations(lang)
        missing = [t for t in lesson.texts if catalog.gettext(t) == t]
        if missing:
            problems.append(f"{lesson.path}: {lang}: untranslated: {missing[0]!r}")
    return problems


def fresh_deal(lesson: Lesson, played: Sequence[int]) -> int:
    """The deal for a mastery check or a review, given the deals of the learner's attempts at the
    lesson (oldest first): a variation not played yet, else the deal played longest ago (the
    lesson's own deal among them), so a lesson with one variation does not replay the deal the
    learner played last."""
    deals = range(len(lesson.setups))
    fresh = [d for d in deals[1:] if d not in played]
    if fresh:
        return fresh[0]
    last = {deal: when for when, deal in enumerate(played)}
    return min(deals, key=lambda deal: (last.get(deal, -1), deal))


def lesson_files(root: Path = ROOT) -> list[Path]:
    return sorted(root.rglob("*.toml")) if root.is_dir() else [root]


# The path through the variants: Classic's rules first, as the others build on them.
VARIANT_ORDER = ("classic", "wiener", "swedish", "royal")


@dataclass(frozen=True)
class BrokenLesson:
    """A lesson file that did not load: shown as unavailable, never as a traceback or a path."""

    path: Path
    title: str | None  # its title's message id, when that much of the file could be read
    problems: tuple[LessonError, ...]  # for the server's log and the checker, not for learners

    def label(self, lang: str) -> str:
        return translations(lang).gettext(self.title) if self.title else self.path.stem

    def notice(self, lang: str) -> str:
        """One line in the learner's language: which lesson, and that it cannot be opened."""
        return translations(lang).gettext(UNAVAILABLE).format(lesson=self.label(lang))


UNAVAILABLE = N_("{lesson}: this lesson is unavailable, its file is damaged.")


@dataclass(frozen=True)
class Catalog:
    """The lessons that loaded, in the order of the path, and the files that did not."""

    lessons: tuple[Lesson, ...]
    broken: tuple[BrokenLesson, ...]

    def notices(self, lang: str) -> list[str]:
        return [b.notice(lang) for b in self.broken]


def _title_of(path: Path) -> str | None:
    try:
        title = _read_toml(path).get("title")
    except LessonError:
        return None
    return title if isinstance(title, str) and title.strip() else None


@cache
def lesson_catalog(root: Path = ROOT) -> Catalog:
    """Every lesson file read once per process (lessons are read-only data): the ones that load,
    sorted by variant, then topic, then file name, and the broken ones, which never hide the rest."""
    lessons, broken = [], []
    for path in lesson_files(root):
        lesson, problems = read_lesson(path)
        if lesson is None:
            LOG.warning("lesson unavailable: %s", "; ".join(map(str, problems)))
            broken.append(BrokenLesson(path, _title_of(path), problems))
        else:
            lessons.append(lesson)
    topics = list(TOPICS)
    ordered = sorted(lessons, key=lambda l: (VARIANT_ORDER.index(l.variant), topics.index(l.topic), l.path.name))
    return Catalog(tuple(ordered), tuple(broken))


def catalog(root: Path = ROOT) -> tuple[Lesson, ...]:
    """The lessons that load, in the order of the path (``lesson_catalog`` names the broken ones)."""
    return lesson_catalog(root).lessons


def find_lesson(lesson_id: str, root: Path = ROOT) -> Lesson | None:
    return next((lesson for lesson in catalog(root) if lesson.id == lesson_id), None)


def next_lesson(lesson: Lesson, root: Path = ROOT) -> Lesson | None:
    """The one after ``lesson`` on the path, if any."""
    lessons = catalog(root)
    index = next((i for i, l in enumerate(lessons) if l.id == lesson.id), len(lessons))
    return lessons[index + 1] if index + 1 < len(lessons) else None


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    catalogs = "--no-catalogs" not in args  # while a lesson is being written, before translation
    args = [a for a in args if a != "--no-catalogs"]
    if not args or args[0] != "check" or len(args) > 2:
        print("usage: python -m tutor.lessons check [--no-catalogs] [PATH]", file=sys.stderr)
        return 2
    root = Path(args[1]) if len(args) > 1 else ROOT
    passed: dict[str, int] = {}
    problems: list[str] = []
    ids: dict[str, Path] = {}
    for path in lesson_files(root):
        lesson, errors = read_lesson(path)
        if lesson is None:
            problems.extend(map(str, errors))
            continue
        try:
            found = check(lesson, catalogs)
        except Exception as error:  # reported with its file, and the other files still checked
            found = [f"{path}: (check): failed ({type(error).__name__}: {error})"]
        if lesson.id in ids:
            found.append(f"{path}: id: {lesson.id!r} is also the id of {ids[lesson.id]}")
        ids[lesson.id] = path
        problems.extend(found)
        if not found:
            passed[lesson.variant] = passed.get(lesson.variant, 0) + 1
    for line in problems:
        print(line, file=sys.stderr)
    for variant, count in sorted(passed.items()):
        print(f"{variant}: {count} lessons pass")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
