"""What an event pack asks of the lists: its rules for one system (:class:`Rules`), each a name or a
total with its value and where the pack says it (:class:`Entry`). :func:`armybuilder.events.load`
reads them from a pack; the rule modules (:mod:`armybuilder.events.rules`) check a list against them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from armybuilder.events.inventory import total_word
from armybuilder.findings import number
from armybuilder.text import fmt_points, points_text

if TYPE_CHECKING:  # pragma: no cover
    from armybuilder import findings


@dataclass
class Entry:
    """One rule of the pack: a name or total, a value, and where the pack says it."""

    name: str
    value: Any
    path: findings.Path
    total: bool = False  # a total the system counts (``heroes``), not a name of its data


@dataclass
class Rules:
    """What the event asks of the lists of one system (top-level and per-system rules merged)."""

    system: str
    points: Fraction | None = None
    points_path: findings.Path = ()
    data_version: str | None = None
    data_version_path: findings.Path = ()
    ban: list[Entry] = field(default_factory=list)
    limit: list[Entry] = field(default_factory=list)
    minimum: list[Entry] = field(default_factory=list)
    maximum: list[Entry] = field(default_factory=list)
    include: list[Entry] = field(default_factory=list)
    settings: list[Entry] = field(default_factory=list)

    @property
    def counts_items(self) -> bool:
        return bool(self.ban or self.limit or self.minimum or self.maximum or self.include)

    def words(self, text: Callable[[Any], str] = str, number: Callable[[Any], str] = fmt_points) -> str:
        """The rules in one line for a person ("48 points; banned: Mindblast; ..."); ``text`` and
        ``number`` render the pack's names and counts (escaped for Markdown, say)."""
        parts = []
        if self.points is not None:
            parts.append(points_text(self.points))
        if self.data_version is not None:
            parts.append(f"data version {text(self.data_version)}")
        if self.ban:
            parts.append("banned: " + ", ".join(text(e.name) for e in self.ban))

        def counted(e: Entry, total: bool = True) -> str:  # "1 hero", "2 heroes", "2 Unreliable"
            if not total:
                return f"{number(e.value)} {text(e.name)}"
            return f"{number(e.value)} {text(total_word(e.name, e.value))}"

        if self.limit:
            parts.append("at most " + ", ".join(counted(e, e.total) for e in self.limit))
        parts += [f"at least {counted(e)}" for e in self.minimum]
        parts += [f"at most {counted(e)}" for e in self.maximum]
        if self.include:
            parts.append("every list holds " + ", ".join(text(e.name) for e in self.include))
        parts += [f"{text(e.name)}: {text(e.value)}" for e in self.settings]
        return "; ".join(parts) or "the game's own rules"

    def describe(self) -> dict[str, Any]:
        return {
            "points": number(self.points),
            "data_version": self.data_version,
            "ban": [e.name for e in self.ban],
            "limit": {e.name: e.value for e in self.limit},
            "require": {
                **{f"min_{e.name}": e.value for e in self.minimum},
                **{f"max_{e.name}": e.value for e in self.maximum},
                **({"include": [e.name for e in self.include]} if self.include else {}),
                **({"settings": {e.name: e.value for e in self.settings}} if self.settings else {}),
            },
        }
