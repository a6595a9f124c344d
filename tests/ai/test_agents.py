"""Every agent plays whole games on every map and variant with legal moves only, and together
they take every kind of decision (initial tickets in both Mega stages, ticket draws, card
draws from the market and the deck, gray routes, locomotives, tunnels paid and withdrawn,
stations)."""

from __future__ import annotations

import collections

import pytest

from game.actions import (
    BuildStation,
    ClaimRoute,
    DrawCard,
    DrawTickets,
    KeepTickets,
    PayTunnel,
    Withdraw,
)
from game.ai import AGENT_IDS, make_agent
from game.ai.agent import AgentError, FirstLegal, decide
from game.ai.planning import Knowledge, tunnel_overrun
from game.ai.search import Searcher, policy_weights
from game.ai.strategist import Strategist, tunnel_spare
from game.mapdata import GRAY, LOCOMOTIVE, load_map
from game.rng import Rng
from game.rules import apply_action, legal_actions
from game.seats import AI_LEVELS
from game.state import Phase, new_game, to_json
from game.view import player_view

FAST = {aid: (lambda aid=aid: Searcher(playouts=2, horizon=20, style=make_agent("hard").style) if aid == "hard"
              else make_agent(aid)) for aid in AGENT_IDS}


def play(map_id: str, variant: str | None, seats: list[str], seed: int):
    """Play one game; return the final state and the decisions taken as (phase, stage, action)."""
    state = new_game(map_id, variant, len(seats), seed=seed)
    agents = [FAST[a]() for a in seats]
    rngs = [Rng.from_seed(f"{seed}:{i}") for i in range(len(seats))]
    log = []
    while state["phase"] != "over":
        seat = state["current"]
        action = decide(agents[seat], state, rngs[seat])
        log.append((state["phase"], state["stage"], action))
        apply_action(state, action)
        assert len(log) < 2000, "the game does not end"
    return state, log


@pytest.mark.parametrize("map_id,variant,players", [
    ("usa", None, 2), ("usa", None, 5), ("europe", None, 3), ("europe", "1912", 4), ("europe", "mega", 5),
    ("europe", "big-cities", 2)])
def test_every_agent_finishes_games(map_id, variant, players):
    ids = [a for a in AGENT_IDS if a != "hard"]
    seats = [ids[(i + players) % len(ids)] for i in range(players)]
    state, _ = play(map_id, variant, seats, seed=players)
    assert state["phase"] == "over"
    assert max(p["score"] for p in state["players"]) > 0


def test_hard_finishes_a_game_and_plays_deterministically():
    a, _ = play("europe", None, ["hard", "route-focus"], seed=11)
    b, _ = play("europe", None, ["hard", "route-focus"], seed=11)
    assert a["phase"] == "over" and to_json(a) == to_json(b)


def test_every_kind_of_decision_is_taken():
    europe = load_map("europe")
    seen = collections.Counter()
    for seed, variant in ((1, "mega"), (2, None)):
        _, log = play("europe", variant, ["medium", "route-focus", "destination-hungry", "easy"], seed)
        for phase, stage, a in log:
            if isinstance(a, KeepTickets):
                seen[f"keep {phase} {stage}"] += 1
            elif isinstance(a, DrawCard):
                seen[f"draw {phase} {'deck' if a.source == 'deck' else 'loco' if a.source == LOCOMOTIVE else 'face-up'}"] += 1
            elif isinstance(a, ClaimRoute):
                route = europe.route(a.route)
                seen["claim gray" if route.colour == GRAY else "claim coloured"] += 1
                seen["claim with locomotives"] += a.locomotives > 0
                seen["claim tunnel"] += route.tunnel
                seen["claim ferry"] += route.ferry > 0
            else:
                seen[type(a).__name__] += 1
    wanted = {"keep setup-tickets 0", "keep setup-tickets 1", "keep tickets 0", "draw start deck",
              "draw start face-up", "draw start loco", "draw second-draw deck", "draw second-draw face-up",
              "claim gray", "claim coloured", "claim with locomotives", "claim tunnel", "claim ferry",
              DrawTickets.__name__, PayTunnel.__name__, Withdraw.__name__, BuildStation.__name__}
    assert wanted <= {k for k, v in seen.items() if v}, sorted(wanted - set(seen))


def test_levels_and_ids():
    assert set(AI_LEVELS) <= set(AGENT_IDS)
    assert set(AGENT_IDS) == {"easy", "medium", "hard", "route-focus", "destination-hungry", "long-route", "one-step"}
    with pytest.raises(KeyError, match="unknown agent 'nope'"):
        make_agent("nope")


def test_an_illegal_answer_is_refused():
    class Cheat(FirstLegal):
        def choose(self, view, legal, rng):
            return DrawTickets()
    with pytest.raises(AgentError, match="not a legal action"):
        decide(Cheat(), new_game("usa", players=2, seed=1), Rng.from_seed(0))


def test_hard_attempts_a_tunnel_only_with_cards_to_spare():
    """Hard's planner tries a tunnel only when its reveal will very likely ask for no more than
    the cards it keeps to spare: a withdrawn tunnel wastes a turn."""
    style = make_agent("hard").style
    planner = Strategist(style)
    europe = load_map("europe")
    tunnels = 0
    for seed in (3, 4):
        state = new_game("europe", None, 3, seed=seed)
        rng = Rng.from_seed(seed)
        while state["phase"] != "over":
            action = decide(planner, state, rng)
            if isinstance(action, ClaimRoute) and europe.route(action.route).tunnel:
                tunnels += 1
                k = Knowledge(player_view(state, state["current"]), style.point_weight)
                assert tunnel_overrun(k, action.colour, tunnel_spare(k, action)) <= style.tunnel_risk, (seed, action)
            apply_action(state, action)
    assert tunnels >= 2


def test_search_budget_is_a_count_of_playouts():
    """Hard's search plays exactly its budget of play-outs, each at most ``horizon`` actions,
    and the same position and seed give the same move (no clock is read)."""
    state = new_game("europe", None, 3, seed=8)
    hard = make_agent("hard")
    assert isinstance(hard, Searcher)
    view = player_view(state, state["current"])
    legal = legal_actions(state)
    k = Knowledge(view, hard.style.point_weight)
    candidates = hard.candidates(k, legal, Rng.from_seed(1))
    assert len(candidates) == 2
    moves: list[int] = []

    class Counting(Searcher):
        def rollout_steps(self, state, rng, policies=None):
            moves_here = []

            class Counted:
                def __init__(self, policy):
                    self.policy = policy

                def choose(self, view, legal, rng):
                    moves_here.append(1)
                    return self.policy.choose(view, legal, rng)
            yield from super().rollout_steps(state, rng, [Counted(p) for p in policies])
            moves.append(len(moves_here))

    counting = Counting(4, 10, style=hard.style)
    first = counting.choose(view, legal, Rng.from_seed(1))
    assert moves == [10, 10, 10, 10]
    assert counting.choose(view, legal, Rng.from_seed(1)) == first and len(moves) == 8


def test_hard_models_each_opponent_by_the_policies_its_public_play_allows():
    """Two short claims contradict Long Route, two tickets of a first deal of three One Step; the
    draw among the opponent policies follows their names, so wrapped policies (a test's counting
    ones) are drawn alike."""
    state = new_game("usa", None, 4, seed=3)
    medium = make_agent("medium")
    while state["phase"] == Phase.SETUP_TICKETS:
        apply_action(state, decide(medium, state, Rng.from_seed(0)))
    usa = load_map("usa")
    state["players"][1]["routes"] = [r.id for r in usa.routes if r.length < 3][:2]
    state["players"][1]["tickets"] = state["players"][1]["tickets"][:2]
    view = player_view(state, 0)
    hard = make_agent("hard")
    assert isinstance(hard, Searcher)
    assert hard.opponent_models == ("hard", "medium", "one-step", "long-route")
    assert policy_weights(view, 1, hard.opponent_models) == [8, 8, 1, 1]
    rng = Rng.from_seed(5)
    drawn = [hard.opponent_policies.index(hard.opponent_policy(view, 1, rng)) for _ in range(50)]
    assert drawn.count(0) + drawn.count(1) > 35        # the planners: 16 of 18 parts
    wrapped = make_agent("hard")
    assert isinstance(wrapped, Searcher)
    wrapped.opponent_policies = tuple(FirstLegal() for _ in wrapped.opponent_policies)
    rng_a, rng_b = Rng.from_seed(6), Rng.from_seed(6)
    assert [hard.opponent_policies.index(hard.opponent_policy(view, 1, rng_a)) for _ in range(20)] == \
        [wrapped.opponent_policies.index(wrapped.opponent_policy(view, 1, rng_b)) for _ in range(20)]
