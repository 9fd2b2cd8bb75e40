"""A lesson file (TOML, one a lesson under ``lessons/<variant>/``) read into a :class:`Lesson`:
its deals, texts, traps and conditions, each problem named with the file and its field."""

from __future__ import annotations

import logging
import re
import string
import tomllib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.core.actions import Action, parse_action
from engine.core.errors import InvalidInputError, shown
from engine.hints.ranked import TIPS
from engine.core.i18n import N_
from engine.bots.levels import BOTS
from engine.position import load_position
from engine.core.rulebook import MELD_CASES, RANK_CASES, RULES
from engine.core.state import State
from engine.variants import VARIANTS
from tutor.lessons.predicates import LessonError, Predicate, _predicate

ROOT = Path(__file__).resolve().parents[2] / "lessons"
LOG = logging.getLogger("tutor.lessons.catalog")

# The catalog's topics, in the order of the path from first steps to tactics: a variant's own rules
# (Royal's draw of two, Samba, Bolivia, threes) right after the first steps, before the lessons using them.
TOPICS: Mapping[str, str] = {
    "basics": N_("First steps"), "royal": N_("Royal Canasta's own"), "pile": N_("The pile"),
    "opening": N_("Opening"), "going_out": N_("Going out"), "scoring": N_("Scoring"), "tactics": N_("Tactics"),
}
KEYS = frozenset({"id", "variant", "seat", "title", "goal", "topic", "tip", "bot", "hints", "solution", "replies",
                  "position", "steps", "success", "failure", "feedback", "traps", "variations", "teaches", "needs"})
# What a lesson teaches and needs is named as a rule: a rule id of the rulebook (``pile.frozen``), or, for a
# rule that refuses nothing (card values, the draw of two, a scoring rule, a tip), a name under a rulebook
# id's first part or a topic (``basics.card_values``, ``meld.samba_canasta``, ``tactics.keep_pairs``).
# An opening minimum is ``opening.minimum_<points>``.
RULE_PREFIXES = frozenset({rule.split(".")[0] for rule in RULES} | set(TOPICS))


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
    teaches: str = ""  # the rule this lesson teaches (a rule id, see RULE_PREFIXES)
    needs: tuple[str, ...] = ()  # the rules it takes as known: each taught by an earlier lesson on the path
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


def _rule_name(value: object) -> bool:
    return (isinstance(value, str) and (value in RULES or (value.split(".")[0] in RULE_PREFIXES
            and re.fullmatch(r"[a-z_]+(\.[a-z0-9_]+)+", value) is not None)))


def _rules(data: Mapping[str, Any], problems: _Problems) -> tuple[str, tuple[str, ...]]:
    """The rule the lesson teaches and the rules it needs, each named as RULE_PREFIXES says."""
    teaches, needs = data.get("teaches"), data.get("needs", [])
    if not _rule_name(teaches):
        problems.add("teaches", f"expected the rule the lesson teaches: a rule id of engine/core/rulebook.py or a"
                                f" name under one of {', '.join(sorted(RULE_PREFIXES))}, not {shown(teaches)}")
    if not isinstance(needs, list):
        problems.add("needs", "expected a list of the rules the lesson takes as known")
        needs = []
    for i, need in enumerate(needs):
        if not _rule_name(need):
            problems.add(f"needs[{i}]", f"not a rule's name: {shown(need)} (see teaches)")
    return str(teaches), tuple(str(n) for n in needs)


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
        text = raw.decode("utf-8-sig")  # a byte-order mark, as some editors save UTF-8, is not the text's
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
            problems.add(f"feedback.{rule}", "not a rule id of engine/core/rulebook.py")
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


def fillable(rule: str) -> frozenset[str]:
    """The placeholders a lesson's answer to a refusal of ``rule`` may name: the runner fills them with
    the refusal's facts (``engine.core.rulebook.format_facts``), which are those the rule's own explanation
    names, a rank or a meld in each of the phrases its facts give (``{pair}`` brings ``{rank_of}``)."""
    explanation = RULES[rule].explanation
    names = {name for form in ((explanation,) if isinstance(explanation, str) else explanation)
             for _, name, _, _ in string.Formatter().parse(form) if name}
    for cases in (RANK_CASES, MELD_CASES):
        if names & set(cases):
            names |= set(cases)
    return frozenset(names)


def placeholder_problem(text: str, fillable_names: frozenset[str] | None) -> str | None:
    """What is wrong with a text's braces, or ``None``. ``fillable_names`` is what the runner fills the
    text with (``None``: it shows the text as written, so a brace would be shown as it is)."""
    if fillable_names is None:
        if "{" in text or "}" in text:
            found = [name for _, name, _, _ in _fields(text) or [] if name]
            return (f"unknown placeholder {{{found[0]}}}: nothing fills this text, it is shown as written"
                    if found else "a brace ('{' or '}'): nothing fills this text, it would be shown as written")
        return None
    fields = _fields(text)
    if fields is None:
        return "a stray '{' or '}' (write {{ or }} for a brace, {name} for a fact)"
    for _, name, spec, conversion in fields:
        if name is not None and (name not in fillable_names or spec or conversion):
            known = ", ".join(f"{{{fact}}}" for fact in sorted(fillable_names))
            return f"unknown placeholder {{{name}{'!' + conversion if conversion else ''}{':' + spec if spec else ''}}}" \
                   f" (this refusal fills: {known})"
    return None


def _fields(text: str) -> list[tuple[str, str | None, str | None, str | None]] | None:
    try:
        return list(string.Formatter().parse(text))
    except ValueError:  # a single '{' or '}'
        return None


def lesson_texts(lesson: Lesson) -> list[tuple[str, str, frozenset[str] | None]]:
    """Every text of a lesson with its field and the placeholders the runner fills it with."""
    fixed: list[tuple[str, str]] = [("title", lesson.title), ("goal", lesson.goal),
                                    *((f"steps[{i}].text", text) for i, text in enumerate(lesson.steps)),
                                    *((f"hints[{i}]", text) for i, text in enumerate(lesson.hints)),
                                    *((f"traps[{i}].text", trap.text) for i, trap in enumerate(lesson.traps))]
    return [(where, text, None) for where, text in fixed] + \
        [(f"feedback.{rule}", text, fillable(rule) or None) for rule, text in lesson.feedback.items()]


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
    teaches, needs = _rules(data, problems)
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
    lesson = Lesson(
        path=path, id=lesson_id, title=title, goal=goal, variant=str(variant), topic=str(topic),
        seat=seat, setups=tuple(setups), success=success, failure=failure,
        steps=tuple(steps), hints=tuple(hints), feedback=feedback, traps=tuple(traps), tip=tip, bot=bot,
        teaches=teaches, needs=needs,
        texts=(title, goal, *steps, *hints, *feedback.values(), *(t.text for t in traps)),
    )
    for where, text, names in lesson_texts(lesson):  # a brace the runner does not fill is shown to the learner
        problem = placeholder_problem(text, names)
        if problem:
            problems.add(where, problem)
    return (None, tuple(problems.found)) if problems.found else (lesson, ())


def load_lesson(path: Path) -> Lesson:
    """The lesson in ``path``; :class:`LessonError` names the first problem (``read_lesson`` has them all)."""
    lesson, problems = read_lesson(path)
    if lesson is None:
        raise problems[0]
    return lesson
