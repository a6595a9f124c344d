"""Benchmark: how long AI decisions take in CPython, per level, over whole 4-player games.

    python3 tests/bench_ai.py [--map usa] [--games N] [--seed S] [--agents hard,medium,easy,route-focus]
    python3 tests/bench_ai.py --playouts N [--map usa] [--players 4]

Prints, per agent, the number of decisions and the mean, 95th percentile and worst decision
time in CPU milliseconds of this process (other load on the machine does not count), and the
same for hard's searched decisions alone (those over 5 ms: its search).  Pyodide runs this
code about 3x slower than CPython: the browser budget is hard p95 <= 1 s there, so <= 330 ms
here is the figure to compare.

With ``--playouts N``: hard's play-out policy alone, N whole games from the first move of a
determinized deal (what its search plays), as play-outs and play-out actions per CPU second.
It asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.ai import make_agent
from game.ai.agent import decide
from game.ai.determinize import determinize
from game.ai.search import Searcher
from game.rng import Rng
from game.rules import apply_action, legal_actions
from game.state import Phase, new_game
from game.view import player_view


def stats(ms: list[float]) -> dict:
    ms = sorted(ms)
    return {"decisions": len(ms), "mean_ms": round(sum(ms) / len(ms), 2),
            "p95_ms": round(ms[int(0.95 * (len(ms) - 1))], 2), "max_ms": round(ms[-1], 2)}


def playouts(map_id: str, players: int, n: int) -> dict:
    """Hard's play-out policy over ``n`` whole games of determinized deals."""
    hard = make_agent("hard")
    assert isinstance(hard, Searcher)
    policy = hard.rollout_policy
    actions, cpu = 0, 0.0
    for g in range(n):
        state = determinize(player_view(new_game(map_id, None, players, seed=f"playout:{g}"), 0), Rng.from_seed(g))
        rng = Rng.from_seed(f"playout:{g}")
        start = time.process_time()
        while state["phase"] != Phase.OVER:
            apply_action(state, policy.choose(player_view(state, state["current"]), legal_actions(state), rng))
            actions += 1
        cpu += time.process_time() - start
    return {"map": map_id, "players": players, "playouts": n, "playouts_per_s": round(n / cpu, 2),
            "actions_per_s": round(actions / cpu, 1), "actions_per_playout": round(actions / n, 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--map", default="europe")
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--agents", default="hard,medium,easy,route-focus")
    parser.add_argument("--playouts", type=int, default=0)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    if args.playouts:
        print(json.dumps(playouts(args.map, args.players, args.playouts), indent=1))
        return
    ids = args.agents.split(",")
    times: dict[str, list[float]] = {a: [] for a in ids}
    searched: list[float] = []
    for g in range(args.games):
        seats = [ids[(i + g) % len(ids)] for i in range(len(ids))]
        agents = [make_agent(a) for a in seats]
        state = new_game(args.map, None, len(seats), seed=f"bench:{args.seed}:{g}")
        rngs = [Rng.from_seed(f"{args.seed}:{g}:{i}") for i in range(len(seats))]
        while state["phase"] != "over":
            seat = state["current"]
            start = time.process_time()
            action = decide(agents[seat], state, rngs[seat])
            ms = 1000 * (time.process_time() - start)
            times[seats[seat]].append(ms)
            if isinstance(agents[seat], Searcher) and ms > 5:
                searched.append(ms)
            apply_action(state, action)
    report = {"map": args.map, "games": args.games, "agents": {a: stats(t) for a, t in times.items()}}
    if searched:
        report["hard_searched_decisions"] = stats(searched)
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
