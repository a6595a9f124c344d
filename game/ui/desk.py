"""What every part of the table reads and sets, whatever the mode (:class:`Desk`: the game on
it and how it is kept, the dialog the player opened, the AI seats' pacing, the final scoring on
show, the review), and what a mode answers (:class:`Mode`).  ``game.ui.controller.Table`` is a
``Desk`` and says how it goes home and takes a mode; the modes (``game.ui.modes.Local``,
``game.ui.hosting.Hosting``, ``game.ui.guesting.Guesting``) and keeping the game
(``game.ui.keeping``) act on a desk, so none of them imports the controller that calls them.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import TYPE_CHECKING

from game.actions import Action
from game.events import event_view
from game.problem import Problem
from game.ui import dialogs, reveal, setup
from game.ui.ai_pacing import AI_DELAY_MS, AiPacer
from game.ui.channels import Post
from game.ui.commands import Command
from game.ui.end_screen import EndScreen
from game.ui.hinting import Hinting
from game.ui.moves import Cue, cues
from game.ui.outcome import NOTHING, Outcome, Redraw
from game.ui.presence import AwayNote
from game.ui.reveal_pacing import ScoringShow, scoring_show
from game.ui.review import ReviewRun
from game.ui.saves import SaveCatalog
from game.ui.session import Session
from game.ui.setup import GameOptions

if TYPE_CHECKING:      # play on several devices' panels are imported by the modes that draw them
    from game.ui.net_panels import NetPanel


class Mode(ABC):
    """A way a game is on the table: its play path, its saving, its rematch, its own commands
    (another device's news among them) and the turn timer; what is not said here is as for a
    game on this device."""

    seats_tool = False          # the header offers the seats and their invites (a hosted table)
    ticks = False               # the page tells it each second (``Tick``: the turn timer)

    @abstractmethod
    def play(self, desk: Desk, action: Action) -> Outcome:
        """Play ``action`` for the player to act (a refusal is said in a message)."""

    @abstractmethod
    def save(self, desk: Desk) -> None:
        """Keep the game."""

    @abstractmethod
    def rematch(self, desk: Desk) -> Outcome:
        """The game's rematch, if this mode starts one."""

    def entered(self, desk: Desk) -> None:
        """The game was put on the table: kept (and, for a game of this device's, remembered as
        the one to resume at boot)."""
        self.save(desk)

    def play_ahead(self, desk: Desk, action: Action) -> Outcome:
        """The opening choice of the seat on screen, made ahead of its turn (``Session.choosing_ahead``:
        on a table of several devices every seat chooses at once); none elsewhere."""
        return NOTHING

    def exportable(self, desk: Desk) -> bool:
        """Whether the game on the table is one this device knows whole, to export or share."""
        return desk.session is not None

    def opened(self, desk: Desk) -> Outcome:
        """The table took this mode (``Desk.open_mode``): its first news."""
        return Outcome()

    def handle(self, desk: Desk, command: Command) -> Outcome | None:
        """The mode's own commands (None: not one of them)."""
        return None

    def leave(self, desk: Desk) -> tuple[Post, ...]:
        """The table leaves this game (for the start screen or another game): what to tell other devices."""
        return ()

    def tick(self, desk: Desk, now: float) -> Outcome:
        """The turn timer's second (``now``: seconds since 1970): nothing, with no timer."""
        return NOTHING

    def clock_line(self, now: float) -> str:
        """The turn timer's line over the board (empty: none)."""
        return ""

    def away_note(self, desk: Desk, now: float) -> AwayNote | None:
        """Over the board: the player to act is away, and what the host may do (None: nobody is)."""
        return None

    def end_screen(self, desk: Desk, end: EndScreen) -> EndScreen:
        """The final table, as this mode shows it."""
        return end

    def panel(self, desk: Desk, now: float) -> NetPanel | None:
        """The mode's panel, when it is shown (alone before the game, else over it)."""
        return None


class Desk(ABC):
    """The table's shared state (see the module docstring); a game is ``session`` (None: the
    start screen, or a table on several devices not dealt yet), saved as ``game_id``."""

    def __init__(self, catalog: SaveCatalog, mode: Mode, *, clock: Callable[[], float], fresh_seed: Callable[[], int],
                 ai_delay: int = AI_DELAY_MS, site: str = "", hints: bool = True, relays: str = "") -> None:
        """``mode``: a game on this device's, at first; ``clock``: milliseconds since 1970;
        ``fresh_seed``: a new game's seed when none is given; ``ai_delay``: the pause before each
        AI move; ``site``: the site's address, for shared links; ``hints``: the claimable routes
        lit (the player's preference); ``relays``: the page's ``?relays=`` (play over the internet)."""
        self.mode = mode
        self.site = site
        self.relays_param = relays
        self.catalog = catalog
        self.clock = clock
        self.fresh_seed = fresh_seed
        self.start = setup.StartScreen()
        self.session: Session | None = None
        self.game_id = ""
        self.opened: dialogs.Dialog | None = None   # the dialog the player opened (a route's, a city's, a message)
        self.focus_ticket: str | None = None    # the ticket whose cities and network are lit
        self.selected: str | None = None        # the colour chosen in the hand: the routes it pays lit
        self.hints = hints                      # light the routes the player may claim now
        self.notice = ""                        # said once on the start screen, or with the status
        self.ice_notice = ""                    # what was wrong with the STUN/TURN or relays setting typed
        self.revision = 0                       # the save's revision this tab read or wrote last
        self.stale = False                      # another tab played on: this one stopped playing
        self.storage_full = False
        self.ai = AiPacer(ai_delay)             # the AI seats' moves asked for, and when each is due
        self.scoring: ScoringShow | None = None     # the final scoring being revealed, step by step
        self.scoring_tickets = 0                # numbers of the scoring's timers asked for
        self.scored: Session | None = None      # the game whose end revealed its final scoring here (once)
        self.review: ReviewRun | None = None    # the finished game's review (game.ui.review), if asked for
        self.reviews = 0                        # reviews started (their requests' tickets differ)
        self.hinting = Hinting()                # the hint asked last (game.ui.hinting)
        self.cued = 0                           # the events whose cues were taken (game.ui.moves)

    @abstractmethod
    def home(self, options: GameOptions | None = None, problems: list[Problem] | None = None) -> Outcome:
        """The start screen: the new-game form (``options``, its ``problems``) and the saved games."""

    @abstractmethod
    def open_mode(self, mode: Mode) -> Outcome:
        """Play on the table in ``mode`` (a table hosted, a guest's seat), its game not on it yet."""

    def enter(self, session: Session, revision: int) -> Outcome:
        """Put ``session`` on the table; ``revision``: its save's, as read (0: not stored yet)."""
        self.stop_ai()
        self.session, self.opened, self.focus_ticket, self.selected = session, None, None, None
        self.hinting.forget(self.ai)
        self.revision, self.stale = revision, False
        self.scoring, self.review = None, None  # a finished game opened shows its final table
        self.cued = len(session.events)         # a game opened shows its moves as they stand, not played again
        session.name_defaults()                 # the names the game made, in the language of the moment
        self.mode.entered(self)
        return Outcome()

    def play(self, action: Action) -> Outcome:
        """Play ``action`` for the player to act, as the mode plays it."""
        if self.stale or self.session is None:
            return NOTHING
        return self.mode.play(self, action)

    def play_ahead(self, action: Action) -> Outcome:
        """Play the opening choice of the seat on screen ahead of its turn, as the mode holds it
        (an AI seat's move meanwhile goes through :meth:`play`)."""
        if self.stale or self.session is None or not self.session.choosing_ahead():
            return NOTHING
        return self.mode.play_ahead(self, action)

    def viewer_to_act(self) -> bool:
        """Whether the player whose cards are on screen is the one to act (or chooses their opening
        tickets ahead of their turn: ``Session.acting``), and has not chosen already (``Session.held``:
        a guest's choice sent ahead, still on its way when its turn comes)."""
        s = self.session
        return s is not None and s.viewer is not None and s.viewer == s.acting and s.viewer not in s.held \
            and not s.over

    def playing(self) -> bool:
        """Whether this tab plays on and the player whose cards are on screen is to act."""
        return not self.stale and self.viewer_to_act()

    def dialog(self) -> dialogs.Dialog | None:
        """The dialog up now (``game.ui.dialogs.table_dialog``): this tab stopped, what the game
        asks, else the one the player opened."""
        s = self.session
        if s is None:
            return None
        return dialogs.StaleDialog() if self.stale else dialogs.table_dialog(s, self.opened)

    def open_dialog(self, dialog: dialogs.Dialog | None) -> Outcome:
        """Open a dialog the player asked for (None: there is none, as for a click on no route)."""
        if dialog is None:
            return NOTHING
        self.opened = dialog
        return Outcome(Redraw.DIALOG)

    def reveal_scoring(self, *, replay: bool = False) -> Outcome:
        """Reveal the final scoring step by step (``game.ui.reveal_pacing``), from the opening: when
        the game ends on this table (once: more news of a finished game, a guest leaving it, does
        not start it again), and whenever a player asks to see it again (``replay``)."""
        s = self.session
        if s is None or not s.over or not replay and self.scored is s:
            return NOTHING
        self.scored = s
        self.scoring = scoring_show(s.state, self.ai.speed(), replay=replay)
        return Outcome()

    def scoring_frame(self) -> reveal.Frame | None:
        """What the final scoring shows now, while it is being revealed (else None: the final table)."""
        return None if self.scoring is None else self.scoring.frame()

    def take_cues(self) -> tuple[Cue, ...]:
        """The cues of the moves played since the last call, as the screen's viewer sees them."""
        s = self.session
        if s is None:
            return ()
        seat = s.viewer
        new = s.events[self.cued:]
        self.cued = len(s.events)
        return tuple(cue for event in new for cue in cues(event_view(event, seat)))

    def stop_ai(self) -> None:
        """Forget the AI move asked for: its answer, when it comes, is for a position gone."""
        self.ai.stop()

    def take_notice(self) -> str:
        """The start screen's notice, said once."""
        notice, self.notice = self.notice, ""
        return notice
