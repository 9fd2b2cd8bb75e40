"""Demonstrations (tutor/classroom/demo.py): every lesson shown start to finish on its own deal and on each
variation, judged by the engine; the steps' positions, the goal at the end, each trap's text; back
and forth showing the very same positions; the projector's view; the shell's entry, keys and Leave,
and that a demonstration records nothing for anybody."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import flet as ft
import pytest

from engine.core.actions import canonical
from engine.judge.game import apply
from engine.core.i18n import LANGUAGES
from engine.position import dump_position, load_position
from engine.core.state import State
from tests.tutor.helpers import TRAPPED, semantics
from tests.tutor.shell.test_app import Page, as_page
from tutor.shell.app import Session
from tutor.shell.state import Options
from tutor.classroom.demo import KEYS, Demonstration, Kind, build_steps
from tutor.classroom.demo_view import demo_view, scale
from tutor.lessons.catalog import LessonRun, catalog, find_lesson, load_lesson
from tutor.views.widgets import Handlers

LESSONS = catalog()
DEALS = [(lesson, deal) for lesson in LESSONS for deal in range(len(lesson.setups))]


def _cards(state: State) -> int:
    return (sum(map(len, state.hands)) + len(state.pile) + len(state.stock) + sum(map(len, state.red_threes))
            + sum(len(meld.cards) for melds in state.melds for meld in melds))


def _legal(state: State, cards: int) -> None:
    """A position the engine accepts in its JSON form (every field checked), holding the deal's cards."""
    load_position(dump_position(state, reveal=True))
    assert _cards(state) == cards


def test_there_are_lessons_to_demonstrate() -> None:
    assert len(LESSONS) >= 70 and all(len(lesson.setups) >= 2 for lesson in LESSONS)


@pytest.mark.parametrize("lesson", LESSONS, ids=[lesson.id for lesson in LESSONS])
def test_every_lesson_is_demonstrated_start_to_finish_on_its_own_deal(lesson: Any) -> None:
    demo = Demonstration.of(lesson)
    seen = [demo.step]
    while demo.next():
        seen.append(demo.step)
    assert demo.at_end() and seen[0].kind is Kind.DEAL and seen[0].state is lesson.start
    for step in seen:
        _legal(step.state, _cards(lesson.start))
    # the line is the reference solution, each move judged by the engine, and the goal at its end only
    moves = [step for step in seen if step.kind is Kind.MOVE]
    assert len(moves) == len(lesson.solution) and [m.done for m in moves] == list(range(1, len(moves) + 1))
    assert seen[-1].reached and not any(step.reached for step in seen[:-1])
    # every trap of the lesson is shown once, with its text, where its example leaves the solution
    traps = [step for step in seen if step.kind is Kind.WHAT_IF]
    assert sorted([*(step.trap or "" for step in traps), *demo.skipped]) == sorted(trap.text for trap in lesson.traps)
    for text in demo.skipped:  # a trap left out is one the runner never shows here: another comes first
        trap = next(trap for trap in lesson.traps if trap.text == text)
        run = LessonRun(lesson)
        for action in trap.example:
            run.act(action)
        assert run.consequence is not None and run.said is not None and run.said("en") != text
    for index, step in enumerate(seen):
        if step.kind is Kind.WHAT_IF:
            after = seen[index + 1]  # then back to the line's position before the wrong move
            assert after.kind is Kind.BACK and after.state is seen[index - 1].state and step.played
    assert all(step.narration in lesson.steps for step in seen if step.kind is not Kind.WHAT_IF) or not lesson.steps


@pytest.mark.parametrize("lesson", LESSONS, ids=[lesson.id for lesson in LESSONS])
def test_the_line_is_the_engines_own_play_of_the_reference_solution(lesson: Any) -> None:
    """Each move step's position is what the engine makes of the position before it: the learner's
    move of the solution, then the other seats' scripted replies (no lesson's line needs a bot)."""
    steps, _ = build_steps(lesson)
    line = [step for step in steps if step.kind in (Kind.DEAL, Kind.MOVE)]
    state, replies = lesson.start, list(lesson.replies)
    for action, step in zip(lesson.solution, line[1:]):
        state = apply(state, action)
        while not state.is_over() and state.turn != lesson.seat and replies:
            state = apply(state, replies.pop(0))
        assert dump_position(step.state, reveal=True) == dump_position(state, reveal=True)


@pytest.mark.parametrize("lesson,deal", [(l, d) for l, d in DEALS if d > 0],
                         ids=[f"{l.id}-{d}" for l, d in DEALS if d > 0])
def test_every_variation_is_demonstrated_and_its_traps_fall_as_the_runner_judges(lesson: Any, deal: int) -> None:
    demo = Demonstration.of(lesson, deal)
    steps = demo.steps
    assert steps[-1].reached and steps[0].state is lesson.setups[deal].start
    assert all(step.narration == "" for step in steps)  # the narration is written for the lesson's own deal
    for index, step in enumerate(steps):
        _legal(step.state, _cards(steps[0].state))
        if step.kind is Kind.WHAT_IF:
            assert step.trap in {trap.text for trap in lesson.traps} and steps[index + 1].state is steps[index - 1].state
    shown = {step.trap for step in steps if step.kind is Kind.WHAT_IF}
    assert shown | set(demo.skipped) == {trap.text for trap in lesson.traps} and not shown & set(demo.skipped)


def test_most_variations_show_their_lessons_traps() -> None:
    """A variation is the same trap in a fresh deal: found there by one move of the learner."""
    shown = skipped = 0
    for lesson, deal in DEALS:
        if deal:
            demo = Demonstration.of(lesson, deal)
            skipped += len(demo.skipped)
            shown += sum(step.kind is Kind.WHAT_IF for step in demo.steps)
    assert shown >= 4 * skipped, (shown, skipped)


def test_a_trap_in_a_variation_is_the_runners_own_verdict() -> None:
    lesson = load_lesson_text(TRAPPED)
    demo = Demonstration.of(lesson, 1)
    kinds = [step.kind for step in demo.steps]
    assert kinds == [Kind.DEAL, Kind.WHAT_IF, Kind.BACK, Kind.MOVE]
    what_if = demo.steps[1]
    run = LessonRun(lesson, 1)
    run.act(next(a for a in [canonical(x) for x in lesson.traps[0].example]))
    assert run.consequence is not None
    assert dump_position(what_if.state, reveal=True) == dump_position(run.consequence, reveal=True)
    assert [m("en") for m in what_if.played] == ["You draw from the stock."]  # named as the table names the seat
    assert len(what_if.consequence) == 2  # the trap's consequence, played out
    assert what_if.trap == "You left the pile for them."


def load_lesson_text(text: str) -> Any:
    import tempfile

    folder = Path(tempfile.mkdtemp())
    (folder / "x.toml").write_text(text, encoding="utf-8")
    return load_lesson(folder / "x.toml")


def test_back_and_forth_show_the_same_positions() -> None:
    lesson = find_lesson("royal-last-stock-card")  # three moves, two traps branching at different moves
    assert lesson is not None
    demo = Demonstration.of(lesson)
    forward = [demo.step.state]
    while demo.next():
        forward.append(demo.step.state)
    assert not demo.next() and demo.at_end()
    backward = [demo.step.state]
    while demo.back():
        backward.append(demo.step.state)
    assert not demo.back() and demo.at_start()
    assert backward[::-1] == forward and all(a is b for a, b in zip(backward[::-1], forward))
    rng = random.Random(5)
    for _ in range(200):  # any walk: the step shown is the index's, always the same object
        demo.go(rng.choice(["next", "back", "next", "restart"]))
        assert demo.step.state is forward[demo.index]
    demo.go("next")
    assert demo.go("restart") in (True, False) and demo.index == 0
    assert [s.kind for s in demo.steps].count(Kind.WHAT_IF) == 2


def test_bad_deals_and_commands_are_named() -> None:
    lesson = LESSONS[0]
    with pytest.raises(ValueError, match="no deal 9"):
        Demonstration.of(lesson, 9)
    with pytest.raises(ValueError, match="not a demonstration command: 'jump'"):
        Demonstration.of(lesson).go("jump")


def test_what_is_said_is_said_in_every_language() -> None:
    lesson = find_lesson("classic-canastas")
    assert lesson is not None
    demo = Demonstration.of(lesson)
    demo.next()
    assert demo.step.kind is Kind.WHAT_IF
    for lang in LANGUAGES:
        lines = [m(lang) for m in demo.said()]
        assert lines and all(lines)
    assert "2♦" in demo.said()[0]("en")
    demo.next()
    assert demo.said()[0]("de") != demo.said()[0]("en")  # "back to the position before that move", translated


def test_a_clickers_keys() -> None:
    assert {KEYS[k] for k in ("Arrow Right", " ", "Page Down")} == {"next"}
    assert {KEYS[k] for k in ("Arrow Left", "Page Up")} == {"back"}
    assert KEYS["Home"] == "restart" and KEYS["Escape"] == "leave"


# -- the view ----------------------------------------------------------------------------------

def _handlers() -> Handlers:
    nothing = lambda *args: None  # noqa: E731
    return Handlers(tap_card=nothing, tap_meld=nothing, tap_pile=nothing, press=nothing, answer=nothing,
                    set_language=nothing, show_rules=nothing, new_game=nothing, demo=nothing, demo_go=nothing,
                    demo_deal=nothing)


def _sizes(view: object) -> list[float]:
    from tests.tutor.helpers import walk
    import flet as ft

    return [c.size for c in walk(view) if isinstance(c, ft.Text) and c.size]


def test_the_view_is_sized_for_the_room() -> None:
    lesson = find_lesson("classic-canastas")
    assert lesson is not None
    demo = Demonstration.of(lesson)
    big = demo_view(demo, "en", _handlers(), 1920, 1080)
    nodes = semantics(big)
    assert {"demo", "demo-title", "demo-counter", "demo-narration", "demo-goal", "demo-hand", "demo-pile",
            "demo-next", "demo-back", "demo-restart", "demo-leave", "demo-deal-0", "demo-deal-1"} <= set(nodes)
    assert nodes["demo-counter"].label == "Step 1 of 6"
    narration = nodes["demo-narration"].content
    assert isinstance(narration, ft.Text) and narration.size is not None
    assert min(_sizes(big)) >= 22 and narration.size >= 40
    assert scale(3840, 2160) == 2 and scale(1280, 800) == pytest.approx(2 / 3)
    small = demo_view(demo, "en", _handlers(), 1280, 800)
    assert max(_sizes(small)) < max(_sizes(big))
    demo.next()
    nodes = semantics(demo_view(demo, "sv", _handlers(), 1920, 1080))
    assert "demo-trap" in nodes and "demo-narration" not in nodes
    while demo.next():
        pass
    nodes = semantics(demo_view(demo, "is", _handlers(), 1920, 1080))
    assert "demo-reached" in nodes
    assert semantics(demo_view(demo, "en", _handlers(), 390, 844))  # a narrow window stacks, it still draws


# -- the shell ---------------------------------------------------------------------------------

class TallPage(Page):
    def __init__(self, width: int = 1920, height: int = 1080) -> None:
        super().__init__()
        self.width, self.height = width, height


@pytest.fixture
def session(tmp_path: Path) -> Session:
    return Session(as_page(TallPage()), Options(settings_file=tmp_path / "settings.json", lang="en"))


def _run(coroutine: Any) -> None:
    asyncio.run(coroutine)


def _key(session: Session, key: str) -> None:
    _run(session.key(SimpleNamespace(key=key)))  # type: ignore[arg-type]  # a key event has only .key to the app


def test_the_lessons_screen_offers_demonstrate_on_a_wide_screen_only(session: Session) -> None:
    _run(session.go("lessons"))
    assert "demo-classic-canastas" in semantics(session.view())
    session.page.width = 390
    assert "demo-classic-canastas" not in semantics(session.view())


def test_a_demonstration_is_stepped_with_a_clicker_and_left_recording_nothing(session: Session) -> None:
    _run(session.go("lessons"))
    learner = session._learner()
    before = session.progress.all_lessons(learner)
    _run(session.demonstrate("classic-canastas"))
    title = session.page.title
    assert session.screen == "demo" and title is not None and title.startswith("Demonstration")
    assert "demo-next" in semantics(session.view())
    for key in ("Arrow Right", " ", "Page Down"):
        _key(session, key)
    assert session.demo is not None and session.demo.index == 3
    _key(session, "Arrow Left")
    _key(session, "Page Up")
    assert session.demo.index == 1
    _run(session.demo_go("next"))
    _key(session, "Home")
    assert session.demo.index == 0
    _key(session, "d")  # the table's shortcuts do nothing here
    assert session.demo.index == 0 and session.screen == "demo"
    _run(session.demo_deal(1))
    assert session.demo.variation == 1 and session.demo.index == 0
    _run(session.demo_deal(7))
    assert session.demo.variation == 1
    _key(session, "Escape")
    assert session.screen == "lessons" and session.demo is None
    assert session.progress.all_lessons(learner) == before  # no attempt, no mistake, no progress
    assert session.progress.due(learner) == [] and session.progress.deals_played(learner, "classic-canastas") == []


def test_a_demonstration_leaves_a_lesson_in_progress_as_it_was(session: Session) -> None:
    _run(session.go("lessons"))
    _run(session.open_lesson("classic-frozen-pile", 0))
    lesson_model = session.model
    _run(session.demonstrate("classic-canastas"))
    _run(session.demo_go("next"))
    _run(session.demo_go("leave"))
    assert session.screen == "lesson" and session.model is lesson_model and lesson_model.lesson is not None
    assert lesson_model.lesson.mistakes == 0 and not lesson_model.lesson.actions
    _run(session.demonstrate("no-such-lesson"))
    assert session.screen == "lesson"


def test_the_play_by_play_names_the_seats_as_the_table_does() -> None:
    """"You" for the learner's seat and "Left", "Partner", "Right" for the others, on the projector
    as on the table: never the engine's compass names."""
    from engine.describe import SEAT_NAMES

    compass = {name for table in SEAT_NAMES.values() for name in table}
    for lesson_id in ("classic-black-threes", "royal-shed-cards"):
        lesson = find_lesson(lesson_id)
        assert lesson is not None
        demo = Demonstration.of(lesson)
        table = demo.table("en")
        names = {table.seat_label(seat) for seat in range(table.state.players)}
        lines = []
        for index in range(len(demo.steps)):
            demo.index = index
            lines += [message("en") for message in demo.said()]
        moves = [line for line in lines if not line.startswith("Back to")]
        assert moves and any(line.startswith("You ") for line in moves), lesson_id
        assert all(line.split()[0].rstrip(",") in names or line.startswith("You ") for line in moves), moves
        assert not any(word.strip(".,:") in compass for line in lines for word in line.split()), lines
        sv = [message("sv") for message in demo.steps[-1].played]
        assert not any(word.strip(".,:") in {"Syd", "Väst", "Nord", "Öst"} for line in sv for word in line.split())
