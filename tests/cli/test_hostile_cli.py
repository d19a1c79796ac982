"""Hostile list files through the CLI: a finding with a position and exit 1, never a traceback."""

import json

import pytest

HEAD = "system: fantasy-triumph\nname: X\n"
CLASS = "classes:\n  - {name: A, troop: Heavy Foot, stands: 8, general: true}\n"

CASES = {
    "empty": (b"", "ABL005", 1),
    "not-yaml": (b"system: fantasy-triumph\nname: [unclosed\n", "ABL004", 3),
    "list-at-top": (b"- system: fantasy-triumph\n", "ABL005", 1),
    "scalar-at-top": (b"just text\n", "ABL005", 1),
    "alias-bomb": (
        b"a: &a [x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\n"
        b"c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: [*c, *c, *c, *c, *c, *c, *c, *c, *c]\n",
        "ABL007",
        1,
    ),
    "duplicate-key": ((HEAD + "name: Y\n" + CLASS).encode(), "ABL006", 3),
    "wrong-type": ((HEAD + "classes:\n  - {name: A, troop: Heavy Foot, stands: many}\n").encode(), "ABL020", 4),
    "negative": ((HEAD + "classes:\n  - {name: A, troop: Heavy Foot, stands: -3}\n").encode(), "ABL023", 4),
    "huge": ((HEAD + "points: 1.0e+300\n" + CLASS).encode(), "ABL023", 3),
    "huge-int": ((HEAD + "points: " + "9" * 6000 + "\n" + CLASS).encode(), "ABL010", 3),
    "many-classes": ((HEAD + "classes: [" + ", ".join(["{}"] * 100_000) + "]\n").encode(), "ABL009", 3),
    "long-name": (("system: fantasy-triumph\nname: " + "x" * 300_000 + "\n" + CLASS).encode(), "ABL023", 2),
    "five-mb-name": (("system: fantasy-triumph\nname: " + "x" * 5_000_000 + "\n").encode(), "ABL002", 1),
    "deep": (("a: " + "[" * 200 + "]" * 200 + "\n").encode(), "ABL009", 1),
    "python-tag": (b"!!python/object/apply:os.system ['touch /tmp/armybuilder-pwned']\n", "ABL008", 1),
    "non-utf8": (HEAD.encode() + b"topography: \xff\n" + CLASS.encode(), "ABL003", 3),
    "unknown-key": ((HEAD + CLASS + "colour: red\n").encode(), "ABL022", 5),
    "no-system": (b"name: X\n", "ABL030", 1),
    "unknown-system": (b"system: fantasy-triumf\nname: X\n", "ABL031", 1),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_hostile_file(run, tmp_path, name):
    content, code, line = CASES[name]
    path = tmp_path / f"{name}.yaml"
    path.write_bytes(content)
    r = run("validate", path, "--format", "json")
    assert r.exit_code == 1, r.stdout + r.stderr
    findings = json.loads(r.stdout)["results"][0]["findings"]
    assert findings, "a broken file must give a finding"
    assert findings[0]["code"] == code, findings
    assert findings[0]["line"] == line
    assert findings[0]["column"] >= 1
    assert "Traceback" not in r.stdout + r.stderr


def test_python_tag_never_runs(run, tmp_path):
    import os

    marker = tmp_path / "pwned"
    path = tmp_path / "evil.yaml"
    path.write_text(f"!!python/object/apply:os.system ['touch {marker}']\n")
    run("validate", path)
    assert not os.path.exists(marker)


def test_unknown_system_suggests(run, tmp_path):
    path = tmp_path / "x.yaml"
    path.write_text("system: fantasy-triumf\nname: X\n")
    r = run("validate", path)
    assert "did you mean 'fantasy-triumph'" in r.stdout


def test_text_lines_are_not_wrapped(run, tmp_path):
    path = tmp_path / "x.yaml"
    path.write_text(HEAD + "classes:\n  - {name: " + "A" * 150 + ", troop: Heavy Foott, stands: 8, general: true}\n")
    r = run("validate", path)
    lines = r.stdout.splitlines()  # FTR001 alone: the total counts the unknown troop type, so no FTR025
    assert len(lines) == 1 and all(line.startswith(str(path) + ":") for line in lines)
    assert any("FTR001" in line and line.startswith(f"{path}:4:") for line in lines)


def test_escape_sequences_from_a_list_never_reach_the_terminal(run, tmp_path):
    path = tmp_path / "x.yaml"
    path.write_text(
        HEAD + 'classes:\n  - {name: "\\e[31mred\\e[0m", troop: "Heavy\\e[2JFoot", stands: 8, general: true}\n'
    )
    r = run("validate", path)
    assert "\x1b" not in r.stdout + r.stderr
    assert "FTR001" in r.stdout


def test_each_missing_key_is_reported_once(run, tmp_path):
    path = tmp_path / "x.yaml"
    path.write_text("system: homm3-battlefield\nname: x\n")
    lines = run("validate", path).stdout.splitlines()
    assert len(lines) == len(set(lines)) == 3
