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
    run = LessonRun(load_lesson(ROOT / "classic" / "09-frozen-pile.toml"))
    assert not run.act(parse_action({"type": "take_pile", "meld": ["5h", "2d"]}), "sv")
    said = run.said("sv") if run.said is not None else ""
    assert "frusen sakhög" in said and "femmor" in said and run.mistakes == 1
    hint = run.hint()
    assert hint is not None and hint("en").startswith("Look at the top card")
    assert run.act(parse_action({"type": "take_pile", "meld": ["5h", "5d"]}))
    assert run.succeeded() and run.stars() == 1


def test_a_clean_solve_earns_three_stars() -> None:
    lesson = load_lesson(ROOT / "classic" / "10-opening-50.toml")
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
    lesson = load_lesson(ROOT / "classic" / "09-frozen-pile.toml")
    run = LessonRun(lesson)
    assert run.step() == lesson.steps[0]
    run.act(lesson.solution[0])
    assert run.step() == lesson.steps[1]


def test_a_variation_is_a_fresh_deal_with_its_own_solution() -> None:
    lesson = load_lesson(ROOT / "classic" / "09-frozen-pile.toml")
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


# The last score of an opening row as each variant's text writes it: Swedish 003 "0-1499p", "1500-2999p";
# the others' tables end their rows at 1495 and 2995 (000's own table; 001 and 002 as the project reads them).
ROW_END = {"classic": 5, "wiener": 5, "royal": 5, "swedish": 1}
MINIMA = r"\b(15|50|90|120|150)\b"


def _number(text: str) -> int:
    return int(text.replace(",", ""))


def opening_claims(text: str, variant: str) -> list[str]:
    """What a lesson text says about the opening rows that the variant's table (``opening_table``,
    read as its text writes the rows) contradicts: a row's bounds, and the minimum said beside them."""
    import re

    from engine.variants import VARIANTS

    rules = VARIANTS[variant]
    starts = [lowest for lowest, _ in rules.opening_table][1:]
    wrong = []
    for sentence in re.split(r"(?<=[.!?;:])\s+", text):
        if "game to" in sentence:  # Wiener's short games have rows of their own
            continue
        for found in re.finditer(r"(?<![\d,])(-?\d[\d,]*) (?:and|to) (\d[\d,]*)(?= points| needs)", sentence):
            low, high = _number(found.group(1)), _number(found.group(2))
            if high < 1000:  # "15, 50, 90 and 120 points" names the minima, not a row
                continue
            following = [s for s in starts if s > low]
            if low not in (0, *starts) or not following or high != following[0] - ROW_END[variant]:
                wrong.append(f"{found.group(0)!r}: not a row of the table")
                continue
            wrong += _minimum(sentence, found, rules.opening_minimum(low))
        for found in re.finditer(r"(\d[\d,]*) points or more|(\d[\d,]*) or more|from (\d[\d,]*) points on"
                                 r"|\bat (?:exactly )?(\d[\d,]*) points", sentence):
            low = _number(next(g for g in found.groups() if g))
            if low >= 1000:
                wrong += _minimum(sentence, found, rules.opening_minimum(low))
        for found in re.finditer(r"\bover (\d[\d,]*) points", sentence):
            if _number(found.group(1)) in starts:
                wrong.append(f"{found.group(0)!r}: the row starts at that score: say 'or more'")
    return wrong


def _minimum(sentence: str, found: object, needed: int) -> list[str]:
    import re

    assert isinstance(found, re.Match)
    after = re.search(MINIMA, sentence[found.end():])
    before = re.findall(MINIMA, sentence[: found.start()])
    said = after.group(1) if after else before[-1] if before else None
    if said is None or int(said) == needed:
        return []
    return [f"{found.group(0)!r} needs {needed}, not {said}"]


def test_the_opening_rows_a_lesson_states_are_its_variants() -> None:
    """Every score range and minimum a lesson's texts state agrees with the engine's table, each row
    ending where the variant's own text ends it (Swedish 1,499, the others 1,495)."""
    from tutor.lessons.catalog import catalog

    wrong = [f"{lesson.id}: {claim}" for lesson in catalog() for text in lesson.texts
             for claim in opening_claims(text, lesson.variant)]
    assert wrong == []


@pytest.mark.parametrize(("variant", "text"), [
    ("swedish", "Your side has between 0 and 1,495 points, so its first meld must be worth 50."),
    ("classic", "From 1,500 to 3,000 points a side needs 90 for its first meld."),
    ("wiener", "Your side has over 3,000 points, so its first melds must be worth 120."),
    ("royal", "Look up your side's score in the table: 3,000 to 6,995 needs 150."),
    ("classic", "Not enough: with 3,000 points or more your side's first meld must reach 90."),
])
def test_a_wrong_opening_row_is_found(variant: str, text: str) -> None:
    assert opening_claims(text, variant) != []


def test_a_royal_lesson_gives_a_red_threes_100_only_with_the_two_canastas_it_needs() -> None:
    """Seed 000 "Poängräkning": a red three melded alone counts 100 only for a side that has completed
    two canastas, and minus 100 otherwise (the engine's ``score_hand``): a text that promises the 100
    names that condition."""
    import re

    from tutor.lessons.catalog import catalog

    promise = re.compile(r"\b(counts|worth|earns|gives) 100\b|\b100 points\b")
    wrong = [f"{lesson.id}: {text}" for lesson in catalog() if lesson.variant == "royal" for text in lesson.texts
             if ("red three" in text or "3♥" in text or "3♦" in text or lesson.id.endswith("red-threes"))
             and promise.search(text) and "two canastas" not in text]
    assert wrong == []


ELEVEN = ["Ah", "Kd", "Qc", "Js", "10h", "9d", "8c", "7s", "6h", "5d", "4c"]
SIXTEEN = [*ELEVEN, "Ad", "Kc", "Qs", "Jh", "10d"]


@pytest.mark.parametrize(("position", "problem"), [
    ({"variant": "wiener", "phase": "play", "hands": [ELEVEN, 11, 11, 11], "pile": ["9s"]},
     "hands[0]: holds 11 cards after drawing 1"),
    ({"variant": "royal", "phase": "play", "hands": [SIXTEEN, 15, 15, 15], "pile": ["9s"]},
     "hands[0]: holds 16 cards after drawing 2"),
    ({"variant": "classic", "hands": [ELEVEN, 11, 9, 11], "pile": ["9s"]}, "hands[2]: holds 9 cards between turns"),
    ({"variant": "classic", "hands": [[*ELEVEN, "Kh"], 11, 11, 11], "pile": ["9s"]},
     "hands[0]: holds 12 cards between turns"),
    ({"variant": "royal", "hands": [SIXTEEN[:15], 14, 15, 15], "pile": ["9s"]}, "hands[1]: holds 14 cards between turns"),
])
def test_the_checker_refuses_a_hand_no_deal_could_produce(position: dict[str, object], problem: str) -> None:
    from engine.position import load_position
    from tutor.lessons.catalog import impossible_hands

    found = impossible_hands(load_position(position))
    assert any(line.startswith(problem) for line in found), found


@pytest.mark.parametrize("position", [
    {"variant": "wiener", "phase": "play", "hands": [[*ELEVEN, "Kh"], 11, 11, 11], "pile": ["9s"]},
    {"variant": "swedish", "hands": [[*ELEVEN, "Kh"], 12, 13, 11], "pile": ["9s"]},  # two drawn, one discarded a turn
    {"variant": "royal", "phase": "play", "hands": [[*SIXTEEN, "Kh"], 18, 15, 16], "pile": ["9s"]},  # grown by turns
    {"variant": "royal", "phase": "play", "hands": [SIXTEEN, 15, 15, 15], "pile": ["9s"], "stock": 0},  # one card left
    {"variant": "classic", "phase": "play", "hands": [ELEVEN[:5], 11, 3, 11], "pile": ["9s"],  # the side has melded
     "melds": [[["Kh", "Ks", "Kc"]], []]},
    {"variant": "classic", "phase": "play", "hands": [ELEVEN[:5], 11, 11, 11], "pile": ["9s"],
     "turn_state": {"melded": True}},
])
def test_the_checker_accepts_the_hands_play_can_reach(position: dict[str, object]) -> None:
    from engine.position import load_position
    from tutor.lessons.catalog import impossible_hands

    assert impossible_hands(load_position(position)) == []


@pytest.mark.parametrize(("position", "problem"), [
    ({"variant": "classic", "phase": "play", "hands": [ELEVEN[:5], 11, 11, 11], "pile": ["9s"],
      "melds": [[], [["Kh", "Ks", "Kc"]]]}, "melds[1]: worth 30, less than the opening minimum of 50"),
    ({"variant": "royal", "phase": "play", "scores": [0, 1800], "hands": [ELEVEN[:5], 15, 15, 15], "pile": ["9s"],
      "melds": [[], [["Qs", "Qd", "Qh", "2s"], ["3h"]]]}, "melds[1]: worth 50, less than the opening minimum of 90"),
])
def test_the_checker_refuses_melds_no_opening_could_have_made(position: dict[str, object], problem: str) -> None:
    from engine.position import load_position
    from tutor.lessons.catalog import impossible_melds

    found = impossible_melds(load_position(position))
    assert any(line.startswith(problem) for line in found), found


@pytest.mark.parametrize("position", [
    {"variant": "classic", "phase": "play", "scores": [0, -50], "hands": [ELEVEN[:5], 11, 11, 11], "pile": ["9s"],
     "melds": [[], [["Kh", "Ks", "Kc"]]]},  # below 0 the minimum is 15
    {"variant": "royal", "phase": "play", "scores": [0, 1800], "hands": [ELEVEN[:5], 15, 15, 15], "pile": ["9s"],
     "melds": [[["3d"]], [["Qs", "Qd", "Qh", "2s"], ["As", "Ad", "Ac"]]]},  # a lone red three does not open
])
def test_the_checker_accepts_melds_an_opening_could_have_made(position: dict[str, object]) -> None:
    from engine.position import load_position
    from tutor.lessons.catalog import impossible_melds

    assert impossible_melds(load_position(position)) == []


def test_a_lesson_with_a_hand_no_deal_could_produce_fails_the_check(tmp_path: Path) -> None:
    path = tmp_path / "hand.toml"
    path.write_text(TRAPPED.replace('hands = [["7h", "7d", "9c", "Kd"], 11, 14, 11]',
                                    'hands = [["7h", "7d", "9c", "Kd"], 10, 14, 11]\n'
                                    'has_melded = [true, false, true, false]'), encoding="utf-8")
    problems = check(load_lesson(path), catalogs=False)
    assert any(": position.hands[1]: holds 10 cards between turns" in p for p in problems), problems


# What a goal may not tell: the move itself. A goal says what counts as success ("Keep the next player
# from this pile"), so that the deal, not the sentence, tempts the mistake the lesson is about.
MOVES = {
    "Draw": r"\bdraw (from|a card|your|it|two)\b|\bby drawing\b",
    "TakePile": r"\btake (it|the pile)\b",
    "Discard": r"\bdiscard (the|a|one|your|another|so|without|instead)\b|\bdiscard instead\b",
    "MeldAction": r"\bmeld (it|them|a samba|your \w+(?: \w+)? (as|with|together))\b|\bas a (samba|bolivia)\b"
                  r"|\blay (it |them |your \w+ )?off\b",
    "AskGoOut": r"\bask your partner\b",
    "DrawReplacement": r"\bits replacement\b",
}


def moves_told(goal: str, solution: tuple[object, ...]) -> list[str]:
    """The moves of ``solution`` that ``goal`` tells the learner to make."""
    import re

    kinds = {type(action).__name__ for action in solution}
    return [kind for kind, pattern in MOVES.items() if kind in kinds and re.search(pattern, goal, re.IGNORECASE)]


def test_a_goal_states_what_counts_as_success_not_the_move() -> None:
    from tutor.lessons.catalog import catalog

    told = [f"{lesson.id}: {moves_told(lesson.goal, lesson.solution)}: {lesson.goal}" for lesson in catalog()
            if moves_told(lesson.goal, lesson.solution)]
    assert told == []


@pytest.mark.parametrize(("goal", "solution"), [
    ("The pile is frozen by a wild card. Take it with a natural pair.", [{"type": "take_pile", "meld": ["5h", "5d"]}]),
    ("Start your turn by drawing from the stock. Then discard.", [{"type": "draw"}, {"type": "discard", "card": "4c"}]),
    ("Meld your wild cards together as a Bolivia.", [{"type": "meld", "melds": [["JK", "2c", "2d"]]}]),
    ("Lay off your natural card and your 2♣ on your side's melds.",
     [{"type": "meld", "layoffs": [{"onto": 0, "cards": ["Kh"]}]}]),
    ("You could go out now. Ask your partner first.", [{"type": "ask_go_out"}]),
])
def test_a_goal_that_gives_the_move_away_is_found(goal: str, solution: list[dict[str, object]]) -> None:
    assert moves_told(goal, tuple(parse_action(a) for a in solution)) != []


def test_the_checker_refuses_a_trap_that_shows_no_consequence(tmp_path: Path) -> None:
    path = tmp_path / "bare.toml"
    path.write_text(TRAPPED.replace('consequence = [{ type = "discard", card = "9c" }, { type = "draw" }]\n', ""),
                    encoding="utf-8")
    problems = check(load_lesson(path), catalogs=False)
    assert any(": traps[0].consequence: show what the mistake costs" in p for p in problems), problems


def test_a_meld_trap_shows_its_meld_and_needs_no_moves_after_it(tmp_path: Path) -> None:
    path = tmp_path / "meld.toml"
    path.write_text(TRAPPED.replace("when = { drew = true }", "when = { all = [{ melded = true }, { took_pile = false }] }")
                    .replace('example = [{ type = "draw" }]',
                             'example = [{ type = "draw" }, { type = "meld", layoffs = [{ onto = 0, cards = ["As"] }] }]')
                    .replace('"Kd"], 11', '"Kd", "As"], 11')
                    .replace('consequence = [{ type = "discard", card = "9c" }, { type = "draw" }]\n', ""),
                    encoding="utf-8")
    assert check(load_lesson(path), catalogs=False) == []


def test_classic_card_values_answers_a_discard_without_opening() -> None:
    run = LessonRun(load_lesson(ROOT / "classic" / "01-card-values.toml"))
    assert not run.act(parse_action({"type": "discard", "card": "9s"}))
    assert run.mistakes == 1 and run.consequence is not None and run.consequence_moves > 0
    assert run.consequence.turn != 0  # the other side played on; Try again returns to the deal
    run.try_again()
    assert run.state.turn == 0 and run.actions == []


@pytest.mark.parametrize(("path", "action", "rule", "named"), [
    ("royal/04-samba.toml", {"type": "meld", "melds": [["7h", "8h", "2d"]]}, "meld.samba", "7♥ 8♥ 2♦"),
    ("swedish/11-scoring-aces.toml", {"type": "meld", "layoffs": [{"onto": 1, "cards": ["9c"]}]}, "meld.layoff",
     "9♣ does not fit your side's meld of 8s"),
])
def test_a_refusal_in_a_lesson_names_what_was_tried(path: str, action: dict[str, object], rule: str,
                                                    named: str) -> None:
    run = LessonRun(load_lesson(ROOT / path))
    assert not run.act(parse_action(action))
    assert run.refused == rule and named in run.message, run.message
    assert "aces:" not in run.message and "One rank" not in run.message


def test_steps_advance_on_what_the_learner_achieved_in_any_order() -> None:
    """The second hint's order (lay off, then meld) reaches the step the one-move solution reaches."""
    lesson = load_lesson(ROOT / "classic" / "17-going-out-canasta.toml")
    run = LessonRun(lesson)
    assert run.act(parse_action({"type": "meld", "layoffs": [{"onto": 0, "cards": ["2d"]}]}))
    assert run.step() == lesson.steps[0]  # the 8s and the jacks are not down yet
    assert run.act(parse_action({"type": "meld", "melds": [["8s", "8d", "8c"]]}))
    assert run.act(parse_action({"type": "meld", "melds": [["Jh", "Jc", "Jd"]]}))
    assert run.step() == lesson.steps[1] and run.achieved() == 1
    assert run.act(parse_action({"type": "discard", "card": "6c"})) and run.succeeded()


def test_a_step_waits_for_a_lay_off_on_the_meld_the_solution_lays_it_on() -> None:
    lesson = load_lesson(ROOT / "classic" / "17-going-out-canasta.toml")
    run = LessonRun(lesson)
    assert run.act(parse_action({"type": "meld", "layoffs": [{"onto": 1, "cards": ["2d"]}]}))
    assert run.act(parse_action({"type": "meld", "melds": [["8s", "8d", "8c"]]}))
    assert run.achieved() == 0 and run.step() == lesson.steps[0]  # "that meld now has seven cards" is false


def test_a_trap_in_a_mastery_check_shows_what_follows_there_too() -> None:
    """The consequence is written for the lesson's own deal; in a variation the next player's turn
    is played out instead, so the mastery check shows the cost as well."""
    lesson = load_lesson(ROOT / "classic" / "01-card-values.toml")
    run = LessonRun(lesson, variation=1)
    assert not run.act(parse_action({"type": "discard", "card": "9h"}))
    assert run.consequence_stopped is not None and run.consequence is not None
    assert run.consequence_moves > 0 and run.consequence.turn not in (0, 1)  # seat 1's whole turn is shown



def test_a_lessons_own_answer_to_a_refusal_names_only_cards_every_deal_holds() -> None:
    """Feedback answers a refusal in the lesson's deal and in each variation (the mastery check): a card it
    names must be in every deal, in the learner's hand, the pile or on the table (else it names the refusal's
    facts, ``{points}``, ``{pair}`` …)."""
    import re

    from engine.core.cards import format_card
    from tutor.lessons.catalog import catalog

    suits = {"♥": "h", "♦": "d", "♣": "c", "♠": "s"}
    wrong = []
    for lesson in catalog():
        for rule, text in lesson.feedback.items():
            named = [m[:-1] + suits[m[-1]] for m in re.findall(r"(?:10|[2-9JQKA])[♥♦♣♠]", text)]
            for index, setup in enumerate(lesson.setups):
                start = setup.start
                seen = {format_card(c) for c in (*start.hands[lesson.seat], *start.pile)}
                seen |= {format_card(c) for melds in start.melds for meld in melds for c in meld.cards}
                wrong += [f"{lesson.id}: feedback {rule} names {card}, not in deal {index}"
                          for card in named if card not in seen]
    assert wrong == []
