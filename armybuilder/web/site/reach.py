"""The armybuilder modules the static site's worker can import: the ones its zip carries.

Worked out from the source when the site is built, never listed by hand, so a module that moves
is followed. It starts from

- the worker, :mod:`armybuilder.web.site.worker` (``worker.js`` imports it, and nothing else);
- every module of each built-in game (a game's modules are imported by name:
  :meth:`armybuilder.systems.Manifest.module`), but the ones its manifest names in ``commands``:
  they add commands to the command line, which the site has not;
- the modules of the installed game packages the site bundles (their own files go in whole);

and adds, until nothing is new:

- every module an ``import`` names, anywhere in a module (inside functions too), but under
  ``if TYPE_CHECKING:``, which never runs;
- every module a string names (``"armybuilder.export.pdf"``): the tables that
  ``importlib.import_module`` reads (the game registry, the export and report formats);
- every package above a module (importing a module runs its packages' ``__init__``).

What is left out is what the site never runs: the command line, ``serve``'s server, the desk, the
site's own build, the commands the builder does not call. ``tests/web/site/test_site_build.py``
drives the worker from the zip and checks that it imported nothing the zip does not hold.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Mapping
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2]  # armybuilder/
WORKER = "armybuilder.web.site.worker"


def module_name(relative: str) -> str:
    """``web/site/worker.py`` in armybuilder/ -> ``armybuilder.web.site.worker``."""
    parts = ["armybuilder", *relative.removesuffix(".py").split("/")]
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def named(source: bytes, name: str, is_package: bool) -> set[str]:
    """Every dotted name a module's source imports, or holds as a plain string (what it may
    import by name); ``name`` is the module's own, for its relative imports."""
    tree = ast.parse(source)
    package = name if is_package else name.rpartition(".")[0]
    out: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node):
            for branch in node.orelse:
                visit(branch)
            return
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            out.add(target)
            out.update(f"{target}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.isascii():
            out.add(node.value)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return out


def modules(package: Path = PACKAGE) -> dict[str, Path]:
    """Every module of armybuilder, by name."""
    return {
        module_name(path.relative_to(package).as_posix()): path
        for path in sorted(package.rglob("*.py"))
        if "__pycache__" not in path.parts
    }


def _games() -> tuple[set[str], set[str]]:
    """The built-in games' packages, and the modules their manifests name in ``commands``."""
    from armybuilder import systems

    commands = {m for system_id in systems.REGISTRY for m in systems.manifest(system_id).commands}
    return set(systems.REGISTRY.values()), commands


def reached(bundled: Mapping[str, bytes] | None = None, package: Path = PACKAGE) -> set[str]:
    """The names of the armybuilder modules the worker can import; ``bundled`` the files of the
    installed game packages the site carries (their path in the zip, their bytes)."""
    found = modules(package)
    games, commands = _games()
    todo = [WORKER, *(m for m in found if any(m == g or m.startswith(g + ".") for g in sorted(games)))]
    for member, data in sorted((bundled or {}).items()):
        if member.endswith(".py"):
            outside = member.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
            todo.extend(sorted(_armybuilder_names(named(data, outside, member.endswith("/__init__.py")), found)))
    seen: set[str] = set()
    while todo:
        name = todo.pop()
        if name in seen or name not in found or name in commands:
            continue
        seen.add(name)
        path = found[name]
        names = named(path.read_bytes(), name, path.name == "__init__.py")
        todo.extend(sorted(_armybuilder_names(names, found) - seen))
    return seen


def _armybuilder_names(names: Iterable[str], found: Mapping[str, Path]) -> set[str]:
    """The modules of armybuilder among ``names``, each with the packages above it."""
    out: set[str] = set()
    for name in names:
        if name in found:
            parts = name.split(".")
            out.update(".".join(parts[:i]) for i in range(1, len(parts) + 1))
    return out & set(found)
