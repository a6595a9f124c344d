"""The table page: draws the screen the model (``game.ui.controller.Table``) says
(``game.ui.screen``), carries out each command's outcome and runs the timers (the AI seats'
moves and the helper's answers, the final scoring's steps, a pause).  Its input (clicks, keys,
another tab's writes) is ``game.web.input``'s, the focus and the dialogs' place
``game.web.focus``'s, the header's tools ``game.web.header``'s.
"""

from __future__ import annotations

import asyncio
import gc
import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import js
from pyodide.ffi import create_once_callable, to_js

from game.i18n import _
from game.ui import netplay
from game.ui.ai_pacing import AI_SPEEDS, AiAsk
from game.ui.ai_turn import AiAnswer
from game.ui.commands import Outcome, Redraw
from game.ui.controller import Table
from game.ui.keeping import failure_text
from game.ui.review_turn import ReviewAnswer
from game.ui.saves import SaveCatalog
from game.ui.screen import (
    HINT_DIALOGS,
    Memo,
    Screen,
    board_of,
    dialog_of,
    review_side,
    screen,
)
from game.ui.storage import Backend, Preferences
from game.web import cues
from game.web import netplay as netpanel
from game.web import start as start_screen
from game.web.ai_helper import AiHelper
from game.web.dom import button, el, present
from game.web.download import download
from game.web.focus import Focus
from game.web.header import Header, table_tools
from game.web.help import HelpPanel
from game.web.input import Input
from game.web.netplay import NetPage
from game.web.review import ReviewHelper, bring_into_view
from game.web.storage import LocalStorage
from game.web.tap import RoutePicker
from game.web.zoom import Zoom

if TYPE_CHECKING:
    from game.web import table

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
        self.revealed = False                   # the final scoring was being revealed at the last redraw
        self.ai = AiHelper(self.on_ai_answer, self.on_ai_failure)
        self.review_shown: int | None = None     # the review's decision shown last (its better move brought into view)
        self.reviewer = ReviewHelper(self.on_review_answer, self.on_review_returned, self.on_review_failure)
        self.zoom = Zoom()
        self.focus = Focus(self.zoom)
        self.picker = RoutePicker()
        self.help = HelpPanel(self.preferences)
        self.header = Header()
        self.input = Input(self)
        self.input.listen(root)
        self.net = NetPage(self)                # play on several devices (game.web.netplay)

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
            self.focus.restore_focus(closed=True)
        if outcome.pause_ms is not None:
            js.setTimeout(create_once_callable(lambda: self.apply(self.table.end_pause())), outcome.pause_ms)
        self.ask_ai()
        self.ask_review()
        hint = self.table.hint_next()           # the Hint command's move, asked of the same helper
        if hint is not None:
            self.ai.ask(hint)
        tick = self.table.scoring_next()       # the final scoring's next step, when it is being revealed
        if tick is not None:
            js.setTimeout(create_once_callable(lambda: self.apply(self.table.scoring_due(tick.ticket))), tick.delay_ms)
        self.net_send()

    def net_send(self) -> None:
        """Play on several devices: the host sends every guest its news after any move on this device."""
        table = self.table
        if table.host is not None:
            table.host.moved()

    # --- drawing ----------------------------------------------------------------------------------

    def show(self) -> None:
        table = self.table
        if table.session is None and (table.host is not None or table.guest is not None):
            self.show_net()
        elif table.session is None:
            self.show_start()
        else:
            self.show_game()
            self.show_net_panel()
            self.net.clock()

    def show_net(self) -> None:
        """A hosted table before the deal, or a guest's page before its game: their panel alone."""
        self.clear_game()
        table = self.table
        panel = self.net.host_panel(table.host) if table.host is not None else \
            self.net.guest_panel(table.guest) if table.guest is not None else None
        title = el("div", None, el("h1", _("start.title")), button(_("table.menu"), "home"), cls="title-row")
        typed = netpanel.typed()
        self.root.replaceChildren(title, *([] if panel is None else [panel]))
        netpanel.retype(typed)
        self.root.className = "start net"

    def show_net_panel(self) -> None:
        """Over a game on several devices: the host's seats and invites when asked for, a guest's
        panel while its channel is down (``GuestPage.cut_off``)."""
        typed = netpanel.typed()
        old = present(js.document.getElementById("net-panel"))
        if old is not None:
            old.remove()
        table = self.table
        panel = None
        if table.host is not None and self.net.panel_open:
            panel = self.net.host_panel(table.host)
        elif table.guest is not None and table.guest.cut_off():
            panel = self.net.guest_panel(table.guest)
        if panel is not None:
            panel.classList.add("net-over")
            self.root.append(panel)
            netpanel.retype(typed)

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
        self.root.replaceChildren(*start_screen.start_screen(table.start, table.catalog.entries(), table.take_notice(),
                                                             self.net.start_section()))
        self.root.className = "start"

    def build_game(self, shown: Screen) -> table.TableParts:
        if self.parts is not None:      # another game's table (a rematch, a game loaded)
            self.parts.close()
        board_box = el("div", None, cls="board", id="board")
        side = el("div", None, cls="side", id="side")
        parts = _table().TableParts(board_box, side, shown.map)
        self.root.replaceChildren(
            self.header.build(*table_tools(shown, back_to_lesson=self.config.back_to_lesson is not None,
                                           hosting=self.table.host is not None)),
            el("div", None, board_box, el("p", "", cls="ai-status", id="ai-status", role="status"),
               el("p", "", cls="hint-line", id="hint-line", role="status"),
               el("p", "", cls="net-clock", id="net-clock", role="timer"), cls="board-frame", id="board-frame"),
            parts.log.node, side, el("div", None, id="dialogs"))
        self.root.className = "table"
        self.zoom.attach(board_box)
        self.focus.forget_spot()
        self.drawn, self.parts = shown.game, parts
        if shown.ai_seats and not shown.over:      # a finished game (a review has workers of its own) needs none
            self.ai.start()                 # loads in the background while the game is drawn
        return parts

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
        self.show_ai_status(shown.ai_line)
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

    # --- AI seats: timers and the helper ----------------------------------------------------------

    def ask_ai(self) -> None:
        """Ask the helper for the AI move the model wants, with a timer for its delay, and for the
        moves that can be asked ahead."""
        ask: AiAsk | None = self.table.ai_next()
        if ask is not None:
            ticket = ask.request.ticket
            js.setTimeout(create_once_callable(lambda: self.ai_due(ticket)), ask.delay_ms)
            if ask.asked:
                self.ai.hurry(ticket)       # asked ahead: now before the moves the human made moot
            else:
                self.ai.ask(ask.request)
        for request in self.table.ai_ahead():          # while a human keeps tickets: the AI's next move
            self.ai.ask(request, ahead=True)
        for moot in self.table.ai_dropped():           # asked ahead, and the human chose otherwise
            self.ai.drop(moot)

    def ai_due(self, ticket: int) -> None:
        if self.table.ai_delay_over(ticket):
            self.apply(Outcome())
        else:
            self.show_ai_status(self.table.ai_status())

    def on_ai_answer(self, answer: AiAnswer) -> None:
        if self.table.hint_answered(answer) or self.table.ai_answered(answer):
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


    # --- a finished game's review: its worker -----------------------------------------------------

    def ask_review(self) -> None:
        """Give the review's decisions found to its free workers; when more must be found, replay
        a slice of the game from a timer, in a task of its own (the page stays responsive, and
        shows the progress); once the review is done, or when none is on, stop the workers."""
        review = self.table.review
        if review is None:
            self.reviewer.stop()
            return
        while self.reviewer.idle() and review.failure is None:
            request = self.table.review_next()
            if request is None:
                break
            self.reviewer.ask(request)
        if review.pending and self.reviewer.idle():
            js.setTimeout(create_once_callable(self.review_replay), 0)
        elif (review.done or review.failure is not None) and self.reviewer.running:
            self.reviewer.stop()            # the replay's end: done, shown once more
            js.setTimeout(create_once_callable(self.review_moved), 0)
        elif review.failure is not None and self.reviewer.pool is not None:
            self.reviewer.stop()            # failed with nothing running: Try again starts new helpers

    def review_moved(self) -> None:
        """The review took an answer or replayed a slice: its panel alone is drawn again (the
        board shows the decision the player chose, which has not changed), then the next asked."""
        reviewing = review_side(self.table)
        if reviewing is not None and self.parts is not None:
            self.parts.side.update(reviewing)
        self.ask_review()
        self.root.setAttribute("data-review-helper", self.reviewer.where)

    def review_replay(self) -> None:
        """A slice of the game's replay, in a task of its own, then on with the review."""
        self.table.review_replay()
        self.review_moved()

    def on_review_answer(self, reply: ReviewAnswer) -> None:
        if self.table.review_answered(reply):
            self.review_moved()

    def on_review_returned(self, ticket: int) -> None:
        """A lost worker's decision: the review sends it again, to a helper left."""
        if self.table.review_returned(ticket):
            self.review_moved()

    def on_review_failure(self, reason: str) -> None:
        self.table.review_failed(reason)
        self.review_moved()


def join(app: App) -> None:
    """The page was opened by an invite (``#join=``): the guest's page, its answer made at once;
    the invite leaves the address (it is good once), and the seat kept by an earlier visit to the
    same table (``Invite.rejoins``) is rejoined with its token."""
    hash_text = str(js.location.hash)
    js.history.replaceState(js.history.state, "", str(js.location.href).split("#")[0])
    try:
        invite = netplay.read_invite(hash_text)
    except netplay.InviteError as exc:
        app.table.notice = exc.problem.text()
        app.apply(app.table.home())
        return
    kept = netplay.resume_guest(app.table.catalog.backend)
    page = kept if kept is not None and invite.rejoins(kept) else netplay.GuestPage.join(invite)
    page.invite, page.phase = invite, netplay.JOIN
    app.apply(app.table.join_table(page))
    asyncio.ensure_future(app.net.answer(page))


def start(root, notice: str) -> None:
    """Take over the page for the full game (``game.web.main`` has set its language; ``notice``:
    why it is not the one asked for, or empty), resuming the game left; sets ``data-game-ready``
    when it is interactive."""
    app = App(root, PageConfig(LocalStorage()))
    app.table.notice = notice
    try:
        if netplay.is_invite(str(js.location.hash)):
            join(app)
        else:
            app.apply(app.table.resume())
    except Exception as exc:       # noqa: BLE001 - boot never fails because of stored data
        app.table.notice = _("start.open_failed", reason=failure_text(exc))
        app.apply(app.table.home())
    root.hidden = False
    js.document.documentElement.setAttribute("data-game-ready", "")
    js.setTimeout(create_once_callable(_warm_up), WARM_UP_MS)
