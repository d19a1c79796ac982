"""``armybuilder tournament``: a folder of valid, invalid and broken lists of every system,
every report format, the exit codes, and a run that never stops at a bad file."""

from __future__ import annotations

import csv
import io
import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from events.helpers import FIXTURES, REL

from armybuilder import events, lists, systems
from armybuilder.commands import tournament
from armybuilder.commands.tournament.reports import table
from armybuilder.events import standings
from tests.support.golden import compare

GOLDEN = Path(__file__).resolve().parent / "golden"

ALL = f"{REL}/packs/all-systems.yaml"
AUTUMN = f"{REL}/packs/autumn-clash.yaml"
LISTS = f"{REL}/lists"

# What each list under fixtures/lists is at the Club Games Day (packs/all-systems.yaml), and why.
EXPECTED = {
    "broken/bad-key.yml": ("broken", "ABL022"),
    "broken/empty.yaml": ("broken", "ABL005"),
    "broken/no-system.yaml": ("broken", "ABL030"),
    "broken/not-utf8.yaml": ("broken", "ABL003"),
    "broken/not-yaml.yaml": ("broken", "ABL004"),
    "broken/unknown-system.yaml": ("broken", "ABL031"),
    "broken/wrong-shape.yaml": ("broken", "ABL005"),
    "ft/alice-legal.yaml": ("legal", None),
    "ft/bob-over-points.yaml": ("illegal", "FTR020"),  # the game's rule, at the event's 48 points
    "ft/carol-banned.yaml": ("illegal", "EVT011"),  # Mindblast is banned
    "homm3/sandro-legal.yaml": ("legal", None),
    "homm3/solmyr-adventure.yaml": ("illegal", "EVT016"),  # the day plays skirmish only
    "homm3/unknown-unit.yaml": ("illegal", "HMB014"),
    "sww/murloc-decline.yaml": ("illegal", "EVT011"),  # Murlocs are banned (and not playable)
    "sww/thrall-legal.yaml": ("legal", None),
    "sww/unknown-race.yaml": ("illegal", "SWW001"),
    "tt/goblin-horde.yaml": ("illegal", "EVT012"),  # 6 Goblins, the day allows 5
    "tt/unknown-faction.yaml": ("illegal", "TTB002"),
    "tt/wren-legal.yaml": ("legal", None),
}
# What else is in that folder: never checked, and every report says so (issue 12, fault 6).
SKIPPED = {
    ".drafts": "a hidden folder: not searched",
    ".hidden.yaml": "a hidden file",
    "readme.txt": "not a .yaml or .yml file",
    "spring-pack.yaml": "an event pack (it reads as one), not a list",
}
SYSTEM_OF = {
    "ft": "fantasy-triumph",
    "tt": "token-terrors",
    "sww": "small-world-of-warcraft",
    "homm3": "homm3-battlefield",
}


def expected_for_installed() -> dict:
    """EXPECTED, minus the lists of systems not installed yet (they would be broken: ABL031)."""
    have = set(systems.available())
    return {k: v for k, v in EXPECTED.items() if k.split("/")[0] == "broken" or SYSTEM_OF[k.split("/")[0]] in have}


# -- which files are lists ---------------------------------------------------------------------


def test_collect_takes_every_yaml_in_a_folder_but_hidden_files_and_event_packs():
    files = lists.find([FIXTURES / "lists"])
    rel = [f.relative_to(FIXTURES / "lists").as_posix() for f in files]
    assert rel == sorted(EXPECTED)  # not .hidden.yaml, .drafts/, readme.txt, spring-pack.yaml (an event pack)


def test_collect_keeps_named_files_skips_the_pack_and_duplicates():
    pack = FIXTURES / "packs/autumn-clash.yaml"
    alice = FIXTURES / "lists/ft/alice-legal.yaml"
    files = lists.find([alice, FIXTURES / "lists/ft", FIXTURES / "packs", alice], pack_file=pack)
    names = [f.name for f in files]
    assert names[0] == "alice-legal.yaml" and names.count("alice-legal.yaml") == 1
    assert "autumn-clash.yaml" not in names  # the pack itself
    assert "all-systems.yaml" not in names  # another event pack


def test_a_named_file_is_checked_even_when_it_is_not_a_list(run):
    r = run("tournament", AUTUMN, f"{LISTS}/readme.txt")
    assert r.exit_code == 1
    assert "broken" in r.stdout


# -- a run over every system ---------------------------------------------------------------------


@pytest.fixture(scope="module")
def every_system():

    pack = events.load(FIXTURES / "packs/all-systems.yaml")
    return standings.run(pack, lists.find([FIXTURES / "lists"]))


def test_every_list_gets_its_verdict(every_system):
    got = {Path(e.file).relative_to(FIXTURES / "lists").as_posix(): e for e in every_system.entries}
    for rel, (status, code) in expected_for_installed().items():
        e = got[rel]
        assert e.status == status, (rel, [f"{f.code} {f.message}" for f in e.result.findings])
        if code:
            assert code in [f.code for f in e.result.findings], (rel, [f.code for f in e.result.findings])
    missing = set(EXPECTED) - set(expected_for_installed())
    if missing:
        pytest.skip(f"systems not installed yet: lists {sorted(missing)} not judged")


def test_a_run_keeps_a_small_record_of_each_list(tmp_path):
    """Issue 45, item 10 ("lay out and write each list, then let it go"): a run keeps of each
    checked list only what the reports and the packet's summary read (file, game, name, total,
    status, counts), its findings packed into one block of bytes, not the list's result with a
    Python object for each finding. The 19 lists of every system, four times over (76 lists):
    1,342 bytes kept a list before (Python's allocations, tracemalloc: the same on a busy machine),
    651 now. The findings read back are the check's own, field for field."""
    import gc
    import shutil
    import tracemalloc

    pack = events.load(FIXTURES / "packs/all-systems.yaml")
    for copy in range(4):
        shutil.copytree(FIXTURES / "lists", tmp_path / f"copy-{copy}")
    files = lists.find([tmp_path])
    assert len(files) == 4 * len(EXPECTED)
    standings.run(pack, files[: len(EXPECTED)])  # modules and every game's data loaded, not counted
    gc.collect()
    tracemalloc.start()
    try:
        t = standings.run(pack, files)
        gc.collect()
        kept = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    assert kept / len(files) < 1024, f"{kept / len(files):.0f} bytes kept a list"
    for e in t.entries[: len(EXPECTED)]:
        assert e.result.findings == standings.check_one(Path(e.file), pack).findings
        assert (e.errors, e.warnings) == (e.result.counts()["error"], e.result.counts()["warning"])
        assert e.status == standings.status_of(e.result)


def test_summary_counts(every_system):
    s = every_system.summary()
    assert s["lists"] == len(EXPECTED)
    assert s["broken"] == 7
    if len(expected_for_installed()) == len(EXPECTED):
        assert (s["legal"], s["illegal"]) == (4, 15)
    assert not every_system.all_legal


def test_cli_writes_every_report_format(run, tmp_path):
    reports = {k: tmp_path / f"results.{k}" for k in ("md", "json", "csv", "xml")}
    args = ["tournament", ALL, LISTS]
    for p in reports.values():
        args += ["--report", p]
    r = run(*args)
    assert r.exit_code == 1
    assert "Club Games Day: 19 lists checked" in r.stderr
    assert "4 files skipped (listed in the report)" in r.stderr
    assert all(f"report {p}" in r.stderr for p in reports.values())
    n = len(EXPECTED)

    data = json.loads(reports["json"].read_text(encoding="utf-8"))
    assert data["summary"]["lists"] == n and data["summary"]["broken"] == 7 and data["summary"]["all_legal"] is False
    assert data["event"]["event"] == "Club Games Day"
    by_file = {Path(x["file"]).relative_to(LISTS).as_posix(): x for x in data["lists"]}
    for rel, (status, _) in expected_for_installed().items():
        assert by_file[rel]["status"] == status
        assert by_file[rel]["legal"] is (status == "legal")
    carol = by_file["ft/carol-banned.yaml"]
    assert carol["player"] == "Carol Caster" and carol["points"] == {"total": 43, "limit": 48, "unit": "points"}
    banned = next(f for f in carol["findings"] if f["code"] == "EVT011")
    assert banned["file"] == ALL and banned["line"] == 7
    assert {Path(s["file"]).relative_to(LISTS).as_posix(): s["reason"] for s in data["skipped"]} == SKIPPED

    rows = list(csv.DictReader(io.StringIO(reports["csv"].read_text(encoding="utf-8"))))
    skipped_rows = [row for row in rows if row["status"] == "skipped"]
    rows = [row for row in rows if row["status"] != "skipped"]
    assert len(rows) == n and list(rows[0]) == tournament_csv_columns()
    assert {Path(row["file"]).relative_to(LISTS).as_posix(): row["messages"] for row in skipped_rows} == SKIPPED
    csv_by_file = {Path(row["file"]).relative_to(LISTS).as_posix(): row for row in rows}
    for rel, (status, code) in expected_for_installed().items():
        assert csv_by_file[rel]["status"] == status
        if code:
            assert code in csv_by_file[rel]["codes"].split()
    assert csv_by_file["ft/alice-legal.yaml"]["total"] == "48" and csv_by_file["ft/alice-legal.yaml"]["errors"] == "0"

    root = ET.parse(reports["xml"]).getroot()
    assert root.tag == "testsuites"
    [suite] = root.findall("testsuite")
    cases = [c for c in suite.findall("testcase") if c.find("skipped") is None]
    assert len(cases) == n and suite.get("tests") == str(n)
    assert suite.get("skipped") == "4" and len(suite.findall("testcase/skipped")) == 4
    assert int(suite.get("errors")) == 7 == sum(1 for c in cases if c.find("error") is not None)
    failures = sum(1 for c in cases if c.find("failure") is not None)
    assert int(suite.get("failures")) == failures
    if len(expected_for_installed()) == n:
        assert failures == 8
    carol_case = next(c for c in cases if c.get("file").endswith("carol-banned.yaml"))
    assert carol_case.get("name").endswith("(Carol Caster)")
    assert "EVT011" in carol_case.find("failure").text

    md = reports["md"].read_text(encoding="utf-8")
    assert md.startswith("# Club Games Day\n") and "| System |" in md
    assert md.count("\n| ") == n + 1  # the header and one row a list
    assert "## Not checked" in md and all(reason in md for reason in SKIPPED.values())


def tournament_csv_columns():
    from armybuilder.commands.tournament.reports import CSV_COLUMNS

    return CSV_COLUMNS


def test_markdown_report_golden(run, tmp_path):
    out = tmp_path / "results.md"
    r = run("tournament", AUTUMN, f"{LISTS}/ft", f"{LISTS}/broken", "--report", out)
    assert r.exit_code == 1
    compare(GOLDEN / "tournament-autumn.md", out.read_bytes())


def test_text_table_golden(run):
    r = run("tournament", AUTUMN, f"{LISTS}/ft", f"{LISTS}/broken")
    assert r.exit_code == 1
    compare(GOLDEN / "tournament-autumn.txt", r.stdout)
    assert r.stderr.splitlines()[0] == "Autumn Clash 2026: 10 lists checked: 1 legal, 9 illegal (7 broken files)"


def test_json_on_stdout(run):
    r = run("tournament", AUTUMN, f"{LISTS}/ft", "--format", "json")
    data = json.loads(r.stdout)
    assert [x["status"] for x in data["lists"]] == ["legal", "illegal", "illegal"]


# -- exit codes ----------------------------------------------------------------------------------


def test_exit_0_when_every_list_is_legal(run):
    r = run("tournament", AUTUMN, f"{LISTS}/ft/alice-legal.yaml")
    assert r.exit_code == 0
    assert "1 legal, 0 illegal" in r.stderr


def test_exit_1_when_any_list_is_illegal(run):
    r = run("tournament", AUTUMN, f"{LISTS}/ft/alice-legal.yaml", f"{LISTS}/broken/not-yaml.yaml")
    assert r.exit_code == 1


def test_exit_2_for_a_broken_pack(run, write):
    pack = write("pack.yaml", "event: X\nsystem: fantasy-triumph\nlimit: {heroes: -1}\n")
    r = run("tournament", pack, LISTS)
    assert r.exit_code == 2 and r.stdout == ""
    assert "EVT001" in r.stderr and "no list was checked" in r.stderr


def test_exit_2_when_a_folder_holds_no_lists(run, tmp_path):
    (tmp_path / "notes.txt").write_text("x")
    r = run("tournament", AUTUMN, tmp_path)
    assert r.exit_code == 2 and "no list files" in r.stderr


def test_exit_2_for_an_unknown_report_format(run, tmp_path):
    r = run("tournament", AUTUMN, LISTS, "--report", tmp_path / "results.pdf")
    assert r.exit_code == 2 and "cannot tell the report format" in r.stderr


def test_an_existing_report_is_kept_without_force(run, tmp_path):
    out = tmp_path / "results.json"
    out.write_text("keep me")
    r = run("tournament", AUTUMN, f"{LISTS}/ft/alice-legal.yaml", "--report", out)
    assert r.exit_code == 2 and "--force" in r.stderr
    assert out.read_text() == "keep me"
    r = run("tournament", AUTUMN, f"{LISTS}/ft/alice-legal.yaml", "--report", out, "--force")
    assert r.exit_code == 0
    assert json.loads(out.read_text())["summary"]["legal"] == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["results.json"]  # no temporary file left


def test_exit_2_when_the_report_folder_does_not_exist(run, tmp_path):
    r = run("tournament", AUTUMN, LISTS, "--report", tmp_path / "nowhere" / "r.md")
    assert r.exit_code == 2 and f"the directory {tmp_path / 'nowhere'} does not exist" in r.stderr


@pytest.mark.parametrize("option,name", [("--report", "r.md"), ("--packet", "p.pdf")])
def test_a_directory_as_report_or_packet_is_refused_in_exports_words(run, tmp_path, option, name):
    (tmp_path / name).mkdir()
    r = run("tournament", AUTUMN, LISTS, option, tmp_path / name, "--force")
    assert r.exit_code == 2 and r.stdout == ""
    assert f"{tmp_path / name} is a directory; give a file name" in r.stderr


# -- robustness ----------------------------------------------------------------------------------


def test_a_crash_in_one_check_is_one_illegal_list(monkeypatch):

    ft = systems.get("fantasy-triumph")
    real = type(ft).check

    def flaky(self, data, result, options):
        if data.get("player") == "Bob Bowman":
            raise RuntimeError("boom")
        return real(self, data, result, options)

    monkeypatch.setattr(type(ft), "check", flaky)
    pack = events.load(FIXTURES / "packs/autumn-clash.yaml")
    t = standings.run(pack, lists.find([FIXTURES / "lists/ft"]))
    statuses = {Path(e.file).name: e.status for e in t.entries}
    assert statuses == {"alice-legal.yaml": "legal", "bob-over-points.yaml": "broken", "carol-banned.yaml": "illegal"}
    bob = next(e for e in t.entries if e.file.endswith("bob-over-points.yaml"))
    assert bob.result.findings[0].code == "EVT090" and "RuntimeError: boom" in bob.result.findings[0].message


def test_progress_bar_only_when_asked(monkeypatch, capsys):

    pack = events.load(FIXTURES / "packs/all-systems.yaml")
    files = lists.find([FIXTURES / "lists"])
    assert len(files) > standings.PROGRESS_MIN_LISTS
    seen = []
    t = standings.run(pack, files, progress=True, on_result=seen.append)
    assert len(t.entries) == len(files) == len(seen)
    assert capsys.readouterr().out == ""  # never on stdout


def test_no_progress_bar_when_stderr_is_not_a_terminal(run):
    r = run("tournament", ALL, LISTS)
    assert "checking lists" not in r.stderr


def test_markdown_escapes_what_players_type(write):
    from armybuilder.commands.tournament.reports import markdown

    lst = write(
        "l.yaml",
        "system: fantasy-triumph\nname: '<b>Pipe | *star*</b>'\nplayer: '[x](http://e.invalid)'\n"
        "classes: [{name: A, troop: Knights, stands: 2}]\n",
    )
    pack = events.load(FIXTURES / "packs/autumn-clash.yaml")
    text = markdown(standings.run(pack, [lst]))
    row = next(line for line in text.splitlines() if line.startswith("| 1 |"))
    assert "\\<b\\>Pipe \\| \\*star\\*\\</b\\>" in row and "\\[x\\](http://e.invalid)" in row
    assert row.count(" | ") == 7  # the pipe in the name did not add a column


def test_csv_never_starts_a_cell_with_a_formula(write):
    from armybuilder.commands.tournament.reports import csv_report

    lst = write(
        "l.yaml",
        "system: fantasy-triumph\nname: '=HYPERLINK(\"x\")'\nplayer: '@me'\n"
        "classes: [{name: A, troop: Knights, stands: 2}]\n",
    )
    pack = events.load(FIXTURES / "packs/autumn-clash.yaml")
    [row] = list(csv.DictReader(io.StringIO(csv_report(standings.run(pack, [lst])))))
    assert row["name"] == '\'=HYPERLINK("x")' and row["player"] == "'@me"


def test_junit_survives_control_characters(write):
    from armybuilder.commands.tournament.reports import junit

    lst = write(
        "l.yaml",
        'system: fantasy-triumph\nname: "bell\\a"\nplayer: "nul\\x01"\n'
        "classes: [{name: A, troop: Knights, stands: 2}]\n",
    )
    pack = events.load(FIXTURES / "packs/autumn-clash.yaml")
    root = ET.fromstring(junit(standings.run(pack, [lst])).encode("utf-8"))
    assert len(root.iter("testcase").__next__().get("name")) > 0


def test_the_table_never_prints_escape_sequences_from_a_list(write):

    lst = write(
        "l.yaml",
        'system: fantasy-triumph\nname: "clear\\e[2J"\nplayer: "x\\x9b31m"\n'
        "classes: [{name: A, troop: Knights, stands: 2}]\n",
    )
    pack = events.load(FIXTURES / "packs/autumn-clash.yaml")
    text = table(standings.run(pack, [lst]))
    assert "\x1b" not in text and "\x9b" not in text


@pytest.mark.skipif(not hasattr(__import__("os"), "mkfifo"), reason="no named pipes on this platform")
def test_collect_skips_what_is_not_a_regular_file(tmp_path):
    import os

    (tmp_path / "a.yaml").write_text("system: fantasy-triumph\n")
    os.mkfifo(tmp_path / "pipe.yaml")  # reading it would hang the run
    (tmp_path / "dir.yaml").mkdir()
    assert [f.name for f in lists.find([tmp_path])] == ["a.yaml"]


# -- the command and its reporters, in process -------------------------------------------------


def test_command_returns_an_outcome(tmp_path):
    from armybuilder.outcome import ExitCode

    out = tournament.tournament(
        FIXTURES / "packs/autumn-clash.yaml", [FIXTURES / "lists/ft"], [tmp_path / "r.json"], fmt="json"
    )
    assert out.code is ExitCode.INVALID
    assert out.stderr == [
        "Autumn Clash 2026: 3 lists checked: 1 legal, 2 illegal",
        f"wrote json report {tmp_path / 'r.json'}",
    ]
    assert out.stdout == (tmp_path / "r.json").read_text(encoding="utf-8")  # --format json is the report
    legal = tournament.tournament(FIXTURES / "packs/autumn-clash.yaml", [FIXTURES / "lists/ft/alice-legal.yaml"])
    assert legal.code is ExitCode.OK and legal.stderr == ["Autumn Clash 2026: 1 list checked: 1 legal, 0 illegal"]


def test_command_usage_errors_are_outcomes(write, tmp_path):
    from armybuilder.outcome import ExitCode

    bad = write("bad.yaml", "event: X\nsystem: fantasy-triumph\nlimit: {heroes: -1}\n")
    out = tournament.tournament(bad, [FIXTURES / "lists/ft"])
    assert out.code is ExitCode.USAGE and out.stdout == ""
    assert out.stderr[-1] == f"{bad}: the event pack cannot be used; no list was checked"
    (tmp_path / "empty").mkdir()
    out = tournament.tournament(FIXTURES / "packs/autumn-clash.yaml", [tmp_path / "empty"])
    assert out.code is ExitCode.USAGE and "no list files" in out.stderr[0]


def test_the_table_total_is_the_measure_value_text(every_system):
    text = table(every_system)
    alice = next(line for line in text.splitlines() if "Alice Archer" in line)
    assert "48 of 48 points" in alice and " / 48" not in alice


def test_the_table_in_colour_paints_the_status_and_keeps_the_columns():
    pack = events.load(FIXTURES / "packs/autumn-clash.yaml")
    t = standings.run(pack, lists.find([FIXTURES / "lists/ft"]))
    plain = table(t)
    painted = table(t, color=True)
    assert "\x1b[32mlegal  \x1b[0m" in painted and "\x1b[31millegal\x1b[0m" in painted
    unpainted = painted
    for code in ("\x1b[32m", "\x1b[31m", "\x1b[1;31m", "\x1b[1m", "\x1b[0m"):
        unpainted = unpainted.replace(code, "")
    assert unpainted == plain
