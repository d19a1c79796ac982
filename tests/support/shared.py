"""The project's shared documents outside the repository, for the maintainers' checks.

A few tests compare a transcription kept in the repository (a table of card names, a CSV) with
the rule documents and reference data it was made from, which are not in the repository (they are
the project's sources, beside the checkout, not ours to redistribute whole). They are marked
``@pytest.mark.maintainer``: a plain run leaves them out and says how many (tests/conftest.py);
``ARMYBUILDER_SHARED=DIR`` (the folder holding ``seeds/`` and ``reference/``) runs them, and then a
missing document is a failure, not a skip.
"""

from __future__ import annotations

import os
from pathlib import Path

ENV = "ARMYBUILDER_SHARED"
REASON = f"maintainers' check: reads the rule documents outside the repository (set {ENV}=DIR to run it)"


def shared(*parts: str) -> Path:
    """A file of the shared documents (only a maintainers' check calls this: ``ENV`` is set)."""
    base = os.environ.get(ENV)
    assert base, f"{ENV} is not set: a maintainers' check ran without it"
    return Path(base, *parts)
