"""Toy Skirmish's catalog: its units."""

from __future__ import annotations

from armybuilder.compose.catalog import Entry
from armybuilder.resources import load_data

from . import MANIFEST


def units() -> list[Entry]:
    out = []
    for u in load_data(MANIFEST.id, "units")["units"]:
        out.append(
            Entry(
                "unit",
                u["name"],
                {"name": u["name"], "cost": u["cost"], "rule": u["rule"]},
                rule=u["rule"],
                summary=u["summary"],
                cost=[f"{u['cost']} points each"],
                data=u,
            )
        )
    return out


KINDS = {"units": units}
ALIASES = {"unit": "units"}
