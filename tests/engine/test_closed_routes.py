"""The twin-route rule has one home, ``game.rules.closing_twin`` / ``closed_routes``: the rules'
claims and refusals, the board's closed tracks and the AI's blocked routes agree with it, in
random games with 2 to 5 players."""

from __future__ import annotations

import pytest

from game.actions import ClaimRoute
from game.ai.planning import Knowledge
from game.board.render import Owners
from game.mapdata import load_map
from game.rng import Rng
from game.rules import (
    IllegalActionError,
    apply_action,
    claimable_routes,
    closed_routes,
    sample_action,
)
from game.state import Phase, copy_state, new_game
from game.view import player_view


def positions(map_id: str, players: int, seed: int, moves: int = 400):
    """Positions of a random game where the current player may start a turn."""
    state, rng = new_game(map_id, players=players, seed=seed), Rng(seed)
    for _ in range(moves):
        if state["phase"] == Phase.OVER:
            return
        if state["phase"] == Phase.START:
            yield state
        apply_action(state, sample_action(state, rng))


@pytest.mark.parametrize("map_id, players", [("usa", 2), ("usa", 3), ("europe", 3), ("usa", 4), ("europe", 5)])
def test_the_rules_the_board_and_the_ai_close_the_same_twins(map_id, players):
    seen = {"closed": 0, "own twin only": 0}
    for state in positions(map_id, players, seed=players):
        game_map, seat = load_map(map_id), state["current"]
        claims = [p["routes"] for p in state["players"]]
        closed = closed_routes(game_map, claims, seat)
        for_all = closed_routes(game_map, claims)
        assert for_all <= closed
        assert not closed & {r.id for r in claimable_routes(state)}
        for route_id in closed:
            with pytest.raises(IllegalActionError) as refused:
                apply_action(copy_state(state), ClaimRoute(route_id, "locomotive", 0, game_map.route(route_id).length))
            assert refused.value.key in ("rule.route.own_twin", "rule.route.twin_closed")
        owners = Owners.of(player_view(state, seat))
        assert {r.id for r in game_map.routes if owners.closed(game_map, r.id)} == for_all
        assert Knowledge(player_view(state, seat)).blocked == closed
        seen["closed"] += bool(for_all)
        seen["own twin only"] += bool(closed - for_all)
    if players <= 3:
        assert seen["closed"] and not seen["own twin only"]       # closed to all, never only to one
    else:
        assert seen["own twin only"] and not seen["closed"]       # with 4-5: only to the twin's owner
