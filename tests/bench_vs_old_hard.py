"""Benchmark: this hard against the hard of an earlier commit (issue #30: new hard vs today's).

    python3 tests/bench_vs_old_hard.py [--commit ace4745] [--cap 0.27] --map usa --players 2 --games 400 --seed 1 [--jobs 2]

The earlier commit's ``game/ai`` is read from git (``git show``) into a temporary directory
as the package ``oldai`` (its ``game.ai`` imports renamed; the engine is this checkout's), and
plays as ``old-hard`` in ``game.ai.tournament`` with ``--cap`` seconds of search per move:
that commit's browser budget (0.8 s in Pyodide, about 3x slower than CPython, so 0.27 s
here; ``--cap 0`` for none).  A wall-clock cap depends on the machine's load, so this
side of the comparison does not replay exactly.  Test-only: nothing here is shipped.  Prints
the tournament's JSON; asserts nothing.
"""

from __future__ import annotations

import argparse
import importlib
import json
import subprocess
import sys
import tempfile
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
    return importlib.import_module("oldai")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--commit", default="ace4745")
    parser.add_argument("--cap", type=float, default=0.27)
    parser.add_argument("--map", default="usa")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        old = load_old(args.commit, Path(tmp))
        cap = args.cap or None

        def agent(agent_id: str):
            return old.make_agent("hard", time_cap=cap) if agent_id == "old-hard" else make_agent(agent_id)  # type: ignore[attr-defined]

        tournament.make_agent = agent                                  # type: ignore[assignment]
        tournament.AGENT_IDS = (*tournament.AGENT_IDS, "old-hard")     # type: ignore[assignment]
        seats = ["hard", "old-hard"] + ["long-route", "one-step", "route-focus"][:args.players - 2]
        report = tournament.run_tournament(args.map, None, args.players, args.games, args.seed, seats, args.jobs)
    report["old"] = {"commit": args.commit, "cap_s": cap}
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
