"""The table in the page: draws what the model (``game.ui.controller.Table``) says, turns clicks,
keys, timers, another tab's writes and the AI helper's answers into its calls, and keeps the
focus where a keyboard player expects it.

One click handler and one key handler on ``#app`` serve every control: a control names its
command in ``data-cmd`` (and its argument in ``data-arg``); routes and cities are found by
their ``data-route`` / ``data-city``.
"""

from __future__ import annotations

import gc
import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import js
from pyodide.ffi import create_once_callable, to_js

from game.i18n import _
from game.ui.ai_pacing import AI_SPEEDS, AiAsk
from game.ui.ai_turn import AiAnswer
from game.ui.commands import (
    ChooseCity,
    ChooseMap,
    ChooseRoute,
    ChooseSeatCount,
    CloseDialog,
    Command,
    Control,
    DeleteSave,
    Download,
    GoHome,
    Keep,
    Outcome,
    Redraw,
    SetAiSpeed,
    SkipScoring,
    StartGame,
    control_command,
)
from game.ui.controller import Table
from game.ui.keeping import failure_text
from game.ui.placing import Box, room, shift_into
from game.ui.saves import SaveCatalog
from game.ui.screen import Memo, Screen, board_of, dialog_of, screen
from game.ui.storage import Backend, Preferences
from game.web import cues
from game.web import start as start_screen
from game.web.ai_helper import AiHelper
from game.web.dom import (
    FOCUSABLE,
    Node,
    button,
    closest,
    cycle_focus,
    el,
    focus_selector,
    keep_alive,
    present,
)
from game.web.header import Header
from game.web.help import HelpPanel
from game.web.storage import LocalStorage
from game.web.tap import RoutePicker
from game.web.zoom import Zoom, zoom_buttons

if TYPE_CHECKING:
    from game.web import table

GAME_SCREEN = "game.web.table"
WARM_UP_MS = 100     # after the first screen is up, load the game screen while the player reads it
# facts of the game on #app for styles and tests
GAME_ATTRIBUTES = ("data-phase", "data-current", "data-turn", "data-actions", "data-handoff", "data-last-move")
SPEED_KEYS = {"slow": "table.ai_speed.slow", "normal": "table.ai_speed.normal", "fast": "table.ai_speed.fast",
              "instant": "table.ai_speed.instant"}


def _table():
    """The game screen's module, imported on first use: it brings in the board renderer and
    svgwrite, which the first screen (new game, saved games) does not need, so boot is faster."""
    return importlib.import_module(GAME_SCREEN)


def _warm_up() -> None:
    """Load the game screen, then set what the page keeps all its life (modules, maps, catalogs)
    aside from the garbage collector, whose passes over it would otherwise pause play now and then."""
    _table()
    gc.collect()
    gc.freeze()


def _now_ms() -> float:
    return float(js.Date.now())


def _fresh_seed() -> int:
    """53 random bits from the browser's cryptographic generator: too many seeds to try them all
    against the cards a player sees."""
    words = js.crypto.getRandomValues(js.Uint32Array.new(2))
    return (int(words[0]) << 21) ^ int(words[1]) & (2 ** 53 - 1)


def _ai_delay(preferences: Preferences) -> int:
    """``?ai-delay=N`` in the page's address (N ms between AI moves: tests and benchmarks), else
    the delay of the speed the player chose last."""
    value = js.URLSearchParams.new(js.location.search).get("ai-delay")
    if isinstance(value, str) and value.isdigit():
        return int(value)
    return AI_SPEEDS.get(preferences.ai_speed or "", AI_SPEEDS["normal"])


def site_folder() -> str:
    """The address of the folder the page is served from (the site, for links to it)."""
    return str(js.URL.new(".", js.location.href).href)


@dataclass(frozen=True)
class PageConfig:
    """What makes the table page the full game or an embed's game played on from a step."""

    storage: Backend        # where the games and the player's preferences are kept: the browser's
    #                         localStorage for the game, a dict in memory for the embed
    back_to_lesson: Callable[[], None] | None = None    # the way home leads there, by a button kept in
    #                                                     the header's band, instead of to the start screen


class App:
    """The table page: the start screen and a game, or (an embed's) a game and the way back to its lesson."""

    def __init__(self, root, config: PageConfig) -> None:
        self.root = root
        self.config = config
        storage = config.storage
        self.preferences = Preferences(storage)
        self.table = Table(SaveCatalog(storage), clock=_now_ms, fresh_seed=_fresh_seed,
                           ai_delay=_ai_delay(self.preferences), site=site_folder())
        self.table.hints = self.preferences.hints
        self.memo = Memo()                      # what one screen keeps for the next (game.ui.screen)
        self.shown: Screen | None = None        # the screen drawn last
        self.drawn: int | None = None           # the game the table screen was built for (its number)
        self.parts: table.TableParts | None = None
        self.focus_home: str | None = None      # the control or route last focused outside the dialogs
        self.revealed = False                   # the final scoring was being revealed at the last redraw
        self.in_view: tuple[str, str] | None = None     # the route or city kept in view beside the open dialog, its kind
        self.scrolled = 0.0                     # how far the page was scrolled to show it (a phone)
        self.ai = AiHelper(self.on_ai_answer, self.on_ai_failure)
        self.zoom = Zoom()
        self.picker = RoutePicker()
        self.help = HelpPanel(self.preferences)
        self.header = Header()
        root.addEventListener("click", keep_alive(self.on_click))
        js.document.addEventListener("keydown", keep_alive(self.on_key))     # also when nothing has the focus
        root.addEventListener("change", keep_alive(self.on_change))
        root.addEventListener("focusin", keep_alive(self.on_focus))
        root.addEventListener("mouseover", keep_alive(self.on_focus))
        root.addEventListener("focusout", keep_alive(self.on_blur))
        root.addEventListener("mouseout", keep_alive(self.on_blur))
        js.window.addEventListener("storage", keep_alive(self.on_storage))     # another tab wrote

    def apply(self, outcome: Outcome) -> None:
        """Do on the page what a command's outcome asks, then ask for an AI move if one is due."""
        if outcome.download is not None:
            download(outcome.download)
        if outcome.zoom is not None:
            self.zoom.step(outcome.zoom)
        if outcome.say:
            self.say(outcome.say)
        error = present(js.document.querySelector(".dialog .dialog-error"))
        if outcome.dialog_error is not None and error is not None:
            error.textContent = outcome.dialog_error
        if outcome.redraw is Redraw.SCREEN:
            self.show()
        elif outcome.redraw is Redraw.DIALOG:
            self.show_dialog()
        if outcome.focus_back:
            self.restore_focus(closed=True)
        if outcome.pause_ms is not None:
            js.setTimeout(create_once_callable(lambda: self.apply(self.table.end_pause())), outcome.pause_ms)
        self.ask_ai()
        tick = self.table.scoring_next()       # the final scoring's next step, when it is being revealed
        if tick is not None:
            js.setTimeout(create_once_callable(lambda: self.apply(self.table.scoring_due(tick.ticket))), tick.delay_ms)

    # --- drawing ----------------------------------------------------------------------------------

    def show(self) -> None:
        if self.table.session is None:
            self.show_start()
        else:
            self.show_game()

    def clear_game(self) -> None:
        """Forget the game screen (its parts and the root's game attributes)."""
        self.drawn, self.parts, self.shown = None, None, None
        self.revealed = False
        self.in_view, self.scrolled = None, 0.0
        for name in (*GAME_ATTRIBUTES, "data-dialog"):
            self.root.removeAttribute(name)
        self.root.classList.remove("revealing")

    def show_start(self) -> None:
        self.clear_game()
        if self.config.back_to_lesson is not None:      # an embed has no start screen
            self.config.back_to_lesson()
            return
        table = self.table
        self.root.replaceChildren(*start_screen.start_screen(table.start, table.catalog.entries(), table.take_notice()))
        self.root.className = "start"

    def build_game(self, shown: Screen) -> table.TableParts:
        board_box = el("div", None, cls="board", id="board")
        side = el("div", None, cls="side", id="side")
        parts = _table().TableParts(board_box, side, shown.map)
        self.root.replaceChildren(
            self.header.build(*self.header_tools(shown)),
            el("div", None, board_box, el("p", "", cls="ai-status", id="ai-status", role="status"),
               cls="board-frame", id="board-frame"),
            parts.log.node, side, el("div", None, id="dialogs"))
        self.root.className = "table"
        self.zoom.attach(board_box)
        self.in_view, self.scrolled = None, 0.0
        self.drawn, self.parts = shown.game, parts
        if shown.ai_seats:
            self.ai.start()                 # loads in the background while the game is drawn
        return parts

    def header_tools(self, shown: Screen) -> tuple[list[Node], list[Node]]:
        """The header's tools always in sight, and the rarely used ones of its menu (``game.web.header``);
        an embed's way back to the lesson stays in sight."""
        tools = [*zoom_buttons("zoom"), hints_button()]
        menu = [*([ai_speed_picker(shown.ai_speed)] if shown.ai_seats else []),
                button(_("table.export"), "export-game", cls="tool-export"),
                button(_("table.share"), "share", cls="tool-share", aria_haspopup="dialog"),
                button(_("help.open"), "help", cls="tool-help", aria_haspopup="dialog"),
                start_screen.language_picker(in_game=True)]
        if self.config.back_to_lesson is not None:
            return [*tools, button(_("embed.back"), "home")], menu
        return tools, [*menu, button(_("table.menu"), "home")]

    def show_game(self) -> None:
        """Redraw the game screen from the model's screen (``game.ui.screen``; the board only where
        it changed)."""
        shown = self.shown = screen(self.table, self.memo)
        parts = self.parts
        if self.drawn != shown.game or parts is None:
            parts = self.build_game(shown)
        for name, value in shown.facts:
            self.root.setAttribute(name, value)
        revealing = shown.side.scoring is not None
        reveal_starts = revealing and present(js.document.querySelector(".scoring-reveal")) is None
        parts.draw(shown)
        self.header.status(shown.status, shown.status_colour)
        self.root.classList.toggle("over", shown.over)
        self.root.classList.toggle("revealing", revealing)     # for styles: the scoring on show
        if reveal_starts and js.window.innerWidth <= 700:       # a phone: the board in view over the scoring's sheet
            js.document.getElementById("board-frame").scrollIntoView(to_js({"block": "start"},
                                                                             dict_converter=js.Object.fromEntries))
        hints = js.document.getElementById("hints")
        hints.setAttribute("aria-pressed", "true" if shown.hints else "false")
        hints.setAttribute("data-arg", "off" if shown.hints else "on")
        self.show_storage_banner(shown.banner)
        self.show_dialog(shown)
        if shown.over and (revealing or self.revealed):
            self.focus_the_end()
        self.revealed = revealing
        self.show_ai_status(shown.ai_line)
        if shown.human is not None:
            cues.end_reveal(shown.keep_reveal)   # no tunnel but theirs stays into a human's turn
        cues.play_after_paint(shown.cues, self.human_to_act)

    def human_to_act(self) -> int | None:
        """The human seat that must act now, holding the device, as last drawn (None: none)."""
        return None if self.shown is None else self.shown.human

    def show_storage_banner(self, finished: tuple[tuple[str, str], ...] | None) -> None:
        """At the foot of the board while the storage is full (over the board, like the AI line,
        so the board's frame keeps its size; a dialog's backdrop covers it until answered)."""
        ids = None if finished is None else " ".join(save_id for save_id, _players in finished)
        old = present(js.document.getElementById("storage-banner"))
        if old is not None and old.getAttribute("data-games") != ids:
            old.remove()
            old = None
        if finished is not None and old is None:
            banner = _table().storage_banner(finished)
            banner.setAttribute("data-games", ids)
            js.document.getElementById("board-frame").append(banner)

    def show_dialog(self, shown: Screen | None = None) -> None:
        """Draw the dialog up (``shown``'s, else the table's now: only the dialog changed)."""
        if self.table.session is None:
            return
        dialog = dialog_of(self.table) if shown is None else shown.dialog
        node = None if dialog is None else _table().dialog_node(dialog)
        js.document.getElementById("dialogs").replaceChildren(*([node] if node is not None else []))
        if node is None:            # the open dialog's kind on #app, for styles
            self.root.removeAttribute("data-dialog")
        else:
            self.root.setAttribute("data-dialog", node.getAttribute("data-dialog") or "")
        # modal: the side column's controls are inert; the board (thousands of shapes, too many to
        # restyle at every dialog) is covered by the dialog's backdrop and out of the Tab cycle
        js.document.getElementById("side").toggleAttribute("inert", node is not None)
        spot = getattr(dialog, "spot", None) if node is not None else None
        self.mark_spot(spot)
        self.keep_in_view(spot, "" if node is None else node.getAttribute("data-dialog"))
        if node is not None:
            target = present(node.querySelector("[data-autofocus], .primary, button, input"))
            if target is not None:
                target.focus()
        else:
            self.restore_focus()

    def focus_the_end(self) -> None:
        """When the focus was lost while the final scoring is revealed (its control gone: a payment)
        it goes to Skip; when the reveal gives way to the final table, to the table's heading, so it
        is read from the top (a finished game opened shows the table and moves no focus)."""
        active = present(js.document.activeElement)
        if active is not None and active.tagName != "BODY" and active.isConnected:
            return
        target = present(js.document.querySelector(".scoring-reveal button[data-cmd=skip-scoring], .end-screen h2"))
        if target is not None:
            target.focus()

    def mark_spot(self, spot_id: str | None) -> None:
        """Point out on the board the route or city the open dialog is about."""
        for old in js.document.querySelectorAll("#board .selected"):
            old.classList.remove("selected")
        spot = present(js.document.getElementById(spot_id)) if spot_id else None
        if spot is not None:
            spot.classList.add("selected")

    def keep_in_view(self, spot_id: str | None, kind: str = "") -> None:
        """Keep the route or city the open dialog (of ``kind``) is about in view beside it
        (``game.ui.placing``), and for a ticket choice the whole board (its lit cities).  Beside the
        board the dialog stands over the side column and covers none of it; on a phone the sheet
        covers the foot of the screen, so the page scrolls the board to the top of the screen and,
        if that is not enough for a route or city (zoomed in, a tall sheet), the board moves.  Both
        are taken back when the dialog closes or turns to another spot."""
        target = spot_id or ("board-frame" if kind == "tickets" else None)
        shown = (target, kind) if target else None
        if shown == self.in_view:
            return
        if self.in_view is not None and (shown is None or shown[0] != self.in_view[0]):
            self.zoom.nudge(0.0, 0.0)
            if self.scrolled:
                js.window.scrollBy(0, -self.scrolled)
            self.scrolled = 0.0
        self.in_view = shown
        spot = present(js.document.getElementById(target)) if target else None
        cover = present(js.document.querySelector("#dialogs .dialog-box"))
        frame = present(js.document.getElementById("board-frame"))
        if spot is None or cover is None or frame is None:
            return

        def measure() -> tuple[Box, Box]:
            return room(_box(frame), _box(cover), float(js.window.innerHeight)), _box(spot)
        space, where = measure()
        if space.holds(where):              # in view already: nothing moves (beside the board, always)
            return
        if _box(frame).top != 0:            # a phone: the board to the top of the screen, above the sheet
            before = float(js.window.scrollY)
            js.window.scrollBy(0, _box(frame).top)
            self.scrolled += float(js.window.scrollY) - before
            space, where = measure()
        dx, dy = shift_into(where, space)
        if target != "board-frame" and (dx or dy):      # the board moves for a route or city, not for the whole
            x, y = self.zoom.nudged
            self.zoom.nudge(x + dx, y + dy)

    def restore_focus(self, *, closed: bool = False) -> None:
        """Once a dialog has closed (``closed``: by Cancel, OK or Escape) or the screen was
        redrawn and the focus was lost, the focus goes back to the control or route focused
        before the dialog opened (the one that opened it), so play by keyboard goes on."""
        active = present(js.document.activeElement)
        if not closed and active is not None and active.tagName != "BODY" and active.isConnected:
            return
        target = present(js.document.querySelector(self.focus_home)) if self.focus_home else None
        if target is not None:
            target.focus()

    def trap_focus(self, event) -> None:
        """While a dialog is open, Tab and Shift+Tab cycle through its controls and the header's
        tools (which stay above every dialog: zoom, export, games), never reaching the page behind."""
        box = present(js.document.querySelector("#dialogs .dialog"))
        if box is None:
            return
        cycle_focus(event, f"#app.table header :is({FOCUSABLE}), #dialogs :is({FOCUSABLE})")

    def say(self, text: str | None) -> None:
        if text:
            self.header.status(text)

    # --- AI seats: timers and the helper ----------------------------------------------------------

    def ask_ai(self) -> None:
        """Ask the helper for the AI move the model wants, with a timer for its delay."""
        ask: AiAsk | None = self.table.ai_next()
        if ask is None:
            return
        ticket = ask.request.ticket
        js.setTimeout(create_once_callable(lambda: self.ai_due(ticket)), ask.delay_ms)
        self.ai.ask(ask.request)

    def ai_due(self, ticket: int) -> None:
        if self.table.ai_delay_over(ticket):
            self.apply(Outcome())
        else:
            self.show_ai_status(self.table.ai_status())

    def on_ai_answer(self, answer: AiAnswer) -> None:
        if self.table.ai_answered(answer):
            self.apply(Outcome())

    def on_ai_failure(self, reason: str) -> None:
        self.table.ai_failed(reason)
        self.show_ai_status(self.table.ai_status())

    def show_ai_status(self, line: str) -> None:
        """The AI line at the foot of the board: the helper's failure, a bad answer, "… is thinking"."""
        self.root.setAttribute("data-ai-helper", self.ai.where)
        node = present(js.document.getElementById("ai-status"))
        if node is not None:
            node.textContent = line

    # --- the page's events --------------------------------------------------------------------------

    def on_click(self, event) -> None:
        target = event.target
        control = closest(target, "[data-cmd]")
        self.picker.close()             # any click ends a list of routes under a finger, its choice included
        self.header.on_click(target)    # and one elsewhere, or a command in it, the header's menu
        if control is not None:
            if control.getAttribute("aria-disabled") == "true":
                self.say(control.getAttribute("title"))
                return
            event.preventDefault()
            self.command(control.getAttribute("data-cmd"), control.getAttribute("data-arg") or "")
            return
        if closest(target, ".scoring-reveal") is not None:     # a click on the scoring: the final table now
            self.apply(self.table.handle(SkipScoring()))
            return
        if self.table.session is None or self.zoom.dragged:
            return
        if closest(target, "#board") is not None and self.picker.offer(event):
            return
        spot = closest(target, "[data-route], [data-city]")
        if spot is not None:
            self.board_click(spot)

    def command(self, cmd: str, arg: str) -> None:
        """A control's command; the ones that read the page (the form, the ticket boxes) are made here."""
        if cmd == Control.HINTS:
            self.preferences.set_hints(arg == "on")
        if cmd == Control.HELP:
            self.open_help()
            return
        if cmd == Control.MORE:
            self.header.show_menu(not self.header.menu_open)
            return
        if cmd == Control.CLOSE_PICK:         # the list of routes under a finger, closed by this click
            return
        if cmd == Control.COPY_LINK:
            self.copy_link(arg)
            return
        command: Command | None
        if cmd == Control.START:
            command = StartGame(start_screen.read_options())
        elif cmd == Control.DELETE:
            command = DeleteSave(arg, start_screen.read_options())
        elif cmd == Control.KEEP:
            boxes = js.document.querySelectorAll(".offer input[name=keep]")
            command = Keep(tuple(box.value for box in boxes if box.checked))
        else:
            command = control_command(cmd, arg)
        if command is not None:
            self.apply(self.table.handle(command))

    def copy_link(self, link: str) -> None:
        """Put a shared link on the clipboard and say so (or say to copy it by hand)."""
        def done(_value=None) -> None:
            self.say(_("share.copied"))

        def failed(_error=None) -> None:
            self.say(_("share.copy_failed"))
        try:
            js.navigator.clipboard.writeText(link).then(create_once_callable(done), create_once_callable(failed))
        except Exception:       # noqa: BLE001 - no clipboard (an insecure page): the link is shown to copy
            failed()

    def open_help(self) -> None:
        """The "How to play" panel for the game on the table, or for the map and variant chosen in the form."""
        if self.table.session is not None and self.shown is not None:
            self.help.open(*self.shown.rules)
        else:
            options = start_screen.read_options()
            self.help.open(options.map, options.variant)

    def board_click(self, spot) -> None:
        route, city = spot.getAttribute("data-route"), spot.getAttribute("data-city")
        self.apply(self.table.handle(ChooseRoute(route) if route else ChooseCity(city or "")))

    def on_key(self, event) -> None:
        if self.help.is_open:
            self.help.on_key(event)
            return
        if event.key == "Escape" and self.header.on_escape():
            return
        if event.key == "Escape" and self.picker.is_open:
            self.picker.close()
            return
        if event.key == "Escape" and self.table.scoring is not None:     # the final table now
            self.apply(self.table.handle(SkipScoring()))
            return
        if event.key == "Escape" and cues.end_reveal():       # a tunnel's cards first, then a dialog
            return
        if event.key == "Escape":
            self.apply(self.table.handle(CloseDialog()))
            return
        if event.key == "Tab" and self.table.session is not None:
            self.trap_focus(event)
            return
        if event.key in ("Enter", " ") and self.table.session is not None:
            toggle = closest(event.target, "li[data-cmd]")        # a hand's card: a toggle, not a button element
            if toggle is not None:
                event.preventDefault()
                self.command(toggle.getAttribute("data-cmd"), toggle.getAttribute("data-arg") or "")
                return
            spot = closest(event.target, "[data-route], [data-city]")
            if spot is not None and closest(spot, "[data-cmd]") is None:
                event.preventDefault()
                self.board_click(spot)

    async def change_language(self, picker) -> None:
        """Speak the language chosen in ``picker`` (its catalog fetched first, if need be)."""
        picker.disabled = True
        self.table.notice = await start_screen.choose_language(picker.value, self.preferences)
        if picker.id == "opt-language":
            self.apply(self.table.handle(GoHome(start_screen.read_options())))
        else:
            self.table.language_changed()         # the game's own names follow the language
            self.drawn = None                     # every word on the table is drawn again
            self.show()
            js.document.getElementById("opt-language-game").focus()

    def on_change(self, event) -> None:
        target = event.target
        if target.id == "import-file":
            return js.Promise.resolve(self.import_file(target))   # the import runs on its own
        if target.id in ("opt-language", "opt-language-game"):
            return js.Promise.resolve(self.change_language(target))   # a catalog may be fetched
        if target.id == "opt-map":
            self.apply(self.table.handle(ChooseMap(start_screen.read_options())))
        elif target.id == "opt-ai-speed":
            self.preferences.set_ai_speed(target.value)
            self.apply(self.table.handle(SetAiSpeed(target.value)))
        elif target.id.startswith("seat-kind-"):
            self.apply(self.table.handle(GoHome(start_screen.read_options())))
        elif target.id == "opt-count":
            self.apply(self.table.handle(ChooseSeatCount(start_screen.read_options(), int(target.value))))
        return None

    async def import_file(self, picker) -> None:
        """Import a game file: its size is checked first, so a huge file never blocks the page."""
        files = picker.files
        if not files or files.length == 0:
            return
        file = files.item(0)
        try:
            if not self.table.import_size_ok(int(file.size)):
                self.apply(Outcome())
                return
            text = await file.text()
        except Exception as exc:        # noqa: BLE001 - a file the browser cannot read is said
            self.apply(self.table.import_failed(failure_text(exc)))
            return
        self.apply(self.table.import_game(text))

    def on_focus(self, event) -> None:
        if event.type == "focusin":
            self.header.on_focus(event.target)
        if event.type == "focusin" and present(js.document.querySelector("#dialogs .dialog")) is None:
            self.focus_home = focus_selector(event.target) or self.focus_home
        disabled = closest(event.target, "[aria-disabled=true]")
        if disabled is not None and event.type == "focusin":      # keyboard users read why it is disabled
            self.say(disabled.getAttribute("title"))
        ticket = closest(event.target, "[data-ticket]")
        if ticket is not None:
            self.light_ticket(ticket.getAttribute("data-ticket"))

    def on_blur(self, event) -> None:
        if closest(event.target, "[data-ticket]") is not None:
            self.light_ticket(None)

    def light_ticket(self, ticket: str | None) -> None:
        if self.table.set_focus_ticket(ticket) and self.parts is not None:
            self.parts.board.update(board_of(self.table, self.memo))

    def on_storage(self, event) -> None:
        """Another tab changed the storage: if it wrote this game, this tab stops playing it."""
        key = event.key
        if self.table.storage_changed(key if isinstance(key, str) else None):
            self.apply(Outcome())


def _box(node) -> Box:
    """An element's rectangle on the screen."""
    r = node.getBoundingClientRect()
    return Box(float(r.left), float(r.top), float(r.right), float(r.bottom))


def hints_button() -> Node:
    """Switch the glow of the routes the player may claim now on or off; it is its own legend."""
    return button(_("table.hints"), "hints", "off", cls="hints", id="hints", aria_pressed="true",
                  title=_("table.hints_title"))


def ai_speed_picker(speed: str) -> Node:
    """How fast the AI seats play: the pause before each of their moves."""
    picker = el("select", None, id="opt-ai-speed")
    for name in AI_SPEEDS:
        picker.append(el("option", _(SPEED_KEYS[name]), value=name, selected=name == speed))
    return el("label", _("table.ai_speed"), picker, cls="ai-speed")


def download(file: Download) -> None:
    """Offer ``file.text`` as the file ``ticket-to-ride-<name>.json``."""
    blob = js.Blob.new(to_js([file.text]), to_js({"type": "application/json"}, dict_converter=js.Object.fromEntries))
    url = js.URL.createObjectURL(blob)
    link = el("a", None, href=url, download=f"ticket-to-ride-{file.name}.json")
    js.document.body.append(link)
    link.click()
    link.remove()
    js.setTimeout(create_once_callable(lambda: js.URL.revokeObjectURL(url)), 1000)


def start(root, notice: str) -> None:
    """Take over the page for the full game (``game.web.main`` has set its language; ``notice``:
    why it is not the one asked for, or empty), resuming the game left; sets ``data-game-ready``
    when it is interactive."""
    app = App(root, PageConfig(LocalStorage()))
    app.table.notice = notice
    try:
        app.apply(app.table.resume())
    except Exception as exc:       # noqa: BLE001 - boot never fails because of stored data
        app.table.notice = _("start.open_failed", reason=failure_text(exc))
        app.apply(app.table.home())
    root.hidden = False
    js.document.documentElement.setAttribute("data-game-ready", "")
    js.setTimeout(create_once_callable(_warm_up), WARM_UP_MS)
