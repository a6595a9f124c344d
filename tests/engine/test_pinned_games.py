"""Pinned random games: the engine's speed work must never change a rule or a random draw.

Forty seeded games over every map, variant and player count, played with
``rules.sample_action``, and ten more that pick uniformly from ``rules.legal_actions`` (so
the order of the legal actions is pinned too).  Each combination's games hash, action by
action, the action's text and its event, then the final state's canonical JSON; the digests
below were computed on the engine before it was tuned for speed (commit ace4745).  A change
here means a rule, a payment order, an event or the RNG's use changed: that is a rule change,
never a speed-up.  The players' ``withdrawn`` and ``face_up`` records (added after the pin,
issue #30: public facts that change no draw and no rule) are left out of the hashed states, so
the pins still hold every other byte.  The routes ``claimable_routes`` finds with the map's bitsets are also
checked against the rule applied route by route.
"""

from __future__ import annotations

import hashlib
import json

import pytest
from engine_helpers import ALL_SETUPS

from game.rng import Rng
from game.rules import (
    _payments,
    _route_problem,
    apply_action,
    board,
    claimable_routes,
    legal_actions,
    sample_action,
)
from game.state import copy_state, new_game, to_json

SAMPLED = [(m, v, n) for m, v in ALL_SETUPS for n in (2, 3, 4, 5)]
LATER = ("withdrawn", "face_up")       # player records added after the pin
LISTED = [("usa", "usa", 2), ("usa", "usa", 5), ("europe", "europe", 3), ("europe", "europe", 4),
          ("europe", "mega", 5)]


def _pinned_text(state: dict) -> str:
    """The state's canonical text as pinned: without the later ``withdrawn`` and ``face_up`` records."""
    return to_json({**state, "players": [{k: v for k, v in p.items() if k not in LATER} for p in state["players"]]})


def _digest(map_id: str, variant: str, players: int, seed: int, listed: bool) -> str:
    state = new_game(map_id, variant, players, seed=f"pin:{seed}")
    agent = Rng.from_seed(f"pin-agent:{seed}")
    h = hashlib.sha256(_pinned_text(state).encode())
    while state["phase"] != "over":
        if listed:
            actions = legal_actions(state)
            h.update(repr(actions).encode())
            action = agent.choice(actions)
        else:
            action = sample_action(state, agent)
        if agent.below(8) == 0:     # play on from a copy now and then: copies must be whole
            state = copy_state(state)
        event = apply_action(state, action)
        h.update(str(action).encode())
        h.update(json.dumps(event, sort_keys=True).encode())
    h.update(_pinned_text(state).encode())
    return h.hexdigest()[:16]


PINNED = {
    "usa/usa/2/sampled": ['3d5b78b9661534bc', 'c4bc1a0b3ae3ff8b'],
    "usa/usa/3/sampled": ['71fde7fb2f6dde55', 'c9a3e6f1942b152c'],
    "usa/usa/4/sampled": ['995a8e7da492f438', '3ed45735010e4e4d'],
    "usa/usa/5/sampled": ['05bcf2174c5cdc3d', '9d25fd48557712cf'],
    "europe/europe/2/sampled": ['e4ad9f56d4c6b711', 'fd48e329e33022fb'],
    "europe/europe/3/sampled": ['ea85175b1731c359', '3383761d7be03fc5'],
    "europe/europe/4/sampled": ['0302b3df4e8b3043', '2fcc65d3b648aa76'],
    "europe/europe/5/sampled": ['47c3a8add89ecf57', '98688b583ab36302'],
    "europe/1912/2/sampled": ['4c7f749598ae0eed', '03fb2d0e3b57f586'],
    "europe/1912/3/sampled": ['a2ecab982724ce8a', '24fb6e46405199af'],
    "europe/1912/4/sampled": ['177b4db2ff77e364', 'c02bffcf436b88bc'],
    "europe/1912/5/sampled": ['5c3e11b4060707bb', '31b49bda8e38d70a'],
    "europe/mega/2/sampled": ['1ecd7a965137b228', 'ac520c193a0daa97'],
    "europe/mega/3/sampled": ['1c566bb667620207', '11634a496129ab77'],
    "europe/mega/4/sampled": ['0e012cedf2553d61', '8ab99a312c0f5d77'],
    "europe/mega/5/sampled": ['9e7b8d3c885f6978', '3472ca13747b6a6e'],
    "europe/big-cities/2/sampled": ['f51ccee1cb136dec', '4ddb2d4298ccc3c3'],
    "europe/big-cities/3/sampled": ['ac47479685d31cc5', 'fc7e2c039138cd9e'],
    "europe/big-cities/4/sampled": ['dfd72937f56f79a8', 'b2e6b48eb2a28078'],
    "europe/big-cities/5/sampled": ['2e098ac96110c536', 'eed99816eb795d37'],
    "usa/usa/2/listed": ['322833293a326bfd', '6d7753a30bbaef07'],
    "usa/usa/5/listed": ['b674982eb0451364', 'e8922af459f4748e'],
    "europe/europe/3/listed": ['f751b1e4ecba3222', 'f98b27966937cff6'],
    "europe/europe/4/listed": ['ba0e5f0aca17076a', '415d6a80acb19e34'],
    "europe/mega/5/listed": ['c0f7c1ab022aeb02', 'a683d7ebb6b2ff9d'],
}


@pytest.mark.parametrize("map_id,variant,players,listed",
                         [(*c, False) for c in SAMPLED] + [(*c, True) for c in LISTED])
def test_pinned_games_are_unchanged(map_id, variant, players, listed):
    key = f"{map_id}/{variant}/{players}/{'listed' if listed else 'sampled'}"
    digests = [_digest(map_id, variant, players, seed, listed) for seed in range(2)]
    assert digests == PINNED[key]


def _claimable_by_the_rule(state: dict) -> list[str]:
    """The routes the current player may claim, route by route: no refusal and a payment."""
    seat, b = state["current"], board(state["map"])
    owners = {r: s for s, p in enumerate(state["players"]) for r in p["routes"]}
    hand = state["players"][seat]["hand"]
    return [r.id for r in b.routes if _route_problem(state, seat, r, owners) is None
            and next(_payments(r.colours, r.length, r.ferry, hand), None) is not None]


@pytest.mark.parametrize("map_id,players", [("usa", 2), ("usa", 4), ("europe", 3), ("europe", 5)])
def test_claimable_routes_follow_the_rule_route_by_route(map_id, players):
    """The bitsets of ``claimable_routes`` give what checking each route gives, also for hands
    no game reaches (more cards than the game has, fewer than none)."""
    state, rng = new_game(map_id, players=players, seed=f"claimable:{players}"), Rng(players)
    while state["phase"] != "over":
        if state["phase"] == "start":
            assert [r.id for r in claimable_routes(state)] == _claimable_by_the_rule(state)
            odd = copy_state(state)
            hand = odd["players"][odd["current"]]["hand"]
            hand["red"], hand["locomotive"] = rng.below(300) - 3, rng.below(200) - 2
            assert [r.id for r in claimable_routes(odd)] == _claimable_by_the_rule(odd)
        apply_action(state, sample_action(state, rng))
