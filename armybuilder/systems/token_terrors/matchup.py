"""``armybuilder matchup A.yaml B.yaml``: two Token Terrors armies set against each other.

Each file is checked as ``validate`` would (:func:`armybuilder.check.check_path`); then the pair:
the armies may not share a faction unless both players agree (``allow_shared``: the rulebook's
pre-built armies variant, where one box then supplies both armies), the Gruesome Grudges live
between them, and each side's Terrible Tactics. :func:`matchup` returns an
:class:`~armybuilder.outcome.Outcome`: the report for stdout, the status lines for stderr and the
exit code (0 valid, 1 any error, 2 usage error). The command itself is in ``cli``.
"""

from __future__ import annotations

from pathlib import Path

from armybuilder.findings import Result, Section
from armybuilder.outcome import ExitCode, Outcome
from armybuilder.reporters import Format

from . import model, report, rules


def _label(result: Result) -> str:
    return result.name or Path(result.file).stem


def _usage_problem(path: Path) -> str | None:
    """Why the file cannot take part in a matchup at all (another system's list, a draft record)."""
    from armybuilder import systems
    from armybuilder.check import load
    from armybuilder.yamlio import LoadError

    try:
        doc = load(path).data
    except LoadError:
        return None  # reported as the file's own finding
    except IsADirectoryError:
        return f"{path}: is a directory, not an army file"
    except FileNotFoundError:
        return f"{path}: no such file"
    if not isinstance(doc, dict):
        return None
    system = doc.get("system")
    if not isinstance(system, str):
        return None  # `system: [token-terrors]`: the file's own finding says what is wrong
    if system in systems.ids() and system != model.SYSTEM_ID:
        return f"{path} is a {system} list; matchup sets two {model.SYSTEM_ID} armies against each other"
    if system == model.SYSTEM_ID and "draft" in doc and "tokens" not in doc:
        return (
            f"{path} is a draft record; matchup takes two army files ('tokens'). A draft record "
            "already holds both players: check it with 'armybuilder validate' or 'armybuilder cost'"
        )
    return None


def _usable(result: Result) -> bool:
    """The file is a Token Terrors army that fit the list schema (its armies can be read)."""
    return result.system == model.SYSTEM_ID and result.details.get("kind") == "army"


def check_pair(first: Result, second: Result, *, allow_shared: bool = False) -> Result:
    """The matchup as a result of its own: findings about the pair, and its tables."""
    cat = model.catalog()
    m = Result(
        file=f"{first.file} vs {second.file}", system=model.SYSTEM_ID, name=f"{_label(first)} vs {_label(second)}"
    )
    armies = [
        model.army_from_tokens(r.document["tokens"], cat, _label(r), source=r.file, positions=r.positions)
        for r in (first, second)
    ]
    if armies[0].label == armies[1].label:
        armies[0].label, armies[1].label = f"{armies[0].label} (1)", f"{armies[1].label} (2)"
    ctx = model.Context(cat, "matchup", armies=armies, allow_shared=allow_shared)
    for rule in rules.MATCHUP:
        m.add(rule.check(ctx))
    m.measure = report.both_measure(cat, armies)
    m.sections = [_factions_section(cat, ctx), report.grudges_live_section(cat, *armies)]
    for army in armies:
        m.sections.append(_tactics_section(cat, army))
    m.details = {
        "kind": "matchup",
        "allow_shared_factions": allow_shared,
        "armies": [dict(report.army_details(cat, a), file=a.source) for a in armies],
        "shared_factions": [f for f in armies[0].present() if f in armies[1].present()],
        "grudges_live": report.grudges_live_details(cat, *armies),
    }
    return m


def _factions_section(cat: model.Catalog, ctx: model.Context) -> Section:
    first, second = ctx.armies
    section = Section("Factions", ["Faction", first.label, second.label, "Box holds"])
    order = first.present() + [f for f in second.present() if f not in first.present()]
    for f in order:
        section.rows.append([f, first.counts.get(f) or "", second.counts.get(f) or "", cat.supply(f)])
    section.notes.append("; ".join(f"{a.label}: {report.slots_text(cat, a)}" for a in ctx.armies))
    section.notes.append(
        "shared factions allowed: one box supplies both armies"
        if ctx.allow_shared
        else "no faction may be in both armies"
    )
    shared = [f for f in first.present() if f in second.present()]
    if ctx.allow_shared and shared:  # the box supply caps both armies (TTB014): say how sure its figure is
        from armybuilder.resources import load_data

        factions = load_data(model.SYSTEM_ID, "factions")
        if factions.get("box_supply_unverified"):
            section.notes.append(f"Box holds: {factions['box_supply_note']}")
    return section


def _tactics_section(cat: model.Catalog, army: model.Army) -> Section:
    section = Section(f"{army.label}: Terrible Tactics", ["Tactic", "Factions", "Unlocked by"])
    unknown = False
    for t, partner_unknown in rules.tactics_in_reach.in_reach(cat, army.present()):
        unknown = unknown or partner_unknown
        section.rows.append([t["name"], " + ".join(f or "???" for f in t["factions"]), t["challenge"]])
    if not section.rows:
        section.notes.append("none: no Tactic pairs two of these factions")
    if unknown:
        section.notes.append("???: the rulebook does not name the partner faction of this card.")
    return section


def matchup(
    first: Path, second: Path, fmt: Format = Format.text, allow_shared: bool = False, color: bool = False
) -> Outcome:
    from armybuilder.check import check_path
    from armybuilder.reporters import reporter
    from armybuilder.reporters.text import status_line

    problems = [p for p in (_usage_problem(f) for f in (first, second)) if p]
    if problems:
        return Outcome.usage(*problems)
    one, two = check_path(first), check_path(second)
    results = [one, two]
    pair = check_pair(one, two, allow_shared=allow_shared) if _usable(one) and _usable(two) else None
    valid = pair is not None and pair.valid and one.valid and two.valid
    # Each army's status line; the matchup's verdict once: the text report ends with it, so stderr
    # says it only beside JSON (no "2 lists checked" count: a matchup is one verdict on two armies)
    summary = [status_line(r) for r in results]
    if pair is None:
        summary.append("matchup not checked: both files must be readable Token Terrors armies")
    elif Format(fmt) is Format.json:
        summary.append(_counted_in_full(status_line(pair), pair, results))
    code = ExitCode.of(valid)
    if Format(fmt) is Format.json:
        from armybuilder.reporters.json_ import cost_dict, dumps

        return Outcome(
            dumps(
                {
                    "valid": valid,
                    "results": [cost_dict(r) for r in results],
                    "matchup": cost_dict(pair) if pair else None,
                }
            ),
            summary,
            code,
        )
    from armybuilder.findings import Severity, finding_line

    out = reporter(Format.text).validate(results)
    if pair:
        # The pair's errors follow its status line (as in `cost`); its other findings come first.
        out += "".join(finding_line(pair, f) + "\n" for f in pair.sorted_findings() if f.severity is not Severity.ERROR)
        out += _counted_in_full(reporter(Format.text, color=color).cost([pair]), pair, results)
    return Outcome(out, summary, code)


def _counted_in_full(text: str, pair: Result, results: list[Result]) -> str:
    """The matchup's closing status line counts every finding the report printed, the armies' own
    too (issue 41: "1 info" after 6 info lines)."""
    from armybuilder.text import tally

    own = tally(pair.counts())
    every = {k: pair.counts()[k] + sum(r.counts()[k] for r in results) for k in ("error", "warning", "info")}
    if every == pair.counts():
        return text
    head = f"{pair.file}: "
    lines = text.split("\n")
    for i in range(len(lines) - 1, -1, -1):
        if lines[i].startswith(head) and lines[i].endswith(f"({own})"):
            lines[i] = lines[i][: -len(own) - 2] + f"({tally(every)} in both armies and the matchup)"
            break
    return "\n".join(lines)
