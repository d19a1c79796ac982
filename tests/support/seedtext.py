"""The rule documents (``seeds/`` of the shared documents), cut into the sections the data cites.

The seeds are not in the repository: a test that reads them is a maintainers' check
(``@pytest.mark.maintainer``, ``ARMYBUILDER_SHARED=DIR``: tests/support/shared.py). What is cut here is
only what the documents show:

- seed 003 (Fantasy Triumph) lost its card headings; the seeds README gives the order the document
  groups the cards in. Each card's text is its opening line, "Selecting this Battle Card", "Cost",
  "Modeling", "Game Play" and the first paragraph under "Fantasy Background"; the next paragraph
  opens the next card (the README: "This battle card is appropriate for representing a part of the
  army that could be arriving late" opens FT 32).
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from tests.support.shared import shared

FT_SEED = ("seeds", "003_a869a1ce4dbec61f.txt")

# The seeds README, "How 003 orders the cards, and what that tells": the order the cards are in.
FT_ORDER = ", ".join(
    (
        "Ambush, Delayed Entry, Fortified Camp, Illusion, Mobile Infantry, No Camp, Pack Train and Herds",
        "Prepared Defenses, Charge Through, Hold the Line, Brittle, Craven, Fierce, Flying, Massive, Regenerate",
        "Slow, Spiked Carts, Supporting Shooters, Terrain Affinity, Unreliable, Unruly, Weaken, Champion",
        "Subcommander, Armored, Away, Deadly, Fast, Hearten, Marksman, Mindblast, Negate Magic, Prowess",
        "Ranged Attack, Spellblast, Terror",
    )
).split(", ")
FT_HEADINGS = ("Selecting this Battle Card", "Cost", "Modeling", "Game Play", "Fantasy Background")
# A background of more than one paragraph: its later paragraphs name the card again.
FT_LONG_BACKGROUND = {"Ranged Attack": "Ranged Attack is the best"}


def seed(*name: str) -> Path:
    return shared(*name)


def norm(text: str) -> str:
    """Text compared as words: typographic quotes and dashes as plain ones, spaces folded."""
    for a, b in (("\u2019", "'"), ("\u2018", "'"), ("\u201c", '"'), ("\u201d", '"'), ("\u2013", "-"), ("\u2014", "-")):
        text = text.replace(a, b)
    return " ".join(text.split())


@cache
def ft_cards() -> dict[str, list[tuple[str, str]]]:
    """Each card's paragraphs, by card name: (part, paragraph); part is "intro" or a heading."""
    paras = [p.strip() for p in seed(*FT_SEED).read_text(encoding="utf-8").split("\n\n") if p.strip()]
    paras = paras[1:]  # the document's title
    cards: dict[str, list[tuple[str, str]]] = {}
    order = iter(FT_ORDER)
    name = next(order)
    part = "intro"
    after_background = False
    for p in paras:
        if p in FT_HEADINGS:
            part = p
            continue
        if part == "Fantasy Background" and after_background:
            more = FT_LONG_BACKGROUND.get(name)
            if not (more and more in p):
                name, part, after_background = next(order), "intro", False
        if part == "Fantasy Background":
            after_background = True
        cards.setdefault(name, []).append((part, p))
    return cards


def ft_text(name: str) -> str:
    """A card's whole text, normalised (:func:`norm`)."""
    return norm(" ".join(p for _, p in ft_cards()[name]))


def ft_card_of(rule: str) -> str:
    """The card a citation "FT 36" or "FT 47.1" names (the seeds README's name table)."""
    from armybuilder.resources import load_data

    number = int(re.match(r"FT (\d+)", rule).group(1))  # type: ignore[union-attr]
    return next(c["name"] for c in load_data("fantasy-triumph", "cards")["cards"] if c["number"] == number)


# -- the rule map (docs/rules/<system>.md, data/<id>/rulemap.yaml) -----------------------------------
# A normative sentence (issue 39): one with "may", "must", "cannot", "only", "at most", "maximum",
# "minimum", "never", "each", "per", "costs" or a number. Labels ("24.1", "a.", "1.") are not numbers.
NORMATIVE = re.compile(r"\b(may|must|cannot|only|at most|maximum|minimum|never|each|per|costs)\b|[0-9½]", re.I)
_LABEL = re.compile(r"^(?:•\s*)?(?:[a-z]\.\s+)?(?:\d+(?:\.\d+)+\s+|\d+\.\s+)?")
_SPLIT = re.compile(r"(?<=[.!?])\s+(?=[A-Z\"(•])")


# Seed 004's headings and figure captions: the document's layout, not its sentences.
CAPTION = re.compile(r"^(?:Battlefield · \d+\. .*|optional: .*|Per-Round regen)$")


def _unlabel(line: str) -> str:
    while True:
        bare = _LABEL.sub("", line, count=1).strip()
        if bare == line:
            return line
        line = bare


def sentences(text: str) -> list[str]:
    """Every sentence of a section's text, labels taken off, normalised (:func:`norm`)."""
    out: list[str] = []
    for line in text.splitlines():
        line = _unlabel(norm(line))
        if not CAPTION.match(line):
            out += [s.strip() for s in _SPLIT.split(line) if s.strip()]
    return out


def normative(text: str) -> list[str]:
    """The normative sentences of a section's text, each once, in order."""
    return list(dict.fromkeys(s for s in sentences(text) if NORMATIVE.search(s)))


def section_text(document: str, start: str, until: str | None) -> str:
    """The text of ``document`` (a seed's file name) from the paragraph that holds ``start`` to the
    one that holds ``until`` (None: the end), as rulemap.yaml cuts a section."""
    text = seed("seeds", document).read_text(encoding="utf-8")
    i = text.index(start)
    i = text.rfind("\n", 0, i) + 1
    j = len(text) if until is None else text.index(until, i + len(start))
    j = len(text) if until is None else text.rfind("\n", 0, j) + 1
    return text[i:j]
