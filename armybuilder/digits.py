"""Numbers from outside (a request's query, form fields, JSON body; a word typed into the builder)
bounded in length before they are parsed (issue 45, item 8): Python's ``int()`` refuses a string
of more than 4,300 digits with a ValueError (a 500 where it was not expected), and turns a long
one into a number in time that grows with the square of its length. No number armybuilder takes
from a person (a page, an army size, a count, a level) needs more than :data:`MAX_CHARS`
characters: a longer one is refused with the reason, or, for a page, taken as the last one.
"""

from __future__ import annotations

MAX_CHARS = 30  # characters of a number a request or a typed word may give ("48.5", "1000", "0.000001")


class TooLong(ValueError):
    """A number of more than :data:`MAX_CHARS` characters, refused before it is parsed; its
    message is in a player's words."""


def short(text: str, what: str, limit: int = MAX_CHARS) -> str:
    """``text`` stripped, when it is at most ``limit`` characters long: short enough to be parsed;
    otherwise :class:`TooLong` (``what``: the number's name, "the army size")."""
    given = str(text).strip()
    if len(given) > limit:
        raise TooLong(f"{what} must be a number of at most {limit} characters, not one of {len(given):,}")
    return given


def page(text: str | None, last: int) -> int:
    """A page number from a query (``?page=``): ASCII digits, from 1 to ``last``; a page past the
    last (however many digits it has) is the last, anything else the first."""
    given = (text or "").strip()
    if not (given.isascii() and given.isdigit()):
        return 1
    given = given.lstrip("0") or "0"
    if len(given) > len(str(last)):  # past the last, and never parsed
        return last
    return min(max(1, int(given)), last)


def json_int(text: str) -> int:
    """``json.loads``'s ``parse_int``: an integer of at most :data:`MAX_CHARS` characters
    (:class:`TooLong` otherwise, a ValueError)."""
    return int(short(text, "a number in the body"))
