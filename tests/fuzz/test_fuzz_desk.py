"""Fuzzing the desk's retries (issue 45, item 1; issue 46, item 12): sequences of sendings,
replaces and retries against one desk, through the engine (:class:`armybuilder.desk.Desk`), the
API (``POST /api/submissions`` with an ``Idempotency-Key`` header, ``PUT`` with a bearer token) and
the players' form (``POST /submit`` with its hidden key), while the organiser changes the desk:
a deadline passed or to come, late lists allowed, the event or a player's list locked, the lists
revealed, a list withdrawn or restored, renamed, given a new private link.

Each sending draws a key (one of a few good ones, so that keys are reused, with another name or
list too; none; a malformed one: short, long, a tab, non-ASCII, quoted, given twice), a name (one
of a few players, written otherwise: case, spacing, full-width letters, a Cyrillic look-alike
letter, an invisible character; or any text) and a list (two real lists, one of them with a
comment or as its share code, so the same list in other words; a broken one, another game's).

A model of the desk says what each answer must be, and checks:

- nobody ever gets a private link (an edit token) but for a list they made with that key: a new
  submission's token is new, and a token already given is given again only to a sending with the
  key and the same name and list as the one that made it (a true retry);
- a true retry always gets the identical receipt, whatever the desk became since (the deadline, a
  lock, the reveal), but after a withdrawal (423) or a new private link (422);
- no answer is a 5xx or carries a traceback, and no refused answer carries any list's token;
- the database stays consistent: each submission with the versions the model counts, its name, its
  current token only; nothing stored by a refusal; SQLite's integrity check.

Bounded and repeatable as ``test_fuzz_lists``.
"""

from __future__ import annotations

import datetime as dt
import json
import re
import sqlite3
import tempfile
import urllib.parse
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hypothesis import event, given
from hypothesis import strategies as st
from starlette.testclient import TestClient

from armybuilder.desk import Desk, Refusal, clean_player, idempotency_key, player_key
from armybuilder.events import load
from armybuilder.sharecode import encode
from armybuilder.web.desk import make_desk_app
from armybuilder.yamlio import load_file
from tests.fuzz.test_fuzz_lists import MAX_EXAMPLES, ROOT, fuzzing

GAMES_DAY = ROOT / "examples" / "events" / "games-day.yaml"
OZZY = ROOT / "examples" / "token-terrors" / "ozzys-muster.yaml"
WRENS = ROOT / "examples" / "token-terrors" / "wrens-host.yaml"
OTHER_GAME = next(
    p for p in sorted((ROOT / "examples").glob("*/*.yaml")) if p.parent.name not in ("events", "token-terrors")
)
BASE = "http://127.0.0.1:8000"
TOKEN = "desk-form-token-0123456789"
ORG = "organiser-token-0123456789abcdef"
SAME = {"origin": BASE}
PACK = load(GAMES_DAY)
# The desk writes with synchronous = FULL: its files in memory (when the system has a tmpfs there),
# so that an example costs its checks, not a disk's syncs.
SCRATCH = "/dev/shm" if Path("/dev/shm").is_dir() else None

LISTS = [
    OZZY.read_text(encoding="utf-8"),
    WRENS.read_text(encoding="utf-8"),
    OZZY.read_text(encoding="utf-8") + "\n# the same list, in other words\n",  # the same fingerprint
    encode(load_file(OZZY).data),  # its share code: the same list again
    "system: token-terrors\nunits: [\n",  # not YAML
    OTHER_GAME.read_text(encoding="utf-8"),  # a game the event does not play
    "",
]
GOOD_KEYS = [f"key-{c}-0123456789abcdef" for c in "ABCD"]
BAD_KEYS = ["short", "x" * 201, "tab\tinside-0123456789", "é" * 20, '"', " " * 20, "line\x7fdel-0123456789"]
PLAYERS = ["Alice Archer", "Bob Bowman", "\uff23arol Crossbow", "Dana Dart"]
CYRILLIC = str.maketrans("aceopx", "\u0430\u0441\u0435\u043e\u0440\u0445")


def variant(data: st.DataObject, name: str) -> str:
    how = data.draw(
        st.sampled_from(["as is", "lower", "upper", "spaced", "wide", "cyrillic", "invisible", "cyrillic word"]),
        label="written",
    )
    if how == "lower":
        return name.lower()
    if how == "upper":
        return name.upper()
    if how == "spaced":
        return "  " + "   ".join(name.split()) + " "
    if how == "wide":  # full-width letters: the same name once NFKC-folded
        return "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in name)
    if how == "cyrillic":  # one letter of one alphabet in a word of the other: refused
        return name.replace("a", "\u0430", 1)
    if how == "cyrillic word":  # every look-alike letter of a word Cyrillic: folds to the Latin name
        first, *rest = name.split()
        return " ".join([first.translate(CYRILLIC), *rest])
    if how == "invisible":
        return name[:1] + "\u200b" + name[1:]
    return name


@dataclass
class Sub:
    sid: str
    said: tuple[str, str] | None  # (name key, fingerprint) of the sending that made it, when it had a key
    key: str | None
    receipt: dict[str, Any]
    token: str
    name_key: str
    sent: tuple[str, str] = ("", "")  # the name and the list as its first sending wrote them
    versions: int = 1
    withdrawn: bool = False
    locked: bool = False
    new_link: bool = False
    old_tokens: list[str] = field(default_factory=list)


@dataclass
class Model:
    desk: Desk
    subs: dict[str, Sub] = field(default_factory=dict)
    by_key: dict[str, str] = field(default_factory=dict)
    locked: bool = False
    past: bool = False
    late_ok: bool = False
    revealed: bool = False

    @property
    def closed(self) -> bool:
        return self.revealed or self.locked or (self.past and not self.late_ok)

    def taken_name(self, name_key: str, but: str = "") -> bool:
        return any(s.name_key == name_key and not s.withdrawn and s.sid != but for s in self.subs.values())

    def tokens(self) -> set[str]:
        return {t for s in self.subs.values() for t in [s.token, *s.old_tokens]}


_FINGERPRINTS: dict[str, str | None] = {}


def fingerprint(model: Model, text: str) -> str | None:
    """The list's fingerprint as the desk reads it, None when the desk refuses it (kept by text: a
    desk of the same pack reads a text the same way)."""
    if text not in _FINGERPRINTS:
        try:
            _FINGERPRINTS[text] = model.desk.read_list(text).fingerprint
        except Refusal:
            _FINGERPRINTS[text] = None
    return _FINGERPRINTS[text]


def name_key(name: Any) -> str | None:
    try:
        return player_key(clean_player(name))
    except Refusal:
        return None


def expect_submit(model: Model, name: str, text: str, key: Any) -> tuple[str, Any]:
    """What a sending must get: ("refused", statuses), ("retry", sid) or ("new", None)."""
    nk = name_key(name)
    if nk is None:
        return "refused", {422}
    try:
        idem = idempotency_key(key)
    except Refusal:
        return "refused", {422}
    fp = fingerprint(model, text)
    if fp is None:
        return "refused", {422, 413}
    if idem is not None and idem in model.by_key:
        sub = model.subs[model.by_key[idem]]
        if sub.said != (nk, fp):
            return "refused", {422}
        if sub.withdrawn:
            return "refused", {423}
        if sub.new_link:
            return "refused", {422}
        return "retry", sub.sid
    if model.closed:
        return "refused", {423}
    if model.taken_name(nk):
        return "refused", {422}
    return "new", (nk, fp, idem)


def got_submit(
    model: Model,
    expected: tuple[str, Any],
    status: int,
    sid: str | None,
    token: str | None,
    answer: Any,
    sent: tuple[str, str],
) -> None:
    """Check an answer to a sending against the model, and keep what it took."""
    kind, what = expected
    event(f"submit: {kind} {status}")
    if kind == "refused":
        assert status in what, (expected, status, answer)
        assert sid is None and token is None
        return
    assert status in (201, 303), (expected, status, answer)
    assert sid is not None and token is not None
    if kind == "retry":
        sub = model.subs[what]
        assert (sid, token) == (sub.sid, sub.token), "a retry got another list's receipt"
        if isinstance(answer, dict) and "fingerprint" in sub.receipt:
            assert answer == sub.receipt, "a retry's receipt differs from the first"
        return
    nk, fp, idem = what
    assert sid not in model.subs, "a new sending was given a list that was there already"
    assert token not in model.tokens(), "a new sending was given a token already given"
    receipt = answer if isinstance(answer, dict) else {"id": sid, "edit_token": token}
    model.subs[sid] = Sub(sid, (nk, fp) if idem else None, idem, receipt, token, nk, sent)
    if idem is not None:
        model.by_key[idem] = sid


def submit_engine(model: Model, name: str, text: str, key: Any) -> None:
    expected = expect_submit(model, name, text, key)
    try:
        t = model.desk.submit(name, text, idem=key)
    except Refusal as exc:
        assert not any(tok in exc.message for tok in model.tokens())
        got_submit(model, expected, exc.status, None, None, exc.message, (name, text))
        return
    got_submit(model, expected, 201, t.id, t.edit_token, json.loads(json.dumps(t.answer())), (name, text))


def _checked(r: Any, model: Model) -> None:
    assert r.status_code < 500, (r.status_code, r.text[:2000])
    assert "Traceback" not in r.text


def submit_api(model: Model, client: TestClient, name: str, text: str, key: Any, headers: list[tuple[str, Any]]):
    sent = [(k, v) for k, v in headers]
    effective: Any = None
    # a header's bytes are read as Latin-1 (ASGI), and stripped
    given_keys = {(v.decode("latin-1") if isinstance(v, bytes) else v).strip() for _, v in headers}
    if len(given_keys) > 1:
        expected: tuple[str, Any] = ("refused", {422})
    else:
        effective = given_keys.pop() if given_keys else ""
        if len(effective) >= 2 and effective[0] == effective[-1] == '"':
            effective = re.sub(r'\\(["\\])', r"\1", effective[1:-1])
        expected = expect_submit(model, name, text, effective or None)
    before = model.tokens()
    r = client.post("/api/submissions", json={"player": name, "list": text}, headers=sent)
    _checked(r, model)
    if r.status_code == 201:
        answer = r.json()
        if answer["edit_token"] in before:
            assert expected[0] == "retry", "the API gave a token already given to a sending that is no retry"
        got_submit(model, expected, 201, answer["id"], answer["edit_token"], answer, (name, text))
    else:
        assert not any(tok in r.text for tok in before), "a refused sending shows a list's token"
        got_submit(model, expected, r.status_code, None, None, r.text, (name, text))


def submit_form(model: Model, client: TestClient, name: str, text: str, key: Any) -> None:
    fields = {"csrf": TOKEN, "player": name, "list": text}
    if key is not None:
        fields["idem"] = key
    form_key = key.strip()[:256] if isinstance(key, str) else None  # as the form reads its fields
    expected = expect_submit(model, name.strip()[: 4 * 80], text, form_key or None)
    before = model.tokens()
    r = client.post("/submit", data=fields, headers=SAME, follow_redirects=False)
    _checked(r, model)
    if r.status_code == 303:
        where = urllib.parse.urlsplit(r.headers["location"])
        m = re.fullmatch(r"/mine/([A-Za-z0-9_-]+)", where.path)
        assert m, r.headers["location"]
        token = urllib.parse.parse_qs(where.query)["key"][0]
        got_submit(model, expected, 303, m.group(1), token, None, (name, text))
    else:
        assert "/mine/" not in r.text and not any(tok in r.text for tok in before)
        got_submit(model, expected, r.status_code, None, None, r.text, (name, text))


def replace(model: Model, client: TestClient | None, sub: Sub, token: str, text: str) -> None:
    fp = fingerprint(model, text)
    if token != sub.token:
        statuses = {404}
    elif fp is None:
        statuses = {422, 413}
    elif model.closed or sub.withdrawn or sub.locked or sub.versions >= 100:
        statuses = {423}
    else:
        statuses = {200}
    if client is None:
        try:
            taken = model.desk.replace(sub.sid, token, text)
            status, version = 200, taken.version
            assert taken.edit_token is None
        except Refusal as exc:
            status, version = exc.status, None
    else:
        r = client.put(f"/api/submissions/{sub.sid}", json={"list": text}, headers={"authorization": f"Bearer {token}"})
        _checked(r, model)
        status, version = r.status_code, r.json().get("version")
        assert "edit_token" not in r.json() and not any(tok in r.text for tok in model.tokens())
    event(f"replace: {status}")
    assert status in statuses, (statuses, status)
    if status == 200:
        sub.versions += 1
        assert version == sub.versions


def organiser(model: Model, data: st.DataObject) -> None:
    desk = model.desk
    what = data.draw(
        st.sampled_from(
            [
                "deadline passed",
                "deadline to come",
                "no deadline",
                "late allowed",
                "late refused",
                "lock",
                "unlock",
                "reveal",
                "lock player",
                "unlock player",
                "withdraw",
                "restore",
                "new link",
                "rename",
            ]
        ),
        label="organiser",
    )
    event(f"organiser: {what}")
    now = dt.datetime.now(dt.timezone.utc)
    if what == "deadline passed":
        desk.set_deadline(now - dt.timedelta(minutes=1))
        model.past = True
    elif what == "deadline to come":
        desk.set_deadline(now + dt.timedelta(days=1))
        model.past = False
    elif what == "no deadline":
        desk.set_deadline(None)
        model.past = False
    elif what in ("late allowed", "late refused"):
        desk.allow_late(what == "late allowed")
        model.late_ok = what == "late allowed"
    elif what in ("lock", "unlock"):
        desk.lock_event(what == "lock")
        model.locked = what == "lock"
    elif what == "reveal":
        desk.reveal(lock_now=True)
        model.revealed = True
    elif model.subs:
        sub = model.subs[data.draw(st.sampled_from(sorted(model.subs)), label="whose")]
        if what in ("lock player", "unlock player"):
            desk.lock_player(sub.sid, what == "lock player")
            sub.locked = what == "lock player"
        elif what == "withdraw":
            desk.withdraw(sub.sid)
            sub.withdrawn = True
        elif what == "restore":
            try:
                desk.withdraw(sub.sid, False)
                sub.withdrawn = False
            except Refusal as exc:  # its name was taken since
                assert exc.status == 409 and sub.withdrawn and model.taken_name(sub.name_key, sub.sid)
        elif what == "new link":
            token = desk.new_link(sub.sid)
            assert token not in model.tokens()
            sub.old_tokens.append(sub.token)
            sub.token, sub.new_link = token, True
        elif what == "rename":
            new = data.draw(st.sampled_from(PLAYERS), label="renamed")
            nk = player_key(clean_player(new))
            try:
                desk.rename(sub.sid, new)
                sub.name_key = nk
            except Refusal as exc:
                assert exc.status == 409 and model.taken_name(nk, sub.sid)


def consistent(model: Model) -> None:
    desk = model.desk
    conn = sqlite3.connect(desk.path)
    try:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert int(conn.execute("SELECT COUNT(*) FROM submissions").fetchone()[0]) == len(model.subs)
        versions = int(conn.execute("SELECT COUNT(*) FROM versions").fetchone()[0])
        assert versions == sum(s.versions for s in model.subs.values())
    finally:
        conn.close()
    standing = {s.id for s in desk.submissions()}
    assert standing == {s.sid for s in model.subs.values() if not s.withdrawn}
    for sub in model.subs.values():
        got = desk.get(sub.sid)
        assert got is not None and got.withdrawn == sub.withdrawn and got.locked == sub.locked
        assert len(desk.versions(sub.sid)) == sub.versions
        assert player_key(got.player) == sub.name_key
        assert desk.authorised(sub.sid, sub.token) is not None
        assert all(desk.authorised(sub.sid, old) is None for old in sub.old_tokens)
        others = [o.token for o in model.subs.values() if o.sid != sub.sid]
        assert all(desk.authorised(sub.sid, t) is None for t in others)


KEYS = st.sampled_from(GOOD_KEYS) | st.sampled_from(BAD_KEYS) | st.none() | st.just("") | st.text(max_size=30)


def run_sequence(data: st.DataObject, client: TestClient | None, model: Model) -> None:
    steps = data.draw(st.integers(1, 12), label="steps")
    for _ in range(steps):
        op = data.draw(st.sampled_from(["send", "send", "send", "retry", "replace", "organiser"]), label="op")
        channel = "engine" if client is None else data.draw(st.sampled_from(["api", "form"]), label="channel")
        if op == "retry" and model.by_key:  # a sending again, as it was (its answer lost)
            sub = model.subs[model.by_key[data.draw(st.sampled_from(sorted(model.by_key)), label="which key")]]
            key: Any = sub.key
            name, text = sub.sent
            if name in PLAYERS:
                name = variant(data, name)
            if data.draw(st.booleans(), label="another list"):
                text = data.draw(st.sampled_from(LISTS[:4]), label="list")
        elif op == "replace" and model.subs:
            sub = model.subs[data.draw(st.sampled_from(sorted(model.subs)), label="whose")]
            pool = [*sorted(model.tokens()), "x" * 32, ""]
            token = data.draw(st.just(sub.token) | st.sampled_from(pool), label="token")
            replace(model, client, sub, token, data.draw(st.sampled_from(LISTS), label="list"))
            continue
        elif op == "organiser":
            organiser(model, data)
            continue
        else:
            name = data.draw(st.sampled_from(PLAYERS) | st.text(max_size=40), label="player")
            if name in PLAYERS:
                name = variant(data, name)
            text = data.draw(st.sampled_from(LISTS), label="list")
            key = data.draw(KEYS, label="key")
        if channel == "engine":
            submit_engine(model, name, text, key)
        elif channel == "form":
            submit_form(model, client, name, text, key if not isinstance(key, str) or "\x00" not in key else None)
        else:
            if key is None:
                headers: list[tuple[str, Any]] = []
            else:
                how = data.draw(st.sampled_from(["bare", "quoted", "twice", "two"]), label="header")
                value = key.encode("utf-8") if any(ord(c) > 126 or ord(c) < 32 for c in key) else key
                if how == "quoted" and isinstance(value, str):
                    value = '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
                headers = [("idempotency-key", value)]
                if how == "twice":
                    headers *= 2
                elif how == "two":
                    headers.append(("idempotency-key", GOOD_KEYS[0] if key != GOOD_KEYS[0] else GOOD_KEYS[1]))
            if any(isinstance(v, bytes) and (b"\r" in v or b"\n" in v or b"\x00" in v) for _, v in headers):
                headers = []
            submit_api(model, client, name, text, key, headers)
    consistent(model)


@fuzzing(MAX_EXAMPLES)
@given(data=st.data())
def test_the_engine_gives_each_token_only_to_its_sender(data):
    with (
        tempfile.TemporaryDirectory(prefix="armybuilder-fuzz-desk-", dir=SCRATCH) as tmp,
        Desk(Path(tmp) / "desk.sqlite", PACK) as desk,
    ):
        run_sequence(data, None, Model(desk))


@fuzzing(max(1, MAX_EXAMPLES // 2))
@given(data=st.data())
def test_the_api_and_the_form_give_each_token_only_to_its_sender(data):
    with (
        tempfile.TemporaryDirectory(prefix="armybuilder-fuzz-desk-", dir=SCRATCH) as tmp,
        Desk(Path(tmp) / "desk.sqlite", PACK) as desk,
        TestClient(make_desk_app(desk, token=TOKEN, organiser=ORG, per_minute=10**6), base_url=BASE) as client,
    ):
        run_sequence(data, client, Model(desk))
