"""Benchmark: this hard against the hard of an earlier commit (issue #30: new hard vs today's).

    python3 tests/bench_vs_old_hard.py [--commit ace4745] [--cap 0.27] [--clock cpu] --map usa --players 2 --games 400 --seed 1 [--jobs 2] [--log F]

The earlier commit's ``game/ai`` is read from git (``git show``) into a temporary directory
as the package ``oldai`` (its ``game.ai`` imports renamed; the engine is this checkout's), and
plays as ``old-hard`` in ``game.ai.tournament`` with ``--cap`` seconds of search per move:
that commit's browser budget (0.8 s in Pyodide, about 3x slower than CPython, so 0.27 s
here; ``--cap 0`` for none).  That commit's cap reads a wall clock (``time.perf_counter``),
so on a loaded machine it cuts the old hard's search short.  With ``--clock cpu`` (the
default) the old module's clock is this thread's CPU time (``time.thread_time``): the cap
then counts only the old hard's own computing, as on an idle machine, whatever the load
(still not exactly repeatable: CPU time varies a little from run to run).  ``--clock wall``
keeps the commit's own clock.  ``--log``: as the tournament's (each game written when it
ends; a stopped run goes on).  Test-only: nothing here is shipped.  Prints the tournament's
JSON; asserts nothing.
"""

from __future__ import annotations

import argparse
import importlib
import json
import subprocess
import sys
import tempfile
import time
import types
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.ai import (
    make_agent,
    tournament,
)


def load_old(commit: str, where: Path) -> object:
    """The package ``oldai``: ``game/ai`` of ``commit``."""
    names = subprocess.run(["git", "ls-tree", "--name-only", f"{commit}:game/ai"], cwd=ROOT, check=True,
                           capture_output=True, text=True).stdout.split()
    package = where / "oldai"
    package.mkdir()
    for name in names:
        if name.endswith(".py"):
            text = subprocess.run(["git", "show", f"{commit}:game/ai/{name}"], cwd=ROOT, check=True,
                                  capture_output=True, text=True).stdout
            (package / name).write_text(text.replace("game.ai.", "oldai.").replace("from game.ai import", "from oldai import"))
    sys.path.insert(0, str(where))
    old = importlib.import_module("oldai")
    _with_withdrawals(importlib.import_module("oldai.search"))
    return old


def _with_withdrawals(search: types.ModuleType) -> None:
    """Give the old search's sampled states what the engine's state has since gained: each
    player's tunnel withdrawals (public, copied from the view) and a record of face-up cards
    taken (left empty: that commit's ``determinize`` deals hands without it), which that
    commit's ``determinize`` does not know."""
    dealt = search.determinize                                   # type: ignore[attr-defined]

    def determinize(view: dict, rng: object) -> dict:
        state = dealt(view, rng)
        for p, shown in zip(state["players"], view["players"]):
            p.setdefault("withdrawn", [w.copy() for w in shown.get("withdrawn", [])])
            p.setdefault("face_up", [])
        return state

    search.determinize = determinize                             # type: ignore[attr-defined]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--commit", default="ace4745")
    parser.add_argument("--cap", type=float, default=0.27)
    parser.add_argument("--map", default="usa")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--clock", choices=("cpu", "wall"), default="cpu",
                        help="what the old hard's cap counts: this thread's CPU time (default) or wall-clock time")
    parser.add_argument("--log", type=Path, default=None)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        old = load_old(args.commit, Path(tmp))
        if args.clock == "cpu":
            # the old search reads time.perf_counter() through its module's ``time``
            importlib.import_module("oldai.search").time = types.SimpleNamespace(perf_counter=time.thread_time)
        cap = args.cap or None

        def agent(agent_id: str):
            return old.make_agent("hard", time_cap=cap) if agent_id == "old-hard" else make_agent(agent_id)  # type: ignore[attr-defined]

        tournament.make_agent = agent                                  # type: ignore[assignment]
        tournament.AGENT_IDS = (*tournament.AGENT_IDS, "old-hard")     # type: ignore[assignment]
        seats = ["hard", "old-hard"] + ["long-route", "one-step", "route-focus"][:args.players - 2]
        report = tournament.run_tournament(args.map, None, args.players, args.games, args.seed, seats, args.jobs,
                                           log=args.log)
    report["old"] = {"commit": args.commit, "cap_s": cap, "clock": args.clock}
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
