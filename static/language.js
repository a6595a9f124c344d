// The language the page speaks, chosen before Python runs: game/i18n.py's match_language in
// JavaScript, for the loader (static/boot.js) and for the notice index.html shows when the page
// is opened from a file. A classic script, not a module: from a file, browsers refuse module
// scripts, and the notice must still speak the player's language. tests/test_language_copies.py
// runs it and checks that it chooses what game/i18n.py chooses.
"use strict";

// The first shipped language (a code of `languages`) that one of `wanted` asks for, or null:
// a tag is matched by dropping subtags ("fr-CA" → "fr", "zh-Hant-TW" → "zh-Hant") and through
// `aliases` (lower-case tag → code: "no" → "nb"), game/i18n.py's LANGUAGES and ALIASES.
globalThis.ttrChooseLanguage = function (wanted, languages, aliases) {
  var codes = {};
  languages.forEach(function (code) { codes[code.toLowerCase()] = code; });
  Object.keys(aliases).forEach(function (alias) { codes[alias] = aliases[alias]; });
  for (var i = 0; i < wanted.length; i++) {
    var tag = String(wanted[i] || "").trim().toLowerCase().replace(/_/g, "-");
    for (; tag; tag = tag.slice(0, Math.max(tag.lastIndexOf("-"), 0))) {
      if (Object.prototype.hasOwnProperty.call(codes, tag)) return codes[tag];
    }
  }
  return null;
};
