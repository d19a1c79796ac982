"""A file of the wrong kind, and where a command writes without -o (issue 41 items 3 and 7).

- ``validate army.pdf`` said "the file is not UTF-8 text (byte 0x93 ...)": it says it is a PDF, and
  that verify or import reads it.
- ``verify packet.pdf`` and ``import packet.pdf`` on a tournament packet said "the roster carries
  no list (it was made by an older armybuilder ...)": they say it is a packet of N lists, and
  ``import PACKET --list K`` takes one out.
- ``export`` and ``import`` required ``-o``: without it they write beside the list, never over a
  file without ``--force``. ``armybuilder -h`` was refused.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

pytest.importorskip("pypdf")

ROOT = Path(__file__).resolve().parents[2]
FIX = ROOT / "tests/events/fixtures"
PACK = FIX / "packs/autumn-clash.yaml"
GREENWOOD = ROOT / "examples/fantasy-triumph/greenwood-host.yaml"


@pytest.fixture
def army(tmp_path):
    f = tmp_path / "army.yaml"
    shutil.copyfile(GREENWOOD, f)
    return f


@pytest.fixture
def packets(run, tmp_path):
    folder = tmp_path / "submissions"
    folder.mkdir()
    for f in sorted((FIX / "lists/ft").glob("*.yaml")):
        shutil.copyfile(f, folder / f.name)
    shutil.copyfile(FIX / "lists/broken/not-yaml.yaml", folder / "zed-broken.yaml")
    named, anonymous = tmp_path / "packet.pdf", tmp_path / "anonymous.pdf"
    assert run("tournament", PACK, folder, "--packet", named).exit_code == 1
    assert run("tournament", PACK, folder, "--packet", anonymous, "--anonymous").exit_code == 1
    return named, anonymous, sorted(folder.glob("*.yaml"))


def test_validate_and_add_say_a_pdf_is_a_roster_to_verify_or_import(run, army, tmp_path):
    pdf = tmp_path / "army.pdf"
    assert run("export", army, "-o", pdf).exit_code == 0
    r = run("validate", pdf)
    assert r.exit_code == 1 and "not UTF-8" not in r.stdout
    said = "ABL003 [error] the file is a PDF (a roster, or a tournament packet), not a list file"
    assert f"{pdf}:1:1: {said}" in r.stdout
    assert f"armybuilder verify {pdf} checks a roster, and armybuilder import {pdf} -o LIST.yaml" in r.stdout
    before = pdf.read_bytes()
    r = run("add", pdf, "hero", "Sage")
    assert r.exit_code == 2 and "the file is a PDF" in r.stderr and "fix it by hand" not in r.stderr
    assert pdf.read_bytes() == before


def test_an_image_is_said_to_be_one(run, write):
    f = write("photo.yaml", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
    r = run("validate", f)
    assert r.exit_code == 1 and "ABL003 [error] the file is a PNG image, not a list file" in r.stdout


def test_verify_says_a_packet_is_a_packet(run, packets):
    named, anonymous, _ = packets
    r = run("verify", named)
    assert r.exit_code == 2 and "carries no list" not in r.stderr
    assert "it is a tournament packet of 4 lists (armybuilder tournament --packet), not one roster" in r.stderr
    assert f"armybuilder import {named} --list K takes list K (1 to 4) out of it" in r.stderr
    r = run("verify", anonymous)
    assert r.exit_code == 2 and "tournament packet of 4 lists" in r.stderr
    assert "it carries no list file (an anonymous packet" in r.stderr


def test_import_takes_one_list_out_of_a_packet(run, packets, tmp_path):
    named, anonymous, sources = packets
    r = run("import", named, "-o", tmp_path / "x.yaml")
    assert r.exit_code == 2 and "tournament packet of 4 lists" in r.stderr and "--list K" in r.stderr
    assert not (tmp_path / "x.yaml").exists()
    fingerprints = [run("fingerprint", s).stdout.split()[0] for s in sources[:3]]
    for k, fingerprint in enumerate(fingerprints, 1):  # the packet's lists are in the folder's order
        out = tmp_path / f"list-{k}.yaml"
        r = run("import", named, "--list", k, "-o", out)
        assert r.exit_code in (0, 1), r.stderr
        assert f"from list {k} of a tournament packet" in r.stderr
        assert run("fingerprint", out).stdout.split()[0] == fingerprint
    r = run("import", named, "--list", 4, "-o", tmp_path / "4.yaml")  # the broken file
    assert r.exit_code == 2 and "list 4 of the packet is a file that could not be read as a list" in r.stderr
    r = run("import", named, "--list", 5, "-o", tmp_path / "5.yaml")
    assert r.exit_code == 2 and "has no list 5: its lists are numbered 1 to 4" in r.stderr
    r = run("import", anonymous, "--list", 1, "-o", tmp_path / "a.yaml")
    assert r.exit_code == 2 and "carries no list file (an anonymous packet" in r.stderr
    r = run("import", named, "--list", 1)  # no -o: beside the packet
    assert r.exit_code in (0, 1) and (tmp_path / "packet-list-1.yaml").exists()


def test_list_applies_to_a_packet_only(run, army, tmp_path):
    pdf = tmp_path / "army.pdf"
    run("export", army, "-o", pdf)
    r = run("import", pdf, "--list", 1, "-o", tmp_path / "x.yaml")
    assert r.exit_code == 2 and "--list takes a list out of a tournament packet" in r.stderr


def test_export_and_import_write_beside_the_list_without_o(run, army, tmp_path):
    r = run("export", army)
    assert r.exit_code == 0 and f"wrote {tmp_path / 'army.pdf'}" in r.stderr
    before = (tmp_path / "army.pdf").read_bytes()
    r = run("export", army)
    assert r.exit_code == 2 and "already exists; use --force" in r.stderr
    assert (tmp_path / "army.pdf").read_bytes() == before
    assert run("export", army, "--to", "markdown").exit_code == 0 and (tmp_path / "army.md").exists()
    assert run("export", army, "--to", "text").exit_code == 0 and (tmp_path / "army.txt").exists()
    army.unlink()
    r = run("import", tmp_path / "army.pdf")
    assert r.exit_code == 0 and f"wrote {army} from a PDF roster" in r.stderr and army.exists()
    r = run("import", tmp_path / "army.pdf")
    assert r.exit_code == 2 and "already exists; use --force" in r.stderr
    assert run("import", tmp_path / "army.pdf", "--force").exit_code == 0


def test_import_of_a_share_code_without_o_names_the_file_after_the_list(run, army, tmp_path, monkeypatch):
    code = run("share", army).stdout.strip()
    from typer.testing import CliRunner

    from armybuilder.cli import app

    monkeypatch.chdir(tmp_path)
    r = CliRunner().invoke(app, ["import", code], catch_exceptions=False)
    assert r.exit_code == 0 and (tmp_path / "the-greenwood-host.yaml").exists(), r.stderr


@pytest.mark.parametrize("args", [["-h"], ["validate", "-h"], ["add", "-h"], ["export", "-h"]])
def test_dash_h_is_help(run, args):
    r = run(*args)
    assert r.exit_code == 0 and r.stdout.startswith("Usage: armybuilder")


def test_a_packet_list_numbered_with_a_digit_int_cannot_read_is_left_out(run, packets, tmp_path):
    """'²' is a digit to str.isdigit but not to int(): a packet whose embedded file is numbered with
    it (a hostile one) still says it is a packet of N lists, and the file is not taken for a list."""
    from pypdf import PdfReader, PdfWriter

    named, _, _ = packets
    writer = PdfWriter(clone_from=PdfReader(named))
    writer.add_attachment("armybuilder-packet-list-².json", b"{}")
    hostile = tmp_path / "hostile.pdf"
    with hostile.open("wb") as out:
        writer.write(out)
    r = run("verify", hostile)
    assert "tournament packet of 4 lists" in r.stderr and "ValueError" not in r.stderr + r.stdout
