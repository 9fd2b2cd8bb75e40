"""The engine's shape: its modules import one another one way only, its packages stand bottom to
top, and it imports nothing but the standard library.

With no cycle, a reader can start at the bottom (``engine.core``: cards, the input errors) and read
upward, each module needing only those below it (docs/engine.md).
"""

from __future__ import annotations

import sys
from pathlib import Path

from tests.structure import ROOT, cycles, describe, package_graph, upward_imports

# bottom first: a package imports only those before it; "top" is position, describe and the command line
LAYERS = ("core", "judge", "variants", "ruledocs", "hints", "bots", "top")


def test_the_engine_has_no_import_cycle() -> None:
    graph, _ = package_graph(ROOT / "engine")
    assert len(graph) > 30  # every module was found
    found = [describe(graph, c) for c in cycles(graph)]
    assert not found, "import cycles in the engine:\n" + "\n".join(found)


def test_the_engines_packages_import_downward_only() -> None:
    graph, _ = package_graph(ROOT / "engine")
    found = upward_imports(graph, LAYERS)
    assert not found, "imports against the engine's layers:\n" + "\n".join(found)


def test_the_engine_imports_only_the_standard_library() -> None:
    _, outside = package_graph(ROOT / "engine")
    allowed = set(sys.stdlib_module_names) | {"__future__"}
    foreign = [f"{module} imports {name} (line {line})" for module, names in sorted(outside.items())
               for name, line in names if name.split(".")[0] not in allowed]
    assert not foreign, "the engine imports outside the standard library:\n" + "\n".join(foreign)


def test_cycles_and_upward_imports_are_found_and_named(tmp_path: Path) -> None:
    """The checks above can fail: a planted cycle, hidden in a function, is found and named, and so
    is an import from a lower package to a higher one."""
    package = tmp_path / "engine"
    (package / "core").mkdir(parents=True)
    (package / "bots").mkdir()
    for init in (package / "__init__.py", package / "core" / "__init__.py", package / "bots" / "__init__.py"):
        init.write_text("")
    (package / "low.py").write_text("import json\n\ndef f():\n    from engine.high import g\n    return g\n")
    (package / "high.py").write_text("from engine import low\nimport numpy\n")
    (package / "alone.py").write_text("from . import low\n")
    (package / "core" / "cards.py").write_text("from engine.bots import play\n")
    (package / "bots" / "play.py").write_text("from engine.core.cards import x\n")
    graph, outside = package_graph(package)
    assert graph["engine.alone"] == {"engine.low": 1}
    found = cycles(graph)
    assert ["engine.high", "engine.low", "engine.high"] in found
    assert describe(graph, ["engine.high", "engine.low", "engine.high"]) == (
        "engine.high -> engine.low -> engine.high: "
        "engine.high -> engine.low (line 1); engine.low -> engine.high (line 4)")
    assert ("numpy", 2) in outside["engine.high"]
    assert upward_imports(graph, LAYERS) == [
        "engine.core.cards (line 1) imports engine.bots: core is below bots",
        "engine.core.cards (line 1) imports engine.bots.play: core is below bots"]
