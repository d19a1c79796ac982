"""The rule map: every normative sentence of the rule documents the data cites, and what is done with it.

Issue 39: "docs/rules/<system>.md, generated from the data by the docs tool and checked in CI,
lists every normative sentence of each source section. ... Beside each sentence goes what the
program does with it: the finding codes that check it, a declared reading, a declared 'not
checked' with its reason, or 'play-time rule'. A CI test fails when a sentence of the data's cited
sections has no entry. The counts per system head each page."

The map is data (data/<id>/rulemap.yaml); tools/gen_docs.py writes the pages (test_docs.py checks
them current). Here: each sentence has one entry and its codes exist; each section the game data
cites is in the map; the words the data quotes are in the sentences of the section it cites; and,
against the rule documents themselves (a maintainers' check), every normative sentence of each
section is in the map, word for word.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from armybuilder import systems
from armybuilder.resources import load_data
from armybuilder.systems import manifests
from tests.support import seedtext
from tests.support.shared import shared

ROOT = Path(__file__).resolve().parents[2]
IDS = [m.id for m in manifests()]
ENTRY = ("checks", "reading", "not_checked", "play")


def rulemap(system_id: str) -> dict:
    data: dict = load_data(system_id, "rulemap")
    return data


def test_every_system_has_a_rule_map_and_its_page():
    for system_id in IDS:
        assert rulemap(system_id)["sections"], system_id
        assert (ROOT / "docs" / "rules" / f"{system_id}.md").exists(), system_id


@pytest.mark.parametrize("system_id", IDS)
def test_every_sentence_has_one_entry_and_its_codes_exist(system_id):
    codes = {c.code for c in systems.get(system_id).codes() if not c.retired}
    seen = set()
    for sec in rulemap(system_id)["sections"]:
        for x in sec["sentences"]:
            assert [k for k in ENTRY if k in x].__len__() == 1, (sec["rule"], x)
            for code in x.get("checks", []):
                assert code in codes, (sec["rule"], code, x["text"])
            if "checks" in x and not x["checks"]:
                assert x.get("how"), (sec["rule"], x["text"])  # a figure the report computes says so
            assert (sec["rule"], x["text"]) not in seen, (sec["rule"], x["text"])
            seen.add((sec["rule"], x["text"]))


def _citations(system_id: str) -> set[str]:
    """Every rule citation of the system's data and of its rule modules."""
    found: set[str] = set()

    def walk(node):
        if isinstance(node, dict):
            for k, v in node.items():
                if k in ("rule", "not_general_rule", "advice_rule") and isinstance(v, str):
                    found.add(v)
                walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)

    for path in sorted((ROOT / "data" / system_id).glob("*.yaml")):
        if path.stem != "rulemap":
            walk(load_data(system_id, path.stem))
    found.update(c.rule for c in systems.get(system_id).codes() if c.rule)
    return found


def _sections_named(system_id: str, citation: str) -> list[dict]:
    """The map's sections a citation names ("FT 36.2.b": FT 36; "HoMM3 Battlefield 3. Adventure
    Mode, 5. Combat": both), or [] for a citation of another source."""
    data = rulemap(system_id)
    prefix = data["prefix"]
    out = []
    for piece in citation.split(", "):
        piece = piece.strip()
        if piece[:1].isdigit() and citation.startswith(prefix):
            piece = prefix + piece  # "..., 5. Combat"
        if not piece.startswith(prefix):
            continue
        hits = [
            s
            for s in data["sections"]
            for name in [s["rule"], *s.get("also", [])]
            if piece == name or (piece.startswith(name) and re.match(r"[.:( -]", piece[len(name)]))
        ]
        assert hits, f"{system_id}: the data cites {piece!r} (in {citation!r}), a section the rule map does not have"
        out += hits
    return out


@pytest.mark.parametrize("system_id", IDS)
def test_every_section_the_data_cites_is_in_the_map(system_id):
    cited = _citations(system_id)
    named = {s["rule"] for c in cited for s in _sections_named(system_id, c)}
    assert named, system_id


def _words(sections: list[dict]) -> str:
    return " ".join(x["text"] for s in sections for x in s["sentences"])


QUOTED = re.compile(r"\"([^\"]{6,})\"")


def _quotes(node, rule=None):
    """(rule, words) of each quotation in a string beside a ``rule`` (the nearest one up)."""
    if isinstance(node, dict):
        rule = node["rule"] if isinstance(node.get("rule"), str) else rule
        for k, v in node.items():
            if isinstance(v, str) and k != "rule" and rule:
                yield from ((rule, words) for words in QUOTED.findall(v))
            else:
                yield from _quotes(v, rule)
    elif isinstance(node, list):
        for v in node:
            yield from _quotes(v, rule)


@pytest.mark.parametrize("system_id", IDS)
def test_the_words_the_data_quotes_are_in_the_sections_it_cites(system_id):
    # a reading, a not-checked line, a note beside a rule: a quotation of the rule document is word
    # for word in the section the citation names (a citation of another source is not read here)
    quotes = 0
    for path in sorted((ROOT / "data" / system_id).glob("*.yaml")):
        if path.stem == "rulemap":
            continue
        for rule, words in _quotes(load_data(system_id, path.stem)):
            sections = _sections_named(system_id, rule)
            if sections:
                quotes += 1
                assert seedtext.norm(words) in _words(sections), (path.name, rule, words)
    if load_data(system_id, "system").get("readings"):
        assert quotes, system_id


def test_the_card_data_quotes_are_in_the_sections_they_cite():
    # cards.yaml: a cap's words (caps.says) and a second copy's (bought_again.says) - issue 39, item 1
    quotes = 0
    for card in load_data("fantasy-triumph", "cards")["cards"]:
        for rule, words in [(card["rule"], w) for w in card.get("caps", {}).get("says", [])] + (
            [(card["bought_again"]["rule"], card["bought_again"]["says"])] if card.get("bought_again") else []
        ):
            quotes += 1
            assert seedtext.norm(words) in _words(_sections_named("fantasy-triumph", rule)), (rule, words)
    assert quotes >= 14


def test_a_page_says_its_counts_first(root):
    for system_id in IDS:
        page = (root / "docs" / "rules" / f"{system_id}.md").read_text(encoding="utf-8")
        every = [x for s in rulemap(system_id)["sections"] for x in s["sentences"]]
        head = page.split("\n## ", 1)[0]
        checked = sum(1 for x in every if "checks" in x)
        play = sum(1 for x in every if x.get("play"))
        assert f"| {len(every)} | {checked} | {len(every) - checked - play} | {play} |" in head


# -- against the rule documents (maintainers' checks: ARMYBUILDER_SHARED=DIR) -----------------------


@pytest.mark.maintainer
@pytest.mark.parametrize("system_id", IDS)
def test_every_normative_sentence_of_a_cited_section_has_an_entry(system_id):
    data = rulemap(system_id)
    assert shared("seeds", data["file"]).exists()
    missing = []
    for sec in data["sections"]:
        have = {x["text"] for x in sec["sentences"]}
        text = seedtext.section_text(data["file"], sec["from"], sec["until"])
        missing += [(sec["rule"], s) for s in seedtext.normative(text) if s not in have]
    assert missing == [], missing


@pytest.mark.maintainer
@pytest.mark.parametrize("system_id", IDS)
def test_every_sentence_of_the_map_is_the_documents_word_for_word(system_id):
    data = rulemap(system_id)
    for sec in data["sections"]:
        text = " ".join(seedtext.sentences(seedtext.section_text(data["file"], sec["from"], sec["until"])))
        for x in sec["sentences"]:
            assert x["text"] in text, (sec["rule"], x["text"])


@pytest.mark.parametrize("system_id", IDS)
def test_every_code_that_cites_a_mapped_section_checks_a_sentence_of_it(system_id):
    # the map and the checks meet: a code whose rule is a section of the document (not a range such
    # as "FT 24-62", nor another source) is beside at least one sentence of that section
    missing = []
    for c in systems.get(system_id).codes():
        if c.retired or not c.rule or re.search(r"\d-\d", c.rule):
            continue
        sections = _sections_named(system_id, c.rule)
        if sections and not any(c.code in x.get("checks", []) for s in sections for x in s["sentences"]):
            missing.append((c.code, c.rule))
    assert missing == [], missing
