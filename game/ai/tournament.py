"""Tournaments between agents: ``python3 -m game tournament`` (the command ``TOURNAMENT``, listed in ``game/cli.py``).

Game ``g`` is dealt with seed ``"<seed>:<g>"`` and seats the agents rotated by ``g`` places,
so every agent plays every seat equally often; each seat's agent gets its own RNG seeded
``"agent:<seed>:<g>:<seat>"``.  Agents decide from their player's view only
(:func:`game.ai.agent.decide`).  The result is the same for the same arguments, whatever
``--jobs`` is: games are independent and collected in order.

>>> r = run_tournament("usa", None, 2, 2, 1, ["one-step", "long-route"])
>>> sorted(r["agents"]), r["agents"]["one-step"]["games"]
(['long-route', 'one-step'], 2)
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from game.ai import AGENT_IDS, make_agent
from game.ai.agent import decide
from game.commands import EXIT_BAD_INPUT, MAX_ACTIONS_PER_GAME, Command
from game.mapdata import load_map
from game.rng import Rng
from game.rules import apply_action
from game.state import Phase, StateError, new_game

Z95 = 1.959963984540054


def wilson(wins: float, n: int, z: float = Z95) -> list[float]:
    """The Wilson score interval of a proportion, as [low, high].

    >>> wilson(60, 100)
    [0.502, 0.6906]
    """
    if n == 0:
        return [0.0, 1.0]
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return [round(max(0.0, centre - half), 4), round(min(1.0, centre + half), 4)]


def play_game(job: tuple[str, str | None, int, int, list[str]]) -> dict[str, Any]:
    """One game: ``(map, variant, seed, game index, agent ids in seat order)`` -> per-seat results."""
    map_id, variant, seed, g, seats = job
    state = new_game(map_id, variant, [{"name": f"{i + 1}. {a}", "kind": "ai"} for i, a in enumerate(seats)],
                     seed=f"{seed}:{g}")
    agents = [make_agent(a) for a in seats]
    rngs = [Rng.from_seed(f"agent:{seed}:{g}:{i}") for i in range(len(seats))]
    times: list[list[float]] = [[] for _ in seats]
    actions = 0
    while state["phase"] != Phase.OVER:
        seat = state["current"]
        start = time.perf_counter()
        action = decide(agents[seat], state, rngs[seat])
        times[seat].append(time.perf_counter() - start)
        apply_action(state, action)
        actions += 1
        if actions > MAX_ACTIONS_PER_GAME:
            raise RuntimeError(f"game {g} did not end after {MAX_ACTIONS_PER_GAME} actions")
    result = state["result"]
    assert result is not None           # the game is over
    winners = set(result["shared"]) or {result["winner"]}
    return {"scores": [p["score"] for p in state["players"]], "winners": sorted(winners), "times": times}


def run_tournament(map_id: str, variant: str | None, players: int, games: int, seed: int,
                   agent_ids: list[str], jobs: int = 1, timing: dict[str, Any] | None = None,
                   log: Path | None = None) -> dict[str, Any]:
    """Play ``games`` games with seats rotated and summarise per agent (see the module doc).
    ``log``: a file that gets each game's result as a JSON line when it ends; the games it holds
    already (of this same tournament) are not played again, so a stopped run goes on."""
    if len(agent_ids) != players:
        raise ValueError(f"--agents lists {len(agent_ids)} agent(s) for {players} players: give one per seat")
    unknown = [a for a in agent_ids if a not in AGENT_IDS]
    if unknown:
        raise ValueError(f"unknown agent(s) {', '.join(unknown)} (known: {', '.join(AGENT_IDS)})")
    names = _entry_names(agent_ids)
    work = [(map_id, variant, seed, g, [agent_ids[(i + g) % players] for i in range(players)]) for g in range(games)]
    results = _logged(log, work) if log is not None else {}
    todo = [job for job in work if job[3] not in results]
    with contextlib.ExitStack() as stack:
        out = stack.enter_context(log.open("a", encoding="utf-8")) if log is not None else None
        played: Iterator[dict[str, Any]]
        if jobs > 1:
            import multiprocessing
            played = stack.enter_context(multiprocessing.Pool(jobs)).imap(play_game, todo, chunksize=1)
        else:
            played = map(play_game, todo)
        for job, res in zip(todo, played):
            results[job[3]] = res
            if out is not None:
                out.write(json.dumps({"game": list(job), **res}) + "\n")
                out.flush()
    ordered = [results[g] for g in range(games)]
    wins = dict.fromkeys(names, 0)
    scores: dict[str, list[int]] = {n: [] for n in names}
    durations: dict[str, list[float]] = {n: [] for n in names}
    for g, res in enumerate(ordered):
        for seat in range(players):
            name = names[(seat + g) % players]
            scores[name].append(res["scores"][seat])
            wins[name] += seat in res["winners"]
            durations[name].extend(res["times"][seat])
    if timing is not None:
        for name, ts in durations.items():
            ts.sort()
            timing[name] = {"decisions": len(ts), "mean_ms": round(1000 * sum(ts) / len(ts), 2),
                            "p95_ms": round(1000 * ts[int(0.95 * (len(ts) - 1))], 2),
                            "max_ms": round(1000 * ts[-1], 2)}
    return {
        "map": map_id, "variant": load_map(map_id).variant(variant).id, "players": players, "games": games,
        "seed": seed, "agents": {n: {"games": games, "wins": wins[n], "win_rate": round(wins[n] / games, 4),
                                     "ci95": wilson(wins[n], games),
                                     "mean_score": round(sum(scores[n]) / games, 2)} for n in names},
    }


def _logged(log: Path, work: list[tuple[str, str | None, int, int, list[str]]]) -> dict[int, dict[str, Any]]:
    """The results ``log`` holds of these games (by index).  A last line cut short (a run
    stopped while writing) is dropped from the file; any other line that is not a game of
    this tournament is an error that names it."""
    if not log.exists():
        return {}
    text = log.read_text("utf-8")
    if text and not text.endswith("\n"):
        text = text[:text.rfind("\n") + 1]
        log.write_text(text, encoding="utf-8")
    results: dict[int, dict[str, Any]] = {}
    for number, line in enumerate(text.splitlines(), 1):
        try:
            entry = json.loads(line)
            job, res = entry.pop("game"), entry
            g = job[3]
            if job != list(work[g]) or not isinstance(g, int) or g < 0:
                raise ValueError
            _ = (res["scores"], res["winners"], res["times"])
        except (ValueError, KeyError, TypeError, IndexError, AttributeError):
            raise ValueError(f"{log}, line {number}: not a game of this tournament "
                             f"(another map, seed, agents or file?)") from None
        results[g] = res
    return results


def _entry_names(agent_ids: list[str]) -> list[str]:
    """The agents' names in the report: their ids, numbered when one plays more than one seat."""
    seen: dict[str, int] = {}
    names = []
    for a in agent_ids:
        seen[a] = seen.get(a, 0) + 1
        names.append(a if seen[a] == 1 else f"{a}#{seen[a]}")
    return names


def _tournament_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--map", required=True, help="usa or europe")
    p.add_argument("--variant", default=None, help="ticket variant (default: the map's first)")
    p.add_argument("--players", type=int, required=True, help="2 to 5")
    p.add_argument("--games", type=int, default=100, help="number of games (default 100)")
    p.add_argument("--seed", type=int, default=0, help="seed of the tournament (default 0)")
    p.add_argument("--agents", required=True, help=f"one agent id per seat, comma-separated: {', '.join(AGENT_IDS)}")
    p.add_argument("--jobs", type=int, default=1, help="worker processes (the result does not depend on it)")
    p.add_argument("--timing", action="store_true", help="print decision times per agent on stderr")
    p.add_argument("--log", type=Path, default=None,
                   help="a file that gets each game's result when it ends (JSON lines); games it holds are not played again")


def tournament(args: argparse.Namespace) -> int:
    if args.games < 1 or args.jobs < 1:
        print("error: --games and --jobs must be at least 1", file=sys.stderr)
        return EXIT_BAD_INPUT
    timing: dict[str, Any] | None = {} if args.timing else None
    start = time.perf_counter()
    try:
        report = run_tournament(args.map, args.variant, args.players, args.games, args.seed,
                                [a.strip() for a in args.agents.split(",")], args.jobs, timing, args.log)
    except (StateError, ValueError, KeyError, OSError) as exc:
        print(f"error: {str(exc).strip(chr(34) + chr(39))}", file=sys.stderr)
        return EXIT_BAD_INPUT
    print(json.dumps(report, indent=1))
    if timing is not None:
        print(json.dumps({"seconds": round(time.perf_counter() - start, 1), "decisions": timing}), file=sys.stderr)
    return 0


TOURNAMENT = Command("tournament", "play AI agents against each other with seats rotated; per-agent results (JSON)",
                     _tournament_args, tournament)
