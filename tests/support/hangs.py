"""A test that must fail, not hang: :func:`alarm` (a blocking open of a FIFO is cut too)."""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Iterator
from typing import Any


@contextlib.contextmanager
def alarm(seconds: int) -> Iterator[None]:
    """Fail instead of hanging: SIGALRM after ``seconds`` (a blocking open of a FIFO is cut too);
    only in the main thread, where a signal can be had."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def hung(signum: int, frame: Any) -> None:
        raise AssertionError(f"hung: still running after {seconds} s")

    old = signal.signal(signal.SIGALRM, hung)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
