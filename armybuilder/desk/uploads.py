"""The list an uploaded file holds: a list file as it is, or a roster armybuilder made, its carried
list written as YAML."""

from __future__ import annotations

import tempfile
from pathlib import Path

from armybuilder.desk.records import MAX_LIST_BYTES, Refusal


def _text_of(raw: bytes) -> str:
    from armybuilder.yamlio import LoadError, decode

    try:
        return decode(raw)
    except LoadError as exc:
        raise Refusal(422, f"the file cannot be read as text: {exc.message}") from None


def list_of_upload(filename: str, raw: bytes) -> tuple[str, str]:
    """The list text an uploaded file holds, and how it came (``file``: a list file, or
    ``roster``: a roster armybuilder made, its carried list written as YAML)."""
    from armybuilder.sources import read_source, to_yaml

    if not raw:
        raise Refusal(422, "the file is empty: choose your list file")
    if len(raw) > 8 * MAX_LIST_BYTES:
        raise Refusal(413, f"a file is at most {8 * MAX_LIST_BYTES // 1024} KiB")
    suffix = Path(filename or "").suffix.lower()
    if suffix not in (".pdf", ".md", ".markdown", ".json"):
        if len(raw) > MAX_LIST_BYTES:
            raise Refusal(413, f"a list is at most {MAX_LIST_BYTES // 1024} KiB")
        return _text_of(raw), "file"
    with tempfile.TemporaryDirectory(prefix="armybuilder-desk-") as tmp:
        path = Path(tmp) / f"roster{suffix}"
        path.write_bytes(raw)
        try:
            data, kind = read_source(str(path))
        except ValueError as exc:
            if suffix != ".pdf" and len(raw) <= MAX_LIST_BYTES and _is_list_text(raw):  # a list itself, in JSON
                return _text_of(raw), "file"
            said = str(exc).replace(str(path) + ": ", "").replace(str(path), "the file")
            raise Refusal(422, "that file: " + said) from None
    if not isinstance(data, dict):
        raise Refusal(422, f"{kind} holds no list")
    return f"# Sent to the desk as {kind}.\n" + to_yaml(data, ordered=False), "roster"


def _is_list_text(raw: bytes) -> bool:
    from armybuilder.yamlio import LoadError, loads

    try:
        data = loads(_text_of(raw)).data
    except (Refusal, LoadError):
        return False
    return isinstance(data, dict) and "system" in data
