"""The AI seats' pacing: the move asked of the AI helper, the delay before it is played (so it can
be followed), its answer, and what the AI line at the foot of the board says.

The table (``game.ui.controller.Table``) owns one ``AiPacer`` and plays the move it gives.

>>> from game.ui.ai_turn import AiAnswer
>>> from game.ui.session import Session
>>> game = Session({"map": "usa", "seed": 2, "position": {"current": 1},
...                 "players": [{"name": "Ann"}, {"name": "Hal", "kind": "ai", "level": "easy"}]})
>>> pacer = AiPacer(AI_SPEEDS["fast"])
>>> ask = pacer.next(game)
>>> ask.delay_ms, pacer.next(game) is None           # one move asked for at a time
(250, True)
>>> pacer.delay_over(ask.request.ticket), pacer.status(game)      # no answer yet
(False, 'Hal (AI, easy) is thinking…')
>>> pacer.answered(AiAnswer(ask.request.ticket, choice=0))        # in, and due: its move to play
True
>>> pacer.take_move(game) in game.legal(), pacer.wait is None
(True, True)
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from game.actions import Action
from game.i18n import _
from game.ui import ai_turn
from game.ui.ai_turn import AiAnswer, AiRequest
from game.ui.session import Session

# the pause before each AI move, so it can be followed, at each speed a player may choose
AI_SPEEDS = {"slow": 1500, "normal": 700, "fast": 250, "instant": 0}
AI_DELAY_MS = AI_SPEEDS["normal"]


@dataclass(frozen=True)
class AiAsk:
    """Ask the AI helper ``request`` (unless ``asked``: it was asked ahead, see
    ``AiPacer.ahead``); tell the table ``AiDue(ticket)`` after ``delay_ms`` (``game.ui.page_events``)."""

    request: AiRequest
    delay_ms: int
    asked: bool = False


@dataclass
class AiWait:
    """An AI move asked for: its ticket, whether its delay is over, and its answer once in."""

    ticket: int
    due: bool = False
    answer: AiAnswer | None = None


class AiPacer:
    """The AI move asked for and when it is due; ``delay``: the pause before each AI move."""

    def __init__(self, delay: int = AI_DELAY_MS) -> None:
        self.delay = delay
        self.wait: AiWait | None = None
        self.tickets = 0                # numbers of the AI moves asked for
        self.failure = ""               # why the AI helper is not used (said all game long)
        self.notice = ""                # a problem with the last AI move
        self.asked_ahead: dict[str, int] = {}     # a move asked ahead (its request, ticket 0) -> its ticket
        self.early: dict[int, AiAnswer] = {}      # their answers, as they come
        self.ahead_at = -1                        # the position (actions played) moves were asked ahead at
        self.dropped: list[int] = []              # tickets of requests no longer wanted (:meth:`drop`)

    def speed(self) -> str:
        """The speed whose delay the AI seats play at (``normal`` for a delay of no speed's)."""
        return next((name for name, ms in AI_SPEEDS.items() if ms == self.delay), "normal")

    def set_speed(self, speed: str) -> None:
        """Play at ``speed`` (one of ``AI_SPEEDS``; any other name changes nothing)."""
        if speed in AI_SPEEDS:
            self.delay = AI_SPEEDS[speed]

    def next(self, session: Session) -> AiAsk | None:
        """The AI move to ask for now, if an AI seat is to act and none is asked for yet: the
        move is played once the answer is in and no sooner than the delay after it was asked."""
        if not session.ai_to_move() or self.wait is not None:
            return None
        request = session.ai_request(0)
        ticket = self.asked_ahead.get(request.to_text())
        if ticket is not None:          # asked ahead: the same request, and its answer may be in
            self.wait = AiWait(ticket, answer=self.early.get(ticket))
            del self.asked_ahead[request.to_text()]
            self.forget_ahead()
            return AiAsk(replace(request, ticket=ticket), self.delay, asked=True)
        self.wait = AiWait(self.new_ticket())
        return AiAsk(replace(request, ticket=self.wait.ticket), self.delay)

    def ahead(self, session: Session) -> list[AiRequest]:
        """The AI moves to ask for ahead, once per position (``Session.ai_requests_ahead``: while a
        human keeps tickets), each with a ticket of its own; those asked at an earlier position
        are forgotten."""
        at = len(session.actions)
        if at == self.ahead_at:
            return []
        self.forget_ahead()
        self.ahead_at = at
        asks = []
        for request in session.ai_requests_ahead():
            self.asked_ahead[request.to_text()] = ticket = self.new_ticket()
            asks.append(replace(request, ticket=ticket))
        return asks

    def forget_ahead(self) -> None:
        """The moves asked ahead are no longer wanted (:meth:`take_dropped` names them)."""
        for ticket in self.asked_ahead.values():
            self.drop(ticket)
        self.asked_ahead, self.early = {}, {}

    def drop(self, ticket: int) -> None:
        """Request ``ticket`` (of this series: an AI move or a hint) is no longer wanted (:meth:`take_dropped`)."""
        self.dropped.append(ticket)

    def take_dropped(self) -> list[int]:
        """The tickets of the requests no longer wanted (moves asked ahead the human made moot, the
        move asked when the table stopped, a hint whose position is gone), each once: the helper
        need not work them out, nor finish one it has begun."""
        out, self.dropped = self.dropped, []
        return out

    def new_ticket(self) -> int:
        """A number for a request to the AI helper (an AI move, or a hint: one series, so an
        answer names which it is)."""
        self.tickets += 1
        return self.tickets

    def stop(self) -> None:
        """Forget the AI move asked for, and those asked ahead: their answers, when they come, are
        for positions gone (:meth:`take_dropped` names them)."""
        if self.wait is not None:
            self.drop(self.wait.ticket)
        self.wait = None
        self.forget_ahead()
        self.ahead_at = -1

    def delay_over(self, ticket: int) -> bool:
        """The delay of AI move ``ticket`` is over; whether its move is to be played now (else:
        it is still thinking, or the move is not wanted any more)."""
        wait = self.wait
        if wait is None or wait.ticket != ticket:
            return False
        wait.due = True
        return wait.answer is not None

    def answered(self, answer: AiAnswer) -> bool:
        """The helper's answer; whether its move is to be played now (it waits for the delay)."""
        wait = self.wait
        if answer.ticket in self.asked_ahead.values():
            self.early[answer.ticket] = answer          # asked ahead: kept until its move is due
        if wait is None or answer.ticket != wait.ticket:
            return False                # ahead, or stale: asked about a position no longer on the table
        wait.answer = answer
        return wait.due

    def failed(self, reason: str) -> None:
        """The AI helper cannot be used (the page computes the moves): said all game long."""
        self.failure = _("ai.helper_failed", reason=reason)

    def take_move(self, session: Session) -> Action | None:
        """The answered move, if it is legal; otherwise a safe move, and the AI line says why
        (None: no answer is in, or no AI is to move any more, as when a guest took its seat back
        from the AI standing in for it: the answer is forgotten)."""
        wait, self.wait = self.wait, None
        if wait is None or wait.answer is None or not session.ai_to_move():
            return None
        answer = wait.answer
        action = ai_turn.answered_action(answer, session.legal())
        self.notice = ""
        if action is None:
            self.notice = _("ai.bad_answer", name=session.state["players"][session.current]["name"],
                            problem=answer.error or f"choice {answer.choice}")
            action = session.ai_safe_action()
        return action

    def status(self, session: Session | None) -> str:
        """The AI line at the foot of the board: the helper's failure, a bad answer, "… is thinking"."""
        parts = [self.failure, self.notice]
        wait = self.wait
        if session is not None and wait is not None and wait.due and wait.answer is None:
            parts.append(_("ai.thinking", name=session.player_label(session.current)))
        return " ".join(p for p in parts if p)
