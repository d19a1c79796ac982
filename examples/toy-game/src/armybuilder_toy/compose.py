"""Toy Skirmish's compose parts: add, remove and set a unit, set the points limit and name."""

from __future__ import annotations

from typing import Any

from armybuilder.compose import base
from armybuilder.compose.parts import EditError, Opt, Part
from armybuilder.resources import load_data
from armybuilder.suggest import NameIndex

from . import MANIFEST


def _units() -> NameIndex:
    return NameIndex({u["name"]: u for u in load_data(MANIFEST.id, "units")["units"]})


def unit_names(data: Any = None) -> list[str]:
    return list(_units())


def listed(data: Any = None) -> list[str]:
    return base.names_in((data or {}).get("warband"), "unit")


def template(name: str, points: Any) -> list:
    return [("system", MANIFEST.id), ("name", name), ("points", points), ("warband", base.new_seq())]


def howto(file: str) -> list[str]:
    return [f"A Toy Skirmish warband: armybuilder add {file} unit Goblin --count 2"]


COUNT = Opt("count", "how many of the unit", "int", "N")


def add_unit(doc, req) -> str:
    name = base.known(req.take_name("a UNIT"), _units(), "unit", req=req)
    count = base.number(req.opt("count", 1), "--count", 1, 50)
    if any(base.fold(str(e.get("unit"))) == base.fold(name) for e in doc.tree.get("warband") or []):
        raise EditError(f"the warband has {name} already; use: armybuilder set FILE unit {name} --count N")
    item = base.new_map({"unit": name, "count": count}, flow=True)
    base.append_to(doc.tree, "warband", item, base.schema_keys(doc.schema))
    return f"added {count} {name}"


def remove_unit(doc, req) -> str:
    band = doc.tree.get("warband") or []
    i = base.find(band, req.take_name("a UNIT"), "unit", key="unit")
    name = band[i]["unit"]
    base.remove(band, i)
    return f"removed {name}"


def set_unit(doc, req) -> str:
    band = doc.tree.get("warband") or []
    i = base.find(band, req.take_name("a UNIT"), "unit", key="unit")
    count = base.number(req.opt("count"), "--count", 1, 50)
    base.set_in(band[i], "count", count, ["unit", "count"])
    return f"{band[i]['unit']}: {count}"


def set_points(doc, req) -> str:
    points = base.number(req.take("N points"), "points", 1, 1000)
    base.put(doc.tree, "points", points, base.schema_keys(doc.schema))
    return f"points limit {points}"


PARTS = [
    Part("add", "unit", "unit NAME [--count N]", "a unit", add_unit, names=(unit_names,), options=(COUNT,)),
    Part("remove", "unit", "unit NAME", "a unit", remove_unit, names=(listed,)),
    Part("set", "unit", "unit NAME --count N", "how many of a unit", set_unit, names=(listed,), options=(COUNT,)),
    Part("set", "points", "points N", "the points limit", set_points),
]
