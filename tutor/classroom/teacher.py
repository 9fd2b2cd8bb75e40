"""The teacher's view, its model: what one teacher's session holds, the password gate, and the pure
functions that turn the store's overview and trap counts (``tutor.store.classes``) into what the
view shows, in the teacher's language. No Flet here, and nothing read but through ``Classes`` (and
``TableRecords``, the students' games at the class's tables):
another process's writes reach the view the same way (its live updates, then a fresh read).
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field

from engine.core.i18n import N_, NP_, Text, translate, translate_text
from engine.core.rulebook import title
from engine.variants import VARIANTS
from tutor.lessons.catalog import Lesson, find_lesson
from tutor.lessons.run import STALLED
from tutor.serving.ratelimit import RateLimiter
from tutor.store.classes import Cell, Classes, Overview, TrapCount
from tutor.store.salvage import Salvage
from tutor.store.table_records import Record, TableRecords
from tutor.tables.codes import person_key

MAX_STARS = 3  # tutor.lessons.catalog.LessonRun.stars
DETAIL_LENGTH = 200  # the store keeps an event's detail (a trap's English text) cut to this length
STAR, NO_STAR = "★", "☆"

NOT_STARTED = N_("not started")
WORKING_NOW = N_("working on it now")
MASTERED = N_("mastered")
TRIED = NP_("tried {count} time, not solved yet", "tried {count} times, not solved yet")
STARS = NP_("{count} star of 3", "{count} stars of 3")
MISTAKES = NP_("{count} mistake", "{count} mistakes")
JUST_NOW = N_("just now")
NEVER = N_("not yet")
MINUTES = NP_("{count} minute ago", "{count} minutes ago")
HOURS = NP_("{count} hour ago", "{count} hours ago")
DAYS = NP_("{count} day ago", "{count} days ago")
HANDS_PLAYED = NP_("{count} hand", "{count} hands")
REFUSALS = NP_("{count} refusal", "{count} refusals")
NO_TABLE_GAMES = N_("no hand played at a table yet")
FELL = NP_("{count} of {of} fell into this trap", "{count} of {of} fell into this trap")

WRONG_PASSWORD = N_("That is not the teacher's password.")
TOO_MANY = NP_("Too many tries from this device. Try again in {count} second.",
               "Too many tries from this device. Try again in {count} seconds.")
NO_TEACHER = N_("No teacher's password is set. Start the server with --classroom in a terminal to set one.")
NOT_CLASSROOM = N_("This server does not run classes. Start it with: python -m tutor --classroom")


# a damaged store recovered (tutor/store/salvage.py): what the desk tells the teacher until they have read it
RECOVERED_TITLE = N_("The store was damaged")
RECOVERED_WHERE = N_("The store {file} could not be read whole at the start on {date}. What could be read of it was "
                     "recovered into a new store; the damaged file is kept as {backup}.")
RECOVERED_KEPT = N_("Recovered: {classes}, {students}, {attempts}.")
RECOVERED_NOTHING = N_("Nothing could be read of it: the classes start afresh, and students join again with a "
                       "new class's code.")
RECOVERED_CLASSES = NP_("{count} class", "{count} classes")
RECOVERED_STUDENTS = NP_("{count} student", "{count} students")
RECOVERED_ATTEMPTS = NP_("{count} lesson attempt", "{count} lesson attempts")
RECOVERED_LOST = N_("Lost, in part or whole: {what}.")
RECOVERED_NONE_LOST = N_("Nothing was lost.")
LOST_KINDS = {"classes": N_("classes"), "students": N_("students"), "results": N_("lesson results"),
              "assigned": N_("assigned lessons"), "password": N_("the teacher's password"),
              "sign_ins": N_("sign-ins"), "things": N_("settings and saved games")}
RECOVERED_NO_PIN = N_("These students' PINs could not be read: give each a new PIN (the key beside their name): "
                      "{names}.")
RECOVERED_GONE = N_("These students could not be recovered and join again as new students: {names}.")
RECOVERED_RENAMED = N_("The names of these classes could not be read; each has a new join code: {names}.")
RECOVERED_READ = N_("I have read this")


def say(text: Text, lang: str, **facts: object) -> str:
    """A marked text in ``lang``, its facts filled in (a plural chosen by its count)."""
    return translate_text(text, facts, lang).format(**facts)


# -- the password gate ---------------------------------------------------------------------------

class Gate:
    """The teacher's password, checked at most ``burst`` times at once and ``rate`` a second after
    that per client address (a wrong guess and a right one count alike: the check is what costs)."""

    def __init__(self, rate: float = 5 / 60, burst: int = 5, clock: Callable[[], float] = time.monotonic) -> None:
        self.limiter = RateLimiter(rate, burst, clock=clock)

    def check(self, classes: Classes, password: str, client: Hashable, lang: str) -> str | None:
        """None if ``password`` is the teacher's; else why not, in ``lang``."""
        if not classes.has_teacher():
            return translate(NO_TEACHER, lang)
        if not self.limiter.allow(client):
            return say(TOO_MANY, lang, count=max(1, round(self.limiter.retry_after(client) + 0.5)))
        return None if classes.check_teacher(password) else translate(WRONG_PASSWORD, lang)


# -- lessons in words --------------------------------------------------------------------------

def lesson_names(lesson_id: str, lang: str) -> tuple[str, str]:
    """A lesson's title and its variant's, in ``lang``; an unknown id (a lesson file since removed)
    is shown as it is."""
    lesson = find_lesson(lesson_id)
    if lesson is None:
        return lesson_id, ""
    return translate(lesson.title, lang), translate(VARIANTS[lesson.variant].title, lang)


def trap_text(lesson: Lesson | None, detail: str, lang: str) -> str:
    """The lesson's own words for a trap the store names by its English text (cut to
    ``DETAIL_LENGTH``), in ``lang``; the stored text itself if the lesson no longer has it. The runner's
    answer to a move that left nobody to play on is said in ``lang`` too."""
    if detail == translate(STALLED, "en")[:DETAIL_LENGTH]:
        return translate(STALLED, lang)
    for trap in lesson.traps if lesson is not None else ():
        english = translate(trap.text, "en")
        if english == detail or (len(detail) >= DETAIL_LENGTH and english.startswith(detail)):
            return translate(trap.text, lang)
    return detail


# -- the class at a glance -----------------------------------------------------------------------

@dataclass(frozen=True)
class Column:
    lesson: str
    title: str
    variant: str
    assigned: bool


@dataclass(frozen=True)
class Mark:
    """One student's results in one lesson: the stars drawn, and the same in words."""

    text: str
    label: str
    tried: bool
    mastered: bool
    open_now: bool


@dataclass(frozen=True)
class Row:
    student: int
    name: str
    now_on: str  # the title of the lesson open now, "" if none
    active: str  # when last active, in words
    marks: tuple[Mark, ...]
    solved: int  # lessons solved
    tables: str = "–"  # their games at the class's tables: hands played, refusals
    tables_said: str = ""  # the same in words, with the refusals by rule


@dataclass(frozen=True)
class Grid:
    columns: tuple[Column, ...]
    rows: tuple[Row, ...]


def since(when: float | None, now: float, lang: str) -> str:
    if when is None:
        return translate(NEVER, lang)
    seconds = max(0.0, now - when)
    if seconds < 60:
        return translate(JUST_NOW, lang)
    if seconds < 3600:
        return say(MINUTES, lang, count=int(seconds // 60))
    if seconds < 86400:
        return say(HOURS, lang, count=int(seconds // 3600))
    return say(DAYS, lang, count=int(seconds // 86400))


def mark(cell: Cell | None, open_now: bool, lang: str) -> Mark:
    words = [translate(WORKING_NOW, lang)] if open_now else []
    if cell is None or cell.attempts == 0:
        return Mark("·", ", ".join(words or [translate(NOT_STARTED, lang)]), False, False, open_now)
    if cell.stars == 0:
        text = "…"
        words.append(say(TRIED, lang, count=cell.attempts))
    else:
        text = STAR * cell.stars + NO_STAR * (MAX_STARS - cell.stars)
        words.append(say(STARS, lang, count=cell.stars))
        if cell.mastered:
            words.append(translate(MASTERED, lang))
    if cell.mistakes:
        words.append(say(MISTAKES, lang, count=cell.mistakes))
    return Mark(text, ", ".join(words), True, cell.mastered, open_now)


def at_tables(record: Record | None, lang: str) -> tuple[str, str]:
    """A student's games at the class's tables, short for the grid's cell ("3 hands · 2 refusals") and
    in words with the refusals by rule, most first ("3 hands, 2 refusals: Going out (2)")."""
    if record is None or (record.hands == 0 and not record.refused):
        return "–", translate(NO_TABLE_GAMES, lang)
    hands = say(HANDS_PLAYED, lang, count=record.hands)
    if not record.refused:
        return hands, hands
    refusals = say(REFUSALS, lang, count=record.refusals)
    rules = ", ".join(f"{title(rule, lang)} ({n})" for rule, n in record.refused)
    return f"{hands} · {refusals}", f"{hands}, {refusals}: {rules}"


def records_of(records: TableRecords, overview: Overview) -> dict[int, Record]:
    """The class's students' games at its tables, by student (the tables know a student by the digest
    of their learner, tutor.tables.codes.person_key)."""
    persons = {person_key(student.id): student.id for student in overview.students}
    return {persons[p]: r for p, r in records.of(list(persons)).items()}


def grid(overview: Overview, assigned: Sequence[str], lang: str, now: float | None = None,
         records: Mapping[int, Record] | None = None) -> Grid:
    """Students × lessons (assigned first), what each is on now and when they were last active, and
    their games at the class's tables (``records``, by student)."""
    now = time.time() if now is None else now
    chosen = set(assigned)
    columns = tuple(Column(lesson, *lesson_names(lesson, lang), lesson in chosen) for lesson in overview.lessons)
    rows = []
    for student in overview.students:
        on = overview.now_on.get(student.id)
        marks = tuple(mark(overview.cells.get((student.id, c.lesson)), c.lesson == on, lang) for c in columns)
        solved = sum(1 for c in columns if (overview.cells.get((student.id, c.lesson)) or Cell(0, False, 0, 0)).stars)
        games = at_tables((records or {}).get(student.id), lang)
        rows.append(Row(student.id, student.name, lesson_names(on, lang)[0] if on else "",
                        since(student.last_active, now, lang), marks, solved, *games))
    return Grid(columns, tuple(rows))


# -- the traps -----------------------------------------------------------------------------------

@dataclass(frozen=True)
class TrapLine:
    lesson: str
    lesson_title: str
    text: str  # the trap in the lesson's words
    sentence: str  # "12 of 20 fell into this trap"
    students: int
    of: int


def trap_lines(traps: Sequence[TrapCount], lang: str) -> list[TrapLine]:
    """The traps the class fell into, the most-fallen first (the store's order), in words."""
    lines = []
    for count in traps:
        lesson = find_lesson(count.lesson)
        lines.append(TrapLine(count.lesson, lesson_names(count.lesson, lang)[0], trap_text(lesson, count.trap, lang),
                              say(FELL, lang, count=count.students, of=count.of), count.students, count.of))
    return lines


def by_lesson(lines: Sequence[TrapLine]) -> list[tuple[str, list[TrapLine]]]:
    """The lines grouped under their lesson, lessons in the order of their most-fallen trap."""
    groups: dict[str, list[TrapLine]] = {}
    for line in lines:
        groups.setdefault(line.lesson, []).append(line)
    return [(items[0].lesson_title, items) for items in groups.values()]


# -- the results as a file ----------------------------------------------------------------------

def csv_file(classes: Classes, class_id: int, name: str, today: str | None = None) -> tuple[str, bytes]:
    """The class's results as a CSV file: its name and bytes (UTF-8 with a byte-order mark, so a
    spreadsheet opens Å, ö and þ as they are)."""
    today = today or time.strftime("%Y-%m-%d")
    stem = re.sub(r"[^\w-]+", "-", name, flags=re.UNICODE).strip("-") or "class"
    return f"{stem}-{today}.csv", ("\ufeff" + classes.csv(class_id)).encode("utf-8")


# -- one teacher's session ---------------------------------------------------------------------

@dataclass
class Desk:
    """What one teacher's browser session holds (in memory only: a new session signs in again)."""

    lang: str = "en"
    signed_in: bool = False
    class_id: int | None = None
    tab: str = "grid"  # "grid", "traps", "assign"
    message: str = ""  # the last refusal or problem, in the teacher's language
    new_pin: tuple[int, str, str] | None = None  # (student, name, PIN): shown once, until dismissed
    removing: int | None = None  # the student whose removal waits for "yes"
    variant: str = "classic"  # the lessons listed for assigning
    drafts: dict[str, str] = field(default_factory=dict)  # typed text: "password", "class"


def recovered_lines(found: Salvage, lang: str) -> list[str]:
    """What the desk says of a damaged store recovered: where the damaged file is, what was kept,
    what was lost, and what the teacher is to do about it."""
    at = time.strftime("%Y-%m-%d %H:%M", time.localtime(found.at))
    lines = [say(RECOVERED_WHERE, lang, file=found.file, date=at, backup=found.backup)]
    counts = found.counts()
    if found.anything():
        lines.append(say(RECOVERED_KEPT, lang, classes=say(RECOVERED_CLASSES, lang, count=counts["classes"]),
                         students=say(RECOVERED_STUDENTS, lang, count=counts["students"]),
                         attempts=say(RECOVERED_ATTEMPTS, lang, count=counts["attempts"])))
    else:
        lines.append(say(RECOVERED_NOTHING, lang))
    kinds = found.lost_kinds()
    lines.append(say(RECOVERED_LOST, lang, what=", ".join(translate(LOST_KINDS[k], lang) for k in kinds))
                 if kinds else say(RECOVERED_NONE_LOST, lang))
    for text, names in ((RECOVERED_RENAMED, found.renamed), (RECOVERED_NO_PIN, found.no_pin),
                        (RECOVERED_GONE, found.lost_students)):
        if names:
            lines.append(say(text, lang, names=", ".join(names)))
    return lines
