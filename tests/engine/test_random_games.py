"""Seeded random legal games on every map, variant and player count, with the invariants checked
after every action; determinism; every state survives serialise -> load -> serialise.

CI plays ENGINE_GAMES games (default 500).  The long run of docs/rules.md:
``ENGINE_GAMES=10000 python3 -m pytest tests/engine/test_random_games.py -q``.
"""

from __future__ import annotations

import os

import pytest
from engine_helpers import ALL_SETUPS, random_game, replay

from game.state import from_json, to_json

GAMES = int(os.environ.get("ENGINE_GAMES", "500"))
COMBOS = [(m, v, n) for m, v in ALL_SETUPS for n in (2, 3, 4, 5)]
PER_COMBO = -(-GAMES // len(COMBOS))


@pytest.mark.parametrize("map_id,variant,players", COMBOS)
def test_random_games_keep_every_invariant(map_id, variant, players):
    for g in range(PER_COMBO):
        state, _ = random_game(map_id, variant, players, seed=g * 7919 + players)
        assert state["phase"] == "over" and state["result"]["winner"] in range(players)


@pytest.mark.parametrize("map_id,variant,players", [("europe", "europe", 4), ("usa", "usa", 3), ("europe", "mega", 5)])
def test_same_seed_and_actions_give_byte_identical_states(map_id, variant, players):
    state, actions = random_game(map_id, variant, players, seed=99, check=False)
    quiet = replay(map_id, variant, players, 99, actions)
    disturbed = replay(map_id, variant, players, 99, actions, disturb=True)
    assert quiet == disturbed
    assert quiet[-1] == to_json(state)
    assert all(to_json(from_json(text)) == text for text in quiet)
