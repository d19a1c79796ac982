"""Load, check, result: one list file in, one :class:`Result` out.

A file that cannot be read as a list (not YAML, wrong shape, unknown system) becomes a
result with one error finding; it never raises, so a tournament run goes on past it.
A file that does not exist is the caller's usage error (``FileNotFoundError``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from armybuilder import schema, systems
from armybuilder.findings import Finding, Result, Severity
from armybuilder.suggest import did_you_mean
from armybuilder.yamlio import Document, LoadError, load_file, loads


def check_path(path: str | Path, options: systems.CheckOptions | None = None) -> Result:
    """Check one list file. Raises FileNotFoundError / IsADirectoryError for the caller."""
    return _check(load_file, path, str(path), options)


def check_text(text: str, file: str = "<text>", options: systems.CheckOptions | None = None) -> Result:
    """Check list text (what a file would hold); ``file`` names it in the findings."""
    return _check(loads, text, file, options)


def _check(load, source, file: str, options: systems.CheckOptions | None) -> Result:
    result = Result(file=file)
    try:
        doc = load(source)
    except LoadError as exc:
        result.findings.append(_load_finding(exc))
        return result
    return check_document(doc, result, options)


def _load_finding(exc: LoadError) -> Finding:
    return Finding(exc.code, Severity.ERROR, exc.message, "YAML", line=exc.line, column=exc.column)


def check_document(doc: Document, result: Result, options: systems.CheckOptions | None = None) -> Result:
    options = options or systems.CheckOptions()
    data: Any = doc.data
    result.document = data
    result.positions = doc.positions
    if not isinstance(data, dict):
        result.add([Finding("ABL005", Severity.ERROR,
                            "a list file is a mapping with a 'system' key at the top, not "
                            + ("a list" if isinstance(data, list) else repr(data)[:40]), "list schema", ())])
        return result
    system_id = data.get("system")
    if system_id is None:
        result.add([Finding("ABL030", Severity.ERROR,
                            "the file has no 'system' key; start it with e.g. 'system: fantasy-triumph' "
                            f"(systems: {', '.join(systems.REGISTRY)})", "list schema", ())])
        return result
    try:
        system = systems.get(str(system_id))
    except KeyError:
        result.add([Finding("ABL031", Severity.ERROR,
                            f"unknown game system '{system_id}'{did_you_mean(str(system_id), systems.REGISTRY)} "
                            f"(systems: {', '.join(systems.available())})", "list schema", ("system",))])
        return result
    result.system = system.id
    if isinstance(data.get("name"), str):
        result.name = data["name"]
    shape = schema.check(data, system.list_schema, doc.key_positions)
    if shape:
        result.add(shape)
        return result
    system.check(data, result, options)
    return result
