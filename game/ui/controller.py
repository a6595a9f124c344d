"""The game table as a model: which screen is up, the dialog the player opened, and every command
a player gives carried out (``Table.handle``), played and saved.

Its other jobs have their own modules, which the table uses: the commands and the controls' names
(``game.ui.commands``), the dialogs (``game.ui.dialogs``), keeping the game (``game.ui.keeping``:
autosave, two tabs, full storage, import, resume), the AI seats' pacing (``game.ui.ai_pacing``,
an ``AiPacer`` the table owns) and the final scoring's (``game.ui.reveal_pacing``).

The browser glue (``game.web``) renders what this says, turns clicks, keys and timers into
its calls, and keeps the storage, the clock and the AI helper; all the rest is here, in plain
Python.

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
>>> table.handle(Keep(dialog.offer[:1])).dialog_error
'Keep 2 to 3 tickets.'
>>> table.ai_next() is None          # the human seat is to choose: no AI move asked for
True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from game.actions import Action, DrawCard, KeepTickets
from game.events import event_view
from game.i18n import _
from game.mapdata import CARD_KINDS
from game.net.host import HostTable
from game.problem import Problem
from game.rules import IllegalActionError
from game.ui import commands, dialogs, keeping, netplay, reveal, setup
from game.ui.ai_pacing import AI_DELAY_MS, AiAsk, AiPacer
from game.ui.ai_turn import AiAnswer, AiRequest, answered_action
from game.ui.choices import draw_choices, refusal_text, tickets_choice
from game.ui.commands import NOTHING, Outcome, Redraw
from game.ui.hints import Hint, explain
from game.ui.lit import lit
from game.ui.moves import Cue, cues
from game.ui.reveal_pacing import ScoringShow, ScoringTick, scoring_show
from game.ui.review import REVIEW_TICKETS, ReviewRun
from game.ui.review_turn import ReviewAnswer, ReviewRequest
from game.ui.saves import SaveCatalog, save_text
from game.ui.session import Session
from game.ui.setup import GameOptions
from game.view import player_view

HANDOFF_PAUSE_MS = 1600     # a player sees their turn's end before the handoff screen hides their cards


class Table:
    """The table: the start screen (``session`` None) or a game (``session``, saved as ``game_id``)."""

    def __init__(self, catalog: SaveCatalog, *, clock: Callable[[], float], fresh_seed: Callable[[], int],
                 ai_delay: int = AI_DELAY_MS, site: str = "") -> None:
        """``clock``: milliseconds since 1970; ``fresh_seed``: a new game's seed when none is given;
        ``ai_delay``: the pause before each AI move; ``site``: the site's address, for shared links."""
        self.site = site
        self.catalog = catalog
        self.clock = clock
        self.fresh_seed = fresh_seed
        self.start = setup.StartScreen()
        self.session: Session | None = None
        self.game_id = ""
        self.opened: dialogs.Dialog | None = None   # the dialog the player opened (a route's, a city's, a message)
        self.focus_ticket: str | None = None    # the ticket whose cities and network are lit
        self.selected: str | None = None        # the colour chosen in the hand: the routes it pays lit
        self.hints = True                       # light the routes the player may claim now
        self.notice = ""                        # said once on the start screen, or with the status
        self.revision = 0                       # the save's revision this tab read or wrote last
        self.stale = False                      # another tab played on: this one stopped playing
        self.storage_full = False
        self.ai = AiPacer(ai_delay)             # the AI seats' moves asked for, and when each is due
        self.cued = 0                           # the events whose cues were taken (game.ui.moves)
        self.scoring: ScoringShow | None = None     # the final scoring being revealed, step by step
        self.scoring_tickets = 0                # numbers of the scoring's timers asked for
        self.review: ReviewRun | None = None    # the finished game's review (game.ui.review), if asked for
        self.reviews = 0                        # reviews started (their requests' tickets differ)
        self.hint: Hint | None = None           # the hint asked last (game.ui.hints)
        self.hint_sent = False                  # its request went to the AI helper
        self.host: netplay.NetHost | None = None        # this device hosts a game on several devices
        self.guest: netplay.GuestPage | None = None     # this device is a guest at another's table

    # --- one dispatch -------------------------------------------------------------------------

    def handle(self, command: commands.Command) -> Outcome:
        """Carry out a player's command; what the screen must do about it."""
        session = self.session
        match command:
            case commands.StartGame(options):
                options = setup.with_default_names(options)
                problems = options.problems()
                if problems:
                    return self.home(options, problems)
                if options.devices:
                    return self.host_table(options)
                return self.start_game(options.scenario(self.fresh_seed()))
            case commands.ChooseMap(options):
                variants = setup.variant_ids(options.map)
                return self.home(replace(options, variant=variants[0] if variants else ""))
            case commands.ChooseSeatCount(options, count):
                return self.home(setup.with_seat_count(options, count))
            case commands.GoHome(options):
                return self.home(options)
            case commands.OpenSave(save_id):
                return keeping.open_saved(self, save_id)
            case commands.ReviewSave(save_id):
                opened = keeping.open_saved(self, save_id)      # a failure is said on the start screen
                humans = [] if self.session is None or not self.session.over else self.session.human_seats()
                return self.start_review(humans[0]) if humans else opened
            case commands.DeleteSave(save_id, options):
                self.catalog.delete(save_id)
                return self.home(options)
            case commands.ExportSave(save_id):
                text = self.catalog.raw(save_id)
                return Outcome(Redraw.NOTHING, download=None if text is None else commands.Download(text, save_id))
            case commands.Zoom(step):
                return Outcome(Redraw.NOTHING, zoom=step)
            case commands.SetAiSpeed(speed):
                self.ai.set_speed(speed)
                return NOTHING
            case commands.ShowHints(on):
                self.hints = on
                return Outcome()
        if session is None:
            return NOTHING          # the game's commands, with no game on the table
        match command:
            case commands.ExportGame():
                if not self.exportable():
                    return NOTHING
                # the save's text, made from the game itself: complete even when storage is full
                return Outcome(Redraw.NOTHING, download=commands.Download(save_text(session.scenario()), self.game_id))
            case commands.Share():
                return self.share() if self.exportable() else NOTHING
            case commands.TakeOver():
                return keeping.open_saved(self, self.game_id)
            case commands.FreeSpace(save_id):
                return keeping.free_space(self, save_id)
            case commands.Rematch():
                if self.host is not None:
                    return self.host_rematch(self.host)
                if self.guest is not None:      # the host's to start (the end screen says so)
                    return NOTHING
                return self.start_game(setup.rematch(session.scenario(), self.fresh_seed()))
            case commands.ReadDealCheck():
                return self.read_deal_check()
            case commands.SkipScoring():
                if self.scoring is None:
                    return NOTHING
                self.scoring = None
                return Outcome()
            case commands.ReplayScoring():
                return self.reveal_scoring(replay=True)
            case commands.ReviewGame(seat):
                return self.start_review(seat)
            case commands.ReviewGo(index):
                return Outcome() if self.review is not None and self.review.go(index) else NOTHING
            case commands.RetryReview():
                return Outcome() if self.review is not None and self.review.retry() else NOTHING
            case commands.CloseReview():
                self.review = None
                return Outcome()
            case commands.AcknowledgeHandoff():
                session.acknowledge_handoff()
                return Outcome()
            case commands.AcknowledgeLastRound():
                session.acknowledge_last_round()
                return Outcome(Redraw.DIALOG)
            case commands.CloseDialog():
                return self.close_dialog()
            case commands.SelectColour(colour):
                self.selected = None if colour == self.selected or colour not in CARD_KINDS else colour
                return Outcome()
        if self.stale or not self.viewer_to_act():
            return NOTHING if self.stale else Outcome(Redraw.NOTHING, say=_("table.not_your_turn"))
        match command:
            case commands.Draw(source):
                draw = next((c.action for c in draw_choices(session)
                             if isinstance(c.action, DrawCard) and c.action.source == source), None)
                return NOTHING if draw is None else self.play(draw)
            case commands.DrawTickets():
                action = tickets_choice(session).action
                return NOTHING if action is None else self.play(action)
            case commands.ChooseRoute(route):
                return self.open_dialog(dialogs.route_dialog(session, route))
            case commands.ChooseCity(city):
                return self.open_dialog(dialogs.city_dialog(session, city))
            case commands.Pay(kind, index):
                dialog = self.opened
                if isinstance(dialog, dialogs.PaymentDialog) and dialog.kind == kind and 0 <= index < len(dialog.payments):
                    return self.play(dialog.payments[index])
                return NOTHING
            case commands.TunnelChoice(index):
                dialog = self.dialog()
                if isinstance(dialog, dialogs.TunnelDialog) and 0 <= index < len(dialog.options):
                    return self.play(dialog.options[index])
                return NOTHING
            case commands.Keep(tickets):
                return self.keep(tickets)
            case commands.AskHint():
                return self.ask_hint()
        return NOTHING

    # --- screens --------------------------------------------------------------------------------

    def home(self, options: GameOptions | None = None, problems: list[Problem] | None = None) -> Outcome:
        """The start screen: the new-game form (``options``, its ``problems``) and the saved games."""
        self.stop_ai()
        self.session, self.opened, self.focus_ticket, self.selected = None, None, None, None
        self.scoring, self.review = None, None
        self.forget_hint()
        host, guest, self.host, self.guest = self.host, self.guest, None, None
        if host is not None:                    # its channels closed; the table stays kept
            host.close()
        if guest is not None and guest.transport is not None:
            guest.transport.close("closed", "left")
        # the names the game made follow the language and the seats' kinds (game.ui.setup)
        self.start = setup.StartScreen(setup.with_default_names(options or setup.default_options("usa", 2)), problems or [])
        return Outcome()

    def enter(self, session: Session, revision: int) -> Outcome:
        """Put ``session`` on the table; ``revision``: its save's, as read (0: not stored yet)."""
        self.stop_ai()
        self.session, self.opened, self.focus_ticket, self.selected = session, None, None, None
        self.forget_hint()
        self.revision, self.stale = revision, False
        self.scoring, self.review = None, None  # a finished game opened shows its final table
        self.cued = len(session.events)         # a game opened shows its moves as they stand, not played again
        session.name_defaults()                 # the names the game made, in the language of the moment
        keeping.keep_current(self)
        return Outcome()

    def take_notice(self) -> str:
        """The start screen's notice, said once."""
        notice, self.notice = self.notice, ""
        return notice

    def language_changed(self) -> None:
        """The player chose another language in a game: the names the game made follow it."""
        if self.session is not None and not self.stale and self.session.name_defaults():
            keeping.autosave(self)

    # keeping the game (game.ui.keeping): its functions the page calls, as the table's methods
    start_game = keeping.start_game
    resume = keeping.resume
    import_size_ok = keeping.import_size_ok
    import_game = keeping.import_game
    import_failed = keeping.import_failed
    storage_changed = keeping.storage_changed
    banner_games = keeping.banner_games

    # --- play on several devices (game.ui.netplay) -----------------------------------------------

    def host_table(self, options: GameOptions) -> Outcome:
        """Host a new game on several devices: the table waits for its guests (its screen lists
        the seats and their invites); the cards are dealt when every guest has joined."""
        self.stop_ai()
        start, remote = netplay.table_start(options)
        table = HostTable.create(start, remote, turn_limit=netplay.table_limit(options))
        return self.open_table(netplay.NetHost(table, self.site))

    def open_table(self, host: netplay.NetHost) -> Outcome:
        """Put a hosted table on this device (new, or kept by the last visit)."""
        self.host, self.guest, self.session = host, None, None
        self.notice = host.save(self.catalog.backend)
        return self.net_news()

    def net_news(self) -> Outcome:
        """A guest's message or a channel's end changed the hosted table, or the host's game:
        the game is on the table once dealt, kept, and redrawn."""
        host = self.host
        if host is None:
            return NOTHING
        host.mark()
        dealt = host.session()
        if dealt is not None and self.session is not dealt:
            self.enter(dealt, 0)
        if dealt is not None and self.ai.wait is not None and not dealt.ai_to_move():
            self.stop_ai()          # a guest took its seat back from its stand-in: the AI's move is not wanted
        self.notice = host.save(self.catalog.backend) or self.notice
        if dealt is not None and dealt.over and self.scoring is None and self.review is None:
            return self.reveal_scoring()
        return Outcome()

    def net_stop_stand_in(self, seat: int) -> Outcome:
        """The host takes a seat back from the AI playing it for its away guest: the seat waits
        for its guest again, and an AI move asked for it is forgotten (one for a real AI seat is
        asked again)."""
        host = self.host
        if host is None or not (0 <= seat < len(host.table.seats)) or not host.table.seats[seat].stand_in:
            return NOTHING          # not twice (a double click)
        self.stop_ai()
        host.stop_ai(seat)
        return self.net_news()

    def net_time_out(self, now: float) -> Outcome:
        """The hosted table's turn timer: at 0, a safe move is played for the seat to act and
        everyone told (when it is the host's player's, their dialog and choice in hand are
        dropped; a guest's time-out leaves them, as a guest's move does)."""
        host = self.host
        if host is None or self.stale or host.table.match is None:
            return NOTHING
        seat = host.table.match.current
        if not host.time_out(now):
            return NOTHING
        if seat == host.table.local_seat():
            self.opened, self.selected = None, None
        return self.net_news()

    def join_table(self, page: netplay.GuestPage) -> Outcome:
        """This device joins another's table as a guest (its page shows the invite, then the game)."""
        self.stop_ai()
        self.host, self.guest, self.session = None, page, None
        return self.guest_news()

    def guest_news(self) -> Outcome:
        """The host's message came: the game shown as the seat sees it, a refusal said, the
        guest kept for a reload.  Once the host's reveal has come the check's verdict is said;
        a deal confirmed makes the guest's game the real one, replayed from the seed and the
        actions (``GuestPage.replayed``), kept in this device's saved games."""
        page = self.guest
        if page is None:
            return NOTHING
        page.save(self.catalog.backend)
        guest = page.guest
        if guest.view is None:
            return Outcome()
        s = self.session
        end = page.end()
        if s is not None and s is not page.world:
            pass                    # the game replayed once the deal was confirmed: it stays
        elif end is not None and end[0]:
            self.game_id = page.save_id()
            replayed = page.replayed()
            assert replayed is not None
            self.enter(replayed, self.catalog.revision(self.game_id))
        elif s is not None:
            if s.played() != guest.at:      # the game moved on (a move, a time-out): a choice in hand is stale
                self.selected = None
                if not isinstance(self.opened, (dialogs.ShareDialog, dialogs.MessageDialog)):
                    self.opened = None
            page.follow()
        else:
            self.enter(page.follow(), 0)
        if guest.refusal is not None:
            self.opened = dialogs.MessageDialog(_("table.illegal"), page.status())
            guest.refusal = None
        if end is not None and not page.told:
            page.told = True
            self.read_deal_check()
        return Outcome()

    def read_deal_check(self) -> Outcome:
        """The fair deal's check in full (a guest's game over, the host's reveal come)."""
        end = None if self.guest is None else self.guest.end()
        if end is None or isinstance(self.opened, dialogs.MessageDialog):
            return NOTHING
        self.opened = dialogs.MessageDialog(_("net.check.title"), end[1])
        return Outcome()

    def host_rematch(self, host: netplay.NetHost) -> Outcome:
        """The host's rematch: a new table with the same seats, map and turn timer (its own fair
        deal, so new invites: each guest joins it by its new link); the finished one is closed."""
        old = host.table
        remote = [i for i, seat in enumerate(old.seats) if seat.kind == "remote"]
        host.close()
        self.stop_ai()
        self.scoring, self.review, self.opened = None, None, None
        return self.open_table(netplay.NetHost(HostTable.create(old.start, remote, turn_limit=old.turn_limit),
                                               self.site))

    def exportable(self) -> bool:
        """Whether the game on the table is one this device knows whole, to export or share: not
        a guest's game while it is played (its world is made up around the seat's view)."""
        return self.session is not None and (self.guest is None or self.session is not self.guest.world)

    # --- the game -------------------------------------------------------------------------------

    def viewer_to_act(self) -> bool:
        """Whether the player whose cards are on screen is the one to act."""
        s = self.session
        return s is not None and s.viewer is not None and s.viewer == s.current and not s.over

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

    def close_dialog(self) -> Outcome:
        """Close a dialog that may be closed (a route's or city's, a message, the last round's
        announcement); the handoff, ticket and tunnel choices must be answered."""
        s = self.session
        if s is None:
            return NOTHING
        if isinstance(self.dialog(), dialogs.CLOSABLE):
            self.opened = None
            return Outcome(Redraw.DIALOG, focus_back=True)
        if isinstance(self.dialog(), dialogs.LastRoundDialog):
            s.acknowledge_last_round()
            return Outcome(Redraw.DIALOG, focus_back=True)
        return NOTHING

    def play(self, action: Action) -> Outcome:
        """Play ``action`` for the player to act and save; a refusal is said in a message."""
        session = self.session
        if self.stale or session is None:
            return NOTHING
        actor = session.viewer
        if self.guest is not None:          # a guest's move goes to the host, which answers with the game
            try:
                self.guest.play(action)
            except IllegalActionError as exc:
                self.opened = dialogs.MessageDialog(_("table.illegal"), refusal_text(exc, session.state))
                return Outcome()
            self.opened, self.selected = None, None
            return Outcome()
        try:
            session.play(action)
        except IllegalActionError as exc:       # the controls offer only legal actions; say so if not
            self.opened = dialogs.MessageDialog(_("table.illegal"), refusal_text(exc, session.state))
            return Outcome()
        # a link being copied stays while AI seats play, never once the device changes hands
        if not (isinstance(self.opened, dialogs.ShareDialog) and self.opened.seat == session.viewer):
            self.opened = None
        self.selected = None
        keeping.autosave(self)
        if session.over:
            return self.reveal_scoring()
        played_own_turn = actor is not None and session.events[-1]["seat"] == actor
        if played_own_turn and session.handoff_to not in (None, actor) and session.pause_handoff():
            return Outcome(pause_ms=HANDOFF_PAUSE_MS)
        return Outcome()

    def share(self) -> Outcome:
        """Open the share dialog (``game.ui.dialogs.share_dialog``), unless another dialog is up."""
        s = self.session
        if s is None or self.dialog() not in (None, self.opened):
            return NOTHING
        return self.open_dialog(dialogs.share_dialog(s, self.site))

    def end_pause(self) -> Outcome:
        """After a player's turn's end was shown: the handoff screen."""
        if self.session is None or self.session.pausing_for is None:
            return NOTHING
        self.session.end_pause()
        return Outcome()

    def reveal_scoring(self, *, replay: bool = False) -> Outcome:
        """Reveal the final scoring step by step (``game.ui.reveal_pacing``), from the opening: when
        the game ends on this table, and whenever a player asks to see it again."""
        s = self.session
        if s is None or not s.over:
            return NOTHING
        self.scoring = scoring_show(s.state, self.ai.speed(), replay=replay)
        return Outcome()

    def scoring_frame(self) -> reveal.Frame | None:
        """What the final scoring shows now, while it is being revealed (else None: the final table)."""
        return None if self.scoring is None else self.scoring.frame()

    def scoring_next(self) -> ScoringTick | None:
        """The timer to set for the final scoring's next step, if it is being revealed and none is set."""
        if self.scoring is None or self.scoring.ticket is not None:
            return None
        self.scoring_tickets += 1
        return self.scoring.set_timer(self.scoring_tickets)

    def scoring_due(self, ticket: int) -> Outcome:
        """Timer ``ticket`` is over: the next step, or after the last one the final table (a timer
        of a reveal skipped or started again is ignored)."""
        show = self.scoring
        if show is None or not show.step_due(ticket):
            return NOTHING
        if show.finished:
            self.scoring = None
        return Outcome()

    def keep(self, tickets: tuple[str, ...]) -> Outcome:
        """commands.Keep the ticked tickets, if as many as the rules ask; else say how many."""
        dialog = self.dialog()
        session = self.session
        if not isinstance(dialog, dialogs.TicketsDialog) or session is None:
            return NOTHING
        problem = dialog.count_problem(len(tickets))
        if problem is not None:
            return Outcome(Redraw.NOTHING, dialog_error=problem)
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
        return self.ai.speed()

    def take_cues(self) -> list[Cue]:
        """The cues of the moves played since the last call, as the screen's viewer sees them."""
        s = self.session
        if s is None:
            return []
        seat = s.viewer
        new = s.events[self.cued:]
        self.cued = len(s.events)
        return [cue for event in new for cue in cues(event_view(event, seat))]

    # --- the review of a finished game (game.ui.review) --------------------------------------------

    def start_review(self, seat: int) -> Outcome:
        """Review the finished game for ``seat`` (a human's), from its start; the final scoring's
        show, if on, ends."""
        s = self.session
        if s is None or not s.over or seat not in s.human_seats() or self.stale:
            return NOTHING
        self.scoring = None
        self.reviews += 1
        self.review = ReviewRun(s.scenario(), seat, base=self.reviews * REVIEW_TICKETS)
        return Outcome()

    def review_next(self) -> ReviewRequest | None:
        """The decision to send to the worker now, if any (``ReviewRun.next_request``)."""
        return None if self.review is None else self.review.next_request()

    def review_answered(self, reply: ReviewAnswer) -> bool:
        """The worker's answer; whether the review took it (the screen then shows it)."""
        return self.review is not None and self.review.answered(reply)

    def review_returned(self, ticket: int) -> bool:
        """A decision given back unweighed (its worker was lost): sent again (``ReviewRun.returned``)."""
        return self.review is not None and self.review.returned(ticket)

    def review_replay(self) -> None:
        """Replay a slice of the reviewed game, to find its next decisions (``ReviewRun.replay``)."""
        if self.review is not None:
            self.review.replay()

    def review_failed(self, reason: str) -> None:
        if self.review is not None and not self.review.done:
            self.review.failure = reason

    # --- hints (game.ui.hints) ---------------------------------------------------------------------

    def hint_offered(self) -> bool:
        """Whether the Hint command is offered now: the game offers hints, and the human player
        holding the device is to act."""
        s = self.session
        return s is not None and s.hints_offered and not self.stale and self.viewer_to_act()

    def current_hint(self) -> Hint | None:
        """The hint asked in the position on the table, if any (and offered)."""
        s, hint = self.session, self.hint
        if s is None or hint is None or not self.hint_offered() or not hint.stands(s.current, len(s.actions)):
            return None
        return hint

    def ask_hint(self) -> Outcome:
        """The Hint command: counted (once per position) and saved, and its move asked of the AI
        helper (``hint_next``); asked again in the same position, the same hint is shown."""
        s = self.session
        if s is None or not self.hint_offered():
            return NOTHING
        if self.current_hint() is None:
            s.ask_hint()
            self.hint, self.hint_sent = Hint(s.current, len(s.actions), self.ai.new_ticket()), False
            keeping.autosave(self)
        return Outcome()

    def hint_next(self) -> AiRequest | None:
        """The hint's request for the AI helper, once, when one is to be asked."""
        s, hint = self.session, self.current_hint()
        if s is None or hint is None or hint.action is not None or self.hint_sent:
            return None
        self.hint_sent = True
        return s.hint_request(hint.ticket)

    def forget_hint(self) -> None:
        """The hint asked last is gone (its position or its game): its request, if the helper is
        still working it out, is no longer wanted (``ai_dropped``)."""
        hint, self.hint = self.hint, None
        if hint is not None and hint.action is None and self.hint_sent:
            self.ai.drop(hint.ticket)

    def hint_answered(self, answer: AiAnswer) -> bool:
        """The helper's answer, if it is the hint's (else False: an AI move's); its move and reason
        are kept for the screen.  A bad answer is replaced by the planner's safe move."""
        s, hint = self.session, self.hint
        if s is None or hint is None or answer.ticket != hint.ticket or hint.action is not None:
            return False
        if self.current_hint() is None:
            return True            # the position is gone: nothing to show
        legal = s.legal()
        action = answered_action(answer, legal) or s.ai_safe_action()
        view = player_view(s.state, s.current)
        self.hint = Hint(hint.seat, hint.at, hint.ticket, action, explain(view, action, legal), lit(view, action))
        return True

    # --- AI seats (game.ui.ai_pacing) ------------------------------------------------------------

    def ai_next(self) -> AiAsk | None:
        """The AI move to ask for now (``AiPacer.next``), unless this tab stopped playing."""
        return None if self.session is None or self.stale else self.ai.next(self.session)

    def ai_ahead(self) -> list[AiRequest]:
        """The AI moves to ask for ahead now (``AiPacer.ahead``), unless this tab stopped playing."""
        return [] if self.session is None or self.stale else self.ai.ahead(self.session)

    def ai_dropped(self) -> list[int]:
        """The requests to the AI helper that are no longer wanted (``AiPacer.take_dropped``), the
        hint's among them once a move is played after it."""
        s, hint = self.session, self.hint
        if s is not None and hint is not None and not hint.stands(s.current, len(s.actions)):
            self.forget_hint()
        return self.ai.take_dropped()

    def stop_ai(self) -> None:
        """Forget the AI move asked for: its answer, when it comes, is for a position gone."""
        self.ai.stop()

    def ai_delay_over(self, ticket: int) -> bool:
        """The delay of AI move ``ticket`` is over; whether its move was played."""
        return self.ai.delay_over(ticket) and self.play_ai()

    def ai_answered(self, answer: AiAnswer) -> bool:
        """The helper's answer; whether its move was played (it waits for the delay)."""
        return self.ai.answered(answer) and self.play_ai()

    def ai_failed(self, reason: str) -> None:
        self.ai.failed(reason)

    def play_ai(self) -> bool:
        """Play the answered move if it is legal; otherwise say so and play a safe move."""
        action = None if self.session is None else self.ai.take_move(self.session)
        if action is None:
            return False
        self.play(action)
        return True

    def ai_status(self) -> str:
        return self.ai.status(self.session)
