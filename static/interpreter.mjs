// Python's start for the page: the vendored Pyodide, restored from a memory snapshot when one
// is stored for this build, with the game's archive unpacked in its working directory
// (docs/offline.md).
//
// PyScript imports this module (pyscript.toml's "interpreter") and calls its `loadPyodide`
// with its own options. A snapshot is the whole memory of a Python that has started and
// imported the game's modules; restoring it skips both. It lives in the service worker's
// cache (`ttr-<VERSION>`, so it is only ever used with the files it was made from, and goes
// with them on an update), packed (31 MB of memory, 21 MB stored), at a virtual address that
// static/sw.js answers: GET gives it (or 204 with `X-Snapshot: none` or `refused`), PUT
// stores it, DELETE refuses it for this build.
//
// Only a page the service worker controls uses one (it alone has that cache); the embed page
// (`data-embed`, set by static/boot.js) reads and writes no storage, so never. On a visit
// with none stored, once the game is ready and the service worker controls the page (on the
// first visit, once it has taken over), static/snapshot-worker.mjs makes one in a Web Worker.
// A snapshot that fails to restore is refused and the boot goes on as usual.
// <html data-python-start> says how Python started ("snapshot" or "fresh"),
// <html data-python-snapshot> what became of the one made on this visit ("stored", "failed"),
// or "not-made" once the page has decided to make none (so a test waits on the decision).

import { downloadArchive, unpackArchive } from "./archive.mjs";
import { placePackages, unpack } from "./snapshot-pages.mjs";
import { loadPyodide as loadRuntime, version } from "./vendor/pyodide/pyodide.mjs";

export { version };

const RUNTIME = new URL("./vendor/pyodide/", import.meta.url).href;
const ARCHIVE = new URL("./build/game.zip", import.meta.url).href;
// pyscript.toml's package (build.py's SVGWRITE_WHEEL; tests/test_loader_truths.py checks the
// copy), placed with the archive, before PyScript asks for it
const WHEEL = "./vendor/svgwrite-1.4.3-py3-none-any.whl";
const WHEEL_URL = new URL(WHEEL, import.meta.url).href;
const SNAPSHOT = new URL("../pyodide-snapshot", import.meta.url).href;
const MAKER = new URL("./snapshot-worker.mjs", import.meta.url);
const MAKE_AFTER_READY_MS = 2000;   // let the first moments of play have the processor
const root = document.documentElement;

// What the service worker has for this build: "stored", "none" or "refused", with its
// response; null when there is no service worker to ask.
async function askForSnapshot() {
  if (root.hasAttribute("data-embed") || !navigator.serviceWorker?.controller) return [null, null];
  const response = await fetch(SNAPSHOT);
  return [response.status === 204 ? response.headers.get("X-Snapshot") : "stored", response];
}

// The snapshot's bytes, read and unpacked while the runtime's script loads.
function unpacked(response) {
  const bytes = response.arrayBuffer().then(unpack);
  bytes.catch(() => {});      // a bad one fails the restore, which says why
  return bytes;
}

// Pyodide restores a snapshot into the memory its WebAssembly module starts with (the module's
// own minimum, 30 MiB in 314.0.7) and does not grow it first: the snapshot of a Python whose
// memory grew past that while the game's modules were imported fails to restore ("offset is out
// of bounds"). So while the runtime is instantiated for a restore, the memory it exports (as
// "memory") is grown to the snapshot's size before Pyodide takes its views of it.
async function withRoomFor(bytes, load) {
  const { instantiate, instantiateStreaming } = WebAssembly;
  const grown = async (result) => {
    const memory = result?.instance?.exports?.memory;
    if (memory instanceof WebAssembly.Memory) {
      const pages = Math.ceil((await bytes).length / 65536) - memory.buffer.byteLength / 65536;
      if (pages > 0) memory.grow(pages);
    }
    return result;
  };
  WebAssembly.instantiate = (...args) => instantiate.apply(WebAssembly, args).then(grown);
  WebAssembly.instantiateStreaming = (...args) => instantiateStreaming.apply(WebAssembly, args).then(grown);
  try {
    return await load();
  } finally {
    Object.assign(WebAssembly, { instantiate, instantiateStreaming });
  }
}

// (a service worker that has gone meanwhile has taken its cache with it: nothing to refuse)
function refuse() {
  return fetch(SNAPSHOT, { method: "DELETE" }).catch(() => {});
}

function whenReady(then) {
  const observer = new MutationObserver(() => {
    if (!root.hasAttribute("data-game-ready")) return;
    observer.disconnect();
    then();
  });
  observer.observe(root, { attributes: true, attributeFilter: ["data-game-ready"] });
}

function notMade() {
  root.setAttribute("data-python-snapshot", "not-made");
}

function whenControlled(then) {
  if (!navigator.serviceWorker) {
    notMade();
    return;
  }
  if (navigator.serviceWorker.controller) {
    then();
    return;
  }
  navigator.serviceWorker.addEventListener("controllerchange", then, { once: true });
}

// Made off the page's thread with the page's own packages and the modules it imported.
// A failure is said on the console (as information: the game is unharmed) and refuses a
// snapshot for this build, so it is not tried again on every visit.
function makeSnapshot(pyodide, packages) {
  let maker = null;
  const fail = async (reason) => {
    console.info(`No snapshot of Python's start: ${reason}`);
    maker?.terminate();
    await refuse();
    root.setAttribute("data-python-snapshot", "failed");
  };
  try {
    const modules = JSON.parse(pyodide.runPython(
      "__import__('game.snapshot').snapshot.page_modules()"));
    maker = new Worker(MAKER, { type: "module" });
    maker.onerror = (event) => {
      event.preventDefault();
      fail(event.message || "its worker did not start");
    };
    maker.onmessage = ({ data }) => {
      if (data.failed) {
        fail(data.failed);
        return;
      }
      maker.terminate();
      performance.measure("ttr:python-snapshot", {
        end: performance.now(), duration: data.took, detail: { bytes: data.bytes } });
      root.setAttribute("data-python-snapshot", "stored");
    };
    maker.postMessage({ packages, modules });
  } catch (error) {
    fail(error.message);
  }
}

// The runtime (restored from a stored snapshot, if any) with the game's archive unpacked (it is
// downloaded while the runtime loads and unpacked into Python's working directory by
// static/archive.mjs),
// loaded with nothing of PyScript's: static/boot.js starts it as soon as the page runs
// (`begin`), so it overlaps PyScript's own start (its core, its config); PyScript's call
// (`loadPyodide`) then takes it over. Resolves to [pyodide, what the service worker had
// ("stored", "none", "refused" or null), how Python started ("snapshot" or "fresh")].
async function start() {
  const settings = { indexURL: RUNTIME, packages: [] };
  const archive = downloadArchive(ARCHIVE);
  archive.catch(() => {});      // said when awaited, once Python is up
  const wheel = downloadArchive(WHEEL_URL);
  wheel.catch(() => {});
  const [state, response] = await askForSnapshot().catch(() => [null, null]);
  if (state === "stored") {
    let restored = null;
    try {
      const snapshot = unpacked(response);
      restored = await withRoomFor(snapshot, () => loadRuntime({ ...settings, _loadSnapshot: snapshot }));
    } catch (error) {
      console.info(`Python's snapshot did not restore (${error.message}); starting afresh.`);
      await refuse();
    }
    if (restored !== null) return [await withArchive(restored, archive, wheel), state, "snapshot"];
  }
  return [await withArchive(await loadRuntime(settings), archive, wheel), state, "fresh"];
}

// (marks for profiles of the boot: tests/bench_boot.py prints them)
async function withArchive(pyodide, archive, wheel) {
  performance.mark("ttr:runtime");
  await placePackages(pyodide, [[WHEEL_URL, wheel]]);     // Python's first code after a restore
  await unpackArchive(pyodide, await archive, pyodide.FS.cwd());
  performance.mark("ttr:archive");
  return pyodide;
}

let started = null;

export function begin() {
  started ??= start();
  return started;
}

// PyScript's call, with its options: its output hooks, and the packages (their wheels
// unpacked by static/archive.mjs, as for a snapshot: Pyodide's loader is not needed; the one
// the config names is placed already).
export async function loadPyodide(options) {
  const wheels = (options.packages ?? []).filter((url) => url !== WHEEL_URL).map((url) => [url, downloadArchive(url)]);
  wheels.forEach(([, wheel]) => wheel.catch(() => {}));    // said when placed
  const [pyodide, state, python] = await begin();
  if (options.stdout) pyodide.setStdout({ batched: options.stdout });
  if (options.stderr) pyodide.setStderr({ batched: options.stderr });
  if (wheels.length) await placePackages(pyodide, wheels);
  root.setAttribute("data-python-start", python);
  if (python === "fresh" && !root.hasAttribute("data-embed") && (state === null || state === "none")) {
    // on the first visit, the service worker static/boot.js registers takes over meanwhile
    whenReady(() => whenControlled(async () => {
      const [now] = await askForSnapshot();
      if (now === "none") setTimeout(() => makeSnapshot(pyodide, options.packages), MAKE_AFTER_READY_MS);
      else notMade();
    }));
  } else {
    notMade();
  }
  return pyodide;
}
