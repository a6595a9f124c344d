// Runs the page's two language choices on cases read from standard input, for
// tests/test_language_copies.py: static/boot.js's chooseLanguage and the file:// notice's
// inline script in index.html, each with static/language.js run first as the page runs it.
// Prints each one's choices as JSON.
"use strict";
const fs = require("fs");
const path = require("path");
const vm = require("vm");

const root = path.resolve(__dirname, "..", "..");
const { languages, aliases, cases } = JSON.parse(fs.readFileSync(0, "utf-8"));
const chooser = fs.readFileSync(path.join(root, "static", "language.js"), "utf-8");

// boot.js is a module that starts the game as it loads: only its language functions and the
// constants they read are taken out of it.
const boot = fs.readFileSync(path.join(root, "static", "boot.js"), "utf-8");
const part = (pattern) => {
  const found = boot.match(pattern);
  if (!found) throw new Error(`static/boot.js: ${pattern} not found`);
  return found[0];
};
const bootSource = [
  part(/^const LANGUAGE_KEY = .*$/m), part(/^const FALLBACK_LANGUAGE = .*$/m),
  part(/^function chooseLanguage\([\s\S]*?\n}\n/m),
  "chooseLanguage(languages, aliases);",
].join("\n");

const page = fs.readFileSync(path.join(root, "index.html"), "utf-8");
const inline = [...page.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1])
  .find((script) => script.includes('location.protocol === "file:"'));
if (!inline) throw new Error("index.html: the file:// notice's script not found");

function browser(one) {
  const search = one.lang === null ? "" : `?lang=${encodeURIComponent(one.lang)}`;
  return {
    URLSearchParams, String, Object, Math,
    location: { protocol: "file:", search },
    localStorage: { getItem: (key) => (key === "ttr.language" ? one.saved : null) },
    navigator: { languages: one.browser, language: one.browser[0] },
  };
}

// A fresh page per case: static/language.js first, then the script that uses it.
function run(one, script, more) {
  const context = vm.createContext({ ...browser(one), ...more });
  vm.runInContext(chooser, context);
  return vm.runInContext(script, context);
}

const results = cases.map((one) => {
  const loader = run(one, bootSource, {
    languages, aliases, EMBED: false, query: new URLSearchParams(browser(one).location.search),
  });
  const elements = {};
  const element = (id) => (elements[id] ??= { id, hidden: false, textContent: "" });
  const documentElement = { lang: "en", setAttribute() {} };
  const loaded = [];
  run(one, inline, { document: { documentElement, getElementById: element,
                                 addEventListener: (kind, listener) => kind === "DOMContentLoaded" && loaded.push(listener) } });
  if (loaded.length !== 1) throw new Error("index.html: the file:// notice waits for DOMContentLoaded no more");
  loaded[0]();
  return { boot: loader, page: documentElement.lang };
});
process.stdout.write(JSON.stringify(results));
