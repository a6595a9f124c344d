// The loader that runs before Python: language, progress bar, error panel, then PyScript.
//
// Its strings are the `boot.*` keys of the catalogs in game/locales/, which build.py copies
// into static/build/boot-messages.json (with the shipped languages and their aliases), so
// they are translated with the rest of the game. It picks the language, sets <html lang> and
// starts fetching that language's catalog.
// Python takes over the page and sets `data-game-ready` on <html> when the board is
// interactive; until then this script shows progress from PyScript's `py:progress` events
// and from the runtime files it sees arrive.

import { keepPyScriptStoresInMemory } from "./pyscript-stores.mjs";

const root = document.documentElement;
const LANGUAGE_KEY = "ttr.language";        // the player's choice, saved by the game
const FALLBACK_LANGUAGE = "en";
// The one string that cannot come from a catalog: it explains that the catalog is missing.
const LAST_RESORT = "The game could not start.";

// PyScript's loading stages, in order: [progress fraction, stage key].
const STAGES = new Map([
  ["Loading Pyodide", [0.04, "runtime"]],
  ["Loading remote packages", [0.07, "packages"]],
  ["Loading Storage", [0.08, "storage"]],
  ["Loading interpreter", [0.10, "interpreter"]],
  ["Loaded interpreter", [0.85, "interpreter"]],
  ["Loaded Pyodide", [0.92, "game"]],
]);
// Within "Loading interpreter" (the long stage), the runtime files it needs, once arrived
// (they may arrive earlier, preloaded by index.html; they count from this stage on).
const FILES = [
  ["/pyodide-lock.json", 0.14],
  ["/pyodide.asm.mjs", 0.18],
  ["/python_stdlib.zip", 0.26],
  ["/pyodide.asm.wasm", 0.36],
  [".whl", 0.40],
];

const $ = (id) => document.getElementById(id);
// The embed page (index.html?embed, docs/embed.md): its language and theme come from its own
// address; it reads and writes no storage, and registers no service worker.
// The names and values below are game/share.py's and game/ui/embed.py's (their one home;
// tests/test_loader_truths.py checks these copies).
const EMBED_KEY = "embed";                      // game.share.EMBED_KEY
const THEMES = ["light", "dark", "auto"];       // game.share.THEMES
const DEFAULT_THEME = "auto";                   // game.share.DEFAULT_THEME
const HEIGHT = "ttr:height";                    // game.ui.embed.HEIGHT
const ERROR = "ttr:error";                      // game.ui.embed.ERROR
const query = new URLSearchParams(location.search);
const EMBED = query.has(EMBED_KEY);
if (EMBED) {
  root.setAttribute("data-embed", "");
  // a seat's hand and tickets will be shown (a taller page: static/style.css reserves for it)
  if (/^\d+$/.test(query.get("view") ?? "")) root.setAttribute("data-embed-seat", "");
  root.setAttribute("data-theme", THEMES.includes(query.get("theme")) ? query.get("theme") : DEFAULT_THEME);
  // opened in a tab of its own (a review's "Open as a lesson"): no host sizes it, so the board fits
  // the window, all of it in view (static/style.css)
  if (window.parent === window) root.setAttribute("data-embed-tab", "");
}
// The page that frames the embed hears from the loader itself, so that nothing failing inside
// PyScript or Pyodide can silence it: the height the embed takes from its first paint (its
// loading panel reserves the room the board will take, static/style.css), and `ttr:error`
// with the reason when the boot fails. Python's embed page (game/web/embed.py) takes over
// the height once the page is ready.
const HOST = EMBED && window.parent !== window ? window.parent : null;

function tellHost(message) {
  HOST?.postMessage(message, "*");
}

let reportedHeight = -1;

function reportHeight() {
  const height = Math.ceil(document.body.getBoundingClientRect().height);
  if (height === reportedHeight) return;
  reportedHeight = height;
  tellHost({ type: HEIGHT, height });
}

function watchHeight() {
  if (!HOST) return;
  reportHeight();
  const observer = new ResizeObserver(reportHeight);
  observer.observe(document.body);
  whenReady(() => observer.disconnect());
}

let messages = null;          // the chosen language's boot strings (English filled in)
let stage = "start";
let progress = 0.01;
let failure = null;           // [key, detail] once boot has failed
const arrived = [];           // progress fractions of the runtime files received so far

// ?lang= in the address first (the embed uses it), then the player's choice, then the browser's.
function chooseLanguage(languages, aliases) {
  let saved = null;
  try {
    saved = EMBED ? null : localStorage.getItem(LANGUAGE_KEY);
  } catch {
    // storage disabled: fall back to the browser's languages
  }
  // static/language.js (a classic script the page runs first): game/i18n.py's matching
  return globalThis.ttrChooseLanguage([query.get("lang"), saved, ...navigator.languages],
                                      Object.keys(languages), aliases) ?? FALLBACK_LANGUAGE;
}

function text(key, params = {}) {
  const template = messages?.[key] ?? key;
  return template.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? params[name] : whole));
}

function render() {
  const bar = $("boot-progress");
  bar.value = Math.round(progress * 100);
  if (!messages) return;
  document.title = text("boot.title");
  for (const element of document.querySelectorAll("[data-i18n]")) {
    element.textContent = text(element.dataset.i18n);
  }
  bar.setAttribute("aria-valuetext", text(`boot.stage.${stage}`));
  $("boot-stage").textContent = text(`boot.stage.${stage}`);
  if (failure) {
    const [key, detail] = failure;
    $("boot-error-message").textContent = text(key, { detail });
  }
}

function advance(fraction, stageKey) {
  if (failure || fraction <= progress) return;
  progress = fraction;
  if (stageKey) stage = stageKey;
  render();
}

// The file behind a failure, if a request failed: "path (HTTP status)", else null.
function failedFile(message) {
  for (const entry of performance.getEntriesByType("resource")) {
    if (entry.responseStatus >= 400) return `${sitePath(entry.name)} (HTTP ${entry.responseStatus})`;
  }
  // PyScript's fetch errors: "[404] Unable to fetch <url>" and
  // "(PY0404): Fetching from URL <url> failed with error 404 (Not Found)…".
  const match = /\[(\d{3})\] Unable to fetch (\S+)/.exec(message);
  if (match) return `${sitePath(match[2])} (HTTP ${match[1]})`;
  const config = /Fetching from URL (\S+) failed with error (\d{3})/.exec(message);
  if (config) return `${sitePath(config[1])} (HTTP ${config[2]})`;
  // static/archive.mjs's, for the game's archive: "static/build/game.zip (HTTP 404)".
  const own = /\S+ \(HTTP \d{3}\)/.exec(message);
  return own ? own[0] : null;
}

function fail(key, detail) {
  if (failure || root.hasAttribute("data-game-ready")) return;
  const file = key === "boot.error.failed" ? failedFile(detail) : null;
  if (file) [key, detail] = ["boot.error.missing_file", file];
  failure = [key, detail];
  $("boot-loader").hidden = true;
  $("boot-error").hidden = false;
  render();
  // Announce the failure once the panel's strings are in (or known to be missing).
  messagesLoaded.then(() => {
    if (!messages) $("boot-error-message").textContent = `${LAST_RESORT} ${detail}`;
    root.setAttribute("data-boot-failed", key);
    const title = $("boot-error").querySelector("h1").textContent;
    const said = $("boot-error-message").textContent;
    tellHost({ type: ERROR, message: title ? `${title}: ${said}` : said, reason: key });
    reportedHeight = -1;
    reportHeight();
  });
}

function sitePath(url) {
  const base = new URL(".", document.baseURI).pathname;
  const path = new URL(url, document.baseURI).pathname;
  return path.startsWith(base) ? path.slice(base.length) : path;
}

function watchResources() {
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      // a catalog that cannot be had is game/web/catalogs.py's to report (the game goes on)
      if (entry.responseStatus >= 400 && !Object.values(catalogUrls).includes(entry.name)) {
        fail("boot.error.missing_file", `${sitePath(entry.name)} (HTTP ${entry.responseStatus})`);
      }
      for (const [suffix, fraction] of FILES) {
        if (new URL(entry.name).pathname.endsWith(suffix)) arrived.push(fraction);
      }
    }
    countArrivedFiles();
  }).observe({ type: "resource", buffered: true });
}

function countArrivedFiles() {
  if (stage === "interpreter" && progress < 0.8) advance(Math.max(progress, ...arrived));
}

function watchFailures() {
  addEventListener("error", (event) => fail("boot.error.failed", event.message));
  addEventListener("unhandledrejection", (event) =>
    fail("boot.error.failed", String(event.reason?.message ?? event.reason)));
  // PyScript reports errors it catches (Python tracebacks included) as `.py-error` banners.
  new MutationObserver(() => {
    const banner = document.querySelector(".py-error");
    if (banner) fail("boot.error.failed", banner.textContent.trim().split("\n").pop());
  }).observe(document.body, { childList: true });
  new MutationObserver(() => {
    if (!root.hasAttribute("data-game-ready")) return;
    progress = 1;
    $("boot-loader").hidden = true;
  }).observe(root, { attributes: true, attributeFilter: ["data-game-ready"] });
}

// The game's catalogs: English's is in the game's archive, every other language's is a file
// of its own (build/locales/), fetched when needed: the chosen language's now, while Python
// starts, another when the player changes language (game/web/catalogs.py asks by
// `ttrCatalog(code)`: its bytes, or undefined (None in Python) when it cannot be had; a
// failure is asked again).
let catalogUrls = {};
const catalogRequests = new Map();

function requestCatalog(code) {
  if (!catalogRequests.has(code)) {
    const url = catalogUrls[code];
    const request = url === undefined ? Promise.resolve(undefined)
      : fetch(url).then((response) => (response.ok ? response.arrayBuffer() : undefined))
        .catch(() => undefined);
    catalogRequests.set(code, request);
    request.then((bytes) => { if (bytes === undefined) catalogRequests.delete(code); });
  }
  return catalogRequests.get(code);
}

async function loadMessages() {
  const url = new URL("build/boot-messages.json", import.meta.url);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${sitePath(url)} (HTTP ${response.status})`);
  const { languages, aliases, messages: strings, catalogs } = await response.json();
  catalogUrls = Object.fromEntries(Object.entries(catalogs)
    .map(([code, path]) => [code, new URL(path, url).href]));
  const language = chooseLanguage(languages, aliases);
  root.lang = language;
  requestCatalog(language);
  messages = { ...strings[FALLBACK_LANGUAGE], ...strings[language] };
  render();
}

const messagesLoaded = loadMessages().catch((error) =>
  fail("boot.error.missing_file", error.message));
globalThis.ttrCatalog = (code) => messagesLoaded.then(() => requestCatalog(code));

function boot() {
  $("boot-retry").addEventListener("click", () => location.reload());
  keepPyScriptStoresInMemory();
  watchHeight();
  watchFailures();
  watchResources();
  if (typeof WebAssembly !== "object" || typeof WebAssembly.instantiate !== "function") {
    fail("boot.error.no_wasm", "");
    return;
  }
  addEventListener("py:progress", ({ detail }) => {
    const known = STAGES.get(detail);
    if (known) advance(...known);
    countArrivedFiles();
  });
  render();
  // Python's runtime starts loading now, while PyScript's own start runs (its call takes it
  // over: static/interpreter.mjs); a failure is said by that call.
  import("./interpreter.mjs").then((runtime) => runtime.begin()).catch(() => {});
  import(new URL("vendor/pyscript/core.js", import.meta.url).href).catch((error) =>
    fail("boot.error.missing_file", error.message));
}

// --- offline: the service worker and the update prompt -------------------------------------
// The worker (build.py serves it from the site's root) is registered once the game is ready,
// so its downloads never slow the boot. When a new version has been installed, a banner asks
// the player; only on "Switch now" does the new worker take over and the page reload. The
// game saves itself after every action, so the reload resumes the game in progress.

let acceptedUpdate = false;

function showUpdatePrompt(worker) {
  if ($("update-banner")) return;
  const banner = document.createElement("aside");
  banner.id = "update-banner";
  banner.className = "update-banner";
  banner.setAttribute("role", "status");
  const message = document.createElement("p");
  message.textContent = text("boot.update.ready");
  const accept = document.createElement("button");
  accept.type = "button";
  accept.dataset.update = "accept";
  accept.textContent = text("boot.update.switch");
  const later = document.createElement("button");
  later.type = "button";
  later.dataset.update = "later";
  later.className = "secondary";
  later.textContent = text("boot.update.later");
  accept.addEventListener("click", () => {
    acceptedUpdate = true;
    accept.disabled = later.disabled = true;
    worker.postMessage("ttr:activate");
  });
  later.addEventListener("click", () => banner.remove());
  banner.append(message, accept, later);
  document.body.append(banner);
  root.setAttribute("data-update-ready", "");
}

function watchForUpdates(registration) {
  const offer = (worker) => {
    if (worker && navigator.serviceWorker.controller) showUpdatePrompt(worker);
  };
  if (registration.waiting) offer(registration.waiting);
  registration.addEventListener("updatefound", () => {
    const worker = registration.installing;
    worker?.addEventListener("statechange", () => {
      if (worker.state === "installed") offer(worker);
    });
  });
  // The first visit's worker takes control without a reload; only an accepted update reloads.
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (acceptedUpdate) location.reload();
  });
  // Look for a new version when the player comes back to the tab, and hourly.
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") registration.update().catch(() => {});
  });
  setInterval(() => registration.update().catch(() => {}), 3_600_000);
}

function registerServiceWorker() {
  if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
  navigator.serviceWorker.register(new URL("../sw.js", import.meta.url))
    .then(watchForUpdates)
    .catch((error) => console.info(`Offline play is unavailable: ${error.message}`));
}

function whenReady(then) {
  if (root.hasAttribute("data-game-ready")) return then();
  const observer = new MutationObserver(() => {
    if (!root.hasAttribute("data-game-ready")) return;
    observer.disconnect();
    then();
  });
  observer.observe(root, { attributes: true, attributeFilter: ["data-game-ready"] });
}

// --- storage that lasts: ask once the first game is on the table (hence saved) ------------
// The game marks #app with data-phase while a game is shown; it saves after every action.
// The request's answer (true: persistent) is kept in `globalThis.ttrStorageRequest`, so the
// saved-games screen (game/web/persist.py) waits for it rather than reporting too early.

function askForPersistentStorage() {
  if (!navigator.storage?.persist) return;
  const app = $("app");
  const observer = new MutationObserver(() => {
    if (!app.hasAttribute("data-phase")) return;
    observer.disconnect();
    globalThis.ttrStorageRequest = navigator.storage.persisted()
      .then((already) => already || navigator.storage.persist())
      .catch(() => false);
  });
  observer.observe(app, { attributes: true, attributeFilter: ["data-phase"] });
}

boot();
if (!EMBED) {
  askForPersistentStorage();
  whenReady(registerServiceWorker);
}
