"""The screen model: what every part of the table's page shows, worked out in plain Python from
the table (``game.ui.controller.Table``) or from an embed's lesson (``game.ui.embed.Lesson``).
The page (``game.web``) draws a ``Screen`` and decides nothing: the status line, the board's
view and highlights, the market with each card's reason, the players, the viewer's hand and
tickets, the log, the dialog up, the AI line, the cues to play, the end.

A redraw builds one ``Screen``; a ``Memo``, kept by the page for the game's life, saves
working out again what has not changed (each player's last turn, the ticket statuses, the
log's lines, the end screen).

>>> from game.i18n import set_language
>>> from game.ui.commands import StartGame
>>> from game.ui.controller import Table
>>> from game.ui.saves import SaveCatalog
>>> from game.ui.storage import DictBackend
>>> from game.ui.setup import default_options
>>> _lang = set_language("en")
>>> table = Table(SaveCatalog(DictBackend({})), clock=lambda: 1000.0, fresh_seed=lambda: 5)
>>> _ = table.handle(StartGame(default_options("usa", 2)))
>>> shown = screen(table, Memo())
>>> shown.status, shown.dialog.kind
('Player 1: choose your destination tickets.', 'tickets')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from game import cldr
from game.actions import ClaimRoute
from game.board.highlights import Highlights
from game.i18n import _
from game.mapdata import LOCOMOTIVE, GameMap
from game.net.seen import digest, seat_view
from game.state import Phase, State
from game.ui import ending, keeping
from game.ui.controller import Table
from game.ui.dialog_screen import (
    DialogScreen,
    TicketsScreen,
    TunnelScreen,
    dialog_screen,
)
from game.ui.dialogs import HandoffDialog, TunnelDialog
from game.ui.embed import Lesson
from game.ui.end_screen import EndScreen, ScoringScreen, scoring_screen
from game.ui.game_facts import (
    Memo,
    closed_to,
    end_of,
    last_action_text,
    last_moves_of,
    log_rows,
    recap,
    ticket_status,
)
from game.ui.hints import HintScreen
from game.ui.moves import Cue, MovePart, claimed_last
from game.ui.panels import (
    LogRow,
    MarketScreen,
    OwnScreen,
    PlayerLine,
    hand_cards,
    market,
    own_panel,
    player_lines,
)
from game.ui.presence import AwayNote
from game.ui.review import ReviewScreen, review_board, review_screen
from game.ui.session import Session
from game.ui.tickets import OpenPath, open_path
from game.view import View

HINT_DIALOGS = (TicketsScreen, TunnelScreen)     # the choices the player must answer: the Hint command in them
STATUS_KEYS = {Phase.SETUP_TICKETS: "table.status.setup", Phase.START: "table.status.start",
               Phase.SECOND_DRAW: "table.status.second", Phase.TUNNEL: "table.status.tunnel",
               Phase.TICKETS: "table.status.tickets"}      # the status line of the player to act, by phase
# the same, said of a player on another device to whoever watches here (a guest, a spectator, the host)
OTHER_STATUS_KEYS = {Phase.SETUP_TICKETS: "table.status.other.setup", Phase.START: "table.status.other.start",
                     Phase.SECOND_DRAW: "table.status.other.second", Phase.TUNNEL: "table.status.other.tunnel",
                     Phase.TICKETS: "table.status.other.tickets"}


@dataclass(frozen=True)
class BoardScreen:
    """The board's render input: the view it draws, what it lights, and the colour lit (the
    player a final scoring's step is about)."""

    view: View
    highlights: Highlights
    colour: str | None = None


@dataclass(frozen=True)
class SideScreen:
    """The side column: the market, the viewer's panel (None: nobody's cards on screen) and the
    players; once the game is over, the final scoring as it is revealed or the final table."""

    market: MarketScreen | None
    own: OwnScreen | None
    players: tuple[PlayerLine, ...]
    scoring: ScoringScreen | None = None
    end: EndScreen | None = None
    review: ReviewScreen | None = None


@dataclass(frozen=True)
class CueLook:
    """A move to play out where it happens (``game.ui.moves.Cue``), with its player's colour; a
    tunnel's with its words and whose turn it belongs to (``mark``)."""

    cue: Cue
    colour: str
    title: str = ""
    verdict: str = ""
    mark: str = ""


@dataclass(frozen=True)
class LessonPart:
    """An embed's lesson: the step's words, the counter, the step shown and the ends, and the
    cards and tickets it points out."""

    text: str
    counter: str
    index: int
    first: bool
    last: bool
    cards: tuple[str, ...]
    tickets: tuple[str, ...]


@dataclass(frozen=True)
class Screen:
    game: int                   # which game (another number: the table is built anew)
    map: GameMap
    board: BoardScreen
    side: SideScreen
    log: tuple[LogRow, ...]
    cues: tuple[CueLook, ...]
    over: bool = False
    status: str = ""
    status_colour: str = ""     # the dot of the player to act ("": none)
    facts: tuple[tuple[str, str], ...] = ()     # the game's facts on the page's root, for styles and tests
    dialog: DialogScreen | None = None
    ai_line: str = ""
    ai_seats: bool = False
    ai_speed: str = "normal"
    hints: bool = True
    hint: HintScreen | None = None      # the Hint command and its hint (None: not offered now)
    banner: tuple[tuple[str, str], ...] | None = None     # storage full: the finished games to free (id, players)
    human: int | None = None    # the human seat that must act now, holding the device
    keep_reveal: str | None = None      # a tunnel's cards of this turn stay (``reveal_mark``)
    rules: tuple[str, str] = ("", "")   # the map and variant, for the help
    lesson: LessonPart | None = None
    exportable: bool = True             # Export and Share offered: the game is one this device knows whole
    seats_tool: bool = False            # the header offers the seats and their invites (a hosted table)
    claimable: bool = True              # the Claimable toggle offered (not on a screen that is nobody's)
    away: AwayNote | None = None        # a hosted table: the player to act is away (the host's choices)


def reveal_mark(seat: int, turn: int) -> str:
    """Whose turn a tunnel's cards belong to: the seat and the turn's number."""
    return f"{seat}:{turn}"


# --- what the table shows -------------------------------------------------------------------------

def public_digest(state: State) -> str:
    """A short digest of what everyone at the table may know of ``state`` (scores, trains,
    routes, the face-up cards, the piles' sizes, whose turn: ``game.net.seen``'s spectator view):
    the same on the host's screen and every guest's after each move."""
    return digest(seat_view(state, None))[:16]


def screen(table: Table, memo: Memo, cues: Sequence[Cue] = ()) -> Screen:
    """The table's screen now (a game must be on), with ``cues``: the moves played since the
    last screen, as the outcome that asked for it took them (``Outcome.cues``).  It changes
    nothing: drawn twice, the same screen."""
    s = table.session
    assert s is not None
    game = memo.number(s)
    state = s.state
    view = s.view()
    moves = last_moves_of(s, memo)
    status_of = ticket_status(s, memo)
    human = s.acting if table.viewer_to_act() else None
    banner = keeping.banner_games(table)
    hint = hint_of(table)
    return Screen(
        game=game, map=s.map, board=board_of(table, memo, view), side=side(table, memo, view, moves, status_of, hint),
        log=log_rows(s, memo), cues=cue_looks(s, cues), over=s.over, status=status(table),
        status_colour="" if s.over else state["players"][s.current]["colour"],
        facts=(("data-phase", str(state["phase"])), ("data-current", str(s.current)), ("data-turn", str(state["turn"])),
               ("data-actions", str(s.played())), ("data-handoff", "" if s.handoff_to is None else str(s.handoff_to)),
               ("data-last-move", last_action_text(s)), ("data-public", public_digest(state))),
        dialog=dialog_of(table), ai_line=table.ai.status(s),
        ai_seats=any(s.levels), ai_speed=table.ai.speed(), hints=table.hints, hint=hint,
        banner=None if banner is None else tuple((e.id, cldr.join(e.players)) for e in banner),
        human=human, keep_reveal=None if human is None else reveal_mark(human, state["turn"]),
        rules=(state["map"], state["variant"]), lesson=None, exportable=table.mode.exportable(table),
        claimable=not s.watching_nobody, seats_tool=table.mode.seats_tool,
        away=None if s.over else table.mode.away_note(table, table.clock() / 1000))


def dialog_of(table: Table) -> DialogScreen | None:
    """The dialog up (``Table.dialog``) in words, if any."""
    s = table.session
    d = None if s is None else table.dialog()
    if s is None or d is None:
        return None
    hand = None if s.viewer is None else hand_cards(s.state["players"][s.viewer]["hand"])
    shown = dialog_screen(s, d, hand, recap(s, d.seat) if isinstance(d, HandoffDialog) else ())
    if isinstance(shown, HINT_DIALOGS):
        hint = hint_of(table)
        option = None if hint is None else hint.lit.option
        if isinstance(shown, TunnelScreen) and isinstance(d, TunnelDialog) and option in d.options:
            at = str(d.options.index(option))         # the tunnel's option the hint picks, lit
            shown = replace(shown, payments=tuple(replace(p, hinted=p.arg == at) for p in shown.payments))
        return replace(shown, hint=hint)
    return shown


def hint_of(table: Table) -> HintScreen | None:
    """The Hint command's part of the screen (``game.ui.hints``): None when it is not offered; the
    hint's line and what it lights once asked in this position."""
    s = table.session
    if s is None or not table.hinting.offered(s, to_act=table.playing()):
        return None
    hint = table.hinting.current(s, to_act=table.playing())
    if hint is None:
        return HintScreen()
    if hint.reason is None or hint.lit is None:
        return HintScreen(_("hint.thinking"))
    return HintScreen(hint.reason.text(s.state), hint.lit)


def board_of(table: Table, memo: Memo, view: View | None = None) -> BoardScreen:
    """The board's render input (``view``: the session's, if made already)."""
    s = table.session
    assert s is not None
    memo.number(s)
    view = s.view() if view is None else view
    reviewed = None if table.review is None else review_board(table.review)
    if reviewed is not None:        # a decision under review: the board as its seat saw it, the better move lit
        return BoardScreen(*reviewed, colour=s.state["players"][reviewed[0]["viewer"]]["colour"])
    frame = table.scoring_frame()
    step = None if frame is None else frame.step
    colour = None if step is None else s.state["players"][step.seat]["colour"]
    return BoardScreen(view, highlights(table, view, memo), colour)


def side(table: Table, memo: Memo, view: View, moves: dict[int, list[MovePart]],
         status_of: dict[str, str], hint: HintScreen | None = None) -> SideScreen:
    s = table.session
    assert s is not None
    reviewing = review_side(table)
    if reviewing is not None:
        return reviewing
    if s.over:
        frame = table.scoring_frame()
        if frame is not None:
            return SideScreen(None, None, (), scoring=scoring_screen(s, frame))
        return SideScreen(None, None, (), end=table.mode.end_screen(table, end_of(s, memo)))
    seat = s.viewer
    own = None if seat is None else own_panel(s, view["players"], seat, table.selected, status_of)
    cards = market(s, table.viewer_to_act())
    if hint is not None:        # the card or pile the hint takes, lit
        lit = hint.lit.market_keys()
        cards = replace(cards, cards=tuple((key, replace(c, cls=f"{c.cls} hinted") if key in lit else c)
                                           for key, c in cards.cards))
    return SideScreen(cards, own, player_lines(s, view["players"], moves))


def review_side(table: Table) -> SideScreen | None:
    """The side column while a finished game is reviewed (None: no review is on); alone, it is
    what the page redraws as the review's answers come in."""
    s, run = table.session, table.review
    if s is None or run is None or not s.over:
        return None
    return SideScreen(None, None, (), review=review_screen(run, s.player_label(run.seat), s.levels, table.site))


def status(table: Table) -> str:
    """The status line: whose turn and what they may do, the last round, and any notice."""
    s = table.session
    assert s is not None
    state = s.state
    if s.over:
        text = _("table.status.over")
    elif s.handoff_to is not None or s.pausing_for is not None:
        called = s.handoff_to if s.handoff_to is not None else s.pausing_for
        assert called is not None
        text = _("table.status.handoff", name=state["players"][called]["name"])
    elif s.choosing_ahead():            # every seat chooses its opening tickets at once: this one now
        text = _(STATUS_KEYS[Phase.SETUP_TICKETS], name=s.player_label(s.acting))
    elif s.ai_to_move() or s.current in s.elsewhere and s.levels[s.current] is not None:    # (a guest's page: the host's AI)
        text = _("table.status.ai", name=s.player_label(state["current"]))
    else:
        phase = Phase(state["phase"])
        key = STATUS_KEYS[phase]
        if s.current in s.elsewhere:        # a player on another device: described, not addressed
            key = OTHER_STATUS_KEYS[phase]
        elif key == "table.status.start" and not s.map.rules["stations"]:
            key = "table.status.start_no_stations"
        text = _(key, name=s.player_label(state["current"]))
        if state["last_round"] is not None:
            text += " " + _("table.status.last_round", count=state["last_round"])
    return f"{text} {table.notice}" if table.notice else text


def highlights(table: Table, view: View, memo: Memo | None = None) -> Highlights:
    """What the board lights up: the routes the player to act may claim, the routes each
    player claimed in their last turn, a focused ticket's cities and the player's network,
    and at the end the longest trails and borrowed routes (while the final scoring is revealed,
    its step's path, borrowed routes and cities)."""
    s = table.session
    assert s is not None
    memo = Memo() if memo is None else memo
    frame = table.scoring_frame()
    if frame is not None:
        step = frame.step
        return Highlights() if step is None else Highlights(
            network=frozenset(step.routes), borrowed=frozenset(step.borrowed), cities=frozenset(step.cities))
    if s.over:
        layers = ending.end_highlights(s.state)
        return Highlights(trail=frozenset(layers["trail"]), borrowed=frozenset(layers["borrowed"]))
    seat = view["viewer"] if s.viewer is not None else None
    claimable: frozenset[str] = frozenset()
    selected = table.selected
    if seat == s.current and s.state["phase"] == Phase.START and (table.hints or selected):
        claimable = frozenset(a.route for a in s.legal() if isinstance(a, ClaimRoute)
                              and (selected is None or a.colour == selected
                                   or selected == LOCOMOTIVE and a.cards == 0))
    last = claimed_last(last_moves_of(s, memo))
    hint = table.hinting.current(s, to_act=table.playing())
    hinted: frozenset[str] = frozenset()
    hint_cities: frozenset[str] = frozenset()
    if hint is not None and hint.reason is not None and hint.lit is not None:    # the move, and what its reason names
        hinted, hint_cities = hint.lit.routes | hint.reason.routes, hint.lit.cities | hint.reason.cities
    focus = table.focus_ticket
    if focus and seat is not None and s.map.has_ticket(focus):
        t = s.map.ticket(focus)
        own = view["players"][seat]["routes"]
        path = open_path(s.map, focus, own, closed_to(s, seat)) \
            if ticket_status(s, memo).get(focus) != "done" else OpenPath()
        return Highlights(claimable=claimable, cities=frozenset((t.a, t.b, *path.cities)) | hint_cities,
                          network=frozenset(own), last=last, path=frozenset(path.routes), hint=hinted)
    return Highlights(claimable=claimable, last=last, cities=hint_cities, hint=hinted)


def cue_looks(s: Session, cues: Sequence[Cue]) -> tuple[CueLook, ...]:
    players, game_map = s.state["players"], s.map
    looks = []
    for cue in cues:
        colour = players[cue.seat]["colour"]
        if cue.kind == "tunnel" and cue.route is not None:
            r = game_map.route(cue.route)
            title = _("table.reveal", player=players[cue.seat]["name"], a=game_map.city(r.a).name,
                      b=game_map.city(r.b).name)
            verdict = _("table.reveal_extra", count=cue.extra) if cue.extra else _("table.reveal_free")
            looks.append(CueLook(cue, colour, title, verdict, reveal_mark(cue.seat, s.state["turn"])))
        else:
            looks.append(CueLook(cue, colour))
    return tuple(looks)


# --- what an embed's lesson shows -----------------------------------------------------------------

def lesson_screen(lesson: Lesson, memo: Memo) -> Screen:
    """The lesson's step as a screen: its board, the cards (none may be drawn: a lesson is read)
    and the players as the game shows them, its words and what it points out; the cues of the
    moves played since the last screen are taken (``Lesson.take_cues``)."""
    s = lesson.session
    game = memo.number(s)
    view = s.view()
    moves = last_moves_of(s, memo)
    seat = s.viewer
    if s.over:
        side_ = SideScreen(None, None, (), end=end_of(s, memo))
    else:
        own = None if seat is None else own_panel(s, view["players"], seat, None, ticket_status(s, memo))
        side_ = SideScreen(market(s, False, _("embed.lesson_cards")), own, player_lines(s, view["players"], moves))
    step, index, count = lesson.step, lesson.index, len(lesson.steps)
    part = LessonPart(step.text, _("embed.counter", number=index + 1, count=count), index, index == 0,
                      index == count - 1, tuple(step.cards), tuple(step.tickets))
    return Screen(game=game, map=s.map, board=BoardScreen(view, lesson.highlights()), side=side_,
                  log=(), cues=cue_looks(s, lesson.take_cues()), over=s.over,
                  rules=(s.state["map"], s.state["variant"]), lesson=part)
