"""Plain-text rosters (``export --to text``): golden files for one list of each game system, every
table row on a line of its own, names as written but no control character, the same bytes twice.

After a deliberate change, rewrite the golden files with ``ARMYBUILDER_UPDATE_GOLDEN=1`` and read them.
"""

from __future__ import annotations

import pytest

from armybuilder.export import render
from armybuilder.export.roster import build
from armybuilder.text import one_line
from tests.support.golden import compare

from .helpers import EXAMPLES, GOLDEN, INVALID, ONE_PER_SYSTEM, PLAYER_NOTE, example_id

FT = "examples/fantasy-triumph/greenwood-host.yaml"


def _text(path) -> str:
    roster, _ = build(path)
    return render(roster, "text").decode("utf-8")


@pytest.mark.parametrize("path", [*ONE_PER_SYSTEM, INVALID, PLAYER_NOTE], ids=example_id)
def test_golden(path):
    compare(GOLDEN / "text" / f"{path.stem}.txt", _text(path))


@pytest.mark.parametrize("path", [*EXAMPLES, INVALID], ids=example_id)
def test_title_total_every_row_and_status(path):
    roster, _ = build(path)
    text = render(roster, "text").decode("utf-8")
    lines = text.splitlines()
    assert lines[0] == one_line(roster.title)
    assert lines[1] == f"{roster.system_label} · {roster.measure_text} · {roster.status}"
    assert f"\n{roster.status}: " in text and f"({roster.counts_text})" in text
    assert roster.fingerprint in lines[-1]
    for table in roster.tables:
        for row in table.text_rows():
            first = one_line(row[0])
            if first:  # each row on its own line, its first cell (class, unit, faction, race...) leading
                assert any(line.startswith(f"- {first}") for line in lines), (table.title, first)
    for f in roster.errors:
        assert f"- {f.code}" in text


@pytest.mark.parametrize("path", [*EXAMPLES, INVALID], ids=example_id)
def test_same_input_same_bytes(path):
    assert _text(path) == _text(path)


def test_an_invalid_list_says_so_at_the_top_and_lists_its_errors():
    lines = _text(INVALID).splitlines()
    assert lines[1] == "Fantasy Triumph · 49 (incomplete) of 40 points · INVALID"  # the unknown card counts 0
    at = lines.index("INVALID: not legal as written (4 errors, 0 warnings, 0 info)")
    assert [line[2:8] for line in lines[at + 1 : at + 5]] == ["FTR022", "FTR002", "FTR006", "FTR007"]


def test_names_as_written_without_control_characters():
    text = _text(PLAYER_NOTE)
    assert "Player: Ásta Þórsdóttir | *club* [Reykjavík](x)\n" in text  # plain text: nothing escaped
    assert "Ásta's Greenwood <b>Host</b>\n" in text
    # the note's line break is a space and its escape sequence can drive no terminal
    assert "Note: Bring the red dice. Second line \ufffd[31mred\ufffd[0m; `code` and <i>tags</i>.\n" in text
    assert "\x1b" not in text
    assert "- Wardens: The general stands at the back." not in text  # table notes are not in the compact text


def test_cli_to_stdout_and_from_the_txt_suffix(run, tmp_path):
    r = run("export", FT, "--to", "text", "-o", "-")
    assert r.exit_code == 0
    assert r.stdout == _text(FT)
    assert r.stderr == f"{FT}: VALID, 51 of 51 points (0 errors, 0 warnings, 0 info)\n"
    out = tmp_path / "host.txt"
    r = run("export", FT, "-o", out)
    assert r.exit_code == 0
    assert f"wrote {out} (text)" in r.stderr
    assert out.read_text(encoding="utf-8") == _text(FT)


def test_cli_invalid_list_exits_1(run):
    r = run("export", "tests/export/lists/invalid-host.yaml", "--to", "text", "-o", "-")
    assert r.exit_code == 1
    assert "INVALID: not legal as written" in r.stdout


def test_the_readme_shows_real_output(run):
    """The README's `export --to text` examples are what the command prints (stdout, then stderr)."""
    import re
    import shlex

    from .helpers import ROOT

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```sh\n\$ armybuilder (export [^\n]*--to text[^\n]*)\n(.*?)```", readme, re.S)
    assert len(blocks) >= 2  # the plain list, and one with --with-rules
    assert any("--with-rules" in command for command, _ in blocks)
    for command, shown in blocks:
        r = run(*shlex.split(command))
        assert r.stdout + r.stderr == shown, command
