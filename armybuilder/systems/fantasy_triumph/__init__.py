"""Fantasy Triumph: battle cards FT 24 to FT 62 on the Triumph! troop types.

The cards, troop types, topographies and army rules are data (``data/fantasy-triumph/``).
``system`` builds the army model (``model``), runs the rule modules (``rules``) and lays out the
cost breakdown; ``compose`` edits lists; ``catalog`` shows the data.
"""

from armybuilder.systems import Manifest

MANIFEST = Manifest(
    id="fantasy-triumph",
    list_schema="fantasy-triumph.list",
    measure="points",
    points_limit=True,
    summary="battle cards FT 24 to FT 62: every card's cost, who may take it, caps, army size, stands, heroes, general",
    new_example='host.yaml --name "The Greenwood Host" --points 51',
    explain_example='"Mobile Infantry"',
)
