"""``armybuilder export LIST --game-sheet`` (issue 48): a one-page PDF to track a game on paper,
read back with pdftotext. The Iron Marches (examples/fantasy-triumph/iron-marches.yaml): victory
value 13 + 4 + 13½ + 3 + 8 + 4 = 45½, it breaks at 45½ / 3 = 15⅙ (army.yaml victory_value,
unverified); its Sellswords' Delayed Entry stand counts 2 × ½ = 1 until it enters (FT 32.3).
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(shutil.which("pdftotext") is None, reason="pdftotext (poppler-utils) is not installed")


def text_of(pdf: Path) -> str:
    return subprocess.run(["pdftotext", "-layout", str(pdf), "-"], check=True, capture_output=True, text=True).stdout


def pages(pdf: Path) -> int:
    from pypdf import PdfReader

    return len(PdfReader(pdf).pages)


def test_the_sheet_of_a_fantasy_triumph_army(run, tmp_path):
    listed = tmp_path / "iron.yaml"
    shutil.copy(ROOT / "examples" / "fantasy-triumph" / "iron-marches.yaml", listed)
    before = listed.read_bytes()
    r = run("export", listed, "--game-sheet")
    assert r.exit_code == 0, r.output
    sheet = tmp_path / "iron.sheet.pdf"
    assert pages(sheet) == 1
    text = " ".join(text_of(sheet).split())
    assert "The Iron Marches: game sheet" in text
    assert "Breaks at: 15⅙ points" in text and "victory value (secondary source, unverified)" in text
    assert "Not entered yet (Sellswords): 1 point counted as lost [FT 32.3]" in text
    for part in ("Guard", "Sellswords", "Crossbows", "Levy", "Spears", "Battle Priest"):
        assert part in text
    # the rules that change what a loss counts, each with its section, only those the army meets
    for rule in ("FT 32.3:", "FT 39.7.a:", "FT 60.1:", "FT 38.3:"):
        assert rule in text
    assert "FT 36.2.b" not in text  # no Heavily Fortified Camp in this army
    assert listed.read_bytes() == before
    # never over a file without --force; other roster options refused
    assert run("export", listed, "--game-sheet").exit_code == 2
    assert run("export", listed, "--game-sheet", "--force").exit_code == 0
    r = run("export", listed, "--game-sheet", "--with-rules", "-o", tmp_path / "x.pdf")
    assert r.exit_code == 2 and "--game-sheet is a PDF of its own" in r.output


def test_a_sheet_with_many_parts_stays_one_page(run, tmp_path):
    lines = ["system: token-terrors", "name: Many", "tokens:"]
    lines += [
        f"  {f}: 6" for f in ("Goblins", "Soldiers", "Zombies", "Wyverns", "Elves", "Flying Machines", "Swamplins")
    ]
    listed = tmp_path / "many.yaml"
    listed.write_text("\n".join(lines) + "\n")
    r = run("export", listed, "--game-sheet", "-o", tmp_path / "many.pdf")
    assert r.exit_code == 1  # 42 tokens is not a legal army: the sheet is written, the exit says so
    assert pages(tmp_path / "many.pdf") == 1
    text = text_of(tmp_path / "many.pdf")
    assert "Swamplins" in text and "TT How to Win" in text
