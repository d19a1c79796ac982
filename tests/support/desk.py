"""What the event desk's tests (tests/web/desk/) share: a list file's text and how many versions of
lists the desk's store holds (read from its SQLite file, not through the desk)."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any


def text(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def stored(desk: Any) -> int:
    """The number of list versions in the desk's store (every sending kept, retries not)."""
    conn = sqlite3.connect(desk.path)
    try:
        return int(conn.execute("SELECT COUNT(*) FROM versions").fetchone()[0])
    finally:
        conn.close()
