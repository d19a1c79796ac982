// armybuilder: the little the game page does with JavaScript on. Every tap works without it (a
// plain form, and the page drawn again); with it, htmx sends the tap in the background and morphs
// the game in place (the totals, the events, the buttons), and this file only
// - draws the game again when the page comes back into view (a phone woken from its sleep, a tab
//   brought to the front, a page restored from the browser's cache): what another tab tapped
//   meanwhile is shown before the next tap;
// The keyboard's place after a tap, and Ctrl+Z / Ctrl+Shift+Z for Undo and Redo, are app.js's, as
// on a list's page.
"use strict";
(function () {
  function game() { return document.getElementById("game"); }
  function refresh() {
    var g = game();
    if (!g || !window.htmx || !g.getAttribute("data-refresh")) { return; }
    window.htmx.ajax("GET", g.getAttribute("data-refresh"), { target: "#game", swap: "morph:outerHTML" });
  }
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") { refresh(); }
  });
  window.addEventListener("pageshow", function (event) { if (event.persisted) { refresh(); } });
})();
