"""The package's shape: no import cycles (lazy and type-only imports count), no upward imports, one
place that names the game systems.

Imports are read from the source: every ``import`` and ``from ... import`` anywhere in a module,
inside functions and under ``if TYPE_CHECKING:`` too. A type-only import never runs, but a module
that names another's types for its own stands on it: a result type is defined at or below the
layer that renders it, so each layer can be read on its own.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from armybuilder import systems

PKG = Path(__file__).resolve().parents[2] / "armybuilder"

# Layers, lowest first: a module imports only from its own layer or below. A layer is read from
# the module's path: a folder is one family or face, on one layer; the flat modules at the top are
# the core, and the few named in ENGINE are the engine's own. A game system's folder is its own
# layer: it sees the library below it, never the commands above it nor another system.
CORE_FLAT = "armybuilder.*"  # a flat module of the top package: the core
ENGINE = (
    "armybuilder.check",
    "armybuilder.history",
    "armybuilder.lists",
    "armybuilder.rulebook",
    "armybuilder.sources",
)
LAYERS: list[tuple[str, tuple[str, ...]]] = [
    ("core", ("armybuilder", CORE_FLAT)),
    ("contract", ("armybuilder.compose", "armybuilder.compose.*", "armybuilder.systems")),
    (
        "engine",
        (
            *ENGINE,
            "armybuilder.edit.*",
            "armybuilder.events.*",
            "armybuilder.export.*",
            "armybuilder.reporters.*",
            "armybuilder.desk.*",
            "armybuilder.games.*",
        ),
    ),
    ("system", ("armybuilder.systems.*",)),
    ("commands", ("armybuilder.commands.*",)),
    ("web", ("armybuilder.web.*",)),
    # a system's own commands (``MANIFEST.commands``) are registered on the command line
    ("cli", ("armybuilder.cli.*", "armybuilder.__main__", "armybuilder.systems.*.cli")),
]

# Imports that still run up a layer, each to be removed by a step of the layout redesign (issue
# 44); the test fails on any other, and on one of these that is gone (so the list only shrinks).
PENDING: set[tuple[str, str]] = set()

# Imports of one command family by another, each still waiting for its step of the redesign (issue
# 44); the test fails on any other, and on one of these that is gone (so the list only shrinks).
COMMANDS_PENDING: set[tuple[str, str]] = set()


# Import loops (type-only imports counted) still waiting for their step of the redesign (issue 44),
# each the sorted names of one loop; the test fails on any other, and on one of these that is gone
# (so the list only shrinks).
PENDING_CYCLES: list[list[str]] = []


def module_name(path: Path) -> str:
    rel = path.relative_to(PKG.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {module_name(p): p for p in sorted(PKG.rglob("*.py"))}


def imports(name: str) -> set[str]:
    """The armybuilder modules a module imports (anywhere in it, under TYPE_CHECKING too)."""
    path = MODULES[name]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()

    def visit(node: ast.AST) -> None:
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
    """The reader must see imports inside functions and type-only ones, or the cycle test would
    prove nothing."""
    assert "armybuilder.commands.validate" in GRAPH["armybuilder.cli"]  # imported inside the command functions
    assert "armybuilder.check" in GRAPH["armybuilder.commands.validate"]
    assert "armybuilder.events.requirements" in GRAPH["armybuilder.events.rules._base"]  # under TYPE_CHECKING only


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
    assert sorted(cycles) == sorted(PENDING_CYCLES)


def _holds(member: str, name: str) -> int:
    """How closely a LAYERS entry holds a module: -1 not at all, else the entry's specificity."""
    if member == name:
        return 1000 + len(member)
    if member == CORE_FLAT:
        return 0 if name.count(".") == 1 else -1
    if ".*." in member:  # armybuilder.systems.*.cli: a module of that name in any system
        head, _, tail = member.partition(".*.")
        parts = name.split(".")
        return len(member) if len(parts) == 4 and name.startswith(head + ".") and parts[3] == tail else -1
    if member.endswith(".*"):
        prefix = member[:-1]
        return len(member) if name == prefix[:-1] or name.startswith(prefix) else -1
    return -1


def layer(name: str) -> int:
    """The layer of the LAYERS entry that holds the module most closely."""
    best, size = None, -1
    for i, (_, members) in enumerate(LAYERS):
        for m in members:
            held = _holds(m, name)
            if held > size:
                best, size = i, held
    assert best is not None, f"{name} is in no layer: add it to LAYERS"
    return best


def system_of(name: str) -> str | None:
    parts = name.split(".")
    return ".".join(parts[:3]) if len(parts) >= 3 and parts[1] == "systems" else None


def upward() -> set[tuple[str, str]]:
    return {(name, dep) for name in MODULES for dep in GRAPH[name] if layer(dep) > layer(name)}


@pytest.mark.parametrize("name", sorted(MODULES))
def test_no_upward_imports(name):
    mine = layer(name)
    for dep in sorted(GRAPH[name]):
        if (name, dep) in PENDING:
            continue
        assert layer(dep) <= mine, f"{name} ({LAYERS[mine][0]}) imports {dep} ({LAYERS[layer(dep)][0]})"
        if system_of(name) and system_of(dep):
            assert system_of(name) == system_of(dep), f"{name} imports another system's module {dep}"


def test_pending_upward_imports_only_shrink():
    """Each import still waiting for its step of the redesign is still there: a step that removes
    one removes it from PENDING too."""
    assert sorted(PENDING - upward()) == []


def command_family(name: str) -> str | None:
    """The command family a module of ``commands/`` belongs to: the first name under ``commands/``
    (a family may be a package of modules); None for any other module."""
    parts = name.split(".")
    return parts[2] if len(parts) > 2 and parts[1] == "commands" else None


def across_commands() -> set[tuple[str, str]]:
    return {
        (name, dep)
        for name in MODULES
        for dep in GRAPH[name]
        if command_family(name) and command_family(dep) and command_family(name) != command_family(dep)
    }


def test_no_command_imports_another():
    """No module of commands/ imports another command family's: what two commands share is a
    family of the engine below them."""
    assert sorted(across_commands() - COMMANDS_PENDING) == []


def test_pending_command_imports_only_shrink():
    assert sorted(COMMANDS_PENDING - across_commands()) == []


def test_layers_are_read_from_folders():
    """Every module's layer follows from its path: the flat top-level modules are the core (but the
    engine's few), and each folder sits on one layer."""
    assert layer("armybuilder.text") == 0
    assert LAYERS[layer("armybuilder.check")][0] == "engine"
    assert LAYERS[layer("armybuilder.systems")][0] == "contract"
    assert LAYERS[layer("armybuilder.systems.toy.model")][0] == "system"
    assert LAYERS[layer("armybuilder.systems.toy.cli")][0] == "cli"
    assert LAYERS[layer("armybuilder.web.desk.pages")][0] == "web"
    folders: dict[str, set[str]] = {}
    for name in MODULES:
        if system_of(name):
            continue
        parts = name.split(".")
        if len(parts) > 2 or (MODULES[name].name == "__init__.py" and len(parts) > 1):
            folders.setdefault(parts[1], set()).add(LAYERS[layer(name)][0])
    assert {f: sorted(ls) for f, ls in folders.items() if len(ls) > 1} == {}


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
