"""The submission desk of ``armybuilder collect``: the players' pages, the organiser's pages and
the JSON API, over :class:`armybuilder.desk.Desk`.

======  ==============================  ===================================================
GET     ``/``                           the players' page: send a list (a file, pasted YAML,
                                        a share code, or one built in the builder)
POST    ``/submit``                     a new player's list (a form)
POST    ``/build``                      a new list to build in the builder (a draft)
GET     ``/mine/ID?key=TOKEN``          a player's own page: the receipt, the verdict, the
                                        roster, every version; replace the list from it
POST    ``/mine/ID``                    a new version (the form carries the token)
GET     ``/lists``                      every list and roster, once the organiser revealed them
GET     ``/organiser``                  the organiser's page (its link carries the token)
GET     ``/organiser/s/ID``             one submission, every version
POST    ``/organiser/act``              lock, unlock, move the deadline, reveal; late lists,
                                        check-in, the passcode, the registered players;
                                        withdraw, restore, rename, a new link, a paper list,
                                        merge (each kept in the actions log)
GET     ``/organiser/download/NAME``    the lists (zip), the report, the packet, the players'
                                        CSV, Challonge's text, the lists as text, the log, a
                                        backup (``?present=1``: only the players checked in)
GET     ``/organiser/poster.pdf``       the players' poster: the link, its QR code, the passcode
POST    ``/api/submissions``            ``{"player", "list"[, "passcode"]}``: 201, 403, 413,
                                        422, 423, 429, 507; with ``Idempotency-Key: "KEY"`` a
                                        retry (the key, the same body) gets the first answer
                                        again, whatever the desk's state; the key with another
                                        body: 422
PUT     ``/api/submissions/ID``         the same with ``Authorization: Bearer EDIT_TOKEN``: 200
GET     ``/api/submissions/ID``         with its edit token or the organiser's: 200, else 404
GET     ``/api/submissions``            the organiser's: every submission (403 without)
POST    ``/api/reveal``                 the organiser's: reveal the lists (which closes the
                                        desk; before the deadline only with ``?lock_now=1``)
GET     ``/api/lists``                  every latest list and verdict after the reveal (403 before)
======  ==============================  ===================================================

The builder (:func:`armybuilder.web.builder.make_app`) runs beside the desk over a folder of drafts
(``/list/``, ``/act/`` ... as in ``armybuilder serve``): a player who builds a list here gets a
draft with a name nobody can guess, and sends it from the players' page (this device remembers
its drafts in a cookie). The builder's own pages are reached only by a draft's name.

Every request passes the guard of ``serve`` (:mod:`.guard`: the Host allow-list, the security
headers, slow clients dropped by the server's protocol); every form the builder's checks
(:func:`armybuilder.web.toolkit.form_values`: the Origin, the page's token, the size). The players'
pages need no key: anyone who can reach the desk may send a list, unless the organiser set a passcode or
registered the players; one address (an IPv6 client: its /64, as the
connections are counted) may start at most ``--per-minute`` new lists and drafts.
The organiser's pages need the organiser's token: its link sets an HttpOnly, SameSite=Strict
cookie; the API takes it as a Bearer token. Tokens are compared in constant time. Nothing on a
page is in command-line words, and nothing a player typed is shown unescaped (Jinja2's
autoescape, control characters replaced).

The modules: :mod:`.players` (the players' pages, the drafts, the page of every list),
:mod:`.organiser` (the organiser's pages, actions, announcement and poster), :mod:`.downloads`,
:mod:`.api` (the JSON API), :mod:`.common` (the desk's state, the per-client limit, what the pages
share) and :mod:`.app` (the routes, and the builder beside them). The poster's PDF is
:mod:`armybuilder.export.poster`; what this app shares with the builder, :mod:`armybuilder.web.toolkit`.
"""

from armybuilder.web.desk.app import BUILDER_PATHS, DeskApp, drafts_folder, make_desk_app
from armybuilder.web.desk.downloads import DOWNLOADS
from armybuilder.web.desk.players import private_link

__all__ = ["BUILDER_PATHS", "DOWNLOADS", "DeskApp", "drafts_folder", "make_desk_app", "private_link"]
