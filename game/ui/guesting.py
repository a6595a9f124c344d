"""A guest's seat at another's table as a mode of the table (:class:`Guesting`): a move chosen
here is checked and sent to the host, whose state (or refusal) the page shows; the ways in, an
invite opened (:func:`join`) and a seat rejoined with a new invite (:func:`rejoin`).  The page
itself, its world and the check of the deal are ``game.ui.guest_page``'s.
"""

from __future__ import annotations

from dataclasses import replace

from game.actions import Action
from game.i18n import _
from game.rules import IllegalActionError
from game.ui import commands, dialogs, keeping
from game.ui import net_commands as net
from game.ui.channels import Post
from game.ui.commands import Command
from game.ui.desk import Desk, Mode
from game.ui.end_screen import EndScreen
from game.ui.guest_page import DIALING, JOIN, GuestPage, resume_guest
from game.ui.net_panels import GuestPanel, ice_panel
from game.ui.net_words import rejoin_words
from game.ui.netplay import InviteError, read_invite
from game.ui.online import consent, consent_text, consented, on_table
from game.ui.outcome import NOTHING, Connect, Outcome
from game.ui.storage import ON_TABLE_KEY
from game.ui.words import said


class Guesting(Mode):
    """A guest's seat at another's table (``GuestPage``): a move chosen here is checked and sent
    to the host, whose state (or refusal) the page then shows; the game is kept as the guest's
    side until the deal is confirmed at the end, then as the real game in this device's saved
    games; the rematch is the host's to start."""

    ticks = True

    def __init__(self, page: GuestPage) -> None:
        self.page = page

    def play(self, desk: Desk, action: Action) -> Outcome:
        session = desk.session
        assert session is not None
        try:
            posts = self.page.play(action)
        except IllegalActionError as exc:
            desk.opened = dialogs.MessageDialog(_("table.illegal"), said(exc.problem, session.state))
            return Outcome()
        desk.opened, desk.selected = None, None
        return Outcome(posts=tuple(posts))

    def play_ahead(self, desk: Desk, action: Action) -> Outcome:
        """The seat's opening choice made ahead of its turn: sent as any move (``GuestPage.play``);
        the host holds it until the seat is to act, and the page waits for the others meanwhile."""
        return self.play(desk, action)

    def save(self, desk: Desk) -> None:
        """The guest's side, for a reload; and the game itself once it is the real one."""
        if desk.stale:
            return
        self.page.save(desk.catalog.backend)
        if self.exportable(desk):
            keeping.store(desk)

    def entered(self, desk: Desk) -> None:
        self.save(desk)         # rejoined by its invite, or from the start screen
        if self.page.invite.room:
            on_table(desk.catalog.backend, "guest")

    def rematch(self, desk: Desk) -> Outcome:
        return NOTHING          # the host's to start (the end screen says so)

    def exportable(self, desk: Desk) -> bool:
        """Not while it is played: its world is made up around the seat's view."""
        return desk.session is not None and desk.session is not self.page.world

    def leave(self, desk: Desk) -> tuple[Post, ...]:
        on_table(desk.catalog.backend, None)
        transport = self.page.transport
        return () if transport is None else (Post.closing(transport, "left"),)

    def handle(self, desk: Desk, command: Command) -> Outcome | None:
        page = self.page
        match command:
            case net.MakeAnswer():
                return Outcome(connect=(Connect(None, page.invite.code),))
            case net.AnswerMade(channel, link):
                page.answered(channel, link)
                return Outcome()
            case net.ConnectFailed(_seat, reason):
                page.closed(reason)
                return Outcome()
            case net.ChannelOpened(channel) if channel is page.transport:
                return self.news(desk, page.opened())
            case net.ChannelMessage(channel, text) if channel is page.transport:
                return self.news(desk, page.message(text))
            case net.ChannelClosed(channel, reason, _now) if channel is page.transport:
                page.closed(reason)
                outcome = self.news(desk, [])
                return outcome.also(self.dial(desk)) if page.redial() else outcome
            case net.JoinOnline() if page.invite.room and page.phase == JOIN:
                consent(desk.catalog.backend)
                page.phase = DIALING
                return self.dial(desk)
            case net.Dialed(channel):
                page.transport = channel
                return Outcome()
            case net.RoomReach(up):
                page.unreachable = not up
                return Outcome()
            case commands.ReadDealCheck():
                return self.read_deal_check(desk)
            case commands.ReviewGame(seat) if seat != page.guest.seat or not self.exportable(desk):
                return NOTHING      # a review of the guest's own seat only, once the deal is confirmed
            case net.Rejoin(text):
                return rejoin(desk, page, text)
        return None

    def opened(self, desk: Desk) -> Outcome:
        return self.news(desk, [])

    def dial(self, desk: Desk) -> Outcome:
        """Connect to the host over the internet (the page knocks at its room until it opens); a
        reload from now on dials again by itself."""
        on_table(desk.catalog.backend, "guest")
        self.page.save(desk.catalog.backend)
        return Outcome(connect=(Connect(None, online=self.page.invite.online()),))

    def news(self, desk: Desk, posts: list[Post]) -> Outcome:
        """The host's message came: the game shown as the seat sees it, a refusal said, the
        guest kept for a reload.  When the game ends the final scoring is revealed step by step,
        as on the host's page (``Desk.reveal_scoring``), from what this page knows then: every
        ticket is public at the end.  Once the host's reveal has come a deal confirmed makes the
        guest's game the real one, replayed from the seed and the actions (``GuestPage.replayed``),
        kept in this device's saved games, and the scoring on show goes on over it; the check's
        verdict is a line of the final table, its full text a click away (:meth:`read_deal_check`)."""
        page, outcome = self.page, Outcome(posts=tuple(posts))
        page.save(desk.catalog.backend)
        guest = page.guest
        if guest.view is None:
            return outcome
        s = desk.session
        end = page.end()
        ending = s is not None and s is page.world and not s.over     # the game may end with this news
        if s is not None and s is not page.world:
            pass                    # the game replayed once the deal was confirmed: it stays
        elif end is not None and end[0]:
            desk.game_id = page.save_id()
            replayed = page.replayed()
            assert replayed is not None
            show = desk.scoring
            desk.enter(replayed, desk.catalog.revision(desk.game_id))
            desk.scoring = show     # the final scoring on show goes on over the real game: the same scores
        elif s is not None:
            if s.played() != guest.at:      # the game moved on (a move, a time-out): a choice in hand is stale
                desk.selected = None
                if not isinstance(desk.opened, (dialogs.ShareDialog, dialogs.MessageDialog)):
                    desk.opened = None
            page.follow()
        else:
            desk.enter(page.follow(), 0)
        if guest.refusal is not None:
            desk.opened = dialogs.MessageDialog(_("table.illegal"), page.status())
            guest.refusal = None
        if ending and desk.session is not None and desk.session.over:
            return outcome.also(desk.reveal_scoring())      # as on the host's page, then the verdict's line
        return outcome

    def read_deal_check(self, desk: Desk) -> Outcome:
        """The fair deal's check in full (a guest's game over, the host's reveal come)."""
        end = self.page.end()
        if end is None or isinstance(desk.opened, dialogs.MessageDialog):
            return NOTHING
        desk.opened = dialogs.MessageDialog(_("net.check.title"), end[1])
        return Outcome()

    def clock_line(self, now: float) -> str:
        return self.page.clock_line(now)

    def end_screen(self, desk: Desk, end: EndScreen) -> EndScreen:
        """The final table on a guest's page (as it is elsewhere): no rematch (the host's to start:
        a line says so), the fair deal's verdict in a line (its full text a click away), and a review
        only of the guest's own seat, once the deal confirmed made the game the real one."""
        verdict = self.page.end()
        deal = "" if verdict is None else _("net.end.confirmed") if verdict[0] else _("net.end.failed")
        real = self.exportable(desk)
        return replace(end, rematch=False, rematch_note=_("net.end.rematch"), deal=deal,
                       deal_ok=verdict is not None and verdict[0],
                       reviews=tuple((seat, words) for seat, words in end.reviews if real and seat == self.page.guest.seat))

    def panel(self, desk: Desk, now: float) -> GuestPanel | None:
        """The guest's page before the game, and over it whenever its channel is down."""
        page = self.page
        if desk.session is not None and not page.cut_off():
            return None
        backend = desk.catalog.backend
        host = page.invite.host or _("net.guest.the_host")
        consent_line = consent_text(page.invite.relays) if page.invite.room and page.phase == JOIN else ""
        return GuestPanel(page.title(), page.phase, page.status(), page.answer, page.problem, host,
                          ice_panel(backend, desk.ice_notice), consent=consent_line,
                          rejoin=rejoin_words(host, spectator=not page.invite.seat, lost=True))


def join(desk: Desk, fragment: str) -> Outcome:
    """The page was opened by an invite (``#join=…``): the guest's page, its answer made at
    once; the seat kept by an earlier visit to the same table (``Invite.rejoins``) is rejoined
    with its token.  A link that is no invite is said on the start screen."""
    try:
        invite = read_invite(fragment)
    except InviteError as exc:
        desk.notice = exc.problem.text()
        return desk.home()
    kept = resume_guest(desk.catalog.backend)
    page = kept if kept is not None and invite.rejoins(kept.guest.commitment) else GuestPage.join(invite)
    page.invite, page.phase = invite, JOIN
    mode = Guesting(page)
    if not invite.room:
        return desk.open_mode(mode).also(Outcome(connect=(Connect(None, invite.code),)))
    if not consented(desk.catalog.backend):
        return desk.open_mode(mode)         # its panel asks first: nothing is contacted before
    page.phase = DIALING
    return desk.open_mode(mode).also(mode.dial(desk))


def resume_online(desk: Desk) -> Outcome | None:
    """At boot, the guest's seat over the internet that was on screen at the last visit, rejoined
    by itself (None: none)."""
    backend = desk.catalog.backend
    page = resume_guest(backend) if backend.get(ON_TABLE_KEY) == "guest" else None
    if page is None or not page.invite.room or page.guest.revealed or not consented(backend):
        return None
    page.phase = DIALING
    mode = Guesting(page)
    return desk.open_mode(mode).also(mode.dial(desk))


def rejoin(desk: Desk, page: GuestPage | None, text: str) -> Outcome:
    """Rejoin the seat kept (``page``) with the invite pasted (a new one from the host)."""
    if page is None:
        return NOTHING
    try:
        page.invite = read_invite(text)
    except InviteError as exc:
        page.problem = exc.problem.text()
        return Outcome()
    page.phase, page.problem = JOIN, ""
    mode = Guesting(page)
    if not page.invite.room:
        return desk.open_mode(mode).also(Outcome(connect=(Connect(None, page.invite.code),), clear=("net-invite",)))
    if not consented(desk.catalog.backend):
        return desk.open_mode(mode)         # its panel asks first
    page.phase = DIALING
    return desk.open_mode(mode).also(mode.dial(desk))
