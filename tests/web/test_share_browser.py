"""Sharing in a real headless Chromium at 390 px (issue 46, items 10 and 11): the page a share link
opens fits a phone, and the same link saved twice makes one list (see tests/web/test_browser.py
for how the builder and Chromium are started)."""

from __future__ import annotations

import shutil
import subprocess
import urllib.parse
from pathlib import Path

from armybuilder.sharecode import encode
from armybuilder.yamlio import load_file

ROOT = Path(__file__).resolve().parents[2]
GREENWOOD = ROOT / "examples/fantasy-triumph/greenwood-host.yaml"
SHOTS = Path("/work/shots/share")
STEP_MS = 10_000
PHONE = {"width": 390, "height": 844}

# Whatever on the page reaches past the phone's width, or holds more than it shows sideways (a
# table in a box that scrolls: its right-hand columns cut off where a player does not look).
CUT_OFF = """() => {
  const out = [];
  for (const e of document.querySelectorAll('main *')) {
    if (!e.getClientRects().length) continue;
    const r = e.getBoundingClientRect();
    if (r.right > innerWidth + 0.5) out.push(e.tagName + ' reaches ' + Math.round(r.right));
    if (e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX !== 'visible')
      out.push(e.tagName + ' holds ' + e.scrollWidth + ' px in ' + e.clientWidth);
  }
  return out.slice(0, 5);
}"""


def _phone(browser):
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.set_default_timeout(STEP_MS)
    page.set_default_navigation_timeout(STEP_MS)
    return context, page


def test_a_shared_list_fits_a_phone_and_saving_it_twice_makes_one_list(browser, served):
    from tests.support.chromium import serious

    folder, url = served
    context, page = _phone(browser)
    try:
        link = url + "shared?code=" + urllib.parse.quote(encode(load_file(GREENWOOD).data))
        page.goto(link)
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        assert page.evaluate(CUT_OFF) == []
        # Every value of a part is on screen: the Wardens' total (Classes, the last column).
        wardens = page.locator("ul.cards li", has_text="Wardens (general)")
        assert wardens.locator("dd", has_text="13").first.is_visible()
        assert not serious(page)
        page.click("#save-shared")
        page.wait_for_url("**/list/the-greenwood-host.yaml*")
        page.goto(link)  # the same link again: it is saved already, and opens
        assert page.locator("#saved-already").is_visible()
        page.click("#open-saved")
        page.wait_for_url("**/list/the-greenwood-host.yaml")
        assert sorted(p.name for p in folder.glob("*.yaml")) == ["the-greenwood-host.yaml"]
    finally:
        context.close()


# The Web Share API, stubbed: what the page asked the phone to share, in window.shared.
STUB_SHARE = """
window.shared = [];
Object.defineProperty(navigator, 'share', {configurable: true,
  value: (data) => { window.shared.push(data); return Promise.resolve(); }});
Object.defineProperty(navigator, 'canShare', {configurable: true, value: () => true});
"""


def test_the_share_button_shares_the_link_on_a_phone_and_else_copies_it_and_shows_its_qr_code(browser, served):
    from tests.support.chromium import serious

    folder, url = served
    shutil.copyfile(GREENWOOD, folder / "greenwood-host.yaml")
    code = encode(load_file(GREENWOOD).data)
    link = url + "shared?code=" + code  # serve: the builder's own page of a shared list
    context, page = _phone(browser)
    try:
        context.add_init_script(STUB_SHARE)
        page.goto(url + "list/greenwood-host.yaml")
        page.click("#share-go")
        page.wait_for_function("window.shared.length === 1")
        assert page.evaluate("window.shared") == [{"title": "The Greenwood Host", "url": link}]
        assert page.locator("#share-said").inner_text() == "Shared."
        # No share sheet (a browser without one): the link is copied, and its QR code and the
        # list as text show under the button, with no page load.
        context.grant_permissions(["clipboard-read", "clipboard-write"], origin=url.rstrip("/"))
        page.evaluate("delete navigator.share; delete navigator.canShare; window.loaded = true")
        page.click("#share-go")
        page.wait_for_selector("#share-panel #share-qr svg")
        assert page.evaluate("navigator.clipboard.readText()") == link
        assert "Link copied" in page.locator("#share-said").inner_text()
        assert page.evaluate("window.loaded") is True  # the same page: nothing reloaded
        assert page.locator("#share-qr svg").is_visible()
        assert page.locator("#share-link").input_value() == link
        text = page.locator("#share-text").input_value()
        # What export --to text writes for the list, line for line.
        assert text.startswith("The Greenwood Host\nFantasy Triumph · 51 of 51 points · VALID\n")
        assert "- Wardens (general) · Troop: Elite Foot" in text
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        assert not serious(page)
        page.locator("#share-qr").scroll_into_view_if_needed()
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / "share-fallback-qr-390.png"))
        if shutil.which("zbarimg"):  # where a QR reader is installed: the QR on screen reads as the link
            read = subprocess.run(
                ["zbarimg", "-q", "--raw", str(SHOTS / "share-fallback-qr-390.png")], capture_output=True, text=True
            )
            assert read.stdout.strip() == link
    finally:
        context.close()
