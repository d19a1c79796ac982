"""The desk's app: its routes (listed in :mod:`armybuilder.web.desk`) behind the Guard, and the
builder over the drafts beside them."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from starlette.applications import Starlette
from starlette.middleware.body_limit import RequestBodyLimitMiddleware
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from armybuilder.desk import Desk
from armybuilder.web.builder import make_app
from armybuilder.web.desk.api import api_all, api_lists, api_one, api_replace, api_reveal, api_submit
from armybuilder.web.desk.common import CREATIONS_PER_MINUTE, DeskState, Limiter
from armybuilder.web.desk.downloads import download
from armybuilder.web.desk.organiser import organiser_act, organiser_one, organiser_page, poster
from armybuilder.web.desk.players import DRAFT_STALE, build, clean_drafts, mine, players, public_lists, replace, submit
from armybuilder.web.files import Folder
from armybuilder.web.guard import Guard, allowed_hosts
from armybuilder.web.toolkit import HERE, State, environment

if TYPE_CHECKING:  # pragma: no cover
    from starlette.types import Receive, Scope, Send

BUILDER_PATHS = ("/list/", "/act/", "/undo/", "/redo/", "/roster/", "/explain/")
ALLOW_HINT = "armybuilder collect PACK --allow-host NAME"
"""What the desk's 421 answer tells the organiser to run to add a name (issue 46, item 15: it
said ``serve``, the builder's command)."""


class DeskApp:
    """The desk and, under :data:`BUILDER_PATHS`, the builder over the drafts; each behind its own
    Guard (one answer, one set of security headers)."""

    def __init__(self, desk_app: Starlette, builder: Starlette):
        self.desk_app = desk_app
        self.builder = builder
        self.state = desk_app.state

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and str(scope.get("path", "")).startswith(BUILDER_PATHS):
            await self.builder(scope, receive, send)
        else:
            await self.desk_app(scope, receive, send)


def drafts_folder(db: Path) -> Path:
    """Where the lists built in the desk's builder are kept: beside the database."""
    return db.with_name(db.name + "-drafts")


def make_desk_app(
    desk: Desk,
    host: str = "127.0.0.1",
    organiser: str | None = None,
    allow: Sequence[str] = (),
    token: str | None = None,
    drafts: Path | None = None,
    per_minute: int = CREATIONS_PER_MINUTE,
    players_url: str | None = None,
) -> DeskApp:
    """The desk's pages and API for ``desk``, bound to ``host`` (answering to the names of
    :func:`armybuilder.web.guard.allowed_hosts`); ``organiser``: the organiser's token (a new
    one when None: ``app.state.desk.organiser``); ``per_minute``: the new lists and drafts one
    address may start in a minute (0: no limit); ``players_url``: the players' link the
    organiser's page shows (and its QR code), by default the address the organiser's browser used."""
    import secrets

    folder = drafts if drafts is not None else drafts_folder(desk.path)  # made with its first draft
    token = token or secrets.token_urlsafe(32)
    hosts = allowed_hosts(host, allow)
    routes = [
        Route("/", players, methods=["GET"]),
        Route("/submit", submit, methods=["POST"]),
        Route("/build", build, methods=["POST"]),
        Route("/mine/{sid}", mine, methods=["GET"]),
        Route("/mine/{sid}", replace, methods=["POST"]),
        Route("/lists", public_lists, methods=["GET"]),
        Route("/organiser", organiser_page, methods=["GET"]),
        Route("/organiser/s/{sid}", organiser_one, methods=["GET"]),
        Route("/organiser/act", organiser_act, methods=["POST"]),
        Route("/organiser/download/{name}", download, methods=["GET"]),
        Route("/organiser/poster.pdf", poster, methods=["GET"]),
        Route("/api/submissions", api_submit, methods=["POST"]),
        Route("/api/submissions", api_all, methods=["GET"]),
        Route("/api/submissions/{sid}", api_one, methods=["GET"]),
        Route("/api/submissions/{sid}", api_replace, methods=["PUT"]),
        Route("/api/reveal", api_reveal, methods=["POST"]),
        Route("/api/lists", api_lists, methods=["GET"]),
        Mount("/static", StaticFiles(directory=HERE / "static"), name="static"),
    ]
    app = Starlette(routes=routes)
    app.state.builder = State(Folder(folder), token, environment())
    if folder.is_dir():  # drafts nobody touched for a month are gone (a flood's too)
        clean_drafts(folder, DRAFT_STALE)
    app.state.desk = DeskState(
        desk, organiser or secrets.token_urlsafe(24), Folder(folder), Limiter(per_minute), players_url=players_url
    )
    app.add_middleware(RequestBodyLimitMiddleware, max_body_size=2 * 1024 * 1024)
    app.add_middleware(Guard, hosts=hosts, key=None, allow_hint=ALLOW_HINT)
    builder = make_app(folder, "127.0.0.1", token=token, allow=sorted(hosts), pack=desk.pack, allow_hint=ALLOW_HINT)
    return DeskApp(app, builder)
