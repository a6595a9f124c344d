"""A problem shown to a player, in one shape: a translation key and its parameters, said in the
player's language only when shown.

Every refusal and error a player reads is a :class:`Problem`: the engine's refusal of an action
(``game.rules.IllegalActionError``), a save that cannot be opened (``game.ui.saves.SaveError``),
an embed's link or scenario refused (``game.ui.embed.EmbedError``), a link that is not an invite
(``game.ui.netplay.InviteError``), a fair deal not confirmed (``game.net.fairdeal.DealCheckError``),
the host's refusal of a guest's message (``game.net.protocol.Refusal``, carried on the wire as its
key and parameters) and what is wrong with a new game's options (``game.ui.setup``).  The errors
are :class:`ProblemError`\\ s: ``error.problem`` is what to tell the player, ``str(error)`` the
English for a log or a command line.  Parameters are plain values (ids, numbers, text);
``game.ui.words.said`` names ids (a seat, a route, a card) as the board names them.

>>> from game.i18n import set_language
>>> _ = set_language("en")
>>> Problem("saves.error.missing", {"id": "g7"}).text()
'The save g7 no longer exists.'
>>> error = ProblemError(Problem("saves.error.newer", {"version": 9}))
>>> error.problem.key, error.problem.params, str(error)
('saves.error.newer', {'version': 9}, "saves.error.newer: {'version': 9}")
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from game.i18n import _


@dataclass(frozen=True)
class Problem:
    """What went wrong, for the player: a translation key of ``game/locales/en.po`` and the
    values of its placeholders."""

    key: str
    params: Mapping[str, object] = field(default_factory=dict)

    def text(self) -> str:
        """The problem in the player's language (the language of the moment)."""
        return _(self.key, **self.params)


class ProblemError(ValueError):
    """An error a player is told about: ``problem`` says it in the player's language, ``str()``
    in English (``message``; by default the key and parameters)."""

    def __init__(self, problem: Problem, message: str | None = None) -> None:
        super().__init__(f"{problem.key}: {dict(problem.params)}" if message is None else message)
        self.problem = problem

    @property
    def key(self) -> str:
        """The problem's key (``problem.key``)."""
        return self.problem.key

    @property
    def params(self) -> Mapping[str, object]:
        """The problem's parameters (``problem.params``)."""
        return self.problem.params
