"""A package's shape read from its imports: the graph of its modules, the cycles in it, and the
imports that point from a lower package to a higher one (tests/engine/test_structure.py and
tests/tutor/test_structure.py).

Every import statement counts, wherever it stands: at the top of a module, under ``if
TYPE_CHECKING:``, or inside a function (an import moved into a function still makes the two
modules need each other).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
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


def package_graph(root: Path) -> tuple[Graph, dict[str, list[tuple[str, int]]]]:
    """The package's modules and what each imports of the package; and, apart, what each imports
    from outside it."""
    paths = {_module_name(p, root): p for p in sorted(root.rglob("*.py"))}
    graph: dict[str, dict[str, int]] = {}
    outside: dict[str, list[tuple[str, int]]] = {}
    for name, path in paths.items():
        edges = graph.setdefault(name, {})
        for module, line in _imports(path, root):
            top = module.split(".")[0]
            if top == root.name:
                if module in paths and module != name and module != root.name:
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


def describe(graph: Graph, cycle: list[str]) -> str:
    steps = [f"{a} -> {b} (line {graph[a][b]})" for a, b in zip(cycle, cycle[1:])]
    return " -> ".join(cycle) + ": " + "; ".join(steps)


def layer_of(module: str, layers: Sequence[str]) -> str:
    """The sub-package a module belongs to (``engine.core.cards`` -> ``core``); a module at the
    package's top level belongs to the layer ``"top"``."""
    parts = module.split(".")
    return parts[1] if len(parts) >= 2 and parts[1] in layers else "top"


def upward_imports(graph: Graph, layers: Sequence[str]) -> list[str]:
    """Each import from a sub-package to one at or after its place in ``layers`` (bottom first),
    named with its line: arrows between packages point one way, down."""
    rank = {layer: i for i, layer in enumerate(layers)}
    found = []
    for module, edges in sorted(graph.items()):
        here = layer_of(module, layers)
        for target, line in sorted(edges.items()):
            there = layer_of(target, layers)
            if here != there and rank[there] > rank[here]:
                found.append(f"{module} (line {line}) imports {target}: {here} is below {there}")
    return found
