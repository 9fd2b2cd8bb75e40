"""A lesson's answer to a refused opening names what was tried (its worth), so it holds whatever meld the
learner put down, and no lesson ranks the cards' values wrongly ("wild cards count most": a two counts 20,
as much as an ace)."""

from __future__ import annotations

import re

import pytest

from engine.core.actions import parse_action
from tutor.lessons.catalog import ROOT, LessonRun, catalog, load_lesson


def test_every_lessons_answer_to_a_short_opening_names_the_worth_of_what_was_tried() -> None:
    silent = [f"{lesson.id}: {text}" for lesson in catalog()
              for rule, text in lesson.feedback.items() if rule == "opening.minimum" and "{points}" not in text]
    assert silent == []


@pytest.mark.parametrize(("path", "action", "named"), [
    # the joker is in this meld: the answer must not tell the learner to put it there
    ("royal/17-opening-120.toml", {"type": "meld", "melds": [["As", "Ad", "JK", "2c"]]}, "worth 110"),
    ("royal/17-opening-120.toml", {"type": "meld", "melds": [["Ks", "Kd", "Kh"]]}, "worth 30"),
    ("swedish/07-opening-50.toml", {"type": "meld", "melds": [["8h", "8d", "2c"]]}, "worth 40"),
])
def test_a_short_opening_is_answered_with_its_own_worth(path: str, action: dict[str, object], named: str) -> None:
    lesson = load_lesson(ROOT / path)
    run = LessonRun(lesson)
    if lesson.start.phase.name == "DRAW":
        assert run.act(parse_action({"type": "draw"}))
    assert not run.act(parse_action(action))
    assert run.refused == "opening.minimum" and named in run.message, run.message
    assert "with the joker in your meld" not in run.message and "Add your wild card" not in run.message


def test_no_lesson_says_a_kind_of_card_counts_most() -> None:
    most = re.compile(r"\bcounts? most\b|\bcount the most\b", re.IGNORECASE)
    wrong = [f"{lesson.id}: {text}" for lesson in catalog() for text in lesson.texts if most.search(text)]
    assert wrong == []
