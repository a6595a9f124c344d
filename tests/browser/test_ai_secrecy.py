"""The messages the page really sends its AI worker hold no secret: every request captured in
Chromium during a game is checked, at the position it was sent from, as the CPython test
``tests/ai/test_request_secrecy.py`` checks the requests it builds (no RNG state, past or
present, even by stepping SplitMix64; no hidden card or ticket; the view is the seat's own
view), and every answer names only a position in the request's legal list.  The page runs two
workers, so hard's searched moves go out as shards (``game.ui.ai_shards``: the seat's request and
which samples to play), and every AI move played is the one CPython chooses for the same request."""

from __future__ import annotations

import json
import sys
from dataclasses import replace
from pathlib import Path

from ui_driver import AI_FAST, human_step, new_game, saved_scenario, wait_for_human

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "ai"))
from test_request_secrecy import assert_no_secret_in

from game.ui.ai_shards import SHARD_TAG, ShardRequest
from game.ui.ai_turn import AiRequest
from game.ui.session import Session
from game.view import player_view

# Before the page loads: record every text the page posts to the AI worker and every text it
# gets back (the other worker, the snapshot's, is only told module names: static/interpreter.mjs).
SPY = """(() => {
    window.aiSent = []; window.aiGot = [];
    const Native = window.Worker;
    window.Worker = class extends Native {
        constructor(url, options) {
            super(url, options);
            this.spied = String(url).includes('ai-worker');
            if (this.spied) this.addEventListener('message', (event) => window.aiGot.push(String(event.data)));
        }
        postMessage(data, ...rest) {
            if (this.spied) window.aiSent.push(String(data));
            return super.postMessage(data, ...rest);
        }
    };
})();"""
SEED = "1460318251"      # a seed like the page's own: a small one would "appear" in any request
WHOLE_ANSWER = {"ticket", "choice", "error", "ms"}
SHARD_ANSWER = {"shard", "of", "ticket", "candidates", "samples", "margins", "error", "ms"}


def request_in(text: str) -> AiRequest:
    """The seat's request a message to a worker carries (a move's whole, or one shard of it)."""
    return ShardRequest.from_text(text).request if text.startswith(SHARD_TAG) else AiRequest.from_text(text)


def test_the_requests_the_page_sends_its_two_workers_hold_no_secret_and_get_cpython_s_moves(browser_session):
    context = browser_session.new_context()
    context.add_init_script(SPY)
    page = browser_session.open(AI_FAST + "&ai-workers=2", context=context)
    new_game(page, ["Ann", "Bot", "Cy"], ["human", "ai:hard", "ai:easy"], map_id="europe", seed=SEED)
    for _ in range(16):
        facts = wait_for_human(page)
        if facts["over"]:
            break
        human_step(page, facts)
    wait_for_human(page)
    texts = page.evaluate("window.aiSent")
    sent = [request_in(text) for text in texts]
    assert any(ShardRequest.from_text(t).of == 2 for t in texts if t.startswith(SHARD_TAG))      # hard, shared
    got = [json.loads(text) for text in page.evaluate("window.aiGot")]
    scenario = saved_scenario(page)
    assert len(sent) >= 10

    # replay the saved game; check each request at the position it was sent from
    actions, scenario["actions"] = scenario["actions"], []
    session = Session(scenario)
    history = {session.state["rng"]}
    unchecked = {i: json.dumps(r.view, sort_keys=True) for i, r in enumerate(sent)}
    ai_moves, ahead = 0, set()
    for action in [*actions, None]:
        ahead |= {r.to_text() for r in session.ai_requests_ahead()}      # asked while a human keeps tickets
        if session.ai_to_move():
            here = json.dumps(player_view(session.state, session.current), sort_keys=True)
            for i in [i for i, view in unchecked.items() if view == here]:
                assert_no_secret_in(sent[i], session, history)
                del unchecked[i]
            if action is not None:
                assert action == str(session.ai_action()), (len(session.actions), session.ai_level())   # CPython's
                ai_moves += 1
        if action is not None:
            session.play(action)
            history.add(session.state["rng"])
    # the rest: AI moves asked ahead that the human's choice made moot (test_request_secrecy.py checks them)
    unchecked = {i: view for i, view in unchecked.items() if replace(sent[i], ticket=0).to_text() not in ahead}
    assert not unchecked, f"requests whose view is no position of the game: {sorted(unchecked)}"
    assert ai_moves >= 10

    answers = [a for a in got if "ready" not in a]
    assert len(answers) == len(sent)
    assert all(set(a) == WHOLE_ANSWER and isinstance(a["choice"], int)
               or set(a) == SHARD_ANSWER and a["error"] is None and all(isinstance(c, int) for c in a["candidates"])
               for a in answers)
