"""How long the browser builder's board of a list takes to make, per game system.

    python bench/bench_boards.py [--repeat 5]

Each bundled example is checked once, then its board (every row, control and catalog entry the
builder's page shows) is made ``--repeat`` times; the best time of one board counts (CPU time of
this process, so a busy machine slows it less than a wall clock would). Prints, per system, the
slowest example's best time and which example it is.

Target: about 10 ms a board on an idle machine (the builder answers a change in well under 100 ms).
This was four timed tests in tests/systems/*/test_board.py; a test never asserts a duration
(tests/project/test_no_timed_tests.py), so the figure is measured here, to read, not to gate.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

SYSTEMS = ["fantasy-triumph", "token-terrors", "small-world-of-warcraft", "homm3-battlefield"]


def best_board(path: Path, repeat: int) -> float | None:
    """The best CPU seconds of one board of the list at ``path`` (None: it has no board)."""
    from armybuilder.check import check_path
    from armybuilder.edit.offer import board_of

    result = check_path(path)
    if board_of(result) is None:  # warm: the system's data and caches loaded
        return None
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        board_of(result)
        best = min(best, time.process_time() - start)
    return best


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=5, help="boards made of each example, the best counts (default 5)")
    args = ap.parse_args(argv)
    print(f"board of a list: the slowest example's best of {args.repeat} (CPU ms; target about 10 ms)")
    for system in SYSTEMS:
        times = {}
        for path in sorted((ROOT / "examples" / system).glob("*.yaml")):
            took = best_board(path, args.repeat)
            if took is not None:
                times[path.name] = took
        if not times:
            print(f"   {system:<24} no example has a board")
            continue
        worst = max(times, key=lambda name: times[name])
        print(f"   {system:<24} {times[worst] * 1000:6.1f} ms  ({worst}; {len(times)} examples)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
