// armybuilder's static site: the Web Worker that runs the builder. It loads Pyodide (CPython in
// WebAssembly) from this folder, unpacks armybuilder and its pure-Python dependencies
// (armybuilder.zip), keeps the lists in the browser's IndexedDB (mounted at /lists), and answers
// each request the page sends with the same app as `armybuilder serve`
// (armybuilder/web/site/worker.py). Requests are answered one at a time, in the order they came.
import { loadPyodide } from "./pyodide/pyodide.mjs";

const post = (message, transfer) => self.postMessage(message, transfer || []);

// Where the start-up's time goes (for bench/bench_site.py): each mark a name and its time, in ms
// since the epoch (the page's clock and this worker's differ in their origin, not their epoch).
const marks = [];
const mark = (name) => marks.push([name, performance.timeOrigin + performance.now()]);
mark("worker started");
let growTo = 0; // bytes: the heap of the memory snapshot being restored
const plainInstantiate = WebAssembly.instantiateStreaming;
WebAssembly.instantiateStreaming = async function (source, imports) {
  mark("runtime fetched");
  const made = await plainInstantiate.call(WebAssembly, source, imports);
  mark("runtime compiled");
  // Pyodide 314.0.8 copies a snapshot's heap into the module's memory as it is made, too small
  // for it (pyodide/pyodide #6254): grown here first, before the runtime takes its views of it.
  const memory = made.instance && made.instance.exports.memory;
  if (growTo && memory && memory.buffer.byteLength < growTo) {
    memory.grow(Math.ceil((growTo - memory.buffer.byteLength) / 65536));
  }
  return made;
};
const here = new URL(".", self.location.href);
const plainFetch = self.fetch.bind(self);

// The site's build (build.json: in the service worker's cache after the first visit): the key of
// the runtime's copy and of the memory snapshot, both kept for this build only.
const built = plainFetch(new URL("build.json", here).href, { cache: "no-cache" })
  .then((answer) => (answer.ok ? answer.json() : {}))
  .catch(() => ({}));
const runtimeCache = async () => "armybuilder-site-" + ((await built).build || "none");

// The runtime is stored gzipped: a host that compresses nothing still sends 3.5 MB, not 9.6. It is
// handed to the browser's compiler as a response of the site's cache, with its URL: Chromium keeps
// the compiled code of such a response beside it, so a later visit compiles nothing. The first
// visit unpacks it into that cache itself (the service worker takes it from there); a response
// made from bytes has no URL and its compiled code is never kept.
self.fetch = async function (input, init) {
  const url = String(input instanceof Request ? input.url : input);
  if (!url.endsWith("/pyodide.asm.wasm")) { return plainFetch(input, init); }
  const found = self.caches ? await self.caches.match(url).catch(() => undefined) : undefined;
  if (found && found.ok) { mark("runtime from the cache"); return found; }
  const packed = await plainFetch(url + ".gz", init);
  if (!packed.ok) { throw new Error("the builder's files could not be loaded (" + packed.status + ")"); }
  let bytes = new Uint8Array(await packed.arrayBuffer());
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) { // else the host unpacked it already (Content-Encoding)
    bytes = new Uint8Array(await new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"))).arrayBuffer());
  }
  post({ type: "progress", text: "Setting up the builder on this device…", value: 45 });
  const wasm = () => new Response(bytes, { headers: { "Content-Type": "application/wasm" } });
  try {
    const cache = await self.caches.open(await runtimeCache());
    await cache.put(url, wasm());
    const kept = await cache.match(url);
    if (kept && kept.ok) { mark("runtime kept"); return kept; }
  } catch (err) { /* no storage for it: compiled from the bytes, as before */ }
  return wasm();
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

// ---------------------------------------------------------------------------------------------
// Start-up from a memory snapshot. Python's start and armybuilder's imports take seconds; once
// the first visit's page is shown, a worker of its own takes a snapshot of a runtime where they
// are done (it reads no list: makeSnapshotAside), and a later visit restores it instead of doing
// them again. A snapshot is kept in this
// build's cache, with the key of the runtime and the site that made it: a new build drops it with
// the old files, and one of another build is never used (the runtime also refuses one made by
// another runtime), nor one whose bytes are not the ones kept (its SHA-256). Any failure starts Python plainly, with nothing lost: the snapshot holds no
// file system (the lists are read from the browser's storage, as on a plain start), and the
// random numbers are seeded again.
const SNAPSHOT = new URL("snapshot.bin", here).href;
const SNAPSHOT_KEY = "X-Armybuilder-Snapshot";
const SNAPSHOT_DIGEST = "X-Armybuilder-Snapshot-Sha256";
let startedFrom = "a plain start";

async function snapshotKey() {
  const b = await built;
  return b.build && b.files ? ["pyodide", b.pyodide, b.files["pyodide/pyodide.asm.wasm.gz"], "site", b.build].join(" ") : "";
}

async function keptSnapshot(key) {
  if (!key || !self.caches) { return null; }
  const cache = await self.caches.open(await runtimeCache());
  const found = await cache.match(SNAPSHOT);
  if (!found) { return null; }
  if (found.headers.get(SNAPSHOT_KEY) !== key) {
    mark("snapshot of another build left unused");
    await cache.delete(SNAPSHOT);
    return null;
  }
  // A heap damaged on the disk is never restored: a flipped byte in it need not fail the restore,
  // it may run Python on wrong memory. Its SHA-256, taken as it was kept, must match.
  const bytes = new Uint8Array(await found.arrayBuffer());
  mark("snapshot read");
  const digest = found.headers.get(SNAPSHOT_DIGEST);
  if (!digest || digest !== await sha256(bytes)) {
    mark("damaged snapshot left unused");
    await cache.delete(SNAPSHOT);
    return null;
  }
  mark("snapshot checked");
  return bytes;
}

async function sha256(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

async function keepSnapshot(key) {
  try {
    const bytes = py.makeMemorySnapshot();
    mark("snapshot taken");
    const cache = await self.caches.open(await runtimeCache());
    const headers = { "Content-Type": "application/octet-stream", [SNAPSHOT_KEY]: key, [SNAPSHOT_DIGEST]: await sha256(bytes) };
    await cache.put(SNAPSHOT, new Response(bytes, { headers }));
    mark("snapshot kept");
  } catch (err) { mark("snapshot not kept: " + String((err && err.message) || err).slice(0, 80)); }
}

const options = () => ({ indexURL: new URL("pyodide/", here).href, stdout: () => {}, stderr: () => {} });

async function restored(snapshot) {
  try {
    growTo = snapshot.length - new Uint32Array(snapshot.buffer, snapshot.byteOffset, 4)[1];
    const made = await loadPyodide({ ...options(), _loadSnapshot: snapshot });
    made.runPython("import random\nrandom.seed()\nimport armybuilder.web.site.worker");
    startedFrom = "the snapshot";
    return made;
  } catch (err) {
    mark("snapshot failed: " + String((err && err.message) || err).slice(0, 80));
    const cache = await self.caches.open(await runtimeCache()).catch(() => null);
    if (cache) { await cache.delete(SNAPSHOT).catch(() => {}); }
    return null;
  } finally { growTo = 0; }
}

// armybuilder.zip's files, unpacked by the browser's own inflate (DecompressionStream), all at
// once: Python's zipfile, in a runtime restored from a snapshot whose code is not compiled yet,
// took seconds for it. Only the zip `armybuilder site` writes is read: stored or deflated members,
// no name that climbs out of the folder.
async function unzipped(buffer) {
  const bytes = new Uint8Array(buffer);
  const view = new DataView(buffer);
  let end = bytes.length - 22;
  while (end >= 0 && view.getUint32(end, true) !== 0x06054b50) { end--; }
  if (end < 0) { throw new Error("the builder's files are damaged"); }
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const files = [];
  for (let i = 0; i < count; i++) {
    if (view.getUint32(at, true) !== 0x02014b50) { throw new Error("the builder's files are damaged"); }
    const method = view.getUint16(at + 10, true);
    const size = view.getUint32(at + 20, true);
    const nameLength = view.getUint16(at + 28, true);
    const skip = nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    const local = view.getUint32(at + 42, true);
    const name = new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength));
    at += 46 + skip;
    if (name.endsWith("/") || name.startsWith("/") || name.split("/").includes("..")) { continue; }
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const data = bytes.subarray(start, start + size);
    const inflated = method === 0 ? Promise.resolve(data) : method === 8
      ? new Response(new Blob([data]).stream().pipeThrough(new DecompressionStream("deflate-raw"))).arrayBuffer().then((b) => new Uint8Array(b))
      : Promise.reject(new Error("the builder's files are damaged"));
    files.push(inflated.then((content) => [name, content]));
  }
  return Promise.all(files);
}

// Fetched and inflated from the start, while the runtime is fetched, compiled and started: only
// the writing into Python's files waits for Python.
async function fetchApp() {
  const zip = await plainFetch(new URL("armybuilder.zip", here).href);
  if (!zip.ok) { throw new Error("the builder's files could not be loaded (" + zip.status + ")"); }
  const files = await unzipped(await zip.arrayBuffer());
  mark("app fetched");
  return files;
}

async function unpackApp(fetched) {
  const files = await fetched;
  mark("app waited for");
  for (const [name, content] of files) {
    const path = "/armybuilder-site/" + name;
    py.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    py.FS.writeFile(path, content);
    py.FS.utime(path, 315532800000, 315532800000); // the zip's date (1980-01-01): its members' times
  }
  mark("app unpacked");
}

const IMPORT = "import os, sys\nos.environ['ARMYBUILDER_CACHE_DIR'] = '/armybuilder-cache'\n" +
  "sys.path.insert(0, '/armybuilder-site')\nfrom armybuilder.web.site import worker";

// The snapshot is made in a worker of its own (this file, named armybuilder-snapshot), started once this one
// has answered the first page of a plain start: taking it here, before the first page, made the
// first visit seconds longer (a start that can be snapshotted, the first pages drawn once, the
// heap copied and kept). That worker starts Python plainly, imports what the first pages need by
// drawing them once over an empty folder (worker.warm), never reads a list, keeps the snapshot
// and ends. A tab closed before it ends leaves none: the next plain start makes it again.
const MAKER = self.name === "armybuilder-snapshot"; // a worker's name: its address may be the service worker's copy's
let snapshotWanted = "";

function makeSnapshotAside() {
  const key = snapshotWanted;
  snapshotWanted = "";
  if (!key || typeof Worker === "undefined") { return; }
  try {
    const maker = new Worker(new URL("worker.js", here).href, { type: "module", name: "armybuilder-snapshot" });
    maker.onmessage = (event) => { if (event.data && (event.data.type === "snapshot" || event.data.type === "failed")) { maker.terminate(); } };
    maker.onerror = () => maker.terminate();
  } catch (err) { /* no worker of a worker in this browser: every start is a plain one */ }
}

async function makeSnapshot() {
  const key = await snapshotKey();
  if (key) {
    const app = fetchApp();
    app.catch(() => {}); // said where it is awaited
    py = await loadPyodide({ ...options(), _makeSnapshot: true });
    await unpackApp(app);
    py.runPython(IMPORT);
    await py.runPythonAsync("from armybuilder.web.site import worker\nawait worker.warm()");
    mark("app warmed");
    await keepSnapshot(key);
  }
  post({ type: "snapshot", marks });
}

async function boot() {
  // What the page says while waiting, in a player's words (the page's own first line is
  // "Getting the builder ready…", so it is never blank).
  const app = fetchApp();
  app.catch(() => {}); // said where it is awaited
  const key = await snapshotKey();
  const snapshot = await keptSnapshot(key).catch(() => null);
  if (snapshot) {
    post({ type: "progress", text: "Opening the builder kept on this device…", value: 40, note: "" });
    py = await restored(snapshot);
  }
  const plain = !py;
  if (plain) {
    post({
      type: "progress", text: "Getting the builder ready (about 8 MB)…", value: 10,
      note: key ? "The first visit takes a few seconds, once: the builder is then kept on this device, and later visits open sooner, offline too."
        : "This takes a few seconds.",
    });
    py = await loadPyodide(options());
  }
  mark("python started from " + startedFrom);
  post({ type: "progress", text: "Loading the games' rules and points…", value: 70 });
  await unpackApp(app);
  if (plain) {
    py.runPython(IMPORT);
    snapshotWanted = key; // made aside once the first page is answered (makeSnapshotAside)
  }
  py.FS.mkdirTree("/lists");
  py.FS.mkdirTree("/armybuilder-cache"); // parsed game data and compiled validators: the next visit starts sooner
  try {
    py.FS.mount(py.FS.filesystems.IDBFS, {}, "/lists");
    py.FS.mount(py.FS.filesystems.IDBFS, {}, "/armybuilder-cache");
    await keep();
    mark("lists read");
  } catch (err) {
    persistent = false;
    post({ type: "storage", text: "This browser does not let the builder keep lists (" + why(err) + "): lists made now last only while this tab is open. Download them to keep them." });
  }
  post({ type: "progress", text: "Opening your lists…", value: 85 });
  py.pyimport("armybuilder.web.site.worker").start("/lists", self.location.href); // the address: this page's, never a snapshot's
  handle = py.pyimport("armybuilder.web.site.worker").handle;
  mark("app imported");
  post({ type: "ready", persistent, marks, startedFrom });
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
const started = (MAKER ? makeSnapshot() : boot()).catch((err) => {
  post({ type: "failed", text: String((err && err.message) || err) });
  throw err;
});
self.onmessage = (event) => {
  const message = event.data;
  const works = { request: answer, validate: validate, folder: useFolder };
  if (!message || !works[message.type]) { return; }
  const work = works[message.type];
  queue = queue.then(() => started).then(() => work(message)).catch(() => {}).then(makeSnapshotAside);
};
