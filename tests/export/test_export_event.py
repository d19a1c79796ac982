"""``export LIST --event PACK``: the roster of a list checked against an event pack, as a player
prints it for that event.

The roster names the event (and its date when the pack gives one) in every format, escaped like
the list's own words; its status, findings and exit code are the event's verdict, as ``validate
--event`` gives it; a pack that cannot be used is refused with validate's messages; and the roster
verifies with its pack (``verify ROSTER --event PACK``), and only with it.

After a deliberate change, rewrite the golden files with ``ARMYBUILDER_UPDATE_GOLDEN=1`` and read them.
"""

from __future__ import annotations

import json

import pytest

from armybuilder import events
from armybuilder.export import render
from armybuilder.export.roster import build
from tests.support.golden import compare

from .helpers import FT_EXAMPLE, GOLDEN, ROOT, pdf_text

AUTUMN = ROOT / "examples" / "events" / "autumn-clash.yaml"  # 51 points, Illusion banned; a date
GAMES_DAY = ROOT / "examples" / "events" / "games-day.yaml"  # 51 points, Mindblast banned; no date
# Legal under the game's rules (51 of 51 points), not at Autumn Clash: two Illusion cards, which
# the event bans (EVT011).
IRON = ROOT / "examples" / "fantasy-triumph" / "iron-marches.yaml"
FORMATS = [("markdown", "md"), ("pdf", "pdf"), ("json", "json"), ("text", "txt")]


def _shown(data: bytes, fmt: str) -> str:
    return pdf_text(data) if fmt == "pdf" else data.decode("utf-8")


# -- the roster names the event ------------------------------------------------------------------


def test_markdown_golden():
    roster, _ = build(IRON, pack=events.load(AUTUMN))
    compare(GOLDEN / "event-iron-marches.md", render(roster, "markdown"))


def test_text_golden():
    roster, _ = build(IRON, pack=events.load(AUTUMN))
    compare(GOLDEN / "text" / "event-iron-marches.txt", render(roster, "text"))


@pytest.mark.parametrize("fmt,suffix", FORMATS)
def test_every_format_names_the_event_and_its_date(run, tmp_path, fmt, suffix):
    out = tmp_path / f"roster.{suffix}"
    r = run("export", IRON, "--event", AUTUMN, "--to", fmt, "-o", out)
    assert r.exit_code == 1, r.stderr
    text = _shown(out.read_bytes(), fmt)
    if fmt == "json":
        assert json.loads(text)["event"] == {"name": "Autumn Clash 2026", "date": "2026-10-17", "pack": AUTUMN.name}
    elif fmt == "pdf":
        assert "Event Autumn Clash 2026 Event date 2026-10-17" in text
        assert "Checked against Autumn Clash 2026 (event pack autumn-clash.yaml)" in text
    else:
        bullet = "- " if fmt == "markdown" else ""
        assert f"\n{bullet}Event: Autumn Clash 2026\n{bullet}Event date: 2026-10-17\n" in text


@pytest.mark.parametrize("fmt,suffix", FORMATS)
def test_a_pack_without_a_date_gives_the_name_only(run, tmp_path, fmt, suffix):
    out = tmp_path / f"roster.{suffix}"
    assert run("export", FT_EXAMPLE, "--event", GAMES_DAY, "--to", fmt, "-o", out).exit_code == 0
    text = _shown(out.read_bytes(), fmt)
    assert "Club Games Day" in text and "Event date" not in text
    if fmt == "json":
        assert json.loads(text)["event"]["date"] is None
    if fmt == "text":
        assert "\nVALID: legal at Club Games Day (0 errors, 0 warnings, 0 info)\n" in text


@pytest.mark.parametrize("fmt", ["markdown", "pdf", "json", "text"])
def test_without_event_no_event_line(fmt):
    roster, _ = build(FT_EXAMPLE)
    text = _shown(render(roster, fmt), fmt)
    assert "Event" not in text and "event pack" not in text
    if fmt == "json":
        assert json.loads(text)["event"] is None


NAMED = "Spring *Cup* [x](y) <b>|</b> \\e[31mred"  # YAML's \e: an escape sequence in the name


@pytest.fixture
def odd_pack(write):
    return write("odd.yaml", f'event: "{NAMED}"\ndate: "<i>May</i>"\nsystem: fantasy-triumph\npoints: 51\n')


def test_markdown_escapes_the_event(odd_pack):
    md = render(build(FT_EXAMPLE, pack=events.load(odd_pack))[0], "markdown").decode("utf-8")
    assert "- Event: Spring \\*Cup\\* \\[x\\](y) \\<b\\>\\|\\</b\\> \ufffd\\[31mred\n" in md
    assert "- Event date: \\<i\\>May\\</i\\>\n" in md
    assert "\x1b" not in md and "<b>" not in md


def test_pdf_and_text_print_the_event_without_control_characters(odd_pack):
    roster, _ = build(FT_EXAMPLE, pack=events.load(odd_pack))
    for fmt in ("pdf", "text"):
        text = _shown(render(roster, fmt), fmt)
        assert "Spring *Cup* [x](y) <b>|</b>" in text and "\x1b" not in text, fmt


def test_json_keeps_the_event_as_written(odd_pack):
    data = render(build(FT_EXAMPLE, pack=events.load(odd_pack))[0], "json")
    assert b"\x1b" not in data  # JSON escapes it
    assert json.loads(data)["event"]["name"] == NAMED.replace("\\e", "\x1b")


def test_json_roster_with_an_event_fits_its_schema():
    import jsonschema

    schema = json.loads((ROOT / "schemas" / "roster.schema.json").read_text(encoding="utf-8"))
    for path, pack in ((IRON, AUTUMN), (FT_EXAMPLE, GAMES_DAY)):
        doc = json.loads(render(build(path, pack=events.load(pack))[0], "json"))
        jsonschema.validate(doc, schema)


# -- the status is the event's verdict -----------------------------------------------------------


def test_legal_in_general_invalid_for_the_event(run, tmp_path):
    assert run("validate", IRON).exit_code == 0  # the game's rules alone: VALID
    expected = run("validate", IRON, "--event", AUTUMN)
    assert expected.exit_code == 1 and "EVT011" in expected.stdout
    for fmt, suffix in FORMATS:
        out = tmp_path / f"roster.{suffix}"
        r = run("export", IRON, "--event", AUTUMN, "--to", fmt, "-o", out)
        assert r.exit_code == 1, (fmt, r.stderr)
        assert r.stderr.splitlines()[0] == expected.stderr.splitlines()[-1]  # the same status line
        text = _shown(out.read_bytes(), fmt)
        assert "INVALID" in text and "EVT011" in text and "Illusion" in text, fmt
        if fmt == "json":
            doc = json.loads(text)
            assert doc["valid"] is False and doc["measure"]["text"] == "51 of 51 points"
            assert {e["code"] for e in doc["errors"]} == {"EVT011"}
    md = (tmp_path / "roster.md").read_text(encoding="utf-8")
    assert "> **INVALID: 1 error; this list is not legal at Autumn Clash 2026.**" in md


def test_the_same_list_without_event_exports_valid(run, tmp_path):
    out = tmp_path / "roster.md"
    assert run("export", IRON, "-o", out).exit_code == 0
    assert "- Status: **VALID**" in out.read_text(encoding="utf-8")


# -- a pack that cannot be used: what validate --event says --------------------------------------


def _refusals(run, tmp_path, pack):
    out = tmp_path / "roster.md"
    exported = run("export", FT_EXAMPLE, "--event", pack, "-o", out)
    validated = run("validate", FT_EXAMPLE, "--event", pack)
    assert not out.exists()  # nothing written
    return exported, validated


def test_missing_pack(run, tmp_path):
    exported, validated = _refusals(run, tmp_path, tmp_path / "nowhere.yaml")
    assert exported.exit_code == validated.exit_code == 2
    said = [line for line in exported.stderr.splitlines() if "--event" in line and "does not exist" in line]
    assert said and said[0] in validated.stderr


@pytest.mark.parametrize(
    "content,code",
    [
        ("event: [unclosed\n", "ABL004"),  # not YAML
        ("system: fantasy-triumph\nname: A list\npoints: 51\nclasses: []\n", "EVT001"),  # a list, not a pack
        ("event: Cup\nsystem: no-such-game\n", "EVT002"),  # a pack that cannot be used
    ],
    ids=["not-yaml", "a-list", "unknown-system"],
)
def test_bad_pack(run, tmp_path, write, content, code):
    exported, validated = _refusals(run, tmp_path, write("pack.yaml", content))
    assert exported.exit_code == validated.exit_code == 2
    assert exported.stdout == "" and exported.stderr == validated.stderr
    assert code in exported.stderr


# -- it verifies, with its pack ------------------------------------------------------------------


@pytest.mark.parametrize("fmt,suffix", [("markdown", "md"), ("pdf", "pdf"), ("json", "json")])
def test_a_legal_event_roster_verifies_with_its_pack(run, tmp_path, fmt, suffix):
    out = tmp_path / f"roster.{suffix}"
    assert run("export", FT_EXAMPLE, "--event", GAMES_DAY, "--to", fmt, "-o", out).exit_code == 0
    r = run("verify", out, "--event", GAMES_DAY)
    assert r.exit_code == 0, r.stdout
    assert "verified: VALID, 51 of 51 points" in r.stdout and "at Club Games Day, where it is legal" in r.stdout
    # without the pack its verdict cannot be checked again: the game's rules alone give another
    r = run("verify", out)
    assert r.exit_code == 2 and r.stdout == ""
    assert "checked against the event Club Games Day" in r.stderr and "--event PACK" in r.stderr
    # another event's pack is not the roster's
    r = run("verify", out, "--event", AUTUMN)
    assert r.exit_code == 1
    assert "the roster was checked against the event Club Games Day; the pack given is for Autumn Clash" in r.stdout


@pytest.mark.parametrize("fmt,suffix", [("markdown", "md"), ("pdf", "pdf"), ("json", "json")])
def test_an_illegal_event_roster_verifies_and_exits_1(run, tmp_path, fmt, suffix):
    """The roster tells the truth (INVALID at the event), and the list is not legal there: exit 1,
    as verify --event gives for any list illegal at the event. Its findings digest matches though
    the event's messages name the list file's lines, which the carried list no longer has."""
    out = tmp_path / f"roster.{suffix}"
    assert run("export", IRON, "--event", AUTUMN, "--to", fmt, "-o", out).exit_code == 1
    r = run("verify", out, "--event", AUTUMN)
    assert r.exit_code == 1, r.stdout
    assert "verified: INVALID, 51 of 51 points" in r.stdout
    assert "at Autumn Clash 2026, where it is not legal (1 error)" in r.stdout
    assert "does not verify" not in r.stdout


def test_an_edited_event_roster_does_not_verify(run, tmp_path):
    out = tmp_path / "roster.md"
    assert run("export", IRON, "--event", AUTUMN, "-o", out).exit_code == 1
    md = out.read_text(encoding="utf-8")
    md = md.replace("- Status: **INVALID** (1 error,", "- Status: **VALID** (0 errors,")
    out.write_text(md.replace("> **INVALID: 1 error; this list is not legal at Autumn Clash 2026.**\n\n", ""))
    r = run("verify", out, "--event", AUTUMN)
    assert r.exit_code == 1
    assert "the roster says VALID; the list it carries has 1 error now" in r.stdout


def test_findings_digest_does_not_depend_on_the_layout(tmp_path):
    """The same list laid out otherwise: the event's messages name other list lines, the digest is
    the same (as the fingerprint is)."""
    moved = tmp_path / "moved.yaml"
    moved.write_text("# a comment\n\n\n" + IRON.read_text(encoding="utf-8"), encoding="utf-8")
    pack = events.load(AUTUMN)
    (a, ra), (b, rb) = build(IRON, pack=pack), build(moved, pack=pack)
    assert [f.message for f in ra.findings] != [f.message for f in rb.findings]  # list line 41 / 44
    assert a.fingerprint == b.fingerprint and a.findings_digest == b.findings_digest
