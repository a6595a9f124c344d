"""The game table as a model: which screen is up, which dialog is open and why, every command a
player gives and what it does, the AI seats' paced turns, autosave, two tabs and resume.

The browser glue (``game.web.app``) renders what this says, turns clicks, keys and timers into
its calls, and keeps the storage, the clock and the AI helper; all the rest is here, in plain
Python.

>>> from game.ui.saves import DictBackend, SaveCatalog
>>> from game.ui.setup import default_options
>>> table = Table(SaveCatalog(DictBackend({})), clock=lambda: 1000.0, fresh_seed=lambda: 5)
>>> table.handle(StartGame(default_options("usa", 2))).redraw
<Redraw.SCREEN: 'screen'>
>>> dialog = table.dialog()
>>> type(dialog).__name__, dialog.low, dialog.high
('TicketsDialog', 2, 3)
>>> table.handle(Keep(dialog.offer[:1])).dialog_error
'Keep 2 to 3 tickets.'
>>> table.ai_next() is None          # the human seat is to choose: no AI move asked for
True
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from game.actions import (
    Action,
    BuildStation,
    ClaimRoute,
    DrawCard,
    KeepTickets,
    PayTunnel,
    Withdraw,
)
from game.events import event_view
from game.i18n import _, decimal
from game.jsontext import MAX_CHARS
from game.mapdata import CARD_KINDS, GameMap
from game.rules import (
    TUNNEL_REVEAL,
    IllegalActionError,
    tunnel_costs,
)
from game.scenario import Scenario
from game.share import embed_link, public_scenario
from game.ui import ai_turn, reveal, setup
from game.ui.ai_turn import AiAnswer, AiRequest
from game.ui.moves import Cue, cues
from game.ui.saves import (
    CURRENT_KEY,
    INDEX_KEY,
    SAVE_PREFIX,
    SaveCatalog,
    SaveEntry,
    SaveError,
    StaleSave,
    StorageFull,
    StorageRefused,
    save_text,
)
from game.ui.session import Session, open_session, refusal_text
from game.ui.setup import GameOptions

# the pause before each AI move, so it can be followed, at each speed a player may choose
AI_SPEEDS = {"slow": 1500, "normal": 700, "fast": 250, "instant": 0}
AI_DELAY_MS = AI_SPEEDS["normal"]
HANDOFF_PAUSE_MS = 1600     # a player sees their turn's end before the handoff screen hides their cards
# how long each step of the final scoring stays on screen, at each AI speed ("instant": the table at once)
SCORING_STEP_MS = {"slow": 2100, "normal": 1400, "fast": 700}


# --- commands: what a player asks of the table ------------------------------------------------

@dataclass(frozen=True)
class StartGame:
    options: GameOptions


@dataclass(frozen=True)
class ChooseMap:
    """Another map in the new-game form (``options.map``): its first variant is chosen."""

    options: GameOptions


@dataclass(frozen=True)
class ChooseSeatCount:
    options: GameOptions
    count: int


@dataclass(frozen=True)
class GoHome:
    options: GameOptions | None = None      # the new-game form as it was (None: the defaults)


@dataclass(frozen=True)
class OpenSave:
    save_id: str


@dataclass(frozen=True)
class DeleteSave:
    save_id: str
    options: GameOptions | None = None      # the new-game form, kept as it was


@dataclass(frozen=True)
class ExportSave:
    save_id: str


@dataclass(frozen=True)
class ExportGame:
    pass


@dataclass(frozen=True)
class Share:
    """Share the position on the table as an embed link (``game.share``)."""


@dataclass(frozen=True)
class TakeOver:
    """Play on in this tab a game another tab played on: it is opened again as stored."""


@dataclass(frozen=True)
class FreeSpace:
    save_id: str            # a finished game to delete while the storage is full


@dataclass(frozen=True)
class Rematch:
    pass


@dataclass(frozen=True)
class SkipScoring:
    """Skip, Escape or a click on the final scoring as it is revealed: the final table now."""


@dataclass(frozen=True)
class ReplayScoring:
    """Reveal a finished game's scoring again, step by step."""


@dataclass(frozen=True)
class Zoom:
    step: str               # "in", "out" or "reset"


@dataclass(frozen=True)
class SetAiSpeed:
    speed: str              # one of AI_SPEEDS


@dataclass(frozen=True)
class SelectColour:
    """A colour in the hand chosen (again: let go): the board lights the routes it can pay for."""

    colour: str


@dataclass(frozen=True)
class ShowHints:
    on: bool                # light the routes the player may claim now


@dataclass(frozen=True)
class AcknowledgeHandoff:
    pass


@dataclass(frozen=True)
class AcknowledgeLastRound:
    pass


@dataclass(frozen=True)
class CloseDialog:
    """Cancel, OK or Escape: close the dialog if it may be closed."""


@dataclass(frozen=True)
class Draw:
    source: str             # "deck" or a face-up card's kind


@dataclass(frozen=True)
class DrawTickets:
    pass


@dataclass(frozen=True)
class ChooseRoute:
    route: str


@dataclass(frozen=True)
class ChooseCity:
    city: str


@dataclass(frozen=True)
class Pay:
    """One of the payments the open claim or station dialog offers."""

    kind: str               # "claim" or "station"
    index: int


@dataclass(frozen=True)
class TunnelChoice:
    index: int              # among the tunnel dialog's payments, then withdraw


@dataclass(frozen=True)
class Keep:
    tickets: tuple[str, ...]


Command = (StartGame | ChooseMap | ChooseSeatCount | GoHome | OpenSave | DeleteSave | ExportSave | ExportGame | Share | TakeOver
           | FreeSpace | Rematch | SkipScoring | ReplayScoring | Zoom | SetAiSpeed | SelectColour | ShowHints | AcknowledgeHandoff | AcknowledgeLastRound | CloseDialog | Draw
           | DrawTickets | ChooseRoute | ChooseCity | Pay | TunnelChoice | Keep)

# a control's data-cmd, and how its data-arg becomes the command (commands that need the new-game
# form or the ticket boxes are made by the glue, which reads them)
_CONTROLS: dict[str, Callable[[str], Command]] = {
    "open": OpenSave, "export": ExportSave, "export-game": lambda _arg: ExportGame(),
    "share": lambda _arg: Share(),
    "take-over": lambda _arg: TakeOver(), "free": FreeSpace, "rematch": lambda _arg: Rematch(),
    "skip-scoring": lambda _arg: SkipScoring(), "replay-scoring": lambda _arg: ReplayScoring(),
    "zoom": Zoom, "colour": SelectColour, "hints": lambda arg: ShowHints(arg == "on"), "handoff": lambda _arg: AcknowledgeHandoff(), "last-round": lambda _arg: AcknowledgeLastRound(),
    "close": lambda _arg: CloseDialog(), "home": lambda _arg: GoHome(), "draw": Draw,
    "tickets": lambda _arg: DrawTickets(), "route": ChooseRoute, "claim": lambda arg: Pay("claim", int(arg)),
    "station": lambda arg: Pay("station", int(arg)), "tunnel": lambda arg: TunnelChoice(int(arg)),
}


def control_command(cmd: str, arg: str) -> Command | None:
    """The command of a control (its ``data-cmd`` and ``data-arg``), or None if there is none.

    >>> control_command("claim", "2"), control_command("claim", "x"), control_command("fly", "")
    (Pay(kind='claim', index=2), None, None)
    """
    make = _CONTROLS.get(cmd)
    if make is None:
        return None
    try:
        return make(arg)
    except ValueError:
        return None


# --- dialogs: what the table asks the player now --------------------------------------------

@dataclass(frozen=True)
class StaleDialog:
    """Another tab played this game on (or deleted it): this one stopped."""


@dataclass(frozen=True)
class HandoffDialog:
    seat: int                   # the player the device goes to (``game.ui.screen.recap``: what they missed)


@dataclass(frozen=True)
class LastRoundDialog:
    seat: int                   # the player about to play their last turn
    started_by: int | None      # None: the game was loaded already in its last round
    trains: int | None


@dataclass(frozen=True)
class TicketsDialog:
    low: int
    high: int
    offer: tuple[str, ...]


@dataclass(frozen=True)
class TunnelDialog:
    route: str
    revealed: tuple[str, ...]
    extra: int
    options: tuple[PayTunnel | Withdraw, ...]     # the payments, then withdraw
    rule: str = ""              # what a tunnel may cost, in a line (``tunnel_rule``)
    matches: tuple[bool, ...] = ()      # which revealed cards cost a card more

    @property
    def spot(self) -> str:
        return f"route-{self.route}"


@dataclass(frozen=True)
class PaymentDialog:
    kind: str                   # "claim" or "station"
    title: str
    payments: tuple[ClaimRoute | BuildStation, ...]
    spot: str                   # the board element it is about: route-… or city-…
    rule: str | None = None     # the rule of what is paid for, in a line: a tunnel's, a station's


@dataclass(frozen=True)
class ShareDialog:
    """The position's embed links: public facts only, and (when a player's cards are on screen)
    one that also shows that player's hand and tickets."""

    public: str
    own: str | None
    seat: int | None            # the player whose cards were on screen (``own`` is theirs)
    spot: None = None


@dataclass(frozen=True)
class MessageDialog:
    title: str
    text: str
    spot: str | None = None


def tunnel_rule() -> str:
    """What a tunnel may cost, in a line: the cards turned over (``game.rules.TUNNEL_REVEAL``)
    that ask one card more each, or withdraw."""
    return _("table.tunnel_rule", reveal=TUNNEL_REVEAL)


def station_rule(game_map: GameMap) -> str:
    """What a station does and costs, in a line: the route it borrows at the end, the points of
    each station not built (the map's ``station_points``), the n-th station's n cards."""
    return _("table.station_rule", points=game_map.rules["station_points"])


Dialog = (StaleDialog | HandoffDialog | LastRoundDialog | TicketsDialog | TunnelDialog | PaymentDialog
          | ShareDialog | MessageDialog)
CLOSABLE = (PaymentDialog, ShareDialog, MessageDialog)       # the dialogs a player opened, and may close


# --- what a command did -----------------------------------------------------------------------

class Redraw(enum.Enum):
    NOTHING = "nothing"
    DIALOG = "dialog"           # only the dialog (and the board's mark of what it is about)
    SCREEN = "screen"           # the screen up: the start screen, or the table


@dataclass(frozen=True)
class Download:
    text: str
    name: str                   # the file's name


@dataclass(frozen=True)
class Outcome:
    redraw: Redraw = Redraw.SCREEN
    focus_back: bool = False            # a dialog was closed: the focus goes back to what opened it
    say: str | None = None              # a passing word on the status line
    dialog_error: str | None = None     # what is wrong with the answer in the open dialog
    download: Download | None = None
    zoom: str | None = None
    pause_ms: int | None = None         # call ``Table.end_pause`` after this long


NOTHING = Outcome(Redraw.NOTHING)


# --- the AI seats' turn, as data ---------------------------------------------------------------

@dataclass(frozen=True)
class AiAsk:
    """Ask the AI helper ``request``; call ``Table.ai_delay_over(ticket)`` after ``delay_ms``."""

    request: AiRequest
    delay_ms: int


@dataclass(frozen=True)
class ScoringTick:
    """Call ``Table.scoring_due(ticket)`` after ``delay_ms``: the final scoring's next step."""

    ticket: int
    delay_ms: int


@dataclass
class ScoringShow:
    """The final scoring being revealed: its steps, how many are out, the pace, the timer asked for."""

    steps: reveal.Reveal
    pace_ms: int
    shown: int = 0
    ticket: int | None = None           # the timer running, if any


@dataclass
class AiWait:
    """An AI move asked for: its ticket, whether its delay is over, and its answer once in."""

    ticket: int
    due: bool = False
    answer: AiAnswer | None = None


@dataclass
class StartScreen:
    options: GameOptions = field(default_factory=lambda: setup.default_options("usa", 2))
    problems: list[setup.Problem] = field(default_factory=list)


def failure_text(exc: BaseException) -> str:
    """An unexpected failure in one line, for a message (the readers' own errors say more)."""
    return f"{type(exc).__name__}: {str(exc)[:200]}"


class Table:
    """The table: the start screen (``session`` None) or a game (``session``, saved as ``game_id``)."""

    def __init__(self, catalog: SaveCatalog, *, clock: Callable[[], float], fresh_seed: Callable[[], int],
                 ai_delay: int = AI_DELAY_MS, site: str = "") -> None:
        """``clock``: milliseconds since 1970; ``fresh_seed``: a new game's seed when none is given;
        ``site``: the site's address, for shared links."""
        self.site = site
        self.catalog = catalog
        self.clock = clock
        self.fresh_seed = fresh_seed
        self.ai_delay = ai_delay
        self.start = StartScreen()
        self.session: Session | None = None
        self.game_id = ""
        self.opened: Dialog | None = None       # the dialog the player opened (a route's, a city's, a message)
        self.focus_ticket: str | None = None    # the ticket whose cities and network are lit
        self.selected: str | None = None        # the colour chosen in the hand: the routes it pays lit
        self.hints = True                       # light the routes the player may claim now
        self.notice = ""                        # said once on the start screen, or with the status
        self.revision = 0                       # the save's revision this tab read or wrote last
        self.stale = False                      # another tab played on: this one stopped playing
        self.storage_full = False
        self.ai_wait: AiWait | None = None
        self.ai_tickets = 0                     # numbers of the AI moves asked for
        self.ai_failure = ""                    # why the AI helper is not used (said all game long)
        self.ai_notice = ""                     # a problem with the last AI move
        self.cued = 0                           # the events whose cues were taken (game.ui.moves)
        self.scoring: ScoringShow | None = None     # the final scoring being revealed, step by step
        self.scoring_tickets = 0                # numbers of the scoring's timers asked for

    # --- one dispatch -------------------------------------------------------------------------

    def handle(self, command: Command) -> Outcome:
        """Carry out a player's command; what the screen must do about it."""
        session = self.session
        match command:
            case StartGame(options):
                options = setup.with_default_names(options)
                problems = options.problems()
                if problems:
                    return self.home(options, problems)
                return self.start_game(options.scenario(self.fresh_seed()))
            case ChooseMap(options):
                variants = setup.variant_ids(options.map)
                return self.home(replace(options, variant=variants[0] if variants else ""))
            case ChooseSeatCount(options, count):
                return self.home(setup.with_seat_count(options, count))
            case GoHome(options):
                return self.home(options)
            case OpenSave(save_id):
                return self.open_saved(save_id)
            case DeleteSave(save_id, options):
                self.catalog.delete(save_id)
                return self.home(options)
            case ExportSave(save_id):
                text = self.catalog.raw(save_id)
                return Outcome(Redraw.NOTHING, download=None if text is None else Download(text, save_id))
            case Zoom(step):
                return Outcome(Redraw.NOTHING, zoom=step)
            case SetAiSpeed(speed):
                if speed in AI_SPEEDS:
                    self.ai_delay = AI_SPEEDS[speed]
                return NOTHING
            case ShowHints(on):
                self.hints = on
                return Outcome()
        if session is None:
            return NOTHING          # the game's commands, with no game on the table
        match command:
            case ExportGame():
                # the save's text, made from the game itself: complete even when storage is full
                return Outcome(Redraw.NOTHING, download=Download(save_text(session.scenario()), self.game_id))
            case Share():
                return self.share()
            case TakeOver():
                return self.open_saved(self.game_id)
            case FreeSpace(save_id):
                return self.free_space(save_id)
            case Rematch():
                return self.start_game(setup.rematch(session.start, self.fresh_seed()))
            case SkipScoring():
                if self.scoring is None:
                    return NOTHING
                self.scoring = None
                return Outcome()
            case ReplayScoring():
                return self.reveal_scoring(replay=True)
            case AcknowledgeHandoff():
                session.acknowledge_handoff()
                return Outcome()
            case AcknowledgeLastRound():
                session.acknowledge_last_round()
                return Outcome(Redraw.DIALOG)
            case CloseDialog():
                return self.close_dialog()
            case SelectColour(colour):
                self.selected = None if colour == self.selected or colour not in CARD_KINDS else colour
                return Outcome()
        if self.stale or not self.viewer_to_act():
            return NOTHING if self.stale else Outcome(Redraw.NOTHING, say=_("table.not_your_turn"))
        match command:
            case Draw(source):
                draw = next((c.action for c in session.draw_choices()
                             if isinstance(c.action, DrawCard) and c.action.source == source), None)
                return NOTHING if draw is None else self.play(draw)
            case DrawTickets():
                action = session.tickets_choice().action
                return NOTHING if action is None else self.play(action)
            case ChooseRoute(route):
                return self.choose_route(route)
            case ChooseCity(city):
                return self.choose_city(city)
            case Pay(kind, index):
                dialog = self.opened
                if isinstance(dialog, PaymentDialog) and dialog.kind == kind and 0 <= index < len(dialog.payments):
                    return self.play(dialog.payments[index])
                return NOTHING
            case TunnelChoice(index):
                dialog = self.dialog()
                if isinstance(dialog, TunnelDialog) and 0 <= index < len(dialog.options):
                    return self.play(dialog.options[index])
                return NOTHING
            case Keep(tickets):
                return self.keep(tickets)
        return NOTHING

    # --- screens --------------------------------------------------------------------------------

    def home(self, options: GameOptions | None = None, problems: list[setup.Problem] | None = None) -> Outcome:
        """The start screen: the new-game form (``options``, its ``problems``) and the saved games."""
        self.stop_ai()
        self.session, self.opened, self.focus_ticket, self.selected = None, None, None, None
        self.scoring = None
        # the names the game made follow the language and the seats' kinds (game.ui.setup)
        self.start = StartScreen(setup.with_default_names(options or setup.default_options("usa", 2)), problems or [])
        return Outcome()

    def language_changed(self) -> None:
        """The player chose another language in a game: the names the game made follow it."""
        if self.session is not None and not self.stale and self.session.name_defaults():
            self.autosave()

    def take_notice(self) -> str:
        """The start screen's notice, said once."""
        notice, self.notice = self.notice, ""
        return notice

    def resume(self) -> Outcome:
        """At boot: the game played last, if it is stored, else the start screen; a game that
        cannot be opened is said on the start screen (boot never fails because of stored data)."""
        try:
            current = self.catalog.backend.get(CURRENT_KEY)
            if isinstance(current, str) and self.catalog.raw(current) is not None:
                return self.open_saved(current)
        except Exception as exc:        # noqa: BLE001 - one bad stored value never stops the game
            self.notice = _("start.open_failed", reason=failure_text(exc))
        return self.home()

    def start_game(self, scenario: Scenario) -> Outcome:
        self.game_id = f"g{int(self.clock())}"
        try:
            session = Session(scenario)
        except ValueError as exc:       # a rematch of a game whose start the engine refuses now
            self.notice = _("start.open_failed", reason=failure_text(exc))
            return self.home()
        return self.enter(session, 0)

    def enter(self, session: Session, revision: int) -> Outcome:
        """Put ``session`` on the table; ``revision``: its save's, as read (0: not stored yet)."""
        self.stop_ai()
        self.session, self.opened, self.focus_ticket, self.selected = session, None, None, None
        self.revision, self.stale = revision, False
        self.scoring = None                     # a finished game opened shows its final table
        self.cued = len(session.events)         # a game opened shows its moves as they stand, not played again
        session.name_defaults()                 # the names the game made, in the language of the moment
        self.autosave()
        try:
            self.catalog.backend.set(CURRENT_KEY, self.game_id)
        except StorageFull:
            pass
        return Outcome()

    def open_saved(self, save_id: str) -> Outcome:
        """Open a stored game; any failure is said on the start screen, the save untouched."""
        try:
            text = self.catalog.raw(save_id)
            if text is None:
                raise SaveError("saves.error.missing", id=save_id)
            revision = self.catalog.revision(save_id)
            session = open_session(text)
        except SaveError as exc:
            self.notice = _(exc.problem[0], **exc.problem[1])
            return self.home()
        except Exception as exc:        # noqa: BLE001 - one bad save never stops the game
            self.notice = _("start.open_failed", reason=failure_text(exc))
            return self.home()
        self.game_id = save_id
        return self.enter(session, revision)

    def import_size_ok(self, size: int) -> bool:
        """Whether a file of ``size`` bytes may be read; if not, the start screen says why (a huge
        file is refused before it is read, so it never blocks the page)."""
        if size <= MAX_CHARS:
            return True
        self.import_failed(_("start.import_too_large", size=decimal(size / 1e6)))
        return False

    def import_game(self, text: str) -> Outcome:
        """A game file's text, to play on; whatever is wrong with it is said, and nothing stored."""
        try:
            session = open_session(text)
        except SaveError as exc:
            params = exc.problem[1]         # the file is not stored: say why, without the save wording
            reason = params["reason"] if "reason" in params else _("start.import_newer", version=params["version"])
            return self.import_failed(str(reason))
        except Exception as exc:        # noqa: BLE001 - a bad file never stops the game
            return self.import_failed(failure_text(exc))
        self.game_id = f"g{int(self.clock())}"
        return self.enter(session, 0)

    def import_failed(self, reason: str) -> Outcome:
        self.notice = _("start.import_failed", reason=reason)
        return self.home(self.start.options)

    # --- saving -------------------------------------------------------------------------------

    def autosave(self) -> None:
        """Store the whole game; unless another tab has played on, when this tab stops playing
        (nothing is overwritten), or the storage is full, when the banner says so."""
        if self.stale or self.session is None:
            return
        try:
            self.revision = self.catalog.write(self.game_id, self.session.scenario(), self.session.summary(),
                                               self.clock(), base=self.revision)
        except StaleSave:
            self.go_stale()
        except StorageRefused:
            self.notice = _("table.storage_refused")      # said until a move; nothing to free
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

    def storage_changed(self, key: str | None) -> bool:
        """Another tab changed the storage at ``key`` (None: cleared it); whether this tab
        stopped playing because that tab wrote or deleted this game."""
        if self.session is None or self.stale or key not in (None, INDEX_KEY, SAVE_PREFIX + self.game_id):
            return False
        if self.catalog.revision(self.game_id) == self.revision:
            return False
        self.go_stale()
        return True

    def free_space(self, save_id: str) -> Outcome:
        """Delete a finished game from the storage-full banner, then save this game whole again."""
        if save_id != self.game_id and any(e.id == save_id for e in self.catalog.finished()):
            self.catalog.delete(save_id)
        self.autosave()
        return Outcome()

    def banner_games(self) -> list[SaveEntry] | None:
        """While the storage is full: the finished games that may be deleted (None: no banner)."""
        if not self.storage_full or self.stale:
            return None
        return [e for e in self.catalog.finished() if e.id != self.game_id]

    # --- the game -------------------------------------------------------------------------------

    def viewer_to_act(self) -> bool:
        """Whether the player whose cards are on screen is the one to act."""
        s = self.session
        return s is not None and s.viewer is not None and s.viewer == s.current and not s.over

    def dialog(self) -> Dialog | None:
        """The dialog up now: what the game asks first (this tab stopped, a handoff, the last
        round, tickets to keep, a tunnel to pay), else the one the player opened."""
        s = self.session
        if s is None:
            return None
        if self.stale:
            return StaleDialog()
        if s.handoff_to is not None:
            return HandoffDialog(s.handoff_to)
        if s.ai_to_move() or s.over or s.pausing_for is not None:
            # (while pausing, the screen is the last player's: nothing of the next one's)
            return self.opened if isinstance(self.opened, ShareDialog) else None
        notice = s.last_round_notice()
        if notice is not None:
            return LastRoundDialog(s.current, *notice)
        phase = s.state["phase"]
        if phase in ("setup-tickets", "tickets"):
            low, high, offer = s.ticket_choice()
            return TicketsDialog(low, high, tuple(offer))
        if phase == "tunnel":
            tunnel, revealed, options = s.tunnel_choice()
            return TunnelDialog(tunnel["route"], tuple(revealed), tunnel["extra"], tuple(options), tunnel_rule(),
                                tunnel_costs(revealed, tunnel["colour"]))
        return self.opened

    def close_dialog(self) -> Outcome:
        """Close a dialog that may be closed (a route's or city's, a message, the last round's
        announcement); the handoff, ticket and tunnel choices must be answered."""
        s = self.session
        if s is None:
            return NOTHING
        if isinstance(self.dialog(), CLOSABLE):
            self.opened = None
            return Outcome(Redraw.DIALOG, focus_back=True)
        if isinstance(self.dialog(), LastRoundDialog):
            s.acknowledge_last_round()
            return Outcome(Redraw.DIALOG, focus_back=True)
        return NOTHING

    def play(self, action: Action) -> Outcome:
        """Play ``action`` for the player to act and save; a refusal is said in a message."""
        session = self.session
        if self.stale or session is None:
            return NOTHING
        actor = session.viewer
        try:
            session.play(action)
        except IllegalActionError as exc:       # the controls offer only legal actions; say so if not
            self.opened = MessageDialog(_("table.illegal"), refusal_text(exc, session.state))
            return Outcome()
        # a link being copied stays while AI seats play, never once the device changes hands
        if not (isinstance(self.opened, ShareDialog) and self.opened.seat == session.viewer):
            self.opened = None
        self.selected = None
        self.autosave()
        if session.over:
            return self.reveal_scoring()
        played_own_turn = actor is not None and session.events[-1]["seat"] == actor
        if played_own_turn and session.handoff_to not in (None, actor) and session.pause_handoff():
            return Outcome(pause_ms=HANDOFF_PAUSE_MS)
        return Outcome()

    def share(self) -> Outcome:
        """Open the share dialog: the position's embed links (``game.share.public_scenario``)."""
        s = self.session
        if s is None or self.dialog() not in (None, self.opened):
            return NOTHING
        seat = s.viewer
        public = embed_link(self.site, public_scenario(s.state, s.levels))
        own = None if seat is None else embed_link(self.site, public_scenario(s.state, s.levels, seat), view=seat)
        self.opened = ShareDialog(public, own, seat)
        return Outcome(Redraw.DIALOG)

    def end_pause(self) -> Outcome:
        """After a player's turn's end was shown: the handoff screen."""
        if self.session is None or self.session.pausing_for is None:
            return NOTHING
        self.session.end_pause()
        return Outcome()

    def reveal_scoring(self, *, replay: bool = False) -> Outcome:
        """Reveal the final scoring step by step (at the AI speed's pace), from the opening: when the
        game ends on this table, unless the speed is "instant", and whenever a player asks to see it
        again (then at the normal pace if the speed is "instant")."""
        s = self.session
        if s is None or not s.over:
            return NOTHING
        pace = SCORING_STEP_MS.get(self.ai_speed())
        if pace is None and replay:
            pace = SCORING_STEP_MS["normal"]
        self.scoring = None if pace is None else ScoringShow(reveal.scoring_reveal(s.state), pace)
        return Outcome()

    def scoring_frame(self) -> reveal.Frame | None:
        """What the final scoring shows now, while it is being revealed (else None: the final table)."""
        show = self.scoring
        return None if show is None else show.steps.frame(show.shown)

    def scoring_next(self) -> ScoringTick | None:
        """The timer to set for the final scoring's next step, if it is being revealed and none is set."""
        show = self.scoring
        if show is None or show.ticket is not None:
            return None
        self.scoring_tickets += 1
        show.ticket = self.scoring_tickets
        return ScoringTick(show.ticket, show.pace_ms)

    def scoring_due(self, ticket: int) -> Outcome:
        """Timer ``ticket`` is over: the next step, or after the last one the final table (a timer
        of a reveal skipped or started again is ignored)."""
        show = self.scoring
        if show is None or show.ticket != ticket:
            return NOTHING
        show.ticket = None
        show.shown += 1
        if show.shown > len(show.steps.steps):
            self.scoring = None
        return Outcome()

    def choose_route(self, route_id: str) -> Outcome:
        """A route clicked: the ways to pay for it, or why it cannot be claimed."""
        session = self.session
        assert session is not None
        game_map = session.map
        if not game_map.has_route(route_id):
            return NOTHING
        payments, reason = session.route_payments(route_id)
        r = game_map.route(route_id)
        title = _("table.claim_title", a=game_map.city(r.a).name, b=game_map.city(r.b).name)
        spot = f"route-{route_id}"
        rule = tunnel_rule() if r.tunnel else None
        self.opened = PaymentDialog("claim", title, tuple(payments), spot, rule) if payments \
            else MessageDialog(title, reason or "", spot)
        return Outcome(Redraw.DIALOG)

    def choose_city(self, city_id: str) -> Outcome:
        """A city clicked: the ways to pay for a station there, or why not (maps with stations)."""
        session = self.session
        assert session is not None
        game_map = session.map
        if not game_map.rules["stations"] or not game_map.has_city(city_id):
            return NOTHING
        payments, reason = session.station_payments(city_id)
        title = _("table.station_title", city=game_map.city(city_id).name)
        spot = f"city-{city_id}"
        self.opened = PaymentDialog("station", title, tuple(payments), spot, station_rule(game_map)) if payments \
            else MessageDialog(title, reason or "", spot)
        return Outcome(Redraw.DIALOG)

    def keep(self, tickets: tuple[str, ...]) -> Outcome:
        """Keep the ticked tickets, if as many as the rules ask; else say how many."""
        dialog = self.dialog()
        session = self.session
        if not isinstance(dialog, TicketsDialog) or session is None:
            return NOTHING
        if not dialog.low <= len(tickets) <= dialog.high:
            rule = _("table.keep_rule", low=dialog.low, high=dialog.high) if dialog.low != dialog.high \
                else _("table.keep_exactly", count=dialog.low)
            return Outcome(Redraw.NOTHING, dialog_error=rule)
        chosen = tuple(sorted(tickets))
        action = next((a for a in session.legal() if isinstance(a, KeepTickets) and a.tickets == chosen), None)
        return NOTHING if action is None else self.play(action)

    def set_focus_ticket(self, ticket: str | None) -> bool:
        """Light up a ticket's cities and network (None: none); whether the board must change."""
        if ticket == self.focus_ticket or self.session is None:
            return False
        self.focus_ticket = ticket
        return True

    def ai_speed(self) -> str:
        """The speed whose delay the AI seats play at (``normal`` for a delay of no speed's)."""
        return next((name for name, ms in AI_SPEEDS.items() if ms == self.ai_delay), "normal")

    def take_cues(self) -> list[Cue]:
        """The cues of the moves played since the last call, as the screen's viewer sees them."""
        s = self.session
        if s is None:
            return []
        seat = s.viewer
        new = s.events[self.cued:]
        self.cued = len(s.events)
        return [cue for event in new for cue in cues(event_view(event, seat))]

    # --- AI seats ---------------------------------------------------------------------------------

    def ai_next(self) -> AiAsk | None:
        """The AI move to ask for now, if an AI seat is to act and none is asked for yet: the
        move is played once the answer is in and no sooner than the delay after it was asked."""
        s = self.session
        if s is None or self.stale or not s.ai_to_move() or self.ai_wait is not None:
            return None
        self.ai_tickets += 1
        self.ai_wait = AiWait(self.ai_tickets)
        return AiAsk(s.ai_request(self.ai_tickets), self.ai_delay)

    def stop_ai(self) -> None:
        """Forget the AI move asked for: its answer, when it comes, is for a position gone."""
        self.ai_wait = None

    def ai_delay_over(self, ticket: int) -> bool:
        """The delay of AI move ``ticket`` is over; whether its move was played (else: it is
        still thinking, or the move is not wanted any more)."""
        wait = self.ai_wait
        if wait is None or wait.ticket != ticket:
            return False
        wait.due = True
        return wait.answer is not None and self.play_ai()

    def ai_answered(self, answer: AiAnswer) -> bool:
        """The helper's answer; whether its move was played (it waits for the delay)."""
        wait = self.ai_wait
        if wait is None or answer.ticket != wait.ticket:
            return False                # stale: asked about a position no longer on the table
        wait.answer = answer
        return wait.due and self.play_ai()

    def ai_failed(self, reason: str) -> None:
        """The AI helper cannot be used (the page computes the moves): said all game long."""
        self.ai_failure = _("ai.helper_failed", reason=reason)

    def play_ai(self) -> bool:
        """Play the answered move if it is legal; otherwise say so and play a safe move."""
        wait, self.ai_wait = self.ai_wait, None
        session = self.session
        if wait is None or wait.answer is None or session is None:
            return False
        answer = wait.answer
        action = ai_turn.answered_action(answer, session.legal())
        self.ai_notice = ""
        if action is None:
            self.ai_notice = _("ai.bad_answer", name=session.state["players"][session.current]["name"],
                               problem=answer.error or f"choice {answer.choice}")
            action = session.ai_safe_action()
        self.play(action)
        return True

    def ai_status(self) -> str:
        """The AI line at the foot of the board: the helper's failure, a bad answer, "… is thinking"."""
        parts = [self.ai_failure, self.ai_notice]
        wait, s = self.ai_wait, self.session
        if s is not None and wait is not None and wait.due and wait.answer is None:
            parts.append(_("ai.thinking", name=s.player_label(s.current)))
        return " ".join(p for p in parts if p)
