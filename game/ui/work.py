"""The helpers' answers and the timers, handled for the table (``game.ui.controller.Table.handle``):
an AI move's delay over and the AI helper's answers (an AI seat's move, or the hint's), its
failure, the review's workers' answers, a decision given back and a slice replayed, the final
scoring's next step, the turn timer's second; and the effects every outcome carries
(:func:`effects`): what the page is to ask the helpers next, the timers to set, the cues of the
moves played, the AI line.
"""

from __future__ import annotations

from dataclasses import replace

from game.ui import page_events as page
from game.ui.commands import Command
from game.ui.desk import Desk
from game.ui.outcome import NOTHING, Outcome, Redraw, ReviewWork
from game.ui.review import ReviewRun

REVIEW = Outcome(Redraw.REVIEW)


def handle(desk: Desk, command: Command) -> Outcome | None:
    """The command's outcome, if it is one of these (else None)."""
    review = desk.review
    match command:
        case page.AiDue(ticket):
            return play_ai(desk) if desk.ai.delay_over(ticket) else NOTHING
        case page.AiAnswered(answer):
            if desk.hinting.answered(desk.session, answer, to_act=desk.playing()):
                return Outcome()
            return play_ai(desk) if desk.ai.answered(answer) else NOTHING
        case page.AiFailed(reason):
            desk.ai.failed(reason)
            return NOTHING
        case page.ScoringDue(ticket):
            show = desk.scoring
            if show is None or not show.step_due(ticket):
                return NOTHING
            if show.finished:
                desk.scoring = None
            return Outcome()
        case page.ReviewAnswered(reply):
            return REVIEW if review is not None and review.answered(reply) else NOTHING
        case page.ReviewReturned(ticket):
            return REVIEW if review is not None and review.returned(ticket) else NOTHING
        case page.ReviewFailed(reason):
            if review is not None and not review.done:
                review.failure = reason
            return REVIEW
        case page.ReviewReplay():
            if review is not None:
                review.replay()
            return REVIEW
        case page.Tick(now):
            return desk.mode.tick(desk, now)
    return None


def play_ai(desk: Desk) -> Outcome:
    """Play the answered AI move if it is legal; otherwise say so and play a safe move."""
    action = None if desk.session is None else desk.ai.take_move(desk.session)
    if action is None:
        return NOTHING
    return desk.play(action).also(Outcome())


def effects(desk: Desk, outcome: Outcome) -> Outcome:
    """``outcome`` with the effects it asks of the page: the moves' cues (taken for a screen
    drawn), the AI move due and those asked ahead (unless this tab stopped playing), the
    requests no longer wanted (the hint's, once a move is played after it), the hint's request,
    the final scoring's next timer, the review's work, the AI line."""
    s = desk.session
    playing = s is not None and not desk.stale
    ask = desk.ai.next(s) if playing and s is not None else None
    ahead = tuple(desk.ai.ahead(s)) if playing and s is not None else ()
    desk.hinting.moved_on(s, desk.ai)
    dropped = tuple(desk.ai.take_dropped())
    hint = desk.hinting.request(s, to_act=desk.playing())
    tick = None
    if desk.scoring is not None and desk.scoring.ticket is None:
        desk.scoring_tickets += 1
        tick = desk.scoring.set_timer(desk.scoring_tickets)
    cues = desk.take_cues() if outcome.redraw is Redraw.SCREEN else ()
    return replace(outcome, cues=cues, ask_ai=ask, ai_ahead=ahead, ai_dropped=dropped, hint=hint, scoring_tick=tick,
                   review=review_work(desk.review), ai_line=desk.ai.status(s))


def review_work(review: ReviewRun | None) -> ReviewWork | None:
    """The review's work now (``Outcome.review``): its decisions found and not sent yet, taken."""
    if review is None:
        return None
    requests = []
    while (request := review.next_request()) is not None:
        requests.append(request)
    return ReviewWork(tuple(requests), review.pending, review.done or review.failure is not None)
