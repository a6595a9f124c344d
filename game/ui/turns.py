"""The game's commands, handled for the table (``game.ui.controller.Table.handle``): those of
any game on the table (export, share, take over from another tab, free space, rematch, the
final scoring's show, the review, the handoff and the last round acknowledged, dialogs closed,
a colour chosen in the hand, a ticket lit), then those of the player to act (draw, claim,
build, pay a tunnel, keep tickets, ask a hint), which the mode plays (``Mode.play``).
"""

from __future__ import annotations

from game.actions import Action, DrawCard, KeepTickets
from game.i18n import _
from game.mapdata import CARD_KINDS
from game.ui import commands, dialogs, keeping
from game.ui import page_events as page
from game.ui.choices import draw_choices, tickets_choice
from game.ui.commands import Command
from game.ui.desk import Desk
from game.ui.outcome import NOTHING, Download, Outcome, Redraw
from game.ui.review import REVIEW_TICKETS, ReviewRun
from game.ui.saves import save_text


def handle(desk: Desk, command: Command) -> Outcome | None:
    """The command's outcome, if it is one of these (else None); with no game on the table,
    nothing."""
    session = desk.session
    if session is None:
        return None
    match command:
        case commands.ExportGame():
            if not desk.mode.exportable(desk):
                return NOTHING
            # the save's text, made from the game itself: complete even when storage is full
            return Outcome(Redraw.NOTHING, download=Download(save_text(session.scenario()), desk.game_id))
        case commands.Share():
            return share(desk) if desk.mode.exportable(desk) else NOTHING
        case commands.TakeOver():
            return keeping.open_saved(desk, desk.game_id)
        case commands.FreeSpace(save_id):
            return keeping.free_space(desk, save_id)
        case commands.Rematch():
            return desk.mode.rematch(desk)
        case commands.SkipScoring():
            if desk.scoring is None:
                return NOTHING
            desk.scoring = None
            return Outcome()
        case commands.ReplayScoring():
            return desk.reveal_scoring(replay=True)
        case commands.ReviewGame(seat):
            return start_review(desk, seat)
        case commands.ReviewGo(index):
            return Outcome() if desk.review is not None and desk.review.go(index) else NOTHING
        case commands.RetryReview():
            return Outcome() if desk.review is not None and desk.review.retry() else NOTHING
        case commands.CloseReview():
            desk.review = None
            return Outcome()
        case commands.AcknowledgeHandoff():
            session.acknowledge_handoff()
            return Outcome()
        case commands.AcknowledgeLastRound():
            session.acknowledge_last_round()
            return Outcome(Redraw.DIALOG)
        case commands.CloseDialog():
            return close_dialog(desk)
        case commands.SelectColour(colour):
            desk.selected = None if colour == desk.selected or colour not in CARD_KINDS else colour
            return Outcome()
        case page.LightTicket(ticket):
            if ticket == desk.focus_ticket:
                return NOTHING
            desk.focus_ticket = ticket
            return Outcome(Redraw.BOARD)
        case page.EndPause():
            if session.pausing_for is None:
                return NOTHING
            session.end_pause()
            return Outcome()
    return turn(desk, command)


def turn(desk: Desk, command: Command) -> Outcome | None:
    """The commands of the player to act (else None); refused, with a word, to anyone else."""
    session = desk.session
    assert session is not None
    if not isinstance(command, (commands.Draw, commands.DrawTickets, commands.ChooseRoute, commands.ChooseCity,
                                commands.Pay, commands.TunnelChoice, commands.Keep, commands.AskHint)):
        return None
    if desk.stale or not desk.viewer_to_act():
        return NOTHING if desk.stale else Outcome(Redraw.NOTHING, say=_("table.not_your_turn"))
    match command:
        case commands.Draw(source):
            draw = next((c.action for c in draw_choices(session)
                         if isinstance(c.action, DrawCard) and c.action.source == source), None)
            return NOTHING if draw is None else desk.play(draw)
        case commands.DrawTickets():
            action: Action | None = tickets_choice(session).action
            return NOTHING if action is None else desk.play(action)
        case commands.ChooseRoute(route):
            return desk.open_dialog(dialogs.route_dialog(session, route))
        case commands.ChooseCity(city):
            return desk.open_dialog(dialogs.city_dialog(session, city))
        case commands.Pay(kind, index):
            dialog = desk.opened
            if isinstance(dialog, dialogs.PaymentDialog) and dialog.kind == kind and 0 <= index < len(dialog.payments):
                return desk.play(dialog.payments[index])
            return NOTHING
        case commands.TunnelChoice(index):
            dialog = desk.dialog()
            if isinstance(dialog, dialogs.TunnelDialog) and 0 <= index < len(dialog.options):
                return desk.play(dialog.options[index])
            return NOTHING
        case commands.Keep(tickets):
            return keep(desk, tickets)
        case commands.AskHint():
            if desk.hinting.ask(session, desk.ai, to_act=desk.playing()):
                desk.mode.save(desk)
            return Outcome()
    return NOTHING


def close_dialog(desk: Desk) -> Outcome:
    """Close a dialog that may be closed (a route's or city's, a message, the last round's
    announcement); the handoff, ticket and tunnel choices must be answered."""
    dialog = desk.dialog()
    if isinstance(dialog, dialogs.CLOSABLE):
        desk.opened = None
        return Outcome(Redraw.DIALOG, focus_back=True)
    if isinstance(dialog, dialogs.LastRoundDialog) and desk.session is not None:
        desk.session.acknowledge_last_round()
        return Outcome(Redraw.DIALOG, focus_back=True)
    return NOTHING


def keep(desk: Desk, tickets: tuple[str, ...]) -> Outcome:
    """Keep the ticked tickets, if as many as the rules ask; else say how many."""
    dialog = desk.dialog()
    session = desk.session
    if not isinstance(dialog, dialogs.TicketsDialog) or session is None:
        return NOTHING
    problem = dialog.count_problem(len(tickets))
    if problem is not None:
        return Outcome(Redraw.NOTHING, dialog_error=problem)
    chosen = tuple(sorted(tickets))
    action = next((a for a in session.choices() if isinstance(a, KeepTickets) and a.tickets == chosen), None)
    if action is None:
        return NOTHING
    return desk.play_ahead(action) if session.choosing_ahead() else desk.play(action)


def share(desk: Desk) -> Outcome:
    """Open the share dialog (``game.ui.dialogs.share_dialog``), unless another dialog is up."""
    s = desk.session
    if s is None or desk.dialog() not in (None, desk.opened):
        return NOTHING
    return desk.open_dialog(dialogs.share_dialog(s, desk.site))


def start_review(desk: Desk, seat: int) -> Outcome:
    """Review the finished game for ``seat`` (a human's), from its start; the final scoring's
    show, if on, ends."""
    s = desk.session
    if s is None or not s.over or seat not in s.human_seats() or desk.stale:
        return NOTHING
    desk.scoring = None
    desk.reviews += 1
    desk.review = ReviewRun(s.scenario(), seat, base=desk.reviews * REVIEW_TICKETS)
    return Outcome()
