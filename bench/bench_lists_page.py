"""How fast the builder's lists page answers over a big folder: 10,000 generated lists.

The lists (``bench/generate_lists.py``: every game, some not legal, a few broken files) go into a
new folder, and the page is asked for through the app (Starlette's TestClient, no network), each
time in a new Python process, with a per-user cache of its own (``ARMYBUILDER_CACHE_DIR``):

- first ever: a server that has never seen the folder (every list is checked once);
- cold: the first page from a new server process, the folder seen before (the cards kept in the
  per-user cache), the median of ``--runs`` processes;
- warm: the first page asked again of a running server (the median of 9 a process, over all);
- search: every file searched for the last list's file name, warm; and the last page, warm.

    python bench/bench_lists_page.py                   # 10,000 lists
    python bench/bench_lists_page.py --count 2000 --runs 3
    python bench/bench_lists_page.py --code /path/to/another/checkout   # measure that code instead

Run it ``nice``: the figures are of this machine as it is; on a busy machine the CPU time of the
server process (printed beside each) says more than the wall clock.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# One process: the app over FOLDER, its first page timed, then the warm requests.
ONE = r"""
import json, sys, time
from starlette.testclient import TestClient
import armybuilder
from armybuilder.web.builder import make_app

folder, last = sys.argv[1], sys.argv[2]
with TestClient(make_app(folder, token="bench-token-0123456789"), base_url="http://127.0.0.1:8000") as c:
    cpu = []

    def timed(url):
        t, p = time.perf_counter(), time.process_time()
        r = c.get(url)
        assert r.status_code == 200, (url, r.status_code)
        cpu.append(time.process_time() - p)
        return time.perf_counter() - t, r.text

    first, text = timed("/")
    warm = [timed("/")[0] for _ in range(9)]
    first_cpu, warm_cpu = cpu[0], cpu[1:]
    search, found = timed("/?q=" + last)
    pages = int(text.split("Page 1 of ", 1)[1].split("<", 1)[0]) if "Page 1 of " in text else 1
    end = timed(f"/?page={pages}")[0]
print(json.dumps({"first": first, "warm": warm, "search": search, "found": last in found,
                  "first_cpu": first_cpu, "warm_cpu": warm_cpu, "code": armybuilder.__file__,
                  "end": end, "bytes": len(text.encode())}))
"""


def run_one(folder: Path, last: str, code: Path, cache: Path) -> dict:
    env = dict(os.environ, PYTHONPATH=str(code), ARMYBUILDER_CACHE_DIR=str(cache))
    env.pop("ARMYBUILDER_NO_CACHE", None)
    out = subprocess.run(
        [sys.executable, "-c", ONE, str(folder), last],
        env=env,
        cwd=code,  # (the first place `python -c` imports from)
        check=True,
        capture_output=True,
        text=True,
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=10_000)
    ap.add_argument("--runs", type=int, default=5, help="new server processes for the cold figure")
    ap.add_argument("--code", type=Path, default=ROOT, help="the armybuilder checkout to measure")
    args = ap.parse_args(argv)
    sys.path.insert(0, str(ROOT / "bench"))
    from generate_lists import generate

    with tempfile.TemporaryDirectory(prefix="armybuilder-bench-lists-") as tmp:
        folder, cache = Path(tmp) / "lists", Path(tmp) / "cache"
        paths = generate(folder, args.count)
        last = paths[-1].stem
        time.sleep(2.5)  # lists written a moment ago are checked again on every request (racy stamps)
        ever = run_one(folder, last, args.code, cache)
        runs = [run_one(folder, last, args.code, cache) for _ in range(args.runs)]
    warm = [w for r in [ever, *runs] for w in r["warm"]]
    warm_cpu = [w for r in [ever, *runs] for w in r["warm_cpu"]]
    ms = lambda s: f"{s * 1000:.0f} ms"  # noqa: E731
    print(f"{args.count} lists, code {ever['code']}; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print("  wall clock (CPU time of the server process):")
    print(f"  first ever (nothing kept): {ms(ever['first'])} ({ms(ever['first_cpu'])})")
    cold, cold_cpu = (statistics.median(r[k] for r in runs) for k in ("first", "first_cpu"))
    print(f"  cold (new process), median of {len(runs)}: {ms(cold)} ({ms(cold_cpu)})")
    print(f"  warm, median of {len(warm)}: {ms(statistics.median(warm))} ({ms(statistics.median(warm_cpu))})")
    print(
        f"  search for the last list: median {ms(statistics.median(r['search'] for r in runs))}, found: "
        f"{all(r['found'] for r in [ever, *runs])}"
    )
    print(f"  last page: median {ms(statistics.median(r['end'] for r in runs))}")
    print(f"  first page: {ever['bytes'] / 1000:.0f} kB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
