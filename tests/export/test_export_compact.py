"""``export --compact``: the PDF roster on one page (smaller type, tighter tables, notes run
together), its text still read back; a roster that cannot fit says so on stderr."""

from __future__ import annotations

import io

import pytest

pytest.importorskip("reportlab")
pypdf = pytest.importorskip("pypdf")

from armybuilder.export import ExportOptions, exporter, render  # noqa: E402
from armybuilder.export.roster import build  # noqa: E402

from .helpers import EXAMPLES, FT_EXAMPLE, INVALID, PLAYER_NOTE, example_id, pdf_text, squash  # noqa: E402

# A whole draft record holds two armies (each with its talents, Tactics and Grudges) and six notes:
# more than one page even at the smallest compact type, so it is exported with a warning.
TOO_LONG = {"token-terrors/friday-night-draft.yaml"}


def _pages(data: bytes) -> int:
    return len(pypdf.PdfReader(io.BytesIO(data)).pages)


def _compact(path, with_rules=False):
    roster, _ = build(path, with_rules=with_rules)
    exp = exporter("pdf")
    return roster, exp.render(roster, ExportOptions(compact=True)), exp.warnings


@pytest.mark.parametrize("path", [*EXAMPLES, INVALID, PLAYER_NOTE], ids=example_id)
def test_every_example_on_one_page_and_it_reads_back(path):
    roster, data, warnings = _compact(path)
    if example_id(path) in TOO_LONG:
        assert _pages(data) == 2
        assert warnings == [
            "the roster takes 2 pages even with --compact (at the smallest type): "
            "it has too many rows or findings for one page"
        ]
    else:
        assert _pages(data) == 1, warnings
        assert warnings == []
    text = pdf_text(data)
    for needle in (roster.title, roster.status, roster.measure_text, roster.fingerprint, "page 1 of"):
        assert squash(needle) in text
    for table in roster.tables:
        assert squash(table.title) in text
        for row in table.text_rows():
            if row and row[0]:
                assert squash(row[0]) in text
    for f in roster.errors:
        assert f.code in text
    for n in roster.not_checked:
        assert squash(n)[:40] in text


def test_compact_fits_what_the_normal_roster_spreads_over_two_pages():
    roster, _ = build(FT_EXAMPLE)
    assert _pages(render(roster, "pdf")) == 2
    assert _pages(render(roster, "pdf", compact=True)) == 1
    assert render(roster, "pdf", compact=True) == render(roster, "pdf", compact=True)  # the same bytes


@pytest.mark.parametrize("path", EXAMPLES, ids=example_id)
def test_with_the_rules_everything_on_one_page_or_a_warning(path):
    """Issue 26 point 5: ``--compact --with-rules`` gave 2 pages with no warning. The appendix
    follows the roster on its page when both fit; when not, the roster keeps a page of its own, the
    appendix follows it, and stderr says so."""
    roster, data, warnings = _compact(path, with_rules=True)
    pages = [squash(p.extract_text()) for p in pypdf.PdfReader(io.BytesIO(data)).pages]
    assert (warnings == []) == (len(pages) == 1), warnings
    appendix = " ".join(pages)[" ".join(pages).index("Rules used") :]
    for e in roster.rules:
        assert squash(e.name) in appendix
    if len(pages) > 1:
        first = 2 if example_id(path) in TOO_LONG else 1  # the page the appendix starts on, after the roster
        assert all("Rules used" not in p for p in pages[:first]) and "Rules used" in pages[first]
        said = "the roster and its rules appendix take" if first == 1 else "the roster takes 2 pages"
        assert len(warnings) == 1 and warnings[0].startswith(said), warnings


def test_compact_with_the_rules_warns_on_stderr_when_it_takes_two_pages(run, tmp_path):
    out = tmp_path / "iron.pdf"
    r = run("export", "examples/fantasy-triumph/iron-marches.yaml", "-o", out, "--compact", "--with-rules")
    assert r.exit_code == 0
    assert _pages(out.read_bytes()) == 2
    assert (
        "iron-marches.yaml: the roster and its rules appendix take 2 pages even with --compact: the roster "
        "is on page 1, the appendix on page 2"
    ) in r.stderr


def test_a_short_roster_fits_one_page_without_compact(tmp_path):
    """Issue 26 point 5: a plain 3-class roster took 2 pages, the second holding only the fine print."""
    path = tmp_path / "short.yaml"
    path.write_text(
        "system: fantasy-triumph\nname: Test Host\nclasses:\n"
        "  - {name: Wardens, troop: Elite Foot, stands: 2, general: true}\n"
        "  - {name: Rangers, troop: Light Foot, stands: 3}\n"
        "  - {name: Archers, troop: Shooters, stands: 3}\n",
        encoding="utf-8",
    )
    roster, _ = build(path)
    exp = exporter("pdf")
    data = exp.render(roster, ExportOptions())
    assert _pages(data) == 1 and exp.warnings == []
    text = pdf_text(data)
    for needle in ("Not checked", roster.fingerprint, "page 1 of 1", *(squash(n)[:40] for n in roster.not_checked)):
        assert squash(needle) in text


def _long_list(tmp_path):
    """A Fantasy Triumph list of 60 classes: no page holds its table."""
    lines = ["system: fantasy-triumph", "name: The Endless Host", "points: 400", "classes:"]
    for i in range(60):
        lines += [f"  - name: Class {i + 1}", "    troop: Spear", "    stands: 1", "    cards: [Deadly]"]
    path = tmp_path / "endless.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_a_list_that_cannot_fit_is_spilled_with_a_warning(run, tmp_path):
    src = _long_list(tmp_path)
    out = tmp_path / "endless.pdf"
    r = run("export", src, "--to", "pdf", "-o", out, "--compact")
    assert r.exit_code in (0, 1)  # the list's own verdict; the roster is written either way
    pages = _pages(out.read_bytes())
    assert pages > 1
    assert f"{src}: the roster takes {pages} pages even with --compact" in r.stderr
    assert "Class 60" in pdf_text(out.read_bytes())


def test_compact_is_for_a_pdf_only(run):
    r = run("export", FT_EXAMPLE, "--to", "markdown", "-o", "-", "--compact")
    assert r.exit_code == 0
    assert "--compact lays out a PDF only; the markdown roster is as usual" in r.stderr
    roster, _ = build(FT_EXAMPLE)
    assert r.stdout == render(roster, "markdown").decode("utf-8")
