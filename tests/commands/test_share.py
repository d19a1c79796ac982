"""Share codes: ``armybuilder share FILE`` and ``armybuilder import SOURCE -o FILE``.

A code holds what the list says (equal lists, equal codes), a round trip keeps the fingerprint,
and a code that is damaged, cut short, too large, of a later form or not made by armybuilder is
refused with a reason and exit 2, nothing written. The codes refused here are made by hand from
the format the module documents (``AB1.`` + base64url of raw DEFLATE + ``.`` + checksum).
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import zlib
from pathlib import Path

import pytest

from armybuilder.fingerprint import canonical_bytes, of_file
from tests.support import golden
from tests.support.startup import loaded_at_start

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = Path(__file__).resolve().parent / "golden"
FT_EXAMPLE = ROOT / "examples" / "fantasy-triumph" / "greenwood-host.yaml"
INVALID = ROOT / "tests" / "export" / "lists" / "invalid-host.yaml"
EXAMPLES = sorted(p for p in (ROOT / "examples").glob("*/*.yaml") if p.parent.name != "events")


def example_id(path: Path) -> str:
    return f"{path.parent.name}/{path.name}"


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def deflate(raw: bytes) -> bytes:
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    return packer.compress(raw) + packer.flush()


def make_code(packed: bytes, head: str = "AB1.") -> str:
    """A code in the documented form around any payload bytes, with a right checksum."""
    body = head + b64(packed)
    return f"{body}.{b64(hashlib.sha256(body.encode('ascii')).digest()[:6])}"


def code_of(run, path: Path) -> str:
    r = run("share", path)
    assert r.exit_code in (0, 1), r.stderr
    return r.stdout.strip()


# -- share ---------------------------------------------------------------------------------------


def test_share_prints_the_code_golden(run):
    r = run("share", "examples/fantasy-triumph/greenwood-host.yaml")
    assert r.exit_code == 0
    golden.compare(GOLDEN / "share-greenwood.txt", r.stdout)
    assert (
        r.stderr
        == "examples/fantasy-triumph/greenwood-host.yaml: VALID, 51 of 51 points (0 errors, 0 warnings, 0 info)\n"
    )


def test_share_json_is_only_json_golden(run):
    r = run("share", "examples/fantasy-triumph/greenwood-host.yaml", "--format", "json")
    assert r.exit_code == 0
    golden.compare(GOLDEN / "share-greenwood.json", r.stdout)
    doc = json.loads(r.stdout)
    assert doc["share_code"] == code_of(run, FT_EXAMPLE)
    assert doc["fingerprint"] == of_file(FT_EXAMPLE)


def test_the_code_is_url_safe_with_its_prefix_and_checksum(run):
    code = code_of(run, FT_EXAMPLE)
    head, payload, check = code.split(".")
    assert head == "AB1" and len(check) == 8
    assert set(payload + check) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    # the payload is the canonical content the fingerprint hashes, deflated
    raw = zlib.decompress(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)), -15)
    assert hashlib.sha256(raw).hexdigest() == of_file(FT_EXAMPLE)


def test_equal_lists_give_equal_codes_comments_and_key_order_aside(run, write):
    text = FT_EXAMPLE.read_text(encoding="utf-8")
    body = [line for line in text.splitlines() if not line.startswith("#")]
    # the same list: no comments, the top keys in another order, a number spelled otherwise
    moved = "\n".join(body[4:] + body[:4]).replace("points: 51", "points: 51.0") + "\n"
    other = write("moved.yaml", moved)
    assert of_file(other) == of_file(FT_EXAMPLE)
    assert code_of(run, other) == code_of(run, FT_EXAMPLE)
    changed = write("changed.yaml", text.replace("stands: 3", "stands: 4"))
    assert code_of(run, changed) != code_of(run, FT_EXAMPLE)


def test_an_invalid_list_is_shared_with_its_status_on_stderr(run):
    r = run("share", INVALID)
    assert r.exit_code == 1
    assert r.stdout.startswith("AB1.") and r.stdout.count("\n") == 1
    assert "INVALID" in r.stderr and "error" in r.stderr


def test_a_file_that_is_not_a_list_has_no_code(run, write):
    r = run("share", write("broken.yaml", "system: fantasy-triumph\nname: [unclosed\n"))
    assert r.exit_code == 1
    assert r.stdout == ""
    assert "ABL004" in r.stderr and "no share code" in r.stderr


def test_a_yaml_file_that_is_not_a_mapping_has_no_code(run, write):
    r = run("share", write("items.yaml", "- system: fantasy-triumph\n- name: x\n"))
    assert r.exit_code == 1
    assert r.stdout == "" and "is not a list" in r.stderr and "no share code" in r.stderr


def test_an_event_pack_is_not_shared(run):
    r = run("share", "examples/events/autumn-clash.yaml")
    assert r.exit_code == 2
    assert r.stdout == "" and "is an event pack, not a list" in r.stderr


def test_a_missing_file_is_a_usage_error(run):
    r = run("share", "no-such-list.yaml")
    assert r.exit_code == 2


# -- round trip ----------------------------------------------------------------------------------


def findings(path: Path) -> list[tuple[str, str]]:
    from armybuilder.check import check_path

    return sorted((f.code, f.severity.value) for f in check_path(path).findings)


@pytest.mark.parametrize("path", EXAMPLES, ids=example_id)
def test_round_trip_keeps_the_fingerprint(run, tmp_path, path):
    code = code_of(run, path)
    out = tmp_path / "imported.yaml"
    r = run("import", code, "-o", out)
    expected = 0 if run("validate", path).exit_code == 0 else 1
    assert r.exit_code == expected, r.stderr
    assert of_file(out) == of_file(path)
    assert findings(out) == findings(path)  # the same verdict, finding for finding
    assert code_of(run, out) == code  # and the imported list shares as the same code
    assert f"wrote {out} from a share code" in r.stderr


def test_the_imported_file_reads_like_a_list_a_player_writes(run, tmp_path):
    out = tmp_path / "host.yaml"
    assert run("import", code_of(run, FT_EXAMPLE), "-o", out).exit_code == 0
    text = out.read_text(encoding="utf-8")
    lines = [line for line in text.splitlines() if not line.startswith("#")]
    # keys in the list schema's order (system first), not the code's sorted order
    assert lines[:4] == ["system: fantasy-triumph", "name: The Greenwood Host", "points: 51", "topography: Forest"]
    assert "  - name: Wardens" in lines and "    cards: [Deadly, Armored]" in lines
    assert f"# Fingerprint: {of_file(FT_EXAMPLE)}" in text


def test_a_code_wrapped_over_lines_still_imports(run, tmp_path):
    code = code_of(run, FT_EXAMPLE)
    wrapped = "\n".join(code[i : i + 60] for i in range(0, len(code), 60))
    out = tmp_path / "host.yaml"
    assert run("import", f"  {wrapped}\n", "-o", out).exit_code == 0
    assert of_file(out) == of_file(FT_EXAMPLE)


def test_import_to_stdout(run):
    r = run("import", code_of(run, FT_EXAMPLE), "-o", "-")
    assert r.exit_code == 0
    assert r.stdout.startswith("# Imported by armybuilder import from a share code.\n")
    assert "system: fantasy-triumph\n" in r.stdout
    assert "VALID" in r.stderr


# -- rosters -------------------------------------------------------------------------------------


@pytest.mark.parametrize("suffix", [".md", ".json", ".pdf"])
@pytest.mark.parametrize("path", [FT_EXAMPLE, INVALID], ids=["valid", "invalid"])
def test_import_from_each_roster_format(run, tmp_path, suffix, path):
    roster = tmp_path / f"roster{suffix}"
    run("export", path, "-o", roster)
    out = tmp_path / "back.yaml"
    r = run("import", roster, "-o", out)
    assert r.exit_code == (0 if path == FT_EXAMPLE else 1), r.stderr
    assert of_file(out) == of_file(path)
    kind = {".md": "a markdown roster", ".json": "a JSON roster", ".pdf": "a PDF roster"}[suffix]
    assert f"from {kind}" in r.stderr
    # a roster keeps the file's key order: the same findings, message for message
    from armybuilder.check import check_path
    from armybuilder.fingerprint import findings_digest

    assert findings_digest(check_path(out).findings) == findings_digest(check_path(path).findings)


def test_a_roster_that_carries_no_list(run, tmp_path):
    roster = tmp_path / "roster.md"
    run("export", FT_EXAMPLE, "-o", roster)
    text = roster.read_text(encoding="utf-8")
    start = text.index("```json armybuilder-list")
    roster.write_text(text[:start], encoding="utf-8")
    out = tmp_path / "back.yaml"
    r = run("import", roster, "-o", out)
    assert r.exit_code == 2 and "carries no list" in r.stderr
    assert not out.exists()


def test_a_file_that_is_not_a_roster(run, tmp_path):
    out = tmp_path / "back.yaml"
    r = run("import", FT_EXAMPLE, "-o", out)
    assert r.exit_code == 2 and "not a roster" in r.stderr
    assert not out.exists()


# -- never lose a file ---------------------------------------------------------------------------


def test_an_existing_file_is_not_overwritten_without_force(run, tmp_path):
    out = tmp_path / "mine.yaml"
    out.write_text("# my own list\n", encoding="utf-8")
    code = code_of(run, FT_EXAMPLE)
    r = run("import", code, "-o", out)
    assert r.exit_code == 2 and "already exists; use --force" in r.stderr
    assert out.read_text(encoding="utf-8") == "# my own list\n"
    assert run("import", code, "-o", out, "--force").exit_code == 0
    assert of_file(out) == of_file(FT_EXAMPLE)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["mine.yaml"]  # no temporary or lock file left


def test_the_roster_itself_is_never_overwritten(run, tmp_path):
    roster = tmp_path / "roster.md"
    run("export", FT_EXAMPLE, "-o", roster)
    before = roster.read_bytes()
    r = run("import", roster, "-o", roster, "--force")
    assert r.exit_code == 2 and "is the roster itself" in r.stderr
    assert roster.read_bytes() == before


def test_a_directory_or_a_missing_folder_is_refused(run, tmp_path):
    code = code_of(run, FT_EXAMPLE)
    assert run("import", code, "-o", tmp_path).exit_code == 2
    r = run("import", code, "-o", tmp_path / "nowhere" / "x.yaml")
    assert r.exit_code == 2 and "does not exist" in r.stderr


# -- codes that are refused ----------------------------------------------------------------------

GOOD = canonical_bytes({"system": "token-terrors", "name": "Wren's Host", "tokens": {"Wyverns": 5, "Goblins": 5}})


def refused(run, tmp_path, code: str) -> str:
    out = tmp_path / "x.yaml"
    r = run("import", code, "-o", out)
    assert r.exit_code == 2, r.stderr
    assert r.stdout == "" and not out.exists()
    assert r.stderr.startswith("armybuilder import: ") and r.stderr.count("\n") == 1
    return r.stderr


def test_a_hand_made_code_of_the_documented_form_imports(run, tmp_path):
    out = tmp_path / "x.yaml"
    assert run("import", make_code(deflate(GOOD)), "-o", out).exit_code == 0
    assert canonical_bytes(__import__("yaml").safe_load(out.read_text(encoding="utf-8"))) == GOOD


@pytest.mark.parametrize(
    ("code", "said"),
    [
        ("AB1.", "checksum (the part after the last dot) is missing"),
        ("hello", "no such file, and not a share code"),
        ("AB2.abc.defghijk", "form 2, made by a newer armybuilder; this one reads form 1: update armybuilder"),
        ("AB17.abc.defghijk", "form 17, made by a newer armybuilder"),
        ("AB0.abc.defghijk", "not a share code"),
        ("AB01.abc.defghijk", "not a share code"),
        ("AB1.abc+/.defghijk", "holds '+', which is not in a share code"),
        ("AB1.abcé.defghijk", "holds the character U+00E9"),
        ("AB1.abc.defghijk", "checksum does not match"),
    ],
)
def test_malformed_codes(run, tmp_path, code, said):
    assert said in refused(run, tmp_path, code)


def test_a_code_cut_short_anywhere_is_refused(run, tmp_path):
    code = code_of(run, FT_EXAMPLE)
    for cut in (5, len(code) // 2, len(code) - 9, len(code) - 1):
        message = refused(run, tmp_path, code[:cut])
        assert "cut short" in message, (cut, message)


def test_a_code_with_one_character_changed_is_refused(run, tmp_path):
    code = code_of(run, FT_EXAMPLE)
    at = len(code) // 2
    changed = code[:at] + ("A" if code[at] != "A" else "B") + code[at + 1 :]
    assert "checksum does not match" in refused(run, tmp_path, changed)


def test_an_oversized_code_is_refused_before_it_is_read(run, tmp_path):
    from armybuilder.sharecode import MAX_CODE_CHARS

    message = refused(run, tmp_path, "AB1." + "A" * MAX_CODE_CHARS + ".AAAAAAAA")
    assert f"a share code is at most {MAX_CODE_CHARS:,}" in message


def test_empty_and_huge_texts_are_refused_before_any_work():
    from armybuilder.sharecode import MAX_CODE_CHARS, ShareCodeError, decode

    with pytest.raises(ShareCodeError, match="it is empty"):
        decode(" \n\t")
    with pytest.raises(ShareCodeError, match=f"a share code is at most {MAX_CODE_CHARS:,}"):
        decode("AB1." + " " * (4 * MAX_CODE_CHARS))


def test_a_list_too_large_for_a_code_is_not_shared(run, write):
    import random

    rng = random.Random(16)  # text that does not compress
    note = "".join(rng.choice("abcdefghijklmnopqrstuvwxyz0123456789") for _ in range(100_000))
    r = run("share", write("huge.yaml", f"system: token-terrors\nname: Huge\nnote: {note}\n"))
    assert r.exit_code == 2 and r.stdout == ""
    assert "a share code is at most 65,536" in r.stderr and "share the file itself, or a roster" in r.stderr


def test_a_zip_bomb_is_refused_after_at_most_a_list_files_size(run, tmp_path):
    bomb = deflate(b"[" + b" " * (32 * 1024 * 1024) + b"]")  # 32 MiB unpacked, 32 KiB packed
    code = make_code(bomb)
    from armybuilder.sharecode import MAX_CODE_CHARS

    assert len(code) < MAX_CODE_CHARS
    assert "unpacks to more than 1,048,576 bytes" in refused(run, tmp_path, code)


@pytest.mark.parametrize(
    ("packed", "said"),
    [
        (deflate(GOOD)[:-3], "ends early"),  # a right checksum over a cut payload
        (deflate(GOOD) + b"junk", "goes on past its end"),
        (b"\xff\xfe\xfd not deflate", "cannot be unpacked"),
        (deflate(b"system: yaml, not json"), "not a list (not JSON text)"),
        (deflate(b"\xff\xfe"), "not a list (not JSON text)"),
        (deflate(b'{"points":NaN,"system":"x"}'), "not a list (not JSON text)"),
        (deflate(json.dumps({"system": "x", "name": "y"}, indent=1).encode()), "not in the canonical form"),
        (deflate(b'{"name":"a","name":"b","system":"x"}'), "not in the canonical form"),  # a key twice
        (deflate(b"[" * 40 + b"]" * 40), "nests deeper than 32 levels"),
        (deflate(b"[" * 100_000 + b"]" * 100_000), "not a list (not JSON text)"),  # too deep for JSON itself
        (deflate(("[" + ",".join(["0"] * 20_000) + "]").encode()), "holds more than 10,000 values"),
    ],
    ids=["cut", "trailing", "not-deflate", "not-json", "not-utf8", "nan", "not-canonical", "dup-key", "deep",
         "very-deep", "many-values"],
)  # fmt: skip
def test_codes_not_made_by_armybuilder_share(run, tmp_path, packed, said):
    assert said in refused(run, tmp_path, make_code(packed))


def test_not_a_code_at_all():
    from armybuilder.sharecode import ShareCodeError, decode

    with pytest.raises(ShareCodeError, match=r"it is not a share code: a share code starts with AB1\."):
        decode("https://example.invalid/list")


def test_a_payload_of_impossible_length_with_a_right_checksum(run, tmp_path):
    body = "AB1.AAAAA"  # 5 base64 characters: no byte string encodes to that
    code = f"{body}.{b64(hashlib.sha256(body.encode('ascii')).digest()[:6])}"
    assert "is not base64url" in refused(run, tmp_path, code)


def test_a_lone_surrogate_in_a_code_is_refused(run, tmp_path):
    packed = deflate(b'{"name":"\\ud800","system":"x"}')
    assert "not in the canonical form" in refused(run, tmp_path, make_code(packed))


def test_a_directory_is_not_a_source(run, tmp_path):
    r = run("import", tmp_path, "-o", tmp_path / "x.yaml")
    assert r.exit_code == 2 and "is a directory; give a share code or a roster file" in r.stderr


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_fifo_is_refused_as_a_source_without_being_opened(run, tmp_path):
    fifo = tmp_path / "roster.pdf"
    os.mkfifo(fifo)  # opening it to read would wait for a writer for ever
    r = run("import", fifo, "-o", tmp_path / "x.yaml")
    assert r.exit_code == 2 and "is a FIFO (named pipe), not a regular file" in r.stderr
    assert not (tmp_path / "x.yaml").exists()


def test_a_float_beyond_the_whole_numbers_a_file_holds_comes_back_as_a_float(run, write, tmp_path):
    """Found by the long fuzz run: the canonical form writes 9007199254740992.0 as an integer,
    which a list file may not hold as one (ABL010); import writes it as the float it was."""
    army = write("big.yaml", "system: fantasy-triumph\nname: Big\npoints: 9007199254740992.0\n")
    code = run("share", army).stdout.strip()
    r = run("import", code, "-o", tmp_path / "back.yaml")
    assert r.exit_code == 1, r.stderr  # written; the list is invalid, as the original is
    back = (tmp_path / "back.yaml").read_text(encoding="utf-8")
    assert back.splitlines()[2:] == [
        "system: fantasy-triumph",
        "name: Big",
        "points: 9007199254740992.0",
    ]  # block style
    assert run("fingerprint", tmp_path / "back.yaml").stdout.split()[0] == run("fingerprint", army).stdout.split()[0]


def test_a_list_as_deep_as_a_file_may_be_shares_and_imports(run, write, tmp_path):
    """Found by the long fuzz run: the code's reader counted a plain value inside the 32nd
    collection as a 33rd level, where the file reader counts collections only."""
    deep = "[" * 31 + "1" + "]" * 31  # the list's mapping and 31 lists in it: 32 collections
    army = write("deep.yaml", f"system: fantasy-triumph\nname: Deep\nclasses: {deep}\n")
    assert run("validate", army).exit_code == 1  # a file the reader takes (and the rules refuse)
    r = run("import", run("share", army).stdout.strip(), "-o", tmp_path / "back.yaml")
    assert r.exit_code == 1, r.stderr
    one_more = write("deeper.yaml", f"system: fantasy-triumph\nname: Deep\nclasses: [{deep}]\n")
    assert "ABL009" in run("validate", one_more).stdout  # 33 collections: the reader refuses it


@pytest.mark.parametrize("brk", ["\\x85", "\\u2028", "\\u2029"])
def test_a_yaml_line_break_in_a_name_comes_back(run, write, tmp_path, brk):
    """Found by the long fuzz run: NEL (U+0085) in a value was written raw, and read back folded."""
    army = write("nel.yaml", f'system: fantasy-triumph\nname: "a{brk}b"\nclasses: "{brk}"\n')
    r = run("import", run("share", army).stdout.strip(), "-o", tmp_path / "back.yaml")
    assert r.exit_code == 1, r.stderr
    assert run("fingerprint", tmp_path / "back.yaml").stdout.split()[0] == run("fingerprint", army).stdout.split()[0]


def test_a_list_with_no_canonical_form_has_no_code(run, write):
    r = run("share", write("twice.yaml", "system: token-terrors\n1: a\n'1': b\n"))
    assert r.exit_code == 1 and r.stdout == ""
    assert "both read as '1'" in r.stderr and "no share code" in r.stderr


def test_a_decoded_list_goes_through_the_safe_reader_of_a_file(run, tmp_path):
    """A number no list file may hold (a whole number past 2^53 that no float is) is refused as
    the file reader refuses it. (2**60 itself is a float a file may hold: see the test below.)"""
    big = canonical_bytes({"system": "token-terrors", "name": "x", "tokens": {"Goblins": 2**60 + 1}})
    message = refused(run, tmp_path, make_code(deflate(big)))
    assert "cannot be a list file: ABL010" in message


def test_a_code_that_holds_no_list(run, tmp_path):
    assert "holds no list" in refused(run, tmp_path, make_code(deflate(b"[1,2,3]")))


def test_a_games_share_code_is_no_list(run, tmp_path):
    """A game's result has a share code too (the game page's Share: its lists as it began and its
    taps); given to ``import`` it was written as a list with no system (exit 1, INVALID). It is
    refused in words, exit 2, nothing written (a code that holds no list: the module's docstring),
    and so as an opponent's list for ``play --against``."""
    import shutil

    from armybuilder.games import model
    from armybuilder.web.gamepage import share_code

    host = tmp_path / "host.yaml"
    shutil.copy(FT_EXAMPLE, host)
    assert run("play", host, "--against", ROOT / "examples" / "fantasy-triumph" / "iron-marches.yaml").exit_code == 0
    game = model.read(json.loads((tmp_path / "host.game.json").read_text(encoding="utf-8")))
    code, why = share_code(game)
    assert code.startswith("AB1."), why
    message = refused(run, tmp_path, code)
    assert "that share code holds a game's result, not a list" in message and "Traceback" not in message
    assert run("import", code, "-o", "-").exit_code == 2
    r = run("play", host, "--against", code, "-o", tmp_path / "again.game.json")
    assert r.exit_code == 2 and "holds a game's result, not a list" in r.output
    assert not (tmp_path / "again.game.json").exists()


def test_a_list_of_an_unknown_system_is_written_and_found_invalid(run, tmp_path):
    out = tmp_path / "x.yaml"
    r = run("import", make_code(deflate(canonical_bytes({"system": "chess", "name": "x"}))), "-o", out)
    assert r.exit_code == 1 and "INVALID" in r.stderr
    assert out.exists()


# -- start-up ------------------------------------------------------------------------------------


def test_the_commands_are_listed_and_their_modules_not_imported_at_start_up(run):
    listing = run("--help").stdout
    assert "share " in listing and "import " in listing
    assert (
        loaded_at_start(
            "segno",
            "armybuilder.sharecode",
            "armybuilder.commands.share",
            "armybuilder.export.qr",
            "armybuilder.commands.verify",
            "armybuilder.sources",
            "armybuilder.export.readback",
        )
        == []
    )


def test_a_roster_whose_list_holds_a_lone_surrogate_is_refused(run, tmp_path):
    """JSON can spell text no list file holds ("\\ud800"): import refuses it, and verify too."""
    roster = tmp_path / "roster.json"
    run("export", FT_EXAMPLE, "-o", roster)
    doc = json.loads(roster.read_text(encoding="utf-8"))
    doc["list"]["name"] = "x\ud800y"
    roster.write_text(json.dumps(doc), encoding="utf-8")  # ensure_ascii: written as the escape
    out = tmp_path / "back.yaml"
    r = run("import", roster, "-o", out)
    assert r.exit_code == 2 and "holds text that is not Unicode" in r.stderr
    assert not out.exists()
    r = run("verify", roster)
    assert r.exit_code == 1 and "holds text that is not Unicode" in r.stdout
