"""Regular expressions a dependency compiles as it is imported, compiled when first used instead.

Some patterns cost milliseconds to compile (a character class of most of Unicode, or one matched
without regard to case) and are used by a path armybuilder never takes: PyYAML's pure-Python
reader checks text against one (``yaml.reader.Reader.NON_PRINTABLE``: 4 to 5 ms of every start;
armybuilder reads with libyaml's C reader), reportlab's paragraphs hyphenate web addresses with
another (``reportlab.platypus.paragraph.uri_pat``: 25 to 50 ms of every PDF). Imported inside
:func:`deferred`, such a module gets a :class:`LazyPattern` in their place, compiled on first use.

The same for a whole module a dependency imports and a roster never uses (:func:`lazy_module`):
reportlab imports ``PIL.Image`` (``from PIL import Image``: 10 to 20 ms) for pictures. It becomes a
module of the standard library's :class:`importlib.util.LazyLoader`, run when an attribute of it is
first read (a picture drawn), so nothing changes but when. (Not for a module imported again with
``import a.b``: Python 3.11 reads its ``__spec__`` then, which runs it. So segno's
``xml.sax.saxutils``, and the ``urllib.request``, ``http.client`` and ``ssl`` it imports, remain.)
"""

from __future__ import annotations

import contextlib
import importlib.util
import re
import sys
from collections.abc import Iterator
from typing import Any

# The beginnings of the patterns deferred, as their modules write them.
YAML_NON_PRINTABLE = "[^\x09\x0a\x0d\x20-\x7e\x85\xa0-\ud7ff"  # yaml.reader.Reader.NON_PRINTABLE
REPORTLAB_URI = "(^(?:[a-z0-9\\.\\-\\+]*)://)"  # reportlab.platypus.paragraph.uri_pat


class LazyPattern:
    """A regular expression compiled when it is first used (any attribute: ``search``, ``pattern``...)."""

    def __init__(self, pattern: str, flags: int) -> None:
        self._args = (pattern, flags)
        self._compiled: re.Pattern[str] | None = None

    def __getattr__(self, name: str) -> Any:
        if self._compiled is None:
            self._compiled = re.compile(*self._args)
        return getattr(self._compiled, name)


@contextlib.contextmanager
def deferred(*starts: str) -> Iterator[None]:
    """While it lasts, ``re.compile`` of a pattern beginning with one of ``starts`` gives a
    :class:`LazyPattern`; every other pattern is compiled as ever. For the import of a module
    (at start-up, before any thread): nothing else of ``re`` is touched."""
    real = re.compile

    def compile_(pattern: Any, flags: int = 0) -> Any:
        if isinstance(pattern, str) and pattern.startswith(starts):
            return LazyPattern(pattern, flags)
        return real(pattern, flags)

    re.compile = compile_
    try:
        yield
    finally:
        re.compile = real


def lazy_module(name: str) -> None:
    """Put ``name`` (``urllib.request``) in ``sys.modules`` as a module run when first used, unless it
    is imported already or cannot be found; its package gets it as an attribute, as an import does."""
    if name in sys.modules:
        return
    parent, _, child = name.rpartition(".")
    if parent:
        importlib.import_module(parent)
    spec = importlib.util.find_spec(name)
    if spec is None or spec.loader is None:
        return
    spec.loader = importlib.util.LazyLoader(spec.loader)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    if parent:
        setattr(sys.modules[parent], child, module)
