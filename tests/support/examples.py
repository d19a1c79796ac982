"""The example lists and event pack that the web and desk tests play with, named once (the
examples themselves are checked by tests/project and each system's tests)."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
GAMES_DAY = EXAMPLES / "events" / "games-day.yaml"
GREENWOOD = EXAMPLES / "fantasy-triumph" / "greenwood-host.yaml"  # legal at the games day
WRENS = EXAMPLES / "token-terrors" / "wrens-host.yaml"  # illegal there: 5 Goblins
OZZY = EXAMPLES / "token-terrors" / "ozzys-muster.yaml"
CASTLE = EXAMPLES / "homm3-battlefield" / "skirmish-medium.yaml"
