// Makes a memory snapshot of Python's start for static/interpreter.mjs, off the page's thread.
//
// No DOM; it talks by messages. Asked with the page's packages and the modules to hold
// ({packages, modules}: game/snapshot.py chose them in the page), it starts the vendored
// Pyodide as the page does, unpacks the game's archive where the page unpacks it (Python's
// working directory), imports those modules, makes the snapshot, packs it
// (static/snapshot-pages.mjs) and stores it with the service worker (PUT; its requests go
// through the page's service worker, from whose cache it loaded those files), then answers
// {bytes, took: ms}, or {failed: reason}. Storing it here keeps the 21 MB off the page's
// thread. No game exists here: the snapshot holds modules, never a save, a hand or a random
// state.

import { downloadArchive, unpackArchive } from "./archive.mjs";
import { pack, placePackages } from "./snapshot-pages.mjs";
import { loadPyodide } from "./vendor/pyodide/pyodide.mjs";

const here = (path) => new URL(path, import.meta.url).href;

async function make({ packages, modules }) {
  const started = performance.now();
  const pyodide = await loadPyodide({ indexURL: here("./vendor/pyodide/"), _makeSnapshot: true });
  await placePackages(pyodide, packages.map((url) => [url, downloadArchive(url)]));
  await unpackArchive(pyodide, await downloadArchive(here("./build/game.zip")), pyodide.FS.cwd());
  // The names go in as a Python literal (JSON strings are one): no JavaScript object stays
  // referenced from Python, which a snapshot could not hold; no name is bound in __main__.
  pyodide.runPython(`__import__("game.snapshot").snapshot.preload(${JSON.stringify(modules)})`);
  const snapshot = pack(pyodide.makeMemorySnapshot());
  // This worker's requests go through the page's service worker, whose files it has loaded.
  const stored = await fetch(here("../pyodide-snapshot"), { method: "PUT", body: snapshot });
  if (!stored.ok) throw new Error(`the service worker did not store it (HTTP ${stored.status})`);
  return { bytes: snapshot.byteLength, took: performance.now() - started };
}

self.onmessage = ({ data }) => {
  make(data).then(postMessage, (error) => postMessage({ failed: String(error?.message ?? error) }));
};
