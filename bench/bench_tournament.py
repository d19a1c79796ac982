"""Time a tournament run over 250, 500 and 1,000 generated lists of every system.

    python bench/bench_tournament.py [--sizes 250 500 1000] [--repeat 3] [--cli]
    python bench/bench_tournament.py --packet-memory [--sizes 500 1000 2000] [--plain]

For each size it generates the lists (bench/generate_lists.py, seeded: the same files every
time; not timed), then times, in this process on one core, what ``armybuilder tournament``
does: find the files, check every list against its game and the event pack
(examples/events/games-day.yaml), and render all four reports. The best of ``--repeat`` runs
is shown with the time per list (sizes interleaved): a flat per-list time means the run grows linearly.
``--cli`` also times the real command in a fresh process (imports and data loading included).

``--packet`` times the organiser's packet instead (``tournament --packet``: each list checked
again for its roster, measured for its layout, then the PDF laid out and drawn), once per size:
wall and CPU seconds, pages, megabytes.

``--packet-memory`` runs the real command, ``armybuilder tournament PACK LISTS --packet FILE
--compact`` (``--plain``: without ``--compact``), in a fresh process for each size, and prints its
peak resident memory (``ru_maxrss``), wall and CPU seconds and the packet's size: the peak should
stay about flat as the lists grow (issue 45, item 10).

Measured 2026-12-05 (issue 45, item 10), ``--packet-memory`` (compact), the machine shared (load 10
to 14: the wall times are not comparable, the CPU times are):

    before (every list's flowables, parsed texts, line breakings and uncompressed pages kept until
    the PDF was written): 500 lists 178 MiB, 12.1 s CPU; 1,000: 306 MiB, 26.6 s; 2,000: 554 MiB,
    64.1 s (284 KiB a list)
    after (each list laid out, drawn and let go; pages kept compressed for their footers; the
    texts kept bounded): 500 lists 65 MiB, 11.3 s CPU; 1,000: 87 MiB, 23.3 s; 2,000: 132 MiB,
    48.3 s; the same bytes. The command without --packet: 32 MiB (500) to 39 MiB (2,000).

Measured 2026-12-07 (issue 45, item 10, second round), ``--packet-memory`` (compact), load 9:

    before (every roster built before the packet, the summary's table whole, every page held for
    its footer, the PDF in memory): 200 lists 54 MiB, 3.8 s CPU; 1,000: 88 MiB, 20.6 s; 2,000:
    132 MiB, 36.8 s
    after (rosters made again per list, the summary's table a chunk at a time, each page written
    to a temporary file with its footer as it ends): 200 lists 52 MiB, 6.3 s CPU; 1,000: 59 MiB,
    31.4 s; 2,000: 69 MiB, 54.1 s (the CPU times at a load of 9: not comparable). Not yet flat:
    about 9.7 KiB a list, half of it the run's own (its checked lists).

Measured 2026-12-08 (issue 45, item 10, third round), ``--packet-memory`` (compact), load 8 to 10:

    before (as above): 200 lists 52 MiB, 5.6 s CPU; 1,000: 61 MiB, 27.7 s; 2,000: 69 MiB, 62.0 s
    after (each checked list a small record, its findings packed; each page and embedded list a
    small record until written; the summary's texts let go a chunk at a time): 200 lists 51 MiB,
    5.3 s CPU; 1,000: 54 MiB, 25.1 s; 2,000: 58 MiB, 48.8 s; the same bytes. Not yet flat: about
    4 KiB a list from 200 to 2,000.

Measured 2026-12-03 (issue 37, items 2 and 10), the packet of the 1,000 generated lists, in
process, CPU seconds (the machine was shared: load 3.5 before, 9 after, so wall time ran 1 to 4
times the CPU time):

    before (a list's trailing sections spilled onto a page of their own): 16.3 s CPU (18.2 s wall,
    18.7 s for the whole command), 1,843 pages
    each list laid out as export lays it out, measured alone first (one page where it fits):
    46 to 58 s CPU, 1,189 pages
    then: each text parsed once per style, each line breaking kept per text, style and width,
    a layout that spills past one page not measured again for its tail, and the catalog's
    names indexed once per system for the "Not checked" readings: 30.2 s CPU (2.7 s of it
    checking the lists again), 1,189 pages, the same bytes

Again at load 4 (same day): before 18.2 s CPU, 20.2 s wall, 254 MB resident, 1,843 pages; after
26.7 s CPU, 42.4 s wall (two cores shared), 404 MB resident (the line breaking kept per list
until the PDF is drawn), 1,189 pages.
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

from armybuilder import events, lists  # noqa: E402
from armybuilder.commands import tournament  # noqa: E402
from armybuilder.events import standings  # noqa: E402

PACK = ROOT / "examples/events/games-day.yaml"


def run_once(folder: Path) -> tuple[float, standings.Tournament]:
    start = time.perf_counter()
    pack = events.load(PACK)
    t = standings.run(pack, lists.find([folder], PACK))
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
    ap.add_argument("--packet", action="store_true", help="time the packet PDF instead of the reports")
    ap.add_argument("--packet-memory", action="store_true", help="the packet command's peak memory, per size")
    ap.add_argument("--plain", action="store_true", help="with --packet-memory: the packet without --compact")
    args = ap.parse_args(argv)
    if args.packet:
        return packet(args.sizes, args.seed)
    if args.packet_memory:
        return packet_memory(args.sizes, args.seed, compact=not args.plain)

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


def packet(sizes: list[int], seed: int) -> int:
    """The packet of each size, once: wall and CPU seconds, pages and megabytes."""
    import io

    import pypdf

    from armybuilder.export.packet import packet_of, render

    with tempfile.TemporaryDirectory(prefix="armybuilder-bench-") as tmp:
        warm = Path(tmp) / "warm"
        generate(warm, 20, seed + 1)
        _, t = run_once(warm)
        render(packet_of(t))  # imports and fonts: paid once
        print(f"{'lists':>6} {'wall s':>8} {'cpu s':>8} {'ms/list':>8} {'pages':>6} {'MB':>6}")
        for n in sizes:
            folder = Path(tmp) / f"lists-{n}"
            generate(folder, n, seed)
            _, t = run_once(folder)
            start, cpu = time.perf_counter(), time.process_time()
            data, _ = render(packet_of(t))
            wall, cpu = time.perf_counter() - start, time.process_time() - cpu
            pages = len(pypdf.PdfReader(io.BytesIO(data)).pages)
            print(
                f"{n:>6} {wall:>8.1f} {cpu:>8.1f} {1000 * cpu / n:>8.1f} {pages:>6} {len(data) / 1e6:>6.1f}", flush=True
            )
    return 0


# The command in a fresh process, measured from inside: peak resident memory (KiB on Linux), wall and CPU.
CHILD = """
import json, resource, sys, time
out, args = sys.argv[1], sys.argv[2:]
start, cpu = time.perf_counter(), time.process_time()
from armybuilder.cli import app
try:
    app(args, prog_name="armybuilder")
except SystemExit:
    pass
wall, cpu = time.perf_counter() - start, time.process_time() - cpu
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
open(out, "w").write(json.dumps({"wall": wall, "cpu": cpu, "peak_kib": peak}))
"""


def packet_memory(sizes: list[int], seed: int, compact: bool = True) -> int:
    """``tournament --packet`` (``--compact``) of each size in a fresh process: its peak memory and time."""
    import json

    with tempfile.TemporaryDirectory(prefix="armybuilder-bench-") as tmp:
        print(f"{'lists':>6} {'peak MiB':>9} {'KiB/list':>9} {'wall s':>8} {'cpu s':>8} {'PDF MB':>7}")
        for n in sizes:
            folder = Path(tmp) / f"lists-{n}"
            generate(folder, n, seed)
            pdf, said = Path(tmp) / f"packet-{n}.pdf", Path(tmp) / f"measured-{n}.json"
            args = ["tournament", str(PACK), str(folder), "--packet", str(pdf), "--force"]
            subprocess.run(
                [sys.executable, "-c", CHILD, str(said), *args, *(["--compact"] if compact else [])],
                cwd=ROOT,
                capture_output=True,
                check=False,
            )
            m = json.loads(said.read_text())
            size = pdf.stat().st_size / 1e6 if pdf.exists() else 0.0
            print(
                f"{n:>6} {m['peak_kib'] / 1024:>9.0f} {m['peak_kib'] / n:>9.1f} {m['wall']:>8.1f} {m['cpu']:>8.1f} "
                f"{size:>7.1f}",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
