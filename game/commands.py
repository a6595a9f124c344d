"""What a command of ``python3 -m game`` is, its exit statuses, and what the commands share.

``game/cli.py`` lists every command; each command module (``game/cli.py``'s own ``replay``
and ``simulate``, ``game/board/cli.py``'s ``render``, ``game/ai/tournament.py``'s
``tournament``) defines its :class:`Command` as a plain value and registers nothing.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from dataclasses import dataclass

from game.board import svgwrite_wheel
from game.scenario import (
    ScenarioActionError,
    ScenarioError,
    play_scenario,
    read_scenario,
)
from game.state import State

EXIT_BAD_INPUT = 1          # unreadable or malformed file, bad option value
EXIT_ILLEGAL_ACTION = 2     # an illegal action in a replayed scenario
EXIT_INTERNAL = 3           # a fault of the program itself (reported in one line, never expected)
EXIT_NOT_INSTALLED = 4      # a command that draws, in a Python without svgwrite (game/board/svgwrite_wheel.py)
MAX_ACTIONS_PER_GAME = 100_000            # a safety net for simulated games; no real game comes near


@dataclass(frozen=True)
class Command:
    """A subcommand: ``configure`` adds its options, ``run(args)`` returns the exit status."""

    name: str
    help: str
    configure: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]


def play_scenario_file(path: str) -> tuple[State | None, int]:
    """Play a scenario file for a command: (the state reached, 0), or (None, exit status) after
    printing why on stderr, in one line."""
    try:
        state, _ = play_scenario(read_scenario(path))
    except ScenarioActionError as exc:
        print(f"error: {path}: {exc}", file=sys.stderr)
        return None, EXIT_ILLEGAL_ACTION
    except ScenarioError as exc:
        print(f"error: {path}: {exc}", file=sys.stderr)
        return None, EXIT_BAD_INPUT
    return state, 0


def can_draw() -> bool:
    """Whether a command may import the board's drawing code (``game.board.render``): False
    after saying on stderr how to get svgwrite (the command then exits with
    ``EXIT_NOT_INSTALLED``).  Every other command needs only the standard library."""
    try:
        svgwrite_wheel.require()
    except svgwrite_wheel.SvgwriteMissing as exc:
        print(f"error: {exc}", file=sys.stderr)
        return False
    return True
