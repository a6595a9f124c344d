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
from game.ui.guest_page import JOIN, GuestPage, resume_guest
from game.ui.net_panels import GuestPanel, ice_panel
from game.ui.net_words import rejoin_words
from game.ui.netplay import InviteError, read_invite
from game.ui.outcome import NOTHING, Connect, Outcome
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

    def save(self, desk: Desk) -> None:
        """The guest's side, for a reload; and the game itself once it is the real one."""
        if desk.stale:
            return
        self.page.save(desk.catalog.backend)
        if self.exportable(desk):
            keeping.store(desk)

    def entered(self, desk: Desk) -> None:
        self.save(desk)         # rejoined by its invite, or from the start screen

    def rematch(self, desk: Desk) -> Outcome:
        return NOTHING          # the host's to start (the end screen says so)

    def exportable(self, desk: Desk) -> bool:
        """Not while it is played: its world is made up around the seat's view."""
        return desk.session is not None and desk.session is not self.page.world

    def leave(self, desk: Desk) -> tuple[Post, ...]:
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
                return self.news(desk, [])
            case commands.ReadDealCheck():
                return self.read_deal_check(desk)
            case net.Rejoin(text):
                return rejoin(desk, page, text)
        return None

    def opened(self, desk: Desk) -> Outcome:
        return self.news(desk, [])

    def news(self, desk: Desk, posts: list[Post]) -> Outcome:
        """The host's message came: the game shown as the seat sees it, a refusal said, the
        guest kept for a reload.  Once the host's reveal has come the check's verdict is said;
        a deal confirmed makes the guest's game the real one, replayed from the seed and the
        actions (``GuestPage.replayed``), kept in this device's saved games."""
        page, outcome = self.page, Outcome(posts=tuple(posts))
        page.save(desk.catalog.backend)
        guest = page.guest
        if guest.view is None:
            return outcome
        s = desk.session
        end = page.end()
        if s is not None and s is not page.world:
            pass                    # the game replayed once the deal was confirmed: it stays
        elif end is not None and end[0]:
            desk.game_id = page.save_id()
            replayed = page.replayed()
            assert replayed is not None
            desk.enter(replayed, desk.catalog.revision(desk.game_id))
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
        if end is not None and not page.told:
            page.told = True
            self.read_deal_check(desk)
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
        host = page.invite.host or _("net.guest.the_host")
        return GuestPanel(page.title(), page.phase, page.status(), page.answer, page.problem, host,
                          ice_panel(desk.catalog.backend, desk.ice_notice),
                          rejoin_words(host, spectator=not page.invite.seat, lost=True))


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
    return desk.open_mode(Guesting(page)).also(Outcome(connect=(Connect(None, invite.code),)))


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
    return desk.open_mode(Guesting(page)).also(Outcome(connect=(Connect(None, page.invite.code),), clear=("net-invite",)))
