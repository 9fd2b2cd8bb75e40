"""scripts/i18n.py correct: a corrections file changes an entry only while it reads as it did."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[2]


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("i18n_script", ROOT / "scripts" / "i18n.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def _string(catalog: Catalog, msgid: str, context: str | None = None) -> str | tuple[str, ...] | list[str] | None:
    message = catalog.get(msgid, context)
    assert message is not None, msgid
    return message.string


def test_corrections_apply_only_to_what_they_were_written_against(tmp_path: Path) -> None:
    script = _script()
    setattr(script, "LOCALES", tmp_path)  # the script reads its catalogs from there
    po = tmp_path / "de" / "LC_MESSAGES" / "canasta.po"
    po.parent.mkdir(parents=True)
    catalog = Catalog(locale="de")
    catalog.add("Drawing cards", "Karten ziehen", context="Classic Canasta section")
    catalog.add("Your side: {names}", "Eure Seite: {names}")
    catalog.add(("{count} card", "{count} cards"), ("{count} Karte", "{count} Karten"))
    catalog.add("Meld", "Melden (fixed by someone since)")
    with po.open("wb") as handle:
        write_po(handle, catalog, width=100)
    corrections = tmp_path / "corrections.toml"
    corrections.write_text('''
[[correction]]
lang = "de"
context = "Classic Canasta section"
msgid = "Drawing cards"
was = ["Karten ziehen"]
now = ["Karten kaufen"]

[[correction]]
lang = "de"
msgid = "{count} card"
was = ["{count} Karte", "{count} Karten"]
now = ["eine Karte", "{count} Karten"]

[[correction]]
lang = "de"
msgid = "Meld"
was = ["Melden"]
now = ["Meldung"]

[[correction]]
lang = "de"
msgid = "Not there"
was = ["x"]
now = ["y"]
''', encoding="utf-8")
    report = script.correct(corrections)
    assert [line.rsplit(": ", 1)[1] for line in report] == ["corrected", "corrected", "changed since, skipped",
                                                            "not in the catalog, skipped"]
    with po.open("rb") as handle:
        result = read_po(handle, locale="de")
    assert _string(result, "Drawing cards", "Classic Canasta section") == "Karten kaufen"
    assert _string(result, "{count} card") == ("eine Karte", "{count} Karten")
    assert _string(result, "Meld") == "Melden (fixed by someone since)"
    assert _string(result, "Your side: {names}") == "Eure Seite: {names}"
    assert all(line.endswith("already corrected") for line in script.correct(corrections)[:2])


def test_the_corrections_file_is_well_formed() -> None:
    import tomllib

    items = tomllib.loads((ROOT / "locales" / "corrections.toml").read_text(encoding="utf-8"))["correction"]
    assert items and all(item["lang"] in ("sv", "de", "is") and item["was"] and item["now"] for item in items)
    assert all(len(item["was"]) == len(item["now"]) for item in items)
