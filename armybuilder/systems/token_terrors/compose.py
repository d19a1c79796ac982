"""Token Terrors: an army's tokens by faction, or a draft record's players and picks.

Grammar (after ``armybuilder VERB FILE``)::

    add    tokens FACTION [N]              N more tokens of a faction (1 by default)
    remove tokens FACTION [N]              N fewer (all of them without N)
    set    tokens FACTION N                exactly N tokens of a faction
    set    players FIRST SECOND            make the file a draft record (the first player first)
    set    first-player NAME               a draft's first player, one at a time (renames their picks)
    set    second-player NAME              a draft's second player (once the first is named)
    add    pick PLAYER FACTION N           the next pick of a draft
    remove pick [NUMBER]                   a pick (the last one without NUMBER)
    set    name TEXT

Faction names of more than one word need no quotes: ``add FILE tokens Flying Machines 6``.
An army file (``tokens``) and a draft record (``draft``) are two kinds of file: ``set players``
turns a new, empty army into a draft record.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, overload

from armybuilder.compose import base
from armybuilder.compose.base import Doc, EditError, Part, Request, known, number, put, usage_error
from armybuilder.suggest import NameIndex, fold, nearest
from armybuilder.text import plural

from . import MANIFEST

if TYPE_CHECKING:  # pragma: no cover
    from ruamel.yaml.comments import CommentedMap

SYSTEM_ID = MANIFEST.id
CATALOG = f"armybuilder catalog {SYSTEM_ID}"
AN_ARMY = "this file is an army (it has tokens); a draft record is a file of its own"


def _factions() -> NameIndex[dict[str, Any]]:
    from armybuilder.resources import load_data

    from .model import faction_index

    return faction_index(load_data(SYSTEM_ID, "factions")["factions"])


def template(name: str, points: Any = None) -> list[tuple[str, Any]]:
    return [("system", SYSTEM_ID), ("name", name), ("tokens", base.new_map({}, flow=True))]


def howto(file: str) -> list[str]:
    return [
        "A Token Terrors army: 10 tokens, at most 6 of a faction. Build it from the command line:",
        f"  armybuilder add {file} tokens Soldiers 6",
        f"  armybuilder add {file} tokens Elves 4",
        f"or record a draft: armybuilder set {file} players Ozzy Wren, then",
        f"  armybuilder add {file} pick Ozzy Soldiers 6",
        f"Look up factions: {CATALOG} factions, armybuilder explain {SYSTEM_ID} Goblins.",
        f"Check it: armybuilder validate {file}. Editing by hand works too (comments are kept).",
    ]


def _top(doc: Doc) -> list[str]:
    return base.schema_keys(doc.schema)


@overload
def _faction_and_count(req: Request, what: str, need_count: bool, default: int = 1) -> tuple[str, int]: ...
@overload
def _faction_and_count(req: Request, what: str, need_count: bool, default: None) -> tuple[str, int | None]: ...
def _faction_and_count(req: Request, what: str, need_count: bool, default: int | None = 1) -> tuple[str, int | None]:
    """The FACTION (one or more words) and its N (``default`` when not given)."""
    words = req.take_rest()
    if not words:
        raise usage_error(f"'{req.verb} {req.part}' needs a FACTION", req.command, "say which faction")
    count = None
    if len(words) > 1 and words[-1].lstrip("+-").isdigit():
        count = number(words[-1], "N", 0 if req.verb == "set" else 1, 1000)
        words = words[:-1]
    elif need_count:
        raise EditError(f"say how many tokens: {req.command}", "say how many tokens")
    faction = known(" ".join(words), _factions(), "faction", f"see: {CATALOG} factions", req=req)
    return faction, (count if count is not None else default)


def _army(doc: Doc) -> CommentedMap | None:
    """The tokens mapping (None when the file has none yet)."""
    from ruamel.yaml.comments import CommentedMap

    if isinstance(doc.tree.get("draft"), dict):
        raise EditError(
            "this file is a draft record: add picks with armybuilder add FILE pick PLAYER FACTION N",
            "this file is a draft record: it holds picks, not tokens",
        )
    tokens = doc.tree.get("tokens")
    if tokens is None:
        return None
    if not isinstance(tokens, CommentedMap):  # every mapping of the round-trip tree is a CommentedMap
        raise EditError("'tokens' in the file is not a mapping; fix it by hand first")
    if not len(tokens):
        tokens.fa.set_block_style()  # a new army's `tokens: {}` becomes one faction a line
    return tokens


def _put_count(doc: Doc, tokens: CommentedMap | None, key: Any, faction: str, n: int) -> None:
    if tokens is None:
        put(doc.tree, "tokens", base.new_map({faction: n}), _top(doc))
    else:
        put(tokens, key if key is not None else faction, n)


def _key_of(tokens: CommentedMap, faction: str) -> Any:
    """The faction's key as the file writes it (a YAML key), or None when the army has none.

    Found by :func:`base.find` (the name rule of every part: the key written exactly so, else the
    one that matches without regard to case), so an edit's ``--entry N`` (the N-th key of
    ``tokens``) says which of two keys that name one faction it means (TTB003)."""
    keys = list(tokens)
    if not any(fold(str(k)) == fold(faction) for k in keys):
        return None
    return keys[base.find(keys, faction, "faction", "the army", key=str)]


def _count(tokens: CommentedMap, key: Any) -> int:
    value = tokens.get(key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise EditError(
            f"the file gives {key} no whole number of tokens; set it: armybuilder set FILE tokens {key} N",
            f"the file gives {key} no whole number of tokens; set it",
        )
    return int(value)


def add_tokens(doc: Doc, req: Request) -> str:
    faction, n = _faction_and_count(req, "tokens", need_count=False)
    tokens = _army(doc)
    key = _key_of(tokens, faction) if tokens is not None else None
    now = n + (_count(tokens, key) if tokens is not None and key is not None else 0)
    _put_count(doc, tokens, key, faction, now)
    return f"{faction}: {plural(now, 'token')} (+{n})"


def set_tokens(doc: Doc, req: Request) -> str:
    faction, n = _faction_and_count(req, "tokens", need_count=True)
    tokens = _army(doc)
    key = _key_of(tokens, faction) if tokens is not None else None
    _put_count(doc, tokens, key, faction, n)
    return f"{faction}: {plural(n, 'token')}"


def remove_tokens(doc: Doc, req: Request) -> str:
    faction, n = _faction_and_count(req, "tokens", need_count=False, default=None)
    tokens = _army(doc)
    key = _key_of(tokens, faction) if tokens is not None else None
    if tokens is None or key is None:
        present = [str(k) for k in tokens or []]
        near = nearest(faction, present)
        raise EditError(
            f"the army has no {faction}"
            + (f" (did you mean '{near}'?)" if near else (f" (it has: {', '.join(present)})" if present else ""))
        )
    have = _count(tokens, key)
    if n is None or n >= have:
        base.remove(tokens, key)
        return f"removed {faction} ({'its one token' if have == 1 else f'all {have} tokens'})"
    put(tokens, key, have - n)
    return f"{faction}: {plural(have - n, 'token')} (-{n})"


def set_players(doc: Doc, req: Request) -> str:
    first = req.take("the FIRST player")
    second = req.take("the SECOND player")
    if fold(first) == fold(second):
        raise EditError("a draft has two different players")
    tokens = doc.tree.get("tokens")
    if isinstance(tokens, dict) and len(tokens):
        raise EditError(
            f"{AN_ARMY}: armybuilder new token-terrors DRAFT.yaml, then armybuilder set DRAFT.yaml players A B",
            AN_ARMY,
        )
    base.drop(doc.tree, "tokens")
    draft = doc.tree.get("draft")
    keys = base.schema_keys(doc.schema, "draft")
    if not isinstance(draft, dict):
        draft = base.new_map({})
        put(doc.tree, "draft", draft, _top(doc))
        draft = doc.tree["draft"]
    put(draft, "players", base.new_seq([first, second], flow=True), keys)
    if "picks" not in draft:
        put(draft, "picks", base.new_seq([], flow=True), keys)
    return f"draft record: {first} picks first, then {second}"


PLAYER_MAX = 60  # the list schema's longest player name
PLACES = ("first", "second")


def _set_player(doc: Doc, req: Request, place: int) -> str:
    """Name one player of a draft record (``place`` 0: the first player, 1: the second).

    On a new, empty army, naming the first player makes the file a draft record (its second
    player still to be named); renaming a player renames their picks too."""
    which = PLACES[place]
    name = req.take_name(f"the {which} player's NAME")
    if len(name) > PLAYER_MAX:
        raise EditError(f"a player's name is limited to {PLAYER_MAX} characters")
    tokens = doc.tree.get("tokens")
    if isinstance(tokens, dict) and len(tokens):
        raise EditError(
            f"{AN_ARMY}: armybuilder new token-terrors DRAFT.yaml, then armybuilder set DRAFT.yaml {which}-player NAME",
            AN_ARMY,
        )
    draft = doc.tree.get("draft")
    if draft is not None and not isinstance(draft, dict):
        raise EditError("'draft' in the file is not a mapping; fix it by hand first")
    players = draft.get("players") if draft is not None else None
    if players is not None and not isinstance(players, list):
        raise EditError("'players' in the file is not a list; fix it by hand first")
    have = len(players) if players is not None else 0
    if place > have:
        raise EditError(
            "name the first player first: armybuilder set FILE first-player NAME", "name the first player first"
        )
    others = [str(p) for i, p in enumerate(players or []) if i != place and i < len(PLACES)]
    if any(fold(o) == fold(name) for o in others):
        raise EditError("a draft has two different players")
    keys = base.schema_keys(doc.schema, "draft")
    base.drop(doc.tree, "tokens")  # empty (a new army), as set players drops it
    if draft is None:
        put(doc.tree, "draft", base.new_map({}), _top(doc))
        draft = doc.tree["draft"]
    if "picks" not in draft:
        put(draft, "picks", base.new_seq([], flow=True), keys)
    if players is None:
        put(draft, "players", base.new_seq([name], flow=True), keys)
        return f"draft record: {name} is the first player; name the second player next"
    if place == have:
        base.append(players, name)
        return f"draft record: {name} is the {which} player"
    old = str(players[place])
    base.replace(players, place, name)
    moved = 0
    picks = draft.get("picks")
    for pick in picks if isinstance(picks, list) else []:
        if isinstance(pick, dict) and isinstance(pick.get("player"), str) and fold(pick["player"]) == fold(old):
            base.replace(pick, "player", name)
            moved += 1
    said = f"the {which} player {old} is now {name}" if old != name else f"the {which} player is {name}"
    return said + (f" (and {plural(moved, 'pick')})" if moved and old != name else "")


def set_first_player(doc: Doc, req: Request) -> str:
    return _set_player(doc, req, 0)


def set_second_player(doc: Doc, req: Request) -> str:
    return _set_player(doc, req, 1)


def _draft(doc: Doc) -> dict[str, Any]:
    draft = doc.tree.get("draft")
    if not isinstance(draft, dict):
        raise EditError(
            "this file is not a draft record; name the players first: armybuilder set FILE players A B",
            "this file is not a draft record; name the players first",
        )
    return draft


def _players_of(draft: dict[str, Any]) -> list[str]:
    """The draft's players as written; none when ``players`` is not a list (the check says why)."""
    named = draft.get("players")
    return [str(p) for p in named] if isinstance(named, list) else []


def add_pick(doc: Doc, req: Request) -> str:
    draft = _draft(doc)
    players = _players_of(draft)
    who = req.take("the PLAYER who picks")
    match = [p for p in players if fold(p) == fold(who)]
    if not match:
        near = nearest(who, players)
        raise EditError(
            f"'{who}' is not a player of this draft"
            + (f" (did you mean '{near}'?)" if near else "")
            + (f"; players: {', '.join(players)}" if players else "")
        )
    faction, n = _faction_and_count(req, "pick", need_count=True)
    picks = base.append_to(
        draft,
        "picks",
        base.new_map([("player", match[0]), ("faction", faction), ("tokens", n)], flow=True),
        base.schema_keys(doc.schema, "draft"),
    )
    return f"pick {len(picks)}: {match[0]} takes {n} {faction}"


def remove_pick(doc: Doc, req: Request) -> str:
    picks = _draft(doc).get("picks")
    if not isinstance(picks, list) or not picks:
        raise EditError("the draft has no picks to remove")
    which = req.take_optional()
    i = len(picks) - 1 if which is None else number(which, "the pick NUMBER", 1, len(picks)) - 1
    gone = picks[i]
    base.remove(picks, i)
    if not isinstance(gone, dict):  # `picks: [5]`: not a pick the schema allows, but it can be removed
        return f"removed pick {i + 1} ({gone!r})"
    return f"removed pick {i + 1} ({gone.get('player')}: {gone.get('tokens')} {gone.get('faction')})"


def set_name(doc: Doc, req: Request) -> str:
    value = req.take_name("the NAME")
    if len(value) > 200:
        raise EditError("name is limited to 200 characters")
    put(doc.tree, "name", value, _top(doc))
    return f"name: {value}"


def faction_names(data: dict[str, Any] | None = None) -> list[str]:
    return list(_factions())


def listed_factions(data: dict[str, Any] | None = None) -> list[str]:
    tokens = (data or {}).get("tokens")
    return [str(k) for k in tokens] if isinstance(tokens, dict) else []


def players(data: dict[str, Any] | None = None) -> list[str]:
    draft = (data or {}).get("draft")
    return _players_of(draft) if isinstance(draft, dict) else []


PARTS = [
    Part(
        "add",
        "tokens",
        "tokens FACTION [N]",
        "N more tokens of a faction (1 by default)",
        add_tokens,
        aliases=("token", "faction"),
        names=(faction_names,),
    ),
    Part(
        "remove",
        "tokens",
        "tokens FACTION [N]",
        "N fewer tokens of a faction (all without N)",
        remove_tokens,
        aliases=("token", "faction"),
        names=(listed_factions,),
    ),
    Part(
        "set",
        "tokens",
        "tokens FACTION N",
        "exactly N tokens of a faction",
        set_tokens,
        aliases=("token", "faction"),
        names=(faction_names,),
    ),
    Part("set", "players", "players FIRST SECOND", "a draft record's players, the first player first", set_players),
    Part(
        "set",
        "first-player",
        "first-player NAME",
        "a draft record's first player (a new, empty army becomes a draft record); renames their picks too",
        set_first_player,
    ),
    Part(
        "set",
        "second-player",
        "second-player NAME",
        "a draft record's second player, once the first is named; renames their picks too",
        set_second_player,
    ),
    Part(
        "add",
        "pick",
        "pick PLAYER FACTION N",
        "the next pick of a draft",
        add_pick,
        aliases=("picks",),
        names=(players, faction_names),
    ),
    Part(
        "remove", "pick", "pick [NUMBER]", "a draft pick (the last one without NUMBER)", remove_pick, aliases=("picks",)
    ),
    Part("set", "name", "name TEXT", "the army's (or the draft's) name", set_name),
]
