"""The end screen's facts: each player's breakdown, the winner and why, what to draw on the board,
the scores over the game and each player's numbers."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from game import cldr
from game.events import Event
from game.mapdata import load_map
from game.scoring import FinalScoreJson
from game.state import State

TIE_BREAK_KEYS = {"tickets_completed": "end.tie_break.tickets_completed",
                  "fewest_stations": "end.tie_break.fewest_stations",
                  "longest_bonus": "end.tie_break.longest_bonus"}


@dataclass(frozen=True)
class Breakdown:
    seat: int
    place: int
    route_points: int
    tickets: tuple[tuple[str, bool, int], ...]     # (ticket id, completed, signed points)
    ticket_points: int
    station_points: int
    stations_built: int
    longest_trail: int
    longest_bonus: int
    total: int


def _result(state: State) -> FinalScoreJson:
    result = state["result"]
    if result is None:
        raise ValueError("the game is not over")
    return result


def breakdowns(state: State) -> list[Breakdown]:
    """One breakdown per player, in final ranking order (the game must be over)."""
    result = _result(state)
    rows = []
    for seat in result["ranking"]:
        p = result["players"][seat]
        rows.append(Breakdown(seat, result["places"][seat], p["route_points"],
                              tuple((t["id"], t["completed"], t["points"]) for t in p["tickets"]),
                              p["ticket_points"], p["station_points"], p["stations_built"],
                              p["longest_trail"], p["longest_bonus"], p["total"]))
    return rows


def verdict(state: State) -> tuple[str, dict[str, Any]]:
    """The i18n key and parameters naming the winner(s) and explaining a tie-break."""
    result = _result(state)
    names = [p["name"] for p in state["players"]]
    if result["shared"]:
        return "end.shared", {"names": cldr.join(names[s] for s in result["shared"])}
    winner = names[result["winner"]]
    if result["tie_break"]:
        return TIE_BREAK_KEYS[result["tie_break"]], {"name": winner}
    return "end.winner", {"name": winner}


def end_highlights(state: State) -> dict[str, set[str]]:
    """Board layers for the end: the longest trail of each player who scores its bonus, and the
    routes every player's stations borrow."""
    trail: set[str] = set()
    borrowed: set[str] = set()
    for p in _result(state)["players"]:
        if p["longest_bonus"]:
            trail.update(p["trail"])
        borrowed.update(r for r in p["borrowed"].values() if r)
    return {"trail": trail, "borrowed": borrowed}


@dataclass(frozen=True)
class Statistics:
    """One player's game in numbers (public facts: each route's length, each draw)."""

    seat: int
    routes: int
    trains: int                 # trains used: the routes' lengths
    cards: int                  # train cards drawn (face up and from the deck)
    tickets_done: int
    tickets_failed: int
    longest_trail: int


def statistics(state: State, events: Sequence[Event]) -> list[Statistics]:
    """Each player's numbers, by seat, from the public events and the final result."""
    game_map = load_map(state["map"])
    cards = [0] * len(state["players"])
    for e in events:
        if e["kind"] == "draw":
            cards[e["seat"]] += 1
    result = state["result"]
    assert result is not None           # the game is over
    found = []
    for seat, p in enumerate(state["players"]):
        scored = result["players"][seat]
        done = sum(1 for t in scored["tickets"] if t["completed"])
        found.append(Statistics(seat, len(p["routes"]), sum(game_map.route(r).length for r in p["routes"]),
                                cards[seat], done, len(scored["tickets"]) - done, scored["longest_trail"]))
    return found


def score_history(state: State, events: Sequence[Event]) -> list[list[int]]:
    """Each seat's score after every round of turns (a point per round: the routes' points as
    they were claimed), then the final total; from the public events.

    >>> from game.state import new_game
    >>> state = new_game("usa", players=2, seed=1)
    >>> state["result"] = {"players": [{"total": 7}, {"total": -3}]}       # (the first player: seat 0)
    >>> e = [{"kind": "claim", "seat": 0, "private": {}, "route": "a--b", "points": 4}, {"kind": "pass", "seat": 1, "private": {}}]
    >>> score_history(state, e)
    [[0, 4, 7], [0, 0, -3]]
    """
    seats = len(state["players"])
    last = (state["first"] - 1) % seats         # the seat whose turn closes a round
    scores = [0] * seats
    history = [[0] for _ in range(seats)]
    for i, e in enumerate(events):
        scores[e["seat"]] += e.get("points", 0)
        if e["seat"] == last and (i + 1 == len(events) or events[i + 1]["seat"] != e["seat"]):
            for seat in range(seats):
                history[seat].append(scores[seat])
    result = state["result"]
    assert result is not None           # the game is over
    for seat in range(seats):
        if history[seat][-1] != scores[seat] or len(history[seat]) == 1:
            history[seat].append(scores[seat])
        history[seat].append(result["players"][seat]["total"])
    return history


@dataclass(frozen=True)
class ScoreChart:
    """What the score chart shows, in its own numbers: a line per seat (one value per point, the
    first at the start, then after each round, the last the final total), the score range the y
    axis spans, its gridlines (round numbers), the rounds labelled on the x axis and the point
    where the rounds end and the final scoring begins."""

    lines: tuple[tuple[int, ...], ...]      # by seat
    low: int
    high: int
    y_ticks: tuple[int, ...]
    x_ticks: tuple[int, ...]                # rounds, each also the index of its point in a line
    rounds: int                             # complete rounds: the points after 0 … rounds are rounds

    @property
    def steps(self) -> int:
        return max(len(line) for line in self.lines) - 1 or 1


def nice_step(span: float, count: int) -> int:
    """A round step (1, 2 or 5 times a power of ten) cutting ``span`` into about ``count`` parts.

    >>> [nice_step(s, 4) for s in (3, 10, 47, 130, 260)]
    [1, 5, 20, 50, 100]
    """
    raw = max(span / count, 1)
    power = 1
    while power * 10 <= raw:
        power *= 10
    for factor in (1, 2, 5, 10):
        if factor * power >= raw:
            return factor * power
    return 10 * power       # pragma: no cover (the loop always returns)


def score_chart(state: State, events: Sequence[Event]) -> ScoreChart:
    """The chart of :func:`score_history`: y gridlines at round numbers covering every score
    (and zero), x labels at round rounds (every 1, 2, 5, 10… rounds, about six of them)."""
    history = score_history(state, events)
    seats = len(state["players"])
    rounds = sum(1 for i, e in enumerate(events) if e["seat"] == (state["first"] - 1) % seats
                 and (i + 1 == len(events) or events[i + 1]["seat"] != e["seat"]))
    rounds = min(rounds, max(len(h) for h in history) - 2)
    low, high = min(0, *(min(h) for h in history)), max(1, *(max(h) for h in history))
    y_step = nice_step(high - low, 4)
    low, high = y_step * (low // y_step), y_step * -(-high // y_step)
    y_ticks = tuple(range(low, high + 1, y_step))
    x_step = nice_step(rounds, 6)
    x_ticks = tuple(range(0, rounds + 1, x_step))
    return ScoreChart(tuple(tuple(h) for h in history), low, high, y_ticks, x_ticks, rounds)


def spread_labels(wanted: Sequence[float], gap: float, low: float, high: float) -> list[float]:
    """Positions for labels wanted at ``wanted`` (on one axis) at least ``gap`` apart, each as
    near its place as may be, all within ``low`` … ``high`` (if they fit).

    >>> spread_labels([50, 52, 100], 10, 0, 120)
    [46.0, 56.0, 100.0]
    """
    order = sorted(range(len(wanted)), key=lambda i: wanted[i])
    groups: list[tuple[float, list[int]]] = []       # (first position, labels in order) a gap apart

    def fit(members: list[int]) -> float:
        first = sum(wanted[i] for i in members) / len(members) - (len(members) - 1) * gap / 2
        return float(max(low, min(first, high - (len(members) - 1) * gap)))

    for i in order:
        groups.append((fit([i]), [i]))
        while len(groups) > 1 and groups[-2][0] + len(groups[-2][1]) * gap > groups[-1][0]:
            members = groups[-2][1] + groups.pop()[1]
            groups[-1] = (fit(members), members)
    found = [0.0] * len(wanted)
    for first, members in groups:
        for k, i in enumerate(members):
            found[i] = first + k * gap
    return found
