// armybuilder's static site: the service worker that keeps every file of the site, so that it
// opens and works offline after the first visit. BUILD is written by `armybuilder site`: a new
// build is a new service worker, which fetches the new files and drops the old ones once it takes
// over. It waits until then (issue 47, item 2): the page says a new version is ready, with the
// backup of every list, and the new build takes over only when the player asks for it ("Use the
// new version": the message "use-new-version") or once every tab of the site is closed.
"use strict";
var BUILD = "__BUILD__";
var CACHE = "armybuilder-site-" + BUILD;

self.addEventListener("install", function (event) {
  event.waitUntil(
    fetch("build.json", { cache: "no-cache" })
      .then(function (answer) { return answer.json(); })
      .then(function (build) {
        var files = ["./", "build.json"].concat(Object.keys(build.files)); // build.json: the worker's key, offline too
        return caches.open(CACHE).then(function (cache) {
          return cache.addAll(files).then(function () { return unpacked(cache); });
        });
      })
  );
});

self.addEventListener("message", function (event) {
  if (event.data && event.data.type === "use-new-version") { self.skipWaiting(); }
});

// The runtime is served gzipped; kept here unpacked, under its own name, the browser compiles it
// once and keeps its compiled code for the next visit.
function unpacked(cache) {
  return cache.match("pyodide/pyodide.asm.wasm").then(function (kept) {
    // The worker of the first visit may have put it there already, its compiled code beside it.
    return kept ? null : cache.match("pyodide/pyodide.asm.wasm.gz").then(unpack).then(function (wasm) {
      return cache.put("pyodide/pyodide.asm.wasm", new Response(wasm, { headers: { "Content-Type": "application/wasm" } }));
    });
  });
}

function unpack(packed) {
  return Promise.resolve(packed).then(function (packed) {
    return packed.arrayBuffer();
  }).then(function (bytes) {
    var view = new Uint8Array(bytes);
    var stream = new Blob([view]).stream();
    if (view[0] === 0x1f && view[1] === 0x8b) { stream = stream.pipeThrough(new DecompressionStream("gzip")); }
    return new Response(stream).arrayBuffer();
  });
}

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys()
      .then(function (names) {
        return Promise.all(names.filter(function (name) {
          return name.indexOf("armybuilder-site-") === 0 && name !== CACHE;
        }).map(function (name) { return caches.delete(name); }));
      })
      .then(function () { return self.clients.claim(); })
  );
});

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) { return; }
  event.respondWith(
    caches.open(CACHE).then(function (cache) {
      return cache.match(request, { ignoreSearch: true }).then(function (hit) { return hit || fetch(request); });
    })
  );
});
