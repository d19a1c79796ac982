"""The Token Terrors model: the rulebook's data, and a list (an army or a draft) read against it.

Every number comes from ``data/token-terrors/*.yaml``; this module only resolves names,
replays a draft pick by pick and adds up slots. The rule modules in ``rules/`` judge.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from armybuilder.resources import load_data
from armybuilder.suggest import NameIndex, fold

from . import MANIFEST

SYSTEM_ID = MANIFEST.id


@dataclass(frozen=True)
class Catalog:
    """The rulebook as data: factions, rarities, the army numbers, Tactics and Grudges."""

    factions: NameIndex[dict[str, Any]]  # canonical name -> the faction's entry in factions.yaml
    rules: dict[str, Any]  # rules.yaml
    rarities: dict[str, dict[str, Any]]  # rarity name -> its entry in rules.yaml
    tactics: list[dict[str, Any]]
    grudges: list[dict[str, Any]]

    def value(self, key: str) -> Any:
        return self.rules[key]["value"]

    def ref(self, key: str) -> str:
        rule: str = self.rules[key]["rule"]
        return rule

    def faction(self, name: str) -> dict[str, Any]:
        return self.factions[name]

    def slots_each(self, name: str) -> int | None:
        """Army slots one token of the faction uses; None when its rarity's size is unknown."""
        slots: int | None = self.rarities[self.factions[name]["rarity"]]["slots"]
        return slots

    def supply(self, name: str) -> int | None:
        supply: int | None = self.factions[name].get("box_supply")
        return supply

    def names(self) -> str:
        return ", ".join(self.factions)


def singular_of(name: str) -> str:
    """One token of a faction: ``Zombies`` -> ``Zombie``, ``Elves`` -> ``Elf``, ``Flying Machines`` ->
    ``Flying Machine``. A faction is named in the singular or the plural alike (issue 41: ``tokens
    Zombie`` was refused)."""
    if name.endswith("ves"):
        return name[:-3] + "f"
    if name.endswith("s") and not name.endswith("ss"):
        return name[:-1]
    return name


def faction_index(factions: list[dict[str, Any]]) -> NameIndex[dict[str, Any]]:
    """The factions by name, each also in the singular (:func:`singular_of`)."""
    names = [f["name"] for f in factions]
    singular = {one: name for name in names if (one := singular_of(name)) != name and one not in names}
    return _Factions({f["name"]: f for f in factions}, singular)


class _Factions(NameIndex[dict[str, Any]]):
    """The factions: a near miss is told the faction's own name, never its singular."""

    def suggestion(self, name: str) -> str:
        from armybuilder.suggest import did_you_mean

        return did_you_mean(name, list(self))


def build_catalog(
    rules: dict[str, Any], factions: list[dict[str, Any]], tactics: list[dict[str, Any]], grudges: list[dict[str, Any]]
) -> Catalog:
    return Catalog(
        factions=faction_index(factions),
        rules=rules,
        rarities={r["name"]: r for r in rules["rarities"]},
        tactics=list(tactics),
        grudges=list(grudges),
    )


@cache
def catalog() -> Catalog:
    return build_catalog(
        load_data(SYSTEM_ID, "rules"),
        load_data(SYSTEM_ID, "factions")["factions"],
        load_data(SYSTEM_ID, "tactics")["tactics"],
        load_data(SYSTEM_ID, "grudges")["grudges"],
    )


@dataclass
class Army:
    """One player's tokens, by faction (known factions only, in the order they first appear)."""

    label: str  # how messages name it: "the army", a player, an army's name
    where: tuple[Any, ...]  # path of the army as a whole, for army-wide findings
    counts: dict[str, int] = field(default_factory=dict)  # canonical faction -> tokens
    paths: dict[str, tuple[Any, ...]] = field(default_factory=dict)  # canonical faction -> path of its first entry
    unknown: int = 0  # tokens of factions the data does not know (TTB002): not counted, so its slots are not known
    player: int | None = None  # index into draft.players
    source: str | None = None  # the file, in a matchup
    positions: Mapping[tuple[Any, ...], tuple[int, int]] | None = None  # the file's, in a matchup

    def add(self, faction: str, tokens: int, path: tuple[Any, ...]) -> None:
        self.counts[faction] = self.counts.get(faction, 0) + tokens
        self.paths.setdefault(faction, path)

    def present(self) -> list[str]:
        """Factions with at least one token."""
        return [f for f, n in self.counts.items() if n > 0]

    def slots(self, cat: Catalog) -> int | None:
        total = 0
        for faction, n in self.counts.items():
            each = cat.slots_each(faction)
            if each is None:
                if n > 0:
                    return None
                continue
            total += each * n
        return total

    def unknown_sizes(self, cat: Catalog) -> list[str]:
        return [f for f in self.present() if cat.slots_each(f) is None]

    def mix(self) -> str:
        return ", ".join(f"{f} {n}" for f, n in self.counts.items() if n > 0) or "no tokens"


@dataclass
class Entry:
    """One line of an army's ``tokens`` mapping, as written."""

    written: str
    faction: str | None
    tokens: int
    path: tuple[Any, ...]


@dataclass
class Pick:
    """One pick of a draft, with the state of the draft just before it."""

    index: int
    path: tuple[Any, ...]
    player_written: str
    player: int | None
    faction_written: str
    faction: str | None
    tokens: int
    held_before: int = 0  # the picker's tokens of this faction
    slots_before: int | None = 0  # the picker's army slots (None: a size or a faction is unknown)
    drafted_before: int = 0  # tokens of this faction drafted by anyone
    other_first: int | None = None  # index of the opponent's first pick of this faction

    @property
    def number(self) -> int:
        return self.index + 1


@dataclass
class Context:
    """What the rule modules see: the catalog, the list and its armies."""

    cat: Catalog
    kind: str  # army | draft | matchup | both | neither
    data: dict[str, Any] = field(default_factory=dict)
    armies: list[Army] = field(default_factory=list)
    entries: list[Entry] = field(default_factory=list)  # army: the tokens mapping, as written
    players: list[str] = field(default_factory=list)  # draft: the players' names
    picks: list[Pick] = field(default_factory=list)  # draft: every pick
    unknown: list[tuple[str, tuple[Any, ...]]] = field(default_factory=list)  # (written name, path) of unknown factions
    allow_shared: bool = False  # matchup: --allow-shared-factions

    def other(self, player: int) -> int:
        return 1 - player


def read(data: dict[str, Any], cat: Catalog | None = None) -> Context:
    """The context for a list already known to fit the list schema."""
    cat = cat or catalog()
    has_tokens, has_draft = "tokens" in data, "draft" in data
    if has_tokens and has_draft:
        return Context(cat, "both", data)
    if has_draft:
        return _read_draft(data, cat)
    if has_tokens:
        return _read_army(data, cat)
    return Context(cat, "neither", data)


def army_from_tokens(
    tokens: Mapping[Any, int],  # the list's tokens mapping: faction as written -> tokens
    cat: Catalog,
    label: str,
    ctx: Context | None = None,
    source: str | None = None,
    positions: Mapping[tuple[Any, ...], tuple[int, int]] | None = None,
) -> Army:
    army = Army(label=label, where=("tokens",), source=source, positions=positions)
    for written, n in tokens.items():
        faction = cat.factions.canonical(str(written))
        path = ("tokens", written)
        if ctx is not None:
            ctx.entries.append(Entry(str(written), faction, n, path))
            if faction is None:
                ctx.unknown.append((str(written), path))
        if faction is not None:
            army.add(faction, n, path)
        else:
            army.unknown += n
    return army


def _read_army(data: dict[str, Any], cat: Catalog) -> Context:
    ctx = Context(cat, "army", data)
    ctx.armies.append(army_from_tokens(data["tokens"], cat, "the army", ctx))
    return ctx


def player_index(players: list[str], written: str) -> int | None:
    for i, p in enumerate(players):
        if fold(p) == fold(written):
            return i
    return None


def _read_draft(data: dict[str, Any], cat: Catalog) -> Context:
    draft = data["draft"]
    ctx = Context(cat, "draft", data, players=list(draft["players"]))
    ctx.armies = [Army(label=p, where=("draft", "players", i), player=i) for i, p in enumerate(ctx.players)]
    drafted: dict[str, int] = {}
    first_pick: dict[tuple[int, str], int] = {}
    for i, raw in enumerate(draft["picks"]):
        path = ("draft", "picks", i)
        player = player_index(ctx.players, raw["player"])
        faction = cat.factions.canonical(raw["faction"])
        pick = Pick(i, path, raw["player"], player, raw["faction"], faction, raw["tokens"])
        if faction is None:
            ctx.unknown.append((raw["faction"], (*path, "faction")))
        if faction is not None:
            pick.drafted_before = drafted.get(faction, 0)
            drafted[faction] = pick.drafted_before + pick.tokens
        if player is not None:
            army = ctx.armies[player]
            pick.slots_before = None if army.unknown else army.slots(cat)
            if faction is None:
                army.unknown += pick.tokens
            else:
                pick.held_before = army.counts.get(faction, 0)
                pick.other_first = first_pick.get((ctx.other(player), faction))
                if pick.tokens > 0:  # "drafted even as few as 1" closes the faction
                    first_pick.setdefault((player, faction), i)
                army.add(faction, pick.tokens, path)
        ctx.picks.append(pick)
    return ctx
