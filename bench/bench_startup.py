"""Start-up time of the CLI: `--help` and one `validate`, each run in a fresh process.

Run: python bench/bench_startup.py [runs]. Prints the minimum and median wall time. The CLI
imports jsonschema, ruamel.yaml and reportlab only in the commands that need them.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "fantasy-triumph" / "greenwood-host.yaml"


def timed(args: list[str], runs: int) -> tuple[float, float]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "armybuilder", *args], capture_output=True, check=False)
        times.append(time.perf_counter() - start)
    return min(times), statistics.median(times)


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    for label, args in [("--help", ["--help"]), ("validate one list", ["validate", str(EXAMPLE)])]:
        best, median = timed(args, runs)
        print(f"{label:<20} min {best * 1000:6.0f} ms   median {median * 1000:6.0f} ms   ({runs} runs)")


if __name__ == "__main__":
    main()
