"""armybuilder failed while checking this list (an internal error, or the file could not be read).
In a tournament run the list counts as illegal and the run goes on. Please report the message.
"""

from armybuilder.codes import rule_finding
from armybuilder.findings import Finding, Severity

CODE = "EVT090"
NAME = "check-failed"
SEVERITY = Severity.ERROR
RULE = "armybuilder"


def finding(message: str) -> Finding:
    """The finding on a list whose check failed: it cites the list itself, at its first line."""
    f = rule_finding(__name__, message)
    f.line, f.column = 1, 1
    return f
