"""PDF rosters: the text reads back (pypdf), the bytes are reproducible, the bundled font prints
Greek and Cyrillic, tables continue across pages, and the paper size is honoured."""

from __future__ import annotations

import io
import subprocess
import sys

import pytest

pytest.importorskip("reportlab")
pypdf = pytest.importorskip("pypdf")

from armybuilder.export import ExportOptions, Paper, exporter, render  # noqa: E402
from armybuilder.export.roster import build  # noqa: E402
from armybuilder.yamlio import load_file  # noqa: E402

from .helpers import EXAMPLES, FT_EXAMPLE, INVALID, ROOT, example_id, pdf_text, squash  # noqa: E402


def _pdf(path, paper="a4"):
    roster, _ = build(path)
    return roster, render(roster, "pdf", paper)


@pytest.mark.parametrize("path", EXAMPLES, ids=example_id)
def test_every_example_reads_back(path):
    """Every row of every table (its first cell: the class, unit, faction, race...), the total
    and the status are in the text of the PDF."""
    roster, data = _pdf(path)
    text = pdf_text(data)
    assert roster.title in text
    assert roster.status in text
    assert roster.measure_text in text
    assert roster.fingerprint in text
    for table in roster.tables:
        assert squash(table.title) in text
        for row in table.text_rows():
            if row and row[0]:
                assert squash(row[0]) in text, f"{table.title}: {row[0]!r} is not in the PDF"


def test_fantasy_triumph_classes_heroes_cards_and_total():
    _, data = _pdf(FT_EXAMPLE)
    text = pdf_text(data)
    listed = load_file(FT_EXAMPLE).data
    for c in listed["classes"]:
        assert c["name"] in text
    for h in listed["heroes"]:
        assert h["name"] in text
    for needle in (
        "Wardens (general)",
        "Elite Foot",
        "Javelin Cavalry",
        "Ambush (home)",
        "Prepared Defenses x1",
        "51 of 51 points",
        "VALID",
        "Fantasy Triumph data version 3",
        "page 1 of 2",  # the ratings, the victory value and what is not checked take a second page
        "page 2 of 2",
        "Not checked",
    ):
        assert needle in text
    assert "INVALID" not in text


def test_invalid_list_says_so_with_every_error():
    roster, data = _pdf(INVALID)
    text = pdf_text(data)
    assert "INVALID: 4 errors; this list is not legal as written" in text
    assert "49 (incomplete) of 40 points" in text  # the unknown card 'Armoured Hide' counts 0: no FTR020
    for f in roster.errors:
        assert f.code in text
    for code in ("FTR022", "FTR002", "FTR007", "FTR006"):
        assert code in text


def test_greek_and_cyrillic_names_print_with_the_bundled_font():
    roster, _ = build(INVALID)
    exp = exporter("pdf")
    data = exp.render(roster, ExportOptions())
    assert exp.warnings == []
    text = pdf_text(data)
    for name in ("Φάλαγγα и Дружина", "Οπλίτες", "Дружинники"):
        assert name in text
    reader = pypdf.PdfReader(io.BytesIO(data))
    fonts = {str(f["/BaseFont"]) for page in reader.pages for f in page["/Resources"]["/Font"].values()}
    assert any(f.endswith("+DejaVuSans") for f in fonts), fonts
    assert any(f.endswith("+DejaVuSans-Bold") for f in fonts), fonts


def test_characters_the_font_lacks_are_reported(tmp_path):
    src = tmp_path / "thai.yaml"
    src.write_text(FT_EXAMPLE.read_text(encoding="utf-8").replace("The Greenwood Host", "ไทย Host"), encoding="utf-8")
    roster, _ = build(src)
    exp = exporter("pdf")
    exp.render(roster, ExportOptions())
    assert len(exp.warnings) == 1
    assert "'ไ' (U+0E44)" in exp.warnings[0] and "'ท' (U+0E17)" in exp.warnings[0]


@pytest.mark.parametrize(
    "name,player,font",
    [
        ("漢字 Host", "李小龍", "STSong-Light"),  # Chinese
        ("龍の軍勢", "やまだ たろう", "HeiseiKakuGo-W5"),  # Japanese: kana, and its kanji with them
        ("김민준 부대", "김민준", "HYGothic-Medium"),  # Korean
    ],
)
def test_cjk_names_print_in_a_cjk_font_and_read_back(tmp_path, run, name, player, font):
    """Issue 37, item 6: "A CJK name prints as boxes ('□□□.yaml') on the packet's summary page."
    The bundled DejaVu Sans has no CJK glyph: each run of CJK characters is set in one of the CID
    fonts every PDF reader supplies; the names read back as text, and verify still passes."""
    src = tmp_path / f"{player}.yaml"
    text = FT_EXAMPLE.read_text(encoding="utf-8").replace("The Greenwood Host", name)
    src.write_text(text.replace("name:", f"player: {player}\nname:", 1), encoding="utf-8")
    out, again = tmp_path / "roster.pdf", tmp_path / "again.pdf"
    r = run("export", src, "-o", out)
    assert r.exit_code == 0 and "glyph" not in r.stderr and "box" not in r.stderr, r.stderr
    run("export", src, "-o", again)
    assert out.read_bytes() == again.read_bytes()
    reader = pypdf.PdfReader(io.BytesIO(out.read_bytes()))
    page = reader.pages[0].extract_text()
    assert page.startswith(name) and player in page and f"{player}.yaml" in page
    assert f"{name} · VALID · " in page  # the footer, one line, as verify reads it
    fonts = {str(f["/BaseFont"]) for p in reader.pages for f in p["/Resources"]["/Font"].values()}
    assert f"/{font}" in fonts and any(f.endswith("+DejaVuSans") for f in fonts), fonts
    v = run("verify", out)
    assert v.exit_code == 0 and "verified" in v.stdout, v.stdout + v.stderr


def test_without_the_bundled_font_helvetica_is_used_with_a_warning(monkeypatch, tmp_path):
    from armybuilder.export import pdf

    monkeypatch.setattr(pdf, "_registered", None)
    monkeypatch.setattr(pdf, "FONT_DIR", tmp_path)  # no font files there
    roster, _ = build(INVALID)
    exp = exporter("pdf")
    exp.render(roster, ExportOptions())
    assert "Helvetica cannot print" in exp.warnings[0]
    assert "'Φ' (U+03A6)" in exp.warnings[0]


@pytest.mark.parametrize("path", [FT_EXAMPLE, INVALID], ids=lambda p: p.name)
def test_same_input_same_bytes(path):
    _, first = _pdf(path)
    _, second = _pdf(path)
    assert first == second


def test_same_bytes_in_another_process(tmp_path):
    out = tmp_path / "other.pdf"
    code = "import sys; from armybuilder.export import run; sys.exit(run(sys.argv[1], 'pdf', sys.argv[2]).code)"
    subprocess.run(
        [sys.executable, "-c", code, str(FT_EXAMPLE), str(out)], check=True, cwd=tmp_path, capture_output=True
    )
    _, here = _pdf(FT_EXAMPLE)
    assert out.read_bytes() == here


def test_no_timestamp_unless_dated():
    roster, _ = build(FT_EXAMPLE)
    meta = pypdf.PdfReader(io.BytesIO(render(roster, "pdf"))).metadata
    assert "2026" not in pdf_text(render(roster, "pdf"))
    dated, _ = build(FT_EXAMPLE, date="2026-11-30")
    assert "2026-11-30" in pdf_text(render(dated, "pdf"))
    assert meta.title == "The Greenwood Host"


@pytest.mark.parametrize("paper,size", [(Paper.a4, (595.28, 841.89)), (Paper.letter, (612, 792))])
def test_paper_size(paper, size):
    _, data = _pdf(FT_EXAMPLE, paper=paper)
    box = pypdf.PdfReader(io.BytesIO(data)).pages[0].mediabox
    assert (round(float(box.width), 2), round(float(box.height), 2)) == size


def test_a_long_table_continues_across_pages_with_its_header(tmp_path):
    lines = ["system: fantasy-triumph", "name: A very long host", "points: 400", "classes:"]
    for i in range(70):
        lines += [f"  - name: Company {i + 1:02d}", "    troop: Light Foot", "    stands: 1"]
        if i == 0:
            lines.append("    general: true")
    src = tmp_path / "long.yaml"
    src.write_text("\n".join(lines) + "\n", encoding="utf-8")
    _, data = _pdf(src)
    reader = pypdf.PdfReader(io.BytesIO(data))
    assert len(reader.pages) >= 2
    pages = [squash(p.extract_text()) for p in reader.pages]
    with_rows = [t for t in pages if "Company" in t]
    assert len(with_rows) >= 2
    for t in with_rows:  # the header row is repeated on every page the table reaches
        assert "Class Troop Stands Per stand" in t
    n = len(reader.pages)
    for i, t in enumerate(pages, 1):  # and every page has the footer
        assert f"page {i} of {n}" in t and "A very long host · VALID" in t
    text = " ".join(pages)
    for i in range(70):
        assert f"Company {i + 1:02d}" in text


def test_reportlab_is_not_imported_at_start_up():
    code = (
        "import sys, armybuilder.cli, armybuilder.export, armybuilder.export.markdown; "
        "sys.exit('reportlab' in sys.modules)"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)


# Issue 26 point 5: a plain 3-class host (Shooters, Horde with Deadly and Elite Foot, 4 stands
# each, a hero with Deadly: 16 + 16 + 16 + 3 = 51 points against 48, FTR020).
SHORT_HOST = """\
system: fantasy-triumph
name: Scan 27
points: 48
topography: Forest
classes:
- name: C0
  troop: Shooters
  stands: 4
  general: true
- name: C1
  troop: Horde
  stands: 4
  cards:
  - Deadly
- name: C2
  troop: Elite Foot
  stands: 4
heroes:
- name: H
  cards:
  - Deadly
"""


def test_a_short_roster_fits_one_page_and_still_verifies(run, tmp_path):
    """It took 2 pages, the second holding only "Not checked" and the export facts."""
    src = tmp_path / "short.yaml"
    src.write_text(SHORT_HOST, encoding="utf-8")
    out = tmp_path / "short.pdf"
    assert run("export", src, "--to", "pdf", "-o", out).exit_code == 1  # INVALID: FTR020
    reader = pypdf.PdfReader(out)
    assert len(reader.pages) == 1
    text = squash(reader.pages[0].extract_text())
    for needle in ("51 of 48 points", "FTR020", "At the table", "Not checked", "Findings digest", "page 1 of 1"):
        assert needle in text
    r = run("verify", out)
    assert r.exit_code == 0 and "verified: INVALID, 51 of 48 points" in r.stdout


def test_no_page_holds_only_the_trailing_sections(run, tmp_path):
    """A host of 36 classes takes 3 pages; its third held only "Not checked" and the export facts.
    The section before them ("At the table", the victory value) goes over with them."""
    lines = ["system: fantasy-triumph", "name: Big Host", "points: 48", "topography: Forest", "classes:"]
    troops = ["Shooters", "Horde", "Elite Foot"]
    for i in range(36):
        lines += [f"- name: C{i}", f"  troop: {troops[i % 3]}", f"  stands: {2 + i % 3}"]
        if i == 0:
            lines.append("  general: true")
    src = tmp_path / "big.yaml"
    src.write_text("\n".join([*lines, "heroes:", "- name: H0"]) + "\n", encoding="utf-8")
    out = tmp_path / "big.pdf"
    run("export", src, "--to", "pdf", "-o", out)
    pages = [squash(p.extract_text()) for p in pypdf.PdfReader(out).pages]
    assert len(pages) == 3
    assert "Not checked" in pages[2] and "At the table" in pages[2] and "Victory value" in pages[2]
    assert "At the table" not in pages[1]
    assert run("verify", out).exit_code == 0


# ---------------------------------------------------------------------------
# Laid out as often as the fit needs, drawn once (issue 40: the roster was built up to 8 times)


@pytest.mark.parametrize("path", EXAMPLES, ids=example_id)
def test_every_layout_tried_is_measured_and_one_pdf_is_drawn(path, monkeypatch):
    from reportlab.platypus.paragraph import Paragraph

    from armybuilder.export.pdf import PdfExporter

    builds: list[bool] = []
    drawn: list[bool] = []
    real_build, real_draw = PdfExporter._build, Paragraph.drawPara

    def build_(self, *args, measure=False):
        builds.append(measure)
        return real_build(self, *args, measure=measure)

    def draw_(self, *args, **kwargs):
        drawn.append(builds[-1])
        return real_draw(self, *args, **kwargs)

    monkeypatch.setattr(PdfExporter, "_build", build_)
    monkeypatch.setattr(Paragraph, "drawPara", draw_)
    roster, _ = build(path)
    data = render(roster, "pdf", "a4")
    assert builds.count(False) == 1 and builds[-1] is False  # the one chosen, drawn last
    assert drawn and not any(drawn)  # a measure draws no paragraph
    assert pypdf.PdfReader(io.BytesIO(data)).pages


@pytest.mark.parametrize("path", EXAMPLES, ids=example_id)
@pytest.mark.parametrize("compact", [False, True], ids=["plain", "compact"])
def test_measuring_a_layout_chooses_what_building_it_would(path, compact, monkeypatch):
    """Every layout tried built whole instead of measured (as before issue 40): the same PDF, byte
    for byte, so the fit is as snug as it was and no example's page count moves."""
    from armybuilder.export.pdf import PdfExporter

    roster, _ = build(path)
    measured = render(roster, "pdf", "a4", compact=compact)
    real = PdfExporter._build
    monkeypatch.setattr(PdfExporter, "_build", lambda self, *args, measure=False: real(self, *args))
    assert render(roster, "pdf", "a4", compact=compact) == measured


def test_a_measure_counts_the_pages_the_pdf_has():
    """Each layout a roster may take, measured and drawn: the same pages (the measure skips only the drawing)."""
    from armybuilder.export.pdf import SNUG_STEPS, PdfExporter

    roster, _ = build(FT_EXAMPLE)
    options = ExportOptions(paper=Paper.a4)
    pdf = PdfExporter()
    pdf._layout = {}
    for scale, snug in ((1.0, 0), *SNUG_STEPS):
        pdf._snug = snug
        for keep_tail in (False, True):
            pdf._keep_tail = keep_tail
            pdf._build(roster, options, scale, measure=True)
            measured = (pdf._pages, pdf._roster_pages, pdf._body_page)
            data = pdf._build(roster, options, scale)
            assert measured == (pdf._pages, pdf._roster_pages, pdf._body_page)
            assert len(pypdf.PdfReader(io.BytesIO(data)).pages) == pdf._pages


def test_reportlab_s_uri_pattern_is_compiled_when_used():
    """load_platypus defers one slow pattern of reportlab's (25-50 ms at import); used, it matches as ever."""
    import re

    from armybuilder.export.pdf import load_platypus

    load_platypus()
    from reportlab.platypus import paragraph

    real = re.compile(paragraph.uri_pat.pattern, paragraph.uri_pat.flags)
    for uri in ("https://example.com/a/b?c=1", "ftp://192.168.0.1:21/x", "not a uri", "http://xn--bcher-kva.example"):
        assert bool(paragraph.uri_pat.match(uri)) == bool(real.match(uri)), uri
