"""Legal actions do not depend on the order of the keys in a hand: a hand restored from a save
whose keys come in another order (a hand-edited file, another JSON writer) gives the same
legal actions, in the same order, at every position of random games."""

from __future__ import annotations

import pytest

from game.rng import Rng
from game.rules import apply_action, legal_actions, sample_action
from game.state import copy_state, new_game

GAMES = [("usa", None, 2, 1), ("europe", None, 3, 2), ("europe", "mega", 4, 3), ("europe", "big-cities", 5, 4)]


def reordered(state: dict, rng: Rng) -> dict:
    """The same position with every hand's keys in a shuffled order."""
    other = copy_state(state)
    for p in other["players"]:
        keys = list(p["hand"])
        rng.shuffle(keys)
        p["hand"] = {k: p["hand"][k] for k in keys}
    return other


@pytest.mark.parametrize("map_id,variant,players,seed", GAMES)
def test_legal_actions_ignore_the_order_of_a_hands_keys(map_id, variant, players, seed):
    state = new_game(map_id, variant, players, seed=seed)
    agent, shuffler = Rng.from_seed(seed), Rng.from_seed(seed + 99)
    positions = 0
    while state["phase"] != "over":
        if state["phase"] == "start":
            assert legal_actions(reordered(state, shuffler)) == legal_actions(state)
            positions += 1
        apply_action(state, sample_action(state, agent))
    assert positions > 30

