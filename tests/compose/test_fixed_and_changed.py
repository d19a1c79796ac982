"""An edit says what it fixed and what it changed (issue 41 item 6).

- ``set h3.yaml mode skirmish``, then ``length``, then ``faction`` printed no "fixed:" line for the
  missing-entry errors (ABL021) they cleared: another ABL021 was left, and a code still there hid
  the fix.
- A finding whose numbers changed ("the army has 6 stands ...; at least 8" after a stand more) was
  not said at all on the command line (and reported as new by the browser): it is "changed:".
"""

from __future__ import annotations

from armybuilder.edit.engine import run_edit


def test_each_missing_entry_filled_in_is_said_fixed(run, tmp_path):
    f = tmp_path / "h3.yaml"
    assert run("new", "homm3-battlefield", f).exit_code == 0
    for key, value in (("mode", "skirmish"), ("length", "short"), ("faction", "Castle")):
        r = run("set", f, key, value)
        assert r.exit_code == 0, r.stderr
        assert f"fixed: ABL021 [error] the file needs an entry '{key}' (list schema)" in r.stdout.splitlines(), key


def test_a_finding_whose_numbers_changed_is_said_changed(run, tmp_path):
    f = tmp_path / "ft.yaml"
    run("new", "fantasy-triumph", f, "--points", "48")
    run("add", f, "class", "Guard", "--troop", "Elite Foot", "--stands", "2", "--general")
    r = run("add", f, "stands", "Guard", "1")
    lines = r.stdout.splitlines()
    (changed,) = [line for line in lines if "FTR021" in line]
    assert changed.startswith(f"changed: {f}:")
    assert "FTR021 [error] the army has 3 stands; a 48-point army needs at least 8" in changed
    assert changed.endswith("(was: the army has 2 stands; a 48-point army needs at least 8 (one per 6 points))")
    assert not any(line.startswith("fixed: FTR021") for line in lines)  # not fixed: changed
    assert any(line.startswith("changed: ") and "FTR025 [info] 36 of 48 points unspent" in line for line in lines)


def test_the_edit_result_carries_them_for_the_browser(tmp_path, run):
    f = tmp_path / "ft.yaml"
    run("new", "fantasy-triumph", f, "--points", "48")
    made = run_edit(f, "add", "class", ["Guard", "--troop", "Elite Foot", "--stands", "2", "--general"]).detail
    assert [g.code for g in made.changes.fixed] == ["ABL021"]
    assert {g.code for g in made.changes.caused} == {"FTR021", "FTR025"}
    made = run_edit(f, "add", "stands", ["Guard", "1"]).detail
    assert made.changes.caused == [] and made.changes.fixed == []
    pairs = {(was.code, was.message, now.message) for was, now in made.changes.changed}
    assert ("FTR025", "40 of 48 points unspent", "36 of 48 points unspent") in pairs


def test_the_page_says_changed_not_new(tmp_path, run):
    """The builder's flash after a stand more: "Changed: … 3 stands … (was: … 2 stands …)", as the
    command line's "changed:" line, where it said "New error:" for a finding that was there."""
    from armybuilder.web.listpage import said_of

    f = tmp_path / "ft.yaml"
    run("new", "fantasy-triumph", f, "--points", "48")
    run("add", f, "class", "Guard", "--troop", "Elite Foot", "--stands", "2", "--general")
    lines = said_of(run_edit(f, "add", "stands", ["Guard", "1"])).lines
    assert (
        "Changed: the army has 3 stands; a 48-point army needs at least 8 (one per 6 points) "
        "(was: the army has 2 stands; a 48-point army needs at least 8 (one per 6 points))"
    ) in lines
    assert not any(line.startswith(("New", "Fixed")) for line in lines), lines
    assert not any("points unspent" in line for line in lines)  # info stays on the list, not the flash
