"""Lessons: every file loads, its solution reaches the goal, its texts are translated; mistakes
get the lesson's own feedback; broken files name file and field."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from engine.core.actions import parse_action
from tests.tutor.helpers import HEAD, TRAPPED
from tutor.lessons.catalog import ROOT, LessonError, LessonRun, check, lesson_files, load_lesson, main


@pytest.mark.parametrize("path", lesson_files(), ids=lambda p: p.stem)
def test_every_lesson_checks(path: Path) -> None:
    assert check(load_lesson(path)) == []


def test_a_mistake_gets_the_lessons_feedback_and_costs_a_star() -> None:
    run = LessonRun(load_lesson(ROOT / "classic" / "08-frozen-pile.toml"))
    assert not run.act(parse_action({"type": "take_pile", "meld": ["5h", "2d"]}), "sv")
    said = run.said("sv") if run.said is not None else ""
    assert "frusen sakhög" in said and "femmor" in said and run.mistakes == 1
    hint = run.hint()
    assert hint is not None and hint("en").startswith("Look at the top card")
    assert run.act(parse_action({"type": "take_pile", "meld": ["5h", "5d"]}))
    assert run.succeeded() and run.stars() == 1


def test_a_clean_solve_earns_three_stars() -> None:
    lesson = load_lesson(ROOT / "classic" / "13-opening-50.toml")
    run = LessonRun(lesson)
    for action in lesson.solution:
        run.act(action)
    assert run.succeeded() and run.stars() == 3


SOLVED = 'solution = [{ type = "draw" }]\nsuccess = { drew = true }\n'
POSITION = '[position]\nvariant = "classic"\nhands = [["5c"], 11, 11, 11]\npile = []\n'


@pytest.mark.parametrize(
    ("content", "field"),
    [(HEAD, "position"),
     (HEAD + SOLVED + '[position]\nvariant = "classic"\nhands = [["Zz"], 11, 11, 11]\npile = []\n', "position.hands[0][0]"),
     (HEAD + 'solution = [{ type = "draw" }]\nsuccess = { flying = true }\n' + POSITION, "success.flying"),
     (HEAD + SOLVED + 'colour = "red"\n' + POSITION, "colour"),
     (HEAD.replace("pile", "cooking") + SOLVED + POSITION, "topic"),
     (HEAD + 'success = { drew = true }\n' + POSITION, "solution"),
     (HEAD + SOLVED + 'tip = "tactics.flying"\n' + POSITION, "tip"),
     (HEAD + SOLVED + POSITION + '[feedback]\n"pile.frozn" = "x"\n', "feedback.pile.frozn"),
     (HEAD + SOLVED + 'success = { melded_rank = "Z" }\n'.replace("success", "failure") + POSITION, "failure.melded_rank"),
     (HEAD + SOLVED + POSITION + '[[traps]]\ntext = "no"\nwhen = { drew = true }\n', "traps[0].example"),
     (HEAD + SOLVED + POSITION + '[[variations]]\nsolution = [{ type = "draw" }]\n'
      '[variations.position]\nvariant = "wiener"\nhands = [["5c"], 11, 11, 11]\npile = []\n',
      "variations[0].position.variant")],
)
def test_a_broken_lesson_names_file_and_field(tmp_path: Path, content: str, field: str) -> None:
    path = tmp_path / "broken.toml"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(LessonError) as error:
        load_lesson(path)
    assert error.value.field == field and str(path) in str(error.value)




def test_a_trap_counts_a_mistake_shows_its_consequence_and_is_undone(tmp_path: Path) -> None:
    path = tmp_path / "trap.toml"
    path.write_text(TRAPPED, encoding="utf-8")
    lesson = load_lesson(path)
    assert check(lesson, catalogs=False) == []
    run = LessonRun(lesson)
    assert not run.act(parse_action({"type": "draw"}))
    assert run.message == "You left the pile for them." and run.mistakes == 1
    assert run.consequence is not None and run.consequence.turn == 1 and len(run.consequence.stock) == 2
    assert not run.act(parse_action({"type": "take_pile", "meld": ["7h", "7d"]}))  # first: try again
    run.try_again()
    assert run.state is lesson.start and run.actions == [] and run.consequence is None
    assert run.act(parse_action({"type": "take_pile", "meld": ["7h", "7d"]})) and run.succeeded()
    assert run.stars() == 2


def test_the_checker_finds_a_trap_its_example_misses_and_a_solution_that_fails(tmp_path: Path) -> None:
    path = tmp_path / "trap.toml"
    path.write_text(TRAPPED.replace('example = [{ type = "draw" }]', 'example = [{ type = "take_pile", meld = ["7h", "7d"] }]')
                    .replace("success = { took_pile = true }", "success = { went_out = true }"), encoding="utf-8")
    problems = check(load_lesson(path), catalogs=False)
    assert any("solution: does not reach the goal" in p for p in problems)
    assert any("traps[0].example: does not fall into the trap" in p for p in problems)


def test_the_checker_finds_a_trap_consequence_its_own_deal_refuses(tmp_path: Path) -> None:
    path = tmp_path / "trap.toml"
    path.write_text(TRAPPED.replace('consequence = [{ type = "discard", card = "9c" }, { type = "draw" }]',
                                    'consequence = [{ type = "discard", card = "9c" }, { type = "draw" }, { type = "draw" }]'),
                    encoding="utf-8")
    problems = check(load_lesson(path), catalogs=False)
    assert any("traps[0].consequence[2]: refused" in p for p in problems)


def test_a_lesson_without_a_variation_has_no_mastery_check_and_the_checker_says_so(tmp_path: Path) -> None:
    path = tmp_path / "single.toml"
    path.write_text(TRAPPED[: TRAPPED.index("[[variations]]")], encoding="utf-8")
    assert any("variations: give at least one" in p for p in check(load_lesson(path), catalogs=False))


def test_the_checker_keeps_steps_short(tmp_path: Path) -> None:
    path = tmp_path / "long.toml"
    path.write_text(TRAPPED.replace('goal = "g"', 'goal = "One. Two. Three. Four."'), encoding="utf-8")
    assert any("goal: at most three short sentences" in p for p in check(load_lesson(path), catalogs=False))


def test_steps_follow_the_learners_actions() -> None:
    lesson = load_lesson(ROOT / "classic" / "08-frozen-pile.toml")
    run = LessonRun(lesson)
    assert run.step() == lesson.steps[0]
    run.act(lesson.solution[0])
    assert run.step() == lesson.steps[1]


def test_a_variation_is_a_fresh_deal_with_its_own_solution() -> None:
    lesson = load_lesson(ROOT / "classic" / "08-frozen-pile.toml")
    assert len(lesson.setups) >= 2
    run = LessonRun(lesson, variation=1)
    assert run.state is lesson.setups[1].start and run.state != lesson.start
    assert not run.act(lesson.solution[0])
    assert run.act(lesson.setups[1].solution[0]) and run.succeeded()


def test_the_lessons_bot_plays_once_the_script_runs_out(tmp_path: Path) -> None:
    path = tmp_path / "bot.toml"
    path.write_text(TRAPPED.replace("[position]", 'bot = "beginner"\n[position]', 1)
                    .replace('solution = [{ type = "take_pile", meld = ["7h", "7d"] }]',
                             'solution = [{ type = "draw" }, { type = "discard", card = "Kd" }]')
                    .replace("success = { took_pile = true }", "success = { went_out = true }")
                    .replace("when = { drew = true }", "when = { discarded = \"9c\" }")
                    .replace('example = [{ type = "draw" }]', 'example = [{ type = "draw" }, { type = "discard", card = "9c" }]')
                    .replace('consequence = [{ type = "discard", card = "9c" }, { type = "draw" }]', 'consequence = []'),
                    encoding="utf-8")
    lesson = load_lesson(path)
    run = LessonRun(lesson)
    assert run.act(parse_action({"type": "draw"})) and run.act(parse_action({"type": "discard", "card": "Kd"}))
    assert run.needs_bot() and run.state.turn == 1
    run.play_bots(random.Random(3))
    assert not run.needs_bot() and run.state.turn == 0


def test_the_checker_counts_lessons_per_variant(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check"]) == 0
    out = capsys.readouterr().out
    classic = len(lesson_files(ROOT / "classic"))
    assert classic >= 2 and f"classic: {classic} lessons pass" in out


def test_a_goal_names_only_cards_every_deal_of_the_lesson_deals() -> None:
    """A goal is shown in the mastery checks too: a card it names is in the learner's hand there."""
    import re

    from engine.core.cards import parse_card
    from tutor.lessons.catalog import catalog

    suits = {"♠": "s", "♥": "h", "♦": "d", "♣": "c"}
    for lesson in catalog():
        for found in re.finditer(r"\b(10|[2-9AKQJ])([♠♥♦♣])", lesson.goal):
            card = parse_card(found.group(1) + suits[found.group(2)])
            for index, setup in enumerate(lesson.setups):
                assert card in setup.start.hands[lesson.seat], f"{lesson.id}: deal {index} lacks {found.group(0)}"
