"""A finished game's review on the page (``game.ai.review`` weighs the decisions): the review as
it is made (progress, the costliest turns, the decision shown on the board with the market and
the choice then, the better move lit by ``game.ui.lit`` as a hint's is), in words, and its lesson
for the embed page.

The page holds the save, which holds every hand; the workers never get it.  The page replays
the game a few actions at a time (``ReviewRun.replay``) and sends, for each decision of the
reviewed seat, only that seat's view, the legal actions and the chosen one's position
(``game.ui.review_turn.ReviewRequest``); the answer is the best found's position and the points.

A lesson (``review_lesson``) is built from the seat's view at the decision alone: what the seat
could not see is dealt anew from a fixed public seed (``game.ai.determinize``), so its link
holds the seat's own cards and tickets at that turn and nothing of the other players' or the
decks'.

>>> round_of(9, 4), points_text(6.25)
(3, '6.2')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game import cldr
from game.actions import (
    Action,
    BuildStation,
    ClaimRoute,
    DrawCard,
    DrawTickets,
    KeepTickets,
    Pass,
    PayTunnel,
    Withdraw,
)
from game.ai.determinize import determinize
from game.ai.review import REVIEW_SAMPLES, Decision, Verdict, costliest, decision
from game.board.highlights import Highlights
from game.i18n import CARD_KEYS, _
from game.mapdata import GameMap, load_map
from game.rng import Rng
from game.rules import apply_action
from game.scenario import Scenario, load_scenario, to_scenario
from game.share import embed_link
from game.state import State
from game.ui.dialog_screen import payment_text
from game.ui.lit import Lit, lit
from game.ui.review_turn import ReviewAnswer, ReviewRequest
from game.ui.words import route_name, ticket_name
from game.view import View

REVIEW_LISTED = 5           # the costliest turns listed
LESSON_SEED = "ttr-review-lesson"       # deals what a lesson's seat could not see: public, fixed
REVIEW_TICKETS = 100_000    # request tickets per review: more than any game's decisions
REPLAY_SLICE = 8            # actions the page replays in one task (a few ms in Pyodide)


# --- the review as it is made -----------------------------------------------------------------------

class ReviewRun:
    """A seat's review of the game ``scenario`` (a finished game's save), made on the page: the
    game is replayed a slice at a time to find the seat's decisions, each sent once (to one of
    several workers: decisions are weighed independently, so their order does not matter); the
    answers are gathered; ``shown`` is the decision on the board (None: none)."""

    def __init__(self, scenario: Scenario, seat: int, samples: int = REVIEW_SAMPLES, base: int = 0) -> None:
        """``base``: added to each decision's number to make its request's ticket, so an answer
        to another review (another game, another seat) is never taken for this one's."""
        self.seat, self.samples, self.base = seat, samples, base
        self.state: State
        self.state, self.actions = load_scenario(scenario)
        self.cursor = 0                          # actions replayed
        self.decisions: list[Decision] = []
        self.verdicts: dict[int, Verdict] = {}
        self.asked: set[int] = set()             # decisions sent and not answered yet
        self.shown: int | None = None
        self.failure: str | None = None

    @property
    def replayed(self) -> bool:
        return self.cursor == len(self.actions)

    @property
    def done(self) -> bool:
        return self.replayed and len(self.verdicts) == len(self.decisions)

    def progress(self) -> float:
        """How far the review is, from 0 to 1: the share of the game's actions up to the first
        decision not weighed yet (the decisions are spread over the game)."""
        if self.done:
            return 1.0
        waiting = [d.index for i, d in enumerate(self.decisions) if i not in self.verdicts]
        return min(waiting, default=self.cursor) / max(1, len(self.actions))

    def replay(self, limit: int = REPLAY_SLICE) -> None:
        """Replay up to ``limit`` actions, noting the seat's decisions on the way."""
        for _step in range(limit):
            if self.replayed:
                return
            state, action = self.state, self.actions[self.cursor]
            d = decision(state, self.seat, self.cursor, action)
            if d is not None:
                self.decisions.append(d)
            apply_action(state, action)
            self.cursor += 1

    def _unsent(self) -> int | None:
        return next((i for i in range(len(self.decisions)) if i not in self.verdicts and i not in self.asked), None)

    def next_request(self) -> ReviewRequest | None:
        """The next decision found to send, or None: every decision found is sent or weighed (the
        replay must go on to find more: ``pending``), or the review is done or failed."""
        if self.failure is not None:
            return None
        index = self._unsent()
        if index is None:
            return None
        d = self.decisions[index]
        self.asked.add(index)
        return ReviewRequest(self.base + index, d.view, tuple(str(a) for a in d.legal), d.legal.index(d.chosen),
                             self.samples)

    @property
    def pending(self) -> bool:
        """Whether the replay must go on (:meth:`replay`) before another decision can be sent."""
        return self.failure is None and not self.replayed and self._unsent() is None

    def answered(self, reply: ReviewAnswer) -> bool:
        """Take a worker's answer; whether it was one awaited."""
        index = reply.ticket - self.base
        if index not in self.asked:
            return False
        self.asked.discard(index)
        if reply.error is not None or reply.best is None:
            self.failure = reply.error or "no answer"
            return True
        d = self.decisions[index]
        if not 0 <= reply.best < len(d.legal):
            self.failure = f"an answer named move {reply.best} of {len(d.legal)}"
            return True
        self.verdicts[index] = Verdict(d.chosen, d.legal[reply.best], reply.chosen_points, reply.best_points,
                                       reply.samples)
        return True

    def returned(self, ticket: int) -> bool:
        """A decision sent and not answered, given back (its worker was lost): it is sent again by
        :meth:`next_request`; whether it was one awaited."""
        index = ticket - self.base
        if index not in self.asked:
            return False
        self.asked.discard(index)
        return True

    def retry(self) -> bool:
        """Go on with a review that stopped: every decision not weighed yet is to be sent again;
        whether it had stopped."""
        if self.failure is None:
            return False
        self.failure = None
        self.asked.clear()
        return True

    def costliest(self, count: int = REVIEW_LISTED) -> list[int]:
        """The decisions weighed that cost the most, costliest first (``game.ai.review.costliest``)."""
        return costliest(self.verdicts, count)

    def total_loss(self) -> float:
        return sum(v.loss for v in self.verdicts.values())

    def go(self, index: int | None) -> bool:
        """Show decision ``index`` on the board (None: the game's end); whether it is one weighed."""
        if index is not None and index not in self.verdicts:
            return False
        self.shown = index
        return True


# --- in words and on the board -----------------------------------------------------------------------

def action_words(action: Action, game_map: GameMap) -> str:
    """An action as the player would say it: "Claim Denver–Omaha (2 blue)"."""
    def city(c: str) -> str:
        return game_map.city(c).name

    match action:
        case ClaimRoute(route):
            return _("review.do.claim", route=route_name(game_map, route), cards=payment_text(action))
        case BuildStation(at):
            return _("review.do.station", city=city(at), cards=payment_text(action))
        case DrawCard(source) if source == "deck":
            return _("review.do.deck")
        case DrawCard(source):
            return _("review.do.draw", card=_(CARD_KEYS[source]))
        case DrawTickets():
            return _("review.do.tickets")
        case KeepTickets(tickets):
            names = [ticket_name(game_map, t) for t in tickets]
            return _("review.do.keep", tickets=cldr.join(names) or _("log.nothing"))
        case PayTunnel():
            return _("review.do.pay", cards=payment_text(action))
        case Withdraw():
            return _("review.do.withdraw")
        case Pass():
            return _("review.do.pass")
    return str(action)


def round_of(turn: int, players: int) -> int:
    """The round a turn belongs to, from 1."""
    return turn // players + 1


def points_text(points: float) -> str:
    return cldr.decimal(points)


def decision_text(d: Decision, v: Verdict, game_map: GameMap) -> str:
    """A decision weighed, in one or two sentences: what was played, and the better move with
    the points it would have saved (or that hard agrees)."""
    played = _("review.played", round=round_of(d.turn, len(d.view["players"])), action=action_words(d.chosen, game_map))
    if v.best == v.chosen or v.loss <= 0:
        return played + " " + _("review.agrees")
    return played + " " + _("review.better", action=action_words(v.best, game_map), points=points_text(v.loss))


# --- the lesson --------------------------------------------------------------------------------------

def review_lesson(d: Decision, v: Verdict, levels: list[str | None]) -> Scenario:
    """An embed lesson of decision ``d``: the position as the seat saw it, the better move lit,
    then played.  Built from ``d.view`` alone: the other players' hands and tickets, both decks
    and the RNG are dealt anew from ``LESSON_SEED`` (``levels``: each seat's AI level)."""
    game_map = load_map(d.view["map"])
    world = determinize(d.view, Rng.from_seed(LESSON_SEED))
    scenario = to_scenario(world, [v.best])
    players: list[Any] = list(scenario["players"])
    for i, p in enumerate(players):
        if p["kind"] == "ai" and levels[i] is not None:
            players[i] = {**p, "level": levels[i]}
    scenario["players"] = players
    marks = lit(d.view, v.best).marks()
    better = action_words(v.best, game_map)
    scenario["steps"] = [
        {"after": 0, "text": decision_text(d, v, game_map), "highlight": marks},
        {"after": 1, "text": _("review.lesson_played", action=better), "highlight": marks},
    ]
    return scenario


def lesson_link(site: str, d: Decision, v: Verdict, levels: list[str | None]) -> str:
    """The embed page's address of the lesson (its scenario in the fragment), the seat's cards shown."""
    return embed_link(site, dict(review_lesson(d, v, levels)), view=d.view["viewer"], controls="play")


# --- on screen ---------------------------------------------------------------------------------------

@dataclass(frozen=True)
class ReviewRow:
    """One of the costliest turns: the decision's number, its round, what was played, the better
    move and the points it cost."""

    index: int
    round: str
    played: str
    better: str
    points: str


@dataclass(frozen=True)
class ReviewItem:
    """A card of the market, or an option of the choice, at the decision shown: its words, its
    card kind for its colour ("" for none) and whether the better move takes it (lit)."""

    text: str
    kind: str
    lit: bool


@dataclass(frozen=True)
class ReviewScreen:
    """The review in words (the side column, in place of the final table): while it is made, the
    line saying so and how far it is; the summary and the costliest turns; if it stopped, why
    and the offer to try again; the decision shown on the board, its words, whose view it is, the
    market then and the choice's options (tickets offered, a tunnel's payments) with the better
    move's lit, the decisions before and after it, and its lesson's link."""

    title: str
    working: str                # "" once done or failed
    progress: float             # 0 to 1
    summary: str
    rows: tuple[ReviewRow, ...]
    failure: str
    detail: str                 # the failure's cause, as the browser or the engine said it
    shown: int | None
    counter: str
    whose: str
    text: str
    market: tuple[ReviewItem, ...]
    choice_title: str
    choice: tuple[ReviewItem, ...]
    previous: int | None
    next: int | None
    lesson: str
    lit_spots: tuple[str, ...]  # the board's ids of what the better move lights (``route-…``, ``city-…``)


def market_then(view: View, marked: Lit) -> tuple[ReviewItem, ...]:
    """The market at a decision as the seat saw it: the deck, the tickets' pile, the face-up
    cards, each lit if the better move takes it."""
    items = [ReviewItem(_("table.deck", count=view["deck_size"]), "deck", marked.deck),
             ReviewItem(_("table.draw_tickets", count=view["ticket_deck_size"]), "tickets", marked.pile)]
    items += [ReviewItem(_(CARD_KEYS[kind]), kind, i in marked.slots) for i, kind in enumerate(view["market"])]
    return tuple(items)


def choice_then(d: Decision, best: Action, game_map: GameMap) -> tuple[str, tuple[ReviewItem, ...]]:
    """A choice's options at a decision (its title and each option, the better move's lit): the
    tickets offered, or a tunnel's payments and withdrawal; none for a turn's move."""
    marked = lit(d.view, best)
    offer = d.view["players"][d.view["viewer"]]["offer"] or []
    if isinstance(best, KeepTickets) and offer:
        return _("review.offer"), tuple(ReviewItem(ticket_name(game_map, t), "", t in marked.tickets) for t in offer)
    if isinstance(best, (PayTunnel, Withdraw)):
        return _("review.tunnel"), tuple(ReviewItem(action_words(a, game_map), "", a == best) for a in d.legal)
    return "", ()


def review_screen(run: ReviewRun, name: str, levels: list[str | None], site: str) -> ReviewScreen:
    """What the review shows (``name``: the reviewed player's; ``site``: the address lessons link to)."""
    weighed = sorted(run.verdicts)
    game_map = load_map(run.state["map"])
    players = len(run.state["players"])
    rows = []
    for i in run.costliest():
        d, v = run.decisions[i], run.verdicts[i]
        rows.append(ReviewRow(i, _("review.round", round=round_of(d.turn, players)), action_words(d.chosen, game_map),
                              action_words(v.best, game_map), _("review.points", points=points_text(v.loss))))
    summary = _("review.summary", count=len(weighed), points=points_text(run.total_loss())) if weighed else ""
    if run.done and not rows:
        summary += " " + _("review.none")
    shown = run.shown
    at = weighed.index(shown) if shown in weighed else -1
    previous = weighed[at - 1] if at > 0 else None
    following = weighed[at + 1] if at + 1 < len(weighed) else None
    counter = whose = text = lesson = choice_title = ""
    market: tuple[ReviewItem, ...] = ()
    choice: tuple[ReviewItem, ...] = ()
    spots: tuple[str, ...] = ()
    if shown is not None:
        d, v = run.decisions[shown], run.verdicts[shown]
        # among every decision once all are found, else among those weighed so far
        number, total = (shown + 1, len(run.decisions)) if run.replayed else (at + 1, len(weighed))
        counter = _("review.step", number=number, count=total)
        whose = _("review.whose", name=name)
        text = decision_text(d, v, game_map)
        lesson = lesson_link(site, d, v, levels) if v.loss > 0 else ""
        marked = lit(d.view, v.best)
        market = market_then(d.view, marked)
        choice_title, choice = choice_then(d, v.best, game_map)
        spots = (*(f"route-{r}" for r in sorted(marked.routes)), *(f"city-{c}" for c in sorted(marked.cities)))
    working = "" if run.done or run.failure else _("review.working", name=name)
    failed = run.failure is not None
    return ReviewScreen(_("review.title", name=name), working, run.progress(), summary, tuple(rows),
                        _("review.stuck") if failed else "", run.failure or "", shown, counter, whose, text,
                        market, choice_title, choice, previous, following, lesson, spots)


def review_board(run: ReviewRun) -> tuple[View, Highlights] | None:
    """The board of the decision shown: the seat's view then, the better move lit (None: none shown)."""
    if run.shown is None:
        return None
    d = run.decisions[run.shown]
    marked = lit(d.view, run.verdicts[run.shown].best)
    return d.view, Highlights(network=marked.routes, cities=marked.cities)
