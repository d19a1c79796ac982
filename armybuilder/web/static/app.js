// armybuilder serve: the little the pages do with JavaScript on. Every page works without it:
// htmx (htmx.min.js, vendored) sends the forms in the background and swaps the part of the page
// that changed; this file only marks the page as scripted (to hide the "Set" buttons that a
// drop-down needs without a script), selects a field the page puts the focus in (a new part's
// name, to type over), gives the page's version to every form, copies the share code, and opens
// the dialog a "?" fills.
"use strict";
document.documentElement.classList.add("js");
(function () {
  function selectFocused() {
    var el = document.querySelector("[autofocus][data-select]");
    if (el && document.activeElement !== el) { el.focus(); }
    if (el && el.select) { el.select(); }
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
  document.addEventListener("DOMContentLoaded", selectFocused);
  document.addEventListener("htmx:oobAfterSwap", syncVersion);
  document.addEventListener("htmx:afterSettle", selectFocused);
  // The "?" beside a part: htmx puts its explanation in the dialog (#explainer-body), shown beside
  // the list, which stays where it was; Escape or "Close" closes it and the focus goes back.
  document.addEventListener("htmx:afterSwap", function (event) {
    var target = event.detail && event.detail.target;
    if (!target || target.id !== "explainer-body") { return; }
    var dialog = document.getElementById("explainer");
    if (dialog && !dialog.open && dialog.showModal) { dialog.showModal(); }
    target.scrollTop = 0;
  });
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
