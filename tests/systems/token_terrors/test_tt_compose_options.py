"""Token Terrors' compose parts take no options: each reads its words only."""

import inspect

import pytest

from armybuilder.compose.base import EditError
from armybuilder.compose.parts import parse
from armybuilder.systems.token_terrors import compose


def test_no_part_declares_or_reads_an_option():
    assert [p.options for p in compose.PARTS] == [()] * len(compose.PARTS)
    source = inspect.getsource(compose)
    assert not any(call in source for call in ("req.opt(", "req.has(", "req.forbid("))


def test_an_option_is_refused_with_the_usage():
    (add,) = [p for p in compose.PARTS if (p.verb, p.name) == ("add", "tokens")]
    with pytest.raises(
        EditError,
        match=r"no such option --tokens for 'add tokens' in token-terrors; usage: "
        r"armybuilder add FILE tokens FACTION \[N\]",
    ):
        parse(add, ["Goblins", "--tokens", "3"], "token-terrors", lambda: compose.PARTS)
    assert parse(add, ["Flying", "Machines", "3", "--as-written"], "token-terrors").args == ["Flying", "Machines", "3"]
