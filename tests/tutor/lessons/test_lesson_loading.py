"""Broken lesson files: the checker names every problem of every file, never a
traceback; the app's catalog keeps the lessons that load and marks the broken ones unavailable."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.core.i18n import LANGUAGES
from tutor.lessons.catalog import ROOT, lesson_catalog, main, read_lesson

GOOD = (ROOT / "classic" / "09-frozen-pile.toml").read_text(encoding="utf-8")


def broken(text: str, old: str, new: str) -> str:
    assert old in text
    return text.replace(old, new, 1)


# the five crashes, and the nested keys that passed unnoticed
CORRUPTIONS = [
    ("non-UTF-8", None, "(file)"),
    ("topic = []", ("topic = ", "topic = []\nxtopic = "), "topic"),
    ("variant = { a = 1 }", ('variant = "classic"\nseat', 'variant = { a = 1 }\nseat'), "variant"),
    ("steps = 5", ("[[steps]]\ntext", "[[stepz]]\ntext"), "steps"),
    ("melds_at_least = many", ("[success]\n", '[success]\nmelds_at_least = "many"\n[unused]\n'), "success.melds_at_least"),
    ("unknown key in [position]", ("[position]\n", "[position]\ncolour = 1\n"), "position.colour"),
    ("unknown key in [[steps]]", ("[[steps]]\n", "[[steps]]\nspeed = 2\n"), "steps[0].speed"),
    ("unknown key in [[variations]]", ("[[variations]]\n", "[[variations]]\nname = 1\n"), "variations[0].name"),
    ("a flag given as text", ("[success]\n", '[success]\nopened = "yes"\n[unused]\n'), "success.opened"),
]


def write(tmp_path: Path, name: str, change: tuple[str, str] | None) -> Path:
    path = tmp_path / f"{name}.toml"
    if change is None:
        path.write_bytes(GOOD.encode() + b'\n# caf\xe9\n')
    elif change[0] == "[[steps]]\ntext":  # steps = 5: the [[steps]] tables replaced by a number
        text = re.sub(r"\[\[steps\]\]\ntext = .*\n", "", GOOD)
        path.write_text(broken(text, "seat = ", "steps = 5\nseat = "), encoding="utf-8")
    else:
        path.write_text(broken(GOOD, *change), encoding="utf-8")
    return path


@pytest.mark.parametrize(("name", "change", "field"), CORRUPTIONS, ids=[c[0] for c in CORRUPTIONS])
def test_each_corruption_names_its_field_at_load(tmp_path: Path, name: str, change: tuple[str, str] | None,
                                                 field: str) -> None:
    lesson, problems = read_lesson(write(tmp_path, "lesson", change))
    assert lesson is None
    assert field in [p.field for p in problems], [str(p) for p in problems]


def test_the_checker_reports_every_problem_of_every_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for number, (name, change, _) in enumerate(CORRUPTIONS):
        write(tmp_path, f"{number:02}", change)
    (tmp_path / "99-good.toml").write_text(GOOD, encoding="utf-8")
    assert main(["check", "--no-catalogs", str(tmp_path)]) == 1
    out, err = capsys.readouterr()
    assert "Traceback" not in err and "classic: 1 lessons pass" in out
    for number, (_, _, field) in enumerate(CORRUPTIONS):
        assert f"{tmp_path / f'{number:02}.toml'}: {field}" in err


def test_one_file_with_several_problems_reports_them_all(tmp_path: Path) -> None:
    text = broken(broken(GOOD, "topic = ", "topic = []\nxtopic = "), "[position]\n", "[position]\ncolour = 1\n")
    path = tmp_path / "two.toml"
    path.write_text(text, encoding="utf-8")
    _, problems = read_lesson(path)
    assert {"topic", "xtopic", "position.colour"} <= {p.field for p in problems}


def test_the_catalog_keeps_what_loads_and_marks_the_broken(tmp_path: Path) -> None:
    (tmp_path / "a.toml").write_text(GOOD, encoding="utf-8")
    write(tmp_path, "b", ("topic = ", "topic = []\nxtopic = "))
    write(tmp_path, "c", None)
    found = lesson_catalog(tmp_path)
    assert [lesson.path.name for lesson in found.lessons] == ["a.toml"]
    assert [b.path.name for b in found.broken] == ["b.toml", "c.toml"]
    for lang in LANGUAGES:
        notices = found.notices(lang)
        assert len(notices) == 2 and all(str(tmp_path) not in n and "Error" not in n for n in notices)
    title = GOOD.split('title = "', 1)[1].split('"', 1)[0]
    assert found.notices("en")[0] == f"{title}: this lesson is unavailable, its file is damaged."
    assert found.notices("en")[1].startswith("c: ")  # an unreadable file: named by its file's stem
    assert found.notices("de")[0] != found.notices("en")[0]


# Braces the runner does not fill, and a byte-order mark

TRAPPED = (ROOT / "classic" / "02-melds-and-wilds.toml").read_text(encoding="utf-8")
BRACES = [
    ("a stray { in a step", GOOD, ("for you as for everyone", "for you { as for everyone"), "steps[0].text", "brace"),
    ("{oops} in a step", GOOD, ("for you as for everyone", "for {oops} as for everyone"), "steps[0].text", "{oops}"),
    ("{oops} in a hint", GOOD, ("Look at the top card,", "Look at the {top} card,"), "hints[0]", "{top}"),
    ("{oops} in a trap", TRAPPED, ("Discarding ends your turn,", "Discarding ends {oops} turn,"), "traps[0].text",
     "{oops}"),
    ("a stray { in a trap", TRAPPED, ("Discarding ends your turn,", "Discarding ends your turn {,"), "traps[0].text",
     "brace"),
    ("{oops} in a refusal's answer", GOOD, ("you need {pair}.", "you need {oops}."), "feedback.pile.frozen",
     "{oops} (this refusal fills: {count}, {freezer}, {pair}"),
    ("a stray { in a refusal's answer", GOOD, ("you need {pair}.", "you need {pair."), "feedback.pile.frozen",
     "stray"),
    ("a format spec", GOOD, ("you need {pair}.", "you need {pair:>9}."), "feedback.pile.frozen", "{pair:>9}"),
]


@pytest.mark.parametrize(("name", "text", "change", "field", "said"), BRACES, ids=[b[0] for b in BRACES])
def test_a_brace_the_runner_does_not_fill_is_refused(tmp_path: Path, name: str, text: str, change: tuple[str, str],
                                                     field: str, said: str) -> None:
    """A trap's, a step's or a hint's text is shown as written, and a refusal's answer is filled with that
    refusal's facts only: a stray '{' or an unknown {oops} was accepted and shown to the learner as it is."""
    path = tmp_path / "lesson.toml"
    path.write_text(broken(text, *change), encoding="utf-8")
    lesson, problems = read_lesson(path)
    assert lesson is None
    found = [str(p) for p in problems if p.field == field]
    assert found and said in found[0], [str(p) for p in problems]


def test_the_lessons_braces_are_all_filled() -> None:
    """The lessons as they are pass (the one placeholder used, {pair}, is the frozen pile's refusal's)."""
    assert main(["check", "--no-catalogs", str(ROOT / "classic")]) == 0


def test_a_translations_unknown_placeholder_is_named(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from engine.core.i18n import translations
    from tutor.lessons.catalog import check

    lesson = read_lesson(ROOT / "classic" / "09-frozen-pile.toml")[0]
    assert lesson is not None

    class Oops:
        def __init__(self, lang: str) -> None:
            self.catalog = translations(lang)

        def gettext(self, text: str) -> str:
            translated = self.catalog.gettext(text)
            return translated.replace("{pair}", "{par}") if "{pair}" in text else translated

    monkeypatch.setattr("tutor.lessons.catalog.translations", Oops)
    problems = check(lesson)
    assert any("feedback.pile.frozen: sv: unknown placeholder {par}" in p for p in problems), problems


def test_a_file_saved_with_a_byte_order_mark_loads(tmp_path: Path) -> None:
    """Some editors save UTF-8 with a byte-order mark; it was refused as "Invalid statement (at line 1,
    column 1)"."""
    path = tmp_path / "bom.toml"
    path.write_bytes(b"\xef\xbb\xbf" + GOOD.encode("utf-8"))
    lesson, problems = read_lesson(path)
    assert problems == () and lesson is not None and lesson.title.startswith(GOOD.split('title = "')[1][:10])
