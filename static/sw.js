// The service worker: the game opens with no network after the first visit.
//
// build.py serves this file from the site's root (a service worker controls only its own
// folder and below) with two lines put in front of it: VERSION, a hash of every file the
// game needs, and FILES, those files' paths relative to the root ("" is the page). A new
// build is a new VERSION, hence a new cache; the page asks the player before switching
// (static/boot.js), and the old caches are deleted once the new worker takes over.
//
// Cache-first for the listed files; the original responses are kept, so the wasm keeps
// its application/wasm type and streams. Anything else goes to the network untouched.
// It only computes: no headers are added (no COOP/COEP).
//
// One address is virtual, never on the network: `pyodide-snapshot`, the memory snapshot of
// Python's start that static/interpreter.mjs makes and restores. It is kept in this version's
// cache, so it is only used with the files it was made from and goes with them. GET answers
// it (or 204 with `X-Snapshot: none` or `refused`), PUT stores it, DELETE refuses it for this
// version (a snapshot that failed is not made again).

/* global VERSION, FILES */
const PREFIX = "ttr-";
const CACHE = `${PREFIX}${VERSION}`;
const SCOPE = new URL("./", self.location.href);
const PAGE = SCOPE.href;
const LISTED = new Set(FILES.map((path) => new URL(path, SCOPE).href));
const SNAPSHOT = new URL("pyodide-snapshot", SCOPE).href;

self.addEventListener("install", (event) => {
  // `no-cache` revalidates with the server: a file the page just loaded costs a 304, not a
  // second download, and a new version never stores an older file from the HTTP cache.
  event.waitUntil(caches.open(CACHE).then((cache) =>
    cache.addAll([...LISTED].map((url) => new Request(url, { cache: "no-cache" })))));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((names) => Promise.all(names
      .filter((name) => name.startsWith(PREFIX) && name !== CACHE)
      .map((name) => caches.delete(name))))
    .then(() => self.clients.claim()));
});

self.addEventListener("message", (event) => {
  if (event.data === "ttr:activate") self.skipWaiting();
});

const NO_SNAPSHOT = (state) => new Response(null, { status: 204, headers: { "X-Snapshot": state } });

async function snapshot(request) {
  // A worker whose version has been replaced (its cache deleted) must not make the cache again.
  if (!(await caches.has(CACHE))) {
    return request.method === "GET" ? NO_SNAPSHOT("refused") : new Response(null, { status: 204 });
  }
  const cache = await caches.open(CACHE);
  if (request.method === "GET") return (await cache.match(SNAPSHOT)) ?? NO_SNAPSHOT("none");
  const stored = request.method === "PUT"
    ? new Response(await request.arrayBuffer(), { headers: { "Content-Type": "application/octet-stream" } })
    : NO_SNAPSHOT("refused");
  await cache.put(SNAPSHOT, stored);
  return new Response(null, { status: 201 });
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.url === SNAPSHOT) {
    event.respondWith(snapshot(request));
    return;
  }
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  url.hash = "";
  let key = null;
  if (request.mode === "navigate" && url.href.startsWith(PAGE)
      && (url.pathname === SCOPE.pathname || url.pathname === `${SCOPE.pathname}index.html`)) {
    key = PAGE;                 // the page, whatever its query string (?ai-delay=0, ...)
  } else {
    url.search = "";            // hashed query strings (cache-busting) name the same file
    if (LISTED.has(url.href)) key = url.href;
  }
  if (key === null) return;
  event.respondWith(caches.open(CACHE)
    .then((cache) => cache.match(key))
    .then((cached) => cached || fetch(request)));
});
