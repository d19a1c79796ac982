"""Three speed ratios, each measured side by side with its floor in one run (issue: speed).

    python bench/bench_speed.py [--runs 15] [--lists 1000]

1. ``validate`` of one example of each system, in a fresh process, against the floor
   ``python -c "import typer"`` in the same interpreter: the ratio of CPU-time medians (user +
   system time of the child), the two commands alternating so that a busy machine slows both;
   and the median maximum resident set of ``validate`` (start-up memory must not grow).
2. A tournament of ``--lists`` generated lists of every system (bench/generate_lists.py, seeded),
   in this process, against parsing the same files with PyYAML's C loader (the parse-only floor):
   the ratio of the best of ``--repeat`` runs each, alternating.
3. ``export --to pdf`` of the Greenwood Host in a fresh process, minus the same ``import typer``
   floor: milliseconds of work beyond it (CPU-time medians).
4. ``validate FOLDER`` of ``--folder-lists`` generated lists (text and JSON, stdout to /dev/null):
   its wall time, CPU time and peak memory (the child's maximum resident set).

Targets (the speed issue): every validate <= 1.5x, the tournament <= 3x, the PDF <= 300 ms, the
folder of 10,000 lists within 100 MB.
No timed test in the suite depends on this: it is a measurement to read, not a gate.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

EXAMPLES = {
    "fantasy-triumph": "examples/fantasy-triumph/greenwood-host.yaml",
    "token-terrors": "examples/token-terrors/wrens-host.yaml",
    "small-world-of-warcraft": "examples/small-world-of-warcraft/thrall-turn-4.yaml",
    "homm3-battlefield": "examples/homm3-battlefield/skirmish-medium.yaml",
}
FLOOR = [sys.executable, "-c", "import typer"]
PACK = ROOT / "examples/events/games-day.yaml"
# The children write and use bytecode, as an installed package has it: with PYTHONDONTWRITEBYTECODE
# set (as in some shells and CI), every module without a .pyc would be compiled again on each run.
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def cpu(cmd: list[str]) -> tuple[float, float]:
    """CPU seconds (user + system) a child process used, and its maximum resident set in MiB
    (the child's own rusage, from wait4: microseconds, not clock ticks)."""
    child = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=ENV)
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)  # reaped here, not by Popen
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024  # Linux: ru_maxrss in KiB


def paired(cmd: list[str], floor: list[str], runs: int) -> tuple[float, float, float]:
    """Medians of the command's and the floor's CPU time, the two alternating; the command's max RSS."""
    a, b, rss = [], [], []
    cpu(cmd), cpu(floor)  # warm the file cache, write the bytecode
    for _ in range(runs):
        t, m = cpu(cmd)
        a.append(t)
        rss.append(m)
        b.append(cpu(floor)[0])
    return statistics.median(a), statistics.median(b), statistics.median(rss)


def timed(cmd: list[str]) -> tuple[float, float, float, int]:
    """Wall seconds, CPU seconds, maximum resident set (MiB) and exit code of a child process."""
    start = time.perf_counter()
    child = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=ENV)
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    wall = time.perf_counter() - start
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, child.returncode


def armybuilder(*args: str) -> list[str]:
    return [sys.executable, "-m", "armybuilder", *args]


def tournament_ratio(count: int, repeat: int) -> tuple[float, float]:
    import yaml
    from generate_lists import generate

    from armybuilder import events, lists
    from armybuilder.events import standings

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        generate(folder, count, 2026)
        files = sorted(folder.rglob("*.yaml"))

        def run() -> float:
            start = time.process_time()
            pack = events.load(PACK)
            standings.run(pack, lists.find([folder], PACK))
            return time.process_time() - start

        def parse() -> float:
            start = time.process_time()
            for f in files:
                with contextlib.suppress(yaml.YAMLError):  # the broken submissions
                    yaml.load(f.read_bytes(), Loader=loader)  # the C *safe* loader
            return time.process_time() - start

        run(), parse()  # warm: data loaded, caches built, files read once
        a, b = [], []
        for _ in range(repeat):
            a.append(run())
            b.append(parse())
    return min(a), min(b)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=15, help="paired runs of each command (default 15)")
    ap.add_argument("--lists", type=int, default=1000, help="lists in the tournament (default 1000)")
    ap.add_argument("--repeat", type=int, default=3, help="tournament runs, the best counts (default 3)")
    ap.add_argument("--folder-lists", type=int, default=10000, help="lists in validate FOLDER (default 10000)")
    args = ap.parse_args(argv)

    print(f"1. validate / import typer (CPU medians of {args.runs} paired runs; target <= 1.5x)")
    for system, example in EXAMPLES.items():
        got, floor, rss = paired(armybuilder("validate", example), FLOOR, args.runs)
        print(
            f"   {system:<24} {got * 1000:7.1f} ms / {floor * 1000:6.1f} ms = {got / floor:5.2f}x"
            f"  (max RSS {rss:.1f} MiB)"
        )

    got, floor = tournament_ratio(args.lists, args.repeat)
    print(f"2. tournament of {args.lists} lists / parse-only (best of {args.repeat}; target <= 3x)")
    each = got / args.lists * 1e6
    print(f"   {got * 1000:7.0f} ms / {floor * 1000:6.0f} ms = {got / floor:5.2f}x  ({each:.0f} µs a list)")

    with tempfile.TemporaryDirectory() as tmp:
        out = str(Path(tmp) / "roster.pdf")
        cmd = armybuilder("export", EXAMPLES["fantasy-triumph"], "--to", "pdf", "-o", out, "--force")
        got, floor, _ = paired(cmd, FLOOR, args.runs)
    print(f"3. export --to pdf minus import typer (CPU medians of {args.runs} paired runs; target <= 300 ms)")
    print(f"   {got * 1000:7.1f} ms - {floor * 1000:6.1f} ms = {(got - floor) * 1000:6.1f} ms")

    from generate_lists import generate

    print(f"4. validate FOLDER of {args.folder_lists} generated lists (target: within 100 MB)")
    with tempfile.TemporaryDirectory() as tmp:
        generate(Path(tmp), args.folder_lists, 2026)
        for fmt in ("text", "json"):
            wall, cpu_s, rss, code = timed(armybuilder("validate", tmp, "--format", fmt))
            print(
                f"   --format {fmt:<5} {wall:6.1f} s wall, {cpu_s:6.1f} s CPU, peak {rss:5.1f} MiB"
                f" ({wall / args.folder_lists * 1000:.2f} ms a list; exit {code})"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
