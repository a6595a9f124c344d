"""The final scoring revealed step by step: each player's tickets one at a time with the path that
completes one, then the stations kept, then the longest-trail bonus with its trail; every number
is the engine's (``state["result"]``, ``game.scoring``), the reveal only orders them.

>>> from game.ui.session import Session
>>> game = Session({"map": "usa", "players": ["Ann", "Bob"], "seed": 3})
>>> while not game.over:
...     game.acknowledge_handoff()
...     _events = game.play(game.ai_action())
>>> shown = scoring_reveal(game.state)
>>> shown.frame(len(shown.steps)).totals == tuple(p["score"] for p in game.state["players"])
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.i18n import _, longest_name
from game.mapdata import load_map
from game.scoring import ticket_path
from game.state import State

TICKET, STATIONS, LONGEST = "ticket", "stations", "longest"


@dataclass(frozen=True)
class Step:
    """One step of the reveal: a seat scores ``points`` (signed), reaching ``total``.

    ``routes`` are lit on the board in the seat's colour (a completed ticket's path over its own
    routes, the longest trail), ``borrowed`` are the routes its stations borrow (on a ticket's
    path, or every one at the stations' step), ``cities`` are marked (a ticket's two cities, the
    cities of the seat's stations).  ``count``: the stations kept, or the trail's length."""

    seat: int
    kind: str                   # TICKET, STATIONS or LONGEST
    points: int
    total: int
    ticket: str | None = None
    completed: bool = False
    routes: tuple[str, ...] = ()
    borrowed: tuple[str, ...] = ()
    cities: tuple[str, ...] = ()
    count: int = 0

    @property
    def lit(self) -> tuple[str, ...]:
        """Every route lit: the seat's own, then the borrowed ones."""
        return self.routes + self.borrowed


@dataclass(frozen=True)
class Frame:
    """What the reveal shows once ``shown`` steps are out: the step just revealed (None at the
    opening, every seat at its route points), each seat's running total, the seats in the order
    they are scored, each seat's route points (where its lines start) and the lines of the seat
    being scored so far."""

    shown: int
    count: int
    step: Step | None
    totals: tuple[int, ...]             # by seat
    order: tuple[int, ...]
    start: tuple[int, ...]              # by seat: the route points
    lines: tuple[Step, ...]             # the steps shown of ``step.seat``, in order


@dataclass(frozen=True)
class Reveal:
    """Every step of a finished game's scoring, from each seat's route points (``start``)."""

    start: tuple[int, ...]              # by seat: the route points, scored during play
    order: tuple[int, ...]              # the seats in turn order, the first player first
    steps: tuple[Step, ...]

    def frame(self, shown: int) -> Frame:
        """The reveal after ``shown`` steps (0: the opening; ``len(steps)``: everything)."""
        shown = max(0, min(shown, len(self.steps)))
        totals = list(self.start)
        for done in self.steps[:shown]:
            totals[done.seat] = done.total
        step = self.steps[shown - 1] if shown else None
        lines = tuple(s for s in self.steps[:shown] if step is not None and s.seat == step.seat)
        return Frame(shown, len(self.steps), step, tuple(totals), self.order, self.start, lines)


def scoring_reveal(state: State) -> Reveal:
    """The steps of a finished game's scoring: for each seat in turn order its tickets in the
    order held, then (on a map with stations) its stations kept; then each holder of the
    longest-trail bonus."""
    result = state["result"]
    if result is None:
        raise ValueError("the game is not over")
    game_map = load_map(state["map"])
    seats = len(state["players"])
    order = tuple((state["first"] + i) % seats for i in range(seats))
    scores = result["players"]
    totals = [p["route_points"] for p in scores]
    start = tuple(totals)
    steps: list[Step] = []

    def add(seat: int, kind: str, points: int, **facts: Any) -> None:
        totals[seat] += points
        steps.append(Step(seat, kind, points, totals[seat], **facts))

    for seat in order:
        own = tuple(state["players"][seat]["routes"])
        borrowed = tuple(sorted(r for r in scores[seat]["borrowed"].values() if r))
        for t in scores[seat]["tickets"]:
            ticket = game_map.ticket(t["id"])
            path = ticket_path(game_map, own + borrowed, t["id"]) if t["completed"] else ()
            add(seat, TICKET, t["points"], ticket=t["id"], completed=t["completed"],
                routes=tuple(r for r in path if r in own), borrowed=tuple(r for r in path if r not in own),
                cities=(ticket.a, ticket.b))
        if game_map.rules.get("stations"):
            add(seat, STATIONS, scores[seat]["station_points"], borrowed=borrowed,
                cities=tuple(state["players"][seat]["stations"]),
                count=game_map.rules["stations"] - scores[seat]["stations_built"])
    for seat in order:
        if scores[seat]["longest_bonus"]:
            add(seat, LONGEST, scores[seat]["longest_bonus"], routes=tuple(scores[seat]["trail"]),
                count=scores[seat]["longest_trail"])
    return Reveal(start, order, tuple(steps))


def step_text(state: State, step: Step | None) -> str:
    """A step in words, as shown and announced (the opening: every score is the routes' points)."""
    if step is None:
        return _("reveal.opening")
    name = state["players"][step.seat]["name"]
    if step.kind == TICKET:
        game_map = load_map(state["map"])
        assert step.ticket is not None
        t = game_map.ticket(step.ticket)
        key = "reveal.ticket_failed" if not step.completed else "reveal.ticket_station" if step.borrowed \
            else "reveal.ticket_done"
        return _(key, name=name, a=game_map.city(t.a).name, b=game_map.city(t.b).name, points=abs(step.points))
    if step.kind == STATIONS:
        return _("reveal.stations", count=step.count, name=name, points=step.points)
    return _("reveal.longest", name=name, bonus=longest_name(state["map"]), length=step.count, points=step.points)


def announcement(state: State, frame: Frame) -> str:
    """The one line a screen reader hears for a step: the step and the seat's new total."""
    if frame.step is None:
        return step_text(state, None)
    return _("reveal.total", step=step_text(state, frame.step), total=frame.step.total)
