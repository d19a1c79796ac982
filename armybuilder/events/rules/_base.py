"""What the event-pack rule modules share: the list being checked against the pack.

A rule module's ``check(ctx)`` yields findings built with :meth:`Context.finding` (the pack's
finding helper: the code's severity and rule, the pack's file and the line of the pack rule).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Protocol

from armybuilder import systems
from armybuilder.events.inventory import Index, inventory_of, is_broken
from armybuilder.findings import Finding, Result

if TYPE_CHECKING:  # pragma: no cover
    from armybuilder import findings
    from armybuilder.events.requirements import Rules


class PackView(Protocol):
    """What the rules use of the pack (:class:`armybuilder.events.Pack`, which runs them)."""

    event: str
    system_path: findings.Path

    @property
    def system_ids(self) -> list[str]: ...

    def rules_for(self, system_id: str | None) -> Rules | None: ...

    def finding(self, code: str, message: str, path: findings.Path = ()) -> Finding: ...


@dataclass
class Context:
    """One checked list, the pack applied to it and the pack's rules for the list's system."""

    pack: PackView
    result: Result

    @property
    def event(self) -> str:
        return self.pack.event

    @cached_property
    def rules(self) -> Rules | None:
        """The pack's rules for the list's system; None when the event does not play it."""
        return self.pack.rules_for(self.result.system)

    @cached_property
    def checkable(self) -> bool:
        """The event plays the list's system and the list fits its format, so it can be checked."""
        return self.rules is not None and not is_broken(self.result)

    @cached_property
    def system(self) -> systems.System:
        return systems.get(self.result.system)

    @cached_property
    def manifest(self) -> systems.Manifest:
        return systems.manifest(self.result.system)

    @cached_property
    def items(self) -> list[systems.Item] | None:
        return inventory_of(self.result)

    @cached_property
    def index(self) -> Index | None:
        """The list's inventory by name, for the rules that count; None when there is nothing to count.

        That is when the list cannot be checked, the pack bans, caps and requires nothing, or the
        system does not list what a list holds (EVT018 says so once).
        """
        rules = self.checked
        if rules is None or not rules.counts_items or not self.items:
            return None
        return Index(self.items, self.result)

    @property
    def checked(self) -> Rules | None:
        """The pack's rules when the list can be checked against them (:attr:`checkable`), else None."""
        return self.rules if self.checkable else None

    def counting(self) -> tuple[Rules, Index]:
        """The rules and the inventory, for a rule that counts (``COUNTS = True``).

        The registry runs those only when there is an :attr:`index`, and there is one only for a
        list the pack's rules apply to.
        """
        rules, index = self.rules, self.index
        assert rules is not None and index is not None, "a counting rule ran without an inventory"
        return rules, index

    def finding(self, code: str, message: str, path: findings.Path = ()) -> Finding:
        return self.pack.finding(code, message, path)
