"""Hostile and broken input: a clear message with a position, never a traceback, never code."""

import pytest

from armybuilder.yamlio import MAX_DEPTH, LoadError, decode, loads


def error_of(text):
    with pytest.raises(LoadError) as info:
        loads(text)
    return info.value


def test_plain_values_and_positions():
    doc = loads("a: 1\nb:\n  - x\n  - {c: 2.5, d: true, e: null}\n")
    assert doc.data == {"a": 1, "b": ["x", {"c": 2.5, "d": True, "e": None}]}
    assert doc.positions[("a",)] == (1, 4)
    assert doc.positions[("b", 1, "c")] == (4, 9)
    assert doc.key_positions[("b", 1, "d")] == (4, 14)


def test_duplicate_key_is_an_error_with_both_lines():
    e = error_of("name: a\nclasses: []\nname: b\n")
    assert (e.code, e.line, e.column) == ("ABL006", 3, 1)
    assert "first at line 1" in e.message


def test_alias_bomb_is_refused_before_expansion():
    bomb = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{chr(98 + i)}: &{chr(98 + i)} [*{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}]\n"
        for i in range(8)
    )
    e = error_of(bomb)
    assert e.code == "ABL007" and e.line == 1


def test_alias_alone_is_refused():
    assert error_of("a: 1\nb: *x\n").code in ("ABL004", "ABL007")


@pytest.mark.parametrize(
    "text",
    [
        "!!python/object/apply:os.system ['echo hacked']\n",
        "a: !!python/name:os.system\n",
        "a: !custom 3\n",
        "a: !!binary aGVsbG8=\n",
    ],
)
def test_tags_never_run_code(text):
    assert error_of(text).code == "ABL008"


def test_not_yaml_has_a_position():
    e = error_of("system: fantasy-triumph\nclasses: [\n  - a\n")
    assert e.code == "ABL004" and e.line >= 2 and e.message.startswith("not valid YAML")


def test_empty_file():
    assert error_of("").code == "ABL005"
    assert error_of("# only a comment\n").code == "ABL005"


def test_deep_nesting_is_refused():
    e = error_of("[" * (MAX_DEPTH + 5) + "]" * (MAX_DEPTH + 5))
    assert e.code == "ABL009"


def test_huge_number():
    e = error_of("points: " + "9" * 5000 + "\n")
    assert e.code == "ABL010" and e.line == 1


@pytest.mark.parametrize("value", [".inf", "-.inf", ".nan"])
def test_non_finite_number(value):
    assert error_of(f"points: {value}\n").code == "ABL010"


def test_too_many_values():
    assert error_of("[" + ", ".join("{}" for _ in range(12_000)) + "]").code == "ABL009"


def test_many_documents():
    assert error_of("a: 1\n---\nb: 2\n").code == "ABL011"


def test_non_utf8_bytes_position():
    with pytest.raises(LoadError) as info:
        decode(b"name: ok\nplayer: \xff\xfe\n")
    assert (info.value.code, info.value.line, info.value.column) == ("ABL003", 2, 9)


def test_complex_key_refused():
    assert error_of("? [a, b]\n: 1\n").code == "ABL004"


def test_dates_stay_text():
    assert loads("d: 2026-11-30\n").data == {"d": "2026-11-30"}


def test_position_without_a_mark_is_the_start_of_the_file():
    from armybuilder.yamlio import _pos

    assert _pos(None) == (1, 1)


def test_a_tab_indented_file_is_told_that_yaml_indents_with_spaces():
    """Issue 26 point 7: a tab-indented file said "found character that cannot start any token", with
    no word about tabs."""
    for text, line in [
        ("system: fantasy-triumph\nname: T\nclasses:\n\t- name: X\n", 4),
        ("system: fantasy-triumph\nname: T\nclasses:\n  - name: X\n\ttroop: Spear\n", 5),
    ]:
        with pytest.raises(LoadError) as info:
            loads(text)
        assert info.value.code == "ABL004" and info.value.line == line
        assert f"line {line} is indented with a tab: YAML indents with spaces only" in info.value.message
    with pytest.raises(LoadError) as info:
        loads("system: x\nname: [a\n")
    assert "tab" not in info.value.message  # no hint where no tab is


@pytest.mark.parametrize(
    "text, line, hint",
    [
        (  # the issue's own: a key indented under a value
            "system: fantasy-triumph\nname: X\nclasses:\n  - name: Guard\n    troop: Elite Foot\n      stands: 2\n",
            6,
            "line 6 is indented more than line 5: align 'stands:' with 'troop:'",
        ),
        (
            "system: fantasy-triumph\nname: X\nclasses:\n  - name: Guard\n   troop: Elite Foot\n",
            5,
            "line 5 is indented less than line 4: align 'troop:' with 'name:'",
        ),
        (
            "system: homm3-battlefield\nhero:\n  name: Catherine\n level: V\n",
            4,
            "line 4 is indented less than line 3: align 'level:' with 'name:'",
        ),
        ("system: x\n  name: y\n", 2, "line 2 is indented more than line 1: align 'name:' with 'system:'"),
        (
            "system: x\nclasses:\n  - name: A\n    troop: Spear\n\n   # a comment\n   - name: B\n",
            7,
            "line 7 is indented more than line 3: align its '-' with the '-' of line 3",
        ),
    ],
)
def test_an_indentation_mistake_names_the_lines_and_the_key(text, line, hint):
    """Issue 41 item 2: an over- or under-indented line got the parser's words alone ("mapping values
    are not allowed in this context", "did not find expected '-' indicator")."""
    with pytest.raises(LoadError) as info:
        loads(text)
    assert info.value.code == "ABL004" and info.value.line == line
    assert info.value.message.startswith(f"not valid YAML: {hint} (the parser: ")


def test_no_indentation_hint_where_the_lines_are_aligned():
    with pytest.raises(LoadError) as info:
        loads("system: x\nname: a: b\n")  # a colon in a value, not an indentation mistake
    assert "indented" not in info.value.message and "mapping values are not allowed" in info.value.message


def test_an_edit_of_a_badly_indented_file_says_which_line(run, tmp_path):
    f = tmp_path / "army.yaml"
    text = "system: fantasy-triumph\nname: X\nclasses:\n  - name: Guard\n    troop: Elite Foot\n      stands: 2\n"
    f.write_text(text, encoding="utf-8")
    r = run("add", f, "hero", "Sage")
    assert r.exit_code == 2 and "line 6 is indented more than line 5: align 'stands:' with 'troop:'" in r.stderr
    r = run("validate", f)
    assert r.exit_code == 1 and f"{f}:6:13: ABL004 [error] not valid YAML: line 6 is indented more" in r.stdout
