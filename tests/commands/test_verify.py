"""Rosters that prove themselves (issue 15, point 6): every roster carries the list it was made from,
its data version and its findings digest, and ``armybuilder verify ROSTER [--event PACK]`` checks
the carried list again and compares it with what the roster prints.

Issue 15: "Organisers say validation errors are easily deleted from a printout, so they ask for
the raw list files instead." Done when: verify catches an edited total in a Markdown roster, a
list that became invalid under the event, and a roster that carries no list; the PDF round trip
is covered.
"""

from __future__ import annotations

import hashlib
import io
import json
import re
from pathlib import Path

import pytest

from armybuilder.export import render
from armybuilder.export.roster import build
from armybuilder.findings import Finding, Severity
from armybuilder.fingerprint import canonical_bytes, carried_bytes, findings_digest, of_file
from armybuilder.yamlio import load_file

ROOT = Path(__file__).resolve().parents[2]
HOST = ROOT / "examples/fantasy-triumph/greenwood-host.yaml"  # 51 of 51 points, VALID
INVALID = ROOT / "tests/export/lists/invalid-host.yaml"  # 49 (incomplete: an unknown card) of 40 points, 4 errors
ALICE = ROOT / "tests/events/fixtures/lists/ft/alice-legal.yaml"  # legal at 48 points
AUTUMN = ROOT / "examples/events/autumn-clash.yaml"  # 51 points, Mindblast and Illusion banned, 1 hero
IRON = ROOT / "examples/fantasy-triumph/iron-marches.yaml"  # legal, but 2 Illusion cards: not at Autumn Clash
EXAMPLES = sorted(p for p in (ROOT / "examples").glob("*/*.yaml") if p.parent.name != "events")


def roster_file(tmp_path: Path, source: Path, fmt: str, name: str | None = None) -> Path:
    roster, _ = build(source)
    suffix = {"markdown": "md", "pdf": "pdf", "json": "json"}[fmt]
    out = tmp_path / (name or f"{source.stem}.{suffix}")
    out.write_bytes(render(roster, fmt))
    return out


def verify(run, roster: Path, *more: str):
    return run("verify", roster, *more)


# -- every roster carries its list ---------------------------------------------------------------


@pytest.mark.parametrize("fmt", ["markdown", "pdf", "json"])
@pytest.mark.parametrize("source", EXAMPLES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_example_roster_verifies(run, tmp_path, fmt, source):
    r = verify(run, roster_file(tmp_path, source, fmt))
    assert r.exit_code == 0, r.stdout
    assert ": verified: " in r.stdout and of_file(source) in r.stdout


def test_a_markdown_roster_carries_the_canonical_list_and_the_digest(tmp_path):
    text = roster_file(tmp_path, HOST, "markdown").read_text(encoding="utf-8")
    block = re.search(r"^```json armybuilder-list\n(.*)\n```$", text, re.MULTILINE)
    assert block is not None
    assert json.loads(block.group(1)) == load_file(HOST).data
    assert hashlib.sha256(canonical_bytes(json.loads(block.group(1)))).hexdigest() == of_file(HOST)
    _, result = build(HOST)
    assert f"- Findings digest: `{findings_digest(result.findings)}`" in text
    assert "- Exported by armybuilder 0.1.0; Fantasy Triumph data version 3" in text


def test_a_json_roster_carries_the_list_and_the_digest_and_fits_its_schema(tmp_path):
    from jsonschema import Draft202012Validator

    from armybuilder.resources import load_schema

    doc = json.loads(roster_file(tmp_path, INVALID, "json").read_text(encoding="utf-8"))
    Draft202012Validator(load_schema("roster")).validate(doc)
    assert doc["list"] == load_file(INVALID).data
    assert re.fullmatch("[0-9a-f]{64}", doc["footer"]["findings_digest"])
    assert doc["system"]["data_version"] == "3"


def test_the_pdf_round_trip_reads_the_embedded_list_back(tmp_path, run):
    from pypdf import PdfReader

    from armybuilder.export.pdf import LIST_FILE

    pdf = roster_file(tmp_path, HOST, "pdf")
    reader = PdfReader(io.BytesIO(pdf.read_bytes()))
    [carried] = reader.attachments[LIST_FILE]
    assert carried == carried_bytes(load_file(HOST).data)  # the file's key order, canonical values
    assert json.loads(carried) == load_file(HOST).data
    assert hashlib.sha256(canonical_bytes(json.loads(carried))).hexdigest() == of_file(HOST)
    text = re.sub(r"\s+", " ", " ".join(p.extract_text() for p in reader.pages))
    assert "Findings digest: " in text and "this PDF carries the list it was made from" in text
    r = verify(run, pdf)
    assert r.exit_code == 0 and "verified: VALID, 51 of 51 points" in r.stdout


def test_rosters_stay_byte_for_byte_reproducible(tmp_path):
    for fmt in ("markdown", "pdf", "json"):
        a = roster_file(tmp_path, INVALID, fmt, f"a.{fmt}").read_bytes()
        b = roster_file(tmp_path, INVALID, fmt, f"b.{fmt}").read_bytes()
        assert a == b


# -- what verify catches ---------------------------------------------------------------------------


def test_an_edited_total_in_a_markdown_roster(run, tmp_path):
    md = roster_file(tmp_path, HOST, "markdown")
    md.write_text(md.read_text(encoding="utf-8").replace("- Points: 51 of 51", "- Points: 48 of 51"), encoding="utf-8")
    r = verify(run, md)
    assert r.exit_code == 1
    assert r.stdout.splitlines() == [
        f"{md}: does not verify (1 difference):",
        "  - the printed total was edited: the roster says 48 of 51 points (line 5); the list it carries comes to "
        "51 of 51 points",
    ]


def test_a_list_that_became_invalid_under_the_event(run, tmp_path):
    # The Iron Marches are legal; Autumn Clash bans the Illusion cards they hold (EVT011).
    md = roster_file(tmp_path, IRON, "markdown")
    assert verify(run, md).exit_code == 0
    r = verify(run, md, "--event", AUTUMN)
    assert r.exit_code == 1
    assert "the roster says VALID; under Autumn Clash 2026 the list it carries has 1 error: EVT011" in r.stdout
    assert "card 'Illusion' is banned at Autumn Clash 2026" in r.stdout


def test_a_list_legal_at_the_event_verifies_under_it(run, tmp_path):
    r = verify(run, roster_file(tmp_path, ALICE, "pdf"), "--event", AUTUMN)
    assert r.exit_code == 0 and r.stdout.rstrip().endswith("; legal at Autumn Clash 2026")


@pytest.mark.parametrize("fmt", ["markdown", "json", "pdf"])
def test_a_roster_that_carries_no_list(run, tmp_path, fmt):
    roster, _ = build(HOST)
    roster.carried = None  # as an older armybuilder made it, or with its list cut out
    out = tmp_path / f"old.{fmt}"
    out.write_bytes(render(roster, fmt))
    r = verify(run, out)
    assert r.exit_code == 1
    assert "the roster carries no list, so what it prints cannot be checked" in r.stdout


def test_errors_cut_out_of_a_markdown_roster(run, tmp_path):
    md = roster_file(tmp_path, INVALID, "markdown")
    lines, section, kept = md.read_text(encoding="utf-8").split("\n"), "", []
    for line in lines:
        section = line if line.startswith("## ") else section
        if section == "## Errors" and line.startswith("- "):
            continue
        kept.append(line)
    md.write_text("\n".join(kept), encoding="utf-8")
    r = verify(run, md)
    assert r.exit_code == 1
    assert "the roster prints 0 errors (its Errors section); the list it carries has 4" in r.stdout


def test_a_roster_that_says_valid_when_its_list_has_errors(run, tmp_path):
    md = roster_file(tmp_path, INVALID, "markdown")
    text = md.read_text(encoding="utf-8")
    text = re.sub(r"^> \*\*INVALID.*\n", "", text, flags=re.MULTILINE)
    text = text.replace("**INVALID** (4 errors", "**VALID** (0 errors").replace("- INVALID: ", "- VALID: ")
    md.write_text(text, encoding="utf-8")
    r = verify(run, md)
    assert r.exit_code == 1
    assert "the roster says VALID; the list it carries has 4 errors now" in r.stdout


def test_a_list_swapped_inside_a_pdf_roster(run, tmp_path):
    # The roster printed for Alice's legal list, carrying another list: the fingerprints differ.
    roster, _ = build(ALICE)
    roster.carried = carried_bytes(load_file(INVALID).data)
    pdf = tmp_path / "swapped.pdf"
    pdf.write_bytes(render(roster, "pdf"))
    r = verify(run, pdf)
    assert r.exit_code == 1
    assert "the list or its printed fingerprint was changed" in r.stdout
    assert "the roster says VALID; the list it carries has 4 errors now" in r.stdout


def test_an_edited_json_roster(run, tmp_path):
    js = roster_file(tmp_path, INVALID, "json")
    doc = json.loads(js.read_text(encoding="utf-8"))
    doc["measure"]["text"] = "39 of 40 points"
    doc["errors"] = doc["errors"][:1]
    js.write_text(json.dumps(doc), encoding="utf-8")
    r = verify(run, js)
    assert r.exit_code == 1
    assert "the printed total was edited: the roster says 39 of 40 points (measure.text)" in r.stdout
    assert "the roster prints 1 error (errors); the list it carries has 4" in r.stdout


def test_edited_findings_no_longer_match_the_digest(run, tmp_path):
    js = roster_file(tmp_path, HOST, "json")
    doc = json.loads(js.read_text(encoding="utf-8"))
    doc["footer"]["findings_digest"] = "0" * 64
    js.write_text(json.dumps(doc), encoding="utf-8")
    r = verify(run, js)
    assert r.exit_code == 1 and "do not match the roster's findings digest" in r.stdout


def test_new_game_data_is_told_apart_from_an_edited_printout(run, tmp_path):
    md = roster_file(tmp_path, HOST, "markdown")
    # a roster printed with data version 1, before the Fantasy Triumph ratings (issue 28)
    text = md.read_text(encoding="utf-8").replace("Fantasy Triumph data version 3", "Fantasy Triumph data version 1")
    md.write_text(text.replace("- Points: 51 of 51", "- Points: 50 of 51"), encoding="utf-8")
    r = verify(run, md)
    assert r.exit_code == 1
    assert "with data version 3 the total is 51 of 51 points: the roster says 50 of 51 points" in r.stdout
    assert "the roster was made with data version 1; armybuilder has 3" in r.stderr


def test_an_invalid_roster_that_says_so_verifies(run, tmp_path):
    # It tells the truth: INVALID, with every error (names with Markdown and HTML in them).
    r = verify(run, roster_file(tmp_path, INVALID, "markdown"))
    assert r.exit_code == 0 and "verified: INVALID, 49 (incomplete) of 40 points" in r.stdout


# -- the findings digest ---------------------------------------------------------------------------


def test_the_findings_digest_is_the_documented_form():
    # fingerprint.py: each finding as [code, severity, message, path], sorted by canonical text,
    # one JSON array in the canonical form, SHA-256 of its UTF-8.
    a = Finding("FTR020", Severity.ERROR, "the army costs 51 points, 3 over", "army size", ("points",), 5, 9)
    b = Finding("FTR030", Severity.WARNING, "½ point wasted", None, ("classes", 0, "cards", 1), 12, 3)
    text = (
        '[["FTR020","error","the army costs 51 points, 3 over",["points"]],'
        '["FTR030","warning","½ point wasted",["classes",0,"cards",1]]]'
    )
    assert findings_digest([b, a]) == hashlib.sha256(text.encode("utf-8")).hexdigest()
    assert findings_digest([]) == hashlib.sha256(b"[]").hexdigest()
    moved = Finding("FTR020", Severity.ERROR, "the army costs 51 points, 3 over", "army size", ("points",), 40, 1)
    assert findings_digest([a]) == findings_digest([moved])  # the file's layout does not count


# -- hostile rosters -------------------------------------------------------------------------------


def test_a_file_that_is_no_roster_is_a_usage_error(run, tmp_path):
    assert verify(run, HOST).exit_code == 2  # a list, not a roster
    junk = tmp_path / "junk.bin"
    junk.write_bytes(b"\xff\xfe\x00garbage")
    r = verify(run, junk)
    assert r.exit_code == 2 and "not UTF-8" in r.stderr
    js = tmp_path / "x.json"
    js.write_text('{"not": "a roster"}', encoding="utf-8")
    assert verify(run, js).exit_code == 2


def test_a_damaged_pdf_is_a_usage_error_not_a_traceback(run, tmp_path):
    data = roster_file(tmp_path, HOST, "pdf").read_bytes()
    cut = tmp_path / "cut.pdf"
    cut.write_bytes(data[: len(data) // 3])
    r = verify(run, cut)
    assert r.exit_code in (1, 2) and "Traceback" not in r.stdout + r.stderr


def test_a_carried_list_too_large_deep_or_damaged_cannot_be_verified(run, tmp_path):
    base = roster_file(tmp_path, HOST, "markdown").read_text(encoding="utf-8")
    block = re.search(r"^```json armybuilder-list\n(.*)\n```$", base, re.MULTILINE)
    assert block is not None
    for bad, said in [
        ('{"x": "' + "a" * (1024 * 1024) + '"}', "bytes; a list is at most"),
        ("[" * 40 + "]" * 40, "nests deeper than 32 levels"),
        ('{"system": NaN}', "is damaged: it is not JSON"),
        ("{not json", "is damaged: it is not JSON"),
    ]:
        md = tmp_path / "bad.md"
        md.write_text(base.replace(block.group(1), bad), encoding="utf-8")
        r = verify(run, md)
        assert r.exit_code == 1 and said in r.stdout, (bad[:20], r.stdout)
    md.write_text(base[: base.rindex("```")], encoding="utf-8")
    assert "its block has no end" in verify(run, md).stdout


def test_a_carried_list_as_deep_as_a_file_may_be_verifies(run, tmp_path):
    """A list nested 32 collections deep is a list file (the reader takes it) and exports; verify
    counted each plain value as a level too and refused its roster as "nests deeper than 32 levels"
    (the share code's reader had the same count, found by the fuzz run)."""
    deep = tmp_path / "deep.yaml"
    deep.write_text("system: fantasy-triumph\nname: Deep\nx: " + "[" * 31 + "1" + "]" * 31 + "\n", encoding="utf-8")
    roster = tmp_path / "deep.json"
    assert run("export", deep, "-o", roster).exit_code == 1  # invalid (an unknown key), and carried whole
    r = verify(run, roster)
    assert r.exit_code == 0 and ": verified: INVALID" in r.stdout, r.stdout


def test_text_from_a_roster_never_drives_the_terminal(run, tmp_path):
    md = roster_file(tmp_path, HOST, "markdown")
    text = md.read_text(encoding="utf-8").replace("- Points: 51 of 51", "- Points: 5\x1b[2J1 of 51")
    md.write_text(text, encoding="utf-8")
    r = verify(run, md)
    assert "\x1b" not in r.stdout + r.stderr


def test_a_name_that_would_close_the_markdown_block_round_trips(run, tmp_path):
    src = tmp_path / "ticks.yaml"
    src.write_text(
        HOST.read_text(encoding="utf-8").replace("name: Rangers", 'name: "Rangers ``` </details> & \u2028 co"'),
        encoding="utf-8",
    )
    md = roster_file(tmp_path, src, "markdown")
    text = md.read_text(encoding="utf-8")
    assert text.count("```") == 2 and "</details>" not in text and "\u2028" not in text
    r = verify(run, md)
    assert r.exit_code == 0, r.stdout


def test_verify_of_a_missing_pack_or_a_broken_one_is_a_usage_error(run, tmp_path):
    md = roster_file(tmp_path, HOST, "markdown")
    bad = tmp_path / "pack.yaml"
    bad.write_text("event: X\nsystem: fantasy-triumph\nban: [Spellblst]\n", encoding="utf-8")
    r = verify(run, md, "--event", bad)
    assert r.exit_code == 2 and "EVT003" in r.stderr and r.stdout == ""


# -- everything the roster prints (issue 26 point 1) ------------------------------------------------

WARDENS = "| Wardens (general)    | Elite Foot      |      2 |"


def test_an_edited_row_of_a_markdown_roster_is_named(run, tmp_path):
    """Issue 26 point 1: the Wardens' row changed from 2 stands to 4 (13 points to 26), the carried
    list untouched, verified as VALID: only the fingerprint, status, errors and total were compared."""
    md = roster_file(tmp_path, HOST, "markdown")
    text = md.read_text(encoding="utf-8")
    row = next(line for line in text.split("\n") if line.startswith(WARDENS))
    edited = row.replace("|      2 |", "|      4 |").replace("|    13 |", "|    26 |")
    md.write_text(text.replace(row, edited), encoding="utf-8")
    n = text.split("\n").index(row) + 1
    r = verify(run, md)
    assert r.exit_code == 1
    assert r.stdout.splitlines() == [
        f"{md}: does not verify (1 difference):",
        f"  - line {n} of the roster reads '{' '.join(edited.split())}'; the list it carries gives "
        f"'{' '.join(row.split())}'",
    ]


def test_an_edited_row_of_a_pdf_roster_is_named(run, tmp_path):
    """A PDF that prints 4 Wardens stands while it carries the list of 2: its pages are laid out again
    from the carried list and compared."""
    roster, _ = build(HOST)
    row = roster.tables[0].rows[0]
    assert row[0] == "Wardens (general)" and row[2] == 2
    row[2], row[6] = 4, 26
    pdf = tmp_path / "edited.pdf"
    pdf.write_bytes(render(roster, "pdf"))
    r = verify(run, pdf)
    assert r.exit_code == 1
    assert r.stdout.splitlines()[1:] == [
        "  - page 1 of the roster reads 'Wardens Elite Foot 4 4 + Deadly 2 + Armored ½ 6½ 26 3 MU'; "
        "the list it carries gives 'Wardens Elite Foot 2 4 + Deadly 2 + Armored ½ 6½ 13 3 MU'"  # "(general)" wraps
    ]


def test_an_edited_row_of_a_json_roster_is_named(run, tmp_path):
    js = roster_file(tmp_path, HOST, "json")
    doc = json.loads(js.read_text(encoding="utf-8"))
    doc["tables"][0]["rows"][0][2] = 4
    js.write_text(json.dumps(doc), encoding="utf-8")
    r = verify(run, js)
    assert r.exit_code == 1
    assert r.stdout.splitlines()[1:] == ["  - the roster's tables[0].rows[0][2] is '4'; the list it carries gives '2'"]


def test_an_edited_finding_and_note_are_named(run, tmp_path):
    md = roster_file(tmp_path, INVALID, "markdown")
    text = md.read_text(encoding="utf-8")
    lines = text.split("\n")
    n = next(i for i, line in enumerate(lines) if line.startswith("- FTR") and "line" in line)
    lines[n] = lines[n][:-3] + "xyz"  # the end of an error's message
    md.write_text("\n".join(lines), encoding="utf-8")
    r = verify(run, md)
    assert r.exit_code == 1 and f"line {n + 1} of the roster reads" in r.stdout
    md.write_text(text.replace("- play: ", "- no play: "), encoding="utf-8")  # the "Not checked" section
    r = verify(run, md)
    assert r.exit_code == 1 and "of the roster reads '- no play: " in r.stdout


@pytest.mark.parametrize("fmt", ["markdown", "pdf", "json"])
@pytest.mark.parametrize(
    "options",
    [
        ["--min-severity", "warning"],
        ["--min-severity", "error"],
        ["--with-rules"],
        ["--date", "2026-10-17"],
        ["--compact", "--paper", "letter"],
        ["--event", "examples/events/autumn-clash.yaml"],
    ],
    ids=lambda o: " ".join(o),
)
def test_a_roster_made_with_any_options_verifies(run, tmp_path, fmt, options):
    suffix = {"markdown": "md", "pdf": "pdf", "json": "json"}[fmt]
    for source in (INVALID, ALICE):  # findings of every severity and of the event; a legal list
        out = tmp_path / f"{source.stem}.{suffix}"
        made = run("export", source, "-o", out, "--force", *options)
        assert made.exit_code in (0, 1), made.stderr
        r = verify(run, out, *(options if options[0] == "--event" else ()))
        assert ": verified: " in r.stdout, (source.name, r.stdout)


def test_a_pdf_without_its_layout_record_is_laid_out_as_its_pages_say(run, tmp_path, monkeypatch):
    """A PDF roster written before it recorded its layout: the file name and date are read from its
    first page, and both layouts (with and without --compact) are tried."""
    import armybuilder.export.pdf as pdf

    monkeypatch.setattr(pdf, "_layout_record", lambda roster, options: {})
    out = tmp_path / "old.pdf"
    assert run("export", HOST, "-o", out, "--compact", "--date", "2026-10-17").exit_code == 0
    r = verify(run, out)
    assert r.exit_code == 0 and ": verified: VALID" in r.stdout, r.stdout


# -- a PDF roster's pages read no more than they need ----------------------------------------------


def _pdf_reads(monkeypatch) -> list[str]:
    """The text extraction modes pypdf is asked for, in turn, from now on."""
    from pypdf import PageObject

    calls: list[str] = []
    real = PageObject.extract_text

    def counted(self, *args, **kwargs):
        calls.append(kwargs.get("extraction_mode", "plain"))
        return real(self, *args, **kwargs)

    monkeypatch.setattr(PageObject, "extract_text", counted)
    return calls


def test_a_pdf_roster_laid_out_the_same_has_only_its_own_pages_read(run, tmp_path, monkeypatch):
    """The PDF laid out again from the carried list is not read where its pages are the roster's: the
    same bytes, or a copy rewritten by pypdf (its layout record lost), whose pages have the same
    content and resources."""
    from pypdf import PdfReader

    from armybuilder.export.pdf import LIST_FILE
    from tests.support.rosters import pdf_carrying

    pdf = roster_file(tmp_path, HOST, "pdf")
    reader = PdfReader(io.BytesIO(pdf.read_bytes()))
    copy = tmp_path / "copy.pdf"
    copy.write_bytes(pdf_carrying(pdf.read_bytes(), reader.attachments[LIST_FILE][0]))
    calls = _pdf_reads(monkeypatch)
    for roster in (pdf, copy):
        calls.clear()
        r = verify(run, roster)
        assert r.exit_code == 0 and ": verified: VALID" in r.stdout, r.stdout
        assert calls == ["plain"] * len(reader.pages), roster.name


def test_a_pdf_whose_font_reads_a_letter_as_another_is_named(run, tmp_path):
    """The same drawing operations, with a font whose map reads W as X: the pages' text differs, and
    the row is named (the content streams alone are not what verify compares)."""
    from pypdf import PdfWriter

    pdf = roster_file(tmp_path, HOST, "pdf")
    writer = PdfWriter(clone_from=io.BytesIO(pdf.read_bytes()))
    fonts = writer.pages[0]["/Resources"]["/Font"]
    cmap = next(f["/ToUnicode"] for f in fonts.values() if f["/BaseFont"].endswith("+DejaVuSans"))  # regular type
    assert b"<57> <0057>" in cmap.get_data()  # its W
    cmap.set_data(cmap.get_data().replace(b"<57> <0057>", b"<57> <0058>"))
    out = io.BytesIO()
    writer.write(out)
    pdf.write_bytes(out.getvalue())
    r = verify(run, pdf)
    assert r.exit_code == 1
    assert r.stdout.splitlines()[1:] == [
        "  - page 1 of the roster reads 'Xardens Elite Foot 2 4 + Deadly 2 + Armored ½ 6½ 13 3 MU'; "
        "the list it carries gives 'Wardens Elite Foot 2 4 + Deadly 2 + Armored ½ 6½ 13 3 MU'"
    ]


def test_a_pdf_rosters_pages_depend_on_min_severity_only_through_its_notices():
    """verify lays a roster out once for the --min-severity levels that keep the same notices (a PDF
    without its layout record is tried at each level): the level itself is only in the layout record."""
    from pypdf import PdfReader

    from armybuilder.export import ExportOptions, exporter

    roster, _ = build(HOST)  # no warnings, no notes: every level keeps the same (none)
    assert not roster.notices
    pages = []
    for level in ("info", "warning", "error"):
        data = exporter("pdf").render(roster, ExportOptions(min_severity=level))
        pages.append([p.get_contents().get_data() for p in PdfReader(io.BytesIO(data)).pages])
    assert pages[0] == pages[1] == pages[2]
