"""The end screen's facts: each player's breakdown, the winner and why, what to draw on the board."""

from __future__ import annotations

from dataclasses import dataclass

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


def verdict(state: State) -> tuple[str, dict]:
    """The i18n key and parameters naming the winner(s) and explaining a tie-break."""
    result = _result(state)
    names = [p["name"] for p in state["players"]]
    if result["shared"]:
        return "end.shared", {"names": ", ".join(names[s] for s in result["shared"])}
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
