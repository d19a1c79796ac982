"""Token Terrors: Battlegrounds (system id ``token-terrors``).

A list file is an army (``tokens``: each faction with its number of tokens) or a draft record
(``draft``: two players and their picks in order). The rules are data (``data/token-terrors/``);
``system`` checks (``model``, one module per finding code in ``rules``, the breakdown in
``report``); ``matchup`` sets two armies against each other (the ``matchup`` command, added by
``cli``); ``compose`` edits lists; ``catalog`` shows the data.
"""

from armybuilder.systems import Manifest

MANIFEST = Manifest(
    id="token-terrors",
    list_schema="token-terrors.list",
    measure="slots",
    summary="the 10-token army, a whole draft, matchups, Terrible Tactics and Gruesome Grudges",
    new_example="muster.yaml",
    explain_example="Goblins",
    commands=("armybuilder.systems.token_terrors.cli",),
)
