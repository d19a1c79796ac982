"""``armybuilder collect PACK``: an event's submission desk, the engine side.

Players send their lists to the desk before a deadline; each list is checked against the event
pack at once (:func:`armybuilder.check.check` with the pack, as ``tournament`` checks it), and
taken even when it is illegal, so that its player can fix it. The organiser locks and unlocks
players or the whole event, moves the deadline, reveals the lists, and exports them as files for
``armybuilder tournament PACK FOLDER``. The pages and the JSON API are
:mod:`armybuilder.web.desk`; the export command is :mod:`armybuilder.commands.collect`. This
package holds the engine, and re-exports what its users import:

- :mod:`.db`: the SQLite file, its migrations, a connection for each thread and the writer thread;
- :mod:`.store`: :class:`Desk`, every operation on the lists and the organiser's settings;
- :mod:`.model`: the records (a version, a submission, a receipt, the state), refusals and times;
- :mod:`.naming`: players' names and their keys, tokens and idempotency keys, file names;
- :mod:`.uploads`: the list an uploaded file holds.

Storage
    One SQLite file (the standard library's ``sqlite3``) in WAL mode with ``synchronous=FULL``:
    a list is "taken" only once its transaction has committed, and a committed transaction
    survives a killed process (and, with FULL, a power loss). Each thread has its own connection
    (:class:`Desk` keeps them), with a busy timeout; writes take turns under one lock and
    ``BEGIN IMMEDIATE``. The schema's version is ``PRAGMA user_version`` (:data:`SCHEMA_VERSION`,
    migrated forward by :data:`MIGRATIONS` when an older file is opened; a newer one is refused)
    and the file is marked as a desk by ``PRAGMA application_id``. Every version of every list is
    a row of ``versions`` (its time, text, fingerprint and verdict), which triggers keep
    append-only; so is ``actions``, what the organiser did. An edit token is stored only as its
    SHA-256. :meth:`Desk.backup` copies the live file (``Connection.backup``).

What is taken
    ``{"player": NAME, "list": TEXT}``: TEXT is a list's YAML or its share code (a roster file
    becomes YAML on the way in, :func:`list_of_upload`). Refused with nothing stored (422): no
    player, a player's name with control characters or over :data:`MAX_PLAYER` characters, a
    name another submission has, text that is not a list, an event pack, a list of a system the
    pack does not play; text over :data:`MAX_LIST_BYTES` is 413. After the deadline, while the
    event or the player is locked, once the lists are revealed, or when the desk is full: 423.

Retries
    A sending may carry a key only its sender holds (:func:`idempotency_key`: a script's
    ``Idempotency-Key`` header, the hidden key of the page's form). The key's hash is kept with
    the submission it made, and with the digest of what that sending said (its player's name and
    list): the same key with the same body is a retry and gets the first receipt and private link
    again, whatever the desk's state since; the key with another body is refused. Nothing a body
    says makes it a retry: the same name and list without the key is a name taken.

Verdicts
    A version keeps the verdict it was given (and the digest of the pack it was checked against);
    when the desk runs with another pack than a version was checked with, the version is checked
    again for what the pages and the API show. The status is ``tournament``'s:
    ``legal``, ``illegal`` or ``broken`` (a list of a system the event plays whose shape is wrong).
"""

from __future__ import annotations

from armybuilder.desk.db import MIGRATIONS, SCHEMA_VERSION
from armybuilder.desk.naming import clean_player, file_names, idempotency_key, player_key, safe_stem, same_secret
from armybuilder.desk.records import (
    MAX_LIST_BYTES,
    MAX_PLAYER,
    Checked,
    DeskError,
    Refusal,
    State,
    Submission,
    Taken,
    Verdict,
    Version,
    parse_when,
    shown_time,
    stamp,
    unstamp,
)
from armybuilder.desk.store import MAX_VERSIONS, Desk, default_db, open_desk, rules_lines
from armybuilder.desk.uploads import list_of_upload

__all__ = [
    "MAX_LIST_BYTES",
    "MAX_PLAYER",
    "MAX_VERSIONS",
    "MIGRATIONS",
    "SCHEMA_VERSION",
    "Checked",
    "Desk",
    "DeskError",
    "Refusal",
    "State",
    "Submission",
    "Taken",
    "Verdict",
    "Version",
    "clean_player",
    "default_db",
    "file_names",
    "idempotency_key",
    "list_of_upload",
    "open_desk",
    "parse_when",
    "player_key",
    "rules_lines",
    "safe_stem",
    "same_secret",
    "shown_time",
    "stamp",
    "unstamp",
]
