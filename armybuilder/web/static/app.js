// armybuilder serve: the little the pages do with JavaScript on. Every page works without it:
// htmx (htmx.min.js, vendored) sends the forms in the background and swaps the part of the page
// that changed; this file only marks the page as scripted (to hide the "Set" buttons that a
// drop-down needs without a script), selects a field the page puts the focus in (a new part's
// name, to type over), gives the page's version to every form, copies the share code, and opens
// the dialog a "?" fills.
"use strict";
document.documentElement.classList.add("js");
(function () {
  // The field the page puts the focus in (a part just added: its name, to type over). The part is
  // opened first: a part's editor is one of a set (<details name="part">), so opening it shuts the
  // one open before; a field in a shut editor could not take the focus at all.
  function selectFocused() {
    var el = document.querySelector("[autofocus][data-select]");
    if (!el) { return false; }
    for (var up = el.parentElement; up; up = up.parentElement) {
      if (up.tagName === "DETAILS" && !up.open) { up.open = true; }
    }
    if (document.activeElement !== el) { el.focus(); }
    if (el.select) { el.select(); }
    return true;
  }
  // The app's own address of this page: in the static site it lives in the fragment (#/list/NAME),
  // and the page's own path never changes.
  function appPath() {
    var hash = location.hash;
    var path = hash.charAt(1) === "/" ? hash.slice(1) : location.pathname;
    return path.split(/[?#]/)[0];
  }
  // After a change only the parts of the list that changed come back (swapped in by their ids),
  // and the page's version with them, in the board's own form (#acts): the small forms of the
  // typed controls that did not change take it from there.
  function syncVersion() {
    var current = document.querySelector("#acts input[name=version]");
    if (!current) { return; }
    document.querySelectorAll("#board form input[name=version]").forEach(function (field) {
      field.value = current.value;
    });
  }
  // Keeping the keyboard's place: a change can take away the control that had the focus (a card
  // added that cannot be added again, a card removed, Undo with nothing left to undo). Before the
  // request, note that control, the controls around it and what holds it; after the swap, when the
  // focus fell to the page, put it on the first of those still there. A "Cards" link (the row the
  // catalog adds to) takes the focus on to the catalog, where its cards now are. A link or a form
  // that opens another page (htmx "boosts" them) shows it from its top, not at the old page's place.
  var FOCUSABLE = "a[href], button, input:not([type=hidden]), select, textarea, summary, [tabindex]";
  var place = null;
  function usable(el) {  // shown and enabled (a control in a shut <details> is not: it has a box all the same)
    if (!el || !el.isConnected || el.disabled) { return false; }
    return el.checkVisibility ? el.checkVisibility() : el.getClientRects().length > 0;
  }
  function notePlace(event) {
    var active = document.activeElement;
    var elt = event.detail && event.detail.elt;
    if (elt && elt.closest && elt.closest("#explainer")) { return; }
    place = {
      goto: elt && elt.getAttribute ? elt.getAttribute("data-goto") : null, ids: [], holders: [],
      path: appPath(), boosted: !!(event.detail && event.detail.boosted),
      catalog: false, pointer: lastPointer
    };
    // what was used: the button that sent the board's form (a catalog's Add sends #acts), else elt
    var config = event.detail && event.detail.requestConfig;
    var submitter = config && config.triggeringEvent && config.triggeringEvent.submitter;
    var source = submitter || (active && active !== document.body ? active : elt);
    place.catalog = !!(source && source.closest && source.closest("#catalog"));
    // a catalog's group that does not add to the part being edited (the army's cards, a faction,
    // a race, a unit): the player moves on from that part
    var from = place.catalog ? source.closest("#catalog .group") : null;
    place.away = !!from && !from.hasAttribute("data-follows");
    if (!active || active === document.body) { return; }
    place.used = (submitter && submitter.id) || active.id || "";
    var row = active.closest ? active.closest("#army li.row") : null;
    if (row && row.parentElement) { place.row = row.id; place.rows = row.parentElement.children.length; }
    for (var up = active.parentElement; up && up.id !== "main"; up = up.parentElement) {
      if (up.id) { place.holders.push(up.id); }
    }
    var all = Array.prototype.filter.call(document.querySelectorAll(FOCUSABLE), function (e) { return e.id; });
    var at = all.indexOf(active);
    // The nearest first, those in the same part before those in the same section, and so on out.
    var holders = place.holders.map(function (id) { return document.getElementById(id); });
    var around = [];
    for (var i = 1; at >= 0 && i <= 12; i++) {
      [all[at + i], all[at - i]].forEach(function (e) {
        if (!e) { return; }
        var rank = holders.findIndex(function (h) { return h && h.contains(e); });
        around.push({id: e.id, rank: rank < 0 ? holders.length : rank, n: around.length});
      });
    }
    around.sort(function (a, b) { return a.rank - b.rank || a.n - b.n; });
    place.ids = (active.id ? [active.id] : []).concat(around.map(function (c) { return c.id; }));
  }
  function restorePlace() {
    var was = place;
    place = null;
    if (!was) { return; }
    if (was.boosted && appPath() !== was.path) {  // another page: at its top, as a link opens it
      var at = location.hash && location.hash.charAt(1) !== "/" ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
      if (at) { at.scrollIntoView(); } else { window.scrollTo(0, 0); }
      return;
    }
    if (was.goto) {  // "Cards": on to the cards, the group of what goes on the part, at its first
      var to = document.querySelector("#catalog .group[data-follows]") || document.getElementById(was.goto);
      if (!to) { return; }
      var card = to.classList.contains("group") ? Array.prototype.filter.call(to.querySelectorAll("li.entry button, li.entry a"), usable)[0] : null;
      to.scrollIntoView();
      (card || to).focus({preventScroll: true});
      return;
    }
    if (selected) {  // a part just added from the catalog: its name has the focus; the search was for it
      if (was.catalog && catalogQuery) { clearSearch(); }
      return;
    }
    // Something added from a group that does not add to the part being edited (an army card with
    // Eagles' editor open): the player is done with that part, and its editor shuts (the morph
    // never shuts one). The focus stays where the player acts next, in the catalog (below).
    if (was.away) {
      document.querySelectorAll("#army details.part[open]").forEach(function (d) { d.open = false; });
    }
    // A part removed: a row's id is its place, so the morph made the removed part's row the next
    // part's, its editor kept open and its same control (its Remove) focused. That part is not the
    // one the player was editing: its editor shuts, and the focus goes to its line.
    var row = was.row ? document.getElementById(was.row) : null;
    if (row && row.parentElement && row.parentElement.children.length < was.rows) {
      var part = row.querySelector("details.part");
      var summary = part ? part.querySelector("summary") : null;
      if (part) { part.open = false; }
      if (summary) { summary.focus({preventScroll: was.pointer}); return; }
    }
    var active = document.activeElement;
    // (the morph may have made the element that had the focus another control: the next card)
    var moved = was.catalog && was.used && active && active.id !== was.used;
    if (active && active !== document.body && usable(active) && !moved) { return; }
    // A card added from the catalog that cannot be added again: the focus goes to the line of the
    // part it went on, never to the next card (a second Enter would add the wrong one).
    var used = was.used ? document.getElementById(was.used) : null;
    if (was.catalog && usable(used)) { used.focus({preventScroll: true}); return; }
    // (Only the group that follows the part being edited adds to it; what another group adds, an
    // army card, goes elsewhere: the focus stays in that group, not on an unrelated part's line.)
    if (was.catalog && was.used) {
      var group = was.holders.map(function (id) { return document.getElementById(id); })
        .filter(function (h) { return h && h.classList.contains("group"); })[0];
      var follows = !group || group.hasAttribute("data-follows");
      var line = follows ? document.querySelector("#army .row.focused > details.part > summary") : null;
      if (line) { line.focus({preventScroll: was.pointer}); return; }
      if (group) { group.focus({preventScroll: was.pointer}); return; }
    }
    for (var i = 0; i < was.ids.length; i++) {
      var el = document.getElementById(was.ids[i]);
      if (usable(el)) { el.focus(); return; }
    }
    for (var j = 0; j < was.holders.length; j++) {
      var holder = document.getElementById(was.holders[j]);
      if (!holder) { continue; }
      var inside = Array.prototype.filter.call(holder.querySelectorAll(FOCUSABLE), usable)[0];
      if (inside) { inside.focus(); return; }
    }
  }
  // The catalog's search field: entries whose name or rules hold every word typed stay, the rest
  // are hidden, and a group left empty with them, but for the group of what goes on the part being
  // edited (its cards), which says that nothing there matches. A line under the field says what is
  // shown, with a button to clear the search: a search never hides everything in silence. The
  // catalog is drawn again after a change: what was typed is put back and found again.
  var catalogQuery = "";
  function findInCatalog() {
    var field = document.getElementById("catalog-q");
    if (!field) { return; }
    if (field.value !== catalogQuery && document.activeElement !== field) { field.value = catalogQuery; }
    catalogQuery = field.value;
    var words = catalogQuery.toLowerCase().split(/\s+/).filter(Boolean);
    var asked = "\u201c" + catalogQuery.trim() + "\u201d";
    var found = 0;
    document.querySelectorAll("#catalog .group").forEach(function (group) {
      var shown = 0;
      group.querySelectorAll("li.entry").forEach(function (entry) {
        var text = entry.getAttribute("data-find") || "";
        var hit = words.every(function (w) { return text.indexOf(w) >= 0; });
        entry.hidden = !hit;
        if (hit) { shown++; }
      });
      // a kind's heading ("Foot", "Mounted") stays while one of its entries does
      group.querySelectorAll("ul.entries").forEach(function (list) {
        var head = null, any = false;
        Array.prototype.forEach.call(list.children, function (li) {
          if (li.classList.contains("subgroup")) {
            if (head) { head.hidden = !any; }
            head = li; any = false;
          } else if (!li.hidden) { any = true; }
        });
        if (head) { head.hidden = !any; }
      });
      group.querySelectorAll("details.cannot").forEach(function (d) {
        d.hidden = words.length > 0 && !d.querySelector("li.entry:not([hidden])");
      });
      var kept = group.hasAttribute("data-follows");
      group.hidden = words.length > 0 && shown === 0 && !kept;
      var none = group.querySelector(".nomatch");
      if (none) {
        none.hidden = !(words.length > 0 && shown === 0);
        none.firstElementChild.textContent = "Nothing here matches " + asked + ".";
      }
      if (words.length && shown) {
        group.querySelectorAll("details").forEach(function (d) { d.open = true; });
      }
      found += shown;
    });
    var none = document.getElementById("catalog-none");
    if (none) {
      none.hidden = !words.length || found > 0;
      none.textContent = "Nothing in the catalog matches " + asked + ".";
    }
    var line = document.getElementById("catalog-found");
    if (line) {
      line.hidden = !words.length;
      var said = document.getElementById("catalog-said");
      if (said) { said.textContent = found ? "Showing what matches " + asked + " (" + found + ")." : ""; }
      var clear = line.querySelector("[data-clear-search]");
      if (clear) { clear.hidden = !words.length; }
    }
  }
  function clearSearch() {
    catalogQuery = "";
    var field = document.getElementById("catalog-q");
    if (field) { field.value = ""; }
    findInCatalog();
  }
  document.addEventListener("input", function (event) {
    if (event.target && event.target.id === "catalog-q") { catalogQuery = event.target.value; findInCatalog(); }
  });
  document.addEventListener("click", function (event) {
    var button = event.target.closest ? event.target.closest("[data-clear-search]") : null;
    if (!button) { return; }
    var group = button.closest(".group");
    clearSearch();
    var field = document.getElementById("catalog-q");
    var first = group ? Array.prototype.filter.call(group.querySelectorAll("li.entry button, li.entry a"), usable)[0] : null;
    if (first) { first.focus(); } else if (field) { field.focus(); }
  });
  document.addEventListener("htmx:afterSettle", function () { if (catalogQuery) { findInCatalog(); } });
  // A number typed into a part's or a setting's field (stands, the army size) is applied when the
  // player leaves the field, as Enter or "Save" applies it: a phone's number pad often has no Enter,
  // and a number on screen that the list does not hold is never left behind. An emptied field
  // shows the list's number again. A field sent by Enter or its button is not sent twice.
  var sentValue = {};
  document.addEventListener("submit", function (event) {
    var id = event.target && event.target.getAttribute ? event.target.getAttribute("id") || "" : "";
    if (id.indexOf("t-") === 0) {  // (a typed control's form holds a field named "id": form.id is that field)
      var field = document.querySelector('input[form="' + id + '"][name=value]');
      if (field) { sentValue[id] = field.value; }
    }
  }, true);
  document.addEventListener("change", function (event) {
    var field = event.target;
    if (!field || field.tagName !== "INPUT" || field.type !== "number") { return; }
    var form = field.form;
    var id = form ? form.getAttribute("id") || "" : "";
    if (id.indexOf("t-") !== 0) { return; }
    setTimeout(function () {  // after the submit that Enter makes, if it made one
      if (!field.isConnected) { return; }
      if (field.value.trim() === "") { field.value = field.defaultValue; return; }
      if (field.value === field.defaultValue || sentValue[id] === field.value) { return; }
      sentValue[id] = field.value;
      if (form.requestSubmit) { form.requestSubmit(); } else { htmx.trigger(form, "submit"); }
    }, 0);
  });
  // Ctrl+Z undoes, Ctrl+Shift+Z (or Ctrl+Y) redoes, as the bar's buttons do; not while typing in
  // a field, where the keys belong to the field.
  document.addEventListener("keydown", function (event) {
    if (!(event.ctrlKey || event.metaKey) || event.altKey) { return; }
    var key = (event.key || "").toLowerCase();
    if (key !== "z" && key !== "y") { return; }
    var t = event.target;
    if (t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName))) { return; }
    var button = document.getElementById(key === "y" || event.shiftKey ? "redo" : "undo");
    if (!button) { return; }
    event.preventDefault();
    if (!button.disabled) { button.click(); }
  });
  // A part's line opens its editor under it (a <details>). Opened by a tap or a key, the focus
  // goes on into the editor, to its first control; an editor stays open through a change (the
  // morph keeps what the player opened, though the page drawn again has it shut).
  var opening = null;
  document.addEventListener("click", function (event) {
    var line = event.target.closest ? event.target.closest("details.part > summary") : null;
    opening = line ? line.parentElement : null;
  }, true);
  // The focus goes to what a player edits first (not to "Cards", which only chooses where the
  // catalog adds).
  document.addEventListener("toggle", function (event) {
    var part = event.target;
    if (part && part.matches && part.matches("details.part")) { offerOpenPart(); }
    if (!part || part !== opening || !part.open) { return; }
    opening = null;
    var editor = part.querySelector(".editor");
    var all = editor ? Array.prototype.filter.call(editor.querySelectorAll(FOCUSABLE), usable) : [];
    var first = all.filter(function (e) { return !e.matches("a.btn.focus"); })[0] || all[0];
    if (first || editor) { (first || editor).focus({preventScroll: true}); }
  }, true);
  // The catalog says whose cards it shows (its heading, "Cards for Knights"); when another part is
  // open on the list, one tap under that heading shows that part's instead (its "Cards").
  function offerOpenPart() {
    var group = document.querySelector("#catalog .group[data-follows]");
    if (!group) { return; }
    var offer = group.querySelector(".retarget");
    var open = document.querySelector("#army .row:not(.focused) > details.part[open]");
    var cards = open ? open.querySelector("a.btn.focus") : null;
    if (!cards) { if (offer) { offer.hidden = true; } return; }
    if (!offer) {
      offer = document.createElement("p");
      offer.className = "retarget";
      var button = document.createElement("button");
      button.type = "button";
      button.className = "quiet";
      offer.appendChild(button);
      var heading = group.querySelector("h3");
      var at = heading && heading.parentElement.tagName === "SUMMARY" ? heading.parentElement : heading;
      if (at) { at.after(offer); } else { group.prepend(offer); }
    }
    var name = open.querySelector(".a-name");
    var button2 = offer.querySelector("button");
    button2.textContent = "Show the cards of " + (name ? name.textContent : "the part open") + " instead";
    button2.onclick = function () { cards.click(); };
    offer.hidden = false;
  }
  document.addEventListener("htmx:afterSettle", offerOpenPart);
  if (window.Idiomorph && Idiomorph.defaults && Idiomorph.defaults.callbacks) {
    Idiomorph.defaults.callbacks.beforeAttributeUpdated = function (name, node, how) {
      if (name === "open" && how === "remove" && node.tagName === "DETAILS") { return false; }
    };
  }
  document.addEventListener("DOMContentLoaded", selectFocused);
  document.addEventListener("htmx:oobAfterSwap", syncVersion);
  document.addEventListener("htmx:beforeRequest", notePlace);
  var selected = false;  // the page put the focus in a field (a part just added)
  document.addEventListener("htmx:afterSettle", function () {
    sentValue = {};
    selected = selectFocused();
    restorePlace();
  });
  var lastPointer = false;  // the last change was asked with a pointer (a tap, a click), not the keyboard
  document.addEventListener("pointerdown", function () { lastPointer = true; }, true);
  document.addEventListener("keydown", function () { lastPointer = false; }, true);
  // The "?" beside a part: htmx puts its explanation in the dialog (#explainer-body), shown beside
  // the list, which stays where it was; Escape or "Close" closes it and the focus goes back.
  document.addEventListener("htmx:afterSwap", function (event) {
    var target = event.detail && event.detail.target;
    if (!target || target.id !== "explainer-body") { return; }
    var dialog = document.getElementById("explainer");
    if (dialog && !dialog.open && dialog.showModal) { dialog.showModal(); }
    target.scrollTop = 0;
    // On a phone it is a sheet over the foot of the screen: the part whose "?" was tapped moves
    // just above it, so the part explained stays in view (on a wide screen the panel is beside it).
    var part = asked && asked.isConnected ? (asked.closest(".entry") || asked) : null;
    if (dialog && dialog.open && part) {
      var top = dialog.getBoundingClientRect().top, box = part.getBoundingClientRect();
      if (top > 0 && box.bottom > top) { window.scrollBy(0, box.bottom - top + 8); }
    }
  });
  var asked = null;  // the "?" last clicked
  document.addEventListener("click", function (event) {
    var link = event.target.closest ? event.target.closest("a.explain") : null;
    if (link) { asked = link; }
  }, true);
  document.addEventListener("click", function (event) {
    var closer = event.target.closest ? event.target.closest("[data-close]") : null;
    if (closer) {
      var dialog = document.getElementById(closer.getAttribute("data-close"));
      if (dialog && dialog.close) { dialog.close(); }
      return;
    }
    var button = event.target.closest ? event.target.closest("[data-copy]") : null;
    if (!button) { return; }
    var field = document.getElementById(button.getAttribute("data-copy"));
    if (!field) { return; }
    function done() { button.textContent = "Copied"; }
    field.select();
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(field.value).then(done, function () { document.execCommand("copy"); done(); });
    } else {
      document.execCommand("copy");
      done();
    }
  });
})();
