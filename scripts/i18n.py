"""The translator's workflow in one place (docs/translating.md): extract, update, compile.

    python scripts/i18n.py extract   # texts from code and lessons -> locales/canasta.pot
    python scripts/i18n.py update    # the template into every language's catalog (English filled in)
    python scripts/i18n.py compile   # every catalog -> its .mo (run by the set-up and test commands)
    python scripts/i18n.py correct FILE   # set translations listed in FILE (locales/corrections.toml)
"""

from __future__ import annotations

import os
import sys
import tomllib
from pathlib import Path
from typing import Any

from babel.messages.frontend import CommandLineInterface
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
LOCALES = ROOT / "locales"
TEMPLATE = LOCALES / "canasta.pot"
DOMAIN = "canasta"
LANGUAGES = ("en", "sv", "de", "is")
KEYWORDS = ("N_", "NP_:1,2", "NC_:1c,2")


def _pybabel(*args: str) -> None:
    CommandLineInterface().run(["pybabel", "--quiet", *args])


def extract(output: Path = TEMPLATE) -> None:
    """Run from the project's top folder (locations are relative to it)."""
    output.parent.mkdir(parents=True, exist_ok=True)
    keyword_args = [arg for keyword in KEYWORDS for arg in ("-k", keyword)]
    _pybabel(
        "extract", "-F", str(ROOT / "babel.cfg"), "--no-default-keywords", *keyword_args,
        "--add-comments", "TRANSLATORS:", "--sort-by-file", "--omit-header",
        "--project", "canasta-tutor", "-o", str(output), ".",
    )


def catalog_path(lang: str) -> Path:
    return LOCALES / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def update() -> None:
    for lang in LANGUAGES:
        path = catalog_path(lang)
        if not path.exists():
            _pybabel("init", "-i", str(TEMPLATE), "-d", str(LOCALES), "-D", DOMAIN, "-l", lang)
        else:
            _pybabel("update", "-i", str(TEMPLATE), "-d", str(LOCALES), "-D", DOMAIN, "-l", lang,
                     "--no-fuzzy-matching", "--ignore-obsolete")
    for lang in LANGUAGES:
        _tidy(lang)


def _tidy(lang: str) -> None:
    """Set the header, and fill the English catalog: English is the source language, so its
    catalog repeats every msgid and no entry is empty."""
    path = catalog_path(lang)
    with path.open("rb") as handle:
        catalog = read_po(handle, locale=lang)
    catalog.project = "canasta-tutor"
    catalog.version = "0.1"
    catalog.copyright_holder = "the canasta-tutor authors"
    catalog.msgid_bugs_address = ""
    catalog.last_translator = "the canasta-tutor authors"
    catalog.language_team = f"{lang} <translators of canasta-tutor>"
    catalog.header_comment = (
        f"# {lang} messages of canasta-tutor: see docs/translating.md.\n"
        "# The game's terms come from the seed texts: locales/glossary.toml.\n"
    )
    if lang == "en":
        for message in catalog:
            if message.id:
                message.string = tuple(message.id) if isinstance(message.id, tuple) else message.id
                message.flags.discard("fuzzy")
    with path.open("wb") as handle:
        write_po(handle, catalog, width=100)


def compile_all() -> None:
    for lang in LANGUAGES:
        po = catalog_path(lang)
        _pybabel("compile", "-i", str(po), "-o", str(po.with_suffix(".mo")), "-l", lang, "-D", DOMAIN)


def correct(path: Path) -> list[str]:
    """Set the translations a corrections file lists (``[[correction]]``: lang, optional context,
    msgid, ``was`` and ``now``, each a list of plural forms). An entry is changed only while it still
    reads as ``was``, so a file written against one version never undoes a later fix; what is
    skipped is said. Returns the report, one line per correction."""
    corrections = tomllib.loads(path.read_text(encoding="utf-8")).get("correction", [])
    report = []
    by_lang: dict[str, list[dict[str, Any]]] = {}  # as TOML gives them
    for item in corrections:
        by_lang.setdefault(str(item["lang"]), []).append(item)
    for lang, items in by_lang.items():
        po = catalog_path(lang)
        with po.open("rb") as handle:
            catalog = read_po(handle, locale=lang)
        changed = False
        for item in items:
            message = catalog.get(str(item["msgid"]), item.get("context"))
            label = f"{lang}: {str(item['msgid'])[:60]!r}"
            if message is None:
                report.append(f"{label}: not in the catalog, skipped")
                continue
            now = list(message.string) if isinstance(message.string, tuple) else [message.string]
            if now == list(item["now"]):
                report.append(f"{label}: already corrected")
            elif now != list(item["was"]):
                report.append(f"{label}: changed since, skipped")
            else:
                new = list(item["now"])
                message.string = tuple(new) if isinstance(message.id, tuple) else new[0]
                changed = True
                report.append(f"{label}: corrected")
        if changed:
            with po.open("wb") as handle:
                write_po(handle, catalog, width=100)
    return report


COMMANDS = {"extract": extract, "update": update, "compile": compile_all}

if __name__ == "__main__":
    os.chdir(ROOT)  # locations in the template are relative to the project
    if len(sys.argv) == 3 and sys.argv[1] == "correct":
        print("\n".join(correct(Path(sys.argv[2]).resolve())))
        sys.exit(0)
    if len(sys.argv) != 2 or sys.argv[1] not in COMMANDS:
        sys.exit(__doc__)
    COMMANDS[sys.argv[1]]()
