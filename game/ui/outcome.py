"""What a command did, for the page to carry out (``game.web.app.App.apply``): what to redraw,
what to say, and its effects: texts for other devices (``posts``), channels to make
(``connect``), the moves' cues to play, the AI helper's work (a move to ask for, moves to ask
ahead, requests no longer wanted, a hint), a review's (its decisions to weigh, a slice of its
replay, its end), the final scoring's next timer, a pause, the AI line, lines for the console.  The table fills in the
effects once per command (``Table.handle``), so the page does what it is told and polls nothing.

>>> Outcome(Redraw.DIALOG).also(Outcome(Redraw.NOTHING, say="Saved")).redraw
<Redraw.DIALOG: 'dialog'>
>>> Outcome(Redraw.DIALOG).also(Outcome(Redraw.BOARD)).redraw
<Redraw.SCREEN: 'screen'>
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.ui.ai_pacing import AiAsk
from game.ui.ai_turn import AiRequest
from game.ui.channels import Post
from game.ui.moves import Cue
from game.ui.reveal_pacing import ScoringTick
from game.ui.review_turn import ReviewRequest

if TYPE_CHECKING:
    from game.ui.online import Online


class Redraw(enum.Enum):
    NOTHING = "nothing"
    BOARD = "board"             # only the board (a ticket lit or put out)
    REVIEW = "review"           # only the review's panel (its progress, an answer taken)
    DIALOG = "dialog"           # only the dialog (and the board's mark of what it is about)
    SCREEN = "screen"           # the screen up: the start screen, or the table


@dataclass(frozen=True)
class Download:
    text: str
    name: str                   # the file's name


@dataclass(frozen=True)
class Connect:
    """A channel the page makes to another device: the host's for ``seat``'s invite (None: the
    spectators'), or (``offer`` given: the invite's offer code) a guest's answer to it; or, over
    the internet (``online``), the host's room on the relays or a guest's connection to its host."""
    seat: int | None
    offer: str | None = None
    online: Online | None = None


@dataclass(frozen=True)
class FocusMove:
    """The focus taken, once the screen is drawn, to what was just made for the player (``to``:
    its id; an invite's link to copy), if it is on nothing or still on the control that asked
    for it (``asked``: a selector): a player who moved on meanwhile keeps their place."""
    to: str
    asked: str


@dataclass(frozen=True)
class ReviewWork:
    """A review's work for the page's workers: the decisions found and not sent yet (each given
    once: the workers take them as they come free), whether a slice of the game's replay is due
    to find more, and whether the review is over (done or failed: its workers are ended)."""
    requests: tuple[ReviewRequest, ...]
    replay: bool
    over: bool


@dataclass(frozen=True)
class Outcome:
    redraw: Redraw = Redraw.SCREEN
    focus_back: bool = False            # a dialog was closed: the focus goes back to what opened it
    say: str | None = None              # a passing word on the status line
    dialog_error: str | None = None     # what is wrong with the answer in the open dialog
    download: Download | None = None
    zoom: str | None = None
    pause_ms: int | None = None         # tell the table ``EndPause`` after this long
    posts: tuple[Post, ...] = ()        # texts for other devices, channels closed
    connect: tuple[Connect, ...] = ()   # channels to make
    clear: tuple[str, ...] = ()         # the fields the page empties (their ids): what was typed is used
    log: tuple[str, ...] = ()           # lines for the browser's console (whoever looks into the page; not the player)
    focus: FocusMove | None = None      # the focus to what was just made, once drawn
    # the effects, filled in by the table once per command
    cues: tuple[Cue, ...] = ()          # the moves played since the last outcome, as the viewer sees them
    ask_ai: AiAsk | None = None         # the AI move due, with its delay
    ai_ahead: tuple[AiRequest, ...] = ()    # AI moves asked before they are due
    ai_dropped: tuple[int, ...] = ()    # requests to the AI helper no longer wanted
    hint: AiRequest | None = None       # the Hint command's move, asked of the same helper
    scoring_tick: ScoringTick | None = None     # the final scoring's next step's timer
    review: ReviewWork | None = None    # a review's work (None: no review on; its workers, if any, are ended)
    ai_line: str = ""                   # the AI line at the foot of the board

    def also(self, other: Outcome) -> Outcome:
        """This outcome and ``other``'s, as one (the wider redraw; the other's words and file)."""
        redraw = self.redraw if other.redraw in (Redraw.NOTHING, self.redraw) else \
            other.redraw if self.redraw is Redraw.NOTHING else Redraw.SCREEN
        return Outcome(redraw, self.focus_back or other.focus_back, other.say or self.say,
                       other.dialog_error or self.dialog_error, other.download or self.download,
                       other.zoom or self.zoom, other.pause_ms or self.pause_ms,
                       self.posts + other.posts, self.connect + other.connect, self.clear + other.clear,
                       log=self.log + other.log, focus=other.focus or self.focus)


NOTHING = Outcome(Redraw.NOTHING)
