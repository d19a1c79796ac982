"""Markdown rosters: golden files, escaping, plain-text tables, reproducible bytes.

After a deliberate change of the layout (or of a system's cost tables), rewrite the golden
files with ``ARMYBUILDER_UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/export`` and review the diff.
"""

from __future__ import annotations

import pytest

from armybuilder.export import render
from armybuilder.export.markdown import escape, width
from armybuilder.export.roster import build
from tests.support.golden import compare

from .helpers import EXAMPLES, FT_EXAMPLE, GOLDEN, INVALID, example_id


@pytest.mark.parametrize("path,date", [(FT_EXAMPLE, None), (INVALID, "2026-11-30")], ids=["valid", "invalid"])
def test_golden(path, date):
    roster, _ = build(path, date=date)
    out = render(roster, "markdown")
    compare(GOLDEN / f"{path.stem}.md", out)


@pytest.mark.parametrize("path", [*EXAMPLES, INVALID], ids=example_id)
def test_same_input_same_bytes(path):
    first, _ = build(path)
    second, _ = build(path)
    assert render(first, "markdown") == render(second, "markdown")


@pytest.mark.parametrize("path", EXAMPLES, ids=example_id)
def test_every_example_has_header_tables_and_footer(path):
    roster, _ = build(path)
    text = render(roster, "markdown").decode("utf-8")
    assert text.startswith(f"# {escape(roster.title)}\n")
    assert f"- Status: **{roster.status}**" in text
    assert roster.fingerprint in text
    assert f"armybuilder {roster.version}" in text
    for table in roster.tables:
        assert f"## {escape(table.title)}\n" in text


@pytest.mark.parametrize("path", [*EXAMPLES, INVALID], ids=example_id)
def test_tables_line_up_as_plain_text(path):
    """Every line of a table has the same display width, and the same cell count."""
    roster, _ = build(path)
    text = render(roster, "markdown").decode("utf-8")
    block: list[str] = []
    for line in [*text.splitlines(), ""]:
        if line.startswith("|"):
            block.append(line)
            continue
        if block:
            assert len({width(row) for row in block}) == 1, block
            assert len({row.replace("\\|", "").count("|") for row in block}) == 1, block
            block = []


def test_invalid_list_is_impossible_to_miss():
    roster, _ = build(INVALID)
    text = render(roster, "markdown").decode("utf-8")
    head = text.split("## ", 1)[0]
    assert "INVALID: 4 errors; this list is not legal as written" in head
    assert "- Status: **INVALID** (4 errors, 0 warnings, 0 info)" in head
    assert "- Points: 49 (incomplete) of 40" in head  # the unknown card 'Armoured Hide' counts 0
    errors = text.split("## Errors\n", 1)[1].split("## ", 1)[0]
    # FTR006: Ranged Attack with no physical or magical chosen, an error since FT 51.2 "must choose"
    assert [line[2:8] for line in errors.strip().splitlines()] == ["FTR022", "FTR002", "FTR006", "FTR007"]
    assert "FTR006 (line 19)" in errors
    assert "## Warnings and notes" not in text


def test_names_cannot_become_markdown_or_html():
    roster, _ = build(INVALID)
    text = render(roster, "markdown").decode("utf-8")
    assert "Rangers \\| \\*bold\\* \\<b\\>" in text
    assert "<b>" not in text
    assert escape("a_b [c](d) `e` ~f~ \\") == "a\\_b \\[c\\](d) \\`e\\` \\~f\\~ \\\\"
    assert escape("two\nlines") == "two lines"


def test_wide_characters_count_double():
    assert width("abc") == 3
    assert width("漢字") == 4
    assert width("é") == 1 and width("e\u0301") == 1
