"""Time a tournament run over 250, 500 and 1,000 generated lists of every system.

    python bench/bench_tournament.py [--sizes 250 500 1000] [--repeat 3] [--cli]

For each size it generates the lists (bench/generate_lists.py, seeded: the same files every
time; not timed), then times, in this process on one core, what ``armybuilder tournament``
does: find the files, check every list against its game and the event pack
(examples/events/games-day.yaml), and render all four reports. The best of ``--repeat`` runs
is shown with the time per list (sizes interleaved): a flat per-list time means the run grows linearly.
``--cli`` also times the real command in a fresh process (imports and data loading included).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from generate_lists import generate  # noqa: E402

from armybuilder import events, tournament  # noqa: E402

PACK = ROOT / "examples/events/games-day.yaml"


def run_once(folder: Path) -> tuple[float, tournament.Tournament]:
    start = time.perf_counter()
    pack = events.load(PACK)
    t = tournament.run(pack, tournament.collect([folder], PACK))
    for kind in ("markdown", "json", "csv", "junit"):
        tournament.render_report(kind, t)
    return time.perf_counter() - start, t


def run_cli(folder: Path, out: Path) -> float:
    start = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "armybuilder", "tournament", str(PACK), str(folder), "--report", str(out), "--force"],
        cwd=ROOT,
        capture_output=True,
        check=False,
    )
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", type=int, nargs="+", default=[250, 500, 1000])
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--cli", action="store_true", help="also time the command in a fresh process")
    args = ap.parse_args(argv)

    with tempfile.TemporaryDirectory(prefix="armybuilder-bench-") as tmp:
        warm = Path(tmp) / "warm"
        generate(warm, 40, args.seed + 1)
        run_once(warm)  # imports, data files, schema validators: paid once, not per list

        print(
            f"{'lists':>6} {'best s':>8} {'median s':>9} {'ms/list':>8} {'legal':>6} {'illegal':>8} {'broken':>7}"
            + (f" {'cli s':>7}" if args.cli else "")
        )
        folders = {}
        for n in args.sizes:
            folders[n] = Path(tmp) / f"lists-{n}"
            generate(folders[n], n, args.seed)
        times: dict[int, list[float]] = {n: [] for n in args.sizes}
        summaries = {}
        for _ in range(args.repeat):  # sizes interleaved, so a busy moment does not hit one size only
            for n in args.sizes:
                seconds, t = run_once(folders[n])
                times[n].append(seconds)
                summaries[n] = t.summary()
                del t
        per_list = []
        for n in args.sizes:
            best = min(times[n])
            per_list.append(best / n)
            s = summaries[n]
            line = (
                f"{n:>6} {best:>8.3f} {statistics.median(times[n]):>9.3f} {1000 * best / n:>8.3f} "
                f"{s['legal']:>6} {s['illegal']:>8} {s['broken']:>7}"
            )
            if args.cli:
                line += f" {run_cli(folders[n], Path(tmp) / 'r.json'):>7.3f}"
            print(line, flush=True)
        spread = max(per_list) / min(per_list)
        print(f"per-list time varies by a factor of {spread:.2f} across sizes (1.00 = perfectly linear)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
