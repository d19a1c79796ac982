"""What the desk names, and how: a player's name as it is kept and its key (two names that read the
same are one player), the edit tokens and idempotency keys, the file names of an export, and the
separator of a players' file."""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
import unicodedata
from collections.abc import Sequence
from typing import Any

from armybuilder.desk.records import MAX_PLAYER, Refusal

_BIDI = re.compile("[\u200e\u200f\u202a-\u202e\u2066-\u2069]")
_WINDOWS_NAMES = {"con", "prn", "aux", "nul", *(f"com{i}" for i in range(10)), *(f"lpt{i}" for i in range(10))}


# Characters that show nothing, or a blank, yet are not spaces (Hangul fillers, the blank Braille
# pattern, the variation selectors of Mongolian): a name of them looks empty, or like another's.
_BLANK_LOOKING = frozenset("\u115f\u1160\u3164\uffa0\u2800\u180b\u180c\u180d\u180e\u180f\u17b4\u17b5")
_EMOJI_JOINERS = frozenset("\u200d\ufe0e\ufe0f")  # a joiner or a variation selector within an emoji
# Letters of Cyrillic and Greek drawn like Latin ones: a name's key reads them as those, so that
# "Alice" with a Cyrillic capital A (U+0410) and "Alice" are one player, as they are to the eye.
_LOOK_ALIKES = str.maketrans(
    "аеорсухіјѕԁӏһԛԝвкмнтАВЕКМНОРСТХІЈЅЅΑΒΕΖΗΙΚΜΝΟΡΤΥΧοαιν",
    "aeopcyxijsdlhqwbkmhtABEKMHOPCTXIJSSABEZHIKMNOPTYXoaiv",
)
_SCRIPTS = ("LATIN", "CYRILLIC", "GREEK")


def _script(ch: str) -> str | None:
    """The alphabet of a letter among those whose letters look alike (Latin, Cyrillic, Greek)."""
    if not ch.isalpha():
        return None
    name = unicodedata.name(ch, "")
    return next((s for s in _SCRIPTS if name.startswith(s + " ")), None)


def _invisible(name: str, i: int) -> bool:
    """Whether ``name[i]`` is a character that shows nothing (a format character: a zero-width
    space, a soft hyphen, a word joiner, a byte-order mark, a tag), except a joiner or a variation
    selector between the parts of an emoji (a family, a flag, a coloured heart)."""
    ch = name[i]
    before, after = name[i - 1 : i], name[i + 1 : i + 2]
    if ch in "\u200c\u200d" and before.isalpha() and after.isalpha() and _script(before) is None:
        return False  # a joiner within a word of an Indic or Arabic script: part of its spelling
    if ch in _EMOJI_JOINERS:
        return not before or (unicodedata.category(before) not in ("So", "Sk", "Mn") and before not in _EMOJI_JOINERS)
    return unicodedata.category(ch) == "Cf" or 0xE0000 <= ord(ch) <= 0xE007F


def clean_player(value: Any) -> str:
    """A player's name as the desk keeps it (NFKC: full-width letters and ligatures as their plain
    letters, spacing made single), or :class:`Refusal` (422) saying why it cannot be: control
    characters, invisible ones, blank-looking ones, a word that mixes Latin, Cyrillic or Greek
    letters (a look-alike of another's name), a name of nothing but punctuation."""
    if not isinstance(value, str):
        raise Refusal(422, "give the player's name (text)")
    if len(value) > 4 * MAX_PLAYER:
        raise Refusal(422, f"a player's name is at most {MAX_PLAYER} characters")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise Refusal(422, "a player's name must be text (it holds a broken character)") from None
    name = " ".join(unicodedata.normalize("NFKC", value).split())
    if not name:
        raise Refusal(422, "give the player's name")
    if _BIDI.search(name) or any(unicodedata.category(c) in ("Cc", "Cs", "Co", "Cn") for c in name):
        raise Refusal(422, "a player's name has no control characters")
    if any(_invisible(name, i) for i in range(len(name))):
        raise Refusal(
            422,
            "a player's name has an invisible character in it (such as a zero-width space or a soft hyphen), "
            "so it would look like another name: type it again, letters and spaces only",
        )
    if any(c in _BLANK_LOOKING for c in name):
        raise Refusal(422, "a player's name has a blank-looking character in it: type the name in letters")
    if not any(unicodedata.category(c)[0] in "LNS" for c in name):
        raise Refusal(422, "a player's name needs at least one letter or digit")
    for word in name.split():
        scripts = {s for s in map(_script, word) if s}
        if len(scripts) > 1:
            mixed = " and ".join(sorted(s.title() for s in scripts))
            raise Refusal(
                422,
                f"a word of this name mixes {mixed} letters that look alike, so it would look like another "
                "name: type it in one alphabet",
            )
    if len(name) > MAX_PLAYER:
        raise Refusal(422, f"a player's name is at most {MAX_PLAYER} characters")
    return name


def player_key(name: str) -> str:
    """Two names that read the same are the same player: case, width, spacing and the Cyrillic
    and Greek letters drawn like Latin ones folded."""
    folded = unicodedata.normalize("NFKC", name).translate(_LOOK_ALIKES)
    return " ".join(folded.casefold().split())


def new_token() -> str:
    return secrets.token_urlsafe(24)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def token_matches(token: str | None, stored_hash: str) -> bool:
    """Whether ``token`` is the one whose hash was stored (compared in constant time)."""
    if not token or len(token) > 200:
        return False
    return hmac.compare_digest(token_hash(token).encode("ascii"), stored_hash.encode("ascii", "replace"))


_IDEM = re.compile(r"[!-~][ -~]{14,198}[!-~]")  # 16 to 200 visible ASCII characters (a UUID is 36)


def idempotency_key(value: Any) -> str | None:
    """The idempotency key a sending carries (the ``Idempotency-Key`` header of a script, the
    hidden key of the page's form), or None for none; a :class:`Refusal` (422) for one that is no
    key. Only the first sender holds it: a retry is known by it, never by what the body says."""
    if value is None or value == "":
        return None
    if not isinstance(value, str) or not _IDEM.fullmatch(value):
        raise Refusal(
            422,
            "the idempotency key must be 16 to 200 letters, digits or signs (a UUID, for example); "
            "on the desk's page, reload it and send again",
        )
    return value


def sending_digest(key: str, fingerprint: str) -> str:
    """What a sending said, for its key to hold: its player's name (folded) and its list (the
    fingerprint). A retry with the same key says the same; another body under the key is refused."""
    return hashlib.sha256(f"{key}\x00{fingerprint}".encode("utf-8", "replace")).hexdigest()


def same_secret(given: str | None, secret: str) -> bool:
    if not given or len(given) > 200:
        return False
    return hmac.compare_digest(given.encode("utf-8", "replace"), secret.encode("utf-8"))


def safe_stem(player: str) -> str:
    """A file name's stem from a player's name: letters, digits and symbols (emoji) of any script,
    ``-`` for the rest, never empty, never hidden, never a folder, never a device name of Windows."""
    text = unicodedata.normalize("NFKC", player)
    out: list[str] = []
    for ch in text:
        if (
            ch.isalnum()
            or unicodedata.category(ch) == "So"  # an emoji names a player too (it was "player.yaml")
            or (unicodedata.category(ch).startswith("M") and out and out[-1] != "-")
        ):
            out.append(ch.lower())
        else:
            out.append("-")
    stem = re.sub(r"-+", "-", "".join(out)).strip("-")
    while len(stem.encode("utf-8")) > 120:
        stem = stem[:-1].rstrip("-")
    if not stem:
        stem = "player"
    if stem.split(".")[0] in _WINDOWS_NAMES:
        stem += "-list"
    return stem


def file_names(players: Sequence[str]) -> list[str]:
    """One ``.yaml`` name for each player, in order, none the same as another (ignoring case)."""
    taken: set[str] = set()
    names = []
    for player in players:
        stem = safe_stem(player)
        name, n = stem, 1
        while name.casefold() in taken:
            n += 1
            name = f"{stem}-{n}"
        taken.add(name.casefold())
        names.append(name + ".yaml")
    return names


HEADER_WORDS = ("name", "player", "names", "players")  # the first cell of a players' file's header line
SEPARATORS = (",", ";", "\t")  # a CSV's, a European spreadsheet's CSV's, a tab-separated file's


def csv_separator(csv_text: str) -> str:
    """The separator of a players' file (``,``, ``;`` or a tab), read from its first line that
    is not blank (the header, or the first player): the one that divides it, or, when several
    do, the one after which its header's first cell is "name"; ``,`` when none does (a name a
    line). :class:`Refusal` (422) when that line can be read both ways."""
    import csv

    first = next((line for line in csv_text[: 64 * 1024].splitlines() if line.strip()), "")
    dividing = [s for s in SEPARATORS if len(next(csv.reader([first], delimiter=s), [])) > 1]
    if len(dividing) > 1:
        named = [s for s in dividing if next(csv.reader([first], delimiter=s))[0].strip().casefold() in HEADER_WORDS]
        if len(named) != 1:
            raise Refusal(
                422,
                "the first line of the players' file can be read with two separators ("
                + " and ".join("a tab" if s == "\t" else f"'{s}'" for s in dividing)
                + "): put a header line first, name then e-mail (name;e-mail or name,e-mail)",
            )
        dividing = named
    return dividing[0] if dividing else ","
