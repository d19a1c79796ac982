"""Checking a parsed list against its JSON Schema, with findings a player can read.

jsonschema is imported here, lazily, so that ``--help`` and other commands do not pay for it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache
from typing import TYPE_CHECKING, Any

from armybuilder.findings import Finding, Severity
from armybuilder.resources import load_schema
from armybuilder.suggest import did_you_mean

if TYPE_CHECKING:  # pragma: no cover
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import ValidationError

    from armybuilder import findings as _findings

MAX_SCHEMA_FINDINGS = 50

# Stable codes of the shape checks (never reuse a retired one).
CODES = {
    "type": "ABL020",
    "required": "ABL021",
    "additionalProperties": "ABL022",
    "range": "ABL023",
    "enum": "ABL024",
    "other": "ABL025",
}


@cache
def validator(schema_name: str) -> Draft202012Validator:
    from jsonschema import Draft202012Validator

    schema = load_schema(schema_name)
    return Draft202012Validator(schema)


def render_path(path: Iterable[Any]) -> str:
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part + 1}]"  # players count from 1
        else:
            out += ("." if out else "") + str(part)
    return out or "the file"


_TYPE_WORDS = {
    "object": "a mapping (key: value)",
    "array": "a list",
    "string": "text",
    "integer": "a whole number",
    "number": "a number",
    "boolean": "true or false",
    "null": "empty",
}


def _type_words(expected: Any) -> str:
    if isinstance(expected, list):
        return " or ".join(_TYPE_WORDS.get(t, str(t)) for t in expected)
    return _TYPE_WORDS.get(expected, str(expected))


def _n(count: int, one: str, many: str) -> str:
    return f"{count} {one if count == 1 else many}"


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def check(
    data: Any, schema_name: str, key_positions: Mapping[_findings.Path, tuple[int, int]] | None = None
) -> list[Finding]:
    """Every schema violation of ``data`` as findings (at most MAX_SCHEMA_FINDINGS)."""
    findings: list[Finding] = []
    errors = sorted(validator(schema_name).iter_errors(data), key=lambda e: [str(p) for p in e.absolute_path])
    for error in errors:
        if len(findings) >= MAX_SCHEMA_FINDINGS:
            findings.append(
                Finding(CODES["other"], Severity.ERROR, "too many shape errors; fix these first", "list schema")
            )
            break
        findings.extend(_to_findings(error, key_positions or {}))
    # jsonschema reports some violations once per branch or per missing key: say each once.
    unique: dict[tuple[str, str, _findings.Path], Finding] = {}
    for f in findings:
        unique.setdefault((f.code, f.message, f.path), f)
    return list(unique.values())


def _to_findings(error: ValidationError, key_positions: Mapping[_findings.Path, tuple[int, int]]) -> list[Finding]:
    path = tuple(error.absolute_path)
    where = render_path(path)
    kind = error.validator
    inst = error.instance
    # The schema keyword's value and the subschema that failed. jsonschema sets both on the errors
    # it yields (Unset is for errors made by hand); the list schemas' subschemas are objects.
    value: Any = error.validator_value
    schema: Mapping[str, Any] = error.schema if isinstance(error.schema, Mapping) else {}
    rule = "list schema"
    if kind == "type":
        return [
            Finding(
                CODES["type"],
                Severity.ERROR,
                f"{where} must be {_type_words(value)}, not {_short(inst)}",
                rule,
                path,
            )
        ]
    if kind == "required":
        missing = [k for k in value if isinstance(inst, dict) and k not in inst]
        return [Finding(CODES["required"], Severity.ERROR, f"{where} needs a '{k}' entry", rule, path) for k in missing]
    if kind == "additionalProperties" and isinstance(inst, dict):
        known = list(schema.get("properties", {}))
        extras = [k for k in inst if k not in known]
        out = []
        for key in extras:
            f = Finding(
                CODES["additionalProperties"],
                Severity.ERROR,
                f"unknown key '{key}' in {where}{did_you_mean(str(key), known)}",
                rule,
                (*path, key),
            )
            if f.path in key_positions:
                f.line, f.column = key_positions[f.path]
            out.append(f)
        return out
    if kind in (
        "minimum",
        "maximum",
        "exclusiveMinimum",
        "exclusiveMaximum",
        "minItems",
        "maxItems",
        "minLength",
        "maxLength",
        "minProperties",
        "maxProperties",
    ):
        words = {
            "minimum": f"must be at least {value}",
            "maximum": f"must be at most {value}",
            "exclusiveMinimum": f"must be more than {value}",
            "exclusiveMaximum": f"must be less than {value}",
            "minItems": f"needs at least {_n(value, 'entry', 'entries')}",
            "maxItems": f"may have at most {value} entries",
            "minLength": "must not be empty" if value == 1 else f"needs at least {value} characters",
            "maxLength": f"is too long (at most {value} characters)",
            "minProperties": f"needs at least {_n(value, 'entry', 'entries')}",
            "maxProperties": f"may have at most {value} entries",
        }[kind]
        shown = "" if kind in ("maxLength", "maxItems", "maxProperties", "minItems") else f" (it is {_short(inst)})"
        return [Finding(CODES["range"], Severity.ERROR, f"{where} {words}{shown}", rule, path)]
    if kind in ("enum", "const"):
        allowed = value if kind == "enum" else [value]
        listed = ", ".join(str(a) for a in allowed)
        return [
            Finding(
                CODES["enum"],
                Severity.ERROR,
                f"{where} is {_short(inst)}, which is not one of: {listed}"
                + did_you_mean(str(inst), [str(a) for a in allowed]),
                rule,
                path,
            )
        ]
    if kind == "pattern":
        desc = schema.get("description") or f"the form {value}"
        return [Finding(CODES["other"], Severity.ERROR, f"{where} {_short(inst)} does not fit {desc}", rule, path)]
    if kind in ("anyOf", "oneOf") and error.context:
        # Name the alternative that got furthest, not the whole tangle.
        from jsonschema.exceptions import best_match

        return _to_findings(best_match(error.context), key_positions)
    if kind == "not":
        banned = value if isinstance(value, dict) else {}
        if banned.get("required"):
            keys = " and ".join(f"'{k}'" for k in banned["required"])
            text = f"{where} may not have {keys} together"
        else:
            text = f"{where} {schema.get('description') or 'has a value the list format does not allow'}"
        return [Finding(CODES["other"], Severity.ERROR, text, rule, path)]
    if kind == "uniqueItems":
        return [Finding(CODES["other"], Severity.ERROR, f"{where} lists the same entry twice", rule, path)]
    return [Finding(CODES["other"], Severity.ERROR, f"{where}: {error.message}", rule, path)]
