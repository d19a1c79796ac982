"""The builder's forms come from the systems' declared parts, and say what the command line says.

Every bundled example of every system is built from an empty folder through the forms (the same
steps ``tests/compose/test_build_examples.py`` runs on the command line, each turned into the
fields a player fills in) and must read back as the example's data. No form is written by hand.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from compose.helpers import examples, folded, script_for
from starlette.testclient import TestClient

from armybuilder import systems
from armybuilder.compose import edit, parts
from armybuilder.web import forms
from armybuilder.web.app import make_app, version_of
from armybuilder.web.files import Folder, Refused
from armybuilder.yamlio import load_file

BASE = "http://127.0.0.1:8000"
TOKEN = "forms-test-token"
EVERY_PART = [(s, p) for s in edit.composable() for p in edit.adapter(s).PARTS]


def part_id(item):
    return f"{item[0]}:{item[1].verb}-{item[1].name}"


@pytest.mark.parametrize("item", EVERY_PART, ids=part_id)
def test_every_part_reads_as_a_form(item):
    system, part = item
    args = forms.arguments(part)
    for a in args:
        assert re.fullmatch(r"[A-Za-z][A-Za-z|-]*", a.metavar), f"{part.usage}: {a}"
        assert not a.metavar.startswith("-")
    assert len(part.names) <= max(len(args), 1), f"{part.usage}: more completion sources than arguments"
    (built,) = [f for f in forms.build(system, [part], None) if f.id == forms.form_id(part)]
    names = [f.name for f in built.fields]
    assert names == [f"a{i}" for i in range(1, len(args) + 1)] + ["o_" + o.key for o in part.options]


@pytest.mark.parametrize(
    "usage, wanted",
    [
        ("class NAME --troop TROOP [--stands N] [--general]", [("NAME", False, False)]),
        ("stands CLASS N", [("CLASS", False, False), ("N", False, False)]),
        ("tokens FACTION [N]", [("FACTION", False, False), ("N", True, False)]),
        ("pick [NUMBER]", [("NUMBER", True, False)]),
        ("specialty LEVEL...", [("LEVEL", False, True)]),
        ("card CARD [--to CLASS | --hero HERO | --army] [--option OPT]... [--number N]", [("CARD", False, False)]),
        ("decline", []),
        ("power [--decline]", []),
    ],
)
def test_arguments_from_the_usage_line(usage, wanted):
    troop = parts.Opt("troop", "the troop", "text", "TROOP")
    part = parts.Part("add", usage.split()[0], usage, "", lambda d, r: "", options=(troop,))
    assert [(a.metavar, a.optional, a.repeated) for a in forms.arguments(part)] == wanted


def test_a_fixed_choice_is_a_choice():
    (part,) = [p for s, p in EVERY_PART if p.usage == "mode skirmish|adventure|board"]
    (arg,) = forms.arguments(part)
    assert arg.choices == ("skirmish", "adventure", "board")


def _part(system: str, verb: str, word: str) -> parts.Part:
    return edit.find_part(edit.adapter(system), verb, word, system)


def form_values(system: str, part: parts.Part, words: list[str]) -> dict[str, list[str]]:
    """The fields a player fills in for the command-line words of one edit."""
    parsed = parts.parse(part, words, system, edit.every_part)
    values: dict[str, list[str]] = {}
    args = forms.arguments(part)
    for i, arg in enumerate(args):
        rest = parsed.args[i:]
        if not rest:
            break
        last = arg.repeated or i == len(args) - 1
        values[f"a{i + 1}"] = [" ".join(rest) if last else rest[0]]
    for opt in (*part.options, *parts.COMMON):
        v = parsed.opts.get(opt.key)
        if v is None:
            continue
        if opt.kind == "many":
            values["o_" + opt.key] = [", ".join(str(x) for x in v)]
        elif opt.kind == "flag":
            values["o_" + opt.key] = ["on"]
        elif opt.kind == "switch":
            values["o_" + opt.key] = ["yes" if v else "no"]
        else:
            values["o_" + opt.key] = [str(v)]
    return values


def flash(response) -> tuple[str, str]:
    m = re.search(r'<section id="result" class="flash (\w+)"[^>]*>(.*?)</section>', response.text, re.S)
    assert m, response.text[:1000]
    return m.group(1), m.group(2)


@pytest.mark.parametrize("example", examples(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_example_is_built_through_the_forms(tmp_path, example):
    folder = tmp_path / "lists"
    folder.mkdir()
    target = folder / example.name
    system = load_file(example).data["system"]
    with TestClient(make_app(folder, token=TOKEN), base_url=BASE) as c:
        for cmd in script_for(example, target):
            if cmd[0] == "new":
                opts = dict(zip(cmd[3::2], cmd[4::2], strict=True))
                data = {"csrf": TOKEN, "system": cmd[1], "file": example.name}
                data |= {"name": opts.get("--name", ""), "points": opts.get("--points", "")}
                r = c.post("/new", data=data, headers={"origin": BASE})
                assert flash(r)[0] == "ok", flash(r)
                continue
            verb, _, word, *words = cmd
            part = _part(system, verb, word)
            values = form_values(system, part, words)
            sent = {"csrf": TOKEN, "version": version_of(target.read_bytes()), "form": forms.form_id(part), **values}
            r = c.post(f"/edit/{example.name}", data=sent, headers={"origin": BASE})
            kind, said = flash(r)
            if kind == "refused" and "--as-written" in said:  # a name an invalid example misspells on purpose
                sent["version"] = version_of(target.read_bytes())
                r = c.post(f"/edit/{example.name}", data={**sent, "o_as_written": "on"}, headers={"origin": BASE})
                kind, said = flash(r)
            assert kind in ("ok", "invalid"), f"{cmd}: {said}"
    built = load_file(target).data
    assert built.pop("data_version", None) == systems.get(system).data_version  # new pins it; examples do not
    assert folded(built) == folded(load_file(example).data)


def test_words_put_the_positional_arguments_after_the_options():
    part = _part("fantasy-triumph", "add", "card")
    values = {"a1": ["Spellblast"], "o_hero": ["Archmage"], "o_option": ["unlimited, magical"], "o_number": [""]}
    assert forms.words(part, values) == [
        "--hero",
        "Archmage",
        "--option",
        "unlimited",
        "--option",
        "magical",
        "--",
        "Spellblast",
    ]


def test_words_of_a_switch_and_a_repeated_argument():
    region = _part("small-world-of-warcraft", "set", "region")
    assert forms.words(region, {"a1": ["Durotar"], "o_magic": ["no"]}) == ["--no-magic", "--", "Durotar"]
    assert forms.words(region, {"a1": ["Durotar"], "o_magic": [""]}) == ["--", "Durotar"]
    specialty = _part("homm3-battlefield", "add", "specialty")
    assert forms.words(specialty, {"a1": ["I, IV"]}) == ["--", "I", "IV"]


def test_words_refuse_an_empty_required_field_and_too_many_values():
    part = _part("fantasy-triumph", "set", "troop")
    with pytest.raises(parts.EditError, match="fill in Troop"):
        forms.words(part, {"a1": ["Wardens"]})
    card = _part("fantasy-triumph", "add", "card")
    with pytest.raises(parts.EditError, match="at most"):
        forms.words(card, {"a1": ["x"], "o_option": [",".join(["a"] * 30)]})


def test_choices_offered_come_from_the_completion_sources():
    data = load_file(examples()[0].parent / "greenwood-host.yaml").data
    built = {f.id: f for f in forms.build("fantasy-triumph", edit.adapter("fantasy-triumph").PARTS, data)}
    fields = {f.name: f for f in built["remove-class"].fields}
    assert fields["a1"].choices == ["Wardens", "Eagles", "Rangers", "Archers of the Eaves"]
    fields = {f.name: f for f in built["add-class"].fields}
    assert "Elite Foot" in fields["o_troop"].choices and fields["o_troop"].notes["Elite Foot"].startswith(
        "points: 4 · mount: foot · order: close"
    )


# ---------------------------------------------------------------------------
# File names


@pytest.mark.parametrize(
    "name",
    ["", "/etc/x.yaml", "C:/x.yaml", "../x.yaml", "a/../x.yaml", "./x.yaml", "a//x.yaml", ".x.yaml", "x.yml/", "x.txt"],
)
def test_names_refused(tmp_path, name):
    with pytest.raises(Refused):
        Folder(tmp_path).existing(name)
    with pytest.raises(Refused):
        Folder(tmp_path).new(name)


def test_names_of_any_length_are_bounded(tmp_path):
    with pytest.raises(Refused, match="limited"):
        Folder(tmp_path).existing("a" * 600 + ".yaml")
    with pytest.raises(Refused, match="NUL"):
        Folder(tmp_path).existing("a\x00.yaml")


def test_a_new_file_under_a_linked_folder_outside_is_refused(tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    served = tmp_path / "served"
    served.mkdir()
    (served / "out").symlink_to(outside)
    with pytest.raises(Refused, match="outside"):
        Folder(served).new("out/x.yaml")
    (served / "in").mkdir()
    assert Folder(served).new("in/x.yaml") == served.resolve() / "in" / "x.yaml"


# ---------------------------------------------------------------------------
# A system the builder has never heard of


def test_a_fifth_system_gets_its_forms_from_its_parts(monkeypatch, tmp_path):
    """tests/toy/: one registry line, and the builder offers its parts and makes its edits."""
    monkeypatch.syspath_prepend(str(Path(__file__).resolve().parents[1] / "toy"))
    monkeypatch.setitem(systems.REGISTRY, "toy-skirmish", "toy_system")
    systems.reset()
    forms.catalog_notes.cache_clear()
    try:
        band = tmp_path / "band.yaml"
        band.write_text("system: toy-skirmish\nname: Green Tide\npoints: 20\nwarband:\n  - {unit: Goblin, count: 2}\n")
        with TestClient(make_app(tmp_path, token=TOKEN), base_url=BASE) as c:
            assert '<option value="toy-skirmish">' in c.get("/").text
            page = c.get("/list/band.yaml").text
            for ident in ("add-unit", "remove-unit", "set-unit", "set-points"):
                assert f'<details id="f-{ident}"' in page
            sent = {"csrf": TOKEN, "version": version_of(band.read_bytes()), "form": "add-unit"}
            r = c.post("/edit/band.yaml", data={**sent, "a1": "Troll"}, headers={"origin": BASE})
            assert flash(r)[0] in ("ok", "invalid"), flash(r)
        assert "unit: Troll" in band.read_text()
    finally:
        monkeypatch.undo()
        systems.reset()
        forms.catalog_notes.cache_clear()
