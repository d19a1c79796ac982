// armybuilder's static site: the glue between the page and the builder in the Web Worker.
// The builder's pages are the app's own (the same as `armybuilder serve`); this file only carries
// requests to the worker and its answers back:
// - htmx's requests (every click, form and boosted link) go through a stand-in XMLHttpRequest
//   that hands them to the worker instead of the network;
// - the app's addresses (/list/NAME) live in the fragment (#/list/NAME), so a reload, a bookmark
//   and the back button work on any static host; #AB1.… opens a share code;
// - a download (a roster) becomes a file, a plain link or form (one htmx does not take) is sent
//   the same way, and the service worker keeps the site for offline use.
"use strict";
(function () {
  var worker = new Worker("worker.js", { type: "module" });
  var pending = {};
  var nextId = 1;
  var markReady;
  var ready = new Promise(function (resolve) { markReady = resolve; });
  var booted = false;
  var bootLog = []; // what the worker said while starting, with the time: for the benchmark
  var marks = [["page started", performance.timeOrigin + performance.now()]]; // the worker's, then the first page's
  var decoder = new TextDecoder();
  var plainPush = history.pushState.bind(history);
  var plainReplace = history.replaceState.bind(history);
  var sitePath = location.pathname;

  function byId(id) { return document.getElementById(id); }

  // A fragment's text with its escapes undone, or as it is where one is damaged (a link that ends
  // in "%", or is cut inside "%E2%80"): decodeURIComponent throws on those.
  function unescaped(text) {
    try { return decodeURIComponent(text); } catch (e) { return text; }
  }

  // The site's own word (storage full or refused, a folder's problem) stays until it is dismissed:
  // a page drawn or a part swapped in by htmx puts it back on top.
  var banners = [];

  function keepBanners() {
    banners.slice().reverse().forEach(function (box) {
      if (!box.isConnected) { document.body.insertBefore(box, document.body.firstChild); }
    });
  }

  document.addEventListener("htmx:afterSettle", keepBanners);

  function banner(text, id) {
    var old = id && byId(id);
    if (old) { old.remove(); }
    banners = banners.filter(function (box) { return box !== old && (!id || box.id !== id); });
    var box = document.createElement("p");
    box.className = "site-banner";
    box.setAttribute("role", "alert");
    if (id) { box.id = id; }
    box.textContent = text;
    var close = document.createElement("button");
    close.type = "button";
    close.textContent = "Dismiss";
    close.addEventListener("click", function () {
      banners = banners.filter(function (b) { return b !== box; });
      box.remove();
    });
    box.appendChild(close);
    banners.push(box);
    document.body.insertBefore(box, document.body.firstChild);
    return box;
  }

  worker.onmessage = function (event) {
    var m = event.data || {};
    if (m.type !== "answer") { bootLog.push([Math.round(performance.now()), m.type, m.text || ""]); }
    if (m.type === "progress") {
      var status = byId("boot-status");
      var bar = byId("boot-progress");
      var note = byId("boot-note");
      if (status) { status.textContent = m.text; }
      if (bar) { bar.value = m.value; }
      if (note && typeof m.note === "string") { note.textContent = m.note; } // how long, said once
    } else if (m.type === "ready") {
      if (m.persistent === false) { keptAtAll = false; }
      marks.push.apply(marks, m.marks || []);
      markReady();
    } else if (m.type === "failed") {
      var where = byId("boot-status");
      if (where) {
        where.className = "boot-problem";
        where.textContent = "The builder could not start: " + m.text + ". Reload the page to try again.";
      }
    } else if (m.type === "storage") {
      banner(m.text, "site-storage");
    } else if (m.type === "answer" && pending[m.id]) {
      var done = pending[m.id];
      delete pending[m.id];
      done(m);
    }
  };

  // A worker that cannot even start (its script not loaded) says so, never a page left waiting.
  worker.onerror = function () {
    var where = byId("boot-status");
    if (where && !booted) {
      where.className = "boot-problem";
      where.textContent = "The builder could not start in this browser. Reload the page to try again.";
    }
  };

  // ---------------------------------------------------------------------------------------
  // Requests to the worker

  // One message to the worker, answered by the message with its id.
  function send(message, transfer) {
    return ready.then(function () {
      return new Promise(function (resolve) {
        message.id = nextId++;
        pending[message.id] = resolve;
        worker.postMessage(message, transfer || []);
      });
    });
  }

  function ask(method, path, headers, body) {
    var message = { type: "request", method: method, path: path, headers: headers || [], body: body || null };
    return send(message, body ? [body] : []);
  }

  function header(answer, name) {
    for (var i = 0; i < answer.headers.length; i++) {
      if (answer.headers[i][0] === name) { return answer.headers[i][1]; }
    }
    return null;
  }

  // The app's address of a URL the page holds: "/list/a.yaml?x=1", or null for another site.
  function appPath(url) {
    if (typeof url !== "string") { url = String(url); }
    if (url.charAt(0) === "/" && url.charAt(1) !== "/") { return url; }
    var parsed;
    try { parsed = new URL(url, location.origin + route()); } catch (e) { return null; }
    if (!/^https?:$/.test(parsed.protocol) || parsed.origin !== location.origin) { return null; }
    return parsed.pathname + parsed.search + parsed.hash;
  }

  // A body for the worker: bytes, and the Content-Type that goes with them (a form's boundary).
  function encode(body) {
    if (body === null || body === undefined) { return Promise.resolve([null, null]); }
    if (typeof body === "string") { return Promise.resolve([new TextEncoder().encode(body).buffer, null]); }
    var request = new Request(location.origin, { method: "POST", body: body });
    return request.arrayBuffer().then(function (bytes) { return [bytes, request.headers.get("content-type")]; });
  }

  // ---------------------------------------------------------------------------------------
  // htmx's transport: a stand-in XMLHttpRequest for the app's own addresses

  var PlainXHR = window.XMLHttpRequest;
  function SiteXHR() {
    this.readyState = 0;
    this.status = 0;
    this.statusText = "";
    this.response = "";
    this.responseText = "";
    this.responseURL = "";
    this.timeout = 0;
    this.withCredentials = false;
    this._headers = [];
    this._answer = null;
    this._listeners = {};
    var self = this;
    this.upload = { addEventListener: function () {}, removeEventListener: function () {} };
    this._fire = function (type) {
      var event = { type: type, target: self, loaded: 0, total: 0, lengthComputable: false };
      if (typeof self["on" + type] === "function") { self["on" + type](event); }
      (self._listeners[type] || []).forEach(function (fn) { fn.call(self, event); });
    };
  }
  SiteXHR.prototype.open = function (method, url) {
    this._method = String(method).toUpperCase();
    this._path = appPath(url);
    this.readyState = 1;
  };
  SiteXHR.prototype.setRequestHeader = function (name, value) { this._headers.push([String(name).toLowerCase(), String(value)]); };
  SiteXHR.prototype.overrideMimeType = function () {};
  SiteXHR.prototype.addEventListener = function (type, fn) { (this._listeners[type] = this._listeners[type] || []).push(fn); };
  SiteXHR.prototype.removeEventListener = function () {};
  SiteXHR.prototype.abort = function () { this._aborted = true; };
  SiteXHR.prototype.getResponseHeader = function (name) { return this._answer ? header(this._answer, String(name).toLowerCase()) : null; };
  SiteXHR.prototype.getAllResponseHeaders = function () {
    if (!this._answer) { return ""; }
    return this._answer.headers.map(function (h) { return h[0] + ": " + h[1]; }).join("\r\n");
  };
  SiteXHR.prototype.send = function (body) {
    var self = this;
    if (self._path === null) { self._fire("error"); return; }
    self._fire("loadstart");
    encode(body).then(function (encoded) {
      var headers = self._headers.slice();
      if (encoded[1] && !headers.some(function (h) { return h[0] === "content-type"; })) { headers.push(["content-type", encoded[1]]); }
      return ask(self._method, self._path, headers, encoded[0]);
    }).then(function (answer) {
      if (self._aborted) { self._fire("abort"); return; }
      self._answer = answer;
      if (isDownload(answer)) { download(answer); }
      self.status = answer.status;
      self.statusText = String(answer.status);
      self.response = self.responseText = isDownload(answer) ? "" : decoder.decode(answer.body);
      self.responseURL = location.origin + answer.url;
      self.readyState = 4;
      self._fire("load");
      self._fire("loadend");
    }, function () { self._fire("error"); self._fire("loadend"); });
  };
  window.XMLHttpRequest = function () { return new SiteXHR(); };
  window.XMLHttpRequest.plain = PlainXHR;

  // ---------------------------------------------------------------------------------------
  // Addresses: the app's path lives in the fragment

  function route() {
    var hash = location.hash.slice(1);
    return hash.charAt(0) === "/" ? hash : "/";
  }
  function siteURL(path) { return sitePath + "#" + path; }
  function mapped(url) {
    if (url === undefined || url === null) { return url; }
    var path = appPath(String(url));
    return path === null ? url : siteURL(path);
  }
  history.pushState = function (state, title, url) { plainPush({ armybuilder: true }, title, mapped(url)); };
  history.replaceState = function (state, title, url) { plainReplace({ armybuilder: true }, title, mapped(url)); };

  function isDownload(answer) { return /attachment/i.test(header(answer, "content-disposition") || ""); }

  function fileName(answer) {
    var disposition = header(answer, "content-disposition") || "";
    var match = /filename\*=UTF-8''([^;]+)/i.exec(disposition) || /filename="([^"]+)"/i.exec(disposition);
    return match ? unescaped(match[1]) : "armybuilder-download";
  }

  function download(answer) {
    var name = fileName(answer);
    var blob = new Blob([answer.body], { type: header(answer, "content-type") || "application/octet-stream" });
    var link = document.createElement("a");
    link.href = URL.createObjectURL(blob);
    link.download = name;
    link.hidden = true;
    document.body.appendChild(link);
    link.click();
    setTimeout(function () { URL.revokeObjectURL(link.href); link.remove(); }, 60000);
  }

  // The page a download's address belongs to: a list's file or roster its list's page, a game's
  // result its game's page, anything else (the backup, /lists.zip) the lists page.
  function pageOf(path) {
    var list = /^\/(download|roster\/[^\/?#]+|game-result\/[^\/?#]+)\/([^?#]+)/.exec(path);
    if (!list) { return "/"; }
    return (list[1].indexOf("game-result/") === 0 ? "/game/" : "/list/") + list[2];
  }

  // A download as the first address (a page reloaded on #/lists.zip, or opened from history):
  // the page it belongs to is shown, at its own address, and the download offered again as a
  // link (issue 47): the start never waits on a page that is not one.
  function downloadFirst(answer) {
    var path = answer.url || route();
    return go(pageOf(path.split("#")[0]), "replace").then(function () {
      if (!/^\/[^\/]/.test(path)) { return; } // only the app's own address is offered
      var box = banner("The address you opened was a download. ", "site-download-again");
      box.setAttribute("role", "status");
      var link = document.createElement("a");
      link.href = path;
      link.setAttribute("download", "");
      link.setAttribute("hx-boost", "false"); // a download, not a page (as the lists page's link)
      link.textContent = "Download " + fileName(answer) + " again";
      box.insertBefore(link, box.lastChild);
      box.insertBefore(document.createTextNode(" "), box.lastChild);
    });
  }

  // A whole page from the app, drawn in place of this one.
  function draw(answer, how) {
    if (isDownload(answer)) {
      if (!booted) { return downloadFirst(answer); }
      download(answer);
      return;
    }
    var type = header(answer, "content-type") || "";
    var text = decoder.decode(answer.body);
    var doc;
    if (/text\/html/.test(type)) {
      doc = new DOMParser().parseFromString(text, "text/html");
    } else {
      doc = document.implementation.createHTMLDocument("armybuilder");
      var pre = doc.createElement("pre");
      pre.textContent = text;
      doc.body.appendChild(pre);
    }
    document.title = doc.title || "armybuilder";
    var body = document.body;
    Array.prototype.slice.call(body.attributes).forEach(function (a) { body.removeAttribute(a.name); });
    Array.prototype.slice.call(doc.body.attributes).forEach(function (a) { body.setAttribute(a.name, a.value); });
    body.replaceChildren.apply(body, Array.prototype.map.call(doc.body.childNodes, function (node) { return document.importNode(node, true); }));
    keepBanners();
    if (how === "push") { history.pushState(null, "", answer.url); } else { history.replaceState(null, "", answer.url); }
    if (window.htmx) { window.htmx.process(body); }
    var fragment = answer.url.indexOf("#") >= 0 ? answer.url.slice(answer.url.indexOf("#") + 1) : "";
    var target = fragment && byId(unescaped(fragment));
    if (target) { target.scrollIntoView(); } else { window.scrollTo(0, 0); }
    body.dispatchEvent(new CustomEvent("htmx:afterSettle", { bubbles: true }));
    if (!booted) { marks.push(["first page drawn", performance.timeOrigin + performance.now()]); }
    booted = true;
  }

  function go(path, how) {
    return ask("GET", path, [["accept", "text/html"]], null).then(function (answer) { return draw(answer, how); });
  }

  function open(how) {
    var hash = location.hash.slice(1);
    // A damaged escape is sent as it is: the code's page says what is wrong, as with any damaged code.
    if (/^AB\d/.test(hash)) { return go("/shared?code=" + encodeURIComponent(unescaped(hash)), "replace"); }
    return go(route(), how || "replace");
  }

  window.addEventListener("popstate", function () { open("keep"); });
  window.addEventListener("hashchange", function () {
    var hash = location.hash.slice(1);
    if (hash.charAt(0) === "/" || /^AB\d/.test(hash)) { open("keep"); }
  });

  // What htmx does not take: in-page anchors, plain links (downloads) and plain forms.
  document.addEventListener("click", function (event) {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) { return; }
    var link = event.target.closest ? event.target.closest("a[href]") : null;
    if (!link || !booted) { return; }
    var href = link.getAttribute("href");
    if (href.charAt(0) === "#") {
      event.preventDefault();
      var target = byId(unescaped(href.slice(1)));
      if (target) {
        if (!target.hasAttribute("tabindex") && !/^(A|BUTTON|INPUT|SELECT|TEXTAREA)$/.test(target.tagName)) { target.setAttribute("tabindex", "-1"); }
        target.scrollIntoView();
        target.focus();
      }
      return;
    }
    var path = appPath(href);
    if (path === null || link.target) { return; }
    event.preventDefault();
    ask("GET", path, [["accept", "text/html"]], null).then(function (answer) { draw(answer, "push"); });
  });
  document.addEventListener("submit", function (event) {
    if (event.defaultPrevented || !booted) { return; }
    var form = event.target;
    var path = appPath(form.getAttribute("action") || route());
    if (path === null) { return; }
    event.preventDefault();
    var data = new FormData(form, event.submitter || undefined);
    var method = (form.getAttribute("method") || "GET").toUpperCase();
    if (method === "GET") {
      var query = new URLSearchParams(data).toString();
      ask("GET", path.split("?")[0] + (query ? "?" + query : ""), [["accept", "text/html"]], null).then(function (a) { draw(a, "push"); });
      return;
    }
    var body = form.enctype === "multipart/form-data" ? data : new URLSearchParams(data).toString();
    encode(body).then(function (encoded) {
      var headers = [["accept", "text/html"], ["content-type", encoded[1] || "application/x-www-form-urlencoded"]];
      return ask(method, path, headers, encoded[0]);
    }).then(function (answer) { draw(answer, "push"); });
  });

  // ---------------------------------------------------------------------------------------
  // Where the lists are: kept in this browser, or (where the browser offers it) a folder of the
  // computer that the builder edits in place, as `armybuilder serve FOLDER` does.

  var folderName = "";
  function useFolder(handle) {
    return send({ type: "folder", handle: handle || null }).then(function (a) {
      var said = decoder.decode(a.body);
      if (a.status === 200) { folderName = said; } else { banner(said, "site-folder-problem"); }
      return go("/", "push").then(function () { return a.status === 200; });
    });
  }

  function whereBar() {
    var lists = byId("lists");
    if (!lists || byId("site-folder") || !("showDirectoryPicker" in window)) { return; }
    var bar = document.createElement("p");
    bar.id = "site-folder";
    bar.className = "site-folder";
    var button = document.createElement("button");
    button.type = "button";
    button.className = "quiet";
    if (folderName) {
      bar.textContent = "The lists of the folder " + folderName + " on this computer. ";
      button.textContent = "Back to the lists kept in this browser";
      button.addEventListener("click", function () { useFolder(null); });
    } else {
      bar.textContent = "Lists kept in this browser. ";
      button.textContent = "Open a folder on this computer";
      button.addEventListener("click", function () {
        window.showDirectoryPicker({ mode: "readwrite" }).then(useFolder, function () {});
      });
    }
    bar.appendChild(button);
    lists.parentNode.insertBefore(bar, lists);
  }
  document.addEventListener("htmx:afterSettle", whereBar);

  // A debugging and testing hook: the same request the page would send, answered by the worker.
  window.armybuilderSite = {
    ready: ready,
    log: bootLog,
    marks: marks,
    request: function (method, path, body, type) {
      var headers = type ? [["content-type", type]] : [];
      var bytes = body ? new TextEncoder().encode(body).buffer : null;
      return ask(method, path, headers, bytes).then(function (a) {
        return { status: a.status, url: a.url, headers: a.headers, text: decoder.decode(a.body) };
      });
    },
    open: function (path) { return go(path, "push"); },
    useFolder: useFolder,
    // What `armybuilder validate --format json` prints for a list of this text, worked out here.
    validate: function (name, text) {
      return send({ type: "validate", name: name, text: text }).then(function (a) { return decoder.decode(a.body); });
    }
  };

  ready.then(function () {
    new Promise(function (resolve) { resolve(open("replace")); }).catch(function (err) {
      var where = byId("boot-status"); // never left on "Opening your lists…" with nothing said
      if (where) {
        where.className = "boot-problem";
        where.textContent = "This page could not be opened (" + String((err && err.message) || err) + "). Open the builder's first page: " + sitePath;
      }
    });
    if ("serviceWorker" in navigator) {
      navigator.serviceWorker.register("sw.js").then(watchForNewVersion).catch(function () {});
    }
    if (navigator.storage && navigator.storage.persist) {
      navigator.storage.persist().then(function (granted) { persisted = granted === true; sayStorage(); }, function () { persisted = false; sayStorage(); });
    } else { persisted = false; sayStorage(); }
  });

  // A new build of the site, installed and waiting (sw.js waits): said in one line, with the backup
  // of every list and the button that lets it take over (issue 47, item 2). Until then this build
  // serves every file; the page reloads under the new one when its button was pressed here.
  var takingOver = false;
  function watchForNewVersion(registration) {
    function offer() {
      if (registration.waiting && navigator.serviceWorker.controller) { newVersionNotice(registration.waiting); }
    }
    function follow() { // one being installed: offered once it is installed, waiting
      var coming = registration.installing;
      if (coming) { coming.addEventListener("statechange", function () { if (coming.state === "installed") { offer(); } }); }
    }
    offer();
    follow(); // its install may have begun before this page asked
    registration.addEventListener("updatefound", follow);
    navigator.serviceWorker.addEventListener("controllerchange", function () {
      var notice = byId("new-version");
      if (takingOver) { location.reload(); return; }
      if (notice) { // another tab of the site let it take over: this page still runs the old one
        notice.replaceChildren(document.createTextNode("The new version of the builder is in use in another tab. "));
        var again = document.createElement("button");
        again.type = "button";
        again.textContent = "Reload to use it";
        again.addEventListener("click", function () { location.reload(); });
        notice.appendChild(again);
      }
    });
  }

  function newVersionNotice(waiting) {
    if (byId("new-version")) { return; }
    var box = document.createElement("p");
    box.id = "new-version";
    box.className = "site-update";
    box.setAttribute("role", "status");
    box.appendChild(document.createTextNode("A new version of the builder is ready. "));
    var backup = document.createElement("a");
    backup.href = "/lists.zip";
    backup.id = "new-version-backup";
    backup.setAttribute("download", "");
    backup.setAttribute("hx-boost", "false"); // a download, not a page: the address stays (as the lists page's link)
    backup.textContent = "Back up my lists";
    box.appendChild(backup);
    box.appendChild(document.createTextNode(" "));
    var use = document.createElement("button");
    use.type = "button";
    use.id = "new-version-use";
    use.textContent = "Use the new version";
    use.addEventListener("click", function () {
      takingOver = true;
      use.disabled = true;
      use.textContent = "Opening the new version…";
      waiting.postMessage({ type: "use-new-version" });
    });
    box.appendChild(use);
    banners.push(box);
    document.body.insertBefore(box, document.body.firstChild);
  }

  // The browser's answer to "keep these lists" (navigator.storage.persist()), said on the lists page
  // in a player's words, with how to keep the lists when the browser may clear them (issue 47).
  var persisted = null; // null: not answered yet
  var keptAtAll = true; // false: this browser keeps no list past this tab (the worker said so)
  function sayStorage() {
    var where = byId("storage-words");
    if (!where || persisted === null) { return; }
    var home = (window.matchMedia && window.matchMedia("(display-mode: standalone)").matches) || navigator.standalone === true;
    var words;
    if (!keptAtAll) {
      words = "This browser does not keep your lists: they last only while this tab is open. Back up every list below before you close it.";
    } else if (persisted) {
      words = "Your lists are kept in this browser, on this device only, and the browser has agreed not to clear them. Back up every list to keep a copy elsewhere.";
    } else if (home) {
      words = "Your lists are kept in this browser, on this device only. The browser may still clear them when the device runs short of space: back up every list now and then.";
    } else {
      words = "Your lists are kept in this browser, on this device only, and the browser may clear them: Safari does when the builder was not opened for 7 days, unless it was added to the home screen, and other browsers when space runs short. To keep them, add the builder to your home screen (Share, then Add to Home Screen) and back up every list below.";
    }
    where.textContent = words;
    where.setAttribute("data-persisted", persisted ? "yes" : "no");
  }
  document.addEventListener("htmx:afterSettle", sayStorage);
})();
