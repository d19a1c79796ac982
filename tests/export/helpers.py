"""Shared paths and helpers for the export tests."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
GOLDEN = HERE / "golden"
LISTS = HERE / "lists"
FT_EXAMPLE = ROOT / "examples" / "fantasy-triumph" / "greenwood-host.yaml"
INVALID = LISTS / "invalid-host.yaml"

# Every shipped example list of every game system present (event packs are not lists).
EXAMPLES = sorted(p for p in (ROOT / "examples").glob("*/*.yaml") if p.parent.name != "events")


def example_id(path: Path) -> str:
    return f"{path.parent.name}/{path.name}"


def pdf_text(data: bytes) -> str:
    """The text of every page of a PDF, whitespace collapsed (a wrapped cell reads as one line)."""
    import io

    from pypdf import PdfReader

    reader = PdfReader(io.BytesIO(data))
    return squash(" ".join(page.extract_text() for page in reader.pages))


def squash(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


PLAYER_NOTE = LISTS / "player-note.yaml"  # a valid list with player, note and class notes to escape
# One example of each game system, for the golden files of the text roster and the rules appendix.
ONE_PER_SYSTEM = [
    FT_EXAMPLE,
    ROOT / "examples" / "homm3-battlefield" / "skirmish-short.yaml",
    ROOT / "examples" / "small-world-of-warcraft" / "thrall-turn-4.yaml",
    ROOT / "examples" / "token-terrors" / "ozzys-muster.yaml",
]
