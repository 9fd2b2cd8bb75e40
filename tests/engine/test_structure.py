"""The engine's shape: its modules import one another one way only, and nothing but the standard library.

Every import statement counts, wherever it stands: at the top of a module, under ``if
TYPE_CHECKING:``, or inside a function (an import moved into a function still makes the two
modules need each other). With no cycle, a reader can start at the bottom (cards, the input
errors) and read upward, each module needing only those below it.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator, Mapping
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "engine"
Graph = Mapping[str, Mapping[str, int]]  # module -> {module it imports: the line of one such import}


def _module_name(path: Path, root: Path) -> str:
    parts = path.relative_to(root.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path, root: Path) -> Iterator[tuple[str, int]]:
    """Every module ``path`` imports (absolute names), with its line; ``from engine import x``
    counts as importing ``engine.x`` where that is a module."""
    name = _module_name(path, root)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, node.lineno
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            yield module, node.lineno
            for alias in node.names:
                yield f"{module}.{alias.name}", node.lineno


def engine_graph(root: Path = ENGINE) -> tuple[Graph, dict[str, list[tuple[str, int]]]]:
    """The engine's modules and what each imports of the engine; and, apart, what each imports
    from outside it."""
    paths = {_module_name(p, root): p for p in sorted(root.rglob("*.py"))}
    graph: dict[str, dict[str, int]] = {}
    outside: dict[str, list[tuple[str, int]]] = {}
    for name, path in paths.items():
        edges = graph.setdefault(name, {})
        for module, line in _imports(path, root):
            top = module.split(".")[0]
            if top == "engine":
                if module in paths and module != name and module != "engine":
                    edges.setdefault(module, line)
            elif module:
                outside.setdefault(name, []).append((module, line))
    return graph, outside


def cycles(graph: Graph) -> list[list[str]]:
    """One cycle through each group of modules that import one another (strongly connected
    components, Tarjan's algorithm), as a path that starts and ends at the same module."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[set[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in graph.get(node, {}):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = set()
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.add(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(group)

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return [_path_within(graph, group) for group in groups]


def _path_within(graph: Graph, group: set[str]) -> list[str]:
    """A shortest cycle through the group's first module, by breadth-first search."""
    start = min(group)
    came_from: dict[str, str] = {}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for nxt in sorted(graph.get(node, {})):
                if nxt == start:
                    path = [node]
                    while path[-1] != start:
                        path.append(came_from[path[-1]])
                    return [start, *reversed(path[:-1]), start] if node != start else [start, start]
                if nxt in group and nxt not in came_from:
                    came_from[nxt] = node
                    following.append(nxt)
        frontier = following
    raise AssertionError(f"no cycle through {start}")  # pragma: no cover: a group is strongly connected


def _describe(graph: Graph, cycle: list[str]) -> str:
    steps = [f"{a} -> {b} (line {graph[a][b]})" for a, b in zip(cycle, cycle[1:])]
    return " -> ".join(cycle) + ": " + "; ".join(steps)


def test_the_engine_has_no_import_cycle() -> None:
    graph, _ = engine_graph()
    assert len(graph) > 30  # every module was found
    found = [_describe(graph, c) for c in cycles(graph)]
    assert not found, "import cycles in the engine:\n" + "\n".join(found)


def test_the_engine_imports_only_the_standard_library() -> None:
    _, outside = engine_graph()
    allowed = set(sys.stdlib_module_names) | {"__future__"}
    foreign = [f"{module} imports {name} (line {line})" for module, names in sorted(outside.items())
               for name, line in names if name.split(".")[0] not in allowed]
    assert not foreign, "the engine imports outside the standard library:\n" + "\n".join(foreign)


def test_cycles_are_found_and_named(tmp_path: Path) -> None:
    """The checks above can fail: a planted cycle, hidden in a function, is found and named."""
    package = tmp_path / "engine"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "low.py").write_text("import json\n\ndef f():\n    from engine.high import g\n    return g\n")
    (package / "high.py").write_text("from engine import low\nimport numpy\n")
    (package / "alone.py").write_text("from . import low\n")
    graph, outside = engine_graph(package)
    assert graph["engine.alone"] == {"engine.low": 1}
    found = cycles(graph)
    assert found == [["engine.high", "engine.low", "engine.high"]]
    assert _describe(graph, found[0]) == ("engine.high -> engine.low -> engine.high: "
                                          "engine.high -> engine.low (line 1); engine.low -> engine.high (line 4)")
    assert ("numpy", 2) in outside["engine.high"]
