"""The app's shape: its modules import one another one way only, and its packages stand bottom to
top: the shell at the top, the store, the lessons and the engine below (docs/README.md).

Every import counts, under ``if TYPE_CHECKING:`` and inside functions too (tests/structure.py).
"""

from __future__ import annotations

from tests.structure import ROOT, cycles, describe, package_graph, upward_imports

# bottom first: a package imports only those before it; "top" is the command line (tutor/__main__.py)
LAYERS = ("serving", "text", "lessons", "table", "store", "tables", "views", "classroom", "shell", "top")


def test_the_app_has_no_import_cycle() -> None:
    graph, _ = package_graph(ROOT / "tutor")
    assert len(graph) > 40  # every module was found
    found = [describe(graph, c) for c in cycles(graph)]
    assert not found, "import cycles in the app:\n" + "\n".join(found)


def test_the_apps_packages_import_downward_only() -> None:
    graph, _ = package_graph(ROOT / "tutor")
    found = upward_imports(graph, LAYERS)
    assert not found, "imports against the app's layers:\n" + "\n".join(found)


def test_every_module_belongs_to_a_package_but_the_entry() -> None:
    graph, _ = package_graph(ROOT / "tutor")
    loose = sorted(m for m in graph if m.count(".") >= 1 and m.split(".")[1] not in LAYERS and m != "tutor.__main__")
    assert not loose, f"modules outside the app's packages: {loose}"


def test_the_engine_never_imports_the_app() -> None:
    _, outside = package_graph(ROOT / "engine")
    found = [f"{module} imports {name}" for module, names in outside.items() for name, _ in names
             if name.split(".")[0] == "tutor"]
    assert not found
