"""``armybuilder serve``: a local browser builder on the same engine and the same files.

The pages are rendered on the server (Jinja2, autoescaped) by a small Starlette app
(:mod:`.builder`, on :mod:`.toolkit`), served by uvicorn (:mod:`.server`) behind :mod:`.guard` (the Host and Origin
allow-list, the access key off loopback, slow clients dropped). Nothing here knows a game system:
a list page draws the board its system declares (:mod:`armybuilder.compose.board`;
:mod:`.listpage`), the folder page is a list manager (:mod:`.folderpage`), every change goes
through the edit engine (:func:`armybuilder.edit.engine.run_edit`,
:func:`~armybuilder.edit.engine.run_new`), the cost and findings come from
:func:`armybuilder.check.check_path`, the rosters from :mod:`armybuilder.export`. Only regular
files inside the served folder are read or written (:mod:`.files`).

The submission desk of ``armybuilder collect`` (:mod:`.desk`) is served the same way, over
:mod:`armybuilder.desk`, with the builder beside it for the lists players build there.

The web stack (Starlette, uvicorn, Jinja2) is imported only by this package, and this package
only by the ``serve`` and ``collect`` commands: no other command pays for it.
"""
