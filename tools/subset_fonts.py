"""Make the bundled PDF fonts: DejaVu Sans 2.37, subset to the scripts rosters print.

    python tools/subset_fonts.py [SOURCE_DIR]   (default: /usr/share/fonts/truetype/dejavu)

SOURCE_DIR holds Debian's fonts-dejavu-core ``DejaVuSans.ttf`` and ``DejaVuSans-Bold.ttf``; they
are checked against the SHA-256 of the 2.37 release, so the same fonttools version gives the
same bytes. The subsets are written to ``armybuilder/fonts/`` beside the licence (``LICENSE``,
kept as it is: the DejaVu and Bitstream Vera licence allows a modified copy under a name without
"Bitstream", "Vera" or "Arev"; every name record, copyright and trademark notice is kept).

Why: reportlab parses the whole font file every time a PDF is made (its character map and the
widths of every glyph), about 26 to 42 ms for the two full fonts. The subsets keep Latin (with
every extension: accents, Vietnamese), Greek and Cyrillic, the combining accents, and the
punctuation, number, currency, arrow, mathematical, box and shape symbols text in those scripts
uses. A character outside them (Chinese, Arabic, an emoji) is reported by the exporter, as a
character the full font lacked was before; ``.notdef`` keeps its box outline for it.

fonttools is a tool-only dependency (the ``dev`` extra in pyproject.toml), not needed at run time.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "armybuilder" / "fonts"
DEFAULT_SOURCE = Path("/usr/share/fonts/truetype/dejavu")  # Debian: fonts-dejavu-core

# The DejaVu 2.37 files (Debian fonts-dejavu-core 2.37), by SHA-256.
SOURCES = {
    "DejaVuSans.ttf": "abdc775b21b1bc470d50c97e790d276f2054b7504e56e5bd3e64f48d68582322",
    "DejaVuSans-Bold.ttf": "0d977336a6d5fba34eab8e3199eb218327161b5143749f802982c2bc34df0c96",
}

# The Unicode blocks kept (first, last code point), each with what it is for.
RANGES = [
    (0x0020, 0x007E),  # Basic Latin
    (0x00A0, 0x024F),  # Latin-1 Supplement, Latin Extended-A and -B: accented letters, ½ × ·
    (0x0250, 0x02FF),  # IPA Extensions, Spacing Modifier Letters (the okina, U+02BB)
    (0x0300, 0x036F),  # Combining Diacritical Marks: accents written as a second character
    (0x0370, 0x03FF),  # Greek and Coptic
    (0x0400, 0x052F),  # Cyrillic, Cyrillic Supplement
    (0x1E00, 0x1EFF),  # Latin Extended Additional (Vietnamese, Welsh)
    (0x1F00, 0x1FFF),  # Greek Extended (polytonic)
    (0x2000, 0x206F),  # General Punctuation: dashes, quotes, … •
    (0x2070, 0x209F),  # Superscripts and Subscripts
    (0x20A0, 0x20CF),  # Currency Symbols
    (0x2100, 0x214F),  # Letterlike Symbols (№ ™)
    (0x2150, 0x218F),  # Number Forms: ⅓ ⅔, the Roman numerals of Heroes III data (U+2160...)
    (0x2190, 0x21FF),  # Arrows (→)
    (0x2200, 0x22FF),  # Mathematical Operators (the minus sign U+2212, ≤ ≥)
    (0x2500, 0x259F),  # Box Drawing, Block Elements
    (0x25A0, 0x25FF),  # Geometric Shapes (■ ● ▲)
    (0x2600, 0x26FF),  # Miscellaneous Symbols (★ ♠ ⚔)
    (0x2700, 0x27BF),  # Dingbats (✓ ✗)
    (0x2C60, 0x2C7F),  # Latin Extended-C
    (0xA720, 0xA7FF),  # Latin Extended-D
    (0xFB00, 0xFB06),  # Latin ligatures (ﬁ ﬂ)
    (0xFFFD, 0xFFFD),  # the replacement character (a byte that was not UTF-8)
]


def unicodes() -> list[int]:
    return [c for first, last in RANGES for c in range(first, last + 1)]


def subset(source: Path, target: Path) -> None:
    from fontTools import subset as ft

    options = ft.Options()
    options.name_IDs = ["*"]  # every name record: copyright, trademark, licence, the family name
    options.name_languages = ["*"]
    options.name_legacy = True
    options.notdef_outline = True  # the box a character the font lacks prints as
    options.glyph_names = True  # the post table's glyph names, as the full font has them
    options.layout_features = ["*"]  # every OpenType feature of the kept glyphs
    options.recalc_timestamp = False  # head.modified stays the release's: reproducible bytes
    font = ft.load_font(str(source), options)
    sub = ft.Subsetter(options)
    sub.populate(unicodes=unicodes())
    sub.subset(font)
    ft.save_font(font, str(target), options)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("source", nargs="?", type=Path, default=DEFAULT_SOURCE, help="the folder of the DejaVu 2.37 fonts")
    args = ap.parse_args(argv)
    for name, digest in SOURCES.items():
        path = args.source / name
        got = hashlib.sha256(path.read_bytes()).hexdigest() if path.is_file() else "missing"
        if got != digest:
            print(f"{path}: not the DejaVu 2.37 file (sha256 {got})", file=sys.stderr)
            return 2
    for name in SOURCES:
        target = OUT / name
        subset(args.source / name, target)
        digest = hashlib.sha256(target.read_bytes()).hexdigest()
        print(f"{target.relative_to(ROOT)}: {target.stat().st_size:,} bytes, sha256 {digest}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
