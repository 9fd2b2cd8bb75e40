"""Every lesson on a phone: is the table in sight where the lesson speaks of it?

For each lesson (or those named) at 390x844 (``--size``), in headless Chromium driven only as a
person drives it (taps on what is visible; the one exception, as in the end-to-end tests, is the
click that switches Flutter's accessibility tree on), it opens the lesson by its link
(``/lesson/<id>``) and plays three kinds of moment, each from a fresh start:

- the key move: the lesson's reference solution, tapped card by card, until the lesson says it is solved;
- each trap: the trap's example, until the lesson shows its consequence;
- each refusal the lesson scripts (its ``[feedback]`` rules): an action the engine refuses with that
  rule, found by trying the learner's possible melds, lay-offs, takes and draws on the lesson's deal.

At each moment it checks by bounding boxes that what the lesson's words point at (the pile, every
meld on the table: the learner's and the one the lesson names) is inside the viewport and above the
dock (whose first line is the status), keeps a screenshot in ``test-artifacts/phone-lessons/`` and
prints one line; at the end a summary. The lessons are played by a worker process, watched step by step
(``bench/phone_watch.py``): a step that gives no answer within ``--step-timeout`` seconds (a Chromium
renderer that stalls) fails with a line that says so, and a new worker goes on at the next lesson. Run:

    nice -n 10 .venv/bin/python -m bench.phone_lessons [--size 390x844] [--step-timeout 300] [LESSON_ID ...]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field
from typing import Any

from bench.phone_refusals import refused
from bench.phone_watch import say_moment, say_step, watched, worker_command
from engine.core.actions import Action, Discard, Draw, MeldAction, TakePile
from engine.core.cards import Card
from tests.tutor.e2e import ARTIFACTS, by_id, chromium, click, open_page, read, served
from tutor.lessons.catalog import Lesson, catalog
from tutor.views.widgets import card_label

SHOTS = ARTIFACTS / "phone-lessons"


@dataclass
class Moment:
    """One moment of one lesson: what was played, and what the lesson points at that was out of sight."""

    lesson: str
    kind: str  # "key move", "trap 1", "refusal meld.too_small", ...
    reached: bool = True
    hidden: list[str] = field(default_factory=list)
    checked: list[str] = field(default_factory=list)
    note: str = ""
    skipped: bool = False  # a refusal the lesson has words for that no action on its deal brings

    @property
    def passed(self) -> bool:
        return self.skipped or (self.reached and not self.hidden)


# -- tapping ------------------------------------------------------------------------------------

def _hand(page: Any) -> Any:
    return page.locator('[flt-semantics-identifier^="hand-"]')


def select(page: Any, cards: tuple[Card, ...]) -> None:
    """Tap each card (one not yet selected, where two are alike) and wait for it to show selected."""
    for card in cards:
        label = card_label(card, "en")
        nodes = _hand(page)
        for i in range(nodes.count()):
            node = nodes.nth(i)
            if node.inner_text().strip() == label and node.get_attribute("aria-current") != "true":
                identifier = node.get_attribute("flt-semantics-identifier")
                node.click()
                _until(page, lambda: by_id(page, identifier).first.get_attribute("aria-current") == "true")
                break
        else:
            raise AssertionError(f"no unselected {label} in the hand")


def press(page: Any, kind: str) -> None:
    target = by_id(page, f"action-{kind}").first
    button = target.get_by_role("button")
    (button.first if button.count() else target).click()


def _until(page: Any, done: Any, timeout: float = 20.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if done():
                return True
        except Exception:  # noqa: BLE001 - a node redrawn meanwhile: ask again
            pass
        page.wait_for_timeout(100)
    return False


def pick(page: Any, team: int, meld: int, card: Card) -> None:
    """Royal's discard from a meld: tap the meld (its last card first, each tap the one before) until
    it says the card is the one to discard."""
    wanted = f"to discard: {card_label(card, 'en')})"
    for _ in range(16):
        by_id(page, f"meld-{team}-{meld}").first.click()
        if _until(page, lambda: wanted in by_id(page, f"meld-{team}-{meld}").first.inner_text(), 2):
            return
    raise AssertionError(f"the {card_label(card, 'en')} of meld {meld} was never picked")


def hand_size(page: Any) -> int:
    return int(_hand(page).count())


def play(page: Any, action: Action, team: int) -> None:
    """The action as a person plays it: taps on the cards, then the button (or the meld, the pile)."""
    before = hand_size(page)
    if isinstance(action, Draw):
        press(page, "draw")
    elif isinstance(action, Discard) and action.meld is not None:
        pick(page, team, action.meld, action.card)
        press(page, "discard")
    elif isinstance(action, Discard):
        select(page, (action.card,))
        press(page, "discard")
    elif isinstance(action, TakePile):
        for meld in action.melds:
            select(page, meld)
            press(page, "stage")
            _until(page, lambda: hand_size(page) < before)
            before = hand_size(page)
        if action.onto is not None:  # the pile onto a meld: the pile, then the meld if the table asks which
            press(page, "take_pile")
            if not _until(page, lambda: hand_size(page) != before, 3):
                by_id(page, f"meld-{team}-{action.onto}").first.click()
        else:
            select(page, action.meld)
            press(page, "take_pile")
    elif isinstance(action, MeldAction):
        for i, meld in enumerate(action.melds):
            select(page, meld)
            last = i == len(action.melds) - 1
            press(page, "meld" if last else "stage")
            _until(page, lambda: hand_size(page) < before)
            before = hand_size(page)
        for layoff in action.layoffs:
            select(page, layoff.cards)
            by_id(page, f"meld-{team}-{layoff.onto}").first.click()
            _until(page, lambda: hand_size(page) < before)
            before = hand_size(page)
    else:
        press(page, action.type)
    page.wait_for_timeout(200)


# -- the check --------------------------------------------------------------------------------

def _box(page: Any, identifier: str) -> dict[str, float] | None:
    nodes = by_id(page, identifier)
    return nodes.first.bounding_box() if nodes.count() else None


def _ids(page: Any, prefix: str) -> list[str]:
    nodes = page.locator(f'[flt-semantics-identifier^="{prefix}"]')
    return sorted({nodes.nth(i).get_attribute("flt-semantics-identifier") or "" for i in range(nodes.count())})


def out_of_sight(page: Any) -> tuple[list[str], list[str]]:
    """The pile and every meld on the table, inside the viewport and above the dock (whose first line
    is the status; a meld also above a phone's strip of the pile, which the table scrolls under);
    every action button inside the viewport, none past its right edge. (Those checked, those that
    are not.)"""
    size = page.viewport_size
    dock = _box(page, "status")
    floor = dock["y"] if dock else size["height"]
    strip = _box(page, "strip")  # a phone's fixed strip of the pile: the melds scroll under it
    middle = strip["y"] if strip else floor
    table, buttons = ["pile", *_ids(page, "meld-")], _ids(page, "action-")
    boxes = {name: _box(page, name) for name in table + buttons}
    # a meld partly scrolled out is reported clipped to what shows: shorter than the others (every
    # meld's box is as tall: its name and one row of cards)
    tallest = max([b["height"] for n, b in boxes.items() if n.startswith("meld-") and b] or [0])
    hidden = []
    for name, box in boxes.items():
        bottom = size["height"] if name in buttons else floor if name == "pile" else middle
        if box is None or box["height"] <= 0 or box["y"] < -1 or box["y"] + box["height"] > bottom + 1 \
                or box["x"] < -1 or box["x"] + box["width"] > size["width"] + 1 \
                or (name.startswith("meld-") and box["height"] < tallest - 3):
            hidden.append(name)
    return table + buttons, hidden


def check(page: Any, moment: Moment, size: str) -> Moment:
    SHOTS.mkdir(parents=True, exist_ok=True)
    slug = moment.kind.replace(" ", "-").replace(".", "_")
    path = SHOTS / f"{moment.lesson}-{slug}-{size}.png"
    for _ in range(40):  # Flet shows "Working..." over the page while a frame is on its way: the drawn page
        page.wait_for_timeout(400)
        page.screenshot(path=str(path))
        if len(path.read_bytes()) > 10_000:
            break
    moment.checked, moment.hidden = out_of_sight(page)
    return moment


def open_lesson(page: Any, url: str, lesson: Lesson) -> None:
    """The lesson by its link, in a new tab (a reload would reconnect to the tab's session)."""
    open_page(page, f"{url}lesson/{lesson.id}", "lesson-goal")
    _until(page, lambda: by_id(page, "status").count() > 0)
    page.wait_for_timeout(300)


def start_over(page: Any, lesson: Lesson) -> None:
    """Back to the lesson's deal as a learner goes back: Start over in the lesson's panel (on a phone
    the goal's line opens the panel first, and closes it after)."""
    opened = False
    if by_id(page, "lesson-restart").count() == 0:
        click(page, "lesson-goal")
        opened = _until(page, lambda: by_id(page, "lesson-restart").count() > 0)
    click(page, "lesson-restart")
    cards = len(lesson.start.hands[lesson.seat])
    _until(page, lambda: hand_size(page) == cards and by_id(page, "lesson-trap").count() == 0
           and by_id(page, "lesson-solved").count() == 0 and read(page, "status").startswith("Your turn"))
    if opened:
        click(page, "lesson-goal")
        _until(page, lambda: by_id(page, "lesson-restart").count() == 0)


def learner_team(lesson: Lesson) -> int:
    return int(lesson.start.seat_team[lesson.seat])


def _note(moment: Moment, error: Exception) -> None:
    moment.note = f"{type(error).__name__}: {str(error).splitlines()[0][:120]}"


def _turn(page: Any, *done: str) -> bool:
    return _until(page, lambda: read(page, "status").startswith("Your turn")
                  or any(by_id(page, d).count() > 0 for d in done), 30)


def key_move(page: Any, lesson: Lesson, size: str) -> Moment:
    moment = Moment(lesson.id, "key move")
    team = learner_team(lesson)
    try:
        for action in lesson.solution:
            _turn(page, "lesson-solved")
            play(page, action, team)
    except Exception as error:  # noqa: BLE001 - reported, the run goes on
        _note(moment, error)
    moment.reached = _until(page, lambda: by_id(page, "lesson-solved").count() > 0, 30)
    return check(page, moment, size)


def trap(page: Any, lesson: Lesson, number: int, size: str) -> Moment:
    moment = Moment(lesson.id, f"trap {number + 1}")
    team = learner_team(lesson)
    try:
        for action in lesson.traps[number].example:
            if by_id(page, "lesson-trap").count():
                break
            _turn(page, "lesson-trap")
            play(page, action, team)
    except Exception as error:  # noqa: BLE001
        _note(moment, error)
    moment.reached = _until(page, lambda: by_id(page, "lesson-trap").count() > 0, 30)
    if moment.reached:  # the consequence played out on the table
        _until(page, lambda: "what your move would lead to" in read(page, "status"), 20)
    return check(page, moment, size)


def refusal(page: Any, lesson: Lesson, rule: str, found: tuple[tuple[Action, ...], Action], size: str) -> Moment:
    moment = Moment(lesson.id, f"refusal {rule}")
    before, action = found
    team = learner_team(lesson)
    try:
        for step in before:
            play(page, step, team)
            _until(page, lambda: read(page, "status").startswith("Your turn: meld"))
        play(page, action, team)
    except Exception as error:  # noqa: BLE001
        _note(moment, error)
    moment.reached = _until(page, lambda: by_id(page, "refusal").count() > 0 or by_id(page, "notice").count() > 0, 15)
    if moment.reached and by_id(page, "refusal").count() == 0:
        moment.note = "told as why the button is closed"
    return check(page, moment, size)


def moments(context: Any, url: str, lesson: Lesson, size: str, refusals: bool = True,
            started: Callable[[str], None] = lambda kind: None) -> Iterator[Moment]:
    """The lesson's scripted refusals (``refusals``), its traps and its key move, in one tab: Start
    over between them. ``started(kind)`` is told as each step begins (the opening of the lesson first)."""
    plays: list[tuple[str, Any]] = []
    if refusals:
        for rule in lesson.feedback:
            found = refused(lesson, rule)
            if found is None:
                yield Moment(lesson.id, f"refusal {rule}", reached=False, skipped=True,
                             note="no single action on the deal (or after its draw) is refused with this rule")
            else:
                plays.append((f"refusal {rule}",
                              lambda page, rule=rule, found=found: refusal(page, lesson, rule, found, size)))
    plays += [(f"trap {i + 1}", lambda page, i=i: trap(page, lesson, i, size)) for i in range(len(lesson.traps))]
    plays.append(("key move", lambda page: key_move(page, lesson, size)))
    started("opening")
    page = context.new_page()
    page.set_default_timeout(10_000)
    try:
        open_lesson(page, url, lesson)
        for number, (kind, moment) in enumerate(plays):
            started(kind)
            if number:
                try:
                    start_over(page, lesson)
                except Exception as error:  # noqa: BLE001 - a fresh tab instead
                    print(f"  (start over failed: {error}; a new tab)", flush=True)
                    page.close()
                    page = context.new_page()
                    page.set_default_timeout(10_000)
                    open_lesson(page, url, lesson)
            yield moment(page)
    finally:
        page.close()


def line(moment: Moment) -> str:
    mark = "skip" if moment.skipped else "ok  " if moment.passed else "FAIL"
    return (f"{mark} {moment.lesson:36} {moment.kind:34} checked {len(moment.checked):2}"
            f"{'  hidden: ' + ' '.join(moment.hidden) if moment.hidden else ''}"
            f"{'' if moment.reached else '  NOT REACHED'}{'  (' + moment.note + ')' if moment.note else ''}")


def work(url: str, ids: list[str], width: int, height: int) -> None:
    """The worker: the lessons named, each step said as it begins and each moment as it ends."""
    lessons = {lesson.id: lesson for lesson in catalog()}
    size = f"{width}x{height}"
    with chromium() as browser:
        context = browser.new_context(viewport={"width": width, "height": height}, has_touch=True, is_mobile=True)
        for lesson_id in ids:
            lesson = lessons[lesson_id]
            for moment in moments(context, url, lesson, size, started=lambda kind: say_step(lesson.id, kind)):
                say_moment(asdict(moment))


def run(ids: list[str], width: int, height: int, step_timeout: float = 300) -> list[Moment]:
    """Every lesson (or those named) by workers, watched: a step that stalls fails, and the run goes on."""
    lessons = [lesson.id for lesson in catalog() if not ids or lesson.id in ids]
    results: list[Moment] = []
    with tempfile.TemporaryDirectory() as folder, \
            served("--lang", "en", "--settings", f"{folder}/settings.json", "--pace", "0") as url:
        for said in watched(worker_command(url, f"{width}x{height}"), lessons, step_timeout):
            results.append(Moment(**said))
            print(line(results[-1]), flush=True)
    return results


def summary(results: list[Moment]) -> str:
    lessons = {m.lesson for m in results}
    failed = {m.lesson for m in results if not m.passed}
    kinds = {}
    for kind in ("key move", "trap", "refusal"):
        of_kind = [m for m in results if m.kind.startswith(kind)]
        kinds[kind] = f"{sum(m.passed for m in of_kind)}/{len(of_kind)}"
    unreached = sum(not m.reached and not m.skipped for m in results)
    hidden = sum(bool(m.hidden) for m in results)
    skipped = sum(m.skipped for m in results)
    return (f"{len(lessons)} lessons, {len(results)} moments: {len(lessons) - len(failed)} lessons with every moment "
            f"in sight; key moves {kinds['key move']}, traps {kinds['trap']}, refusals {kinds['refusal']} "
            f"({skipped} of them skipped: no action on the deal is refused so); {hidden} with something out of "
            f"sight, {unreached} not reached")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--size", default="390x844", help="the viewport, WIDTHxHEIGHT")
    parser.add_argument("--step-timeout", type=float, default=300,
                        help="seconds a step (a refusal, a trap, the key move) may take before it fails (300)")
    parser.add_argument("--worker", metavar="URL", help=argparse.SUPPRESS)  # the watched worker, on the app at URL
    parser.add_argument("lessons", nargs="*", help="lesson ids (default: all)")
    args = parser.parse_args(argv)
    width, height = (int(x) for x in args.size.split("x"))
    if args.worker:
        work(args.worker, args.lessons, width, height)
        return 0
    started = time.monotonic()
    results = run(args.lessons, width, height, args.step_timeout)
    print(summary(results))
    print(f"{time.monotonic() - started:.0f} s; screenshots in {SHOTS}")
    return 0 if all(m.passed for m in results) else 1


if __name__ == "__main__":
    sys.exit(main())
