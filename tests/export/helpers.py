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
