"""Build a list by its board, as a player clicks: the same steps the Chromium benchmark
(``bench/bench_builder.py``) takes in the browser, without one.

A plan is a list of steps, each naming a control by its label (what the builder shows a screen
reader, :attr:`armybuilder.compose.board.Control.label`):

- ``("click", LABEL)``: a button or a toggle (an edit), or a control that chooses the row the
  catalog adds to (``focus``);
- ``("type", LABEL, VALUE)``: a typed control (a name, a number), then Enter;
- ``("choose", LABEL, VALUE)``: a choice control, the option whose value is VALUE.

Clicks are counted as a person makes them: a button, a toggle or a segmented choice (at most
:data:`SEGMENTED` options) is one click; a drop-down choice is two (open it, pick); a typed value
is one click (into the field) and its characters plus Enter as keystrokes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from armybuilder.compose.board import BUTTON, CHOICE, NUMBER, TEXT, TOGGLE, Board, Control
from armybuilder.edit.engine import run_edit, run_new
from armybuilder.edit.offer import board_for
from armybuilder.outcome import ExitCode

SEGMENTED = 4  # a choice of at most this many options is drawn as buttons side by side


class PlanError(AssertionError):
    pass


@dataclass
class Driver:
    path: Path
    focus: str | None = None
    clicks: int = 0
    keys: int = 0
    said: list[str] = field(default_factory=list)

    @classmethod
    def new(cls, path: Path, system: str, name: str = "My army", points: float | None = None) -> Driver:
        out = run_new(system, path, name, points, False)
        if out.code == ExitCode.USAGE:
            raise PlanError(f"new list refused: {out.stderr}")
        return cls(path)

    def board(self) -> Board:
        made, _ = board_for(self.path, self.focus)
        if made is None:
            raise PlanError(f"{self.path}: no board")
        return made

    def control(self, label: str) -> Control:
        found = [c for c in self.board().controls() if c.label == label]
        if not found:
            known = sorted({c.label for c in self.board().controls()})
            raise PlanError(f"no control labelled {label!r}; there are: {known}")
        return found[0]

    def _run(self, edit: Any) -> None:
        out = run_edit(self.path, edit.verb, edit.part, list(edit.words))
        if out.code == ExitCode.USAGE:
            raise PlanError(f"{edit} refused: {out.stderr}")
        self.said.append(out.stdout if isinstance(out.stdout, str) else "")

    def click(self, label: str) -> None:
        c = self.control(label)
        if not c.enabled:
            raise PlanError(f"{label!r} is disabled: {c.why_not}")
        self.clicks += 1
        if c.focus is not None and c.edit is None:
            self.focus = c.focus
            return
        if c.kind not in (BUTTON, TOGGLE) or c.edit is None:
            raise PlanError(f"{label!r} is a {c.kind}, not a button")
        self._run(c.edit)

    def type(self, label: str, value: str) -> None:
        c = self.control(label)
        if c.kind not in (TEXT, NUMBER) or c.edit is None or not c.enabled:
            raise PlanError(f"{label!r} is not a typed control that can be used ({c.kind}, {c.why_not})")
        self.clicks += 1
        self.keys += len(value) + 1
        self._run(c.edit.with_value(value))

    def choose(self, label: str, value: str) -> None:
        c = self.control(label)
        if c.kind != CHOICE:
            raise PlanError(f"{label!r} is a {c.kind}, not a choice")
        option = next((o for o in c.options if o.value == value), None)
        if option is None:
            raise PlanError(f"{label!r} has no option {value!r}: {[o.value for o in c.options]}")
        if option.edit is None or option.why_not:
            raise PlanError(f"{label!r}: {value!r} cannot be chosen: {option.why_not or 'it is the current value'}")
        self.clicks += 1 if len(c.options) <= SEGMENTED else 2
        self._run(option.edit)

    def play(self, plan: list[tuple[str, ...]]) -> None:
        for step in plan:
            verb, *args = step
            getattr(self, verb)(*args)


def parts(doc: Any) -> int:
    """How many parts a list has, as a player counts what they added: every entry of a sequence
    (a class, a card, a unit, a region, an ability), every key of a mapping of counts (a faction's
    tokens), and every list-level setting but the system, the data version, the name, the player
    and the note; nested entries count too (the cards on a class)."""
    skip = {"system", "data_version", "name", "player", "note"}

    def inner(value: Any) -> int:
        if isinstance(value, list):
            return sum(1 + inner(v) for v in value)
        if isinstance(value, dict):
            return sum(inner(v) for v in value.values())
        return 0

    total = 0
    for key, value in doc.items():
        if key in skip:
            continue
        if isinstance(value, list):
            total += inner(value)
        elif isinstance(value, dict):
            total += sum(1 + inner(v) if not isinstance(v, (dict, list)) else inner(v) for v in value.values())
        else:
            total += 1
    return total


def same_list(a: Any, b: Any) -> bool:
    """Whether two lists are the same list, their data versions aside (as the fingerprint sees them)."""
    from armybuilder.fingerprint import of_data

    def bare(d: Any) -> Any:
        return {k: v for k, v in d.items() if k != "data_version"}

    return bool(of_data(bare(a)) == of_data(bare(b)))


@dataclass(frozen=True)
class Plan:
    """How a player builds a bundled example from a new, empty list: the new list's system and
    name are the example's; ``points`` is the army size typed when the list is made (None: the
    system's default, or a system without a points limit); then the steps."""

    example: str  # its path under examples/: "fantasy-triumph/greenwood-host.yaml"
    steps: tuple[tuple[str, ...], ...]
    points: float | None = None


EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def example_data(plan: Plan) -> dict[str, Any]:
    from armybuilder.yamlio import load_file

    data: dict[str, Any] = load_file(EXAMPLES / plan.example).data
    return data


def build(plan: Plan, folder: Path) -> Driver:
    """The plan played in ``folder``: a driver whose file should now hold the example's list."""
    target = example_data(plan)
    d = Driver.new(folder / Path(plan.example).name, target["system"], target["name"], plan.points)
    d.play(list(plan.steps))
    return d


def every_plan() -> list[Plan]:
    """The plans of every system (``tests/builder/plans/*.py``, each a ``PLANS`` list)."""
    import importlib
    import pkgutil

    from tests.builder import plans

    out: list[Plan] = []
    for info in sorted(pkgutil.iter_modules(plans.__path__), key=lambda m: m.name):
        out += importlib.import_module(f"tests.builder.plans.{info.name}").PLANS
    return out
