"""``armybuilder share FILE`` and ``armybuilder import SOURCE -o FILE``: a list to paste, and back.

``share`` prints the list's share code (:mod:`armybuilder.sharecode`): one line, to paste in a chat
or a forum post; a PDF roster prints it as a QR code. An invalid list can be shared too (a
player asks for help with it): the code is printed, the status line on stderr says INVALID and
the exit code is 1, as ``export`` does. A file that cannot be read as a list has no code (exit 1,
with its finding, as has a YAML file that is not a mapping), and an event pack is not a
list (exit 2).

``import`` writes a list file from a share code, or from a roster that carries its list (every
roster ``armybuilder export`` writes: PDF, Markdown, JSON; read by :func:`armybuilder.sources.read_source`).
The list is written as YAML (keys in the order of the system's list schema, the rest sorted),
read back with the safe reader every list file goes through (what it holds must be a list a
file may hold) and checked like a file. It is written atomically under the file's lock, never
over an existing file without ``--force`` and never over the roster it comes from; ``-o -``
prints it. Exit 0 when the list is valid, 1 when it was written but is invalid, 2 when nothing
was written (a code that cannot be read, a roster that carries no list, a file in the way).
"""

from __future__ import annotations

import os
from pathlib import Path

from armybuilder.outcome import ExitCode, Outcome
from armybuilder.text import one_line


def share(file: Path, fmt: str = "text", base: str | None = None) -> Outcome:
    """The ``share`` command: the list's share code on stdout (``fmt`` ``json``: a JSON object);
    with ``base``, the address of a published site (``armybuilder site``), a link that opens it."""
    from armybuilder.check import check, has_event_key, load
    from armybuilder.fingerprint import CanonicalError, canonical_bytes, of_canonical
    from armybuilder.reporters.text import status_line
    from armybuilder.sharecode import FORM, ShareCodeError, encode_canonical, link, link_problem
    from armybuilder.yamlio import LoadError

    shown = one_line(file)
    if base is not None and link_problem(base):
        return Outcome.usage(f"armybuilder share: --link {one_line(base)}: {link_problem(base)}")
    try:
        doc = load(file)
    except LoadError as exc:
        return Outcome(
            "",
            [f"{shown}:{exc.line}:{exc.column}: {exc.code} {one_line(exc.message)}; no share code"],
            ExitCode.INVALID,
        )
    except OSError as exc:
        return Outcome.usage(f"armybuilder share: cannot read {shown} ({exc.strerror or exc})")
    if has_event_key(doc.data):
        return Outcome.usage(f"armybuilder share: {shown} is an event pack, not a list; share the file itself")
    if not isinstance(doc.data, dict):  # YAML, but not a list: what import would refuse is not shared
        return Outcome(
            "",
            [f"{shown}: the file is not a list (a mapping of keys: system, name...); no share code"],
            ExitCode.INVALID,
        )
    try:
        canonical = canonical_bytes(doc.data)
        code = encode_canonical(canonical)
    except CanonicalError as exc:
        return Outcome("", [f"{shown}: {one_line(exc)}; no share code"], ExitCode.INVALID)
    except ShareCodeError as exc:
        return Outcome.usage(f"armybuilder share: {shown}: {exc.message}")
    result = check(doc, str(file))
    messages = [status_line(result)]
    if fmt == "json":
        from armybuilder.reporters.json_ import dumps

        out = dumps(
            {
                "file": str(file),
                "share_code": code,
                "share_code_form": FORM,
                **({"share_link": link(base, code)} if base is not None else {}),
                "fingerprint": of_canonical(canonical),
                "status": "VALID" if result.valid else "INVALID",
                "valid": result.valid,
            }
        )
    else:
        out = (link(base, code) if base is not None else code) + "\n"
    return Outcome(out, messages, ExitCode.of(result.valid))


# -- import ----------------------------------------------------------------------------------


def _usage(message: str) -> Outcome:
    return Outcome.usage(one_line(f"armybuilder import: {message}"))


def import_list(
    source: str, output: str | None, force: bool = False, number: int | None = None, code: bool = False
) -> Outcome:
    """The ``import`` command: write the list SOURCE holds to ``output`` (``-``: stdout; None: a
    name beside the roster, :func:`armybuilder.sources.default_output`), never over a file without ``force``; ``code``:
    SOURCE is a share code, never a file's name (:func:`armybuilder.sources.read_source`)."""
    from armybuilder.check import check
    from armybuilder.fingerprint import CanonicalError, canonical_bytes, of_canonical
    from armybuilder.fsutil import Busy, OverwriteRefused, Unlockable, atomic_write, cannot_write, locked
    from armybuilder.reporters.text import status_line
    from armybuilder.sources import default_output, read_source, to_yaml
    from armybuilder.yamlio import Document, LoadError, loads

    try:
        data, kind = read_source(source, number, code)
    except ValueError as exc:
        return _usage(str(exc))
    if output is None:
        output = default_output(source, number, data)
    to_stdout = output == "-"
    target = Path(output)
    if not to_stdout:
        if not code and os.path.isfile(source) and target.exists():  # (a directory is never the same file as a roster)
            try:
                if target.samefile(source):
                    return _usage(f"{output} is the roster itself; write the list somewhere else")
            except OSError:
                pass
        refused = cannot_write(output, force, into=False)  # a list file: never into a device or a FIFO
        if refused is not None:
            return _usage(refused + ("; -o - prints the list" if "not a file" in refused else ""))
    if not isinstance(data, dict):
        return _usage(f"{kind} holds no list (a list is a mapping of keys: system, name...)")
    try:
        canonical = canonical_bytes(data)
    except CanonicalError as exc:
        return _usage(f"the list in {kind} has no canonical form ({exc})")
    fingerprint = of_canonical(canonical)
    header = f"# Imported by armybuilder import from {kind}.\n# Fingerprint: {fingerprint}\n"
    text = header + to_yaml(data, ordered=kind == "a share code")
    try:  # the safe reader of every list file: what the source holds must be what a file may hold
        doc = loads(text)
    except LoadError as exc:
        return _usage(f"the list in {kind} cannot be a list file: {exc.code} {exc.message}")
    if canonical_bytes(doc.data) != canonical:  # pragma: no cover - the writer and the reader disagree: a bug
        return _usage(f"the list in {kind} does not read back as written; nothing was written")
    label = f"the list from {kind}" if to_stdout else str(output)  # not "-: VALID" (issue 26)
    result = check(Document(doc.data, doc.positions, doc.key_positions, text), label)
    messages = [status_line(result)]
    if not result.valid:
        messages.append(f"{one_line(label)}: armybuilder validate lists its findings")
    verdict = ExitCode.of(result.valid)
    if to_stdout:
        return Outcome(text, messages, verdict)
    try:
        with locked(os.path.realpath(target)):
            atomic_write(target, text.encode("utf-8"), force=force, into=False)
    except OverwriteRefused as exc:
        return _usage(str(exc))
    except (Busy, Unlockable) as exc:
        return _usage(f"{exc}; nothing was written")
    except OSError as exc:
        return _usage(f"cannot write {output}: {exc.strerror or exc}")
    messages.append(one_line(f"wrote {output} from {kind} (fingerprint {fingerprint[:16]}…)"))
    return Outcome("", messages, verdict, done=one_line(f"{output} was written"))
