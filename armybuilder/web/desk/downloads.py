"""The organiser's downloads: the lists (a zip, as ``collect --export`` writes them), the reports
and the packet of a tournament run over them, the files for the pairing tools, the log and a
backup of the database."""

from __future__ import annotations

import io
import re
import tempfile
import zipfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import Response

from armybuilder.desk import Desk, DeskError, Refusal, Submission, stamp
from armybuilder.text import md, plural
from armybuilder.web.desk.common import (
    action_words,
    desk_state,
    is_organiser,
    message_page,
    one_line,
    organiser_refusal,
    said_of,
    slug,
    system_title,
)
from armybuilder.web.toolkit import PDF_LOCK, in_thread

DOWNLOADS = {  # name: (media type, the button's words, what it is)
    "lists.zip": ("application/zip", "The lists (zip)", "every player's latest list, one file each"),
    "report.md": ("text/markdown; charset=utf-8", "Report (Markdown)", "every verdict, for a web page or a forum"),
    "report.csv": ("text/csv; charset=utf-8", "Report (CSV)", "every verdict, for a spreadsheet"),
    "report.json": ("application/json", "Report (JSON)", "every verdict, for a script"),
    "report.xml": ("application/xml", "Report (JUnit XML)", "every verdict, for a test dashboard"),
    "packet.pdf": ("application/pdf", "Packet (PDF)", "a summary page, then every list on pages of its own"),
    "desk.sqlite": ("application/vnd.sqlite3", "Backup", "a copy of the desk's database, made while it runs"),
    "roster.csv": (
        "text/csv; charset=utf-8",
        "Players (CSV)",
        "one row a player: e-mail, game, list, verdict, fingerprint, times, late, checked in",
    ),
    "challonge.txt": ("text/plain; charset=utf-8", "Challonge (text)", "Name, e-mail a line: Challonge's bulk add"),
    "lists-text.csv": (
        "text/csv; charset=utf-8",
        "Lists as text (CSV)",
        "each player's list as plain text, to paste into Best Coast Pairings or Longshanks",
    ),
    "log.csv": ("text/csv; charset=utf-8", "The log (CSV)", "everything the organiser did, with its time"),
}
PRESENT_ONLY = (
    "lists.zip",
    "report.md",
    "report.csv",
    "report.json",
    "report.xml",
    "packet.pdf",
    "roster.csv",
    "challonge.txt",
    "lists-text.csv",
)  # downloads that can leave out the players not checked in


def _exported(desk: Desk, tmp: Path, present: bool = False) -> tuple[Any, Path]:
    """The lists written into ``tmp``, and the tournament run over that folder (as
    ``armybuilder tournament PACK FOLDER`` runs it), each list named by its player as the desk
    knows them (not by the list's own ``player:``, which its sender wrote, nor its file's name)."""
    from armybuilder.events.standings import run
    from armybuilder.lists import discover

    folder = tmp / "lists"
    names = {path.name: sub.player for sub, path in desk.export(folder, present=present)}
    files, skipped = discover([folder])
    t = run(desk.pack, files)
    t.skipped = skipped
    for e in t.entries:
        e.player = names.get(Path(e.file).name, e.player)
    return t, folder


def _lists_zip(subs: Sequence[Submission]) -> bytes:
    """Every standing player's latest list, one file each (named as the export names them), and
    their names as the desk knows them with each file's SHA-256 (``armybuilder-players.csv``, as
    the export writes it):
    the lists as kept, no check run."""
    from armybuilder.desk import file_names
    from armybuilder.lists import PLAYERS_FILE, players_file

    buf = io.BytesIO()
    named = sorted(zip(file_names([s.player for s in subs]), subs, strict=True), key=lambda m: m[0])
    files = [(name, sub.latest.text.encode("utf-8")) for name, sub in named]
    players = [(name, sub.player, data) for (name, sub), (_, data) in zip(named, files, strict=True)]
    files.append((PLAYERS_FILE, players_file(players)))  # each file's SHA-256 beside its player
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in files:
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, data)
    return buf.getvalue()


def _download(desk: Desk, name: str, present: bool = False) -> bytes:
    from armybuilder.commands.tournament import render_report, report_kind
    from armybuilder.export.packet import packet_of

    if name == "desk.sqlite":
        return desk.backup_bytes()
    if name == "log.csv":
        return _log_csv(desk)
    standing = desk.submissions()
    subs = [s for s in standing if s.checked_in or not present]
    if name == "packet.pdf" and present and standing and not subs:
        raise Refusal(
            422,
            f"nobody has checked in yet ({plural(len(standing), 'list')} in): check the players in on the "
            "organiser's page as they arrive, or make the packet of every list",
        )
    if name == "lists.zip":
        return _lists_zip(subs)
    if name in ("roster.csv", "challonge.txt", "lists-text.csv"):
        return _hand_off(desk, name, subs)
    with tempfile.TemporaryDirectory(prefix="armybuilder-desk-") as tmp:
        t, folder = _exported(desk, Path(tmp), present)
        if name == "packet.pdf":
            from armybuilder.export import ExportError
            from armybuilder.export.packet import render

            if not t.entries:
                raise Refusal(422, "no list has been sent yet: the packet needs at least one")
            try:
                with PDF_LOCK:
                    data, _ = render(packet_of(t))
            except ExportError as exc:
                raise Refusal(422, f"the packet cannot be laid out: {exc}") from None
            return data
        kind = report_kind(Path(name))
        assert kind is not None  # DOWNLOADS names only reports that have a kind
        text = render_report(kind, t).decode("utf-8")
        pack_file = str(getattr(desk.pack, "file", "") or "")
        # No path of the organiser's machine in a report: the lists by their file names, the pack
        # by its own name. A report may escape a path (Markdown writes ``_`` as ``\_``), so both
        # the plain and the escaped spelling are replaced.
        for plain, shown in ((str(folder) + "/", ""), (str(folder), "lists"), (pack_file, Path(pack_file).name)):
            if plain:
                text = text.replace(plain, shown).replace(md(plain), md(shown) if shown else "")
        return text.encode("utf-8")


def _log_csv(desk: Desk) -> bytes:
    """The actions log: time (UTC), action, the submission, the player, and in words (every cell
    guarded: :func:`armybuilder.csvcells.cell`)."""
    from armybuilder.csvcells import rows_text

    subs = desk.submissions(withdrawn=True)
    rows: list[list[str]] = [["time", "action", "submission", "player", "what"]]
    for at, what, detail in desk.actions():
        said = said_of(detail)
        sid = str(said.get("id", "")) or (detail if re.fullmatch(r"[A-Za-z0-9_-]{1,32}", detail) else "")
        player = str(said.get("player") or next((s.player for s in subs if s.id == sid), ""))
        rows.append([stamp(at), what, sid, player, action_words(what, detail, subs)])
    return rows_text(rows, bom=True).encode("utf-8")


def _hand_off(desk: Desk, name: str, subs: Sequence[Submission]) -> bytes:
    """The files for the tools organisers pair with, every player named as the desk knows them:
    ``roster.csv`` (UTF-8 with a BOM, for spreadsheets), ``challonge.txt`` (Challonge's bulk add:
    "Name, e-mail" a line), ``lists-text.csv`` (each list as plain text, for Best Coast Pairings or
    Longshanks, where lists are pasted)."""
    from armybuilder.csvcells import rows_text
    from armybuilder.export.text import row_lines

    if name == "challonge.txt":
        lines = [one_line(s.player).replace(",", " ") + (f", {s.email}" if s.email else "") for s in subs]
        return ("\n".join(lines) + ("\n" if lines else "")).encode("utf-8")
    rows: list[list[Any]] = []
    if name == "roster.csv":
        rows.append(
            [
                "id",
                "player",
                "e-mail",
                "game",
                "list name",
                "status",
                "errors",
                "fingerprint",
                "first sent",
                "last sent",
                "versions",
                "late",
                "checked in",
            ]
        )
        for s in subs:
            roster = desk.roster(s.latest)
            rows.append(
                [
                    s.id,
                    s.player,
                    s.email,
                    system_title(s.latest.system),
                    roster.title,
                    s.verdict.status,
                    s.verdict.errors,
                    s.latest.fingerprint,
                    stamp(s.first_sent) if s.first_sent else "",
                    stamp(s.latest.submitted_at),
                    s.versions,
                    "yes" if s.latest.late else "no",
                    "yes" if s.checked_in else "no",
                ]
            )
    else:
        rows.append(["player", "game", "list name", "status", "list"])
        for s in subs:
            roster = desk.roster(s.latest)
            body = [f"{roster.title} ({system_title(s.latest.system)}, {roster.measure_text})"]
            for t in roster.tables:
                lines = [line.removeprefix("- ") for line in row_lines(t)]
                if lines:
                    body += ["", t.title + ":", *lines]
            rows.append(
                [
                    s.player,
                    system_title(s.latest.system),
                    roster.title,
                    s.verdict.status,
                    "\n".join(body),
                ]
            )
    return rows_text(rows, bom=True).encode("utf-8")  # every cell guarded (armybuilder.csvcells.cell)


async def download(request: Request) -> Response:
    ds = desk_state(request)
    if not is_organiser(request):
        return organiser_refusal(request)
    name = request.path_params["name"]
    if name not in DOWNLOADS:
        return message_page(request, "Not found", "no such download", 404)
    present = request.query_params.get("present") == "1" and name in PRESENT_ONLY
    try:
        data = await in_thread(_download, ds.desk, name, present)
    except Refusal as exc:
        return message_page(request, "Not ready", exc.message, exc.status)
    except DeskError as exc:
        return message_page(request, "Refused", str(exc), 422)
    filename = f"{slug(ds.desk.pack.event)}-{'present-' if present else ''}{name}"
    headers = {"content-disposition": f'attachment; filename="{filename}"'}
    return Response(data, 200, headers, media_type=DOWNLOADS[name][0])
