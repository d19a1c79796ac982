"""The engine says every edit refusal twice: in the command line's words (the flag or command to
give) and in a player's words, with no command-line syntax, for the browser builder.

The page shows ``EditError.player`` as it is: no regex takes commands out of it afterwards. So a
refusal whose message names a flag, a command or a usage line must give its player words, and
those must name none. Checked on the source (every ``EditError(...)`` of the package) and on the
refusals a player can meet by clicking.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import armybuilder
from armybuilder.check import check_path
from armybuilder.compose.parts import EditError
from armybuilder.edit import engine as compose_edit
from armybuilder.web.listpage import said_of

PACKAGE = Path(armybuilder.__file__).parent
# A flag, a usage line, a command, or a command line's placeholders.
CLI = re.compile(r"--[a-z]|usage:|\barmybuilder [a-z]|\bFILE\b|\bSYSTEM\b|\bN\b(?!')")
# Names whose value is command-line text when a message is built from them.
CLI_NAMES = {"usage", "hint", "change", "CATALOG", "command"}
REFUSALS = {"EditError", "Stale", "Locked", "Unlockable"}
# Refusals of how an edit was typed (MESSAGE, USAGE, PLAYER): the usage line is always added to the
# message, and the player's words default to "the change could not be read".
USAGE_REFUSALS = {"usage_error": 2, "_usage_error": 1}


def _words(node: ast.AST) -> tuple[str, set[str]]:
    """The literal text of an expression and the names and attributes it reads."""
    text, names = [], set()
    for n in ast.walk(node):
        if isinstance(n, ast.Constant) and isinstance(n.value, str):
            text.append(n.value)
        elif isinstance(n, ast.Name):
            names.add(n.id)
        elif isinstance(n, ast.Attribute):
            names.add(n.attr)
    return " ".join(text), names


def _cli(node: ast.AST) -> bool:
    text, names = _words(node)
    return bool(CLI.search(text) or names & CLI_NAMES)


def _refusals() -> list[tuple[str, ast.Call]]:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and node.args:
                name = _name(node)
                if name in REFUSALS or name in USAGE_REFUSALS:
                    found.append((f"{path.relative_to(PACKAGE.parent)}:{node.lineno}", node))
    return found


def _name(call: ast.Call) -> str:
    return call.func.id if isinstance(call.func, ast.Name) else getattr(call.func, "attr", "")


def _player(call: ast.Call) -> ast.AST | None:
    at = USAGE_REFUSALS.get(_name(call), 1)
    if len(call.args) > at:
        return call.args[at]
    given = next((k.value for k in call.keywords if k.arg == "player"), None)
    if given is None and _name(call) in USAGE_REFUSALS:
        return ast.Constant("the change could not be read")  # the default
    return given


def test_the_scan_sees_the_refusals_it_checks():
    calls = _refusals()
    assert len(calls) > 80  # every system's compose module and the edit engine
    assert any(_cli(call.args[0]) for _, call in calls)


def test_a_refusal_in_command_line_words_gives_a_players_words_too():
    missing = [where for where, call in _refusals() if _cli(call.args[0]) and _player(call) is None]
    assert missing == []


def test_a_players_words_name_no_flag_command_or_usage():
    leaking = []
    for where, call in _refusals():
        player = _player(call)
        if player is not None and _cli(player):
            leaking.append(f"{where}: {_words(player)[0]!r}")
    assert leaking == []


def test_the_player_words_default_to_the_message():
    assert EditError("the list has no class 'Trolls'").player == "the list has no class 'Trolls'"
    refused = EditError("say where it goes: --to CLASS", "say where it goes")
    assert (refused.message, refused.player, str(refused)) == (
        "say where it goes: --to CLASS",
        "say where it goes",
        "say where it goes: --to CLASS",
    )


HOST = """system: fantasy-triumph
name: Host
points: 48
classes:
  - name: Archers
    troop: Archers
    stands: 1
  - name: Spears
    troop: Spear
    stands: 2
"""


@pytest.mark.parametrize(
    ("verb", "part", "words", "cli", "page"),
    [
        (
            "remove",
            "stands",
            ["Archers", "1"],
            "armybuilder remove",
            "Class 'Archers' has 1 stand; a class keeps at least 1, so remove the class itself. Nothing was changed.",
        ),
        (
            "add",
            "class",
            ["Spears", "--troop", "Spear"],
            "armybuilder set",
            "The list already has a class 'Spears'; names tell classes and heroes apart (FTR015), "
            "so give the new class another name, or change the class there. Nothing was changed.",
        ),
        (
            "add",
            "card",
            ["Deadly"],
            "--to CLASS",
            "Say which class or hero Deadly goes with. Nothing was changed.",
        ),
        (
            "set",
            "stands",
            ["Spears", "0"],
            "the number of stands (N)",
            "The number of stands must be from 1 to 100, not '0'. Nothing was changed.",
        ),
        (
            "add",
            "stands",
            ["Spears"],
            "usage: armybuilder add",
            "Say the class and how many stands to add. Nothing was changed.",
        ),
        (
            "add",
            "card",
            ["Deadly", "--to", "Spears", "--to", "Archers"],
            "--to is given twice",
            "The change could not be read. Nothing was changed.",
        ),
        (
            "add",
            "class",
            ["Bows", "--troop", "Spaer"],
            "--as-written",
            "Unknown troop type 'Spaer' (did you mean 'Spear'?). Nothing was changed.",
        ),
    ],
)
def test_a_refusal_a_player_meets_reads_whole_on_the_page(tmp_path, verb, part, words, cli, page):
    """The command line keeps its command; the page says the same in whole sentences (the scrub it
    had cut "(to drop the class: armybuilder remove ...)" to "(to drop the class")."""
    path = tmp_path / "host.yaml"
    path.write_text(HOST, encoding="utf-8")
    outcome = compose_edit.run_edit(path, verb, part, words)
    assert outcome.code == 2
    assert cli in " ".join(outcome.stderr)
    said = said_of(outcome)
    assert said.lines == [page]
    assert path.read_text(encoding="utf-8") == HOST


def test_an_event_pack_opened_as_a_list_reads_whole_on_the_page(tmp_path):
    """ABL005 of an event pack: the command line names --event; the builder's page of the file says
    what it is, in a whole sentence (it read "not a list; give it with, or as a tournament's PACK")."""
    import html

    from starlette.testclient import TestClient

    from armybuilder.web.builder import make_app

    pack = PACKAGE.parent / "examples/events/autumn-clash.yaml"
    (tmp_path / "autumn-clash.yaml").write_bytes(pack.read_bytes())
    (found,) = check_path(tmp_path / "autumn-clash.yaml").findings
    assert found.code == "ABL005" and "(use --event to check lists against it" in found.message
    with TestClient(make_app(tmp_path), base_url="http://127.0.0.1:8000") as client:
        page = client.get("/list/autumn-clash.yaml")
    assert page.status_code == 200
    words = " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page.text)).split())
    assert "this file is an event pack, not a list: it has an 'event' key (list schema)" in words
    assert "--" not in words and "give it with" not in words and "PACK" not in words


# ---------------------------------------------------------------------------
# What the page shows after each edit (issue 46, item 8): every bundled example built through the
# builder's routes, part by part as a player adds them (the plans of tests/builder/plans), and
# every message the page then shows read: the result of the change, the findings (the list's and
# each part's), and why a choice cannot be taken. None holds a developer's word: "file", "entry",
# "schema", or a key of the list format in quotes ('classes', 'topography:'). The check's exact
# words stay one tap away (a finding's "Exact terms"), and the command line keeps them.

DEVELOPER = re.compile(r"\b[Ff]iles?\b|\bentry\b|\bentries\b|[Ss]chema")  # a card's "Delayed Entry" is its name
EXACT = re.compile(r'<details class="exact">.*?</details>', re.DOTALL)
SHOWN = (
    re.compile(r'<div id="result"[^>]*>(.*?)</div>', re.DOTALL),  # what the change did
    re.compile(r'<li class="sev-[a-z]+">(.*?)</li>', re.DOTALL),  # a finding, on the list or a part
    re.compile(r'<small class="why"[^>]*>(.*?)</small>', re.DOTALL),  # why a choice cannot be taken
    re.compile(r'<p class="note">(.*?)</p>', re.DOTALL),
)


def _keys(schema: object) -> set[str]:
    """Every property name of a list schema, at any depth."""
    out: set[str] = set()
    if isinstance(schema, dict):
        out |= {k for k in schema.get("properties", {}) if isinstance(k, str)}
        for value in schema.values():
            out |= _keys(value)
    elif isinstance(schema, list):
        for value in schema:
            out |= _keys(value)
    return out


def _shown(markup: str) -> list[str]:
    import html

    markup = EXACT.sub("", markup)
    texts = [m for pattern in SHOWN for m in pattern.findall(markup)]
    return [" ".join(html.unescape(re.sub(r"<[^>]+>", " ", t)).split()) for t in texts]


def _leaks(texts: list[str], keys: set[str]) -> list[str]:
    quoted = re.compile(r"'(?:" + "|".join(sorted(map(re.escape, keys))) + r"):?'")
    return [t for t in texts if DEVELOPER.search(t) or quoted.search(t)]


def _plans():
    from tests.builder.driver import every_plan

    return every_plan()


@pytest.mark.parametrize("plan", _plans(), ids=lambda p: p.example)
def test_no_message_the_page_shows_after_an_edit_holds_a_developers_word(tmp_path, plan):
    """Before: "the list needs an entry 'classes' (list schema)" in the Findings of every new list,
    and "Fixed: the file needs an entry 'classes'" after its first part (also 'mode', 'length',
    'faction', 'hero', 'opponent', 'active', and "draft.players needs at least 2 entries")."""
    import urllib.parse

    from starlette.testclient import TestClient

    from armybuilder import systems
    from armybuilder.edit.engine import version_of
    from armybuilder.resources import load_schema
    from armybuilder.web.builder import make_app
    from armybuilder.web.listpage import encode
    from tests.builder.driver import Driver, example_data

    want = example_data(plan)
    keys = _keys(load_schema(systems.manifest(want["system"]).list_schema))
    base, token = "http://127.0.0.1:8000", "test-token-0123456789"
    with TestClient(make_app(tmp_path, token=token), base_url=base) as client:
        made = {"csrf": token, "system": want["system"], "name": want["name"]}
        if plan.points is not None:
            made["points"] = str(plan.points)
        page = client.post("/new", data=made, headers={"origin": base})
        assert page.status_code == 200
        (path,) = tmp_path.glob("*.yaml")
        leaking = [("new", t) for t in _leaks(_shown(page.text), keys)]
        d = Driver(path)
        for verb, label, *value in plan.steps:
            control = d.control(label)
            if verb == "click" and control.focus is not None and control.edit is None:
                d.focus = control.focus
                continue
            if verb == "click":
                edit = control.edit
            elif verb == "type":
                edit = control.edit.with_value(value[0])
            else:
                edit = next(o.edit for o in control.options if o.value == value[0])
            form = {"csrf": token, "version": version_of(path.read_bytes()), "e": encode(edit), "focus": d.focus or ""}
            answer = client.post(
                "/act/" + urllib.parse.quote(path.name), data=form, headers={"origin": base, "hx-request": "true"}
            )
            assert answer.status_code == 200, (label, answer.text[:300])
            leaking += [(label, t) for t in _leaks(_shown(answer.text), keys)]
    assert leaking == []


def test_a_shape_finding_keeps_its_exact_words_for_the_command_line_and_one_tap_away(tmp_path):
    """The command line and JSON say what they said; the page says the player's words, and the
    check's own under "Exact terms"."""
    from starlette.testclient import TestClient

    from armybuilder.web.builder import make_app

    (tmp_path / "new.yaml").write_text("system: homm3-battlefield\nname: New\n", encoding="utf-8")
    result = check_path(tmp_path / "new.yaml")
    said = {f.message: f.player for f in result.findings}
    assert said == {
        "the file needs an entry 'mode'": "the list needs a game mode",
        "the file needs an entry 'faction'": "the list needs a faction",
        "the file needs an entry 'hero'": "the list needs a hero",
    }
    assert "player" not in result.findings[0].to_dict()
    with TestClient(make_app(tmp_path), base_url="http://127.0.0.1:8000") as client:
        page = client.get("/list/new.yaml").text
    (findings,) = re.findall(r'<section class="findings".*?</section>', page, re.DOTALL)
    assert "the list needs a game mode" in findings
    assert "ABL021: the file needs an entry &#39;mode&#39; (list schema)</small></details>" in findings
    assert "needs an entry" not in EXACT.sub("", findings)
