"""The package's shape: no import cycles (lazy imports count), no upward imports, one place that
names the game systems.

Imports are read from the source (every ``import`` and ``from ... import`` anywhere in a module,
inside functions too; only those under ``if TYPE_CHECKING:`` are left out, as they never run).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from armybuilder import systems

PKG = Path(__file__).resolve().parents[2] / "armybuilder"

# Layers, lowest first: a module imports only from its own layer or below. A game system's folder
# is its own layer: it sees the library below it, never the commands above it nor another system.
LAYERS: list[tuple[str, tuple[str, ...]]] = [
    (
        "core",
        (
            "armybuilder",
            "armybuilder.text",
            "armybuilder.csvcells",  # every CSV cell written through one guard: never a formula
            "armybuilder.digits",  # numbers from a request or a typed word bounded before they are parsed
            "armybuilder.lazyre",  # a dependency's slow regular expressions, compiled when first used
            "armybuilder.outcome",
            "armybuilder.suggest",
            "armybuilder.findings",
            "armybuilder.yamlio",
            "armybuilder.cache",
            "armybuilder.codes",
            "armybuilder.resources",
            "armybuilder.fsutil",
            "armybuilder.schema",
            "armybuilder.fingerprint",
            "armybuilder.share",  # the share code: a list as one line of text, and back
            "armybuilder.boxed",  # the boxed tables of cost, and plain tables fitted to a terminal
        ),
    ),
    (
        "engine",
        (
            "armybuilder.systems",
            "armybuilder.check",
            "armybuilder.reporters",
            "armybuilder.compose",
            "armybuilder.compose.parts",
            "armybuilder.compose.base",
            "armybuilder.compose.catalog",
            "armybuilder.compose.board",  # what a system's builder board declares (rows, controls, catalog)
            "armybuilder.compose.builder",  # a list's check and its system's board
            "armybuilder.cli_io",
        ),
    ),
    ("system", ("armybuilder.systems.*",)),
    (
        "commands",
        (
            "armybuilder.events",
            "armybuilder.rulebook",
            "armybuilder.app",
            "armybuilder.tournament",
            "armybuilder.collect",  # armybuilder collect: an event's submission desk (storage, rules, export)
            "armybuilder.diff",
            "armybuilder.verify",
            "armybuilder.schemafiles",  # armybuilder schemas: the published JSON Schemas, listed or written
            "armybuilder.sharing",  # armybuilder share and armybuilder import
            "armybuilder.export",
            "armybuilder.export.text",  # export --to text: the plain-text roster
            "armybuilder.export.appendix",  # export --with-rules: what a list uses, from the catalog
            "armybuilder.compose.edit",
            "armybuilder.compose.complete",
            "armybuilder.compose.grammar",
            "armybuilder.history",  # undo and redo of the builder's changes, kept beside a list
            "armybuilder.web",  # armybuilder serve: the browser builder, over the commands above
            "armybuilder.site",  # armybuilder site: the builder as a static site (web/ run in Pyodide)
        ),
    ),
    ("cli", ("armybuilder.cli", "armybuilder.cli_lazy", "armybuilder.__main__")),
]


def module_name(path: Path) -> str:
    rel = path.relative_to(PKG.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {module_name(p): p for p in sorted(PKG.rglob("*.py"))}


def _is_type_checking(node: ast.If) -> bool:
    t = node.test
    return (isinstance(t, ast.Name) and t.id == "TYPE_CHECKING") or (
        isinstance(t, ast.Attribute) and t.attr == "TYPE_CHECKING"
    )


def imports(name: str) -> set[str]:
    """The armybuilder modules a module imports (anywhere in it but under TYPE_CHECKING)."""
    path = MODULES[name]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            for a in node.names:
                out.add(a.name)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            for a in node.names:
                sub = f"{target}.{a.name}"
                out.add(sub if sub in MODULES else target)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return {m for m in out if m in MODULES and m != name}


GRAPH = {name: imports(name) for name in MODULES}


def test_the_graph_sees_lazy_imports():
    """The reader must see imports inside functions, or the cycle test would prove nothing."""
    assert "armybuilder.app" in GRAPH["armybuilder.cli"]  # imported inside the command functions
    assert "armybuilder.check" in GRAPH["armybuilder.app"]


def test_no_import_cycles():
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    cycles: list[list[str]] = []

    def strong(v: str) -> None:  # Tarjan's strongly connected components
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(GRAPH[v]):
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                cycles.append(sorted(group))

    for v in sorted(GRAPH):
        if v not in index:
            strong(v)
    assert cycles == []


def layer(name: str) -> int:
    """The layer of the longest LAYERS entry that is the module or a package holding it."""
    best, size = None, -1
    for i, (_, members) in enumerate(LAYERS):
        for m in members:
            prefix = m[:-1] if m.endswith(".*") else m + "."
            holds = name.startswith(prefix) and m != "armybuilder"  # the top package holds only itself
            if (name == m or holds) and len(m) > size:
                best, size = i, len(m)
    assert best is not None, f"{name} is in no layer: add it to LAYERS"
    return best


def system_of(name: str) -> str | None:
    parts = name.split(".")
    return ".".join(parts[:3]) if len(parts) >= 3 and parts[1] == "systems" else None


@pytest.mark.parametrize("name", sorted(MODULES))
def test_no_upward_imports(name):
    mine = layer(name)
    for dep in sorted(GRAPH[name]):
        assert layer(dep) <= mine, f"{name} ({LAYERS[mine][0]}) imports {dep} ({LAYERS[layer(dep)][0]})"
        if system_of(name) and system_of(dep):
            assert system_of(name) == system_of(dep), f"{name} imports another system's module {dep}"


def test_only_the_registry_names_a_system():
    """Outside its own folder no module names a game system's id or package (the registry aside)."""
    words = set()
    for system_id, package in systems.REGISTRY.items():
        words |= {system_id, package, package.rsplit(".", 1)[1]}
    offenders = {}
    for name, path in MODULES.items():
        if system_of(name) or name == "armybuilder.systems":
            continue
        text = path.read_text(encoding="utf-8")
        hits = sorted(w for w in words if w in text)
        if hits:
            offenders[name] = hits
    assert offenders == {}
