// armybuilder serve: narrow a form's choices to those that fit what is chosen so far.
// The pages work without this script; it only refreshes the suggestions (datalists) of a form
// whose part declares choices that depend on its other values (the cards a class may take).
"use strict";
(function () {
  function refresh(form) {
    var url = form.getAttribute("data-choices");
    if (!url) { return; }
    var params = new URLSearchParams();
    params.set("form", form.getAttribute("data-form"));
    new FormData(form).forEach(function (value, key) {
      if ((key.charAt(0) === "a" && /^a\d+$/.test(key)) || key.indexOf("o_") === 0) { params.append(key, value); }
    });
    var asked = (form.asked || 0) + 1;  // only the answer to the latest question counts
    form.asked = asked;
    fetch(url + "?" + params.toString(), { credentials: "same-origin", headers: { "Accept": "application/json" } })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (found) {
        if (!found || form.asked !== asked) { return; }
        form.querySelectorAll("datalist[data-field]").forEach(function (list) {
          var names = found[list.getAttribute("data-field")];
          if (!names) { return; }
          while (list.firstChild) { list.removeChild(list.firstChild); }
          names.forEach(function (pair) {
            var option = document.createElement("option");
            option.value = pair[0];
            if (pair[1]) { option.label = pair[1]; }
            list.appendChild(option);
          });
        });
        form.setAttribute("data-narrowed", params.toString());
      })
      .catch(function () { /* the form still works with every choice offered */ });
  }
  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("form[data-choices]").forEach(function (form) {
      var timer = null;
      // This script narrows the choices as the form is filled in: the no-script button is not needed.
      form.querySelectorAll("button[name=narrow]").forEach(function (b) { b.hidden = true; });
      form.addEventListener("change", function () { clearTimeout(timer); refresh(form); });
      form.addEventListener("input", function () {
        clearTimeout(timer);
        timer = setTimeout(function () { refresh(form); }, 250);
      });
    });
  });
})();
