"""Time the submission desk: 1,000 lists sent by 20 clients to a real ``armybuilder collect``.

    python bench/bench_collect.py [--lists 1000] [--clients 20] [--seed 2026] [--readers 1] [--no-reveal]

The lists are generated (bench/generate_lists.py, seeded: the same every time; not timed): every
system, most legal, some illegal, about 3 % broken files, which the desk refuses (422) or takes
as broken. The desk runs as its own process on 127.0.0.1 on a free port with a fresh database
(WAL, synchronous=FULL: every answer 201 is a committed transaction). ``--clients`` threads
each keep one HTTP/1.1 connection open and send their share of the lists, one at a time, to
``POST /api/submissions``. Printed: the lists a second (from the first request sent to the last
answer), the answer time (median, p95, p99, max), the answers by status, and a check that the
database holds every list answered 201. Nothing but 127.0.0.1 is sent anything; every wait is
bounded.

Measured 2026-12-02 on 2 shared cores, defaults (1,000 lists, 20 clients), two runs:

    run 1: 231.4 submissions a second; answer time median 82.5 ms, p95 133.8 ms, p99 217.0 ms
    run 2: 256.4 submissions a second; answer time median 72.1 ms, p95 137.4 ms, p99 190.1 ms

Each run: 971 answered 201 (all in the database, none missing), 29 answered 422 (the broken files).

Then (unless ``--no-reveal``) the organiser reveals the lists, and the desk is timed as the
spectators and the organiser meet it: ``GET /lists`` cold (``--readers`` at once: each reader's
wait), then ten times warm (laid out once a generation since issue 37), the zip of the lists, and
the packet PDF.

Measured 2026-12-03 at ``nice -n 19`` on 2 cores shared with six other busy sessions, defaults
(971 lists taken, then revealed): ``GET /lists`` cold 38.4 s (2.0 MB), warm median 13.3 ms (max
50.7 ms: laid out once, was 1.2 to 5.5 s a request); the zip 0.18 s (was 19 s: no tournament
check); the packet 384.6 s (6.5 MB): still far over its 60 s goal (each list is checked and laid
out again; issue 37 item 8, open). The submissions of the same run: 214.0 a second, median
63.1 ms, p99 560.9 ms.

Measured again 2026-12-03 at ``nice -n 19``, load average 6 to 8 on 2 cores (971 lists): the packet
65.7 s (5.8 MB), which now also measures each list for a page of its own where it fits (the
layout work itself cut: ``bench_tournament.py --packet``, 30 s of CPU for 1,000 lists); ``GET
/lists`` cold 2.7 s, warm median 8.2 ms; the zip 0.14 s; 186.7 submissions a second.

Issue 45, item 9, measured 2026-12-08 with ``--lists 300`` (291 lists taken) and ``--readers 12``:
before, each of the 12 readers at once made the page of every list itself, and each waited 1.23 to
1.73 s (median 1.50 s), then 1.28 to 1.85 s (median 1.56 s), against 0.74 s for one reader. Now the
first makes it and the others wait for the same bytes: 0.58 to 0.59 s, then 0.81 to 0.83 s (one
reader: 0.61 s); warm median 1.9 to 4.2 ms either way.
"""

from __future__ import annotations

import argparse
import http.client
import json
import queue
import re
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from generate_lists import generate  # noqa: E402

PACK = ROOT / "examples/events/games-day.yaml"
WAIT = 30.0  # seconds, at most, for the desk to start or stop, or for one answer
LIMIT = 600.0  # seconds, at most, for the whole run


def start(db: Path) -> tuple[subprocess.Popen, int, str]:
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "armybuilder",
            "collect",
            str(PACK),
            "--db",
            str(db),
            "--port",
            "0",
            "--no-open",
            "--per-minute",
            "0",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    lines: queue.Queue = queue.Queue()
    threading.Thread(target=lambda: [lines.put(x) for x in proc.stderr] + [lines.put(None)], daemon=True).start()
    deadline = time.monotonic() + WAIT
    port = None
    while time.monotonic() < deadline:
        try:
            line = lines.get(timeout=max(0.1, deadline - time.monotonic()))
        except queue.Empty:
            break
        if line is None:
            break
        m = re.search(r"at http://127\.0\.0\.1:(\d+)/ \(Ctrl\+C stops\)", line)
        if m:
            port = int(m.group(1))
        m = re.search(r"organiser\?key=(\S+)", line)
        if m and port is not None:
            return proc, port, m.group(1)
    proc.kill()
    raise SystemExit("bench_collect: the desk did not start")


def client(port: int, jobs: list[tuple[str, str]], out: list[tuple[float, int, str, str]]) -> None:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=WAIT)
    try:
        for player, listed in jobs:
            body = json.dumps({"player": player, "list": listed}).encode("utf-8")
            began = time.perf_counter()
            conn.request("POST", "/api/submissions", body, {"content-type": "application/json"})
            answer = conn.getresponse()
            data = answer.read()
            took = time.perf_counter() - began
            got = json.loads(data) if data else {}
            out.append((took, answer.status, got.get("id", ""), got.get("fingerprint", "")))
    finally:
        conn.close()


def timed_get(port: int, path: str, token: str | None = None, timeout: float = WAIT) -> tuple[float, int, int]:
    """One GET: seconds, status, bytes."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        began = time.perf_counter()
        conn.request("GET", path, headers={"authorization": f"Bearer {token}"} if token else {})
        answer = conn.getresponse()
        data = answer.read()
        return time.perf_counter() - began, answer.status, len(data)
    finally:
        conn.close()


def readers_at_once(port: int, readers: int) -> list[tuple[float, int, int]]:
    """``readers`` clients asking for the page of every list at the same moment."""
    out: list[tuple[float, int, int]] = []
    go = threading.Barrier(readers)

    def one() -> None:
        go.wait(WAIT)
        out.append(timed_get(port, "/lists", timeout=LIMIT))

    threads = [threading.Thread(target=one, daemon=True) for _ in range(readers)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(LIMIT)
    return out


def revealed(port: int, token: str, readers: int = 1) -> None:
    """The desk after the reveal: the page of every list (cold, then warm), the zip and the packet."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=WAIT)
    try:
        conn.request("POST", "/api/reveal?lock_now=1", b"", {"authorization": f"Bearer {token}"})
        answer = conn.getresponse()
        answer.read()
        if answer.status != 200:
            raise SystemExit(f"bench_collect: the reveal answered {answer.status}")
    finally:
        conn.close()
    cold = readers_at_once(port, readers)
    waits = sorted(c[0] for c in cold)
    warm = [timed_get(port, "/lists") for _ in range(10)]
    print(
        f"after the reveal: GET /lists cold, {readers} at once: each waited {waits[0]:.2f} to {waits[-1]:.2f} s "
        f"(median {statistics.median(waits):.2f} s; {cold[0][2] / 1e6:.1f} MB, statuses "
        f"{sorted({c[1] for c in cold})}), warm median {statistics.median(w[0] for w in warm) * 1000:.1f} ms, "
        f"max {max(w[0] for w in warm) * 1000:.1f} ms"
    )
    for name in ("lists.zip", "packet.pdf"):
        took, status, size = timed_get(port, f"/organiser/download/{name}", token, timeout=LIMIT)
        print(f"  {name}: {took:.2f} s, status {status}, {size / 1e6:.2f} MB")


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--lists", type=int, default=1000)
    ap.add_argument("--clients", type=int, default=20)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--readers", type=int, default=1, help="readers asking for the revealed page at once, cold")
    ap.add_argument(
        "--no-reveal", dest="revealed", action="store_false", help="skip the revealed desk's page, zip and packet"
    )
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="bench-collect-") as tmp:
        folder = Path(tmp) / "lists"
        folder.mkdir()
        files = generate(folder, args.lists, args.seed)
        jobs = [(f"Player {i:04d}", f.read_text(encoding="utf-8")) for i, f in enumerate(files)]
        shares = [jobs[i :: args.clients] for i in range(args.clients)]
        db = Path(tmp) / "desk.sqlite"
        proc, port, token = start(db)
        results: list[list[tuple[float, int, str, str]]] = [[] for _ in shares]
        try:
            threads = [
                threading.Thread(target=client, args=(port, s, r), daemon=True)
                for s, r in zip(shares, results, strict=True)
            ]
            began = time.perf_counter()
            for t in threads:
                t.start()
            for t in threads:
                t.join(max(1.0, LIMIT - (time.perf_counter() - began)))
            elapsed = time.perf_counter() - began
            if any(t.is_alive() for t in threads):
                raise SystemExit(f"bench_collect: not done in {LIMIT:.0f} s")
            if args.revealed:
                revealed(port, token, max(1, args.readers))
        finally:
            proc.terminate()
            try:
                proc.wait(WAIT)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(WAIT)
        answers = [a for r in results for a in r]
        times = [a[0] for a in answers]
        statuses = Counter(a[1] for a in answers)
        taken = {a[2]: a[3] for a in answers if a[1] == 201}
        conn = sqlite3.connect(db)
        try:
            kept = {
                sid: fp
                for sid, fp in conn.execute(
                    "SELECT s.id, v.fingerprint FROM submissions s JOIN versions v ON v.submission = s.id"
                )
            }
        finally:
            conn.close()
        lost = sum(1 for sid, fp in taken.items() if kept.get(sid) != fp)
        print(f"armybuilder collect: {len(answers)} lists from {args.clients} clients in {elapsed:.2f} s")
        print(f"  {len(answers) / elapsed:.1f} submissions a second")
        print(
            f"  answer time: median {statistics.median(times) * 1000:.1f} ms, "
            f"p95 {percentile(times, 0.95) * 1000:.1f} ms, p99 {percentile(times, 0.99) * 1000:.1f} ms, "
            f"max {max(times) * 1000:.1f} ms"
        )
        print("  answers: " + ", ".join(f"{n} x {s}" for s, n in sorted(statuses.items())))
        print(f"  in the database: {len(kept)} lists; answered 201 but missing: {lost}")
        return 0 if lost == 0 and len(answers) == len(jobs) else 1


if __name__ == "__main__":
    raise SystemExit(main())
