"""Benchmark: how often each agent withdraws from tunnels, and how often it tries again a
tunnel it already withdrew from, over whole games.

    python3 tests/bench_tunnels.py [--map europe] [--players 4] [--games N] [--seed S] [--jobs J]
        [--agents easy,long-route,one-step,route-focus]

Games are dealt and seated exactly as ``python3 -m game tournament`` deals them (game ``g``:
seed ``"<seed>:<g>"``, agents rotated by ``g`` places), so the wins printed here are the
tournament's.  Per agent it prints the tunnel attempts (claims of a tunnel route), the
withdrawals, the retries (an attempt at a tunnel the same seat withdrew from earlier in the
game), the repeated withdrawals (a retry that ends in a withdrawal again), the wins and the
win rate with its 95% interval.  It reads only the events the engine returns, so it runs on
older code too (docs/ai.md, "Tunnels").  It asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.ai import make_agent
from game.ai.agent import decide
from game.ai.tournament import wilson
from game.mapdata import load_map
from game.rng import Rng
from game.rules import apply_action
from game.state import Phase, new_game

COUNTS = ("attempts", "withdrawals", "retries", "repeated_withdrawals", "wins")


def play(job: tuple[str, int, int, list[str]]) -> list[dict[str, int]]:
    """One game: per seat, the counts of ``COUNTS``."""
    map_id, seed, g, seats = job
    tunnels = {r.id for r in load_map(map_id).routes if r.tunnel}
    state = new_game(map_id, None, [{"name": f"{i + 1}. {a}", "kind": "ai"} for i, a in enumerate(seats)],
                     seed=f"{seed}:{g}")
    agents = [make_agent(a) for a in seats]
    rngs = [Rng.from_seed(f"agent:{seed}:{g}:{i}") for i in range(len(seats))]
    counts = [dict.fromkeys(COUNTS, 0) for _ in seats]
    withdrawn: set[tuple[int, str]] = set()
    while state["phase"] != Phase.OVER:
        seat = state["current"]
        phase = state["phase"]
        event = apply_action(state, decide(agents[seat], state, rngs[seat]))
        route = event.get("route")
        if phase == Phase.START and event["kind"] in ("claim", "tunnel") and route in tunnels:
            counts[seat]["attempts"] += 1
            counts[seat]["retries"] += (seat, route) in withdrawn
        elif event["kind"] == "withdraw":
            counts[seat]["withdrawals"] += 1
            counts[seat]["repeated_withdrawals"] += (seat, route) in withdrawn
            withdrawn.add((seat, route))
    result = state["result"]
    assert result is not None
    for seat in set(result["shared"]) or {result["winner"]}:
        counts[seat]["wins"] += 1
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--map", default="europe")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--agents", default="easy,long-route,one-step,route-focus")
    args = parser.parse_args()
    ids = args.agents.split(",")
    if len(ids) != args.players or len(set(ids)) != len(ids):
        parser.error("give one distinct agent per seat")
    n = args.players
    work = [(args.map, args.seed, g, [ids[(i + g) % n] for i in range(n)]) for g in range(args.games)]
    if args.jobs > 1:
        import multiprocessing
        with multiprocessing.Pool(args.jobs) as pool:
            results = pool.map(play, work, chunksize=1)
    else:
        results = [play(job) for job in work]
    totals = {a: dict.fromkeys(COUNTS, 0) for a in ids}
    for (_, _, g, seats), counts in zip(work, results):
        for seat, agent in enumerate(seats):
            for key in COUNTS:
                totals[agent][key] += counts[seat][key]
    report = {a: {**t, "win_rate": round(t["wins"] / args.games, 4), "ci95": wilson(t["wins"], args.games)}
              for a, t in totals.items()}
    print(json.dumps({"map": args.map, "players": n, "games": args.games, "seed": args.seed, "agents": report}, indent=1))


if __name__ == "__main__":
    main()
