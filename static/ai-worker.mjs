// The AI seats' helper: a module Web Worker that chooses AI moves off the page's main thread.
//
// It only computes and talks by messages (no DOM, no SharedArrayBuffer), so it runs on any
// static host.  It starts the vendored Pyodide, unpacks the game's archive and hands every
// message to Python: `game.ui.ai_turn.answer(request_text) -> answer_text` (docs/ui.md), for a
// share of an AI move's search (a request whose text starts with `{"shard"`, docs/ai.md)
// `game.ui.ai_shards.answer(request_text) -> answer_text`, or for a finished game's review (a request whose text starts with `{"review"`, docs/ui.md)
// `game.ui.review_turn.answer(request_text) -> answer_text`.
// Messages out: {"ready": true} once Python is up, {"failed": reason} if it cannot start,
// then one answer per request, in order.

import { downloadArchive, unpackArchive } from "./archive.mjs";
import { loadPyodide } from "./vendor/pyodide/pyodide.mjs";

const here = (path) => new URL(path, import.meta.url).href;

async function start() {
  const pyodide = await loadPyodide({ indexURL: here("./vendor/pyodide/") });
  await unpackArchive(pyodide, await downloadArchive(here("./build/game.zip")), "/ai-helper");
  // (the dataclasses' methods compiled by the build: game/web/codecache.py)
  pyodide.runPython("import sys; sys.path.insert(0, '/ai-helper'); __import__('game.web.codecache').web.codecache.install()");
  const decide = pyodide.pyimport("game.ui.ai_turn").answer;
  const shard = pyodide.pyimport("game.ui.ai_shards").answer;
  let review = null;           // imported on the first review request: AI seats never need it
  return (text) => text.startsWith('{"review"')
    ? (review ??= pyodide.pyimport("game.ui.review_turn").answer)(text)
    : text.startsWith('{"shard"') ? shard(text) : decide(text);
}

const answer = start();
answer.then(
  () => postMessage(JSON.stringify({ ready: true })),
  (error) => postMessage(JSON.stringify({ failed: String(error?.message ?? error) })),
);

self.onmessage = ({ data }) => {
  // after a failed start the page has been told and asks no more; a request already on its
  // way gets no answer
  answer.then((respond) => postMessage(respond(data)), () => {});
};
