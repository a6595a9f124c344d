"""Benchmark: random 4-player Europe games per second on one core, listing legal actions, and final scoring time.

    python3 tests/bench_engine.py [--games N] [--seed S]

Prints figures (targets: >= 200 games/s, worst final scoring <= 5 ms); it asserts nothing.
``games_per_cpu_second`` counts this process's CPU time only, so other load on the machine
does not distort it; ``games_per_second`` is wall-clock.
The games are those of ``python3 -m game simulate`` (``rules.sample_action``); the scoring
times are measured on the end positions these games reach, and ``legal_actions_us`` (what
the AI's play-outs call every move) on the positions at the start of a turn in the first 20
games, CPU microseconds a call.  docs/rules.md ("Speed") compares the figures with other
public engines.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.mapdata import load_map
from game.rng import Rng
from game.rules import apply_action, legal_actions, sample_action
from game.scoring import PlayerPosition, final_scoring
from game.state import Phase, State, copy_state, new_game


def play_games(games: int, seed: int) -> tuple[float, float, int, list[list[PlayerPosition]]]:
    """(wall seconds, CPU seconds of this process, actions, end positions)."""
    ends, actions = [], 0
    start, cpu = time.perf_counter(), time.process_time()
    for g in range(games):
        state = new_game("europe", "europe", 4, seed=f"bench:{seed}:{g}")
        agent = Rng.from_seed(f"bench-agent:{seed}:{g}")
        while state["phase"] != "over":
            apply_action(state, sample_action(state, agent))
            actions += 1
        ends.append([PlayerPosition(tuple(p["routes"]), tuple(p["stations"]), tuple(p["tickets"]))
                     for p in state["players"]])
    return time.perf_counter() - start, time.process_time() - cpu, actions, ends


def turn_starts(games: int, seed: int) -> list[State]:
    """Copies of the positions at the start of a turn in the first ``games`` games."""
    found = []
    for g in range(games):
        state = new_game("europe", "europe", 4, seed=f"bench:{seed}:{g}")
        agent = Rng.from_seed(f"bench-agent:{seed}:{g}")
        while state["phase"] != "over":
            if state["phase"] == Phase.START:
                found.append(copy_state(state))
            apply_action(state, sample_action(state, agent))
    return found


def legal_actions_us(states: list[State], repeat: int) -> float:
    """CPU microseconds a ``legal_actions`` call, over ``states`` (``repeat`` passes)."""
    cpu = time.process_time()
    for _ in range(repeat):
        for state in states:
            legal_actions(state)
    return 1e6 * (time.process_time() - cpu) / (repeat * len(states))


def scoring_times(ends: list[list[PlayerPosition]], repeat: int) -> list[float]:
    europe = load_map("europe")
    times = []
    for players in ends:
        best = float("inf")
        for _ in range(repeat):
            t = time.perf_counter()
            final_scoring(europe, players)
            best = min(best, time.perf_counter() - t)
        times.append(best)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--repeat", type=int, default=5, help="timings per end position (the best is kept)")
    args = parser.parse_args()
    play_games(5, args.seed + 1)       # warm the caches (map loading, precomputed route facts)
    elapsed, cpu, actions, ends = play_games(args.games, args.seed)
    times = sorted(scoring_times(ends, args.repeat))
    legal_us = legal_actions_us(turn_starts(min(20, args.games), args.seed), args.repeat)
    print(json.dumps({
        "games": args.games,
        "games_per_second": round(args.games / elapsed, 1),
        "games_per_cpu_second": round(args.games / cpu, 1),
        "actions_per_second": round(actions / elapsed),
        "actions_per_game": round(actions / args.games, 1),
        "legal_actions_us": round(legal_us, 1),
        "final_scoring_ms": {"mean": round(1000 * sum(times) / len(times), 3),
                             "median": round(1000 * times[len(times) // 2], 3),
                             "worst": round(1000 * times[-1], 3)},
        "targets": {"games_per_second": ">= 200", "final_scoring_worst_ms": "<= 5"},
    }, indent=1))


if __name__ == "__main__":
    main()
