"""The QR code on a PDF roster: rendered to an image by poppler's pdftoppm and read by zxing-cpp,
it is the list's share code, the one ``armybuilder share`` prints, for every example list."""

from __future__ import annotations

import os
import shutil
import subprocess

import pytest

from .helpers import EXAMPLES, FT_EXAMPLE, INVALID, example_id, pdf_text

# .ci/run installs poppler-utils: on CI a missing pdftoppm fails these tests instead of skipping them
pytestmark = pytest.mark.skipif(
    shutil.which("pdftoppm") is None and not os.environ.get("CI"), reason="poppler-utils (pdftoppm) is not installed"
)


def scanned(pdf, tmp_path, dpi: int = 150, page: int = 1) -> list[str]:
    """The texts of the QR codes in the top half of a page of the PDF (its header), as a phone would
    read them."""
    import zxingcpp
    from PIL import Image

    top_half = ["-x", "0", "-y", "0", "-W", str(9 * dpi), "-H", str(11 * dpi // 2)]  # inches: 9 wide, 5½ high
    subprocess.run(
        [
            "pdftoppm",
            "-r",
            str(dpi),
            "-gray",
            "-f",
            str(page),
            "-l",
            str(page),
            *top_half,
            str(pdf),
            str(tmp_path / "page"),
        ],
        check=True,
    )
    (image,) = tmp_path.glob("page*.pgm")
    image = image.rename(tmp_path / f"scanned-{page}-{dpi}.pgm")
    with Image.open(image) as page:
        return [b.text for b in zxingcpp.read_barcodes(page, formats=zxingcpp.BarcodeFormat.QRCode)]


@pytest.mark.parametrize("path", [*EXAMPLES, INVALID], ids=example_id)
def test_the_qr_code_is_the_share_code(run, tmp_path, path):
    pdf = tmp_path / "roster.pdf"
    assert run("export", path, "-o", pdf).exit_code in (0, 1)
    shared = run("share", path).stdout.strip()
    assert shared.startswith("AB1.")
    assert scanned(pdf, tmp_path) == [shared]  # an INVALID watermark does not cross it


def test_the_scanned_code_imports_the_list(run, tmp_path):
    from armybuilder.fingerprint import of_file

    pdf = tmp_path / "roster.pdf"
    run("export", FT_EXAMPLE, "-o", pdf, "--paper", "letter")
    (code,) = scanned(pdf, tmp_path, dpi=100)
    out = tmp_path / "back.yaml"
    assert run("import", code, "-o", out).exit_code == 0
    assert of_file(out) == of_file(FT_EXAMPLE)


def test_the_qr_code_has_a_caption_and_the_header_keeps_its_facts(run, tmp_path):
    pdf = tmp_path / "roster.pdf"
    run("export", FT_EXAMPLE, "-o", pdf)
    text = pdf_text(pdf.read_bytes())
    assert "The list's share code: open it in armybuilder" in text
    assert "armybuilder import" not in text  # no command line for an opponent (issue 46, item 8)
    assert "System Fantasy Triumph (fantasy-triumph) Points 51 of 51 Status VALID" in text


def test_a_code_too_long_for_a_qr_code_is_left_off_with_a_warning(run, write, tmp_path):
    import random

    rng = random.Random(16)  # text that does not compress: a long code
    note = "".join(rng.choice("abcdefghijklmnopqrstuvwxyz0123456789") for _ in range(1500))
    text = FT_EXAMPLE.read_text(encoding="utf-8").replace(
        "    general: true\n", f"    general: true\n    note: {note}\n"
    )
    listing = write("long.yaml", text)
    assert len(run("share", listing).stdout.strip()) > 1000
    pdf = tmp_path / "roster.pdf"
    r = run("export", listing, "-o", pdf)
    assert r.exit_code == 0
    assert "too long for a QR code a phone reads from paper" in r.stderr
    assert "open it in armybuilder" not in pdf_text(pdf.read_bytes())
    assert scanned(pdf, tmp_path) == []
    out = tmp_path / "back.yaml"  # the PDF still carries the list
    assert run("import", pdf, "-o", out).exit_code == 0


@pytest.mark.parametrize("length", [859, 3000])  # past version 20; past what any QR code holds
def test_the_qr_cap(length):
    from armybuilder.export import qr

    assert qr.matrix("a" * 858)[0] == qr.MAX_VERSION
    with pytest.raises(qr.TooLong, match=f"the share code is {length:,} characters"):
        qr.matrix("a" * length)


def test_a_file_that_is_not_a_list_gets_no_qr_code(run, write, tmp_path):
    pdf = tmp_path / "roster.pdf"
    r = run("export", write("broken.yaml", "name: [unclosed\n"), "-o", pdf)
    assert r.exit_code == 1
    assert "QR" not in r.stderr
    assert scanned(pdf, tmp_path) == []


def test_a_packet_has_no_qr_code_an_anonymous_one_would_give_names_away(run, tmp_path):
    """A packet carries no list (an anonymous one must not name a player): its rosters print no QR code."""
    packet = tmp_path / "packet.pdf"
    r = run(
        "tournament", "examples/events/autumn-clash.yaml", "examples/fantasy-triumph", "--packet", packet, "--anonymous"
    )
    assert r.exit_code == 1, r.stderr
    assert "List 1" in pdf_text(packet.read_bytes())
    assert scanned(packet, tmp_path, page=2) == []
    assert "open it in armybuilder" not in pdf_text(packet.read_bytes())
