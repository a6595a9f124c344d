"""The table page's input: its event listeners, and what each click, key, change, focus and
another tab's write asks of the page (``game.web.app``).

One click handler and one key handler serve every control: a control names its command in
``data-cmd`` (and its argument in ``data-arg``, ``game.ui.commands.Control``); routes and cities
are found by their ``data-route`` / ``data-city``.  The commands that read the page (the new-game
form, the ticket boxes) are made here, the others by ``control_command``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import js
from pyodide.ffi import create_once_callable

from game.i18n import _
from game.jsontext import MAX_CHARS
from game.ui import setup
from game.ui.commands import (
    ChooseCity,
    ChooseMap,
    ChooseRoute,
    ChooseSeatCount,
    CloseDialog,
    Command,
    Control,
    DeleteSave,
    GoHome,
    Keep,
    SetAiSpeed,
    SkipScoring,
    StartGame,
    control_command,
)
from game.ui.controller import Table
from game.ui.keeping import failure_text
from game.ui.outcome import Outcome
from game.ui.page_events import (
    ImportFailed,
    ImportGame,
    ImportTooLarge,
    LanguageChanged,
    LightTicket,
    Notice,
    StorageChanged,
)
from game.ui.route_pick import chooser_labels
from game.ui.screen import Screen
from game.ui.storage import Preferences
from game.web import cues
from game.web import start as start_screen
from game.web.dom import closest, keep_alive
from game.web.focus import Focus
from game.web.header import Header
from game.web.help import HelpPanel
from game.web.tap import RoutePicker
from game.web.zoom import Zoom

if TYPE_CHECKING:
    from game.web.netplay import NetPage


class Page(Protocol):
    """What the input asks of the table page it serves (``game.web.app.App``)."""

    @property
    def table(self) -> Table: ...
    @property
    def preferences(self) -> Preferences: ...
    @property
    def shown(self) -> Screen | None: ...
    @property
    def zoom(self) -> Zoom: ...
    @property
    def picker(self) -> RoutePicker: ...
    @property
    def help(self) -> HelpPanel: ...
    @property
    def header(self) -> Header: ...
    @property
    def focus(self) -> Focus: ...
    @property
    def net(self) -> NetPage: ...

    def apply(self, outcome: Outcome) -> None: ...
    def say(self, text: str | None) -> None: ...
    def redraw_all(self) -> None: ...
    def draw_board(self) -> None: ...


class Input:
    """The page's listeners and their dispatch, for ``page``."""

    def __init__(self, page: Page) -> None:
        self.page = page

    def listen(self, root) -> None:
        """Listen on ``root`` (``#app``), the document (keys, also when nothing has the focus) and
        the window (another tab's writes to the storage)."""
        root.addEventListener("click", keep_alive(self.on_click))
        js.document.addEventListener("keydown", keep_alive(self.on_key))     # also when nothing has the focus
        root.addEventListener("change", keep_alive(self.on_change))
        root.addEventListener("focusin", keep_alive(self.on_focus))
        root.addEventListener("mouseover", keep_alive(self.on_focus))
        root.addEventListener("focusout", keep_alive(self.on_blur))
        root.addEventListener("mouseout", keep_alive(self.on_blur))
        js.window.addEventListener("storage", keep_alive(self.on_storage))     # another tab wrote

    def on_click(self, event) -> None:
        page = self.page
        target = event.target
        control = closest(target, "[data-cmd]")
        page.picker.close()             # any click ends a list of routes under a finger, its choice included
        page.header.on_click(target)    # and one elsewhere, or a command in it, the header's menu
        if control is not None:
            if control.getAttribute("aria-disabled") == "true":
                page.say(control.getAttribute("title"))
                return
            event.preventDefault()
            self.command(control.getAttribute("data-cmd"), control.getAttribute("data-arg") or "")
            return
        if closest(target, ".scoring-reveal") is not None:     # a click on the scoring: the final table now
            page.apply(page.table.handle(SkipScoring()))
            return
        if page.table.session is None or page.zoom.dragged:
            return
        shown = page.shown
        if closest(target, "#board") is not None and shown is not None and page.picker.offer(
                event, lambda routes: chooser_labels(shown.board.view, routes)):
            return
        spot = closest(target, "[data-route], [data-city]")
        if spot is not None:
            self.board_click(spot)

    def command(self, cmd: str, arg: str) -> None:
        """A control's command; the ones that read the page (the form, the ticket boxes) are made here."""
        page = self.page
        if cmd == Control.HINTS:
            page.preferences.set_hints(arg == "on")
        if cmd == Control.HELP:
            self.open_help()
            return
        if cmd == Control.MORE:
            page.header.show_menu(not page.header.menu_open)
            return
        if cmd == Control.CLOSE_PICK:         # the list of routes under a finger, closed by this click
            return
        if cmd == Control.COPY_LINK:
            self.copy_link(arg)
            return
        command: Command | None = None
        if cmd.startswith("net-"):          # play on several devices: the panel's fields
            from game.web.netplay import panel_command
            command = panel_command(cmd, arg)
        if command is None:
            command = self.form_command(cmd, arg)
        if command is not None:
            page.apply(page.table.handle(command))

    def form_command(self, cmd: str, arg: str) -> Command | None:
        """The commands that read the page's form or ticket boxes, and every other control's."""
        if cmd == Control.START:
            return StartGame(start_screen.read_options())
        if cmd == Control.DELETE:
            return DeleteSave(arg, start_screen.read_options())
        if cmd == Control.KEEP:
            boxes = js.document.querySelectorAll(".offer input[name=keep]")
            return Keep(tuple(box.value for box in boxes if box.checked))
        return control_command(cmd, arg)

    def copy_link(self, link: str) -> None:
        """Put a shared link on the clipboard and say so (or say to copy it by hand)."""
        def done(_value=None) -> None:
            self.page.say(_("share.copied"))

        def failed(_error=None) -> None:
            self.page.say(_("share.copy_failed"))
        try:
            js.navigator.clipboard.writeText(link).then(create_once_callable(done), create_once_callable(failed))
        except Exception:       # noqa: BLE001 - no clipboard (an insecure page): the link is shown to copy
            failed()

    def open_help(self) -> None:
        """The "How to play" panel for the game on the table, or for the map and variant chosen in the form."""
        page = self.page
        if page.table.session is not None and page.shown is not None:
            page.help.open(*page.shown.rules)
        else:
            options = start_screen.read_options()
            page.help.open(options.map, options.variant)

    def board_click(self, spot) -> None:
        route, city = spot.getAttribute("data-route"), spot.getAttribute("data-city")
        self.page.apply(self.page.table.handle(ChooseRoute(route) if route else ChooseCity(city or "")))

    def on_key(self, event) -> None:
        page = self.page
        if page.help.is_open:
            page.help.on_key(event)
            return
        if event.key == "Escape" and page.header.on_escape():
            return
        if event.key == "Escape" and page.picker.is_open:
            page.picker.close()
            return
        if event.key == "Escape" and page.table.scoring is not None:     # the final table now
            page.apply(page.table.handle(SkipScoring()))
            return
        if event.key == "Escape" and cues.end_reveal():       # a tunnel's cards first, then a dialog
            return
        if event.key == "Escape":
            page.apply(page.table.handle(CloseDialog()))
            return
        if event.key == "Tab" and page.table.session is not None:
            page.focus.trap_focus(event)
            return
        if event.key in ("Enter", " ") and page.table.session is not None:
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
        page = self.page
        picker.disabled = True
        page.apply(page.table.handle(Notice(await start_screen.choose_language(picker.value, page.preferences))))
        if picker.id == "opt-language":
            page.apply(page.table.handle(GoHome(start_screen.read_options())))
        else:
            page.apply(page.table.handle(LanguageChanged()))     # the game's own names follow the language
            page.redraw_all()                     # every word on the table is drawn again
            js.document.getElementById("opt-language-game").focus()

    def on_change(self, event) -> None:
        page = self.page
        target = event.target
        if target.id == "import-file":
            return js.Promise.resolve(self.import_file(target))   # the import runs on its own
        if target.id in ("opt-language", "opt-language-game"):
            return js.Promise.resolve(self.change_language(target))   # a catalog may be fetched
        if target.id == "opt-map":
            page.apply(page.table.handle(ChooseMap(start_screen.read_options())))
        elif target.id == "opt-ai-speed":
            page.preferences.set_ai_speed(target.value)
            page.apply(page.table.handle(SetAiSpeed(target.value)))
        elif target.id.startswith("seat-kind-"):
            page.apply(page.table.handle(GoHome(start_screen.read_options())))
        elif target.id == "opt-devices":
            page.apply(page.table.handle(GoHome(setup.with_devices(start_screen.read_options(), bool(target.checked)))))
        elif target.id == "opt-count":
            page.apply(page.table.handle(ChooseSeatCount(start_screen.read_options(), int(target.value))))
        return None

    async def import_file(self, picker) -> None:
        """Import a game file: its size is checked first, so a huge file never blocks the page."""
        page = self.page
        files = picker.files
        if not files or files.length == 0:
            return
        file = files.item(0)
        try:
            if int(file.size) > MAX_CHARS:      # refused before it is read: a huge file never blocks the page
                page.apply(page.table.handle(ImportTooLarge(int(file.size))))
                return
            text = await file.text()
        except Exception as exc:        # noqa: BLE001 - a file the browser cannot read is said
            page.apply(page.table.handle(ImportFailed(failure_text(exc))))
            return
        page.apply(page.table.handle(ImportGame(text)))

    def on_focus(self, event) -> None:
        page = self.page
        if event.type == "focusin":
            page.header.on_focus(event.target)
            page.focus.moved(event.target)
        disabled = closest(event.target, "[aria-disabled=true]")
        if disabled is not None and event.type == "focusin":      # keyboard users read why it is disabled
            page.say(disabled.getAttribute("title"))
        ticket = closest(event.target, "[data-ticket]")
        if ticket is not None:
            self.light_ticket(ticket.getAttribute("data-ticket"))

    def on_blur(self, event) -> None:
        if closest(event.target, "[data-ticket]") is not None:
            self.light_ticket(None)

    def light_ticket(self, ticket: str | None) -> None:
        """Light a ticket's cities and path on the board (None: none), while it is hovered or focused."""
        self.page.apply(self.page.table.handle(LightTicket(ticket)))

    def on_storage(self, event) -> None:
        """Another tab changed the storage: if it wrote this game, this tab stops playing it."""
        key = event.key
        self.page.apply(self.page.table.handle(StorageChanged(key if isinstance(key, str) else None)))
