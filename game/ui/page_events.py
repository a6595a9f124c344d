"""What the page tells the table besides a player's command, each a command through the same
``Table.handle``: the page opened, a game from a lesson's step, a timer due (a pause, an AI move's delay, the final scoring's step, the turn
timer's second), the AI helper's and the review's workers' answers, another tab's write, a file
read, the language changed, a ticket lit."""

from __future__ import annotations

from dataclasses import dataclass

from game.scenario import Scenario
from game.ui.ai_turn import AiAnswer
from game.ui.review_turn import ReviewAnswer


@dataclass(frozen=True)
class Resume:
    """The page opened: the game played last, or the start screen."""


@dataclass(frozen=True, eq=False)
class PlayFrom:
    scenario: Scenario      # a game from this scenario (an embed's lesson played on from a step)
    notice: str = ""        # said with the status line until the first move


@dataclass(frozen=True)
class EndPause:
    """The moment a player sees their turn's end is over: the handoff screen."""


@dataclass(frozen=True)
class ScoringDue:
    ticket: int             # the final scoring's timer that is over


@dataclass(frozen=True)
class AiDue:
    ticket: int             # the AI move whose delay is over


@dataclass(frozen=True)
class AiAnswered:
    answer: AiAnswer        # the AI helper's answer: an AI seat's move, or the hint's


@dataclass(frozen=True)
class AiFailed:
    reason: str             # the AI helper cannot work: the page chooses the moves itself


@dataclass(frozen=True)
class ReviewAnswered:
    reply: ReviewAnswer


@dataclass(frozen=True)
class ReviewReturned:
    ticket: int             # a decision its lost worker gave back unweighed


@dataclass(frozen=True)
class ReviewFailed:
    reason: str


@dataclass(frozen=True)
class ReviewReplay:
    """Replay a slice of the reviewed game, to find its next decisions (a task of its own)."""


@dataclass(frozen=True)
class Tick:
    now: float              # the turn timer's second: seconds since 1970


@dataclass(frozen=True)
class StorageChanged:
    key: str | None         # another tab wrote this key (None: cleared the storage)


@dataclass(frozen=True)
class ImportGame:
    text: str               # a game file's text


@dataclass(frozen=True)
class ImportTooLarge:
    size: int               # bytes of a file refused before it is read


@dataclass(frozen=True)
class ImportFailed:
    reason: str             # a file the browser could not read


@dataclass(frozen=True)
class LanguageChanged:
    """The player chose another language in a game: the names the game made follow it."""


@dataclass(frozen=True)
class Notice:
    text: str               # a word for the start screen, said once (why the language is not the one asked for, …)


@dataclass(frozen=True)
class LightTicket:
    ticket: str | None      # a ticket hovered or focused: its cities and path lit (None: none)


PageEvent = (Resume | PlayFrom | EndPause | ScoringDue | AiDue | AiAnswered | AiFailed | ReviewAnswered | ReviewReturned
             | ReviewFailed | ReviewReplay | Tick | StorageChanged | ImportGame | ImportTooLarge | ImportFailed
             | LanguageChanged | Notice | LightTicket)
