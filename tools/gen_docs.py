"""Write the README's table of game systems from the systems' declarations.

Run: python tools/gen_docs.py (rewrites README.md between the ``systems`` markers);
``--check`` exits 1 when the README is out of date (tests/core/test_docs.py runs it).
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

START, END = "<!-- systems: made by tools/gen_docs.py -->", "<!-- /systems -->"


def table() -> str:
    from armybuilder import systems

    rows = ["| system | id | measured in | what is checked |", "|---|---|---|---|"]
    for m in systems.manifests():
        title = systems.get(m.id).title
        measure = m.measure + (" (a limit you may set with `--points`)" if m.points_limit else "")
        rows.append(f"| {title} | `{m.id}` | {measure} | {m.summary} |")
    return "\n".join(rows)


def render(readme: str) -> str:
    head, rest = readme.split(START, 1)
    _, tail = rest.split(END, 1)
    return f"{head}{START}\n{table()}\n{END}{tail}"


def main() -> int:
    path = ROOT / "README.md"
    old = path.read_text(encoding="utf-8")
    new = render(old)
    if "--check" in sys.argv[1:]:
        if new != old:
            print("README.md: the systems table is out of date; run python tools/gen_docs.py", file=sys.stderr)
            return 1
        return 0
    path.write_text(new, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
