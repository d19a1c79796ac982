"""A test never asserts a duration: a timed test fails on a busy machine, not on a slow program.

Timings belong in bench/ (a measurement to read). This reads every Python file under tests/ and
finds assertions that compare a clock: an ``assert`` (or an ``if`` that fails the test) whose
comparison reads ``time.perf_counter()``, ``time.time()``, ``time.monotonic()``,
``time.process_time()`` (or their ``_ns`` forms), directly or through a name computed from one
(``took = time.perf_counter() - start``; ``times.append(...)``). A clock used only to bound a wait
(``while time.monotonic() < deadline``, ``thread.join(120)``) is not an assertion and is allowed.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parents[1]
CLOCKS = {
    "perf_counter",
    "perf_counter_ns",
    "time",
    "time_ns",
    "monotonic",
    "monotonic_ns",
    "process_time",
    "process_time_ns",
    "thread_time",
    "thread_time_ns",
}
GROW = {"append", "extend", "add", "insert"}  # a list or set of times is a time
# calls whose result is a time when an argument is: the arithmetic of timings
ARITHMETIC = {"min", "max", "abs", "sum", "sorted", "round", "float", "int", "median", "mean", "fsum"}


def _clock_names(tree: ast.Module) -> set[str]:
    """The names a module gives the clocks: ``time`` (``import time``), ``perf_counter`` (``from time import ...``)."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == "time":
            names |= {a.asname or a.name for a in node.names if a.name in CLOCKS}
    return names


def _is_clock(node: ast.AST, direct: set[str]) -> bool:
    if not isinstance(node, ast.Call):
        return False
    f = node.func
    if isinstance(f, ast.Attribute) and f.attr in CLOCKS and isinstance(f.value, ast.Name) and f.value.id == "time":
        return True
    return isinstance(f, ast.Name) and f.id in direct


def _reads_time(node: ast.AST, direct: set[str], timed: set[str]) -> bool:
    """Does ``node`` compute with a clock reading? A call's result counts only when the call is
    arithmetic on its arguments (``min``, ``sorted``...): ``q.get(timeout=deadline - now())`` is not a time."""
    if _is_clock(node, direct):
        return True
    if isinstance(node, ast.Name):
        return isinstance(node.ctx, ast.Load) and node.id in timed
    if isinstance(node, ast.Call):
        f = node.func
        name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
        if name not in ARITHMETIC:
            return False
    return any(_reads_time(child, direct, timed) for child in ast.iter_child_nodes(node))


def _timed_names(scope: ast.AST, direct: set[str]) -> set[str]:
    """The names in ``scope`` that hold a clock reading or a value computed from one."""
    timed: set[str] = set()
    while True:
        before = len(timed)
        for node in ast.walk(scope):
            if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign)) and node.value is not None:
                if _reads_time(node.value, direct, timed):
                    targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                    timed |= {n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)}
            elif isinstance(node, ast.NamedExpr) and _reads_time(node.value, direct, timed):
                timed.add(node.target.id)
            elif (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr in GROW
                and isinstance(node.func.value, ast.Name)
                and any(_reads_time(a, direct, timed) for a in node.args)
            ):
                timed.add(node.func.value.id)
        if len(timed) == before:
            return timed


def _fails(body: list[ast.stmt]) -> bool:
    """Does this block fail the test (``pytest.fail(...)`` or ``raise AssertionError``)?"""
    for node in (n for stmt in body for n in ast.walk(stmt)):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "fail":
            return True
        if isinstance(node, ast.Raise) and node.exc is not None and "AssertionError" in ast.unparse(node.exc):
            return True
    return False


def _checks(body: list[ast.stmt], in_loop: bool = False) -> list[ast.expr]:
    """The conditions this block asserts: ``assert`` tests, and ``if`` tests that fail the test
    outside a loop (inside one, the ``if`` bounds a wait). Nested functions are scopes of their own."""
    out: list[ast.expr] = []
    for stmt in body:
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            continue
        if isinstance(stmt, ast.Assert) or (isinstance(stmt, ast.If) and not in_loop and _fails(stmt.body)):
            out.append(stmt.test)
        loop = in_loop or isinstance(stmt, (ast.For, ast.AsyncFor, ast.While))
        for field in ("body", "orelse", "finalbody"):
            out += _checks(getattr(stmt, field, []) or [], loop)
        for handler in getattr(stmt, "handlers", []) or []:
            out += _checks(handler.body, loop)
        for case in getattr(stmt, "cases", []) or []:
            out += _checks(case.body, loop)
    return out


def timing_assertions(source: str) -> list[tuple[int, str]]:
    """Every assertion in ``source`` that compares a duration or a clock: (line, the assertion's text)."""
    tree = ast.parse(source)
    direct = _clock_names(tree)
    found: list[tuple[int, str]] = []
    scopes: list[ast.Module | ast.FunctionDef | ast.AsyncFunctionDef] = [tree]
    scopes += [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
    for scope in scopes:
        own = [s for s in scope.body if not isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))]
        timed = _timed_names(ast.Module(body=own, type_ignores=[]), direct)
        for test in _checks(scope.body):
            compares = [c for c in ast.walk(test) if isinstance(c, ast.Compare)]
            if any(_reads_time(c, direct, timed) for c in compares):
                found.append((test.lineno, ast.unparse(test)))
    return sorted(set(found))


def test_no_test_asserts_a_duration():
    found = [
        f"{path.relative_to(TESTS.parent)}:{line}: {text}"
        for path in sorted(TESTS.rglob("*.py"))
        for line, text in timing_assertions(path.read_text(encoding="utf-8"))
    ]
    assert found == [], "a test asserts a duration; measure it in bench/ instead:\n" + "\n".join(found)


# The finder itself: the forms the suite once had (each a test that failed on a busy machine), and
# the waits it must leave alone.
TIMED = {
    "a per-call mean": """
import time
def test_quick():
    start = time.perf_counter()
    for _ in range(10):
        work()
    assert (time.perf_counter() - start) / 10 < 0.010
""",
    "a best of five": """
import time
def test_quick():
    best = float("inf")
    for _ in range(5):
        start = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - start)
    assert best < 0.010, f"{best * 1000:.1f} ms"
""",
    "a median of process times": """
import time
def test_quick():
    times = []
    for _ in range(5):
        start = time.process_time()
        work()
        times.append(time.process_time() - start)
    assert sorted(times)[2] < 0.05
""",
    "a monotonic delta in an and": """
import time
def test_threads():
    started = time.monotonic()
    run()
    assert time.monotonic() - started < 120 and errors == []
""",
    "a name imported from time": """
from time import monotonic as now
def test_page():
    start = now()
    get()
    took = now() - start
    assert took < 2.0
""",
    "pytest.fail on a slow call": """
import time
import pytest
def test_page():
    t0 = time.time()
    get()
    if time.time() - t0 > 2:
        pytest.fail("slow")
""",
}
UNTIMED = {
    "a wait with a deadline": """
import time
def wait_for(q):
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        if q.ready():
            return q.get()
    raise TimeoutError
""",
    "a join with a bound": """
def test_threads(threads):
    for t in threads:
        t.join(120)
    assert not any(t.is_alive() for t in threads)
""",
    "a time of day in data": """
def test_stamp(desk):
    assert desk.submitted_at < desk.closed_at
""",
}


@pytest.mark.parametrize("name", sorted(TIMED))
def test_the_finder_finds_a_timed_assertion(name):
    assert len(timing_assertions(TIMED[name])) == 1


@pytest.mark.parametrize("name", sorted(UNTIMED))
def test_the_finder_leaves_waits_alone(name):
    assert timing_assertions(UNTIMED[name]) == []
