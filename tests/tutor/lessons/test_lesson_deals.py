"""A lesson's table is one a real game could come to (the order of turns between the seats, the cards a
side holds beside those it has melded), and a lesson never sits still: a move that passes the turn with nobody to play on is answered."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.core.actions import Discard, Draw, parse_action
from engine.core.state import Phase
from engine.judge.legal import legal_actions
from engine.position import load_position
from tests.tutor.helpers import TRAPPED
from tutor.lessons.catalog import (ROOT, LessonRun, catalog, check, impossible_sides, impossible_stock, impossible_turns,
                                   load_lesson)
from tutor.lessons.run import STALLED

FIFTEEN = ["Ah", "Kd", "Qc", "Js", "10h", "9d", "8c", "7s", "6h", "5d", "4c", "Ad", "Kc", "Qs", "Jh"]
SEVENTEEN = [*FIFTEEN, "10d", "9s"]  # the deal and the first draw of two


@pytest.mark.parametrize(("position", "problem"), [
    # the partner has played a turn, so the seat after it has too: it cannot still hold the deal
    ({"variant": "royal", "phase": "play", "hands": [SEVENTEEN, 15, 16, 15], "pile": ["9s", "6d", "Jh"]},
     "hands[3]: 15 cards, 0 turns played, after hands[2]'s 1"),
    # the partner has not played, so neither has the seat before it, whatever its side has melded since
    ({"variant": "royal", "phase": "play", "hands": [SEVENTEEN, 16, 15, 13], "pile": ["5h", "10d"],
      "melds": [[], [["Ks", "Kc", "Kh"]]]}, "hands[1]: holds 16 cards, but has not played a turn yet"),
    # a turn the player to act has not had: every other seat has played as many or one more
    ({"variant": "swedish", "hands": [[*FIFTEEN[:11], "Kh"], 14, 12, 12], "pile": ["9s"]},
     "hands[1]: 14 cards, 3 turns played while the player to act has played 1"),
])
def test_the_checker_refuses_a_table_no_order_of_turns_could_reach(position: dict[str, object],
                                                                   problem: str) -> None:
    found = impossible_turns(load_position(position))
    assert any(line.startswith(problem) for line in found), found


@pytest.mark.parametrize("position", [
    {"variant": "royal", "phase": "play", "hands": [SEVENTEEN, 15, 16, 16], "pile": ["9s", "6d", "Jh"]},
    {"variant": "royal", "phase": "play", "hands": [SEVENTEEN, 15, 16, 12], "pile": ["9s", "6d", "Jh"],
     "melds": [[], [["Qh", "Qd", "Qc", "2h"]]]},  # the seat after the partner opened with four cards
    {"variant": "royal", "phase": "play", "hands": [SEVENTEEN, 15, 15, 15], "pile": ["9s"]},  # the first turn
    {"variant": "swedish", "hands": [[*FIFTEEN[:11], "Kh"], 12, 13, 13], "pile": ["9s"]},
    {"variant": "classic", "hands": [FIFTEEN[:11], 11, 11, 11], "pile": ["9s"]},  # drawing one tells nothing
])
def test_the_checker_accepts_a_table_turns_in_order_reach(position: dict[str, object]) -> None:
    assert impossible_turns(load_position(position)) == []


def test_a_lesson_whose_table_no_order_of_turns_reaches_fails_the_check(tmp_path: Path) -> None:
    text = (ROOT / "royal" / "18-opening-150.toml").read_text(encoding="utf-8")
    path = tmp_path / "turns.toml"
    path.write_text(text.replace("15, 16, 16]", "15, 16, 15]", 1), encoding="utf-8")
    problems = check(load_lesson(path), catalogs=False)
    assert any("position.hands[3]: 15 cards, 0 turns played" in p for p in problems), problems


@pytest.mark.parametrize(("position", "problem"), [
    # the other side has ten cards on the table and eight in its hands: dealt 22, it would hold at least 12
    ({"variant": "classic", "hands": [FIFTEEN[:11], ["10c", "10d", "10s"], 11, 5], "pile": ["9s"],
      "melds": [[], [["8h", "8d", "8s", "8h", "8d", "8s", "2h"], ["6h", "6d", "6s"]]]},
     "hands: the side of hands[1] holds 3 + 5 cards with 10 on the table"),
    # drawing two, the learner's side: six and nine cards with nine melded, where the deals leave 21
    ({"variant": "royal", "phase": "play", "hands": [FIFTEEN[:6], 10, 9, 11], "pile": ["9s"],
      "melds": [[["Ah", "Ad", "Ac"], ["3h", "3d", "3h", "3d", "3h", "3c"]], [["Qc", "Qd", "Qs", "2h"]]]},
     "hands: the side of hands[0] holds 6 + 9 cards with 9 on the table"),
])
def test_the_checker_refuses_a_side_holding_fewer_cards_than_its_deal_leaves(position: dict[str, object],
                                                                              problem: str) -> None:
    found = impossible_sides(load_position(position))
    assert any(line.startswith(problem) for line in found), found


@pytest.mark.parametrize("position", [
    {"variant": "classic", "hands": [FIFTEEN[:11], ["10c", "10d", "10s"], 11, 9], "pile": ["9s"],  # exactly so
     "melds": [[], [["8h", "8d", "8s", "8h", "8d", "8s", "2h"], ["6h", "6d", "6s"]]]},
    {"variant": "classic", "hands": [FIFTEEN[:11], 11, 11, 11], "pile": ["9s"], "red_threes": [["3d"], []]},
    {"variant": "royal", "phase": "play", "hands": [FIFTEEN[:6], 16, 15, 11], "pile": ["9s"],
     "melds": [[["Ah", "Ad", "Ac"], ["3h", "3d", "3h", "3d", "3h", "3c"]], [["Qc", "Qd", "Qs", "2h"]]]},
])
def test_the_checker_accepts_a_side_holding_what_its_deal_leaves(position: dict[str, object]) -> None:
    assert impossible_sides(load_position(position)) == []


def test_a_lesson_whose_side_holds_too_few_cards_fails_the_check(tmp_path: Path) -> None:
    text = (ROOT / "classic" / "05-red-threes.toml").read_text(encoding="utf-8")
    path = tmp_path / "sides.toml"
    path.write_text(text.replace('["10c", "10d", "10s"], 11, 9]', '["10c", "10d", "10s"], 11, 5]', 1), encoding="utf-8")
    problems = check(load_lesson(path), catalogs=False)
    assert any("position.hands: the side of hands[1] holds 3 + 5 cards" in p for p in problems), problems


def test_the_checker_refuses_a_stock_that_the_turns_played_could_not_have_drawn_down() -> None:
    # the hand's first turn (every hand still the deal, the learner's after its draw of two): Royal's stock
    # holds 162 - 60 - 1 less what covered the first card and this draw, far more than 16
    position = {"variant": "royal", "phase": "play", "hands": [SEVENTEEN, 15, 15, 15], "pile": ["9s"],
                "stock": ["Ah", "7s", "Jc", "4h", "9d", "Qs", "6h", "8c", "10d", "5h", "Kh", "7c", "Js", "4s", "8d", "Qd"]}
    found = impossible_stock(load_position(position))
    assert any(line.startswith("stock: 16 cards, where the turns started so far (at most 4") for line in found), found
    assert impossible_stock(load_position({**position, "stock": 99})) == []
    assert impossible_stock(load_position({**position, "variant": "classic", "hands": [FIFTEEN[:12], 11, 11, 11]})) == []


def test_a_lesson_whose_stock_is_too_small_for_its_turns_fails_the_check(tmp_path: Path) -> None:
    text = (ROOT / "swedish" / "08-opening-120.toml").read_text(encoding="utf-8")
    start = text.index("stock = [")
    path = tmp_path / "stock.toml"
    path.write_text(text[:start] + 'stock = ["Kd", "8c", "5c", "9d", "Qs", "7h"]' + text[text.index("\n", start):],
                    encoding="utf-8")
    problems = check(load_lesson(path), catalogs=False)
    assert any(": position.stock: 6 cards, where the turns started so far" in p for p in problems), problems


def test_a_discard_that_leaves_nobody_to_play_on_is_answered_and_taken_back() -> None:
    lesson = load_lesson(ROOT / "royal" / "32-joker-first.toml")
    run = LessonRun(lesson)
    assert not run.act(parse_action({"type": "discard", "card": "4h"}))  # the canasta left undone
    assert run.consequence is not None and run.mistakes == 1 and run.said is not None
    assert run.said("en") == STALLED and not run.succeeded()
    run.try_again()
    assert run.state is lesson.start and run.consequence is None
    assert run.act(lesson.solution[0]) and run.succeeded() and run.stars() == 2


def test_a_lesson_with_a_reply_or_a_bot_plays_on_instead(tmp_path: Path) -> None:
    path = tmp_path / "bot.toml"
    path.write_text(TRAPPED.replace('success = { took_pile = true }', 'success = { took_pile = true }\nbot = "beginner"')
                    .replace("when = { drew = true }", "when = { melded = true }"), encoding="utf-8")
    run = LessonRun(load_lesson(path))
    assert run.act(Draw()) and run.act(parse_action({"type": "discard", "card": "9c"}))  # the bot plays the other seats: no answer needed
    assert run.consequence is None and run.said is None and run.needs_bot()


def _stalls(lesson: object, variation: int) -> list[str]:
    """The discards at the start (after the draw, where the lesson starts before it) that pass the turn
    with the lesson neither solved nor answering, and nobody to play on."""
    start = LessonRun(lesson, variation)  # type: ignore[arg-type]
    drawn = start.state.phase is Phase.DRAW
    if drawn and not start.act(Draw()):
        return []
    stalled = []
    for action in legal_actions(start.state):
        if isinstance(action, Discard):
            run = LessonRun(lesson, variation)  # type: ignore[arg-type]
            if drawn:
                run.act(Draw())
            run.act(action)
            if (run.consequence is None and not run.is_over() and not run.state.is_over()
                    and run.state.turn != run.lesson.seat and not run.needs_bot()):
                stalled.append(str(action.card))
    return stalled


def test_no_lesson_sits_still_after_a_discard() -> None:
    stalled = [f"{lesson.id}[{v}]: {cards}" for lesson in catalog() for v in range(len(lesson.setups))
               if (cards := _stalls(lesson, v))]
    assert stalled == []


def test_no_royal_lesson_throws_a_three_to_a_side_building_a_royal_canasta() -> None:
    """Seed 000, Taktik: "Undvik att saka en svart eller röd trea såvida det andra laget inte har en chans att
    bygga en Royal Canasta", read as the hints read it (engine/hints/facts.py): a three in the pile goes to the
    other side's meld of threes with the pile, so no lesson teaches that discard where such a meld lies."""
    from engine.core.cards import BLACK_THREES, RED_THREES
    from engine.core.melds import MeldKind

    wrong = []
    for lesson in catalog():
        for index, setup in enumerate(lesson.setups):
            start, team = setup.start, setup.start.team_of(lesson.seat)
            building = any(meld.kind is MeldKind.THREES for t in range(len(start.teams)) if t != team
                           for meld in start.melds[t])
            threes = [a for a in setup.solution if isinstance(a, Discard) and (a.card in RED_THREES or a.card in BLACK_THREES)]
            if building and threes:
                wrong.append(f"{lesson.id}[{index}]")
    assert wrong == []
