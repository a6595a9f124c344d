"""The game's page in the fake browser, driven as a player and the browser drive it: clicks,
keys and changes dispatched on its elements, its timers and tasks run on the fake clock, its AI
workers answered as ``static/ai-worker.mjs`` answers them.  The tests assert on the DOM."""

from __future__ import annotations

import asyncio
import importlib

from fakedom import Element
from fakeevents import Event
from fakejs import WORKER_SCRIPT, Browser

from game.ui import ai_shards, ai_turn, review_turn
from game.ui.ai_shards import SHARD_TAG

FOCUSABLE = "button, input, select, textarea, a[href], [tabindex]"
AFTER_PAINT_MS = 300     # past the AI helper's wait for a painted frame before it posts (game.web.ai_helper)


class Page:
    """``index.html`` in ``browser``: its head names the AI worker, its body holds ``#app``."""

    def __init__(self, browser: Browser) -> None:
        self.browser = browser
        self.document = browser.document
        meta = self.document.createElement("meta")
        meta.setAttribute("name", "ai-worker")
        meta.setAttribute("content", WORKER_SCRIPT)
        self.document.head.append(meta)
        self.root = self.document.createElement("main")
        self.root.id = "app"
        self.root.hidden = True
        self.document.body.append(self.root)

    # --- the page's life ---
    def start(self, address: str | None = None) -> Page:
        """Open the page at ``address`` (the game's, by default) and run ``game.web.app.start``."""
        if address is not None:
            self.browser.location.href = address
        importlib.import_module("game.web.app").start(self.root, "")
        self.settle()
        return self

    def settle(self, rounds: int = 50) -> None:
        """Run the timers due now and the page's tasks (``asyncio``) until neither has work."""
        loop = asyncio.get_event_loop()
        for _ in range(rounds):
            ran = self.browser.clock.run()
            loop.run_until_complete(asyncio.sleep(0))
            if not ran and not [t for t in asyncio.all_tasks(loop) if not t.done()]:
                return

    def wait(self, ms: float) -> None:
        """Let ``ms`` pass: every timer due meanwhile runs, then the page settles."""
        self.browser.clock.advance(ms)
        self.settle()

    # --- finding ---
    def one(self, selector: str) -> Element:
        found = self.document.querySelector(selector)
        assert found is not None, f"nothing on the page matches {selector!r}"
        return found

    def all(self, selector: str) -> list[Element]:
        return list(self.document.querySelectorAll(selector))

    def has(self, selector: str) -> bool:
        return self.document.querySelector(selector) is not None

    def app(self, name: str) -> str | None:
        """An attribute of ``#app`` (``data-phase``, ``data-current`` ...)."""
        return self.root.getAttribute(name)

    def text(self, selector: str) -> str:
        return " ".join(self.one(selector).textContent.split())

    # --- input ---
    def click(self, target: str | Element) -> None:
        """Click ``target`` as a mouse does: what can take the focus under it takes it, then the click."""
        node = self.one(target) if isinstance(target, str) else target
        focusable = node.closest(FOCUSABLE)
        if focusable is not None:
            focusable.focus()
        node.dispatchEvent(Event("click", clientX=10, clientY=10, pointerType="mouse", button=0))
        self.settle()

    def command(self, cmd: str, arg: str | None = None) -> None:
        """Click the control of command ``cmd`` (and argument ``arg``, if given)."""
        selector = f'[data-cmd="{cmd}"]' + ("" if arg is None else f'[data-arg="{arg}"]')
        self.click(selector)

    def key(self, key: str, *, shift: bool = False) -> None:
        """Press ``key`` where the focus is (the body when nothing has it)."""
        self.document.activeElement.dispatchEvent(Event("keydown", key=key, shiftKey=shift))
        self.settle()

    def change(self, target: str | Element, value: str | bool) -> None:
        """Set a form control (a checkbox: ``checked``) and send its ``change``."""
        node = self.one(target) if isinstance(target, str) else target
        if isinstance(value, bool):
            node.checked = value
        else:
            node.value = value
        node.dispatchEvent(Event("change"))
        self.settle()

    # --- the AI workers ---
    def workers_ready(self) -> None:
        """Every worker says it has loaded Python, as ``static/ai-worker.mjs`` does."""
        for worker in self.browser.workers:
            if not worker.terminated:
                worker.say('{"ready": true}')
        self.settle()

    def requests(self) -> list[tuple[int, str]]:
        """The requests the page posted to its workers since the last call: (worker, text)."""
        return [(n, text) for n, worker in enumerate(self.browser.workers) for text in worker.take()]

    def answer(self, requests: list[tuple[int, str]]) -> None:
        """Answer each request in its worker, as ``static/ai-worker.mjs`` does."""
        for n, text in requests:
            if text.startswith('{"review"'):
                reply = review_turn.answer(text)
            elif text.startswith(SHARD_TAG):
                reply = ai_shards.answer(text)
            else:
                reply = ai_turn.answer(text)
            self.browser.workers[n].say(reply)
        self.settle()

    def answer_all(self, limit: int = 50) -> int:
        """Answer the workers until they are asked nothing more; how many requests were answered."""
        count = 0
        for _ in range(limit):
            asked = self.requests()
            if not asked:
                return count
            self.answer(asked)
            count += len(asked)
        raise AssertionError("the workers are still asked after {limit} rounds")

    # --- a game ---
    def new_game(self, *kinds: str, seed: str = "7") -> None:
        """Start a game from the start screen's form: a seat of each kind (``human``, ``ai:easy`` ...)."""
        self.change("#opt-count", str(len(kinds)))
        for seat, kind in enumerate(kinds):
            if self.one(f"#seat-kind-{seat}").value != kind:
                self.change(f"#seat-kind-{seat}", kind)
        self.one("#opt-seed").value = seed
        self.command("start")

    def keep_tickets(self, count: int = 2) -> list[str]:
        """Tick the first ``count`` tickets of the choice up and keep them; the tickets kept."""
        boxes = self.all("#dialogs .offer input[name=keep]")[:count]
        for box in boxes:
            self.click(box)
        self.command("keep")
        return [box.value for box in boxes]

    def ai_plays(self, human: int = 0, turns: int = 20) -> int:
        """Answer the workers until seat ``human`` is to act with no AI move pending; the requests answered."""
        answered = 0
        for _ in range(turns):
            self.wait(AFTER_PAINT_MS)
            asked = self.requests()
            if not asked and self.app("data-current") == str(human):
                return answered
            self.answer(asked)
            answered += len(asked)
        raise AssertionError(f"seat {human} is never to act: {self.app('data-current')} is, {self.text('#status')!r}")
