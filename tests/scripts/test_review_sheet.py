"""The translator's review sheet: the entries changed since the last review beside English, or a fresh random sample."""

from __future__ import annotations

import csv
import importlib.util
import io
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest
from babel.messages.catalog import Catalog

ROOT = Path(__file__).resolve().parents[2]


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("review_sheet", ROOT / "scripts" / "review_sheet.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def _catalog(entries: dict[str | tuple[str, str], str | tuple[str, str]]) -> Catalog:
    """A key is a msgid, a (singular, plural) pair, or a ("on the", msgid) context and msgid."""
    catalog = Catalog(locale="sv")
    for key, string in entries.items():
        if isinstance(key, tuple) and key[0] == "on the":
            catalog.add(key[1], string, context=key[0])
        else:
            catalog.add(key, string)
    return catalog


def test_only_new_and_changed_entries_are_listed() -> None:
    sheet = _script()
    before = _catalog({"Draw": "Dra", "Meld": "Mäla", ("on the", "aces"): "essen",
                       ("{count} card", "{count} cards"): ("{count} kort", "{count} kort")})
    after = _catalog({"Draw": "Dra", "Meld": "Mälning", ("on the", "aces"): "essen", "Discard": "Saka",
                      ("{count} card", "{count} cards"): ("ett kort", "{count} kort")})
    rows = sheet.changes(before, after)
    assert [(r.status, r.english, r.before, r.after) for r in rows] == [
        ("changed", "Meld", "Mäla", "Mälning"),
        ("new", "Discard", "", "Saka"),
        ("changed", "[0] {count} card | [1] {count} cards", "[0] {count} kort | [1] {count} kort",
         "[0] ett kort | [1] {count} kort"),
    ]
    assert sheet.changes(after, after) == []


def test_the_sheet_against_a_revision(capsys: pytest.CaptureFixture[str]) -> None:
    sheet = _script()
    assert sheet.main(["sv", "--since", "HEAD", "--format", "csv", "-o", "-"]) == 0
    header, *rows = list(csv.reader(io.StringIO(capsys.readouterr().out)))
    assert header[:6] == ["ok", "status", "context", "English", "before", "now"]
    dirty = subprocess.run(["git", "status", "--porcelain", "--", sheet.catalog_path("sv")], cwd=ROOT,
                           capture_output=True, text=True, check=True).stdout.strip()
    assert dirty or rows == []  # nothing changed since the commit we are on
    last = sheet.last_review("sv")
    sheet.main(["sv", "--since", last, "--format", "csv", "-o", "-"])
    _, *rows = list(csv.reader(io.StringIO(capsys.readouterr().out)))
    if rows:  # since the recorded review: what changed is listed, with what the reviewer saw before
        changed = [r for r in rows if r[1] == "changed"]
        assert all(r[4] != r[5] for r in changed)
    sheet.main(["de", "--since", last, "-o", "-"])
    page = capsys.readouterr().out
    assert page.startswith("<!doctype html>") and 'type="checkbox"' in page


def test_an_unknown_revision_is_named() -> None:
    with pytest.raises(SystemExit, match="no such git revision: nonsense"):
        _script().main(["sv", "--since", "nonsense", "-o", "-"])


def test_marking_a_review_records_the_commit(tmp_path: Path) -> None:
    sheet = _script()
    reviews = tmp_path / "reviews.toml"
    reviews.write_text('[de]\nrevision = "abc"\ndate = "2026-01-01"\n', encoding="utf-8")
    dirty = subprocess.run(["git", "status", "--porcelain", "--", sheet.catalog_path("is")], cwd=ROOT,
                           capture_output=True, text=True, check=True).stdout.strip()
    if dirty:
        with pytest.raises(SystemExit, match="commit"):
            sheet.mark_reviewed("is", reviews)
        return
    head = sheet.mark_reviewed("is", reviews)
    assert sheet.last_review("is", reviews) == head and sheet.last_review("de", reviews) == "abc"


def test_a_sample_is_fresh_each_time_and_a_seed_draws_it_again(capsys: pytest.CaptureFixture[str]) -> None:
    sheet = _script()
    catalog = _catalog({f"text {i}": f"Text {i}" for i in range(500)})
    first, again = sheet.sample(catalog, 150, seed=7), sheet.sample(catalog, 150, seed=7)
    assert first == again and len(first) == 150 and len({r.english for r in first}) == 150
    assert all(r.status == "sample" and r.after == "T" + r.english[1:] for r in first)
    order = [int(r.english.split()[1]) for r in first]
    assert order == sorted(order)  # in catalog order
    assert sheet.sample(catalog, 150, seed=8) != first
    assert len(sheet.sample(catalog, 900, seed=1)) == 500
    # from the command line: two runs without a seed draw two samples; each names its seed, which draws it again
    samples = []
    for _ in range(2):
        assert sheet.main(["de", "--sample", "150", "--format", "csv", "-o", "-"]) == 0
        out = capsys.readouterr()
        _, *rows = list(csv.reader(io.StringIO(out.out)))
        samples.append((rows, int(out.err.split("seed")[1])))
    (rows_a, seed_a), (rows_b, _) = samples
    assert len(rows_a) == 150 and rows_a != rows_b
    sheet.main(["de", "--sample", "150", "--seed", str(seed_a), "--format", "csv", "-o", "-"])
    _, *again_rows = list(csv.reader(io.StringIO(capsys.readouterr().out)))
    assert again_rows == rows_a
    sheet.main(["sv", "--sample", "5", "--seed", "3", "-o", "-"])
    page = capsys.readouterr().out
    assert "seed 3" in page and "--sample 5 --seed 3" in page and page.count('type="checkbox"') == 5


def test_a_seed_needs_a_sample() -> None:
    with pytest.raises(SystemExit):
        _script().main(["sv", "--seed", "3", "-o", "-"])
