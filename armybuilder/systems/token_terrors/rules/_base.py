"""Helpers shared by the Token Terrors rule modules."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from armybuilder.codes import rule_finding
from armybuilder.findings import Finding, locate

if TYPE_CHECKING:  # pragma: no cover
    from ..model import Army


def finding(
    module: str, message: str, path: tuple[Any, ...], rule: str | None = None, army: Army | None = None
) -> Finding:
    """A finding with the code, severity and rule of the rule module named ``module``.

    In a matchup the finding is about one of the two files (``army.source``): it names that
    file and carries the line and column of ``path`` in it.
    """
    f = rule_finding(module, message, path, rule)
    if army is not None and army.source is not None:
        f.source = army.source
        if army.positions is not None:
            f.line, f.column = locate(army.positions, f.path)
    return f


def pair(factions: Iterable[str | None]) -> str:
    return " and ".join(f if f else "???" for f in factions)
