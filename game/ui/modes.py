"""A game on this device, the first of the ways a game is on the table (``game.ui.desk.Mode``),
one object per way, chosen when the table opens a game: :class:`Local` (pass and play, AI
seats), ``game.ui.hosting.Hosting`` (a table this device hosts for guests on other devices) and
``game.ui.guesting.Guesting`` (a guest's seat at another's table).  Each owns its play path, its
saving, its rematch, its news from other devices and the turn timer;
``game.ui.controller.Table`` keeps what every mode shares and asks its mode the rest.

>>> from game.ui.controller import Table
>>> from game.ui.saves import SaveCatalog
>>> from game.ui.storage import DictBackend
>>> from game.ui.setup import default_options
>>> from game.ui.commands import StartGame
>>> table = Table(SaveCatalog(DictBackend({})), clock=lambda: 1000.0, fresh_seed=lambda: 5)
>>> outcome = table.handle(StartGame(default_options("usa", 2)))
>>> type(table.mode).__name__, table.mode.exportable(table), table.mode.seats_tool
('Local', True, False)
"""

from __future__ import annotations

from game.actions import Action
from game.i18n import _
from game.rules import IllegalActionError
from game.ui import dialogs, keeping, setup
from game.ui.choices import refusal_text
from game.ui.desk import Desk, Mode
from game.ui.outcome import Outcome

HANDOFF_PAUSE_MS = 1600     # a player sees their turn's end before the handoff screen hides their cards


class Local(Mode):
    """A game on this device (and the start screen): every move played here and saved in this
    device's saved games, the device handed from player to player."""

    def play(self, desk: Desk, action: Action) -> Outcome:
        """Play ``action`` for the player to act and save; a refusal is said in a message."""
        session = desk.session
        assert session is not None
        actor = session.viewer
        try:
            session.play(action)
        except IllegalActionError as exc:       # the controls offer only legal actions; say so if not
            desk.opened = dialogs.MessageDialog(_("table.illegal"), refusal_text(exc, session.state))
            return Outcome()
        # a link being copied stays while AI seats play, never once the device changes hands
        if not (isinstance(desk.opened, dialogs.ShareDialog) and desk.opened.seat == session.viewer):
            desk.opened = None
        desk.selected = None
        self.save(desk)
        outcome = self.played(desk)
        if session.over:
            return outcome.also(desk.reveal_scoring())
        played_own_turn = actor is not None and session.events[-1]["seat"] == actor
        if played_own_turn and session.handoff_to not in (None, actor) and session.pause_handoff():
            return outcome.also(Outcome(pause_ms=HANDOFF_PAUSE_MS))
        return outcome

    def played(self, desk: Desk) -> Outcome:
        """After a move played on this device: what else it asks (another device's news)."""
        return Outcome()

    def save(self, desk: Desk) -> None:
        """Keep the game in this device's saved games (``game.ui.keeping.store``)."""
        keeping.store(desk)

    def entered(self, desk: Desk) -> None:
        """Kept, and remembered as the one to resume at boot."""
        keeping.store(desk)
        keeping.remember(desk)

    def rematch(self, desk: Desk) -> Outcome:
        """The same players, map and options again, in a new game."""
        assert desk.session is not None
        return keeping.start_game(desk, setup.rematch(desk.session.scenario(), desk.fresh_seed()))
