// How a memory snapshot of Python's start is stored (static/snapshot-worker.mjs packs it,
// static/interpreter.mjs unpacks it): without its all-zero pages, a third of it (memory
// Python has not written). Reading 21 MB and copying them is faster than reading 31 MB, or
// 7 MB gzipped and unzipping them on the page's thread.
//
// Also where a snapshot's packages go (`placePackages`), for the maker and the page alike.
//
// Layout, 32-bit little-endian words: MAGIC, the snapshot's length, the number of pages kept,
// their indices (PAGE bytes each, the last one possibly shorter), then those pages in order.

import { unpackArchive } from "./archive.mjs";

const MAGIC = 0x54545253;   // "TTRS"
const PAGE = 65536;
const HEADER = 3;

export function pack(snapshot) {
  const words = new BigUint64Array(snapshot.buffer, snapshot.byteOffset, Math.floor(snapshot.length / 8));
  const kept = [];
  for (let start = 0; start < snapshot.length; start += PAGE) {
    const end = Math.min(start + PAGE, snapshot.length);
    const whole = Math.floor(end / 8);
    let written = false;
    for (let word = start / 8; word < whole && !written; word++) written = words[word] !== 0n;
    for (let byte = whole * 8; byte < end && !written; byte++) written = snapshot[byte] !== 0;
    if (written) kept.push(start / PAGE);
  }
  const offset = (HEADER + kept.length) * 4;
  const size = kept.reduce((sum, page) => sum + Math.min(PAGE, snapshot.length - page * PAGE), 0);
  const packed = new Uint8Array(offset + size);
  const head = new DataView(packed.buffer);
  [MAGIC, snapshot.length, kept.length, ...kept].forEach((word, i) => head.setUint32(i * 4, word, true));
  let at = offset;
  for (const page of kept) {
    const bytes = snapshot.subarray(page * PAGE, Math.min((page + 1) * PAGE, snapshot.length));
    packed.set(bytes, at);
    at += bytes.length;
  }
  return packed;
}

export function unpack(packed) {
  const bytes = new Uint8Array(packed);
  const head = new DataView(bytes.buffer);
  const word = (i) => head.getUint32(i * 4, true);
  if (bytes.length < HEADER * 4 || word(0) !== MAGIC) throw new Error("not a stored snapshot");
  const [length, count] = [word(1), word(2)];
  const snapshot = new Uint8Array(length);
  let at = (HEADER + count) * 4;
  for (let i = 0; i < count; i++) {
    const start = word(HEADER + i) * PAGE;
    const size = Math.min(PAGE, length - start);
    if (size <= 0 || at + size > bytes.length) throw new Error("a damaged stored snapshot");
    snapshot.set(bytes.subarray(at, at + size), start);
    at += size;
  }
  if (at !== bytes.length) throw new Error("a damaged stored snapshot");
  return snapshot;
}

// The packages' wheels unpacked where Pyodide's loadPackage puts them, not loaded with it: a
// snapshot must not hold the runtime's record of loaded packages (the maker), and a Python
// restored from one has their modules already (the page: only their files are needed).
// Unpacked by static/archive.mjs, not by Pyodide's `unpackArchive` (Python's zipfile in
// WebAssembly; docs/offline.md). `wheels`: [address, its bytes (a promise)].
export async function placePackages(pyodide, wheels) {
  const sitePackages = pyodide.runPython(
    "str(__import__('pyodide._package_loader', fromlist=['SITE_PACKAGES']).SITE_PACKAGES)");
  for (const [url, wheel] of wheels) {
    const file = url.split(/[?#]/)[0];      // (named without the site's ?v= cache-buster)
    await unpackArchive(pyodide, await wheel, sitePackages, file.slice(file.lastIndexOf("/") + 1));
  }
  pyodide.runPython("__import__('importlib').invalidate_caches()");    // new files in a known folder
}
