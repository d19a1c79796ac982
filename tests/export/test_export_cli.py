"""`armybuilder export`: exit codes, stdout only for `-o -`, no overwrite without --force."""

from __future__ import annotations

import json

import pytest

from tests.support.golden import compare

from .helpers import FT_EXAMPLE, GOLDEN, pdf_text

FT = "examples/fantasy-triumph/greenwood-host.yaml"
BAD = "tests/export/lists/invalid-host.yaml"


@pytest.mark.parametrize("fmt", ["markdown", "json"])
def test_stdout_for_markdown_and_json(run, fmt):
    r = run("export", FT, "--to", fmt, "-o", "-")
    assert r.exit_code == 0
    if fmt == "json":
        assert json.loads(r.stdout)["status"] == "VALID"
    else:
        compare(GOLDEN / "greenwood-host.md", r.stdout)
    assert r.stderr == f"{FT}: VALID, 51 of 51 points (0 errors, 0 warnings, 0 info)\n"


def test_writes_a_file_and_says_so_on_stderr(run, tmp_path):
    out = tmp_path / "army.pdf"
    r = run("export", FT, "--to", "pdf", "-o", out)
    assert r.exit_code == 0
    assert r.stdout == ""
    assert f"wrote {out} (pdf, A4)" in r.stderr
    assert "51 of 51 points" in pdf_text(out.read_bytes())
    assert [p.name for p in tmp_path.iterdir()] == ["army.pdf"]  # no temporary file left


def test_invalid_list_is_written_and_exits_1(run, tmp_path):
    out = tmp_path / "bad.md"
    r = run("export", BAD, "-o", out, "--date", "2026-11-30")  # format from the suffix
    assert r.exit_code == 1
    compare(GOLDEN / "invalid-host.md", out.read_bytes())
    assert "INVALID" in r.stderr


def test_refuses_to_overwrite_without_force(run, tmp_path):
    out = tmp_path / "army.md"
    out.write_text("keep me", encoding="utf-8")
    r = run("export", FT, "-o", out)
    assert r.exit_code == 2
    assert r.stderr == f"armybuilder export: {out} already exists; use --force to overwrite it\n"
    assert out.read_text(encoding="utf-8") == "keep me"
    r = run("export", FT, "-o", out, "--force")
    assert r.exit_code == 0
    assert out.read_text(encoding="utf-8").startswith("# The Greenwood Host\n")


def test_same_command_twice_same_bytes(run, tmp_path):
    for fmt in ("pdf", "markdown", "json"):
        a, b = tmp_path / f"a.{fmt}", tmp_path / f"b.{fmt}"
        assert run("export", FT, "--to", fmt, "-o", a).exit_code == 0
        assert run("export", FT, "--to", fmt, "-o", b).exit_code == 0
        assert a.read_bytes() == b.read_bytes()


def test_pdf_to_stdout_only_into_a_pipe(run):
    r = run("export", FT, "--to", "pdf", "-o", "-")  # CliRunner's stdout is not a terminal
    assert r.exit_code == 0
    assert r.stdout_bytes.startswith(b"%PDF-")

    from armybuilder.export import run as export

    outcome = export(FT_EXAMPLE, "pdf", "-", stdout_is_tty=True)
    assert outcome.code == 2 and not outcome.stdout
    assert "not written to a terminal" in outcome.stderr[0]


def test_letter_paper(run, tmp_path):
    out = tmp_path / "army.pdf"
    r = run("export", FT, "-o", out, "--paper", "letter")
    assert r.exit_code == 0 and "(pdf, Letter)" in r.stderr
    assert b"/MediaBox [ 0 0 612 792 ]" in out.read_bytes()


@pytest.mark.parametrize(
    "args,message",
    [
        (["-o", "-"], "say which format with --to"),
        (["-o", "army.doc"], "say which format with --to"),
        (["--to", "json", "-o", "-", "--date", "30/11/2026"], "--date takes a date as YYYY-MM-DD"),
        (["--to", "json", "-o", "-", "--date", "2026-02-30"], "is not a calendar date"),
        (["-o", "no/such/dir/army.md"], "does not exist"),
        (["-o", "tests"], "is a directory"),
    ],
)
def test_usage_errors_exit_2(run, args, message):
    r = run("export", FT, *args)
    assert r.exit_code == 2
    assert message in r.stderr
    assert r.stdout == ""


def test_bad_option_values_exit_2(run):
    assert run("export", FT, "--to", "docx", "-o", "-").exit_code == 2
    assert run("export", FT, "--to", "pdf", "--paper", "a3", "-o", "-").exit_code == 2
    assert run("export", "no-such-list.yaml", "-o", "-").exit_code == 2


def test_never_writes_over_the_list_itself(run, tmp_path):
    src = tmp_path / "army.yaml"
    src.write_bytes(FT_EXAMPLE.read_bytes())
    r = run("export", src, "--to", "markdown", "-o", src, "--force")
    assert r.exit_code == 2
    assert "is the list file itself" in r.stderr
    assert src.read_bytes() == FT_EXAMPLE.read_bytes()
