"""The event is played on another data version of the game than the one armybuilder has
(`armybuilder systems` shows it). The list is checked with armybuilder's data, so the verdict
may differ from the event's rules: update armybuilder or the pack.
"""

from armybuilder.findings import Severity

CODE = "EVT017"
NAME = "data-version-mismatch"
SEVERITY = Severity.WARNING
RULE = "event pack"


def check(ctx):
    if not ctx.checkable:
        return
    rules, system = ctx.rules, ctx.system
    if rules.data_version is not None and rules.data_version != system.data_version:
        yield ctx.finding(
            CODE,
            f"{ctx.event} is played on {system.id} data version {rules.data_version}; "
            f"armybuilder has version {system.data_version}, so its verdict may not match the "
            "event's rules",
            rules.data_version_path,
        )
