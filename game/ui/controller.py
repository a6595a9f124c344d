"""The game table as a model: one way in, :meth:`Table.handle`, for every command (a player's,
the page's timers and workers' answers, another device's news), and one way out, the
``Outcome`` it answers with its effects (``game.ui.outcome``).

What it shares with every mode is ``game.ui.desk.Desk``'s; what differs between a game on this
device, a hosted table and a guest's seat is the mode's (``game.ui.modes``, ``hosting``,
``guesting``), which sees each command first; the rest go to their handlers: the start screen's
and the ways into a game (``game.ui.opening``), the game's (``game.ui.turns``), the helpers'
answers and the timers (``game.ui.work``, which also says what the page is to ask next).

>>> from game.ui.saves import SaveCatalog
>>> from game.ui.storage import DictBackend
>>> from game.ui.setup import default_options
>>> table = Table(SaveCatalog(DictBackend({})), clock=lambda: 1000.0, fresh_seed=lambda: 5)
>>> from game.ui.commands import Keep, StartGame
>>> table.handle(StartGame(default_options("usa", 2))).redraw
<Redraw.SCREEN: 'screen'>
>>> dialog = table.dialog()
>>> type(dialog).__name__, dialog.low, dialog.high
('TicketsDialog', 2, 3)
>>> outcome = table.handle(Keep(dialog.offer[:1]))
>>> outcome.dialog_error, outcome.ask_ai      # the human seat is to choose: no AI move asked for
('Keep 2 to 3 tickets.', None)
"""

from __future__ import annotations

from collections.abc import Callable

from game.problem import Problem
from game.ui import opening, setup, turns, work
from game.ui.ai_pacing import AI_DELAY_MS
from game.ui.channels import Post
from game.ui.commands import Command
from game.ui.desk import Desk, Mode
from game.ui.modes import Local
from game.ui.outcome import NOTHING, Outcome
from game.ui.saves import SaveCatalog
from game.ui.setup import GameOptions

HANDLERS = (opening.handle, turns.handle, work.handle)     # each: an outcome, or None for another's command


class Table(Desk):
    """The table (see the module docstring): the start screen (``session`` None) or a game."""

    def __init__(self, catalog: SaveCatalog, *, clock: Callable[[], float], fresh_seed: Callable[[], int],
                 ai_delay: int = AI_DELAY_MS, site: str = "", hints: bool = True, relays: str = "") -> None:
        super().__init__(catalog, Local(), clock=clock, fresh_seed=fresh_seed, ai_delay=ai_delay, site=site,
                         hints=hints, relays=relays)

    def handle(self, command: Command) -> Outcome:
        """Carry out a command; what the page must do about it, with the effects it asks for."""
        outcome = self.mode.handle(self, command)
        for handler in HANDLERS:
            if outcome is not None:
                break
            outcome = handler(self, command)
        return work.effects(self, outcome or NOTHING)

    def home(self, options: GameOptions | None = None, problems: list[Problem] | None = None) -> Outcome:
        """The start screen: the new-game form (``options``, its ``problems``: by default what is
        wrong with the options now, so the form says it as it is drawn) and the saved games; the
        mode left (a hosted table's channels closed: the table stays kept)."""
        posts = self.leave(Local())
        # the names the game made follow the language and the seats' kinds (game.ui.setup)
        options = setup.with_default_names(options or setup.default_options("usa", 2))
        self.start = setup.StartScreen(options, options.problems() if problems is None else problems)
        return Outcome(posts=posts)

    def open_mode(self, mode: Mode) -> Outcome:
        """Play on the table in ``mode`` (a table hosted, a guest's seat): the mode left is left,
        and the game is on the table once the new mode has one (its news)."""
        return Outcome(posts=self.leave(mode)).also(mode.opened(self))

    def leave(self, mode: Mode) -> tuple[Post, ...]:
        """Leave the game and the mode on the table for ``mode``, with no game yet; what the mode
        left tells other devices."""
        self.stop_ai()
        self.hinting.forget(self.ai)
        posts = self.mode.leave(self)
        self.mode, self.session, self.opened, self.focus_ticket, self.selected = mode, None, None, None, None
        self.scoring, self.review = None, None
        return posts
