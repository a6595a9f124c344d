"""What a player asks of the table: the commands (small frozen values), every control's name
(``data-cmd``) with the command it makes; and ``Command``, every command the table takes, the
page's (``game.ui.page_events``) and play on several devices' (``game.ui.net_commands``) with
the player's.  What a command did is its ``game.ui.outcome.Outcome``.

>>> control_command("claim", "2"), control_command("claim", "x"), control_command("fly", "")
(Pay(kind='claim', index=2), None, None)
>>> Control("help") in TABLE_CONTROLS      # the page's own control: no table command
False
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass

from game.ui import net_commands as net
from game.ui.net_commands import NetCommand
from game.ui.page_events import PageEvent
from game.ui.setup import GameOptions


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
class ReadDealCheck:
    """Show the fair deal's check again (a guest's game over: ``game.ui.netplay``)."""


@dataclass(frozen=True)
class ReplayScoring:
    """Reveal a finished game's scoring again, step by step."""


@dataclass(frozen=True)
class Zoom:
    step: str               # "in", "out" or "reset"


@dataclass(frozen=True)
class SetAiSpeed:
    speed: str              # one of ``game.ui.ai_pacing.AI_SPEEDS``


@dataclass(frozen=True)
class SelectColour:
    """A colour in the hand chosen (again: let go): the board lights the routes it can pay for."""

    colour: str


@dataclass(frozen=True)
class ShowHints:
    on: bool                # light the routes the player may claim now


@dataclass(frozen=True)
class AskHint:
    """The Hint command: what the hard AI would play for the player to act, and why (``game.ui.hints``)."""


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


@dataclass(frozen=True)
class ReviewGame:
    """Review the finished game on the table (``game.ui.review``) for one seat."""

    seat: int


@dataclass(frozen=True)
class ReviewSave:
    """Open a finished saved game and review it for its first human seat."""

    save_id: str


@dataclass(frozen=True)
class ReviewGo:
    """Show a decision of the review on the board (None: the game's end)."""

    index: int | None


@dataclass(frozen=True)
class CloseReview:
    """Leave the review: back to the final table."""


@dataclass(frozen=True)
class RetryReview:
    """Try again a review that stopped: the decisions not weighed yet are sent again."""


PlayerCommand = (StartGame | ChooseMap | ChooseSeatCount | GoHome | OpenSave | DeleteSave | ExportSave | ExportGame | Share
                 | TakeOver | FreeSpace | Rematch | ReadDealCheck | SkipScoring | ReplayScoring | Zoom | SetAiSpeed
                 | SelectColour | ShowHints | AskHint | AcknowledgeHandoff | AcknowledgeLastRound | CloseDialog | Draw
                 | DrawTickets | ChooseRoute | ChooseCity | Pay | TunnelChoice | Keep | ReviewGame | ReviewSave | ReviewGo
                 | CloseReview | RetryReview)
Command = PlayerCommand | PageEvent | NetCommand


class Control(enum.StrEnum):
    """Every control's name, as the views write it in ``data-cmd``: one home for them all.
    ``tests/ui/test_controls.py`` reads the views and checks that each name they emit is one of
    these and has a handler (``TABLE_CONTROLS`` or a dispatcher of ``game.web``), and that each
    of these is emitted."""

    # a table command made from the control's data-arg (TABLE_CONTROLS)
    OPEN = "open"
    EXPORT = "export"
    EXPORT_GAME = "export-game"
    SHARE = "share"
    TAKE_OVER = "take-over"
    FREE = "free"
    REMATCH = "rematch"
    SKIP_SCORING = "skip-scoring"
    REPLAY_SCORING = "replay-scoring"
    DEAL_CHECK = "deal-check"
    ZOOM = "zoom"
    COLOUR = "colour"
    HINTS = "hints"             # the page also keeps it as a preference
    HINT = "hint"               # the Hint command (game.ui.hints)
    HANDOFF = "handoff"
    LAST_ROUND = "last-round"
    CLOSE = "close"
    HOME = "home"
    DRAW = "draw"
    TICKETS = "tickets"
    ROUTE = "route"
    CLAIM = "claim"
    STATION = "station"
    TUNNEL = "tunnel"
    REVIEW = "review"
    REVIEW_SAVE = "review-save"
    REVIEW_GO = "review-go"
    REVIEW_CLOSE = "review-close"
    REVIEW_RETRY = "review-retry"
    # a table command the page makes, reading the new-game form or the ticked tickets
    START = "start"
    DELETE = "delete"
    KEEP = "keep"
    # the page's own, with no table command
    HELP = "help"
    MORE = "more"               # the header's menu
    CLOSE_PICK = "close-pick"   # the list of routes under a finger, closed
    COPY_LINK = "copy-link"
    # play on several devices, the page's own (``game.web.netplay``)
    NET_INVITE = "net-invite"       # a seat's invite (data-arg: the seat, or "spectator")
    NET_TAKE = "net-take"           # the host takes a guest's pasted answer (data-arg: the seat)
    NET_AI = "net-ai"               # an AI plays an away guest's seat meanwhile
    NET_STOP_AI = "net-stop-ai"     # the host stops that AI: the seat waits for its guest again
    NET_PANEL = "net-panel"         # the host's seats and invites, shown or hidden during the game
    NET_ANSWER = "net-answer"       # a guest makes its answer to the invite
    NET_REJOIN = "net-rejoin"       # a guest rejoins with a new invite pasted
    NET_OPEN_TABLE = "net-open-table"   # the host's kept table, opened again
    NET_END_TABLE = "net-end-table"     # the host's kept table, forgotten
    NET_ICE = "net-ice"             # the STUN/TURN setting kept
    NET_ONLINE = "net-online"       # the host plays over the internet (the page reads ``?relays=``)
    NET_NEARBY = "net-nearby"       # the host plays on one network, by codes carried by hand
    NET_JOIN = "net-join"           # a guest agrees to join over the internet
    NET_RELAYS = "net-relays"       # the relays setting kept
    # the embed page's own (``game.web.embed``)
    EMBED_STEP = "embed-step"
    EMBED_ZOOM = "embed-zoom"
    EMBED_PLAY = "embed-play"


# a control's name, and how its data-arg becomes the table's command
TABLE_CONTROLS: dict[Control, Callable[[str], Command]] = {
    Control.OPEN: OpenSave, Control.EXPORT: ExportSave, Control.EXPORT_GAME: lambda _arg: ExportGame(),
    Control.SHARE: lambda _arg: Share(), Control.TAKE_OVER: lambda _arg: TakeOver(), Control.FREE: FreeSpace,
    Control.REMATCH: lambda _arg: Rematch(), Control.SKIP_SCORING: lambda _arg: SkipScoring(),
    Control.REPLAY_SCORING: lambda _arg: ReplayScoring(), Control.DEAL_CHECK: lambda _arg: ReadDealCheck(), Control.ZOOM: Zoom, Control.COLOUR: SelectColour,
    Control.HINTS: lambda arg: ShowHints(arg == "on"), Control.HINT: lambda _arg: AskHint(),
    Control.HANDOFF: lambda _arg: AcknowledgeHandoff(),
    Control.LAST_ROUND: lambda _arg: AcknowledgeLastRound(), Control.CLOSE: lambda _arg: CloseDialog(),
    Control.HOME: lambda _arg: GoHome(), Control.DRAW: Draw, Control.TICKETS: lambda _arg: DrawTickets(),
    Control.ROUTE: ChooseRoute, Control.CLAIM: lambda arg: Pay("claim", int(arg)),
    Control.STATION: lambda arg: Pay("station", int(arg)), Control.TUNNEL: lambda arg: TunnelChoice(int(arg)),
    Control.REVIEW: lambda arg: ReviewGame(int(arg)), Control.REVIEW_SAVE: ReviewSave,
    Control.REVIEW_GO: lambda arg: ReviewGo(int(arg) if arg else None), Control.REVIEW_CLOSE: lambda _arg: CloseReview(),
    Control.REVIEW_RETRY: lambda _arg: RetryReview(),
    Control.NET_INVITE: lambda arg: net.MakeInvite(seat_arg(arg)), Control.NET_AI: lambda arg: net.GiveToAi(int(arg)),
    Control.NET_STOP_AI: lambda arg: net.StopStandIn(int(arg)), Control.NET_PANEL: lambda _arg: net.ToggleSeats(),
    Control.NET_ANSWER: lambda _arg: net.MakeAnswer(), Control.NET_END_TABLE: lambda _arg: net.EndTable(),
    Control.NET_OPEN_TABLE: lambda _arg: net.OpenTable(), Control.NET_NEARBY: lambda _arg: net.PlayNearby(),
    Control.NET_ONLINE: lambda _arg: net.PlayOnline(),
    Control.NET_JOIN: lambda _arg: net.JoinOnline(),
}


def seat_arg(arg: str) -> int | None:
    """A net control's seat: a number, or the spectators' (``spectator`` or nothing)."""
    return None if arg in ("", "spectator") else int(arg)


def control_command(cmd: str, arg: str) -> Command | None:
    """The table's command of a control (its ``data-cmd`` and ``data-arg``), or None if it
    makes none (a name of no table command, or an argument it cannot read)."""
    try:
        make = TABLE_CONTROLS.get(Control(cmd))
        return None if make is None else make(arg)
    except ValueError:          # no control of that name, or an argument it cannot read
        return None
