"""Name matching: case-insensitive look-up and "did you mean" for near misses."""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Iterator, Mapping
from typing import TypeVar

T = TypeVar("T")


def fold(name: str) -> str:
    """The form names are compared in: case, spaces, hyphens and underscores folded."""
    return " ".join(str(name).replace("_", " ").replace("-", " ").split()).casefold()


def nearest(name: str, choices: Iterable[str]) -> str | None:
    choices = list(choices)
    folded = {fold(c): c for c in choices}
    hits = difflib.get_close_matches(fold(name), list(folded), n=1, cutoff=0.6)
    return folded[hits[0]] if hits else None


def did_you_mean(name: str, choices: Iterable[str]) -> str:
    hit = nearest(name, choices)
    return f" (did you mean '{hit}'?)" if hit else ""


class NameIndex(Mapping[str, T]):
    """A mapping from canonical names to entries, looked up without regard to case."""

    def __init__(self, entries: Mapping[str, T], aliases: Mapping[str, str] | None = None):
        self._entries = dict(entries)
        self._aliases = dict(aliases or {})
        self._folded = {fold(k): k for k in self._entries}
        for alias, target in self._aliases.items():
            self._folded[fold(alias)] = target

    def canonical(self, name: str) -> str | None:
        return self._folded.get(fold(name))

    def __getitem__(self, name: str) -> T:
        key = self.canonical(name)
        if key is None:
            raise KeyError(name)
        return self._entries[key]

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and self.canonical(name) is not None

    def __iter__(self) -> Iterator[str]:
        return iter(self._entries)

    def __len__(self) -> int:
        return len(self._entries)

    def suggestion(self, name: str) -> str:
        return did_you_mean(name, list(self._entries) + list(self._aliases))
