"""The order of the path: no lesson needs a rule a later lesson teaches, no variant teaches a rule
twice, and a variant's opening minimums rise; each lesson names the rule it teaches and those it needs."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tutor.lessons.catalog import (ROOT, LessonError, catalog, in_path_order, load_lesson, main, minimum_place,
                                   order_problems)


def test_the_catalogs_order_teaches_every_rule_before_a_lesson_needs_it() -> None:
    lessons = catalog()
    assert order_problems(lessons) == []
    assert all(lesson.teaches for lesson in lessons)


def test_royals_own_rules_come_before_its_openings_and_the_minimums_go_simple_to_harder() -> None:
    royal = [lesson.id for lesson in catalog() if lesson.variant == "royal"]
    for own in ("royal-draw-two", "royal-samba", "royal-bolivia", "royal-royal-canasta", "royal-super-royal"):
        assert royal.index(own) < royal.index("royal-opening-15") < royal.index("royal-opening-150")
    for variant in ("classic", "wiener", "swedish", "royal"):
        minimums = [int(lesson.teaches.rsplit("_", 1)[1]) for lesson in catalog()
                    if lesson.variant == variant and lesson.teaches.startswith("opening.minimum_")]
        places = [minimum_place(variant, points) for points in minimums]
        assert places == sorted(places) and len(minimums) >= 2, variant
    classic = [lesson.id for lesson in catalog() if lesson.variant == "classic"]
    assert classic.index("classic-opening-minimum") < classic.index("classic-opening-15")
    assert royal.index("royal-opening-50") < royal.index("royal-opening-15") < royal.index("royal-opening-90")


def test_classic_teaches_what_freezes_the_pile_and_the_minimum_before_asking_for_them() -> None:
    classic = [lesson for lesson in catalog() if lesson.variant == "classic"]
    ids = [lesson.id for lesson in classic]
    assert ids.index("classic-frozen-pile") > ids.index("classic-blocked-pile")
    assert ids.index("classic-opening-minimum") < ids.index("classic-pile-to-open")


def test_a_variants_topics_are_each_listed_once() -> None:
    for variant in ("classic", "wiener", "swedish", "royal"):
        topics = [lesson.topic for lesson in catalog() if lesson.variant == variant]
        runs = [t for i, t in enumerate(topics) if i == 0 or topics[i - 1] != t]
        assert len(runs) == len(set(runs)), (variant, runs)


def _copy(tmp_path: Path, *names: str) -> Path:
    for name in names:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / name, tmp_path / name)
    return tmp_path


def _renamed(root: Path, old: str, new: str) -> None:
    (root / old).rename(root / new)


def test_a_planted_lesson_out_of_order_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The opening with the pile's top card moved before the minimum it asks for; the minimum of 120
    moved before 90; a second lesson teaching the minimum of 50; a need no lesson teaches."""
    root = _copy(tmp_path, "classic/01-card-values.toml", "classic/02-melds-and-wilds.toml",
                 "classic/09-frozen-pile.toml", "classic/10-opening-50.toml", "classic/12-combining-melds.toml",
                 "classic/13-pile-to-open.toml", "classic/14-opening-90.toml", "classic/16-opening-120.toml")
    lessons = in_path_order([load_lesson(p) for p in sorted(root.rglob("*.toml"))])
    assert {need for lesson in lessons for need in lesson.needs} - {lesson.teaches for lesson in lessons} == {
        "pile.top_card", "pile.blocked"}  # taught by lessons left out of the copy
    _renamed(root, "classic/13-pile-to-open.toml", "classic/08-pile-to-open.toml")
    _renamed(root, "classic/16-opening-120.toml", "classic/13-opening-120.toml")
    planted = (root / "classic/12-combining-melds.toml")
    planted.write_text(planted.read_text(encoding="utf-8").replace('teaches = "opening.several_melds"',
                                                                   'teaches = "opening.minimum_50"'), encoding="utf-8")
    assert main(["check", "--no-catalogs", str(root)]) == 1
    said = capsys.readouterr().err
    assert f"{root}/classic/08-pile-to-open.toml: needs: 'opening.minimum_50' is taught only later" in said
    assert f"{root}/classic/09-frozen-pile.toml: needs: 'pile.top_card' is taught by no lesson" in said
    assert (f"{root}/classic/12-combining-melds.toml: teaches: 'opening.minimum_50' is taught already by"
            f" {root}/classic/10-opening-50.toml") in said
    assert f"{root}/classic/14-opening-90.toml: teaches: the minimum of 90 comes after the 120" in said


def test_opening_below_zero_before_the_opening_minimum_is_refused(tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """Simple to harder: the minimum of a side at 0 (every first hand's) before the one below zero, its
    exception; the lesson below zero builds on it."""
    root = _copy(tmp_path, "classic/01-card-values.toml", "classic/04-draw-and-discard.toml",
                 "classic/06-open-pile.toml", "classic/10-opening-50.toml", "classic/11-opening-15.toml")
    assert main(["check", "--no-catalogs", str(root)]) == 0, capsys.readouterr().err
    _renamed(root, "classic/11-opening-15.toml", "classic/09-opening-15.toml")
    planted = root / "classic/09-opening-15.toml"
    planted.write_text(planted.read_text(encoding="utf-8").replace(', "opening.minimum_50"]', "]"), encoding="utf-8")
    assert main(["check", "--no-catalogs", str(root)]) == 1
    said = capsys.readouterr().err
    assert (f"{root}/classic/10-opening-50.toml: teaches: the minimum of 50 comes after the 15 of"
            f" {root}/classic/09-opening-15.toml") in said


def test_the_lessons_own_order_passes_the_checker(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = _copy(tmp_path, "classic/01-card-values.toml", "classic/10-opening-50.toml",
                 "classic/12-combining-melds.toml")
    assert main(["check", "--no-catalogs", str(root)]) == 0, capsys.readouterr().err


@pytest.mark.parametrize(("old", "new", "field"), [
    ('teaches = "pile.frozen"\n', "", "teaches"),
    ('teaches = "pile.frozen"\n', 'teaches = "frozen pile"\n', "teaches"),
    ('teaches = "pile.frozen"\n', 'teaches = "cooking.pasta"\n', "teaches"),
    ("needs = [", 'needs = ["Pile.Top", ', "needs[0]"),
    ('needs = ["pile.top_card", "pile.blocked"]', "needs = 5", "needs"),
])
def test_a_lesson_names_its_rules_or_is_refused(tmp_path: Path, old: str, new: str, field: str) -> None:
    text = (ROOT / "classic/09-frozen-pile.toml").read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "broken.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(LessonError) as error:
        load_lesson(path)
    assert error.value.field == field


@pytest.mark.parametrize(("variant", "rule"), [
    ("classic", "meld.black_threes"),
    ("royal", "going_out.concealed"), ("royal", "ask.after_pile"), ("royal", "pile.onto_canasta"),
    ("royal", "pile.single_card"), ("royal", "meld.threes_closed"), ("royal", "going_out.black_threes"),
    ("royal", "tactics.deny_pile"),
    ("wiener", "red_three.wiener_bonus"), ("wiener", "going_out.black_threes"), ("wiener", "stock.must_take"),
    ("wiener", "meld.natural_canasta"),
    ("wiener", "going_out.ask_partner"), ("wiener", "going_out.concealed"),
    ("swedish", "pile.frozen"), ("swedish", "pile.blocked"), ("swedish", "red_three.swedish_bonus"),
])
def test_a_rule_each_variant_needs_has_its_lesson(variant: str, rule: str) -> None:
    """Rules that had no lesson of their variant: black threes as the last meld, going out concealed,
    asking partner before taking the pile, the pile onto a complete canasta and with one card, seven
    threes that are no canasta, the pile kept from the other side, Wiener's red threes, natural
    canasta and end of the stock, and what freezes and blocks the pile and a red three in the Swedish
    rules."""
    assert [lesson for lesson in catalog() if lesson.variant == variant and lesson.teaches == rule]
