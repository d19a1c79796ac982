"""More heroes than an army may have.

At most three heroes (army construction rules; unverified default).
"""

from armybuilder.findings import Severity

from ._base import finding

CODE = "FTR023"
NAME = "too-many-heroes"
SEVERITY = Severity.ERROR
RULE = "army construction"


def check(army):
    cap = army.cat.rule_value("max_heroes")
    if len(army.heroes) > cap:
        yield finding(__name__, f"the army has {len(army.heroes)} heroes; at most {cap}", army.heroes[cap].path)
