"""The words a finding attributes to a rule are in that rule (issue 39, item 1).

An audit found FTR011 saying of Pack Train and Herds "an army may buy it only once (FT 48)": FT 48
says no such thing (FT 36 says "only once" of Fortified Camp alone). Where the data quotes a card
(``says``: the words that set a card's caps, the words a warning cites), the words must be in the
seed's text of the card cited; and every cap the data puts on a card is quoted. Read against
the rule documents (a maintainers' check, ARMYBUILDER_SHARED=DIR).
"""

from __future__ import annotations

import re

import pytest

from armybuilder.resources import load_data
from tests.support import seedtext

needs_seed = pytest.mark.maintainer  # reads the rule documents (ARMYBUILDER_SHARED=DIR: tests/support/shared.py)
CARDS = load_data("fantasy-triumph", "cards")["cards"]
CAPPED = [c for c in CARDS if c.get("caps")]


@needs_seed
def test_the_cards_are_cut_where_their_numbers_say():
    # each card's numbered Game Play paragraphs ("36.1 ...") carry its own number
    for c in CARDS:
        text = "\n".join(p for _, p in seedtext.ft_cards()[c["name"]])
        numbers = {int(m) for m in re.findall(r"^(\d+)\.\d+ ", text, re.M)}
        assert numbers <= {c["number"]}, (c["name"], numbers)


@pytest.mark.parametrize("card", CAPPED, ids=[c["name"] for c in CAPPED])
def test_every_cap_quotes_the_card(card):
    caps = card["caps"]
    assert caps.get("says"), f"{card['name']}: its caps {sorted(caps)} quote no words of {card['rule']}"
    # each figure of a cap is in the words quoted ("six", "three" or the digit)
    spelled = {1: "one", 3: "three", 4: "four", 6: "six", 8: "8"}
    quoted = seedtext.norm(" ".join(caps["says"])).lower()
    for key, value in caps.items():
        if key.startswith("max_") and value != 1:
            assert str(value) in quoted or spelled[value] in quoted, (card["name"], key, value)
    if caps.get("max_per_army") == 1:
        assert "once" in quoted, card["name"]


@needs_seed
def test_every_quote_in_the_card_data_is_in_the_card_it_cites():
    quotes = []
    for c in CARDS:
        if c.get("bought_again"):
            quotes.append((c["bought_again"]["rule"], c["bought_again"]["says"]))
        quotes += [(c["rule"], w) for w in c.get("caps", {}).get("says", [])]
    assert len(quotes) >= 14
    for rule, words in quotes:
        assert seedtext.norm(words) in seedtext.ft_text(seedtext.ft_card_of(rule)), (rule, words)


def test_no_cap_is_once_per_army_without_the_words():
    # FT 36 and FT 56 say "only once"/"not ... more than once in an army"; No Camp and Pack Train
    # and Herds say nothing of it (the audit's FT 48)
    once = sorted(c["name"] for c in CARDS if c.get("caps", {}).get("max_per_army"))
    assert once == ["Fortified Camp", "Subcommander"]
