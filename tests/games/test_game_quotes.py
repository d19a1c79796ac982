"""The words a game tracker quotes from a rule are in that rule document (issue 48): each of these
citations' texts is the seed's own sentence (typographic quotes and spaces folded). The others are
armybuilder's short summaries of a rule, and say so by not being listed here. A maintainers' check
(ARMYBUILDER_SHARED=DIR)."""

from __future__ import annotations

import pytest

from armybuilder.systems.fantasy_triumph import game as ft
from armybuilder.systems.token_terrors import game as tt
from tests.support import seedtext

QUOTED = [
    ("003_a869a1ce4dbec61f.txt", ft.DELAYED),
    ("003_a869a1ce4dbec61f.txt", ft.CAMP),
    ("003_a869a1ce4dbec61f.txt", ft.HOLD),
    ("003_a869a1ce4dbec61f.txt", ft.RETURN),
    ("003_a869a1ce4dbec61f.txt", ft.GENERAL),
    ("000_41045b4f0c5d9d8f.txt", tt.REST),
    ("000_41045b4f0c5d9d8f.txt", tt.WIN),
]


@pytest.mark.maintainer
@pytest.mark.parametrize(("seed", "cite"), QUOTED, ids=[f"{c.rule}: {c.text[:30]}" for _, c in QUOTED])
def test_the_words_quoted_are_the_seeds(seed, cite):
    text = seedtext.norm(seedtext.seed("seeds", seed).read_text(encoding="utf-8"))
    assert seedtext.norm(cite.text) in text, (cite.rule, cite.text)
