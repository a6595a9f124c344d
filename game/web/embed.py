"""The embed page in the browser (``index.html?embed``, ``docs/embed.md``): reads its options and
scenario (``game.ui.embed``), draws the step shown — its text, the board with what it points
out, the cards and the players — steps through the lesson by its buttons, the arrow keys (only
while it has the focus) and the host page's messages, tells the host its height and step, and
hands the page to the game (``game.web.app``) to play on from a step.  Nothing is kept in the
browser's storage: an embedded game is kept in memory only.
"""

from __future__ import annotations

import asyncio
from typing import Any

import js
from pyodide.ffi import JsException, to_js

from game.i18n import _
from game.ui.commands import Control
from game.ui.embed import (
    EmbedError,
    EmbedOptions,
    Lesson,
    error_message,
    goto_request,
    height_message,
    read_options,
    scenario_data,
)
from game.ui.game_facts import Memo
from game.ui.keeping import failure_text
from game.ui.page_events import PlayFrom
from game.ui.screen import lesson_screen
from game.ui.storage import DictBackend
from game.web import cues, table
from game.web.app import App
from game.web.dom import button, closest, el, keep_alive, present
from game.web.page_config import PageConfig
from game.web.zoom import Zoom, zoom_buttons

STEP_KEYS = {"ArrowRight": 1, "ArrowDown": 1, "PageDown": 1, "ArrowLeft": -1, "ArrowUp": -1, "PageUp": -1}


def _same(a, b) -> bool:
    """JavaScript's ``Object.is``: whether two proxies are the same object (windows included)."""
    return bool(getattr(js.Object, "is")(a, b))


def _post(message: dict[str, Any]) -> None:
    """Tell the host page (nothing when the embed is the page itself)."""
    parent = js.window.parent
    if _same(parent, js.window):
        return
    parent.postMessage(to_js(message, dict_converter=js.Object.fromEntries), "*")


class EmbedPage:
    """The lesson in the page, and the game played on from it."""

    def __init__(self, root, options: EmbedOptions | None) -> None:
        self.root = root
        self.options = options
        self.lesson: Lesson | None = None
        self.parts: table.TableParts | None = None      # the lesson's board and side column
        self.memo = Memo()
        self.game: App | None = None        # the table, made on the first "Play from here"
        self.playing = False
        self.height = -1
        self.zoom = Zoom(wheel_if=self.has_focus)
        root.addEventListener("click", keep_alive(self.on_click))
        root.addEventListener("keydown", keep_alive(self.on_key))
        js.window.addEventListener("message", keep_alive(self.on_message))
        js.ResizeObserver.new(keep_alive(self.on_resize)).observe(js.document.body)

    async def load(self) -> None:
        """Read the scenario, show its step (or what is wrong), and say ready (``data-embed-state``
        on ``#app``: ``loading``, then ``ready`` or ``error``)."""
        options = self.options
        assert options is not None         # (bad options are said before anything is loaded)
        try:
            text = None if options.file is None else await self.fetch(options.file)
            self.lesson = Lesson(scenario_data(options, text), options)
        except EmbedError as exc:
            self.fail(exc)
        except Exception as exc:        # noqa: BLE001 - whatever a scenario does, the embed says it
            self.fail(EmbedError("embed.error.scenario", reason=failure_text(exc)))
        else:
            self.show_lesson()
            self.root.setAttribute("data-embed-state", "ready")
            _post(self.lesson.ready_message())
            _post(self.lesson.step_message())
        self.on_resize()

    async def fetch(self, path: str) -> str:
        """A scenario file's text, from the embed's own site (its address is the lesson's, with no
        hash in it, so the HTTP cache is asked to check it with the site: never an older one)."""
        options = {"credentials": "same-origin", "cache": "no-cache"}
        try:
            response = await js.fetch(path, to_js(options, dict_converter=js.Object.fromEntries))
        except JsException as exc:
            raise EmbedError("embed.error.file", path=path, reason=str(exc)) from None
        if not response.ok:
            raise EmbedError("embed.error.file", path=path, reason=f"HTTP {response.status}")
        return str(await response.text())

    def fail(self, exc: EmbedError) -> None:
        message = exc.problem.text()
        self.root.className = "embed"
        self.root.setAttribute("data-embed-state", "error")
        self.root.setAttribute("data-embed-error", exc.problem.key)
        self.root.replaceChildren(el("section", None, el("h1", _("embed.error.title")), el("p", message),
                                     cls="embed-error", role="alert"))
        _post(error_message(message))

    # --- the lesson ---------------------------------------------------------------------------

    def show_lesson(self) -> None:
        """Build the lesson's view, then draw the step shown."""
        lesson, options = self.lesson, self.options
        assert lesson is not None and options is not None
        bar = el("div", None, cls="embed-bar")
        counter = el("span", "", cls="embed-counter", id="embed-counter")
        if options.controls == "none":
            bar.append(counter)
        else:
            bar.append(button(_("embed.previous"), "embed-step", "-1", cls="embed-prev", aria_keyshortcuts="ArrowLeft"),
                       counter,
                       button(_("embed.next"), "embed-step", "1", cls="embed-next primary", aria_keyshortcuts="ArrowRight"))
        bar.append(el("span", None, *zoom_buttons("embed-zoom"), cls="embed-zoom"))
        if options.controls == "play":
            bar.append(el("span", None, button(_("embed.play_ai"), "embed-play", "ai"),
                          button(_("embed.play_hotseat"), "embed-play", "hotseat"), cls="embed-play"))
        board_box = el("div", None, cls="board", id="board")
        self.root.replaceChildren(
            bar, el("p", "", cls="embed-text", id="embed-text", aria_live="polite"),
            el("div", None, board_box, cls="board-frame", id="board-frame"),
            el("div", None, cls="side", id="side"))
        self.root.className = "embed"
        self.root.setAttribute("tabindex", "-1")       # a click inside gives the embed the focus, for its keys
        self.root.setAttribute("role", "region")
        self.root.setAttribute("aria-label", _("embed.label"))
        self.close_parts()
        self.parts = table.TableParts(board_box, js.document.getElementById("side"), lesson.map)
        self.zoom.attach(board_box)
        lesson.take_cues()          # the first step is shown as it stands
        self.draw()

    def close_parts(self) -> None:
        """The lesson's table is taken down (``TableParts.close``)."""
        if self.parts is not None:
            self.parts.close()
            self.parts = None

    def draw(self) -> None:
        """Draw the step shown: its text, the board, the cards and players; then its moves' cues."""
        lesson = self.lesson
        assert lesson is not None and self.parts is not None
        shown = lesson_screen(lesson, self.memo)
        step = shown.lesson
        assert step is not None
        self.parts.draw(shown)
        for node in self.root.querySelectorAll(".lesson-lit"):
            node.classList.remove("lesson-lit")
        for card in step.cards:
            for node in self.root.querySelectorAll(f".own-panel .hand [data-card='{card}']"):
                node.classList.add("lesson-lit")
        for ticket in step.tickets:
            for node in self.root.querySelectorAll(f".own-panel [data-ticket='{js.CSS.escape(ticket)}']"):
                node.classList.add("lesson-lit")
        js.document.getElementById("embed-text").textContent = step.text
        js.document.getElementById("embed-counter").textContent = step.counter
        for cmd, end in (("-1", step.first), ("1", step.last)):
            control = present(self.root.querySelector(f"[data-cmd=embed-step][data-arg='{cmd}']"))
            if control is not None:
                control.setAttribute("aria-disabled", "true" if end else "false")
        self.root.setAttribute("data-embed-step", str(step.index))
        cues.end_reveal()           # the step before's tunnel cards go with it; this step's stay
        cues.play_after_paint(shown.cues, timed=False)

    def go(self, index: int) -> None:
        lesson = self.lesson
        if lesson is None or self.playing or not lesson.go(index):
            return
        self.draw()
        _post(lesson.step_message())

    def back(self) -> None:
        """From the game played on, back to the lesson at the step it left."""
        self.playing = False
        self.show_lesson()
        if self.lesson is not None:
            _post(self.lesson.step_message())

    def play(self, mode: str) -> None:
        lesson = self.lesson
        if lesson is None:
            return
        self.close_parts()
        self.playing = True
        if self.game is None:        # over storage in memory; its way home leads back here
            self.game = App(self.root, PageConfig(DictBackend({}), back_to_lesson=self.back))
        game = self.game
        self.root.removeAttribute("role")
        self.root.removeAttribute("aria-label")
        self.root.setAttribute("data-embed-state", "play")
        scenario, dealt = lesson.play_scenario(mode, game.table.fresh_seed())
        # the deal is said with the status line until the first move
        game.tell(PlayFrom(scenario, _("embed.dealt") if dealt else ""))

    # --- events -------------------------------------------------------------------------------

    def on_click(self, event) -> None:
        control = closest(event.target, "[data-cmd]")
        if control is None or control.getAttribute("aria-disabled") == "true" or self.playing:
            return
        cmd, arg = control.getAttribute("data-cmd"), control.getAttribute("data-arg") or ""
        if cmd == Control.EMBED_ZOOM:
            self.zoom.step(arg)
        elif cmd == Control.EMBED_STEP and self.lesson is not None:
            self.go(self.lesson.index + (1 if arg == "1" else -1))
        elif cmd == Control.EMBED_PLAY:
            self.play(arg)

    def on_key(self, event) -> None:
        """The arrow keys (and Page Up/Down, Home, End) step through, while the embed has the focus."""
        lesson = self.lesson
        if lesson is None or self.playing or self.options is None or self.options.controls == "none" \
                or event.altKey or event.ctrlKey or event.metaKey:
            return
        key = event.key
        if key in STEP_KEYS:
            target = lesson.index + STEP_KEYS[key]
        elif key in ("Home", "End"):
            target = 0 if key == "Home" else len(lesson.steps) - 1
        else:
            return
        event.preventDefault()
        self.go(target)

    def on_message(self, event) -> None:
        """A host page's request (``ttr:goto``); anything else, or from any other window, is ignored."""
        if self.lesson is None or not _same(event.source, js.window.parent):
            return
        data = event.data
        try:
            value = data.to_py(depth=2) if hasattr(data, "to_py") else data
        except Exception:       # noqa: BLE001 - a message that is not plain data is ignored
            return
        step = goto_request(value, len(self.lesson.steps))
        if step is not None:
            self.go(step)

    def has_focus(self) -> bool:
        """Whether the reader has clicked into the embed (its keys and the wheel are its own then)."""
        return bool(js.document.hasFocus()) and bool(self.root.contains(js.document.activeElement))

    def on_resize(self, *_args) -> None:
        height = float(js.document.body.getBoundingClientRect().height)
        if round(height) != self.height:
            self.height = round(height)
            _post(height_message(height))


def start(root) -> None:
    """Take over the page in embed mode (``game.web.main.start`` has set its language)."""
    try:
        options: EmbedOptions | None = read_options(str(js.location.search), str(js.location.hash))
        error = None
    except EmbedError as exc:
        options, error = None, exc
    page = EmbedPage(root, options)
    # Python has the page from here: a scenario file that cannot be fetched is the embed's to say
    # (static/boot.js reports failed files only until the page is ready)
    root.setAttribute("data-embed-state", "loading")
    root.className = "embed"             # the room the lesson takes, from now on (static/style.css)
    root.hidden = False
    js.document.documentElement.setAttribute("data-game-ready", "")
    if error is not None:
        page.fail(error)
        page.on_resize()
        return
    asyncio.ensure_future(page.load())
