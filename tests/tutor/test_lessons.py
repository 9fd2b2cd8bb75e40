"""Lessons: every file loads, its solution reaches the goal, its texts are translated; mistakes
get the lesson's own feedback; broken files name file and field."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.actions import parse_action
from tutor.lessons import ROOT, LessonError, LessonRun, check, lesson_files, load_lesson, main


@pytest.mark.parametrize("path", lesson_files(), ids=lambda p: p.stem)
def test_every_lesson_checks(path: Path) -> None:
    assert check(load_lesson(path)) == []


def test_a_mistake_gets_the_lessons_feedback_and_costs_a_star() -> None:
    run = LessonRun(load_lesson(ROOT / "classic" / "frozen-pile.toml"))
    assert not run.act(parse_action({"type": "take_pile", "meld": ["5h", "2d"]}), "sv")
    assert "frusen sakhög" in run.message and "femmor" in run.message and run.mistakes == 1
    assert run.hint().startswith("Look at the top card")
    assert run.act(parse_action({"type": "take_pile", "meld": ["5h", "5d"]}))
    assert run.succeeded() and run.stars() == 1


def test_a_clean_solve_earns_three_stars() -> None:
    lesson = load_lesson(ROOT / "classic" / "opening-minimum.toml")
    run = LessonRun(lesson)
    for action in lesson.solution:
        run.act(action)
    assert run.succeeded() and run.stars() == 3


@pytest.mark.parametrize(
    ("content", "field"),
    [('id = "x"\nvariant = "classic"\ntitle = "t"\ngoal = "g"\n', "position"),
     ('id = "x"\nvariant = "classic"\ntitle = "t"\ngoal = "g"\n[position]\nvariant = "classic"\nhands = [["Zz"], 11, 11, 11]\npile = []\n',
      "position.hands[0][0]"),
     ('id = "x"\nvariant = "classic"\ntitle = "t"\ngoal = "g"\nsuccess = { flying = true }\n[position]\nvariant = "classic"\nhands = [["5c"], 11, 11, 11]\npile = []\n',
      "success.flying")],
)
def test_a_broken_lesson_names_file_and_field(tmp_path: Path, content: str, field: str) -> None:
    path = tmp_path / "broken.toml"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(LessonError) as error:
        load_lesson(path)
    assert error.value.field == field and str(path) in str(error.value)


def test_the_checker_counts_lessons_per_variant(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check"]) == 0
    out = capsys.readouterr().out
    classic = len(lesson_files(ROOT / "classic"))
    assert classic >= 2 and f"classic: {classic} lessons pass" in out
