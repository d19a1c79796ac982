// armybuilder's static site: the Web Worker that runs the builder. It loads Pyodide (CPython in
// WebAssembly) from this folder, unpacks armybuilder and its pure-Python dependencies
// (armybuilder.zip), keeps the lists in the browser's IndexedDB (mounted at /lists), and answers
// each request the page sends with the same app as `armybuilder serve`
// (armybuilder/web/worker.py). Requests are answered one at a time, in the order they came.
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

function syncfs(populate) {
  return new Promise((resolve, reject) => py.FS.syncfs(populate, (err) => (err ? reject(err) : resolve())));
}

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
    await syncfs(true);
  } catch (err) {
    persistent = false;
    post({ type: "storage", text: "This browser does not let the builder keep lists (" + why(err) + "): lists made now last only while this tab is open. Download them to keep them." });
  }
  post({ type: "progress", text: "Opening your lists…", value: 85 });
  py.runPython(
    "import os, sys\nos.environ['ARMYBUILDER_CACHE_DIR'] = '/armybuilder-cache'\n" +
    "sys.path.insert(0, '/armybuilder-site')\nfrom armybuilder.web import worker\nworker.start()"
  );
  handle = py.pyimport("armybuilder.web.worker").handle;
  post({ type: "ready", persistent });
}

async function answer(message) {
  let reply;
  try {
    const body = message.body ? new Uint8Array(message.body) : new Uint8Array(0);
    const result = await handle(message.method, message.path, JSON.stringify(message.headers || []), body, message.follow !== false);
    const [status, headers, data, url] = result.toJs();
    result.destroy();
    const bytes = data instanceof Uint8Array ? data : new Uint8Array(data);
    reply = { type: "answer", id: message.id, status, headers: JSON.parse(headers), body: bytes.buffer, url };
  } catch (err) {
    const text = "The builder stopped on this request: " + String((err && err.message) || err).split("\n").slice(-2).join(" ");
    reply = textAnswer(message.id, 500, text, [["content-type", "text/plain; charset=utf-8"]], message.path);
  }
  if (message.method !== "GET" && nativefs) { // a change is on the computer's disk before the page shows it
    try { await nativefs.syncfs(); } catch (err) {
      post({ type: "storage", text: "Your last change could not be written to the folder (" + why(err) + ")." });
    }
  } else if (message.method !== "GET" && persistent) { // a change is in storage before the page shows it
    try { await syncfs(false); } catch (err) {
      post({ type: "storage", text: "Your last change could not be saved in this browser (" + why(err) + "). It is kept while this tab is open: download your lists to keep them." });
    }
  }
  post(reply, [reply.body]);
  if (message.method === "GET" && persistent) { // what a page cached (parsed data), for the next visit
    await syncfs(false).catch(() => {});
  }
}

async function validate(message) {
  let reply;
  try {
    const report = py.pyimport("armybuilder.web.worker").validate_json(message.name, message.text);
    reply = textAnswer(message.id, 200, report);
  } catch (err) {
    reply = textAnswer(message.id, 500, String(err));
  }
  post(reply, [reply.body]);
}

// "Open a folder on this computer" (Chromium's File System Access API): the folder is mounted at
// /folder and the builder works on its files, written back after every change.
let nativefs = null;
let folderName = "";
async function useFolder(message) {
  let reply;
  try {
    if (nativefs) { await nativefs.syncfs(); py.FS.unmount("/folder"); nativefs = null; folderName = ""; }
    if (message.handle) {
      py.FS.mkdirTree("/folder");
      nativefs = await py.mountNativeFS("/folder", message.handle);
      folderName = message.handle.name;
    }
    py.pyimport("armybuilder.web.worker").start(nativefs ? "/folder" : "/lists");
    reply = textAnswer(message.id, 200, folderName);
  } catch (err) {
    py.pyimport("armybuilder.web.worker").start("/lists");
    const text = "That folder cannot be opened: " + String((err && err.message) || err).split("\n").slice(-1)[0];
    reply = textAnswer(message.id, 422, text);
  }
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
