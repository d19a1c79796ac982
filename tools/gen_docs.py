"""Write the README's table of game systems, and each system's rule map, from the data.

Run: python tools/gen_docs.py (rewrites README.md between the ``systems`` markers, and
docs/rules/<id>.md from data/<id>/rulemap.yaml for each system that has one); ``--check`` exits 1
when either is out of date (tests/project/test_docs.py runs it).
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

START, END = "<!-- systems: made by tools/gen_docs.py -->", "<!-- /systems -->"


def table() -> str:
    from armybuilder import systems

    rows = ["| system | id | measured in | what is checked |", "|---|---|---|---|"]
    for m in systems.manifests():
        title = systems.get(m.id).title
        measure = m.measure + (" (a limit you may set with `--points`)" if m.points_limit else "")
        rows.append(f"| {title} | `{m.id}` | {measure} | {m.summary} |")
    return "\n".join(rows)


def render(readme: str) -> str:
    head, rest = readme.split(START, 1)
    _, tail = rest.split(END, 1)
    return f"{head}{START}\n{table()}\n{END}{tail}"


# -- the rule maps: docs/rules/<id>.md ----------------------------------------------------------

RULES_DIR = ROOT / "docs" / "rules"
KINDS = ("checked", "declared", "play-time")


def kind(sentence: dict) -> str:
    """Which count a sentence of a rule map goes to: checked, declared (a reading, or not checked
    with its reason) or play-time."""
    if "checks" in sentence:
        return "checked"
    return "play-time" if sentence.get("play") else "declared"


def does(sentence: dict) -> str:
    """What armybuilder does with a sentence, in words."""
    if "checks" in sentence:
        codes = ", ".join(sentence["checks"])
        how = sentence.get("how", "")
        return "checked: " + (f"{codes} ({how})" if codes and how else codes or how)
    if "reading" in sentence:
        return f"declared reading: {sentence['reading']}"
    if "not_checked" in sentence:
        return f"declared not checked: {sentence['not_checked']}"
    return "play-time rule"


def rule_map(system_id: str) -> str:
    """docs/rules/<id>.md: the counts, then each section's sentences and what is done with each."""
    from armybuilder import systems
    from armybuilder.resources import load_data
    from armybuilder.text import md

    data = load_data(system_id, "rulemap")
    every = [x for sec in data["sections"] for x in sec["sentences"]]
    counts = {k: sum(1 for x in every if kind(x) == k) for k in KINDS}
    out = [
        f"# {systems.get(system_id).title}: the rule map",
        "",
        f"Made by `tools/gen_docs.py` from `data/{system_id}/rulemap.yaml`; do not edit it by hand.",
        "",
        f"What a VALID result means, rule by rule: each normative sentence of {md(data['document'])}, in",
        "the sections the game data cites, and what armybuilder does with it. A sentence is *checked* (the",
        "finding codes that report it: `armybuilder rule CODE`), *declared* (a reading the program takes,",
        "or not checked, with the reason: `armybuilder systems` lists both) or a *play-time* rule (it",
        "governs the game at the table, not the list).",
        "",
        "| sentences | checked | declared | play-time |",
        "|---|---|---|---|",
        f"| {len(every)} | {counts['checked']} | {counts['declared']} | {counts['play-time']} |",
    ]
    for sec in data["sections"]:
        title = sec["rule"] if sec["rule"].endswith(sec["title"]) else f"{sec['rule']}: {sec['title']}"
        out += ["", f"## {md(title)}", ""]
        if not sec["sentences"]:
            out.append("No normative sentence.")
            continue
        out += ["| sentence | what armybuilder does |", "|---|---|"]
        for x in sec["sentences"]:
            part = f"*{md(x['part'])}:* " if x.get("part") else ""
            out.append(f"| {part}{md(x['text'])} | {md(does(x))} |")
    return "\n".join(out) + "\n"


def rule_maps() -> dict[Path, str]:
    """Each rule map's file and its text, for every system with a rulemap.yaml."""
    from armybuilder import systems
    from armybuilder.resources import system_data_dir

    return {
        RULES_DIR / f"{m.id}.md": rule_map(m.id)
        for m in systems.manifests()
        if (system_data_dir(m.id) / "rulemap.yaml").exists()
    }


def main() -> int:
    path = ROOT / "README.md"
    old = path.read_text(encoding="utf-8")
    new = render(old)
    maps = rule_maps()
    if "--check" in sys.argv[1:]:
        stale = [] if new == old else ["README.md: the systems table is out of date"]
        for file, text in maps.items():
            if not file.exists() or file.read_text(encoding="utf-8") != text:
                stale.append(f"{file.relative_to(ROOT)}: the rule map is out of date")
        for line in stale:
            print(f"{line}; run python tools/gen_docs.py", file=sys.stderr)
        return 1 if stale else 0
    path.write_text(new, encoding="utf-8")
    RULES_DIR.mkdir(parents=True, exist_ok=True)
    for file, text in maps.items():
        file.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
