"""The static site's runtime for its browser tests, fetched in the test set-up (issue 47, item 4).

A fresh clone running the README's test command has no runtime cache yet: the first site test
fetches it, by the same code as ``armybuilder site --fetch`` (:func:`armybuilder.web.site.build.fetch`:
npm and pip, each file checked against its pinned SHA-256). Under pytest-xdist one worker fetches,
holding the cache's lock; the others wait for it, then find every file there and checked. Offline
(or without npm), the tests fail and say what is missing and how to fill the cache: they are never
skipped, so a green run has tested the site.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from armybuilder import fsutil
from armybuilder.web.site import build as site

FETCH_WAIT = 900.0  # s another worker may take to fetch the runtime (about 10 MB from npm and PyPI)


def runtime_cache(cache: Path | None = None) -> Path:
    """The site's runtime cache, filled and checked: fetched here when a file is missing or not the
    pinned one; a fetch that cannot fill it fails the test that needs it, with what is missing."""
    cache = cache or site.default_cache()
    if not site.problems(cache):
        return cache
    try:
        cache.mkdir(parents=True, exist_ok=True)
        with fsutil.locked(cache / "fetch", timeout=FETCH_WAIT):
            left = site.problems(cache) and site.fetch(cache)  # another worker may have fetched it meanwhile
    except OSError as exc:
        left = [f"the cache cannot be written ({exc})"]
    if left:
        pytest.fail(
            f"the static site's tests need its runtime in {cache}, and fetching it failed: "
            + "; ".join(left[:4])
            + ". Connect to the network (npm and pip fetch it, about 10 MB) or run `armybuilder site --fetch`"
            " where you are online, then run the tests again.",
            pytrace=False,
        )
    return cache


@pytest.fixture(scope="session")
def site_cache() -> Path:
    """The filled, checked runtime cache (see :func:`runtime_cache`)."""
    return runtime_cache()


@pytest.fixture(scope="session")
def built(tmp_path_factory, site_cache) -> Path:
    """The static site, built once for the run (once a pytest-xdist worker) from the runtime cache,
    for the browser tests that serve it (``test_site_browser.py``'s ``served``): it was built again
    for each of their modules, about 5 s each. No test writes into it; the tests of the build
    itself (``test_site_build.py``) build their own."""
    out = tmp_path_factory.mktemp("site") / "site"
    done = site.build(out, site_cache)
    assert done.code == 0, done.stderr
    return out
