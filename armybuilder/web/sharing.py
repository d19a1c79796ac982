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

    svg = link_svg(url, QR_TITLE, scale=4, border=4)
    return Markup(svg.replace("<svg ", f'<svg role="img" aria-label="{QR_TITLE}" class="qr" ', 1))


def text_of(path: Any) -> str:
    """The list as ``armybuilder export --to text`` writes it, for a chat."""
    from armybuilder.export.roster import build
    from armybuilder.export.text import TextExporter

    roster, _ = build(path)
    return TextExporter().text(roster)
