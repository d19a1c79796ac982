"""Sharing a list from its page: the link that opens it for anyone, its QR code, the list as text
for a chat (issue 46, item 10); and a shared list saved twice (item 11).

- **The link.** In the static site, the site's own address with the share code in the fragment
  (``SITE/#AB1.…``, as ``armybuilder share LIST --link SITE`` makes it: the site opens it as the
  shared list's page, and no server ever sees the list). The worker tells the app the site's
  address (:func:`armybuilder.web.site.worker.start`, ``app.state.share_base``). In ``serve``, the
  served builder's own page of a shared list (``/shared?code=AB1.…``) at the address the player
  reached it by: the builder already opens a list from its code, and a link to a site the builder
  does not know of could open nothing.
- **The QR code** of that link is drawn here, on the server, as an SVG in the page
  (:func:`armybuilder.export.qr.link_svg`): it shows without JavaScript.
- **The text** is what ``armybuilder export --to text`` writes.

The list page carries only a small Share section (the Share button and a link to the share page,
``/share/NAME``): the QR code is drawn when the share page is asked for, never with every change
of the list (it cost 57 to 65 ms a change with segno's choice of mask, measured on the
Greenwood Host's 510-character link).

A list saved from a link when the same list is already in the folder (the same fingerprint) is not
saved again: :func:`saved_as` finds it, and the player is taken to it.
"""

from __future__ import annotations

import urllib.parse
from typing import TYPE_CHECKING, Any

from markupsafe import Markup

if TYPE_CHECKING:  # pragma: no cover
    from starlette.requests import Request

    from armybuilder.web.files import Folder

QR_TITLE = "QR code of the list's link"


def saved_as(folder: Folder, code: str) -> str | None:
    """The list in ``folder`` that is the list ``code`` holds (the same fingerprint: the same
    list, name and all), if one; None when there is none or the code holds no list."""
    from armybuilder.check import headline
    from armybuilder.fingerprint import CanonicalError, of_data
    from armybuilder.sharecode import ShareCodeError, decode

    try:
        data = decode("".join(code.split()))
        wanted = of_data(data) if isinstance(data, dict) else None
    except (ShareCodeError, CanonicalError):
        return None
    if wanted is None:
        return None
    title = data.get("name")
    lists, _ = folder.scan()
    for found in lists:
        try:
            head = headline(found.path)
        except OSError:
            continue
        doc = head.document
        # Only a list of the same name can be the same list (its name is in its fingerprint).
        if not isinstance(doc, dict) or doc.get("name") != title:
            continue
        try:
            if of_data(doc) == wanted:
                return found.name
        except CanonicalError:
            continue
    return None


def base_of(request: Request) -> str:
    """Where a share link starts: the site's address (the site), or this builder's page of a
    shared list at the address the page was reached by (``serve``; its Host is on the allow-list)."""
    site = getattr(request.app.state, "share_base", "")
    if isinstance(site, str) and site:
        return site
    root = str(request.base_url)
    return root.rstrip("/") + "/shared?code="


def link_of(base: str, code: str) -> str:
    """The share link of ``code``: ``base`` a site's address (the code in the fragment, as
    ``share --link`` makes it) or a builder's ``/shared?code=``."""
    from armybuilder.sharecode import link

    if base.endswith("?code="):
        return base + urllib.parse.quote(code, safe=".-_~")
    return link(base, code)


def qr_of(url: str) -> Markup:
    """The QR code of ``url``, an SVG drawn in the page (no script, no file)."""
    from armybuilder.export.qr import link_svg

    svg = link_svg(url, QR_TITLE, border=4, fit=True)
    return Markup(svg.replace("<svg ", f'<svg role="img" aria-label="{QR_TITLE}" class="qr" ', 1))


def where_of(base: str) -> str:
    """Who can open a link that starts with ``base``, in a player's words."""
    if base.endswith("/shared?code="):
        host = urllib.parse.urlsplit(base).hostname or ""
        if host in ("127.0.0.1", "localhost", "::1"):
            return (
                "The link opens the list in this builder, which runs on this computer: a phone across "
                "the table cannot open it. The list as text below goes anywhere."
            )
        return (
            "The link opens the list in this builder: on a device that reaches it and has the "
            "builder's own link (its key). The list as text below goes anywhere."
        )
    return (
        "The link opens the list in any browser, to read and save; the list is in the link "
        "itself, and no server sees it."
    )


def share_model(folder: Folder, name: str, base: str) -> dict[str, Any]:
    """What the share page of the list ``name`` shows: its link, the link's QR code, the list as
    text (``problem`` set, and the rest empty, when the list cannot be shared)."""
    from armybuilder.check import headline
    from armybuilder.fingerprint import CanonicalError
    from armybuilder.sharecode import ShareCodeError, encode

    path = folder.existing(name)
    head = headline(path)
    title = str(head.name or name)
    out: dict[str, Any] = {"name": name, "title": title, "problem": "", "link": "", "qr": "", "text": ""}
    if not isinstance(head.document, dict):
        out["problem"] = "This list cannot be read, so it has no link to share."
        return out
    try:
        code = encode(head.document)
    except CanonicalError as exc:
        out["problem"] = f"This list has no link to share: {exc}."
        return out
    except ShareCodeError as exc:
        out["problem"] = f"This list has no link to share: {exc.message}."
        return out
    link = link_of(base, code)
    out.update(link=link, qr=qr_of(link), text=text_of(path), where=where_of(base))
    return out


def text_of(path: Any) -> Markup:
    """The list as ``armybuilder export --to text`` writes it, for a chat: its lines kept (a page
    prints every other value on one line), each cleaned and escaped as any value a page prints."""
    from armybuilder.export.roster import build
    from armybuilder.export.text import TextExporter
    from armybuilder.web.toolkit import _clean

    roster, _ = build(path)
    return Markup("\n").join(_clean(line) for line in TextExporter().text(roster).split("\n"))
