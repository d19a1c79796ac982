"""A list someone shared, read from its share code: the page a share link opens.

``GET /shared?code=AB1.…`` (the static site opens ``SITE/#AB1.…`` as this page): the list as a
roster to read (its verdict, its total, its findings and what every part costs), with "Save to my
lists", which imports it as the lists page's Import does. Nothing is written until then. A list
already in the folder (the same fingerprint: :func:`armybuilder.web.sharing.saved_as`) is not
offered to save again: the page says so and opens it. A code that cannot be read says why, with
a field to paste it again. On a phone each part of the roster is a column of cards, not a table
cut off at the right (``static/share.css``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from armybuilder.web.files import Folder


def model(code: str, folder: Folder | None = None) -> dict[str, Any]:
    """What the page shows for ``code`` (``problem`` set when it holds no list); ``saved_as``: the
    list of ``folder`` that is this list, if one."""
    from armybuilder import systems
    from armybuilder.check import check_text
    from armybuilder.sharecode import ShareCodeError, decode
    from armybuilder.sources import to_yaml
    from armybuilder.web.listpage import measure_line
    from armybuilder.web.sharing import saved_as

    given = "".join(code.split())
    if not given:
        return {"code": "", "problem": None}
    try:
        data = decode(given)
    except ShareCodeError as exc:
        return {"code": given, "problem": f"The share code cannot be read: {exc.message}."}
    if not isinstance(data, dict):
        return {"code": given, "problem": "The share code holds no list."}
    # Checked as its file would be (the text read back by the same safe reader); nothing is written.
    result = check_text(to_yaml(data, ordered=True), "shared.yaml")
    system = result.system
    known = system is not None and system in systems.ids()
    total, left = measure_line(result)
    return {
        "code": given,
        "problem": None,
        "result": result,
        "name": result.name or "A shared list",
        "title": systems.get(system).title if known and system else None,
        "total": total,
        "left": left,
        "findings": result.sorted_findings(),
        "sections": result.sections,
        "saved_as": saved_as(folder, given) if folder is not None else None,
    }
