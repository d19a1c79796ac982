"""The times issue 12 (hardening) states, each measured side by side with a floor in one run.

    python bench/bench_hardening.py [--runs 5]

Each command runs in a fresh process, ``--runs`` times, alternating with the floors so that a
busy machine slows both; the medians of its wall time (what a user waits) and of its CPU time
(user + system of the child: what a busy machine inflates least) are printed. The verdict is on
the CPU time; the wall time and the load average are printed beside it. The floors:

- floor ``python -c "import typer"`` (the interpreter and the CLI library, nothing of ours);
- floor ``validate`` of the Greenwood Host (a small list: start-up plus one check).

Measured, with the issue's limit:

1. ``validate /dev/zero`` returns within 1 s (it grew to 12 GB before the fix);
2. ``validate`` of a FIFO returns within 1 s (it hung forever);
3. ``export --to pdf`` of a 1 MiB list (a name of a million characters) in under 2 s (a 256k name
   took 294 s); and of a list with every part at its limit (100 classes, 11,639 findings);
4. ``set points 50`` on the issue's 1 MiB file of 4,000 ``kN:`` keys then blank lines (41 s
   before the fix; the issue gives no limit, so it is shown against ``validate`` of the same file).

Prints each time, its ratio to the floors (CPU time) and pass/fail against the limit; exits 1
when one fails (a command that has not ended after 60 s counts as hung, and fails). The suite
times nothing (its tests check the structure of each fix); this is the measurement.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GREENWOOD = ROOT / "examples" / "fantasy-triumph" / "greenwood-host.yaml"
MAX_BYTES = 1024 * 1024  # armybuilder.yamlio.MAX_BYTES: the list-file limit
HANG = 60.0  # seconds after which a command counts as hung (and fails)


def armybuilder(*args: object) -> list[str]:
    return [sys.executable, "-m", "armybuilder", *map(str, args)]


def timed(cmd: list[str], prepare: Callable[[], None] | None = None) -> tuple[float, float]:
    """(wall, CPU) seconds of one run of cmd, from start to exit ((HANG, HANG) when it does not end)."""
    if prepare:
        prepare()
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    try:
        subprocess.run(cmd, cwd=ROOT, capture_output=True, check=False, timeout=HANG, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        return HANG, HANG
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def megabyte_name(folder: Path) -> Path:
    body = GREENWOOD.read_text(encoding="utf-8").replace("name: The Greenwood Host", "name: PLACEHOLDER")
    path = folder / "megabyte-name.yaml"
    path.write_text(body.replace("PLACEHOLDER", "x" * (MAX_BYTES - len(body) - 100)), encoding="utf-8")
    return path


def every_part_at_its_limit(folder: Path) -> Path:
    """The list tests/commands/test_hostile_input.py exports: 100 classes, 20 heroes, long names and notes."""
    cards = ["Deadly", "Armored", "Fast", "Hearten", "Flying", "Unknownish", "Mindblast", "Illusion"]
    lines = ["system: fantasy-triumph", "name: " + "Big " * 49, "note: " + "n" * 1999, "classes:"]
    for i in range(100):
        cs = ", ".join(cards[(i + j) % 8] + ("x" * 90 if j % 3 == 0 else "") for j in range(60))
        lines.append(
            f"  - name: {'C' * 190}{i}\n    troop: Heavy Foot{'z' * 80}\n    stands: 8\n"
            f"    note: {'w ' * 999}\n    cards: [{cs}]"
        )
    lines.append("heroes:")
    for i in range(20):
        cs = ", ".join(cards[(i * j) % 8] for j in range(60))
        lines.append(f"  - name: {'H' * 190}{i}\n    note: {'q' * 1999}\n    cards: [{cs}]")
    path = folder / "every-part.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def many_keys() -> str:
    """The issue's file: 4,000 keys ``kN:`` after the list's own, then blank lines to 1 MiB."""
    text = "system: fantasy-triumph\nname: X\npoints: 48\n" + "".join(f"k{i}:\n" for i in range(4000))
    return text + "\n" * (MAX_BYTES - len(text))


def rl_accel_in_use() -> bool:
    """Whether reportlab measures text with rl_accel's C code (a dependency) rather than in Python."""
    try:
        import _rl_accel  # noqa: F401
    except ImportError:
        return False
    return True


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5, help="runs of each command, the median counts (default 5)")
    args = ap.parse_args(argv)
    if os.name != "posix":
        print("needs /dev/zero and FIFOs (POSIX)")
        return 2

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        fifo = folder / "fifo.yaml"
        os.mkfifo(fifo)
        big, full = megabyte_name(folder), every_part_at_its_limit(folder)
        keys = folder / "keys.yaml"
        keys_text = many_keys()
        keys.write_text(keys_text, encoding="utf-8")
        pdf = folder / "out.pdf"

        def fresh_keys() -> None:  # each set starts from the file, not the one edited before
            keys.write_text(keys_text, encoding="utf-8")

        floors: dict[str, list[str]] = {
            "import typer": [sys.executable, "-c", "import typer"],
            "validate greenwood": armybuilder("validate", GREENWOOD),
        }
        # label, command, prepare, limit in seconds (None: the issue gives none)
        cases: list[tuple[str, list[str], Callable[[], None] | None, float | None]] = [
            ("validate /dev/zero", armybuilder("validate", "/dev/zero"), None, 1.0),
            ("validate a FIFO", armybuilder("validate", fifo), None, 1.0),
            ("export 1 MiB name to pdf", armybuilder("export", big, "--to", "pdf", "-o", pdf, "--force"), None, 2.0),
            ("export every part to pdf", armybuilder("export", full, "--to", "pdf", "-o", pdf, "--force"), None, 2.0),
            ("validate 4,000-key file", armybuilder("validate", keys), None, None),
            ("set on 4,000-key file", armybuilder("set", keys, "points", "50"), fresh_keys, None),
        ]
        for path in (big, full, keys):
            assert path.stat().st_size <= MAX_BYTES, path

        times: dict[str, list[tuple[float, float]]] = {label: [] for label in [*floors, *(c[0] for c in cases)]}
        for cmd in floors.values():
            timed(cmd)  # warm the file cache and the data cache
        for _, cmd, prepare, _ in cases:
            timed(cmd, prepare)
        for _ in range(args.runs):
            for label, cmd in floors.items():
                times[label].append(timed(cmd))
            for label, cmd, prepare, _ in cases:
                times[label].append(timed(cmd, prepare))
        shutil.rmtree(folder, ignore_errors=True)

    wall = {label: statistics.median(w for w, _ in ts) for label, ts in times.items()}
    cpu = {label: statistics.median(c for _, c in ts) for label, ts in times.items()}
    typer_floor, small_floor = cpu["import typer"], cpu["validate greenwood"]
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"medians of {args.runs} fresh-process runs, alternating; {os.cpu_count()} CPUs, load average {load}")
    print(f"   ReportLab's C string widths (rl_accel): {'in use' if rl_accel_in_use() else 'NOT installed'}")
    print(f"   {'':<26} {'CPU':>8} {'wall':>8}   CPU / floors")
    for label in floors:
        print(f"   {label:<26} {cpu[label] * 1000:5.0f} ms {wall[label] * 1000:5.0f} ms   (floor)")
    failed = 0
    for label, _, _, limit in cases:
        got = cpu[label]
        ratios = f"{got / typer_floor:5.1f}x import typer, {got / small_floor:5.1f}x validate greenwood"
        if limit is None:
            base = cpu["validate 4,000-key file"]
            verdict = (
                "(the issue gives no limit; set was 41 s)"
                if label == "validate 4,000-key file"
                else f"{got / base:4.1f}x validate of the same file (the issue gives no limit; was 41 s)"
            )
        elif wall[label] >= HANG:
            verdict, failed = f"FAIL: hung (killed after {HANG:.0f} s)", failed + 1
        elif got < limit:
            verdict = f"pass (limit {limit:g} s)"
        else:
            verdict, failed = f"FAIL (limit {limit:g} s)", failed + 1
        print(f"   {label:<26} {got * 1000:5.0f} ms {wall[label] * 1000:5.0f} ms   {ratios}   {verdict}")
    print("all within the issue's limits" if not failed else f"{failed} over the issue's limits")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
