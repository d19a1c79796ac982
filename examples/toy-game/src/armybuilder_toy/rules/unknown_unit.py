"""A unit the Toy Skirmish data does not have.

Every unit of a warband must be one of the units in ``units.yaml``.
"""

from armybuilder.codes import rule_finding
from armybuilder.findings import Severity

CODE = "TOY001"
NAME = "unknown-unit"
SEVERITY = Severity.ERROR
RULE = "Toy 1"


def check(band):
    for name, _, path in band.entries:
        if band.cost(name) is None:
            yield rule_finding(__name__, f"unknown unit '{name}'", path)
