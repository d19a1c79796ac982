"""Name matching: case-insensitive look-up and "did you mean" for near misses.

A suggestion is a typo's correction, never a guess: :func:`nearest` names a choice only when it is
within :func:`typo_limit` edits of what was written (a letter added, dropped, changed, or two
neighbours swapped: the optimal string alignment distance) and no other choice is as close.
The limit is one edit per three letters (at least one), as compilers' "did you mean" go; one more
when the first two letters are right (a misspelt ending: "Elfs" for "Elves"), and only one when
the first letter is wrong: a player gets the start of a name right far more often than its end.
"Spellblst" gets "Spellblast" and "Wyvrens" "Wyverns"; "Haste" gets nothing rather than "Castle"
and "Dragon" nothing rather than "Wagon" (2 edits, the first letter wrong), and "FTR01" nothing
rather than one of the many codes one edit away.
"""

from __future__ import annotations

from collections.abc import ItemsView, Iterable, Iterator, Mapping, ValuesView
from typing import TypeVar

T = TypeVar("T")


def fold(name: str) -> str:
    """The form names are compared in: case, spaces, hyphens and underscores folded."""
    return " ".join(str(name).replace("_", " ").replace("-", " ").split()).casefold()


def typo_limit(written: str, choice: str) -> int:
    """How many edits a typo of ``choice`` written as ``written`` may have: one per three characters
    written (at least one); one more when both begin with the same two characters, one at most when
    they begin differently."""
    limit = max(len(written), 3) // 3
    if written[:1] != choice[:1]:
        return min(limit, 1)
    return limit + (len(written) >= 2 and written[:2] == choice[:2])


def distance(a: str, b: str, limit: int | None = None) -> int:
    """Edits from ``a`` to ``b``: insertions, deletions, substitutions and swaps of two neighbours
    (optimal string alignment). With ``limit``: any answer above it is ``limit + 1``."""
    if limit is not None and abs(len(a) - len(b)) > limit:
        return limit + 1
    before: list[int] = []
    row = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        now = [i] + [0] * len(b)
        for j, cb in enumerate(b, 1):
            now[j] = min(row[j] + 1, now[j - 1] + 1, row[j - 1] + (ca != cb))
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                now[j] = min(now[j], before[j - 2] + 1)
        if limit is not None and min(now) > limit:
            return limit + 1
        before, row = row, now
    return row[-1]


def nearest(name: str, choices: Iterable[str]) -> str | None:
    """The one choice ``name`` is a typo of, or None (nothing close enough, or two as close)."""
    want = fold(name)
    if not want:
        return None
    best: dict[str, str] = {}  # folded -> the first choice spelt so, at the best distance yet
    best_distance = len(want) + 1
    for c in choices:
        folded = fold(c)
        limit = typo_limit(want, folded)
        d = distance(want, folded, limit)
        if d > limit or d > best_distance:
            continue
        if d < best_distance:
            best, best_distance = {}, d
        best.setdefault(folded, c)
    return next(iter(best.values())) if len(best) == 1 else None


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
        # What self[k] gives for each k, made once: values() and items() look nothing up (a check
        # goes through every card of a game several times a list)
        self._resolved = {k: self._entries[self._folded[fold(k)]] for k in self._entries}
        self._suggested: dict[str, str] = {}  # name -> its suggestion: a list repeats its misspellings

    #: How many suggestions an index keeps (a long-running ``serve`` meets any number of names).
    KEEP = 4096

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

    def values(self) -> ValuesView[T]:
        return self._resolved.values()

    def items(self) -> ItemsView[str, T]:
        return self._resolved.items()

    def suggestion(self, name: str) -> str:
        said = self._suggested.get(name)
        if said is None:
            if len(self._suggested) >= self.KEEP:
                self._suggested.clear()
            said = self._suggested[name] = did_you_mean(name, [*self._entries, *self._aliases])
        return said
