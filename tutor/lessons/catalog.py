"""Lessons as data: one TOML file each under ``lessons/<variant>/``, played by a headless runner.

A lesson (after lichess's learn stages) is a goal, a position, what counts as success and as
failure (named predicates combined with ``all``/``any``/``not``), feedback for expected mistakes
keyed by rule id, hints from gentle to explicit, the other seats' scripted replies, and a
reference solution the checker replays. Texts are message ids, translated through the lesson
extractor (``tutor/text/babel_lessons.py``). ``python -m tutor.lessons check [PATH]`` validates them.
"""

from __future__ import annotations

import logging
import random
import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from engine.hints.ranked import advice
from engine.core.i18n import LANGUAGES, N_, translations
from tutor.lessons.files import (KEYS, ROOT, STEP_KEYS, TOPICS, TRAP_KEYS, VARIATION_KEYS, Lesson, Setup, Trap,
                                _read_toml, lesson_texts, load_lesson, placeholder_problem, read_lesson)
from tutor.lessons.predicates import ARGUMENTS, PREDICATES, LessonError, Predicate
from tutor.lessons.run import SEARCH_BUDGET, LessonRun, _Before
from tutor.lessons.deals import (impossible_hands, impossible_melds, impossible_sides,
                                  impossible_stock, impossible_turns)
from engine.core.state import State

LOG = logging.getLogger("tutor.lessons.catalog")

# The lessons' API in one place (the file format, the runner and the catalog live in their own modules).
__all__ = ["ARGUMENTS", "KEYS", "PREDICATES", "ROOT", "SEARCH_BUDGET", "STEP_KEYS", "TOPICS", "TRAP_KEYS",
           "UNAVAILABLE", "VARIANT_ORDER", "VARIATION_KEYS", "BrokenLesson", "Catalog", "Lesson", "LessonError",
           "LessonRun", "Predicate", "Setup", "Trap", "_Before", "catalog", "check", "find_lesson", "fresh_deal",
           "impossible_hands", "impossible_melds", "impossible_sides", "impossible_stock", "impossible_turns", "in_path_order", "order_problems", "shows_itself",
           "lesson_catalog", "lesson_files", "load_lesson", "main", "next_lesson", "read_lesson"]


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
            if run.achieved() <= i:  # the narration would not move on from this move's step
                problems.append(f"{lesson.path}: {where}[{i}]: achieves nothing the steps can follow")
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
            elif not trap.consequence and not shows_itself(trap, run.consequence):
                problems.append(f"{where}.consequence: show what the mistake costs: the moves that follow"
                                " (a meld trap shows its meld, a trap that ends the hand its score)")
    for index, text in enumerate((lesson.goal, *lesson.steps)):
        where = "goal" if index == 0 else f"steps[{index - 1}].text"
        if len(re.findall(r"[.!?](?:\s|$)", text.strip())) > 3 or len(text) > 260:
            problems.append(f"{lesson.path}: {where}: at most three short sentences")
    if len(lesson.setups) < 2:
        problems.append(f"{lesson.path}: variations: give at least one, for the mastery check")
    for index, setup in enumerate(lesson.setups):
        where = "position" if index == 0 else f"variations[{index - 1}].position"
        problems.extend(f"{lesson.path}: {where}.{problem}" for problem in impossible_hands(setup.start))
        problems.extend(f"{lesson.path}: {where}.{problem}" for problem in impossible_melds(setup.start))
        problems.extend(f"{lesson.path}: {where}.{problem}" for problem in impossible_turns(setup.start))
        problems.extend(f"{lesson.path}: {where}.{problem}" for problem in impossible_sides(setup.start))
        problems.extend(f"{lesson.path}: {where}.{problem}" for problem in impossible_stock(setup.start))
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
        for where, text, names in lesson_texts(lesson):  # a translation's braces, as the English text's
            problem = placeholder_problem(catalog.gettext(text), names)
            if problem:
                problems.append(f"{lesson.path}: {where}: {lang}: {problem}")
    return problems


def shows_itself(trap: Trap, after: State) -> bool:
    """Whether a trap's own move is its consequence on the table: a meld or lay-off lies there as the
    mistake (the text says what it costs), and a move that ends the hand shows the hand's score.
    Any other trap (a draw, a discard, a take of the pile) plays out the moves that follow."""
    return after.is_over() or type(trap.example[-1]).__name__ == "MeldAction"


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
    return Catalog(tuple(in_path_order(lessons)), tuple(broken))


def in_path_order(lessons: Sequence[Lesson]) -> list[Lesson]:
    """The lessons in the order of the path: by variant, then topic, then file name."""
    topics = list(TOPICS)
    return sorted(lessons, key=lambda l: (VARIANT_ORDER.index(l.variant), topics.index(l.topic), l.path.name))


MINIMUM = re.compile(r"opening\.minimum_(\d+)")


def minimum_place(variant: str, points: int) -> tuple[int, int]:
    """Where an opening minimum stands on a variant's path, simple to harder: the minimum of a side at 0
    (every game's first hand) first; then the one below zero, an exception to it; then the higher ones,
    rising with the score (the variant's ``opening_table``)."""
    from engine.variants import VARIANTS

    table = [minimum for _, minimum in VARIANTS[variant].for_people(4).opening_table]
    if len(table) > 1 and points == table[0]:  # below zero: right after the minimum at 0
        return (table[1], 1)
    return (points, 0)


def order_problems(lessons: Sequence[Lesson]) -> list[str]:
    """What is wrong with the order of the path (``lessons`` in it): a lesson needing a rule that only
    a later lesson teaches, or none; two lessons of a variant teaching one rule; a variant's opening
    minimums out of order (``minimum_place``: the one at 0, then the one below zero, then rising). A need is met by an earlier lesson of the same variant or of a
    variant earlier on the path (Classic's rules hold in the others unless they name their own)."""
    problems: list[str] = []
    taught: dict[str, Lesson] = {}  # rule -> the first lesson teaching it
    by_variant: dict[tuple[str, str], Lesson] = {}
    minimums: dict[str, tuple[int, Lesson]] = {}
    every = {lesson.teaches: lesson for lesson in reversed(lessons)}
    for lesson in lessons:
        for need in lesson.needs:
            if need in taught or need == lesson.teaches:
                continue
            later = every.get(need)
            problems.append(f"{lesson.path}: needs: {need!r} is taught only later, by {later.path}" if later else
                            f"{lesson.path}: needs: {need!r} is taught by no lesson")
        same = by_variant.get((lesson.variant, lesson.teaches))
        if same is not None:
            problems.append(f"{lesson.path}: teaches: {lesson.teaches!r} is taught already by {same.path}")
        by_variant[(lesson.variant, lesson.teaches)] = lesson
        taught.setdefault(lesson.teaches, lesson)
        found = MINIMUM.fullmatch(lesson.teaches)
        if found is not None:
            points, before = int(found.group(1)), minimums.get(lesson.variant)
            if before is not None and minimum_place(lesson.variant, before[0]) > minimum_place(lesson.variant, points):
                problems.append(f"{lesson.path}: teaches: the minimum of {points} comes after the"
                                f" {before[0]} of {before[1].path}: the minimum at 0 comes first, then the one"
                                " below zero, then the higher ones as the score rises")
            minimums[lesson.variant] = (points, lesson)
    return problems


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
    loaded: list[Lesson] = []
    for path in lesson_files(root):
        lesson, errors = read_lesson(path)
        if lesson is None:
            problems.extend(map(str, errors))
            continue
        loaded.append(lesson)
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
    if root.is_dir():  # the order of the path, among the lessons that load
        problems.extend(order_problems(in_path_order(loaded)))
    for line in problems:
        print(line, file=sys.stderr)
    for variant, count in sorted(passed.items()):
        print(f"{variant}: {count} lessons pass")
    return 1 if problems else 0


