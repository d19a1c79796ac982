"""Toy Skirmish's rules: one module per finding code, in this explicit registry."""

from . import over_limit, unknown_unit

REGISTRY = [unknown_unit, over_limit]
ALL = REGISTRY
