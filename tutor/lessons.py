"""Lessons as data: one TOML file each under ``lessons/<variant>/``, played by a headless runner.

A lesson (after lichess's learn stages) is a goal, a position, what counts as success and as
failure (named predicates combined with ``all``/``any``/``not``), feedback for expected mistakes
keyed by rule id, hints from gentle to explicit, the other seats' scripted replies, and a
reference solution the checker replays. Texts are message ids, translated through the lesson
extractor (``tutor/babel_lessons.py``). ``python -m tutor.lessons check [PATH]`` validates them.
"""

from __future__ import annotations

import sys
import tomllib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.actions import Action, parse_action
from engine.errors import IllegalActionError, InvalidInputError
from engine.game import apply
from engine.i18n import LANGUAGES, translations
from engine.melds import MeldKind
from engine.position import load_position
from engine.state import State

ROOT = Path(__file__).resolve().parent.parent / "lessons"


class LessonError(ValueError):
    """A lesson file that cannot be used; names the file and the field."""

    def __init__(self, path: Path, field: str, message: str) -> None:
        super().__init__(f"{path}: {field}: {message}")
        self.path, self.field = path, field


Predicate = Callable[["LessonRun"], bool]


# Named predicates a lesson may use; each takes its argument from the lesson file.
PREDICATES: Mapping[str, Callable[[Any], Predicate]] = {
    "took_pile": lambda want: lambda run: any(a.type == "take_pile" for a in run.actions) == bool(want),
    "discarded": lambda want: lambda run: any(a.type == "discard" for a in run.actions) == bool(want),
    "pile_frozen": lambda want: lambda run: (run.state.freezer() is not None) == bool(want),
    "opened_with_at_least": lambda points: lambda run: sum(
        run.state.rules.meld_points(m) for m in run.state.melds[run.state.team_of(run.lesson.seat)]) >= int(points),
    "melded_samba": lambda want: lambda run: any(
        m.kind is MeldKind.SAMBA for m in run.state.melds[run.state.team_of(run.lesson.seat)]) == bool(want),
    "went_out": lambda want: lambda run: (run.state.went_out == run.lesson.seat) == bool(want),
    "hand_size_at_most": lambda size: lambda run: len(run.state.hands[run.lesson.seat]) <= int(size),
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
    if name not in PREDICATES:
        raise LessonError(path, f"{field}.{name}", f"unknown predicate (known: {', '.join(PREDICATES)})")
    return PREDICATES[name](value)


@dataclass(frozen=True)
class Lesson:
    path: Path
    id: str
    title: str
    goal: str
    variant: str
    start: State
    seat: int
    success: Predicate
    failure: Predicate | None
    steps: tuple[str, ...]
    hints: tuple[str, ...]
    feedback: Mapping[str, str]
    replies: tuple[Action, ...]
    solution: tuple[Action, ...]
    texts: tuple[str, ...] = field(default=())  # every text, for the catalog check


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


def load_lesson(path: Path) -> Lesson:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as error:
        raise LessonError(path, "(file)", str(error)) from None
    position = data.get("position")
    if not isinstance(position, dict):
        raise LessonError(path, "position", "expected a table holding a position")
    try:
        start = load_position(position)
    except InvalidInputError as error:
        raise LessonError(path, f"position.{error.field}", error.message) from None
    if position.get("variant") != data.get("variant"):
        raise LessonError(path, "variant", "must name the position's variant")
    seat = data.get("seat", 0)
    if not isinstance(seat, int) or not 0 <= seat < start.players:
        raise LessonError(path, "seat", "expected the learner's seat in the position")
    hints = data.get("hints", [])
    feedback = data.get("feedback", {})
    steps = [s.get("text") if isinstance(s, dict) else None for s in data.get("steps", [])]
    if not isinstance(hints, list) or any(not isinstance(h, str) for h in hints):
        raise LessonError(path, "hints", "expected a list of texts, gentle first")
    if not isinstance(feedback, dict) or any(not isinstance(v, str) for v in feedback.values()):
        raise LessonError(path, "feedback", "expected rule ids mapped to texts")
    if any(not isinstance(s, str) for s in steps):
        raise LessonError(path, "steps", "each step needs a text")
    title, goal = _text(data, "title", path), _text(data, "goal", path)
    return Lesson(
        path=path, id=_text(data, "id", path), title=title, goal=goal, variant=str(data.get("variant")),
        start=start, seat=seat, success=_predicate(data.get("success"), path, "success"),
        failure=_predicate(data["failure"], path, "failure") if "failure" in data else None,
        steps=tuple(steps), hints=tuple(hints), feedback=feedback,  # type: ignore[arg-type]
        replies=_actions(data.get("replies", []), path, "replies"),
        solution=_actions(data.get("solution", []), path, "solution"),
        texts=(title, goal, *steps, *hints, *feedback.values()),  # type: ignore[arg-type]
    )


@dataclass
class LessonRun:
    """One attempt at a lesson: the learner acts, the engine judges, the lesson answers."""

    lesson: Lesson
    state: State = field(init=False)
    mistakes: int = 0
    hints_used: int = 0
    replies_played: int = 0
    message: str = ""
    actions: list[Action] = field(default_factory=list)  # the learner's accepted actions

    def __post_init__(self) -> None:
        self.state = self.lesson.start

    def act(self, action: Action, lang: str = "en") -> bool:
        """The learner's action; a refusal explains itself (the lesson's words where it has them)."""
        try:
            self.state = apply(self.state, action)
        except IllegalActionError as refusal:
            self.mistakes += 1
            own = self.lesson.feedback.get(refusal.rule)
            self.message = translations(lang).gettext(own) if own else refusal.explanation(lang)
            return False
        self.actions.append(action)
        self._replies()
        return True

    def _replies(self) -> None:
        """The other seats' scripted moves, while it is their turn."""
        while (not self.state.is_over() and self.state.turn != self.lesson.seat
               and self.replies_played < len(self.lesson.replies)):
            self.state = apply(self.state, self.lesson.replies[self.replies_played])
            self.replies_played += 1

    def hint(self, lang: str = "en") -> str:
        if not self.lesson.hints:
            return ""
        text = self.lesson.hints[min(self.hints_used, len(self.lesson.hints) - 1)]
        self.hints_used += 1
        return translations(lang).gettext(text)

    def succeeded(self) -> bool:
        return self.lesson.success(self)

    def failed(self) -> bool:
        return self.lesson.failure is not None and self.lesson.failure(self)

    def stars(self) -> int:
        """Three for a clean solve; one less for mistakes, one less for hints."""
        return 3 - (self.mistakes > 0) - (self.hints_used > 0)


def check(lesson: Lesson) -> list[str]:
    """What is wrong with a lesson: its solution must reach the goal through the runner, and every
    text must be translated in every catalog."""
    problems = []
    run = LessonRun(lesson)
    for i, action in enumerate(lesson.solution):
        if not run.act(action):
            problems.append(f"{lesson.path}: solution[{i}]: refused: {run.message}")
            break
    if not run.succeeded():
        problems.append(f"{lesson.path}: solution: does not reach the goal")
    for lang in LANGUAGES:
        if lang == "en":
            continue
        catalog = translations(lang)
        missing = [t for t in lesson.texts if catalog.gettext(t) == t]
        if missing:
            problems.append(f"{lesson.path}: {lang}: untranslated: {missing[0]!r}")
    return problems


def lesson_files(root: Path = ROOT) -> list[Path]:
    return sorted(root.rglob("*.toml")) if root.is_dir() else [root]


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] != "check":
        print("usage: python -m tutor.lessons check [PATH]", file=sys.stderr)
        return 2
    root = Path(args[1]) if len(args) > 1 else ROOT
    passed: dict[str, int] = {}
    problems: list[str] = []
    for path in lesson_files(root):
        try:
            lesson = load_lesson(path)
        except LessonError as error:
            problems.append(str(error))
            continue
        found = check(lesson)
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
