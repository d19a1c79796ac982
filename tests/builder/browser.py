"""A player in a real browser page: clicks and typing on the builder, counted as a person makes
them, each change waited for until the page shows it (``bench/bench_builder.py`` and the browser
tests use it). Controls are found by the label the builder gives a screen reader, as the plans
(:mod:`tests.builder.plans`) name them.

Counted: a click on a button, a link, a radio button or a field (to type into it); a drop-down
is two (open it, pick); a field the page has already put the focus in needs no click. Keystrokes:
each character typed, Enter, and Ctrl+A to select a field's old text. Full page loads: every
``load`` event after the first page (htmx updates and pushState are not).
"""

from __future__ import annotations

import json
import time
from typing import Any


def css(value: str) -> str:
    """A CSS string of ``value`` (for an attribute selector)."""
    return json.dumps(value, ensure_ascii=False)


TRACK = """
() => {
  if (window.__ab) { return; }
  window.__ab = {down: 0, times: [], settled: 0};
  document.addEventListener('pointerdown', () => { window.__ab.down = performance.now(); }, true);
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Enter') { window.__ab.down = performance.now(); }
  }, true);
  document.addEventListener('htmx:afterSettle', () => {
    window.__ab.settled += 1;
    if (window.__ab.down) { window.__ab.times.push(performance.now() - window.__ab.down); window.__ab.down = 0; }
  });
}
"""


# The <details> around an element that are shut, outermost first, each by its depth (1: the nearest).
UNFOLDED = """
(e) => {
  const shut = [];
  let depth = 0;
  const outer = (x) => x.parentElement && x.parentElement.closest('details');
  for (let d = outer(e); d; d = outer(d)) {
    depth += 1;
    if (!d.open) { shut.push(depth); }
  }
  return shut.reverse();
}
"""


class Player:
    """One browser page, clicking and typing as a person would, and counting it."""

    def __init__(self, page: Any, js: bool):
        self.page, self.js = page, js
        self.clicks = self.keys = self.loads = 0
        self.times: list[float] = []
        page.on("load", lambda _: self._loaded())
        self._started = False

    def _loaded(self) -> None:
        if self._started:
            self.loads += 1

    def start(self, url: str) -> None:
        self.page.goto(url)
        self._started = True
        self._track()

    def _track(self) -> None:
        if self.js:
            self.page.evaluate(TRACK)

    def _settled(self) -> int:
        return int(self.page.evaluate("window.__ab ? window.__ab.settled : 0")) if self.js else 0

    def _act(self, do: Any) -> None:
        """Do one change and wait until the page shows it."""
        if self.js:
            before = self._settled()
            do()
            deadline = time.monotonic() + 15
            while self._settled() <= before:  # (wait_for_function would eval: the page's CSP forbids it)
                if time.monotonic() > deadline:
                    raise AssertionError(f"bench_builder: the page did not update ({self.page.url})")
                self.page.wait_for_timeout(2)
        else:
            with self.page.expect_navigation(wait_until="load", timeout=15000):
                do()
            self._track()

    def _one(self, selector: str, what: str) -> Any:
        found = self.page.locator(selector)
        if found.count() == 0:
            raise AssertionError(f"bench_builder: no {what} on the page ({self.page.url})")
        return found.first

    def unfold(self, el: Any) -> None:
        """Open what ``el`` is folded away in, outermost first, a click each: a part's editor under
        its line in the army, a name's field under its summary."""
        for depth in el.evaluate(UNFOLDED):
            self.clicks += 1
            el.locator(f"xpath=ancestor::details[{depth}]/summary").click()

    def open_another_editor(self, label: str) -> int:
        """Before the catalog's control ``label`` adds a part: when no part's editor is open, open
        the last part's (as a player does who has just worked on it). Returns the taps that took
        (0 or 1), not counted in :attr:`clicks`: it sets the scene, it is not the work."""
        el = self.page.locator(f"#catalog button[aria-label={css(label)}], #catalog a[aria-label={css(label)}]")
        if el.count() == 0 or self.page.locator("#army details.part[open]").count():
            return 0
        lines = self.page.locator("#army details.part > summary")
        if lines.count() == 0:
            return 0
        line = lines.last
        follows = line.evaluate(
            "(l) => { const row = l.closest('.row'); return !!row && !row.classList.contains('focused')"
            " && !!row.querySelector('a.btn.focus'); }"
        )
        if self.js and follows:  # the catalog follows the part opened: its answer is waited for
            self._act(line.click)
        else:
            line.click()
        self.page.locator("#army details.part[open]").first.wait_for(timeout=5000)
        return 1

    def click(self, label: str) -> None:
        el = self._one(f"button[aria-label={css(label)}], a[aria-label={css(label)}]", f"control {label!r}")
        self.unfold(el)
        self.clicks += 1
        self._act(el.click)

    def type(self, label: str, value: str) -> None:
        el = self._one(f"input[aria-label={css(label)}]", f"field {label!r}")
        self.unfold(el)
        focused = el.evaluate("(e) => document.activeElement === e")
        selected = el.evaluate("(e) => e.selectionStart === 0 && e.selectionEnd === e.value.length")
        if not focused:
            self.clicks += 1
            el.click()
            selected = False
        if el.input_value() and not selected:
            self.keys += 1
            el.press("Control+A")
        el.press_sequentially(value, delay=0) if value else None
        self.keys += len(value) + 1
        self._act(lambda: el.press("Enter"))

    def choose(self, label: str, value: str) -> None:
        seg = self.page.locator(f"fieldset[data-label={css(label)}] button[data-value={css(value)}]")
        if seg.count():
            self.clicks += 1
            self.unfold(seg.first)
            self._act(seg.first.click)
            return
        select = self._one(f"select[data-label={css(label)}]", f"choice {label!r}")
        self.unfold(select)
        index = select.evaluate(f"(s) => Array.from(s.options).findIndex((o) => o.dataset.value === {css(value)})")
        if index < 0:
            raise AssertionError(f"bench_builder: {label!r} has no option {value!r}")
        self.clicks += 2
        if self.js:
            self._act(lambda: select.select_option(index=index))
        else:
            select.select_option(index=index)
            button = self.page.locator(f"button[form={css('t-' + (select.get_attribute('id') or ''))}]")
            self._act(button.click)

    def new_list(self, system: str, name: str, points: float | None) -> None:
        """On the lists page: the list's name (the field has the focus), its army size, its game,
        then Enter, or a click on "Create" when the focus left the fields."""
        field = self.page.locator("#new-name")
        if not field.evaluate("(e) => document.activeElement === e"):
            self.clicks += 1
            field.click()
        field.press_sequentially(name, delay=0)
        self.keys += len(name)
        in_field = field
        if points is not None:
            size = self.page.locator("#new-points")
            self.clicks += 1
            size.click()
            text = f"{points:g}"
            size.press_sequentially(text, delay=0)
            self.keys += len(text)
            in_field = size
        radio = self._one(f"input[name=system][value={css(system)}]", f"game {system}")
        if radio.is_checked():
            self.keys += 1

            def submit() -> None:
                in_field.press("Enter")
        else:
            self.clicks += 2
            radio.click()

            def submit() -> None:
                self.page.locator("#create").click()

        if self.js:
            submit()
            self.page.wait_for_selector("#board", timeout=15000)
            self._track()
        else:
            with self.page.expect_navigation(wait_until="load", timeout=15000):
                submit()
