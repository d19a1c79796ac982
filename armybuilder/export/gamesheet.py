"""A list's game sheet (``armybuilder export LIST --game-sheet``): one page to print for a table
without phones (issue 48). Each part of the list with a box to tick for each stand, token or
unit it can lose; the totals the game starts with (the breaking point); the consequences as the
tracker says them; and the rules that change what a loss counts, each with its section.

The sheet is the game tracker's start (:mod:`armybuilder.games.model`, the system's ``game``
module) laid out on paper: nothing is worked out here that the tracker does not say. The type
is made smaller until it fits one page; a list too long for that is cut with a last line saying
how many parts were left out (the tracker has them all).

reportlab is imported only when a sheet is drawn; it keeps module-level state, so its caller lays
out one PDF at a time.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from armybuilder.compose.game import Cite, Tracker
    from armybuilder.outcome import Outcome

SCALES = (1.3, 1.15, 1.0, 0.9, 0.8, 0.7, 0.6)  # type sizes times these in turn, until the sheet fits one page
BOX_MAX = 30  # boxes drawn for one part (the rest are counted in words)


def rules_of(tracker: Tracker) -> list[Cite]:
    """The rules the sheet's list meets: those its taps, totals and lines cite, once each, in order."""
    seen: dict[tuple[str, str], Cite] = {}
    for side in tracker.sides:
        cites = [f.rule for f in side.figures] + [ln.rule for ln in side.lines]
        cites += [a.rule for a in side.actions] + [r.rule for r in side.rows]
        cites += [a.rule for r in side.rows for a in r.actions]
        for c in cites:
            if c is not None and c.text and c.rule != "your note" and (c.rule, c.text) not in seen:
                seen[(c.rule, c.text)] = c
    return list(seen.values())


def render(title: str, system: str, tracker: Tracker, paper: str = "a4") -> bytes:
    """The sheet of a one-sided tracker at its start."""
    from reportlab.lib.pagesizes import A4, LETTER
    from reportlab.lib.units import mm
    from reportlab.pdfgen import canvas

    from armybuilder.export.pdf import GRID, draw_text, fonts, split_lines
    from armybuilder.games.report import cite
    from armybuilder.text import one_line

    regular, bold, _ = fonts()
    size = LETTER if paper == "letter" else A4
    width, height = size
    left, right, top, bottom = 15 * mm, width - 15 * mm, height - 15 * mm, 15 * mm
    side = tracker.sides[0]
    rules = rules_of(tracker)

    def draw(scale: float, c: canvas.Canvas | None) -> bool:
        """Lay the sheet out at ``scale``; on ``c`` when given. Whether it fits the page."""
        y = top
        body, small, head = 10 * scale, 8 * scale, 15 * scale
        box = 4.2 * mm * scale

        def text(line: str, font: str, sz: float, x: float = left, w: float | None = None) -> None:
            nonlocal y
            for part in split_lines(one_line(line), font, sz, (w or right - x)):
                if c is not None:
                    c.setFont(font, sz)
                    draw_text(c, x, y - sz, part, font, sz)
                y -= sz * 1.3

        text(f"{title}: game sheet", bold, head)
        boxed = any(r.boxes for r in side.rows)
        how = "tick a box for each loss" if boxed else "write down each turn's counts"
        text(f"{system} · {how}; the rules below change what counts", regular, body)
        y -= 2 * mm * scale
        figures = side.figures
        cited = {f.rule for f in figures}
        shared = cite(figures[0].rule) if figures and len(cited) == 1 else ""
        text(
            " · ".join(f"{f.label}: {f.value}" + ("" if shared else cite(f.rule)) for f in figures) + shared,
            bold,
            body,
        )
        for ln in side.lines:
            text(f"{ln.text}{cite(ln.rule)}", regular, body)
        if figures:
            text(f"{figures[0].label} as it goes: " + "   ".join(["______"] * 6), regular, body)
        y -= 2 * mm * scale
        for row in side.rows:
            top_of_row = y
            label_w = (right - left) * 0.45
            text(row.label, bold, body, left, label_w)
            details = " · ".join(x for x in (row.subtitle, row.state) if x)
            if details:
                text(details, regular, small, left, label_w)
            boxes = min(row.boxes, BOX_MAX)
            if c is not None and boxes:
                c.setStrokeColor(GRID)
                c.setLineWidth(0.8)
                per_line = max(1, int((right - left - label_w - 2 * mm) // (box + 1.5 * mm)))
                for i in range(boxes):
                    bx = left + label_w + 2 * mm + (i % per_line) * (box + 1.5 * mm)
                    by = top_of_row - box - (i // per_line) * (box + 1.5 * mm) - 1
                    c.rect(bx, by, box, box, stroke=1, fill=0)
                c.setStrokeColor("#000000")
            rows_of_boxes = -(-boxes // max(1, int((right - left - label_w - 2 * mm) // (box + 1.5 * mm))))
            y = min(y, top_of_row - rows_of_boxes * (box + 1.5 * mm) - 1)
            if row.boxes > BOX_MAX:
                text(f"(and {row.boxes - BOX_MAX} more)", regular, small, left, label_w)
            y -= 1.5 * mm * scale
            if c is not None:
                c.setStrokeColor(GRID)
                c.setLineWidth(0.3)
                c.line(left, y + 0.75 * mm * scale, right, y + 0.75 * mm * scale)
                c.setStrokeColor("#000000")
        numbers = [a for a in side.actions if a.number]
        if numbers:
            y -= 2 * mm * scale
        if numbers:
            heads = ["", *[a.face for a in numbers], *[f.label for f in figures[:1]]]
            col = (right - left) / len(heads)
            cell = body * 1.6
            for n in range(13):
                for i, heading in enumerate(heads):
                    cx = left + i * col
                    if c is not None:
                        c.setStrokeColor(GRID)
                        c.setLineWidth(0.5)
                        c.rect(cx, y - cell, col, cell, stroke=1, fill=0)
                        caption = heading if n == 0 else (str(n) if i == 0 else "")
                        if caption:
                            c.setFillColor("#000000")
                            c.setFont(bold if n == 0 else regular, small)
                            draw_text(
                                c,
                                cx + 1.5 * mm,
                                y - cell + (cell - small) / 2 + 1,
                                one_line(caption)[:40],
                                bold if n == 0 else regular,
                                small,
                            )
                        c.setStrokeColor("#000000")
                y -= cell
        also = [a.label for a in side.actions if a.key != "note" and not a.number]
        if also:
            y -= 1 * mm * scale
            text("Also: " + "; ".join(also), regular, small)
        y -= 3 * mm * scale
        text("The rules that change what counts", bold, body)
        for r in rules:
            mark = ", unverified" if r.unverified and "unverified" not in r.rule else ""
            text(f"{r.rule}{mark}: {r.text}", regular, small)
        text("Made by armybuilder from the list; a game tracked on a phone says the same.", regular, small * 0.9)
        return y >= bottom

    chosen = next((s for s in SCALES if draw(s, None)), SCALES[-1])
    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=size, invariant=1)
    c.setTitle(f"{title}: game sheet")
    draw(chosen, c)
    c.showPage()
    c.save()
    return buf.getvalue()


def run(
    file: str | Path, output: str | None, paper: str = "a4", force: bool = False, stdout_is_tty: bool = False
) -> Outcome:
    """``export LIST --game-sheet``: the sheet written beside the list (``LIST.sheet.pdf``) or at
    ``output`` (``-``: stdout, into a pipe). Exit 0 written, 1 written for an invalid list, 2 nothing written."""
    from armybuilder.fsutil import OverwriteRefused, atomic_write, cannot_write
    from armybuilder.games import model, store
    from armybuilder.outcome import ExitCode, Outcome
    from armybuilder.text import one_line

    shown = one_line(file)
    if output is None:
        output = str(Path(file).with_suffix(".sheet.pdf"))
    to_stdout = output == "-"
    if to_stdout and stdout_is_tty:
        return Outcome.usage("armybuilder export: a PDF is not written to a terminal; give -o FILE or pipe the output")
    if not to_stdout:
        refused = cannot_write(output, force)
        if refused is not None:
            return Outcome.usage(f"armybuilder export: {refused}")
    try:
        player = store.player_of_file(file)
        system = str(player.data.get("system"))
        game = model.begin([player], system)
        tracker = model.tracker(game)
    except model.GameError as exc:
        return Outcome.usage(f"armybuilder export: --game-sheet: {one_line(exc.message)}")
    from armybuilder.check import check_path

    valid = check_path(file).valid
    from armybuilder import systems

    data = render(player.name, systems.get(system).title, tracker, paper)
    messages = [] if valid else [f"{shown}: INVALID; the sheet is of the list as it is"]
    code = ExitCode.of(valid)
    if to_stdout:
        return Outcome(data, messages, code)
    try:
        atomic_write(output, data, force=force)
    except OverwriteRefused as exc:
        return Outcome.usage(f"armybuilder export: {exc}")
    except OSError as exc:
        return Outcome.usage(f"armybuilder export: cannot write {output}: {exc.strerror or exc}")
    messages.append(f"wrote {output} (game sheet, {'Letter' if paper == 'letter' else 'A4'})")
    return Outcome(b"", messages, code)
