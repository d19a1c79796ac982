"""The fingerprint of a list: SHA-256 of its canonical content.

A printed roster carries the fingerprint of the list it came from, so an organiser can tell
whether a file still says what the printout says. It depends on what the list *says*, not on
how the file is written.

The canonical content (form 1) of a list file is built like this:

1. The file is read by armybuilder's safe YAML reader (:mod:`armybuilder.yamlio`), the same one
   every command uses. So comments, blank lines, indentation, block or flow style, quoting
   style, the spelling of a number (``0x10``, ``16``) and the order of keys do not count;
   a file that reader refuses (not YAML, duplicate keys, anchors, tags) has no fingerprint.
2. The data is written as JSON (RFC 8259) with:

   * mapping keys sorted by Unicode code point; a key that is not text (``1: x``) becomes the
     text of its JSON value (``"1"``); a mapping where two keys become the same text is refused;
   * list items in the order the file gives them (order matters: it is the list's order);
   * strings exactly as read: no trimming, no case folding, no Unicode normalisation; only
     ``"``, ``\\`` and control characters are escaped, everything else is written as itself;
   * numbers by value: a float with no fractional part is written as an integer (``51.0`` is
     ``51``; ``-0.0`` is ``0``), other floats in the shortest form that reads back to the same
     float (``0.5``); ``true``, ``false`` and ``null`` as such;
   * no whitespace at all (separators ``,`` and ``:``), no trailing newline.
3. That text is encoded as UTF-8 and hashed with SHA-256; the fingerprint is the 64 lowercase
   hexadecimal digits of the digest.

Every key counts, including ``name`` and ``note`` entries: an edited note is an edited file.

The findings digest (form 1) says what a check of the list found, so a roster whose errors were
cut out no longer matches the list it carries. Each finding becomes the JSON array
``[code, severity, message, path]`` (``path``: the keys and list indexes of the finding's place
in the list data, so the digest does not depend on the file's layout any more than the
fingerprint does; a line number would); the arrays are sorted by their canonical text, written
as one JSON array in the canonical form above, encoded as UTF-8 and hashed with SHA-256 (64
lowercase hexadecimal digits). No findings at all is the digest of ``[]``. An event pack's finding
is placed at the pack's line, so its message names the list's lines (``card 'Illusion' is banned
at Autumn Clash 2026 (list line 41)``); for the same reason those words (`` (list line 41)``,
`` (list lines 12, 30)``) are left out of its message in the digest.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from collections.abc import Iterable

    from armybuilder.findings import Finding
    from armybuilder.outcome import Outcome

import hashlib
import json
import math
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

FORM = 1  # the canonical form described above; change it only with a new number
# The list lines an event pack's finding names in its message (armybuilder.events.inventory's
# ``where``, the EVT016 setting rule): left out of the findings digest, which is the same for any layout.
_LIST_LINES = re.compile(r" \(list lines? \d+(?:, \d+)*\)")


class CanonicalError(ValueError):
    """Data that has no canonical form (two keys that become the same text)."""


def _key(key: Any) -> str:
    if isinstance(key, str):
        return key
    return json.dumps(_value(key), ensure_ascii=False)


def _value(value: Any) -> Any:
    if isinstance(value, bool) or value is None or isinstance(value, (str, int)):
        return value
    if isinstance(value, float):
        if math.isfinite(value) and value == int(value):
            return int(value)
        return value
    if isinstance(value, dict):
        out: dict[str, Any] = {}
        for k, v in value.items():
            text = _key(k)
            if text in out:
                raise CanonicalError(f"two keys in one mapping both read as {text!r}")
            out[text] = _value(v)
        return out
    if isinstance(value, (list, tuple)):
        return [_value(v) for v in value]
    raise CanonicalError(f"a value of type {type(value).__name__} has no canonical form")


def canonical_bytes(data: Any) -> bytes:
    """The canonical content of parsed list data (see the module documentation)."""
    return json.dumps(_value(data), ensure_ascii=False, sort_keys=True, separators=(",", ":"), allow_nan=False).encode(
        "utf-8"
    )


def carried_bytes(data: Any) -> bytes:
    """The list as a roster carries it: its content in the canonical form above, but with each
    mapping's keys in the order the file gives them, so that checking it again says what the check
    of the file said (some messages name a list's entries in its order). Its fingerprint is the
    fingerprint of the data it holds."""
    return json.dumps(_value(data), ensure_ascii=False, separators=(",", ":"), allow_nan=False).encode("utf-8")


def fingerprint_and_carried(data: Any) -> tuple[str, bytes]:
    """:func:`of_data` and :func:`carried_bytes` of the same data, normalised once (a roster needs both)."""
    value = _value(data)
    canonical = json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"), allow_nan=False)
    carried = json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    return of_canonical(canonical.encode("utf-8")), carried.encode("utf-8")


def of_data(data: Any) -> str:
    """The fingerprint of parsed list data: 64 lowercase hex digits."""
    return of_canonical(canonical_bytes(data))


def of_canonical(canonical: bytes) -> str:
    """The fingerprint of a list's canonical content (:func:`canonical_bytes`)."""
    return hashlib.sha256(canonical).hexdigest()


DIGEST_FORM = 1  # the findings digest described above


def findings_digest(findings: Iterable[Finding]) -> str:
    """The findings digest of a check (see the module documentation): 64 lowercase hex digits."""
    dumps = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), allow_nan=False).encode
    rows = sorted(
        dumps([f.code, f.severity.value, _LIST_LINES.sub("", f.message), [_part(p) for p in f.path]]) for f in findings
    )
    # sorted as text by code point, which is the order of their UTF-8 bytes
    return hashlib.sha256(("[" + ",".join(rows) + "]").encode("utf-8")).hexdigest()


def _part(part: Any) -> Any:
    """A path part as the canonical form writes it (a key that is not text or a number: its text)."""
    if isinstance(part, float) and math.isfinite(part) and part == int(part):
        return int(part)
    return part if part is None or isinstance(part, (str, int, float, bool)) else str(part)


def of_file(path: str | Path) -> str:
    """The fingerprint of a list file. Raises ``yamlio.LoadError``, ``CanonicalError``, ``OSError``."""
    from armybuilder.yamlio import load_file

    return of_data(load_file(path).data)


def report(files: Sequence[str | Path]) -> Outcome:
    """``armybuilder fingerprint``: stdout text (``HEX  FILE`` lines), stderr lines, exit code.

    Exit 0 when every file has a fingerprint, 1 when some file cannot be read as a list (not
    YAML, refused by the safe reader), 2 when some file cannot be read at all.
    """
    from armybuilder.outcome import ExitCode, Outcome
    from armybuilder.yamlio import LoadError

    out: list[str] = []
    messages: list[str] = []
    code = ExitCode.OK
    for f in files:
        try:
            out.append(f"{of_file(f)}  {f}\n")
        except LoadError as exc:
            messages.append(f"{f}:{exc.line}:{exc.column}: {exc.code} {exc.message}; no fingerprint")
            code = max(code, ExitCode.INVALID)
        except CanonicalError as exc:
            messages.append(f"{f}: {exc}; no fingerprint")
            code = max(code, ExitCode.INVALID)
        except OSError as exc:
            messages.append(f"{f}: cannot read the file ({exc.strerror or exc})")
            code = ExitCode.USAGE
    return Outcome("".join(out), messages, code)
