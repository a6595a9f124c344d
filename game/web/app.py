"""The table page: draws the screen the model (``game.ui.controller.Table``) says
(``game.ui.screen``), carries out each command's outcome and runs the timers (the AI seats'
moves and the helper's answers, the final scoring's steps, a pause).  Its input (clicks, keys,
another tab's writes) is ``game.web.input``'s, the focus and the dialogs' place
``game.web.focus``'s, the header's tools ``game.web.header``'s.
"""

from __future__ import annotations

import gc
import importlib
from typing import TYPE_CHECKING

import js
from pyodide.ffi import create_once_callable, create_proxy, to_js

from game.i18n import _
from game.ui import page_events as page
from game.ui.commands import Command, GoHome
from game.ui.controller import Table
from game.ui.game_facts import Memo
from game.ui.keeping import failure_text
from game.ui.moves import Cue
from game.ui.outcome import Outcome, Redraw
from game.ui.saves import SaveCatalog
from game.ui.screen import (
    HINT_DIALOGS,
    Screen,
    board_of,
    dialog_of,
    screen,
)
from game.ui.storage import GUEST_KEY, HOST_KEY, Preferences
from game.web import cues
from game.web import start as start_screen
from game.web.dom import button, el, present
from game.web.download import download
from game.web.focus import Focus
from game.web.header import Header, table_tools
from game.web.help import HelpPanel
from game.web.input import Input
from game.web.links import opened_by_link
from game.web.page_config import PageConfig, ai_delay, fresh_seed, now_ms, site_folder
from game.web.review import bring_into_view
from game.web.storage import LocalStorage
from game.web.tabs import Tabs
from game.web.tap import RoutePicker
from game.web.work import Work
from game.web.zoom import Zoom

if TYPE_CHECKING:
    from game.ui.net_panels import NetPanel
    from game.web import table
    from game.web.netplay import NetPage

GAME_SCREEN = "game.web.table"
WARM_UP_MS = 100     # after the first screen is up, load the game screen while the player reads it
# facts of the game on #app for styles and tests
GAME_ATTRIBUTES = ("data-phase", "data-current", "data-turn", "data-actions", "data-handoff", "data-last-move",
                   "data-public")


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


class App:
    """The table page: the start screen and a game, or (an embed's) a game and the way back to its lesson."""

    def __init__(self, root, config: PageConfig) -> None:
        self.root = root
        self.config = config
        storage = config.storage
        self.preferences = Preferences(storage)
        self.table = Table(SaveCatalog(storage), clock=now_ms, fresh_seed=fresh_seed,
                           ai_delay=ai_delay(self.preferences), site=site_folder(), hints=self.preferences.hints,
                           relays=str(js.URLSearchParams.new(js.location.search).get("relays") or ""))
        self.memo = Memo()                      # what one screen keeps for the next (game.ui.game_facts)
        self.shown: Screen | None = None        # the screen drawn last
        self.drawn: int | None = None           # the game the table screen was built for (its number)
        self.parts: table.TableParts | None = None
        self.revealed = False                   # the final scoring was being revealed at the last redraw
        self.review_shown: int | None = None     # the review's decision shown last (its better move brought into view)
        self.work = Work(self)                  # the AI helper and a review's workers (game.web.work)
        self.zoom = Zoom()
        self.focus = Focus(self.zoom)
        self.picker = RoutePicker()
        self.help = HelpPanel(self.preferences)
        self.header = Header()
        self.input = Input(self)
        self.input.listen(root)
        self._net: NetPage | None = None        # play on several devices (game.web.netplay), once a table of them is on
        self.tabs = Tabs(self.tell)             # this browser's other tabs (an answer opened in one)

    @property
    def net(self) -> NetPage:
        """The page's side of play on several devices, imported when first needed (not at boot)."""
        if self._net is None:
            from game.web.netplay import NetPage
            self._net = NetPage(self)
        return self._net

    def tell(self, command: Command) -> None:
        """A command of the page's (a timer, a worker's answer, a channel's news) to the table, and its outcome done."""
        self.apply(self.table.handle(command))

    def apply(self, outcome: Outcome) -> None:
        """Do on the page what a command's outcome asks, its effects included; the page asks
        the table nothing else (``game.ui.outcome``)."""
        for post in outcome.posts:          # texts for other devices, channels closed
            post.carry_out()
        for line in outcome.log:            # for whoever looks into the page (a guest sending too fast)
            js.console.warn(line)
        for ident in outcome.clear:
            field = present(js.document.getElementById(ident))
            if field is not None:
                field.value = ""
        if outcome.download is not None:
            download(outcome.download)
        if outcome.zoom is not None:
            self.zoom.step(outcome.zoom)
        if outcome.say:
            self.say(outcome.say)
        if outcome.dialog_error is not None:
            error = present(js.document.querySelector(".dialog .dialog-error"))
            if error is not None:
                error.textContent = outcome.dialog_error
        self.redraw(outcome)
        if outcome.focus_back:
            self.focus.restore_focus(closed=True)
        if outcome.focus is not None:
            self.focus.move_to(outcome.focus)
        if outcome.pause_ms is not None:
            js.setTimeout(create_once_callable(lambda: self.tell(page.EndPause())), outcome.pause_ms)
        self.work.carry_out(outcome)
        for want in outcome.connect:
            self.net.connect(want)

    def redraw(self, outcome: Outcome) -> None:
        match outcome.redraw:
            case Redraw.SCREEN:
                self.show(outcome.cues)
            case Redraw.DIALOG:
                self.show_dialog()
            case Redraw.BOARD:
                self.draw_board()
            case Redraw.REVIEW:
                self.work.draw_review()

    # --- drawing ----------------------------------------------------------------------------------

    def show(self, cues: tuple[Cue, ...] = ()) -> None:
        """Draw the screen up: the start screen, a table's panel before its game, or the game
        (``cues``: of the moves played since the last, to play) with the mode's panel over it."""
        table = self.table
        panel = table.mode.panel(table, float(js.Date.now()) / 1000)
        if table.session is None and panel is not None:
            self.show_net(panel)
        elif table.session is None:
            self.show_start()
        else:
            self.show_game(cues)
            if panel is not None or table.mode.ticks or self._net is not None:   # a game on several devices
                self.show_net_panel(panel)
                self.net.clock()
                self.net.show_away(self.shown.away if self.shown is not None else None)

    def show_net(self, panel: NetPanel) -> None:
        """A hosted table before the deal, or a guest's page before its game: their panel alone."""
        from game.web.netplay import retype
        from game.web.netplay import typed as typed_in
        self.clear_game()
        title = el("div", None, el("h1", _("start.title")), button(_("table.menu"), "home"), cls="title-row")
        typed = typed_in()
        self.root.replaceChildren(title, self.net.panel(panel))
        retype(typed)
        self.root.className = "start net"
        self.focus.restore_focus()      # the control focused before, drawn again

    def show_net_panel(self, panel: NetPanel | None) -> None:
        """Over a game on several devices: the host's seats and invites when asked for, a guest's
        panel while its channel is down."""
        from game.web.netplay import retype
        from game.web.netplay import typed as typed_in
        typed = typed_in()
        old = present(js.document.getElementById("net-panel"))
        if old is not None:
            old.remove()
        if panel is not None:
            node = self.net.panel(panel)
            node.classList.add("net-over")
            self.root.append(node)
            retype(typed)
            self.focus.restore_focus()  # the control focused in the panel, drawn again

    def clear_game(self) -> None:
        """Forget the game screen (its parts and the root's game attributes)."""
        if self.parts is not None:
            self.parts.close()
        self.drawn, self.parts, self.shown = None, None, None
        self.revealed = False
        self.focus.forget_spot()
        for name in (*GAME_ATTRIBUTES, "data-dialog"):
            self.root.removeAttribute(name)
        self.root.classList.remove("revealing")

    def show_start(self) -> None:
        self.clear_game()
        if self.config.back_to_lesson is not None:      # an embed has no start screen
            self.config.back_to_lesson()
            return
        table = self.table
        backend = table.catalog.backend
        kept = self.net.start_section() if backend.get(HOST_KEY) or backend.get(GUEST_KEY) else None
        self.root.replaceChildren(*start_screen.start_screen(table.start, table.catalog.entries(), table.take_notice(),
                                                             kept))
        self.root.className = "start"

    def build_game(self, shown: Screen) -> table.TableParts:
        if self.parts is not None:      # another game's table (a rematch, a game loaded)
            self.parts.close()
        board_box = el("div", None, cls="board", id="board")
        side = el("div", None, cls="side", id="side")
        parts = _table().TableParts(board_box, side, shown.map)
        self.root.replaceChildren(
            self.header.build(*table_tools(shown, back_to_lesson=self.config.back_to_lesson is not None,
                                           hosting=shown.seats_tool)),
            el("div", None, board_box, el("p", "", cls="ai-status", id="ai-status", role="status"),
               el("p", "", cls="hint-line", id="hint-line", role="status"),
               el("p", "", cls="net-clock", id="net-clock", role="timer"), cls="board-frame", id="board-frame"),
            parts.log.node, side, el("div", None, id="dialogs"))
        self.root.className = "table"
        self.zoom.attach(board_box)
        self.focus.forget_spot()
        self.drawn, self.parts = shown.game, parts
        if shown.ai_seats and not shown.over:      # a finished game (a review has workers of its own) needs none
            self.work.ai.start()            # loads in the background while the game is drawn
        return parts

    def show_game(self, cues_of_moves: tuple[Cue, ...] = ()) -> None:
        """Redraw the game screen from the model's screen (``game.ui.screen``; the board only where
        it changed), playing the cues of the moves played since the last."""
        shown = self.shown = screen(self.table, self.memo, cues_of_moves)
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
        hints.hidden = not shown.claimable         # a spectator's page, a host's where nobody plays
        for hint_button in js.document.querySelectorAll("header button.hint, #side button.hint"):   # the style shows one
            hint_button.hidden = shown.hint is None
        # a hint's line at the foot of the board, or in the choice it is about (drawn with the dialog)
        in_dialog = isinstance(shown.dialog, HINT_DIALOGS)
        js.document.getElementById("hint-line").textContent = "" if shown.hint is None or in_dialog else shown.hint.line
        self.show_storage_banner(shown.banner)
        self.show_dialog(shown)
        if shown.over and (revealing or self.revealed):
            self.focus.focus_the_end()
        self.revealed = revealing
        self.work.show_ai_status(shown.ai_line)
        review = shown.side.review
        stepped = None if review is None else review.shown
        if stepped != self.review_shown:        # a decision stepped onto: its better move in view
            self.review_shown = stepped
            if review is not None and stepped is not None:
                bring_into_view(self.zoom, review.lit_spots)
            else:
                self.zoom.nudge(0.0, 0.0)
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
        # the tickets ticked stay ticked when the same choice is drawn again (a hint came in)
        ticked = {box.value for box in js.document.querySelectorAll("#dialogs .offer input:checked")}
        node = None if dialog is None else _table().dialog_node(dialog)
        if node is not None and ticked:
            for box in node.querySelectorAll(".offer input"):
                if box.value in ticked:
                    box.checked = True
        js.document.getElementById("dialogs").replaceChildren(*([node] if node is not None else []))
        if node is None:            # the open dialog's kind on #app, for styles
            self.root.removeAttribute("data-dialog")
        else:
            self.root.setAttribute("data-dialog", node.getAttribute("data-dialog") or "")
        # modal: the side column's controls are inert; the board (thousands of shapes, too many to
        # restyle at every dialog) is covered by the dialog's backdrop and out of the Tab cycle
        js.document.getElementById("side").toggleAttribute("inert", node is not None)
        self.focus.dialog_drawn(node, getattr(dialog, "spot", None) if node is not None else None)

    def redraw_all(self) -> None:
        """Draw the page again from scratch: every word of it (the language changed)."""
        self.drawn = None
        self.show()

    def draw_board(self) -> None:
        """Draw the board again, alone (a ticket lit or put out)."""
        if self.parts is not None:
            self.parts.board.update(board_of(self.table, self.memo))

    def say(self, text: str | None) -> None:
        if text:
            self.header.status(text)


def start(root, notice: str) -> None:
    """Take over the page for the full game (``game.web.main`` has set its language; ``notice``:
    why it is not the one asked for, or empty), resuming the game left; sets ``data-game-ready``
    when it is interactive."""
    app = App(root, PageConfig(LocalStorage()))
    app.tell(page.Notice(notice))
    try:
        if not opened_by_link(app):
            app.tell(page.Resume())
        js.window.addEventListener("hashchange", create_proxy(lambda _e: opened_by_link(app)))
    except Exception as exc:       # noqa: BLE001 - boot never fails because of stored data
        app.tell(page.Notice(_("start.open_failed", reason=failure_text(exc))))
        app.tell(GoHome())
    root.hidden = False
    js.document.documentElement.setAttribute("data-game-ready", "")
    js.setTimeout(create_once_callable(_warm_up), WARM_UP_MS)
