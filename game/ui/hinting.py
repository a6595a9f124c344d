"""The Hint command at the table: whether it is offered, the hint asked in the position on the
table, its request to the AI helper (sent once), and its answer kept with its reason in words
(``game.ui.hints``); a hint whose position is gone is dropped, its request no longer wanted.

>>> from game.ui.ai_pacing import AiPacer
>>> from game.ui.session import Session
>>> from game.ui.setup import default_options
>>> game = Session(default_options("usa", 2).scenario(fallback_seed=5))
>>> hinting, pacer = Hinting(), AiPacer(0)
>>> hinting.offered(game, to_act=True), hinting.ask(game, pacer, to_act=True)
(True, True)
>>> request = hinting.request(game, to_act=True)
>>> request.level, hinting.request(game, to_act=True)          # asked once
('hard', None)
"""

from __future__ import annotations

from game.ai.decide import safe_action
from game.ui.ai_pacing import AiPacer
from game.ui.ai_turn import AiAnswer, AiRequest, answered_action
from game.ui.hints import Hint, explain
from game.ui.lit import lit
from game.ui.session import Session
from game.view import player_view


class Hinting:
    """The hint asked last (None: none) and whether its request went to the AI helper."""

    def __init__(self) -> None:
        self.hint: Hint | None = None
        self.sent = False

    def offered(self, s: Session | None, *, to_act: bool) -> bool:
        """Whether the Hint command is offered: the game offers hints, and the human player
        holding the device is to act (``to_act``, this tab playing)."""
        return s is not None and s.hints_offered and to_act

    def current(self, s: Session | None, *, to_act: bool) -> Hint | None:
        """The hint asked in the position on the table, if any (and offered)."""
        hint = self.hint
        if s is None or hint is None or not self.offered(s, to_act=to_act) or not hint.stands(s.acting, s.played()):
            return None
        return hint

    def ask(self, s: Session, pacer: AiPacer, *, to_act: bool) -> bool:
        """The Hint command: counted (once per position) and its move to be asked of the AI
        helper (:meth:`request`); asked again in the same position, the same hint is shown.
        Whether it was counted now (the game to save)."""
        if not self.offered(s, to_act=to_act) or self.current(s, to_act=to_act) is not None:
            return False
        s.ask_hint()
        self.hint, self.sent = Hint(s.acting, s.played(), pacer.new_ticket()), False
        return True

    def request(self, s: Session | None, *, to_act: bool) -> AiRequest | None:
        """The hint's request for the AI helper, once, when one is to be asked."""
        hint = self.current(s, to_act=to_act)
        if s is None or hint is None or hint.action is not None or self.sent:
            return None
        self.sent = True
        return s.hint_request(hint.ticket)

    def forget(self, pacer: AiPacer) -> None:
        """The hint asked last is gone (its position or its game): its request, if the helper is
        still working it out, is no longer wanted."""
        hint, self.hint = self.hint, None
        if hint is not None and hint.action is None and self.sent:
            pacer.drop(hint.ticket)

    def moved_on(self, s: Session | None, pacer: AiPacer) -> None:
        """A move was played: a hint of the position before it is forgotten."""
        hint = self.hint
        if s is not None and hint is not None and not hint.stands(s.acting, s.played()):
            self.forget(pacer)

    def answered(self, s: Session | None, answer: AiAnswer, *, to_act: bool) -> bool:
        """The helper's answer, if it is the hint's (else False: an AI move's); its move and reason
        are kept for the screen.  A bad answer is replaced by the planner's safe move."""
        hint = self.hint
        if s is None or hint is None or answer.ticket != hint.ticket or hint.action is not None:
            return False
        if self.current(s, to_act=to_act) is None:
            return True            # the position is gone: nothing to show
        legal = s.choices()
        view = player_view(s.position(), s.acting)
        action = answered_action(answer, legal) or safe_action(view, legal, s.ai_seed())
        self.hint = Hint(hint.seat, hint.at, hint.ticket, action, explain(view, action, legal), lit(view, action))
        return True
