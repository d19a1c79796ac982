"""A function's or class's docstring is its first statement: a string after an import or another
statement is an expression Python evaluates and drops, so ``help()``, the docs and ``__doc__`` lose
it (``make_app`` had its ``from armybuilder.web import gamepage`` above its docstring)."""

from __future__ import annotations

import ast
from pathlib import Path

import armybuilder
from armybuilder.web.builder import make_app

PACKAGE = Path(armybuilder.__file__).parent


def _is_string(statement: ast.stmt) -> bool:
    return (
        isinstance(statement, ast.Expr)
        and isinstance(statement.value, ast.Constant)
        and isinstance(statement.value.value, str)
    )


def test_no_docstring_is_written_after_a_statement():
    late = []
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            # a module's later strings document the name assigned just before them (PEP 257's
            # attribute docstrings): only functions and classes are asked
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                late += [
                    f"{path.relative_to(PACKAGE.parent)}:{s.lineno} ({node.name})"
                    for s in node.body[1:]
                    if _is_string(s)
                ]
    assert late == []


def test_make_app_has_its_docstring():
    assert make_app.__doc__ is not None and make_app.__doc__.startswith("The builder for the list files in ``folder``")
