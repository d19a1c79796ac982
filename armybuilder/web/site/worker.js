// armybuilder's static site: the Web Worker that runs the builder. It loads Pyodide (CPython in
// WebAssembly) from this folder, unpacks armybuilder and its pure-Python dependencies
// (armybuilder.zip), keeps the lists in the browser's IndexedDB (mounted at /lists), and answers
// each request the page sends with the same app as `armybuilder serve`
// (armybuilder/web/site/worker.py). Requests are answered one at a time, in the order they came.
import { loadPyodide } from "./pyodide/pyodide.mjs";

const post = (message, transfer) => self.postMessage(message, transfer || []);
const here = new URL(".", self.location.href);
const plainFetch = self.fetch.bind(self);

// The runtime is stored gzipped: a host that compresses nothing still sends 3.5 MB, not 9.6.
self.fetch = async function (input, init) {
  const url = String(input instanceof Request ? input.url : input);
  if (!url.endsWith("/pyodide.asm.wasm")) { return plainFetch(input, init); }
  // The service worker keeps the runtime unpacked (sw.js): the browser compiles it once and keeps
  // its compiled code for the next visit.
  const kept = self.caches ? await self.caches.match(url).catch(() => undefined) : undefined;
  if (kept && kept.ok) { return new Response(await kept.arrayBuffer(), { headers: { "Content-Type": "application/wasm" } }); }
  const packed = await plainFetch(url + ".gz", init);
  if (!packed.ok) { throw new Error("the runtime could not be loaded (" + packed.status + ")"); }
  let bytes = new Uint8Array(await packed.arrayBuffer());
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) { // else the host unpacked it already (Content-Encoding)
    bytes = new Uint8Array(await new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"))).arrayBuffer());
  }
  post({ type: "progress", text: "Starting Python…", value: 55 });
  return new Response(bytes, { headers: { "Content-Type": "application/wasm" } });
};

// An answer that is only text (a refusal, the test hook's report), in the page's answer form.
function textAnswer(id, status, text, headers, url) {
  return { type: "answer", id, status, headers: headers || [], body: new TextEncoder().encode(text).buffer, url: url || "" };
}

let py = null;
let handle = null;
let persistent = true;

// ---------------------------------------------------------------------------------------------
// The lists on storage, merged per file. Emscripten's own `FS.syncfs` makes the store a copy of
// this tab's tree (or the tree a copy of the store), over every mount at once: a tab that shows a
// page would delete a list another tab made, and a folder's file another program wrote. Here each
// mount is merged on its own: this tab writes (and removes) in the store only the files it wrote
// (or removed) since its last merge, and takes from the store every other file as it is there now,
// a file another tab or program removed included. A file is this tab's change when its time is
// not the one of the last merge; after a merge each file's time here is its time in the store.
// Merges of the browser's storage are one at a time across the tabs (the Web Locks API), and a
// tab that changed a list tells the others (a BroadcastChannel): each takes it before its next
// request.

const seen = {}; // mountpoint: {path: time (ms) of the file, or true for a folder} at the last merge

function called(fn, ...args) {
  return new Promise((resolve, reject) => fn(...args, (err, value) => (err ? reject(err) : resolve(value))));
}

function within(path, folder) { return path.startsWith(folder + "/"); }

// The paths of `paths` that hold none of `kept` (a folder that still holds a file stays).
function emptied(paths, kept) {
  return paths.filter((path) => !kept.some((other) => within(other, path)));
}

function only(entries, paths) {
  const out = {};
  for (const path of paths) { out[path] = entries[path]; }
  return out;
}

const time = (entry) => new Date(entry.timestamp).getTime();

// This tab's files: {path: time, or true for a folder}.
function times(entries) {
  const out = {};
  for (const [path, entry] of Object.entries(entries)) { out[path] = py.FS.isDir(py.FS.lstat(path).mode) ? true : time(entry); }
  return out;
}

async function merge(point) {
  const FS = py.FS;
  const mount = FS.lookupPath(point).node.mount;
  const type = mount.type;
  const native = type === FS.filesystems.NATIVEFS_ASYNC;
  const local = native ? type.getLocalSet(mount) : await called(type.getLocalSet, mount);
  const remote = native ? await type.getRemoteSet(mount) : await called(type.getRemoteSet, mount);
  const here = times(local.entries);
  const there = remote.entries;
  const last = seen[point] || {};
  // What this tab did since its last merge: files written (and new folders), and removed (where
  // the store still holds the file as this tab last saw it: another's later change is taken back).
  const wrote = new Set(Object.keys(here).filter((path) => last[path] === undefined || (here[path] !== true && last[path] !== here[path])));
  for (const path of Array.from(wrote)) { // the folders a new file goes in, where the store lacks them
    for (let up = path.slice(0, path.lastIndexOf("/")); within(up, point); up = up.slice(0, up.lastIndexOf("/"))) {
      if (!(up in there)) { wrote.add(up); }
    }
  }
  const removed = Object.keys(last).filter((path) => !(path in here) && path in there && (last[path] === true || time(there[path]) === last[path]));
  const mine = new Set([...wrote, ...removed]);
  const unlink = new Set(emptied(removed, Object.keys(there).filter((path) => !mine.has(path))));
  // What changed in the store: files written (or removed) by another tab or program.
  const take = Object.keys(there).filter((path) => !wrote.has(path) && !unlink.has(path) &&
    (!(path in here) || (here[path] !== true && time(there[path]) !== here[path])));
  const drop = new Set(Object.keys(here).filter((path) => !(path in there) && !mine.has(path)));
  const dropped = emptied(Array.from(drop), Object.keys(here).filter((path) => !drop.has(path)));
  const store = { type: "remote", db: remote.db, handles: remote.handles };
  const push = [{ type: "local", entries: only(local.entries, wrote) }, { ...store, entries: only(there, unlink) }];
  const pull = [{ ...store, entries: only(there, take) }, { type: "local", entries: only(local.entries, dropped) }];
  if (native) {
    await type.reconcile(mount, ...push);
    for (const path of wrote) { // the file's time here is the folder's (its last change there)
      const handle = remote.handles.get(path.slice(point.length + 1));
      if (handle && handle.kind === "file") {
        const changed = (await handle.getFile()).lastModified;
        FS.utime(path, changed, changed);
      }
    }
    await type.reconcile(mount, ...pull);
  } else {
    await called(type.reconcile, ...push);
    await called(type.reconcile, ...pull);
  }
  seen[point] = times((native ? type.getLocalSet(mount) : await called(type.getLocalSet, mount)).entries);
  return wrote.size + unlink.size;
}

const channel = typeof BroadcastChannel === "function" ? new BroadcastChannel("armybuilder-lists") : null;
let stale = !channel; // another tab changed a list: take it before the next request
if (channel) { channel.onmessage = () => { stale = true; }; }

function locked(name, work) {
  const locks = self.navigator && self.navigator.locks;
  return locks && locks.request ? locks.request(name, work) : work();
}

// The browser's storage (the lists and the cache) merged; the other tabs told of a changed list.
async function keep() {
  stale = !channel;
  const changed = await locked("armybuilder-lists", async () => {
    const wrote = await merge("/lists");
    await merge("/armybuilder-cache");
    return wrote;
  });
  if (changed && channel) { channel.postMessage("changed"); }
}

// The open folder merged: another program's changes taken, only this tab's own written.
function keepFolder() { return locked("armybuilder-folder", () => merge("/folder")); }

function why(err) {
  const text = String((err && (err.message || err.name)) || err || "");
  if (/quota/i.test(text)) { return "the browser's storage for this site is full"; }
  return text ? "the browser refused: " + text.slice(0, 120).replace(/\.$/, "") : "the browser refused";
}

async function boot() {
  post({ type: "progress", text: "Loading Python (about 8 MB, once: later visits start from this device)…", value: 10 });
  py = await loadPyodide({ indexURL: new URL("pyodide/", here).href, stdout: () => {}, stderr: () => {} });
  post({ type: "progress", text: "Loading armybuilder…", value: 70 });
  const zip = await plainFetch(new URL("armybuilder.zip", here).href);
  if (!zip.ok) { throw new Error("armybuilder.zip could not be loaded (" + zip.status + ")"); }
  py.FS.mkdirTree("/armybuilder-site");
  py.unpackArchive(await zip.arrayBuffer(), "zip", { extractDir: "/armybuilder-site" });
  py.FS.mkdirTree("/lists");
  py.FS.mkdirTree("/armybuilder-cache"); // parsed game data and compiled validators: the next visit starts sooner
  try {
    py.FS.mount(py.FS.filesystems.IDBFS, {}, "/lists");
    py.FS.mount(py.FS.filesystems.IDBFS, {}, "/armybuilder-cache");
    await keep();
  } catch (err) {
    persistent = false;
    post({ type: "storage", text: "This browser does not let the builder keep lists (" + why(err) + "): lists made now last only while this tab is open. Download them to keep them." });
  }
  post({ type: "progress", text: "Opening your lists…", value: 85 });
  py.runPython(
    "import os, sys\nos.environ['ARMYBUILDER_CACHE_DIR'] = '/armybuilder-cache'\n" +
    "sys.path.insert(0, '/armybuilder-site')\nfrom armybuilder.web.site import worker\nworker.start()"
  );
  handle = py.pyimport("armybuilder.web.site.worker").handle;
  post({ type: "ready", persistent });
}

// One request to the app, answered as the page takes it.
async function respond(message) {
  try {
    const body = message.body ? new Uint8Array(message.body) : new Uint8Array(0);
    const result = await handle(message.method, message.path, JSON.stringify(message.headers || []), body, message.follow !== false);
    const [status, headers, data, url] = result.toJs();
    result.destroy();
    const bytes = data instanceof Uint8Array ? data : new Uint8Array(data);
    return { type: "answer", id: message.id, status, headers: JSON.parse(headers), body: bytes.buffer, url };
  } catch (err) {
    const text = "The builder stopped on this request: " + String((err && err.message) || err).split("\n").slice(-2).join(" ");
    return textAnswer(message.id, 500, text, [["content-type", "text/plain; charset=utf-8"]], message.path);
  }
}

// A change (any request but a GET) is made on the files as they are in storage now, one tab at a
// time: under the lock of its storage, this tab first takes what the others wrote, then makes the
// change, then writes it back. A tab that had not yet heard of another's change (a tap on one game
// in two tabs at once) would otherwise make its change on its own older copy, and write that copy
// over the other's change.
async function change(message) {
  const point = nativefs ? "/folder" : "/lists";
  let wrote = 0;
  const reply = await locked(nativefs ? "armybuilder-folder" : "armybuilder-lists", async () => {
    try { await merge(point); } catch (err) {
      post({ type: "storage", text: nativefs ?
        "The folder could not be read again (" + why(err) + "): the lists shown are the ones read before." :
        "Your lists could not be read again from this browser (" + why(err) + ")." });
    }
    const answered = await respond(message);
    try {
      wrote = await merge(point);
      if (!nativefs) { stale = !channel; await merge("/armybuilder-cache"); }
    } catch (err) {
      post({ type: "storage", text: nativefs ?
        "Your last change could not be written to the folder (" + why(err) + ")." :
        "Your last change could not be saved in this browser (" + why(err) + "). It is kept while this tab is open: download your lists to keep them." });
    }
    return answered;
  });
  if (wrote && !nativefs && channel) { channel.postMessage("changed"); }
  return reply;
}

async function answer(message) {
  if (message.method !== "GET" && (nativefs || persistent)) { // a change is in storage before the page shows it
    const reply = await change(message);
    post(reply, [reply.body]);
    if (persistent && nativefs) { await keep().catch(() => {}); } // what a page cached, for the next visit
    return;
  }
  if (nativefs) { // the folder as it is now on the disk: what another program wrote or removed
    try { await keepFolder(); } catch (err) {
      post({ type: "storage", text: "The folder could not be read again (" + why(err) + "): the lists shown are the ones read before." });
    }
  } else if (stale && persistent) { // a list another tab made or changed
    await keep().catch(() => {});
  }
  const reply = await respond(message);
  post(reply, [reply.body]);
  if (persistent) { // what a page cached (parsed data), for the next visit
    await keep().catch(() => {});
  }
}

async function validate(message) {
  let reply;
  try {
    const report = py.pyimport("armybuilder.web.site.worker").validate_json(message.name, message.text);
    reply = textAnswer(message.id, 200, report);
  } catch (err) {
    reply = textAnswer(message.id, 500, String(err));
  }
  post(reply, [reply.body]);
}

// "Open a folder on this computer" (Chromium's File System Access API): the folder is mounted at
// /folder and the builder works on its files, written back after every change.
let nativefs = false;
let folderName = "";
async function useFolder(message) {
  let reply;
  const FS = py.FS;
  const mounted = () => FS.isMountpoint(FS.lookupPath("/folder", { follow_mount: false }).node);
  try {
    if (nativefs) { await keepFolder(); FS.unmount("/folder"); nativefs = false; folderName = ""; }
    if (message.handle) {
      if (message.handle.kind !== "directory") { throw new TypeError("it is not a folder"); }
      FS.mkdirTree("/folder");
      FS.mount(FS.filesystems.NATIVEFS_ASYNC, { fileSystemHandle: message.handle }, "/folder");
      delete seen["/folder"];
      await keepFolder();
      nativefs = true;
      folderName = message.handle.name;
    }
    py.pyimport("armybuilder.web.site.worker").start(nativefs ? "/folder" : "/lists");
    reply = textAnswer(message.id, 200, folderName);
  } catch (err) {
    try { if (mounted()) { FS.unmount("/folder"); } } catch (ignored) { /* nothing was mounted */ }
    nativefs = false;
    folderName = "";
    py.pyimport("armybuilder.web.site.worker").start("/lists");
    const text = "That folder cannot be opened: " + String((err && err.message) || err).split("\n").slice(-1)[0];
    reply = textAnswer(message.id, 422, text);
  }
  if (persistent) { await keep().catch(() => {}); } // the lists of this browser as they are now
  post(reply, [reply.body]);
}

let queue = Promise.resolve();
const started = boot().catch((err) => {
  post({ type: "failed", text: String((err && err.message) || err) });
  throw err;
});
self.onmessage = (event) => {
  const message = event.data;
  const works = { request: answer, validate: validate, folder: useFolder };
  if (!message || !works[message.type]) { return; }
  const work = works[message.type];
  queue = queue.then(() => started).then(() => work(message)).catch(() => {});
};
