"""A name in the event pack's `ban`, `limit` or `require` that the game system does not know, so
the rule would check nothing: usually a typo (`Spellblst`, `Illusions`, `stand`). Every name must
be one the system's data gives (cards, troop types, factions, races, units, heroes) or a total it
counts (`stands`, `heroes`, `tokens`, `units`... and what its lists are measured in: `points`);
`min_`/`max_` take totals only. `ban` also takes the names a list gives itself (a class or a hero
the player names), unless the name is a near miss of a data name. `require.settings` keys are
top-level keys of the system's list format, and a value the format fixes must be one it allows.
In a pack for several systems, a rule at the top must name something one of them knows. The
finding cites the pack's line and suggests the nearest name. Exit code 2: no list is checked.
"""

from armybuilder.findings import Severity

CODE = "EVT003"
NAME = "unknown-name"
SEVERITY = Severity.ERROR
RULE = "event pack"

# Checked when the pack is read (armybuilder.events.names.resolve), not against a list.
