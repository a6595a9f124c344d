"""The headless command line: ``python3 -m game <command>`` (replay, simulate, render, tournament).

Every command is listed in :func:`commands`; each is a :class:`game.commands.Command` value
defined next to its code.  Exit status: 0 success, 1 bad input (unreadable or malformed file,
bad option value), 2 an illegal action in a replayed scenario, 3 a fault of the program, 4 a
command that draws (``render``, ``embed``) in a Python without svgwrite; every failure is one
line on stderr, never a traceback.  Only the commands that draw need more than the standard
library (``game/board/svgwrite_wheel.py``).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from game.ai.tournament import TOURNAMENT
from game.board.cli import RENDER
from game.commands import (
    EXIT_BAD_INPUT,
    EXIT_ILLEGAL_ACTION,
    EXIT_INTERNAL,
    MAX_ACTIONS_PER_GAME,
    Command,
    play_scenario_file,
)
from game.embed_command import EMBED
from game.mapdata import load_map
from game.rng import Rng
from game.rules import apply_action, sample_action
from game.state import Phase, State, StateError, new_game

__all__ = ["EXIT_BAD_INPUT", "EXIT_ILLEGAL_ACTION", "EXIT_INTERNAL", "commands", "main", "position_json"]


def position_json(state: State) -> dict[str, Any]:
    """The replay report: the position reached and, once the game is over, the final result."""
    players: list[dict[str, Any]] = [{
        "seat": seat, "name": p["name"], "kind": p["kind"], "colour": p["colour"],
        "hand": p["hand"], "tickets": p["tickets"], "offer": p["offer"], "trains": p["trains"],
        "stations": p["stations"], "routes": p["routes"], "score": p["score"],
    } for seat, p in enumerate(state["players"])]
    report: dict[str, Any] = {
        "map": state["map"], "variant": state["variant"], "phase": state["phase"],
        "current": state["current"], "turn": state["turn"], "last_round": state["last_round"],
        "market": state["market"], "deck_size": len(state["deck"]), "discard_size": len(state["discard"]),
        "ticket_deck_size": len(state["ticket_deck"]), "tunnel": state["tunnel"], "revealed": state["revealed"],
        "players": players,
    }
    result = state["result"]
    if result is not None:
        for entry, final in zip(players, result["players"]):
            fields: dict[str, Any] = dict(final)
            for key in ("route_points", "ticket_points", "station_points", "longest_trail", "longest_bonus",
                        "tickets_completed", "total", "borrowed"):
                entry[key] = fields[key]
        report.update(winner=result["winner"], tie_break=result["tie_break"], shared=result["shared"],
                      ranking=result["ranking"])
    return report


def _replay_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", help="scenario file (docs/scenario.md)")


def replay(args: argparse.Namespace) -> int:
    state, status = play_scenario_file(args.file)
    if state is None:
        return status
    print(json.dumps(position_json(state), ensure_ascii=False, indent=1))
    return 0


def simulate_games(map_id: str, variant: str | None, players: int, games: int, seed: int) -> dict[str, Any]:
    """Play seeded random legal games (``rules.sample_action``) and summarise them."""
    totals, winners, lengths, turns, routes, stations, tickets, ties = [], [0] * players, [], [], [], [], [], 0
    start = time.perf_counter()
    for g in range(games):
        state = new_game(map_id, variant, players, seed=f"{seed}:{g}")
        agent = Rng.from_seed(f"agent:{seed}:{g}")
        count = 0
        while state["phase"] != Phase.OVER:
            apply_action(state, sample_action(state, agent))
            count += 1
            if count > MAX_ACTIONS_PER_GAME:
                raise RuntimeError(f"game {g} did not end after {MAX_ACTIONS_PER_GAME} actions")
        result = state["result"]
        assert result is not None           # the game is over
        winners[result["winner"]] += 1
        ties += result["tie_break"] is not None
        lengths.append(count)
        turns.append(state["turn"])
        for p, final in zip(state["players"], result["players"]):
            totals.append(final["total"])
            routes.append(len(p["routes"]))
            stations.append(len(p["stations"]))
            tickets.append(len(p["tickets"]))
    elapsed = time.perf_counter() - start

    def summary(values: list[int]) -> dict[str, Any]:
        return {"min": min(values), "mean": round(sum(values) / len(values), 2), "max": max(values)}

    return {
        "map": map_id, "variant": load_map(map_id).variant(variant).id, "players": players, "games": games,
        "seed": seed, "actions_per_game": summary(lengths), "turns_per_game": summary(turns),
        "final_score": summary(totals), "routes_per_player": summary(routes),
        "stations_per_player": summary(stations), "tickets_per_player": summary(tickets),
        "wins_by_seat": winners, "decided_by_tie_break": ties,
        "seconds": round(elapsed, 3), "games_per_second": round(games / elapsed, 1) if elapsed else None,
    }


def _simulate_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--map", required=True, help="usa or europe")
    p.add_argument("--variant", default=None, help="ticket variant (default: the map's first)")
    p.add_argument("--players", type=int, default=4, help="2 to 5 (default 4)")
    p.add_argument("--games", type=int, default=100, help="number of games (default 100)")
    p.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")


def simulate(args: argparse.Namespace) -> int:
    if args.games < 1:
        print("error: --games must be at least 1", file=sys.stderr)
        return EXIT_BAD_INPUT
    try:
        stats = simulate_games(args.map, args.variant, args.players, args.games, args.seed)
    except StateError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    print(json.dumps(stats, indent=1))
    return 0


REPLAY = Command("replay", "play a scenario file's actions and print the position reached (JSON)", _replay_args,
                 replay)
SIMULATE = Command("simulate", "play seeded random legal games and print summary statistics (JSON)", _simulate_args,
                   simulate)


def commands() -> dict[str, Command]:
    """Every command of ``python3 -m game``, by name, in the order of the help."""
    return {c.name: c for c in (REPLAY, SIMULATE, RENDER, TOURNAMENT, EMBED)}


def main(argv: list[str] | None = None) -> int:
    table = commands()
    parser = argparse.ArgumentParser(prog="python3 -m game", description="Ticket to Ride engine, headless.")
    sub = parser.add_subparsers(dest="command", metavar="command", required=True)
    for cmd in table.values():
        cmd.configure(sub.add_parser(cmd.name, help=cmd.help, description=cmd.help))
    args = parser.parse_args(argv)
    try:
        return table[args.command].run(args)
    except Exception as exc:        # noqa: BLE001 - the last resort: one line, never a traceback
        print(f"error: internal error in {args.command} ({type(exc).__name__}: {str(exc)[:200]}); please report it",
              file=sys.stderr)
        return EXIT_INTERNAL
