"""The docs as a reader meets them: every ``docs/NAME.md`` the code, the tests, the benches and the
deployment cite exists, and a section cited by its heading (``docs/app.md, "Measured"``) is one of its
headings; the docs describe what is (no numbered rounds of work) and send no reader outside the
repository; each stays short enough to read in one sitting."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CITED = re.compile(r"docs/([a-z-]+)\.md`?(?:,\s*|\s*\(|\s*§\s*)\"([^\"\n]{3,80})\"")
PLAIN = re.compile(r"docs/([a-z-]+)\.md")
ROUNDS = re.compile(r"\bsession [0-9]+|\bround [0-9]+ of", re.IGNORECASE)
SOURCES = (".py", ".sh", ".service", ".cfg", ".toml", ".md", "")


def _tracked() -> list[Path]:
    names = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    return [ROOT / n for n in names.split() if Path(n).suffix in SOURCES and (ROOT / n).is_file()
            and not n.startswith(("lessons/", "locales/"))]


def _headings(doc: str) -> list[str]:
    text = (ROOT / "docs" / f"{doc}.md").read_text(encoding="utf-8")
    return [line.lstrip("#").strip() for line in text.splitlines() if line.startswith("#")]


def test_every_cited_doc_and_section_exists() -> None:
    missing = []
    for path in _tracked():
        text = path.read_text(encoding="utf-8", errors="replace")
        for doc in set(PLAIN.findall(text)):
            if not (ROOT / "docs" / f"{doc}.md").exists():
                missing.append(f"{path.relative_to(ROOT)}: docs/{doc}.md does not exist")
        for doc, section in CITED.findall(text):
            if (ROOT / "docs" / f"{doc}.md").exists() and not any(h.startswith(section) for h in _headings(doc)):
                missing.append(f"{path.relative_to(ROOT)}: docs/{doc}.md has no section {section!r}")
    assert not missing, "\n".join(sorted(missing))


def test_nothing_cites_numbered_rounds_of_work() -> None:
    found = [f"{p.relative_to(ROOT)}:{i}" for p in _tracked()
             for i, line in enumerate(p.read_text(encoding="utf-8", errors="replace").splitlines(), 1)
             if ROUNDS.search(line)]
    assert not found, found


def test_no_reader_is_sent_outside_the_repository() -> None:
    found = [str(p.relative_to(ROOT)) for p in [*ROOT.glob("docs/*.md"), ROOT / "README.md"]
             if "../shared" in p.read_text(encoding="utf-8")]
    assert not found, found


def test_each_doc_reads_in_one_sitting() -> None:
    long = {p.name: n for p in ROOT.glob("docs/*.md") if (n := len(p.read_text(encoding="utf-8").splitlines())) > 350}
    assert not long, long


def test_the_checks_catch_a_wrong_citation() -> None:
    assert CITED.findall('see docs/app.md, "Measured" and docs/serving.md ("Serving a class safely").') == [
        ("app", "Measured"), ("serving", "Serving a class safely")]
    assert "Measured (`bench/app_bench.py`, the 2-core machine, headless Chromium with software rendering)" in \
        _headings("app")
    numbered = "as measured in session " + str(12)  # built, so that this file cites no round of work itself
    assert ROUNDS.search(numbered) and not ROUNDS.search("a session's events")
