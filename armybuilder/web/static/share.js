// armybuilder: a list's Share button (issue 46, item 10; the markup is templates/_share.html).
// On a phone (a touch screen, no hover) it opens the system's share sheet (the Web Share API) with
// the list's link; elsewhere, or when there is no share sheet, it copies the link and shows, under
// the button, the link, its QR code and the list as text (the share page's part, asked of the
// builder through htmx, which the static site hands to its worker). Without JavaScript the button
// is hidden and the "Link, QR code and text" link opens that page instead.
"use strict";
(function () {
  function phone() {
    return !!(window.matchMedia && window.matchMedia("(hover: none) and (pointer: coarse)").matches);
  }
  function say(box, text) { if (box) { box.textContent = text; } }
  function copied(text) {
    if (navigator.clipboard && navigator.clipboard.writeText) { return navigator.clipboard.writeText(text); }
    return Promise.reject(new Error("no clipboard"));
  }
  function showPanel(button) {
    var into = document.getElementById(button.getAttribute("data-share-into") || "");
    var from = button.getAttribute("data-share-panel");
    if (!into || !from || !window.htmx) { return Promise.resolve(); }
    return window.htmx.ajax("GET", from, { target: into, swap: "innerHTML" });
  }
  function fallback(button, link, said) {
    return copied(link).then(
      function () { say(said, "Link copied: paste it in a message, or show its QR code."); },
      function () { say(said, "Copy the link below, or show its QR code."); }
    ).then(function () { return showPanel(button); });
  }
  document.addEventListener("click", function (event) {
    var button = event.target.closest ? event.target.closest("[data-share-link]") : null;
    if (!button) { return; }
    var link = button.getAttribute("data-share-link");
    var said = document.getElementById("share-said");
    var data = { title: button.getAttribute("data-share-title") || document.title, url: link };
    if (phone() && navigator.share && (!navigator.canShare || navigator.canShare(data))) {
      navigator.share(data).then(
        function () { say(said, "Shared."); },
        function (err) { if (!err || err.name !== "AbortError") { fallback(button, link, said); } }
      );
      return;
    }
    fallback(button, link, said);
  });
})();
