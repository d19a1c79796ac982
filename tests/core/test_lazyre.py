"""armybuilder.lazyre: a dependency's slow patterns, compiled when first used, behave as compiled ones."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from armybuilder.lazyre import YAML_NON_PRINTABLE, LazyPattern, deferred


def test_a_deferred_pattern_is_compiled_on_first_use_and_matches_as_ever():
    with deferred("[^a"):
        lazy = re.compile("[^a-z]+", re.I)
        plain = re.compile("x+")
    assert isinstance(lazy, LazyPattern) and isinstance(plain, re.Pattern)
    assert lazy._compiled is None
    assert lazy.search("abc123").group() == "123" and lazy.pattern == "[^a-z]+" and lazy.flags & re.I
    assert re.compile is not None and re.compile("x") == re.compile("x")  # re.compile is itself again


def test_re_compile_is_restored_after_an_error():
    real = re.compile
    with pytest.raises(ZeroDivisionError), deferred("x"):
        1 / 0  # noqa: B018 - the error inside
    assert re.compile is real


def test_pyyaml_s_reader_pattern_is_deferred_and_still_refuses_what_it_refused():
    """In a fresh process (armybuilder.yamlio imports yaml first): the pattern is lazy, and
    PyYAML's pure-Python reader still refuses a control character with its own message."""
    code = (
        "import armybuilder.yamlio, yaml, yaml.reader\n"
        "from armybuilder.lazyre import LazyPattern\n"
        "assert isinstance(yaml.reader.Reader.NON_PRINTABLE, LazyPattern)\n"
        "try:\n"
        "    yaml.load('a: \\x07', Loader=yaml.SafeLoader)\n"
        "except yaml.reader.ReaderError as e:\n"
        "    print('refused', e.character == 7)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out == "refused True\n"
    real = re.compile("[^\x09\x0a\x0d\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
    assert real.pattern.startswith(YAML_NON_PRINTABLE)


def test_a_pdf_roster_leaves_pil_unrun_and_a_lazy_module_runs_when_used(tmp_path):
    """In a fresh process: after a PDF roster, PIL.Image is still the lazy stand-in (reportlab
    imported it for pictures, a roster has none); read, it is the real module."""
    code = (
        "import sys, importlib.util\n"
        "from armybuilder.export import render\n"
        "from armybuilder.export.roster import build\n"
        "roster, _ = build('examples/fantasy-triumph/greenwood-host.yaml')\n"
        "assert render(roster, 'pdf').startswith(b'%PDF-')\n"
        "image = sys.modules['PIL.Image']\n"
        "print(type(image).__name__, end=' ')\n"
        "print(image.Image.__name__, type(image).__name__)\n"
    )
    root = Path(__file__).resolve().parents[2]
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=root).stdout
    assert out == "_LazyModule Image module\n"
