"""The organiser's packet (issue 15, point 8): ``tournament PACK LISTS --packet packet.pdf``.

Issue 15: "writes one PDF: a summary page (legal, illegal, broken, with reasons), then every list
in one layout, one per page. --anonymous drops player names and list names for composition
judging, and each list gets a number. It is deterministic, like every roster."

The fixtures: Alice's list is legal at Autumn Clash (48 points); Bob's costs 51 (over
the event's 48); Carol's holds Mindblast, which the pack bans, and two heroes (limit 1).
"""

from __future__ import annotations

import io
import re
import shutil
import subprocess
from pathlib import Path

import pytest

pypdf = pytest.importorskip("pypdf")

ROOT = Path(__file__).resolve().parents[2]
FIX = ROOT / "tests/events/fixtures"
PACK = FIX / "packs/autumn-clash.yaml"
FT = FIX / "lists/ft"
BROKEN = FIX / "lists/broken/not-yaml.yaml"
PLAYERS = ("Alice Archer", "Bob Bowman", "Carol Caster")
NAMES = ("The Greenwood Host", "The Old Greenwood Host", "Mind Over Matter")


def pages(pdf: Path) -> list[str]:
    reader = pypdf.PdfReader(io.BytesIO(pdf.read_bytes()))
    return [re.sub(r"\s+", " ", p.extract_text()) for p in reader.pages]


@pytest.fixture
def lists(tmp_path):
    folder = tmp_path / "submissions"
    folder.mkdir()
    for f in sorted(FT.glob("*.yaml")):
        shutil.copyfile(f, folder / f.name)
    shutil.copyfile(BROKEN, folder / "zed-broken.yaml")
    return folder


def test_the_packet_has_a_summary_then_each_list_on_a_page_of_its_own(run, tmp_path, lists):
    out = tmp_path / "packet.pdf"
    r = run("tournament", PACK, lists, "--packet", out)
    assert r.exit_code == 1  # some lists are illegal: the verdict of the run, as without --packet
    assert f"wrote packet {out} (4 lists)" in r.stderr
    text = pages(out)
    summary = text[0]
    assert summary.startswith("Autumn Clash 2026 4 lists: 1 legal, 3 illegal (1 broken file)")
    assert "Rules: fantasy-triumph 48 points; data version 3; banned: Mindblast, Illusion" in summary
    for player, name in zip(PLAYERS, NAMES, strict=True):
        assert f"{player}: {name}" in summary
    assert "FTR020: the army costs 51 points, 3 over its limit of 48" in summary  # Bob's reason
    assert "EVT011: card 'Mindblast' is banned at Autumn Clash 2026" in summary  # Carol's
    assert "ABL004" in summary and "broken" in summary  # the file that is not YAML
    # then each list, in the run's order, starting a page: its title first, its number in the footer
    starts = {}
    for i, page in enumerate(text[1:], 2):
        m = re.search(r"Autumn Clash 2026 · list (\d+) · (VALID|INVALID)", page)
        assert m, page[-300:]
        starts.setdefault(int(m.group(1)), (i, page))
    assert sorted(starts) == [1, 2, 3, 4]
    for n, title in enumerate([*NAMES, "zed-broken"], 1):
        page = starts[n][1].removeprefix("INVALID ")  # an illegal list's pale watermark is drawn first
        assert page.startswith(title), (n, page[:60])
    assert "VALID" in starts[1][1] and "INVALID" not in starts[1][1]
    assert "INVALID: 1 error; this list is not legal at Autumn Clash 2026" in starts[2][1]  # Bob, at 48 points
    assert "Event Autumn Clash 2026" in starts[2][1]  # each list's page names the event it is checked against
    assert f"page {len(text)} of {len(text)}" in text[-1]


def test_anonymous_packets_number_the_lists_and_name_no_one(run, tmp_path, lists):
    out = tmp_path / "anonymous.pdf"
    r = run("tournament", PACK, lists, "--packet", out, "--anonymous")
    assert r.exit_code == 1 and "(4 lists, anonymous)" in r.stderr
    text = pages(out)
    whole = " ".join(text)
    for word in (*PLAYERS, *NAMES, "alice-legal", "bob-over-points", "carol-banned", "zed-broken"):
        assert word not in whole, word
    assert all(f"List {n}" in text[0] for n in range(1, 5))
    # numbered in fingerprint order, not in the order of the files (which may follow the players)
    prints = {}
    for page in text[1:]:
        m = re.search(r"· list (\d+) · .* fingerprint ([0-9a-f]{64}|none)", page)
        assert m
        prints.setdefault(int(m.group(1)), m.group(2))
    known = [prints[n] for n in sorted(prints) if prints[n] != "none"]
    assert known == sorted(known) and len(known) == 3


def test_the_packet_is_deterministic(run, tmp_path, lists):
    a, b = tmp_path / "a.pdf", tmp_path / "b.pdf"
    assert run("tournament", PACK, lists, "--packet", a, "--anonymous").exit_code == 1
    assert run("tournament", PACK, lists, "--packet", b, "--anonymous").exit_code == 1
    assert a.read_bytes() == b.read_bytes()


def test_a_page_renders(tmp_path, run, lists):
    pdftoppm = shutil.which("pdftoppm")
    if pdftoppm is None:
        pytest.skip("pdftoppm (poppler-utils) is not installed")
    out = tmp_path / "packet.pdf"
    run("tournament", PACK, lists, "--packet", out)
    subprocess.run([pdftoppm, "-png", "-r", "30", "-f", "1", "-l", "1", str(out), str(tmp_path / "p")], check=True)
    [png] = tmp_path.glob("p*.png")
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and png.stat().st_size > 2000


@pytest.mark.parametrize(
    "extra,said",
    [
        (["--anonymous"], "--anonymous applies to the packet"),
        (["--packet", "{tmp}/packet.txt"], "the packet is a PDF"),
        (["--packet", "{tmp}/no/such/folder/p.pdf"], "does not exist"),
        (["--packet", "{tmp}"], "the packet is a PDF"),
    ],
)
def test_packet_usage_errors(run, tmp_path, lists, extra, said):
    r = run("tournament", PACK, lists, *[e.format(tmp=tmp_path) for e in extra])
    assert r.exit_code == 2 and said in r.stderr and r.stdout == ""


def test_a_packet_never_overwrites_without_force_nor_an_input_even_with_it(run, tmp_path, lists):
    out = tmp_path / "packet.pdf"
    out.write_bytes(b"mine")
    r = run("tournament", PACK, lists, "--packet", out)
    assert r.exit_code == 2 and "already exists; use --force" in r.stderr and out.read_bytes() == b"mine"
    assert run("tournament", PACK, lists, "--packet", out, "--force").exit_code == 1
    assert out.read_bytes().startswith(b"%PDF-")
    victim = lists / "copy.pdf"
    shutil.copyfile(PACK, victim)  # a pack named .pdf, given as the pack
    before = victim.read_bytes()
    r = run("tournament", victim, lists, "--packet", victim, "--force")
    assert r.exit_code == 2 and "write the report somewhere else" in r.stderr
    assert victim.read_bytes() == before


def test_names_print_as_written_not_as_markup(run, tmp_path, lists):
    (lists / "odd.yaml").write_text(
        (FT / "alice-legal.yaml").read_text(encoding="utf-8").replace("The Greenwood Host", "<b>Bold</b> & Co"),
        encoding="utf-8",
    )
    out = tmp_path / "packet.pdf"
    assert run("tournament", PACK, lists, "--packet", out).exit_code == 1
    assert "<b>Bold</b> & Co" in pages(out)[0]


# Issue 37, item 10: "tournament … --packet made 20 pages for 10 lists. Each list's 'At the table',
# 'Not checked' and footer spill onto a mostly empty page, although export --event fits the same
# roster on one. tournament --compact does not exist."

GAMES_DAY = ROOT / "examples/events/games-day.yaml"


def list_pages(pdf: Path) -> dict[int, int]:
    """How many pages each list of a packet takes (its number is in each page's footer)."""
    count: dict[int, int] = {}
    for page in pages(pdf):
        m = re.search(r"Club Games Day · list (\d+) · ", page)
        if m:
            count[int(m.group(1))] = count.get(int(m.group(1)), 0) + 1
    return count


@pytest.fixture
def examples(tmp_path):
    """Every bundled example list, of every system (the games day plays them all), in one folder."""
    folder = tmp_path / "examples"
    folder.mkdir()
    for f in sorted((ROOT / "examples").glob("*/*.yaml")):
        if f.parent.name != "events":
            shutil.copyfile(f, folder / f"{f.parent.name}--{f.name}")
    return folder


def test_each_list_of_the_packet_takes_one_page_where_export_fits_it_on_one(run, tmp_path, examples):
    out = tmp_path / "packet.pdf"
    run("tournament", GAMES_DAY, examples, "--packet", out)
    files = sorted(examples.glob("*.yaml"))  # the run's order: its numbers
    taken = list_pages(out)
    assert sorted(taken) == list(range(1, len(files) + 1))
    exported = {}
    for n, f in enumerate(files, 1):
        roster = tmp_path / f"{n}.pdf"
        run("export", f, "--event", GAMES_DAY, "-o", roster)
        exported[n] = len(pypdf.PdfReader(io.BytesIO(roster.read_bytes())).pages)
    for n in taken:  # never more pages than the list's own roster (which also shows its QR code)
        assert taken[n] <= exported[n], (files[n - 1].name, taken[n], exported[n])
    one = [n for n in exported if exported[n] == 1]
    assert len(one) >= 8 and all(taken[n] == 1 for n in one)
    # the roster export sets snug to fit: greenwood-host is one of those (it used to take two in the packet)
    greenwood = files.index(examples / "fantasy-triumph--greenwood-host.yaml") + 1
    assert taken[greenwood] == 1
    # a list the packet fits on one page shows all of it there: "Not checked" and the export facts
    page = next(p for p in pages(out) if f"Club Games Day · list {greenwood} · " in p)
    assert "Not checked" in page and "Findings digest:" in page and "Greenwood Host" in page


def test_tournament_compact_lays_each_list_out_as_export_compact(run, tmp_path, examples):
    plain, compact = tmp_path / "plain.pdf", tmp_path / "compact.pdf"
    run("tournament", GAMES_DAY, examples, "--packet", plain)
    r = run("tournament", GAMES_DAY, examples, "--packet", compact, "--compact")
    assert "lists, compact)" in r.stderr
    before, after = list_pages(plain), list_pages(compact)
    assert sorted(after) == sorted(before)
    # (--compact took fewer pages in all than the plain packet; now that the plain packet takes one
    # page a list, issue 46 item 13, it can take no fewer: never more, list by list)
    assert all(after[n] <= before[n] for n in before) and sum(after.values()) <= sum(before.values())
    files = sorted(examples.glob("*.yaml"))
    for n, count in after.items():  # more than one page only where export --compact needs more too
        if count > 1:
            roster = tmp_path / f"{n}.pdf"
            run("export", files[n - 1], "--event", GAMES_DAY, "--compact", "-o", roster)
            assert len(pypdf.PdfReader(io.BytesIO(roster.read_bytes())).pages) >= count
            assert "pages even with --compact" in r.stderr
    assert sum(count == 1 for count in after.values()) >= 17
    # still a packet: verify says so, and import takes a list out of it
    v = run("verify", compact)
    assert v.exit_code == 2 and "tournament packet of 19 lists" in v.stderr
    taken = tmp_path / "taken.yaml"
    i = run("import", compact, "--list", "2", "-o", taken)
    assert i.exit_code == 0, i.stderr
    from armybuilder.fingerprint import of_file

    assert of_file(taken) == of_file(files[1])


def test_compact_applies_to_the_packet(run, tmp_path, lists):
    r = run("tournament", PACK, lists, "--compact")
    assert r.exit_code == 2 and "--compact applies to the packet: add --packet FILE.pdf" in r.stderr


def test_cjk_names_print_on_the_summary_page_not_as_boxes(run, tmp_path, lists):
    """Issue 37, item 6: "A CJK name prints as boxes ('□□□.yaml') on the packet's summary page."
    Its runs are set in a CJK font: the summary page and the list's own page read the name back."""
    (lists / "李小龍.yaml").write_text(
        (FT / "alice-legal.yaml")
        .read_text(encoding="utf-8")
        .replace("Alice Archer", "李小龍")
        .replace("The Greenwood Host", "龍の軍勢"),
        encoding="utf-8",
    )
    out = tmp_path / "packet.pdf"
    r = run("tournament", PACK, lists, "--packet", out)
    assert "glyph" not in r.stderr, r.stderr
    text = pages(out)
    assert "李小龍: 龍の軍勢" in text[0]
    assert any(p.startswith("龍の軍勢") and "Player 李小龍" in p for p in text[1:])


# Issue 45, item 10: "A 2,000-list packet needs 582 MiB. tournament --compact --packet peaked at 582 MiB
# in 87 s (0.28 MiB a list) for a 13 MB PDF. The packet's memory must not grow with the number of
# lists: lay out and write each list, then let it go."


@pytest.mark.xfail(
    strict=True,
    reason="issue 45, item 10 is not done: like for like (the 10 first examples, then the same four times "
    "over), the packet's peak still grows by about 3.6 KiB a list (7.2 KiB before the pages and embedded "
    "lists were kept as small records)",
)
def test_the_packet_lets_each_list_go_once_laid_out(tmp_path, monkeypatch):
    """The memory a packet takes while it is made, laid out and written (Python's allocations,
    measured with tracemalloc: the same on a busy machine) does not grow with its lists: each list's
    roster is made again for its pages and let go, the summary's table is made a chunk of rows at a
    time (the texts of the chunk before let go), each page is written out with its footer as it
    ends and kept as a small record (its name, its shape shared with the pages like it, where its
    stream waits), and each list to embed likewise until the PDF is written. Like for like: the
    10 first examples, then the same 10 four times over (40 lists), after a first packet of them
    (fonts, modules and every game's data loaded, not counted). Before, each page kept 1.6 KiB of
    entries of its own and a stream object, each embedded list its dictionaries, and every summary
    row's texts were kept until the first list: 1.65 and 1.85 MiB, 7.2 KiB more a list; now 1.62
    and 1.73 MiB, 3.6 KiB: not yet flat. The texts kept across lists are bounded (a few here, so
    that 10 lists reach the bound; 2,000 texts in a packet), as are the summary's rows laid out at
    a time."""
    import gc
    import tempfile
    import tracemalloc

    from armybuilder import events, lists
    from armybuilder.events import standings
    from armybuilder.export import packet as packet_module
    from armybuilder.export.packet import packet_of, render_to

    monkeypatch.setattr(packet_module, "KEPT_TEXTS", 50, raising=False)
    monkeypatch.setattr(packet_module, "SUMMARY_CHUNK", 30, raising=False)

    pack = events.load(GAMES_DAY)
    examples = [f for f in sorted((ROOT / "examples").glob("*/*.yaml")) if f.parent.name != "events"][:10]

    def peak(copies: int) -> int:
        folder = tmp_path / f"lists-{copies}"
        folder.mkdir(exist_ok=True)
        for copy in range(copies):
            for f in examples:
                shutil.copyfile(f, folder / f"{copy}-{f.parent.name}--{f.name}")
        run = standings.run(pack, lists.find([folder], GAMES_DAY))  # the run's own memory: not the packet's
        with tempfile.TemporaryFile() as out:
            gc.collect()
            tracemalloc.start()
            try:
                start = tracemalloc.get_traced_memory()[0]
                render_to(packet_of(run), out, compact=True)
                return tracemalloc.get_traced_memory()[1] - start
            finally:
                tracemalloc.stop()

    peak(1)  # fonts, modules and every game's data loaded once, not counted
    few, many = peak(1), peak(4)
    grown = (many - few) / (3 * len(examples))
    assert grown < 1024, f"{few / 2**20:.2f} MiB, then {many / 2**20:.2f} MiB: {grown:.0f} bytes more a list"


def test_what_every_list_of_a_game_leaves_unchecked_is_said_once(run, tmp_path):
    """Issue 46, item 13: the "Not checked" caveats of a game's system (data/<game>/system.yaml
    not_checked, the same on every list of the game) took about 1,500 characters of each Fantasy
    Triumph list's overflow page. The packet says them once, after its summary, under "For every
    Fantasy Triumph list: not checked"; each list keeps what is its own, and says where the rest is.
    The 10 first examples with the games-day pack: 17 pages before (2 summary + 15 lists), 16 now."""
    examples = [f for f in sorted((ROOT / "examples").glob("*/*.yaml")) if f.parent.name != "events"][:10]
    folder = tmp_path / "lists"
    folder.mkdir()
    for f in examples:
        shutil.copyfile(f, folder / f"{f.parent.name}--{f.name}")
    out = tmp_path / "packet.pdf"
    run("tournament", ROOT / "examples/events/games-day.yaml", folder, "--packet", out)
    text = pages(out)
    whole = " ".join(text)
    caveat = "play: deployment, movement, command points, combat and the cards' game play (FT 24-62)"
    assert whole.count(caveat) == 1  # it was on each of the four Fantasy Triumph lists' pages
    shared_at = whole.index("For every Fantasy Triumph list: not checked")
    assert shared_at < whole.index(caveat) < whole.index("list 1 ·")  # after the summary, before the lists
    assert whole.count("For every Fantasy Triumph list: not checked") == 1
    pointer = "what is not checked in any Fantasy Triumph list: after the packet's summary"
    assert whole.count(pointer) == 4  # on each Fantasy Triumph list's own pages
    assert "For every Heroes of Might and Magic III" in whole and "For every Small World of Warcraft" in whole
    # each list's own findings stay on its own pages: list 1, The Broken Horde, is INVALID for its own reasons
    own = [p for p in text if "Club Games Day · list 1 ·" in p]
    assert "INVALID" in own[0] and "40 (incomplete) of 51" in " ".join(own)
    assert len(text) <= 16
    assert f"page {len(text)} of {len(text)}" in text[-1]


def _packet_of_examples(run, tmp_path, count: int | None) -> tuple[Path, list[Path]]:
    """The packet of the bundled examples (the first ``count``) with the games-day pack, as an
    organiser makes it; and the lists in the run's order (their numbers)."""
    folder = tmp_path / f"examples-{count}"
    folder.mkdir()
    examples = [f for f in sorted((ROOT / "examples").glob("*/*.yaml")) if f.parent.name != "events"][:count]
    for f in examples:
        shutil.copyfile(f, folder / f"{f.parent.name}--{f.name}")
    out = tmp_path / f"packet-{count}.pdf"
    run("tournament", GAMES_DAY, folder, "--packet", out)
    return out, sorted(folder.glob("*.yaml"))


def test_the_packet_takes_one_page_a_list_and_one_a_game_and_keeps_every_fact(run, tmp_path):
    """Issue 46, item 13: "The 10-list packet of the bundled examples with the games-day pack takes
    at most 12 pages. The 19 examples take at most one page each plus one page per game." Before
    the packet's own layout (two columns where tables are narrow, findings in small type, the type
    smaller in steps, never below 0.75) they took 16 and 28 pages: the 19 examples' lists 25 pages,
    as Broken Horde, Iron Marches, Mire Court and Skirmish Large took two each, Friday night draft
    three. 19 lists of 4 games: 19 + 4 = 23 pages at most; the first 10 lists: 10 + 2 summary
    pages (the summary, then what no list of a game is checked for) = 12.
    No fact of a list's page is lost: every finding's code, every part (each row of each of its
    tables, by its first cell) and its total are on its own pages."""
    from armybuilder import events
    from armybuilder.export.roster import build

    pack = events.load(GAMES_DAY)
    every, files = _packet_of_examples(run, tmp_path, None)
    text = pages(every)
    games = {build(f, pack=pack)[0].system_id for f in files}
    assert len(files) == 19 and len(games) == 4
    assert len(text) <= len(files) + len(games), list_pages(every)  # 23: it was 28
    ten, _ = _packet_of_examples(run, tmp_path, 10)
    assert len(pages(ten)) <= 12, list_pages(ten)  # it was 16
    for n, f in enumerate(files, 1):
        own = " ".join(p for p in text if f"Club Games Day · list {n} · " in p)
        roster, _ = build(f, pack=pack)
        assert f"· {roster.measure_text}" in own, (f.name, roster.measure_text)
        for finding in [*roster.errors, *roster.notices]:
            assert finding.code in own, (f.name, finding.code)
        assert roster.findings_digest and roster.findings_digest in own, f.name
        for table in roster.tables:
            assert table.title in own, (f.name, table.title)
            for row in table.text_rows():
                assert re.sub(r"\s+", " ", row[0]) in own, (f.name, table.title, row[0])
