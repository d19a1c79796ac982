"""Lists can pin their data version (issue 15, point 7).

Issue 15: "A list may say data_version:. When it differs from the installed data, there is a
warning naming both versions. new writes it. In a tournament, the report shows each list's pinned
version beside the event's." The warning is one generic code (ABL040), emitted by the pipeline for
every system; each system's data version is its data/<id>/system.yaml `data_version`.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from armybuilder import events, systems
from armybuilder.check import check_text
from armybuilder.resources import load_schema
from armybuilder.yamlio import load_file

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = {
    "fantasy-triumph": "examples/fantasy-triumph/greenwood-host.yaml",
    "token-terrors": "examples/token-terrors/wrens-host.yaml",
    "small-world-of-warcraft": "examples/small-world-of-warcraft/thrall-turn-4.yaml",
    "homm3-battlefield": "examples/homm3-battlefield/skirmish-short.yaml",
}


def pinned(system_id: str, version: str) -> str:
    text = (ROOT / EXAMPLE[system_id]).read_text(encoding="utf-8")
    return text.replace(f"system: {system_id}\n", f"system: {system_id}\ndata_version: {version}\n", 1)


@pytest.mark.parametrize("system_id", list(EXAMPLE))
def test_every_list_schema_takes_an_optional_data_version(system_id):
    schema = load_schema(systems.manifest(system_id).list_schema)
    assert "data_version" in schema["properties"]
    assert "data_version" not in schema.get("required", [])


# data/<id>/system.yaml. Issue 28: the rules of three systems changed meaning since "1" (the
# Tauren's floor and the conquests of Small World; whole Skirmish armies and the Ability cards kept
# of Heroes III; the ratings and must-choose options of Fantasy Triumph): they are "2". Token
# Terrors' rules did not change. Issue 39: a second No Camp or Pack Train and Herds is a warning
# (FTR030), no longer the error FTR011: Fantasy Triumph is "3"; a hero's own Diplomacy or Logistics
# card is kept, no longer refused (HMB008): Heroes III is "3".
INSTALLED = {"fantasy-triumph": "3", "token-terrors": "1", "small-world-of-warcraft": "2", "homm3-battlefield": "3"}


@pytest.mark.parametrize("system_id", list(EXAMPLE))
def test_another_version_warns_naming_both(system_id):
    installed = systems.get(system_id).data_version
    assert installed == INSTALLED[system_id]
    r = check_text(pinned(system_id, '"0"'), "pinned.yaml")
    [f] = [f for f in r.findings if f.code == "ABL040"]
    assert f.severity.value == "warning" and (f.line, f.column) == (r.positions[("data_version",)])
    assert f.message == (
        f"the list was built with {system_id} data version 0; armybuilder has data version {installed}, "
        "so its costs and verdict may differ from those it was built with"
    )
    without = check_text((ROOT / EXAMPLE[system_id]).read_text(encoding="utf-8"))
    assert r.valid == without.valid  # a warning: the verdict is the data's


@pytest.mark.parametrize("system_id", [s for s, v in INSTALLED.items() if v != "1"])
@pytest.mark.parametrize("version", ['"1"', "1"])
def test_a_list_pinned_to_the_old_version_1_warns_naming_both(system_id, version):
    r = check_text(pinned(system_id, version), "pinned.yaml")
    [f] = [f for f in r.findings if f.code == "ABL040"]
    assert f.message == (
        f"the list was built with {system_id} data version 1; armybuilder has data version {INSTALLED[system_id]}, "
        "so its costs and verdict may differ from those it was built with"
    )


@pytest.mark.parametrize("system_id", list(EXAMPLE))
def test_a_pack_pinned_to_the_old_version_1_warns_naming_both(tmp_path, system_id):
    pack = tmp_path / "pack.yaml"
    pack.write_text(f"event: Old Cup\nsystem: {system_id}\ndata_version: '1'\n", encoding="utf-8")
    r = check_text((ROOT / EXAMPLE[system_id]).read_text(encoding="utf-8"), "list.yaml", pack=events.load(pack))
    got = [f.message for f in r.findings if f.code == "EVT017"]
    if INSTALLED[system_id] == "1":
        assert got == []  # Token Terrors' data is still version 1
    else:
        assert got == [
            f"Old Cup is played on {system_id} data version 1; armybuilder has version {INSTALLED[system_id]}, so its "
            "verdict may "
            "not match the event's rules"
        ]


@pytest.mark.parametrize("system_id", list(EXAMPLE))
def test_the_installed_version_gives_no_warning(system_id):
    for version in (f'"{INSTALLED[system_id]}"', INSTALLED[system_id]):
        r = check_text(pinned(system_id, version))
        assert "ABL040" not in [f.code for f in r.findings] and r.valid


def test_a_data_version_of_the_wrong_shape_is_a_schema_error():
    r = check_text(pinned("token-terrors", "[1, 2]"))
    assert [f.code for f in r.findings if f.code.startswith("ABL")] == ["ABL020"]


def test_the_code_is_documented(run):
    r = run("rule", "ABL040")
    assert r.exit_code == 0 and "data_version" in r.stdout and "warning" in r.stdout


@pytest.mark.parametrize("system_id", list(EXAMPLE))
def test_new_writes_the_installed_version(run, tmp_path, system_id):
    f = tmp_path / "new.yaml"
    assert run("new", system_id, f).exit_code == 0
    data = load_file(f).data
    assert data["data_version"] == systems.get(system_id).data_version
    assert list(data)[:2] == ["system", "data_version"]
    assert "ABL040" not in run("validate", f).stdout


def test_a_tournament_shows_each_lists_version_beside_the_events(run, tmp_path):
    pack = tmp_path / "pack.yaml"
    pack.write_text("event: Pinned Cup\nsystem: token-terrors\ndata_version: '1'\n", encoding="utf-8")
    lists = tmp_path / "lists"
    lists.mkdir()
    (lists / "a-old.yaml").write_text(pinned("token-terrors", '"0"'), encoding="utf-8")
    (lists / "b-new.yaml").write_text(pinned("token-terrors", '"1"'), encoding="utf-8")
    (lists / "c-none.yaml").write_text((ROOT / EXAMPLE["token-terrors"]).read_text(encoding="utf-8"), encoding="utf-8")
    md, js, cs = tmp_path / "r.md", tmp_path / "r.json", tmp_path / "r.csv"
    r = run("tournament", pack, lists, "--report", md, "--report", js, "--report", cs)
    assert r.exit_code == 0  # ABL040 is a warning
    table = r.stdout.splitlines()
    assert "Data" in table[1]
    assert [line.split("  ")[0].strip() for line in table[3:6]] == ["1", "2", "3"]
    assert "list 0, event 1" in table[3] and "list 1, event 1" in table[4] and "event 1" in table[5]
    rows = [line for line in md.read_text(encoding="utf-8").splitlines() if line.startswith("| ")]
    assert "| Data version |" in rows[0]
    assert "| list 0, event 1 |" in rows[1] and "| list 1, event 1 |" in rows[2] and "| event 1 |" in rows[3]
    data = json.loads(js.read_text(encoding="utf-8"))
    assert [(e["data_version"], e["event_data_version"]) for e in data["lists"]] == [
        ("0", "1"),
        ("1", "1"),
        (None, "1"),
    ]
    got = list(csv.DictReader(io.StringIO(cs.read_text(encoding="utf-8"))))
    assert [(row["data_version"], row["event_data_version"]) for row in got] == [("0", "1"), ("1", "1"), ("", "1")]
    assert "ABL040" in md.read_text(encoding="utf-8")  # the old list's warning is in its findings


def test_a_tournament_on_a_pack_pinned_to_1_says_so_once_on_stderr(run, tmp_path):
    """Issue 28: the table shows only a list's errors, so a pack pinned to the old data version
    was warned of in the reports alone. The summary now says it once, naming both versions."""
    pack = tmp_path / "pack.yaml"
    pack.write_text("event: Old Cup\nsystem: fantasy-triumph\ndata_version: '1'\n", encoding="utf-8")
    lists = tmp_path / "lists"
    lists.mkdir()
    for name in ("a.yaml", "b.yaml"):
        (lists / name).write_text((ROOT / EXAMPLE["fantasy-triumph"]).read_text(encoding="utf-8"), encoding="utf-8")
    r = run("tournament", pack, lists)
    warned = [line for line in r.stderr.splitlines() if "EVT017" in line]
    assert warned == [
        f"{pack}:3:1: EVT017 [warning] Old Cup is played on fantasy-triumph data version 1; armybuilder has "
        "version 3, so its verdict may not match the event's rules"
    ]
    assert "EVT017" not in r.stdout and r.exit_code == 0
