"""The bundled fonts (DejaVu Sans, subset to the scripts rosters print: tools/subset_fonts.py) have a
glyph for every character of the game data, the examples and the test lists, and for the letters
of every script the PDF roster promises (accented Latin, Greek, Cyrillic); their licence ships
with them."""

from __future__ import annotations

import unicodedata

import pytest

pytest.importorskip("reportlab")

from armybuilder.export import pdf

from .helpers import ROOT

FONTS = ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf")

# A letter or sign of each script and symbol block a roster prints as written.
PROMISED = [
    *"éñßØőłŞǆệẞ\u02bb\u02bc",  # Latin, its extensions and modifier letters (okina, apostrophe)
    "\u0301",  # a combining accent: a name written as e and an accent
    "\u0308",
    *"ΩάΐἀᾧЖїґЂԀ",  # Greek (polytonic too), Cyrillic and its supplement
    *"–—\u2018’“”…•·½⅓\u2163№€×\u2212≤≥→■●★✓ﬁ\ufffd",  # punctuation, numbers, symbols
]


def _cmap(name: str) -> dict[int, int]:
    from reportlab.pdfbase.ttfonts import TTFontFile

    return TTFontFile(str(pdf.FONT_DIR / name)).charToGlyph


def _characters() -> dict[str, str]:
    """Every character the data, the examples and the test lists write (-> a file that has it)."""
    seen: dict[str, str] = {}
    for folder in ("data", "examples", "tests"):
        for path in sorted((ROOT / folder).rglob("*.yaml")):
            try:
                text = path.read_text(encoding="utf-8")
            except UnicodeDecodeError:  # a broken-file fixture: no roster is made of it
                continue
            for c in text:
                if not c.isspace() and unicodedata.category(c) != "Cc":
                    seen.setdefault(c, str(path.relative_to(ROOT)))
    return seen


@pytest.mark.parametrize("font", FONTS)
def test_every_character_of_the_data_examples_and_test_lists_has_a_glyph(font):
    cmap = _cmap(font)
    missing = {f"{c!r} (U+{ord(c):04X}, {where})" for c, where in _characters().items() if ord(c) not in cmap}
    assert not missing


@pytest.mark.parametrize("font", FONTS)
def test_the_scripts_a_roster_prints_as_written_are_kept(font):
    cmap = _cmap(font)
    assert [c for c in PROMISED if ord(c) not in cmap] == []


def test_the_licence_ships_beside_the_fonts():
    text = (pdf.FONT_DIR / "LICENSE").read_text(encoding="utf-8")
    assert "Bitstream Vera Fonts Copyright" in text and "Arev Fonts Copyright" in text
    assert all((pdf.FONT_DIR / name).is_file() for name in FONTS)
