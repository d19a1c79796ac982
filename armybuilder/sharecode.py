"""Share codes: a whole list as one line of text, to paste in a chat or print as a QR code.

``armybuilder share army.yaml`` prints the code; ``armybuilder import CODE -o army.yaml`` writes
the list back (:mod:`armybuilder.commands.share`). The code holds what the list *says*, so equal lists
give equal codes whatever their comments, layout and key order, and a round trip keeps the
list's fingerprint (:mod:`armybuilder.fingerprint`).

Form 1 of a share code is ``AB1.PAYLOAD.CHECK``:

* ``AB1.``: ``AB`` (armybuilder), the form number ``1``, a dot. A later form gets a new number;
  a code of a form this armybuilder does not know is refused with a request to update it.
* ``PAYLOAD``: the list's canonical content (fingerprint form 1: the exact bytes the fingerprint
  hashes: the list as JSON, keys sorted, no whitespace), compressed with raw DEFLATE (RFC 1951,
  zlib level 9, a 32 KiB window, no zlib header), written in base64url (RFC 4648 section 5:
  ``A-Z a-z 0-9 - _``) without padding.
* ``CHECK``: a checksum of what comes before it: the first 6 bytes of the SHA-256 of the ASCII
  text ``AB1.PAYLOAD``, in base64url (8 characters). A code cut short, or with a character
  changed, fails it (one in 2^48 passes by chance).

Every character of a code is URL-safe (a dot, letters, digits, ``-``, ``_``). Decoding
(:func:`decode`) refuses, each with a message for a player: a code longer than
``MAX_CODE_CHARS``; one that is not a share code; a later form; a character outside the
alphabet; a missing or wrong checksum; a payload that does not unpack, or unpacks to more than
a list file may hold (``yamlio.MAX_BYTES``: decompressed with that limit, so a small code never
unpacks to gigabytes); content that is not JSON, nests deeper or holds more values than a list
file may, or is not in the canonical form (armybuilder did not make it). ASCII whitespace
inside a code is ignored (a chat may wrap it over lines).

A decoded list is data from someone else: ``armybuilder import`` writes it as YAML, reads that
text back with the safe reader every list file goes through, and checks it against its
system's schema and rules like any file.

DEFLATE output depends on the compressor: zlib gives the same code for the same list on every
machine, a zlib-compatible one (zlib-ng) may give another code for it, and both decode to the
same list everywhere. The list's identity is its fingerprint, not its code.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
import zlib
from typing import Any

from armybuilder.fingerprint import CanonicalError, canonical_bytes
from armybuilder.yamlio import MAX_BYTES, beyond_limits, refuse_constant

FORM = 1  # the share code form described above; change it only with a new number
PREFIX = f"AB{FORM}."
MAX_CODE_CHARS = 65_536  # a long list's code is a few thousand characters
MAX_LIST_BYTES = MAX_BYTES  # what a code may unpack to: what a list file may hold
CHECK_CHARS = 8  # base64url of 6 bytes

_ALPHABET = re.compile(r"[A-Za-z0-9_-]*")
_HEAD = re.compile(r"AB([0-9]{1,9})\.")  # ASCII digits only (\d would take any script's)
_SPACE = re.compile(r"[ \t\r\n]+")


class ShareCodeError(ValueError):
    """A share code that cannot be read (decoding) or a list that cannot be made one (encoding)."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def _checksum(head_and_payload: str) -> str:
    return _b64(hashlib.sha256(head_and_payload.encode("ascii")).digest()[:6])


def encode(data: Any) -> str:
    """The share code of parsed list data. Raises ``CanonicalError`` (no canonical form) and
    :class:`ShareCodeError` (a list too large for a code)."""
    return encode_canonical(canonical_bytes(data))


def encode_canonical(canonical: bytes) -> str:
    """The share code of a list's canonical content (:func:`armybuilder.fingerprint.canonical_bytes`)."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15, 9)
    body = PREFIX + _b64(packer.compress(canonical) + packer.flush())
    code = f"{body}.{_checksum(body)}"
    if len(code) > MAX_CODE_CHARS:
        raise ShareCodeError(
            f"its share code would be {len(code):,} characters; a share code is at most {MAX_CODE_CHARS:,} "
            "(share the file itself, or a roster: armybuilder import reads the list from either)"
        )
    return code


def encode_carried(carried: bytes) -> str:
    """The share code of the list a roster carries (:func:`armybuilder.fingerprint.carried_bytes`)."""
    return encode(json.loads(carried))


def link_problem(base: str) -> str | None:
    """Why ``base`` cannot start a share link (None: it can): the address of a published site."""
    import urllib.parse

    if any(ch.isspace() or ord(ch) < 32 or 0x7F <= ord(ch) < 0xA0 for ch in base):
        return "a link's address has no spaces or control characters"
    try:
        parts = urllib.parse.urlsplit(base)
    except ValueError:
        parts = None
    if parts is None or parts.scheme not in ("http", "https") or not parts.netloc:
        return (
            "give the address of the published site, from http:// or https:// "
            "(for example https://you.github.io/armybuilder/)"
        )
    return None


def link(base: str, code: str) -> str:
    """The share link: the site's address, then the code in the fragment (``#AB1.…``), which a
    browser keeps to itself: no server ever sees the list. The site opens it as a roster."""
    return base.split("#", 1)[0] + "#" + code


def looks_like_code(text: str) -> bool:
    """Whether ``text`` is meant as a share code (it starts as one: ``AB``, a number, a dot)."""
    return _HEAD.match(text.strip()) is not None


def decode(code: str) -> Any:
    """The list data a share code holds, or :class:`ShareCodeError` saying why it cannot be read."""
    if len(code) > 4 * MAX_CODE_CHARS:  # before any work on it, whitespace and all
        raise ShareCodeError(f"it is {len(code):,} characters long; a share code is at most {MAX_CODE_CHARS:,}")
    text = _SPACE.sub("", code)
    if not text:
        raise ShareCodeError("it is empty; a share code starts with " + PREFIX)
    if len(text) > MAX_CODE_CHARS:
        raise ShareCodeError(f"it is {len(text):,} characters long; a share code is at most {MAX_CODE_CHARS:,}")
    head = _HEAD.match(text)
    if head is None:
        raise ShareCodeError(
            f"it is not a share code: a share code starts with {PREFIX} (armybuilder share prints one)"
        )
    form = int(head.group(1))
    if form > FORM:
        raise ShareCodeError(
            f"it is a share code of form {form}, made by a newer armybuilder; this one reads form {FORM}: "
            "update armybuilder to import it"
        )
    if form != FORM or head.group(1) != str(form):
        raise ShareCodeError(f"it is not a share code: a share code starts with {PREFIX}")
    rest = text[head.end() :]
    payload, dot, check = rest.rpartition(".")
    if not dot:
        raise ShareCodeError(
            "it is cut short: its checksum (the part after the last dot) is missing; copy it again whole"
        )
    for part in (payload, check):
        bad = _ALPHABET.match(part)
        end = bad.end() if bad else 0
        if end < len(part):
            ch = part[end]
            raise ShareCodeError(
                f"it holds {_shown(ch)}, which is not in a share code (letters, digits, '-', '_' and dots only)"
            )
    if len(check) != CHECK_CHARS or check != _checksum(text[: head.end()] + payload):
        raise ShareCodeError("its checksum does not match: the code was cut short or changed; copy it again whole")
    return _unpack(payload)


def _shown(ch: str) -> str:
    return repr(ch) if ch.isprintable() and ch.isascii() else f"the character U+{ord(ch):04X}"


def _unpack(payload: str) -> Any:
    """The list in a checked payload. The checksum passed, so a failure here is a code made by
    something else than armybuilder share: it is still refused with a reason."""
    damaged = "it is damaged: its content"
    if len(payload) % 4 == 1:
        raise ShareCodeError(f"{damaged} is not base64url")
    try:
        packed = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
    except ValueError:
        raise ShareCodeError(f"{damaged} is not base64url") from None
    unpacker = zlib.decompressobj(-15)
    try:
        raw = unpacker.decompress(packed, MAX_LIST_BYTES + 1)
    except zlib.error:
        raise ShareCodeError(f"{damaged} cannot be unpacked") from None
    if len(raw) > MAX_LIST_BYTES or unpacker.unconsumed_tail:
        raise ShareCodeError(
            f"it unpacks to more than {MAX_LIST_BYTES:,} bytes; a list file is at most {MAX_LIST_BYTES:,}"
        )
    if not unpacker.eof:
        raise ShareCodeError(f"{damaged} ends early: the code was cut short")
    if unpacker.unused_data:
        raise ShareCodeError(f"{damaged} goes on past its end")
    try:
        data = json.loads(raw.decode("utf-8"), parse_constant=refuse_constant)
    except (ValueError, RecursionError):  # UnicodeDecodeError and json.JSONDecodeError are ValueErrors
        raise ShareCodeError(f"{damaged} is not a list (not JSON text)") from None
    why = beyond_limits(data)  # what a list file may hold
    if why is not None:
        raise ShareCodeError(f"the list in it {why}; a list file may not")
    try:
        canonical = canonical_bytes(data)
    except (CanonicalError, ValueError):
        canonical = b""
    if canonical != raw:
        raise ShareCodeError(f"{damaged} is not in the canonical form armybuilder share writes")
    return data
