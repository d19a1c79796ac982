"""Generate realistic army lists of every system, for the tournament benchmark.

Deterministic: the same seed and count give the same files, byte for byte. The lists are
built from the bundled game data the way players write them (names, counts, cards), so they
exercise the real checks; like real submissions, most are legal, some break a rule or the
event pack, and a few are broken files (not YAML, wrong shape).

    python bench/generate_lists.py OUT_DIR [--count 1000] [--seed 2026]

Mix: 40 % Fantasy Triumph, 20 % each Token Terrors, Small World of Warcraft and Heroes III
Battlefield; about 3 % of all files are broken.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from armybuilder.resources import load_data  # noqa: E402

SYSTEM_MIX = [
    ("fantasy-triumph", 40),
    ("token-terrors", 20),
    ("small-world-of-warcraft", 20),
    ("homm3-battlefield", 20),
]
BROKEN_SHARE = 0.03
FIRST = [
    "Ada",
    "Bram",
    "Cleo",
    "Dario",
    "Edda",
    "Finn",
    "Greta",
    "Hugo",
    "Ines",
    "Jon",
    "Kira",
    "Lev",
    "Mara",
    "Nils",
    "Orla",
    "Pim",
    "Quinn",
    "Rosa",
    "Sven",
    "Tess",
    "Ugo",
    "Vera",
    "Wim",
    "Xena",
]
LAST = [
    "Archer",
    "Baker",
    "Cole",
    "Dunn",
    "Ebner",
    "Frost",
    "Gray",
    "Holt",
    "Iver",
    "Jarl",
    "Kemp",
    "Lund",
    "Moss",
    "Nash",
    "Ortiz",
    "Pike",
    "Quade",
    "Reyes",
    "Stone",
    "Thorn",
]
ADJ = ["Iron", "Silver", "Howling", "Crimson", "Silent", "Golden", "Ashen", "Verdant", "Storm", "Hollow"]
NOUN = ["Host", "Warband", "Legion", "Company", "Guard", "Horde", "Vanguard", "Muster", "Banner", "Pack"]


class _Dumper(yaml.SafeDumper):
    def ignore_aliases(self, data):  # lists never hold anchors or aliases
        return True


def dump(data: dict) -> str:
    return yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=100)


def army_name(rng: random.Random) -> str:
    return f"The {rng.choice(ADJ)} {rng.choice(NOUN)}"


def player(rng: random.Random) -> str:
    return f"{rng.choice(FIRST)} {rng.choice(LAST)}"


# -- Fantasy Triumph -----------------------------------------------------------------------------


FT_POINTS = 51  # the games-day pack's army size (examples/events/games-day.yaml)
FT_CARDS = [
    "Away",
    "Brittle",
    "Deadly",
    "Hearten",
    "Massive",
    "Prowess",
    "Regenerate",
    "Terror",
    "Unreliable",
    "Mindblast",
]  # cards most troops may take (Mindblast is banned at the games day)
FT_HERO_CARDS = ["Champion", "Deadly", "Hearten", "Prowess", "Terror", "Away"]


def fantasy_triumph(rng: random.Random) -> dict:
    troops = {t["name"]: t["points"] for t in load_data("fantasy-triumph", "troops")["troops"]}
    names = sorted(troops)
    classes = []
    for i in range(rng.randint(4, 7)):
        entry: dict = {
            "name": f"{rng.choice(ADJ)} {rng.choice(NOUN)} {i + 1}",
            "troop": rng.choice(names),
            "stands": rng.choice([1, 2, 2, 2, 3, 3, 4]),
        }
        if i == 0:
            entry["general"] = True
        n_cards = rng.choice([0, 0, 0, 1, 1, 2])
        if n_cards:
            entry["cards"] = rng.sample(FT_CARDS, n_cards)
        classes.append(entry)
    heroes = []
    for i in range(rng.choice([0, 1, 1, 2])):
        hero: dict = {"name": f"Hero {i + 1}"}
        if rng.random() < 0.6:
            hero["cards"] = [rng.choice(FT_HERO_CARDS)]
        heroes.append(hero)

    # Players build to the limit: trim or add stands on a rough price (troop points, 1 a card a stand).
    def estimate() -> int:
        return sum((troops[c["troop"]] + len(c.get("cards", []))) * c["stands"] for c in classes) + 3 * len(heroes)

    while estimate() > FT_POINTS - 2 and any(c["stands"] > 1 for c in classes):
        rng.choice([c for c in classes if c["stands"] > 1])["stands"] -= 1
    while estimate() < FT_POINTS - 8 or sum(c["stands"] for c in classes) < FT_POINTS // 6:
        rng.choice(classes)["stands"] += 1
    out: dict = {
        "system": "fantasy-triumph",
        "name": army_name(rng),
        "player": player(rng),
        "points": FT_POINTS,
        "classes": classes,
    }
    if heroes:
        out["heroes"] = heroes
    return out


# -- Token Terrors -------------------------------------------------------------------------------


def token_terrors(rng: random.Random) -> dict:
    factions = [f["name"] for f in load_data("token-terrors", "factions")["factions"]]
    split = rng.choice([[5, 5], [6, 4], [4, 6], [3, 3, 4], [6, 2, 2], [4, 3, 3], [5, 5], [6, 5]])  # [6, 5]: 11
    picked = rng.sample(factions, len(split))
    return {"system": "token-terrors", "name": army_name(rng), "tokens": dict(zip(picked, split, strict=False))}


# -- Small World of Warcraft ---------------------------------------------------------------------

REGIONS = [
    "Durotar",
    "Mulgore",
    "Barrens",
    "Ashenvale",
    "Stonetalon",
    "Desolace",
    "Feralas",
    "Tanaris",
    "Elwynn",
    "Westfall",
    "Duskwood",
    "Redridge",
    "Wetlands",
    "Arathi",
    "Hinterlands",
    "Tirisfal",
]


def small_world(rng: random.Random) -> dict:
    races = load_data("small-world-of-warcraft", "races")["races"]
    playable = [r["name"] for r in races if r.get("playable")]
    active, declined = rng.sample(playable, 2)
    regions = rng.sample(REGIONS, rng.randint(4, 7))
    n_active = rng.randint(2, len(regions) - 1)
    out: dict = {
        "system": "small-world-of-warcraft",
        "name": f"{player(rng)}, turn {rng.randint(2, 9)}",
        "active": {
            "race": active,
            "in_hand": rng.randint(0, 3),
            "regions": [{"name": r, "tokens": rng.randint(2, 3)} for r in regions[:n_active]],
        },
    }
    if rng.random() < 0.7:
        out["decline"] = {"race": declined, "regions": [{"name": r, "tokens": 1} for r in regions[n_active:]]}
    return out


# -- Heroes III Battlefield ----------------------------------------------------------------------

LENGTHS = {
    "short": ("III", ["I"], 2, 1, 2, ["Bronze", "Silver"], "Few"),
    "medium": ("V", ["I", "IV"], 3, 2, 3, ["Bronze", "Silver", "Gold"], "Pack"),
    "large": ("VII", ["I", "IV", "VI"], 4, 3, 4, ["Bronze", "Silver", "Gold"], "Pack"),
}
ARTIFACTS = ["Sword of Judgement", "Helm of Heavenly Enlightenment", "Centaur's Axe", "Shield of the Dwarven Lords"]
SPELLS = ["Fire Wall", "Haste", "Bless", "Magic Arrow", "Slow", "Cure"]


def homm3(rng: random.Random) -> dict:
    factions = load_data("homm3-battlefield", "units")["factions"]
    heroes = load_data("homm3-battlefield", "heroes")["heroes"]
    abilities = [
        a for a in load_data("homm3-battlefield", "cards")["abilities"]["names"] if a not in ("Diplomacy", "Logistics")
    ]
    faction = rng.choice([f for f in factions if any(h["faction"] == f["name"] for h in heroes)])
    hero = rng.choice([h for h in heroes if h["faction"] == faction["name"]])
    length = rng.choice(list(LENGTHS))
    level, specialties, n_abilities, n_artifacts, n_spells, tiers, side = LENGTHS[length]
    units = [u["name"] for u in faction["units"] if u.get("tier") in tiers]
    seen: list[str] = []
    units = [u for u in units if not (u in seen or seen.append(u))]
    if rng.random() < 0.1:
        units = units[:-1]  # a unit left at home (a warning)
    return {
        "system": "homm3-battlefield",
        "name": f"{hero['name']}'s {length} skirmish",
        "mode": "skirmish",
        "length": length,
        "faction": faction["name"],
        "hero": {"name": hero["name"], "level": level},
        "specialties": specialties,
        "abilities": rng.sample(abilities, n_abilities),
        "artifacts": rng.sample(ARTIFACTS, n_artifacts),
        "spells": rng.sample(SPELLS, n_spells),
        "units": [{"name": u, "side": side} for u in units],
    }


MAKERS = {
    "fantasy-triumph": fantasy_triumph,
    "token-terrors": token_terrors,
    "small-world-of-warcraft": small_world,
    "homm3-battlefield": homm3,
}
SHORT = {"fantasy-triumph": "ft", "token-terrors": "tt", "small-world-of-warcraft": "sww", "homm3-battlefield": "homm3"}


def broken(rng: random.Random) -> str:
    return rng.choice(
        [
            "system: fantasy-triumph\nname: [unclosed\nclasses: {\n",
            "- system: token-terrors\n- tokens: 10\n",
            "name: forgot the system\n",
            "system: fantasy-triumph\nname: Typo\nclases: []\n",
        ]
    )


def generate(out_dir: Path, count: int, seed: int = 2026) -> list[Path]:
    """Write ``count`` list files into ``out_dir`` (one sub-folder per system); return their paths."""
    rng = random.Random(seed)
    systems, weights = zip(*SYSTEM_MIX, strict=False)
    paths = []
    for i in range(1, count + 1):
        if rng.random() < BROKEN_SHARE:
            folder, text = "broken", broken(rng)
        else:
            system = rng.choices(systems, weights)[0]
            folder, text = SHORT[system], dump(MAKERS[system](rng))
        path = out_dir / folder / f"list-{i:05d}.yaml"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        paths.append(path)
    return paths


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out_dir", type=Path)
    ap.add_argument("--count", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=2026)
    args = ap.parse_args(argv)
    paths = generate(args.out_dir, args.count, args.seed)
    print(f"wrote {len(paths)} lists to {args.out_dir}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
