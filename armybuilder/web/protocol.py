"""The connection protocol of ``serve`` and ``collect`` that drops slow clients: uvicorn's h11
protocol with deadlines and per-client limits (:class:`armybuilder.web.guard.Limits`).

Apart from :mod:`.guard` so that the app itself imports no uvicorn: the static site runs it with no
server at all (:mod:`.worker`), and uvicorn, h11 and click are then neither downloaded nor imported.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any, ClassVar

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from armybuilder.web.guard import Limits, client_key

_BUSY = b"busy: too many connections; try again in a moment\n"
_TIMEOUT = b"HTTP/1.1 408 Request Timeout\r\ncontent-length: 0\r\nconnection: close\r\n\r\n"


class GuardedH11Protocol(H11Protocol):
    """uvicorn's h11 protocol with deadlines and per-client limits (:class:`Limits`).

    uvicorn itself times out only an idle keep-alive connection: a client that sends half a
    request head and waits holds its connection for ever, and enough of them lock everyone out.
    Here each connection runs one deadline at a time: its head (from the connection, or from the
    first byte of the next request), then its body; none while the app works on the request (the
    keep-alive timeout of uvicorn takes over after the answer). A connection that does not read
    its answer is dropped after ``stall`` seconds.
    """

    limits: ClassVar[Limits] = Limits()

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._deadline: asyncio.TimerHandle | None = None
        self._stall: asyncio.TimerHandle | None = None
        self._phase = ""  # "head" | "body" | "idle" | "" (the app is answering)
        self._since = 0.0
        self._group = ""

    # -- the connection

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._group = client_key(self.client[0] if self.client else None)
        self._arm("head", self.limits.head)
        if not self._make_room():
            self._refuse()

    def connection_lost(self, exc: Exception | None) -> None:
        self._cancel()
        if self._stall is not None:
            self._stall.cancel()
            self._stall = None
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        self._follow()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._follow()

    def pause_writing(self) -> None:
        super().pause_writing()
        if self._stall is None:
            self._stall = self.loop.call_later(self.limits.stall, self._drop)

    def resume_writing(self) -> None:
        super().resume_writing()
        if self._stall is not None:
            self._stall.cancel()
            self._stall = None

    # -- deadlines

    def _follow(self) -> None:
        """Set the deadline for what the connection waits for now."""
        if self.transport.is_closing():
            self._cancel()
            return
        state = self.conn.their_state
        if state is h11.IDLE and (self.cycle is None or self.cycle.response_complete):
            if self.conn.trailing_data[0]:  # part of a request head
                if self._phase != "head":
                    self._arm("head", self.limits.head)
            elif self._phase != "idle":  # nothing yet: uvicorn's keep-alive timeout applies
                self._cancel()
                self._phase = "idle"
                self._since = self.loop.time()
        elif state is h11.SEND_BODY:
            if self._phase != "body":
                self._arm("body", self.limits.body)
        else:  # the request is in: the app answers
            self._cancel()

    def _arm(self, phase: str, seconds: float) -> None:
        self._cancel()
        self._phase = phase
        self._since = self.loop.time()
        self._deadline = self.loop.call_later(seconds, self._expired)

    def _cancel(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None
        self._phase = ""

    def _expired(self) -> None:
        """Too slow: a 408 to a client that sent part of a request (none to one that sent nothing:
        a browser may keep a spare connection open unused), then the connection is closed."""
        self._deadline = None
        if self._phase == "head":
            say = bool(self.conn.trailing_data[0])
        else:  # the body: unless the app has begun its answer already
            say = self.cycle is not None and not self.cycle.response_started
        if say and not self.transport.is_closing():
            self.transport.write(_TIMEOUT)
        self._drop()

    def _drop(self) -> None:
        self._stall = None
        if not self.transport.is_closing():
            with contextlib.suppress(h11.LocalProtocolError):
                self.conn.send(h11.ConnectionClosed())
            self.transport.close()

    # -- limits

    def _waiting(self) -> int | None:
        """How readily this connection gives way to a new one: 0 idle or half a head, 1 half a
        body; None while the app answers it (never dropped)."""
        if self.transport is None or self.transport.is_closing():
            return None
        return {"idle": 0, "head": 0, "body": 1}.get(self._phase)

    def _make_room(self) -> bool:
        """Close the longest-waiting connection of this address (or of all) when this one is over
        the limit; False when none can give way."""
        for same_address in (True, False):
            pool = [
                c
                for c in self.connections
                if c is not self
                and isinstance(c, GuardedH11Protocol)
                and not c.transport.is_closing()
                and (c._group == self._group or not same_address)
            ]
            if len(pool) < (self.limits.per_client if same_address else self.limits.total):
                continue
            ready = [c for c in pool if c._waiting() is not None]
            if not ready:
                return False
            victim = min(ready, key=lambda c: (c._waiting(), c._since))
            victim._refuse()  # told to come back (503, Retry-After), not reset: its request may be on the way
        return True

    def _refuse(self) -> None:
        self._cancel()
        head = (
            "HTTP/1.1 503 Service Unavailable\r\ncontent-type: text/plain; charset=utf-8\r\n"
            f"content-length: {len(_BUSY)}\r\nretry-after: 5\r\nconnection: close\r\n\r\n"
        )
        if not self.transport.is_closing():
            self.transport.write(head.encode("ascii") + _BUSY)
        self._drop()


def protocol_for(limits: Limits) -> type[GuardedH11Protocol]:
    """The protocol class for uvicorn's ``Config(http=...)`` with these limits."""
    if limits == GuardedH11Protocol.limits:
        return GuardedH11Protocol

    class Limited(GuardedH11Protocol):
        pass

    Limited.limits = limits
    return Limited
