"""Start the game in the page and run it: the start screen (new game, saved games), the game
screen, every click and key, autosave after every action, and the AI seats' paced turns.

One click handler and one key handler on ``#app`` serve every control: a control names its
command in ``data-cmd`` (and its argument in ``data-arg``); routes and cities are found by
their ``data-route`` / ``data-city``.
"""

from __future__ import annotations

import gc
import importlib
from dataclasses import dataclass
from typing import TYPE_CHECKING

import js
from pyodide.ffi import JsException, create_once_callable, to_js

from game import i18n
from game.actions import KeepTickets
from game.i18n import COLOUR_KEYS, _
from game.jsontext import MAX_CHARS
from game.mapdata import load_map
from game.rules import IllegalActionError
from game.scenario import AI_LEVELS
from game.state import PLAYER_COLOURS
from game.ui import ai_turn, setup
from game.ui.ai_turn import LEVEL_KEYS, AiAnswer
from game.ui.saves import (
    CURRENT_KEY,
    INDEX_KEY,
    SAVE_PREFIX,
    SaveCatalog,
    SaveError,
    StaleSave,
    StorageFull,
    save_text,
)
from game.ui.session import Session, open_session, refusal_text
from game.ui.setup import GameOptions
from game.web import persist
from game.web.ai_helper import AiHelper
from game.web.dom import (
    FOCUSABLE,
    Node,
    button,
    closest,
    el,
    focus_selector,
    keep_alive,
    present,
)
from game.web.storage import LocalStorage
from game.web.zoom import Zoom

if TYPE_CHECKING:
    from game.web import table

GAME_SCREEN = "game.web.table"
LANGUAGE_KEY = "ttr.language"       # the player's language, read by static/boot.js before Python starts
DATE_STYLE = to_js({"dateStyle": "medium", "timeStyle": "short"}, dict_converter=js.Object.fromEntries)
WARM_UP_MS = 100     # after the first screen is up, load the game screen while the player reads it


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


AI_DELAY_MS = 700          # pause before each AI move, so it can be followed
# facts of the game on #app for styles, tests and embedding pages
GAME_ATTRIBUTES = ("data-phase", "data-current", "data-turn", "data-actions", "data-handoff")


def _now_ms() -> float:
    return float(js.Date.now())


def _fresh_seed() -> int:
    """53 random bits from the browser's cryptographic generator: too many seeds to try them all
    against the cards a player sees."""
    words = js.crypto.getRandomValues(js.Uint32Array.new(2))
    return (int(words[0]) << 21) ^ int(words[1]) & (2 ** 53 - 1)


def _ids(entries: list) -> str:
    return " ".join(e.id for e in entries)


def _failure(exc: BaseException) -> str:
    """An unexpected failure in one line, for a message (the reader's own errors say more)."""
    return f"{type(exc).__name__}: {str(exc)[:200]}"


def _ai_delay() -> int:
    params = js.URLSearchParams.new(js.location.search)
    value = params.get("ai-delay")
    return int(value) if isinstance(value, str) and value.isdigit() else AI_DELAY_MS


@dataclass
class AiWait:
    """An AI move asked for: its ticket, whether its delay is over, and its answer once in."""

    ticket: int
    due: bool = False
    answer: AiAnswer | None = None


class App:
    def __init__(self, root) -> None:
        self.root = root
        self.catalog = SaveCatalog(LocalStorage())
        self.session: Session | None = None
        self.game_id: str | None = None
        self.board: table.Board | None = None
        self.side: table.SideColumn | None = None
        self.log_scroll_due = False
        self.log_scroller = keep_alive(self.scroll_log)
        self.dialog = None                  # what the open dialog is about: ("route", payments) …
        self.focus_ticket: str | None = None
        self.focus_home: str | None = None    # the control or route last focused outside the dialogs
        self.dialog_spot: str | None = None   # the id of the route or city the open dialog is about
        self.notice = ""
        self.revision = 0                   # the save's revision this tab loaded or wrote last
        self.stale = False                  # another tab played on: this one stopped playing
        self.storage_full = False
        self.ai_timer = None
        self.ai_due_call = keep_alive(self.ai_due)      # made once: a timer stopped early never calls it
        self.ai_delay = _ai_delay()
        self.ai = AiHelper(self.on_ai_answer, self.on_ai_failure)
        self.ai_wait: AiWait | None = None
        self.ai_tickets = 0                 # numbers the AI moves asked for
        self.ai_failure = ""                # why the AI helper is not used (shown all game long)
        self.ai_notice = ""                 # a problem with the last AI move
        self.zoom = Zoom()
        root.addEventListener("click", keep_alive(self.on_click))
        js.document.addEventListener("keydown", keep_alive(self.on_key))     # also when nothing has the focus
        root.addEventListener("change", keep_alive(self.on_change))
        root.addEventListener("focusin", keep_alive(self.on_focus))
        root.addEventListener("mouseover", keep_alive(self.on_focus))
        root.addEventListener("focusout", keep_alive(self.on_blur))
        root.addEventListener("mouseout", keep_alive(self.on_blur))
        js.window.addEventListener("storage", keep_alive(self.on_storage))     # another tab wrote

    # --- start screen ---------------------------------------------------------------------------

    def home(self, options: GameOptions | None = None, problems: list | None = None) -> None:
        self.stop_ai()
        self.session, self.game_id, self.board, self.side, self.dialog = None, None, None, None, None
        for name in GAME_ATTRIBUTES:
            self.root.removeAttribute(name)
        options = options or setup.default_options("usa", 2)
        title = el("div", None, el("h1", _("start.title")), language_picker(), cls="title-row")
        self.root.replaceChildren(title, self.new_game_form(options, problems or []), self.saves_list())
        self.root.className = "start"

    def new_game_form(self, options: GameOptions, problems: list) -> Node:
        form = el("form", None, el("h2", _("start.new_game")), cls="new-game", id="new-game")
        maps = el("select", None, id="opt-map", name="map", data_refresh="1")
        for map_id in setup.MAPS:
            maps.append(el("option", load_map(map_id).name, value=map_id, selected=map_id == options.map))
        variants = el("select", None, id="opt-variant", name="variant")
        for v in load_map(options.map).variants:
            variants.append(el("option", v.name, value=v.id, selected=v.id == options.variant))
        count = el("select", None, id="opt-count", name="count", data_refresh="1")
        for n in range(setup.MIN_SEATS, setup.MAX_SEATS + 1):
            count.append(el("option", str(n), value=str(n), selected=n == len(options.seats)))
        form.append(el("div", None, el("label", _("start.map"), maps), el("label", _("start.variant"), variants),
                       el("label", _("start.players"), count), cls="row"))
        for i, seat in enumerate(options.seats):
            kind = el("select", None, cls="seat-kind", aria_label=_("start.kind", number=i + 1))
            choice = setup.seat_choice(seat)
            kind.append(el("option", _("start.human"), value="human", selected=choice == "human"))
            for level in AI_LEVELS:
                kind.append(el("option", _(LEVEL_KEYS[level]), value=f"ai:{level}", selected=choice == f"ai:{level}"))
            colour = el("select", None, cls="seat-colour", aria_label=_("start.colour", number=i + 1))
            for c in PLAYER_COLOURS:
                colour.append(el("option", _(COLOUR_KEYS[c]), value=c, selected=seat.colour == c))
            name = el("input", None, cls="seat-name", type="text", maxlength=str(setup.MAX_NAME),
                      aria_label=_("start.name", number=i + 1))
            name.value = seat.name
            form.append(el("div", None, name, kind, colour, cls="seat", data_seat=str(i)))
        seed = el("input", None, id="opt-seed", type="text", maxlength=str(setup.MAX_SEED),
                  placeholder=_("start.seed_hint"))
        seed.value = options.seed
        form.append(el("label", _("start.seed"), seed))
        errors = el("ul", None, cls="problems", role="alert")
        for key, params in problems:
            errors.append(el("li", _(key, **params)))
        form.append(errors)
        form.append(button(_("start.start"), "start", cls="primary"))
        return form

    def read_options(self) -> GameOptions:
        doc = js.document
        seats = []
        for row in doc.querySelectorAll("#new-game .seat"):
            seats.append(setup.seat_from_choice(row.querySelector(".seat-name").value,
                                                row.querySelector(".seat-kind").value,
                                                row.querySelector(".seat-colour").value))
        return GameOptions(doc.getElementById("opt-map").value, doc.getElementById("opt-variant").value,
                           tuple(seats), doc.getElementById("opt-seed").value)

    def saves_list(self) -> Node:
        section = el("section", None, el("h2", _("start.saved")), cls="saves")
        entries = self.catalog.entries()
        if not entries:
            section.append(el("p", _("start.no_saves")))
        items = el("ul", None, cls="save-list")
        for entry in entries:
            when = js.Date.new(entry.saved_at).toLocaleString(i18n.language(), DATE_STYLE) if entry.saved_at else "—"
            if entry.problem:
                text = _(entry.problem[0], **entry.problem[1])
            else:
                map_name = load_map(entry.map).name if entry.map in setup.MAPS else "?"
                turn = "—" if entry.turn is None else str(entry.turn + 1)
                key = "start.save_line_over" if entry.over else "start.save_line"
                text = _(key, map=map_name, players=", ".join(entry.players), turn=turn, when=when)
            row = el("li", None, el("span", text, cls="save-text"), cls="save damaged" if entry.problem else "save",
                     data_save=entry.id)
            if not entry.problem:
                row.append(button(_("start.open"), "open", entry.id))
            row.append(button(_("start.export"), "export", entry.id))
            row.append(button(_("start.delete"), "delete", entry.id))
            items.append(row)
        section.append(items)
        picker = el("input", None, type="file", accept=".json,application/json", id="import-file", cls="import")
        section.append(el("label", _("start.import"), picker, cls="import-label"))
        section.append(persist.storage_line())      # offline (#17): is storage persistent?
        section.append(el("p", self.notice, cls="notice", role="status"))
        self.notice = ""
        return section

    def start_game(self, scenario: dict) -> None:
        self.game_id = f"g{int(_now_ms())}"
        self.enter(Session(scenario), 0)

    def enter(self, session: Session, revision: int) -> None:
        """Put ``session`` on the table; ``revision``: its save's, as read (0: not stored yet)."""
        self.stop_ai()
        self.session, self.board, self.side, self.dialog, self.focus_ticket = session, None, None, None, None
        self.revision, self.stale = revision, False
        if any(level is not None for level in session.levels):
            self.ai.start()                 # loads in the background while the game is drawn
        self.autosave()
        try:
            self.catalog.backend.set(CURRENT_KEY, self.game_id)
        except StorageFull:
            pass
        self.show()

    def open_saved(self, save_id: str) -> None:
        """Open a stored game; any failure is said on the saved-games screen, the save untouched."""
        try:
            text = self.catalog.raw(save_id)
            if text is None:
                raise SaveError("saves.error.missing", id=save_id)
            revision = self.catalog.revision(save_id)
            session = open_session(text)
        except SaveError as exc:
            self.notice = _(exc.problem[0], **exc.problem[1])
            self.home()
            return
        except Exception as exc:        # noqa: BLE001 - one bad save never stops the game
            self.notice = _("start.open_failed", reason=_failure(exc))
            self.home()
            return
        self.game_id = save_id
        self.enter(session, revision)

    def export(self, save_id: str) -> None:
        text = self.catalog.raw(save_id)
        if text is not None:
            download(text, save_id)

    def export_game(self) -> None:
        """The game on the table as a file: the same text as its save (and the saved-games list's
        Export), made from the game itself, so it is complete even when storage is full."""
        download(save_text(self.session.scenario()), self.game_id)

    async def import_file(self, picker) -> None:
        """Import a game file; whatever is wrong with it is said, and nothing is stored then."""
        files = picker.files
        if not files or files.length == 0:
            return
        file = files.item(0)
        try:
            size = int(file.size)
            if size > MAX_CHARS:        # said before reading it: a huge file never blocks the page
                raise SaveError("start.import_failed",
                                reason=_("start.import_too_large", size=f"{size / 1e6:.1f}"))
            session = open_session(await file.text())
        except SaveError as exc:
            params = exc.problem[1]      # the file is not stored: say why, without the save wording
            reason = params["reason"] if "reason" in params else _("start.import_newer", version=params["version"])
            self.notice = _("start.import_failed", reason=reason)
            self.home()
            return
        except Exception as exc:        # noqa: BLE001 - a bad file never stops the game
            self.notice = _("start.import_failed", reason=_failure(exc))
            self.home()
            return
        self.game_id = f"g{int(_now_ms())}"
        self.enter(session, 0)

    # --- the game screen --------------------------------------------------------------------------

    def autosave(self) -> None:
        """Store the whole game; unless another tab has played on, when this tab stops playing
        (nothing is overwritten), or the storage is full, when the banner says so."""
        if self.stale:
            return
        try:
            self.revision = self.catalog.write(self.game_id, self.session.scenario(), self.session.summary(),
                                               _now_ms(), base=self.revision)
        except StaleSave:
            self.go_stale()
        except StorageFull:
            self.storage_full = True
            self.notice = _("table.storage_full")
        else:
            self.notice = _("table.saved_again") if self.storage_full else ""
            self.storage_full = False

    def go_stale(self) -> None:
        """Another tab has played this game on (or deleted it): stop playing it here."""
        self.stale = True
        self.stop_ai()

    def on_storage(self, event) -> None:
        """Another tab changed the storage: if it wrote this game, this tab stops playing it."""
        if self.session is None or self.stale or event.key not in (None, INDEX_KEY, SAVE_PREFIX + self.game_id):
            return
        if self.catalog.revision(self.game_id) != self.revision:
            self.go_stale()
            self.show()

    def free_space(self, save_id: str) -> None:
        """Delete a finished game from the storage-full banner, then save this game whole again."""
        if save_id != self.game_id and any(e.id == save_id for e in self.catalog.finished()):
            self.catalog.delete(save_id)
        self.autosave()
        self.show()

    def show_storage_banner(self) -> None:
        """At the foot of the board while the storage is full (over the board, like the AI line,
        so the board's frame keeps its size; a dialog's backdrop covers it until answered)."""
        finished = [e for e in self.catalog.finished() if e.id != self.game_id] \
            if self.storage_full and not self.stale else None
        old = present(js.document.getElementById("storage-banner"))
        if old is not None and (finished is None or old.getAttribute("data-games") != _ids(finished)):
            old.remove()
            old = None
        if finished is not None and old is None:
            banner = _table().storage_banner(finished)
            banner.setAttribute("data-games", _ids(finished))
            js.document.getElementById("board-frame").append(banner)

    def show(self) -> None:
        """Redraw the game screen from the session (the board only where it changed)."""
        session = self.session
        view = session.view()
        if self.board is None:
            board_box = el("div", None, cls="board", id="board")
            side = el("div", None, cls="side", id="side")
            self.root.replaceChildren(
                el("header", None, el("p", "", cls="status", id="status", aria_live="polite"),
                   el("div", None, button("+", "zoom", "in", aria_label=_("table.zoom_in")),
                      button("−", "zoom", "out", aria_label=_("table.zoom_out")),
                      button(_("table.zoom_reset"), "zoom", "reset"),
                      button(_("table.export"), "export-game", cls="tool-export"),
                      button(_("table.menu"), "home"), cls="tools")),
                el("div", None, board_box, el("p", "", cls="ai-status", id="ai-status", role="status"),
                   cls="board-frame", id="board-frame"),
                side, el("div", None, id="dialogs"))
            self.root.className = "table"
            self.board = _table().Board(board_box, session)
            self.side = _table().SideColumn(side)
            self.zoom.attach(board_box)
        mine = session.viewer is not None and session.viewer == session.current and not session.over
        facts = (session.state["phase"], session.current, session.state["turn"], len(session.actions),
                 "" if session.handoff_to is None else session.handoff_to)
        for name, value in zip(GAME_ATTRIBUTES, facts):
            self.root.setAttribute(name, str(value))
        self.board.update(view, _table().highlights(session, view, self.focus_ticket))
        status = js.document.getElementById("status")
        status.textContent = status_line_with_notice(session, self.notice)
        status.setAttribute("data-colour", "" if session.over else session.state["players"][session.current]["colour"])
        self.root.classList.toggle("over", session.over)
        if self.side.update(session, view, mine) and not self.log_scroll_due:
            self.log_scroll_due = True            # the newest events in sight, once laid out for the frame
            js.requestAnimationFrame(self.log_scroller)
        self.show_storage_banner()
        self.show_dialog()
        self.schedule_ai()
        self.show_ai_status()

    def scroll_log(self, _time=None) -> None:
        """Scroll the log to its newest event (in the frame's animation callback: reading the
        log's height there lays out the page once, for the frame, not again mid-update)."""
        self.log_scroll_due = False
        if self.side is not None:
            self.side.log.scroll_to_newest()

    def show_dialog(self) -> None:
        session = self.session
        box = js.document.getElementById("dialogs")
        node = None
        phase = session.state["phase"]
        if self.stale:
            node = _table().stale_dialog()
        elif session.handoff_to is not None:
            node = _table().handoff_dialog(session)
        elif session.ai_to_move() or session.over:
            node = None
        elif session.last_round_notice() is not None:
            node = _table().last_round_dialog(session)
        elif phase in ("setup-tickets", "tickets"):
            node = _table().tickets_dialog(session)
        elif phase == "tunnel":
            node = _table().tunnel_dialog(session)
        elif self.dialog is not None:
            node = self.dialog[1]
        box.replaceChildren(*([node] if node is not None else []))
        # modal: the side column's controls are inert; the board (thousands of shapes, too many to
        # restyle at every dialog) is covered by the dialog's backdrop and out of the Tab cycle
        js.document.getElementById("side").toggleAttribute("inert", node is not None)
        self.mark_spot(f"route-{session.state['tunnel']['route']}" if phase == "tunnel" and node is not None
                       else self.dialog_spot if self.dialog is not None else None)
        if node is not None:
            target = present(node.querySelector("[autofocus], .primary, button, input"))
            if target is not None:
                target.focus()
        else:
            self.restore_focus()

    def mark_spot(self, spot_id: str | None) -> None:
        """Point out on the board the route or city the open dialog is about."""
        for old in js.document.querySelectorAll("#board .selected"):
            old.classList.remove("selected")
        spot = present(js.document.getElementById(spot_id)) if spot_id else None
        if spot is not None:
            spot.classList.add("selected")

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

    def cancel_dialog(self) -> None:
        """Escape: close a dialog that may be closed (a route's or city's, a message, the last
        round's announcement); the handoff, ticket and tunnel choices must be answered."""
        if self.session is None:
            return
        if self.dialog is not None:
            self.dialog = None
            self.show_dialog()
            self.restore_focus(closed=True)
        elif self.session.last_round_notice() is not None and self.session.handoff_to is None:
            self.session.acknowledge_last_round()
            self.show_dialog()
            self.restore_focus(closed=True)

    def trap_focus(self, event) -> None:
        """While a dialog is open, Tab and Shift+Tab cycle through its controls and the header's
        tools (which stay above every dialog: zoom, export, games), never reaching the page behind."""
        box = present(js.document.querySelector("#dialogs .dialog"))
        if box is None:
            return
        items = [n for n in js.document.querySelectorAll(f"#app.table header :is({FOCUSABLE}), #dialogs :is({FOCUSABLE})")
                 if n.getClientRects().length]
        event.preventDefault()
        if not items:
            return
        active = present(js.document.activeElement)
        index = next((i for i, n in enumerate(items) if active is not None and n.isSameNode(active)), None)
        if index is None:
            items[-1 if event.shiftKey else 0].focus()
        else:
            items[(index + (-1 if event.shiftKey else 1)) % len(items)].focus()

    def open_dialog(self, kind: str, payments: list, node) -> None:
        self.dialog = (kind, node, payments)
        self.show_dialog()

    def play(self, action) -> None:
        if self.stale:
            return
        try:
            self.session.play(action)
        except IllegalActionError as exc:       # the controls offer only legal actions; say so if not
            text = refusal_text(exc, self.session.state)
            self.dialog = ("message", _table().message_dialog(_("table.illegal"), text), [])
        else:
            self.dialog = None
            self.autosave()
        self.show()

    # --- AI seats -----------------------------------------------------------------------------------

    def schedule_ai(self) -> None:
        """Ask the AI helper at once for the move of the AI seat to act; the move is played once
        the answer is in, and no sooner than ``ai_delay`` after the previous one (to be followed)."""
        session = self.session
        if session is None or self.stale or not session.ai_to_move() or self.ai_wait is not None:
            return
        self.ai_tickets += 1
        self.ai_wait = AiWait(self.ai_tickets)
        self.ai_timer = js.setTimeout(self.ai_due_call, self.ai_delay)
        self.ai.ask(session.ai_request(self.ai_tickets))

    def stop_ai(self) -> None:
        """Forget the AI move asked for: its answer, when it comes, is for a position gone."""
        if self.ai_timer is not None:
            js.clearTimeout(self.ai_timer)
            self.ai_timer = None
        self.ai_wait = None

    def ai_due(self) -> None:
        self.ai_timer = None
        if self.ai_wait is not None:
            self.ai_wait.due = True
            self.play_ai() if self.ai_wait.answer is not None else self.show_ai_status()

    def on_ai_answer(self, answer: AiAnswer) -> None:
        wait = self.ai_wait
        if wait is None or answer.ticket != wait.ticket:
            return                          # stale: asked about a position no longer on the table
        wait.answer = answer
        if wait.due:
            self.play_ai()

    def on_ai_failure(self, reason: str) -> None:
        self.ai_failure = _("ai.helper_failed", reason=reason)
        self.show_ai_status()

    def play_ai(self) -> None:
        """Play the answered move if it is legal; otherwise say so and play a safe move."""
        answer, self.ai_wait = self.ai_wait.answer, None
        session = self.session
        action = ai_turn.answered_action(answer, session.legal())
        self.ai_notice = ""
        if action is None:
            self.ai_notice = _("ai.bad_answer", name=session.state["players"][session.current]["name"],
                               problem=answer.error or f"choice {answer.choice}")
            action = session.ai_safe_action()
        self.play(action)

    def show_ai_status(self) -> None:
        """The AI line at the top of the board: the helper's failure, a bad answer, "… is thinking"."""
        node = present(js.document.getElementById("ai-status"))
        self.root.setAttribute("data-ai-helper", self.ai.where)
        if node is None or self.session is None:
            return
        parts = [self.ai_failure, self.ai_notice]
        wait = self.ai_wait
        if wait is not None and wait.due and wait.answer is None:
            parts.append(_("ai.thinking", name=_table().player_label(self.session, self.session.current)))
        node.textContent = " ".join(p for p in parts if p)

    # --- events -------------------------------------------------------------------------------------

    def on_click(self, event) -> None:
        target = event.target
        control = closest(target, "[data-cmd]")
        if control is not None:
            if control.getAttribute("aria-disabled") == "true":
                self.say(control.getAttribute("title"))
                return
            event.preventDefault()
            self.command(control.getAttribute("data-cmd"), control.getAttribute("data-arg") or "")
            return
        if self.session is None or self.zoom.dragged:
            return
        spot = closest(target, "[data-route], [data-city]")
        if spot is not None:
            self.board_click(spot)

    def on_key(self, event) -> None:
        if event.key == "Escape":
            self.cancel_dialog()
            return
        if event.key == "Tab" and self.session is not None:
            self.trap_focus(event)
            return
        if event.key in ("Enter", " ") and self.session is not None:
            spot = closest(event.target, "[data-route], [data-city]")
            if spot is not None and closest(spot, "[data-cmd]") is None:
                event.preventDefault()
                self.board_click(spot)

    def on_change(self, event) -> None:
        target = event.target
        if target.id == "import-file":
            return js.Promise.resolve(self.import_file(target))   # the import runs on its own
        if target.id == "opt-language":
            choose_language(target.value)
            self.home(self.read_options())
            return None
        if target.getAttribute("data-refresh"):
            options = self.read_options()
            if target.id == "opt-map":
                options = GameOptions(options.map, setup.variant_ids(options.map)[0], options.seats, options.seed)
            else:
                options = setup.with_seat_count(options, int(target.value))
            self.home(options)
        return None

    def on_focus(self, event) -> None:
        if event.type == "focusin" and present(js.document.querySelector("#dialogs .dialog")) is None:
            self.focus_home = focus_selector(event.target) or self.focus_home
        disabled = closest(event.target, "[aria-disabled=true]")
        if disabled is not None and event.type == "focusin":      # keyboard users read why it is disabled
            self.say(disabled.getAttribute("title"))
        ticket = closest(event.target, "[data-ticket]")
        if ticket is not None and self.session is not None:
            self.focus_ticket = ticket.getAttribute("data-ticket")
            view = self.session.view()
            self.board.update(view, _table().highlights(self.session, view, self.focus_ticket))

    def on_blur(self, event) -> None:
        if self.focus_ticket is not None and self.session is not None \
                and closest(event.target, "[data-ticket]") is not None:
            self.focus_ticket = None
            view = self.session.view()
            self.board.update(view, _table().highlights(self.session, view, None))

    def say(self, text: str | None) -> None:
        if text and self.session is not None:
            js.document.getElementById("status").textContent = text

    def board_click(self, spot) -> None:
        session = self.session
        if session.viewer is None or session.viewer != session.current or session.over:
            self.say(_("table.not_your_turn"))
            return
        route_id = spot.getAttribute("data-route")
        game_map = session.map
        self.dialog_spot = spot.id
        if route_id:
            payments, reason = session.route_payments(route_id)
            r = game_map.route(route_id)
            title = _("table.claim_title", a=game_map.city(r.a).name, b=game_map.city(r.b).name)
            if payments:
                self.open_dialog("claim", payments, _table().payment_dialog(title, payments, "claim"))
            else:
                self.open_dialog("message", [], _table().message_dialog(title, reason or ""))
            return
        city_id = spot.getAttribute("data-city")
        if not game_map.rules["stations"]:
            return
        payments, reason = session.station_payments(city_id)
        title = _("table.station_title", city=game_map.city(city_id).name)
        if payments:
            self.open_dialog("station", payments, _table().payment_dialog(title, payments, "station"))
        else:
            self.open_dialog("message", [], _table().message_dialog(title, reason or ""))

    def command(self, cmd: str, arg: str) -> None:
        session = self.session
        if cmd == "start":
            options = self.read_options()
            problems = options.problems()
            if problems:
                self.home(options, problems)
            else:
                self.start_game(options.scenario(_fresh_seed()))
        elif cmd == "open":
            self.open_saved(arg)
        elif cmd == "delete":
            self.catalog.delete(arg)
            self.home(self.read_options())
        elif cmd == "export":
            self.export(arg)
        elif cmd == "export-game":
            self.export_game()
        elif cmd == "take-over":
            self.open_saved(self.game_id)
        elif cmd == "free":
            self.free_space(arg)
        elif cmd == "last-round":
            session.acknowledge_last_round()
            self.show_dialog()
        elif cmd == "home":
            self.home()
        elif cmd == "rematch":
            self.start_game(setup.rematch(session.start, _fresh_seed()))
        elif cmd == "zoom":
            self.zoom.step(arg)
        elif cmd == "handoff":
            session.acknowledge_handoff()
            self.show()
        elif cmd == "close":
            self.dialog = None
            self.show_dialog()
            self.restore_focus(closed=True)
        elif cmd == "draw":
            self.play(next(c.action for c in session.draw_choices() if c.action.source == arg))
        elif cmd == "tickets":
            self.play(session.tickets_choice().action)
        elif cmd in ("claim", "station") and self.dialog and self.dialog[0] == cmd:
            self.play(self.dialog[2][int(arg)])
        elif cmd == "tunnel":
            self.play(session.tunnel_choice()[2][int(arg)])
        elif cmd == "keep":
            self.keep()

    def keep(self) -> None:
        low, high, _offer = self.session.ticket_choice()
        kept = [box.value for box in js.document.querySelectorAll(".offer input[name=keep]") if box.checked]
        if not low <= len(kept) <= high:
            rule = js.document.querySelector(".dialog .dialog-error")
            rule.textContent = _("table.keep_rule", low=low, high=high) if low != high \
                else _("table.keep_exactly", count=low)
            return
        action = next(a for a in self.session.legal() if isinstance(a, KeepTickets)
                      and a.tickets == tuple(sorted(kept)))
        self.play(action)


def language_picker() -> Node:
    """The language of the game: each catalog named in its own language."""
    picker = el("select", None, id="opt-language")
    for code in i18n.available_languages():
        picker.append(el("option", i18n.language_name(code), value=code,
                         selected=code == i18n.language()))
    return el("label", _("start.language"), picker, cls="language")


def choose_language(code: str) -> None:
    """Use ``code`` from now on, and at the next visit (``static/boot.js`` reads the choice)."""
    chosen = i18n.set_language(code)
    js.document.documentElement.lang = chosen
    try:
        js.localStorage.setItem(LANGUAGE_KEY, chosen)
    except JsException:
        pass           # storage refused: the choice lasts for this visit


def download(text: str, save_id: str) -> None:
    """Offer ``text`` as the file ``ticket-to-ride-<save_id>.json``."""
    blob = js.Blob.new(to_js([text]), to_js({"type": "application/json"}, dict_converter=js.Object.fromEntries))
    url = js.URL.createObjectURL(blob)
    link = el("a", None, href=url, download=f"ticket-to-ride-{save_id}.json")
    js.document.body.append(link)
    link.click()
    link.remove()
    js.setTimeout(create_once_callable(lambda: js.URL.revokeObjectURL(url)), 1000)


def status_line_with_notice(session: Session, notice: str) -> str:
    text = _table().status_line(session)
    return f"{text} {notice}" if notice else text


def start() -> None:
    """Take over the page from the loader; sets ``data-game-ready`` when it is interactive."""
    document = js.document
    i18n.set_language(document.documentElement.lang)
    root = document.getElementById("app")
    app = App(root)
    current = app.catalog.backend.get(CURRENT_KEY)
    try:
        if isinstance(current, str) and app.catalog.raw(current) is not None:
            app.open_saved(current)         # says on the saved-games screen why it cannot open
        else:
            app.home()
    except Exception as exc:       # noqa: BLE001 - boot never fails because of stored data
        app.notice = _("start.open_failed", reason=_failure(exc))
        app.home()
    root.hidden = False
    document.documentElement.setAttribute("data-game-ready", "")
    js.setTimeout(create_once_callable(_warm_up), WARM_UP_MS)
