"""Helpers for the compose tests: turn a bundled example into the commands that build it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from armybuilder.suggest import fold
from armybuilder.yamlio import load_file

ROOT = Path(__file__).resolve().parents[2]
SYSTEM_DIRS = ("fantasy-triumph", "token-terrors", "homm3-battlefield", "small-world-of-warcraft")
GOLDEN = Path(__file__).resolve().parent / "golden"


def examples() -> list[Path]:
    """Every bundled example list (examples/<system>/*.yaml; not examples/events)."""
    out = []
    for d in SYSTEM_DIRS:
        out += sorted((ROOT / "examples" / d).glob("*.yaml"))
    return out


def folded(value: Any) -> Any:
    """Data with every string folded (names match without regard to case)."""
    if isinstance(value, dict):
        return {folded(k): folded(v) for k, v in value.items()}
    if isinstance(value, list):
        return [folded(v) for v in value]
    if isinstance(value, str):
        return fold(value)
    return value


def verdict(run, path) -> dict:
    """validate --format json, reduced to what the example and the built list must share."""
    r = run("validate", "--format", "json", path)
    (res,) = json.loads(r.stdout)["results"]
    return {
        "exit": r.exit_code,
        "valid": res["valid"],
        "points": res["points"],
        "codes": sorted(f["code"] for f in res["findings"]),
    }


# ---------------------------------------------------------------------------
# Scripts: the commands that build a list from nothing, one per system


def _card(entry: Any, where: list[str], f: str) -> list[str]:
    if isinstance(entry, dict):
        ((name, value),) = entry.items()
        if isinstance(value, bool) or value is None:
            raise AssertionError(f"no grammar for the card value {value!r}")
        if isinstance(value, int):
            extra = ["--number", str(value)]
        elif isinstance(value, list):
            extra = [x for v in value for x in ("--option", str(v))]
        else:
            extra = ["--option", str(value)]
    else:
        name, extra = entry, []
    return ["add", f, "card", str(name), *where, *extra]


def fantasy_triumph(data: dict, f: str) -> list[list[str]]:
    new = ["new", "fantasy-triumph", f, "--name", data["name"]]
    if "points" in data:
        new += ["--points", str(data["points"])]
    cmds = [new]
    for key in ("player", "topography", "note", "invasion", "maneuver"):
        if key in data:
            cmds.append(["set", f, key, str(data[key])])
    for c in data["classes"]:
        cmd = ["add", f, "class", c["name"], "--troop", c["troop"], "--stands", str(c["stands"])]
        if c.get("general"):
            cmd.append("--general")
        cmds.append(cmd)
        cmds += [_card(e, ["--to", c["name"]], f) for e in c.get("cards", [])]
    for h in data.get("heroes", []):
        cmds.append(["add", f, "hero", h["name"]])
        cmds += [_card(e, ["--hero", h["name"]], f) for e in h.get("cards", [])]
    cmds += [_card(e, ["--army"], f) for e in data.get("army_cards", [])]
    return cmds


def token_terrors(data: dict, f: str) -> list[list[str]]:
    cmds = [["new", "token-terrors", f] + (["--name", data["name"]] if "name" in data else [])]
    if "draft" in data:
        cmds.append(["set", f, "players", *data["draft"]["players"]])
        for p in data["draft"]["picks"]:
            cmds.append(["add", f, "pick", p["player"], p["faction"], str(p["tokens"])])
    for faction, n in (data.get("tokens") or {}).items():
        cmds.append(["add", f, "tokens", faction, str(n)])
    return cmds


def homm3(data: dict, f: str) -> list[list[str]]:
    cmds = [["new", "homm3-battlefield", f] + (["--name", data["name"]] if "name" in data else [])]
    for key in ("mode", "length", "opponent", "faction"):
        if key in data:
            cmds.append(["set", f, key, data[key]])
    hero = ["set", f, "hero", data["hero"]["name"]]
    if "level" in data["hero"]:
        hero += ["--level", data["hero"]["level"]]
    cmds.append(hero)
    if data.get("specialties"):
        cmds.append(["add", f, "specialty", *data["specialties"]])
    for kind, part in (("abilities", "ability"), ("artifacts", "artifact"), ("spells", "spell")):
        cmds += [["add", f, part, name] for name in data.get(kind, [])]
    for u in data.get("units", []):
        cmd = ["add", f, "unit", u["name"]]
        if "side" in u:
            cmd += ["--side", u["side"]]
        if u.get("alternate"):
            cmd.append("--alternate")
        if u.get("neutral"):
            cmd.append("--neutral")
        cmds.append(cmd)
    return cmds


def small_world(data: dict, f: str) -> list[list[str]]:
    cmds = [["new", "small-world-of-warcraft", f] + (["--name", data["name"]] if "name" in data else [])]
    for key, flag in (("active", []), ("decline", ["--decline"])):
        block = data.get(key)
        if not block:
            continue
        cmd = ["set", f, key, block["race"]]
        if "power" in block:
            cmd += ["--power", block["power"]]
        cmds.append(cmd)
        if "in_hand" in block:
            cmds.append(["set", f, "in-hand", str(block["in_hand"])])
        for r in block.get("regions", []):
            cmd = ["add", f, "region", r["name"], "--tokens", str(r["tokens"]), *flag]
            if "magic" in r:
                cmd.append("--magic" if r["magic"] else "--no-magic")
            cmds.append(cmd)
        for b in block.get("bombs", []):
            cmds.append(["add", f, "bomb", b["region"]] + (["--opponent", b["opponent"]] if "opponent" in b else []))
        if "bombs_spent" in block:
            cmds.append(["set", f, "bombs-spent", str(block["bombs_spent"])])
        if "enlisted" in block:
            cmds.append(["set", f, "enlisted", str(block["enlisted"]), *flag])
    for c in data.get("conquests", []):
        cmd = ["add", f, "conquest", c["region"]]
        for key in ("defender", "defender_faction", "defender_tokens", "defences", "tokens"):
            if key in c:
                cmd += ["--" + key.replace("_", "-"), str(c[key])]
        for key in ("mountain", "die"):
            if key in c:
                cmd.append(f"--{key}" if c[key] else f"--no-{key}")
        cmds.append(cmd)
    return cmds


SCRIPTS = {
    "fantasy-triumph": fantasy_triumph,
    "token-terrors": token_terrors,
    "homm3-battlefield": homm3,
    "small-world-of-warcraft": small_world,
}


def script_for(example: Path, target: Path) -> list[list[str]]:
    data = load_file(example).data
    return SCRIPTS[data["system"]](data, str(target))
