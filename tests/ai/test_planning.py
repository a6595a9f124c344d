"""The planner (``game.ai.planning``): which tracks of a double route a plan takes, how free
routes are priced, and how near the end an opponent holding many cards is."""

from __future__ import annotations

from game.actions import DrawTickets
from game.ai import HARD_STYLE
from game.ai.planning import MIN_COST, Knowledge, _free_costs, make_plan
from game.ai.search import TICKETS_MIN_TRAINS, Searcher
from game.ai.strategist import Strategist, Style
from game.mapdata import load_map
from game.rng import Rng
from game.rules import apply_action, legal_actions
from game.state import Phase, new_game
from game.view import player_view


def _plan_with(hand: dict[str, int], players: int = 2, claimed: list[str] | None = None) -> tuple[str, ...]:
    state = new_game("usa", players=players, seed=4)
    state["players"][0]["hand"] = {c: 0 for c in state["players"][0]["hand"]} | hand
    state["players"][1]["routes"] = claimed or []
    k = Knowledge(player_view(state, 0), HARD_STYLE.point_weight)
    return make_plan(k, ["seattle--los-angeles"]).routes


def test_a_plan_takes_the_track_of_a_double_its_hand_can_pay():
    # Seattle - Los Angeles runs over two doubles: Portland - San Francisco (green / purple, 5)
    # and Los Angeles - San Francisco (yellow / purple, 3); the path takes green and purple
    assert {"portland--san-francisco--green", "los-angeles--san-francisco--purple"} <= set(_plan_with({}))
    # with eight purple cards both purple tracks, with three yellow and five green those two
    assert {"portland--san-francisco--purple", "los-angeles--san-francisco--purple"} <= set(_plan_with({"purple": 8}))
    assert {"portland--san-francisco--green", "los-angeles--san-francisco--yellow"} <= set(
        _plan_with({"yellow": 3, "green": 5}))
    # a twin an opponent owns is never taken (4 players: the other track stays open)
    owned = _plan_with({"purple": 8}, players=4, claimed=["portland--san-francisco--purple"])
    assert {"portland--san-francisco--green", "los-angeles--san-francisco--purple"} <= set(owned)


def test_free_routes_cost_less_the_more_they_score_per_train():
    usa = load_map("usa")
    costs = _free_costs("usa", HARD_STYLE.point_weight)
    by_length = {r.length: costs[r.id] for r in usa.routes if not r.tunnel and not r.ferry}
    # 3+ trains all fall to the floor, which drops with the points beyond the length: a 6-train
    # route (15 points) is the cheapest hop, yet never free
    assert by_length[6] < by_length[5] < by_length[4] < by_length[3] <= MIN_COST
    assert by_length[6] > 0.5


def test_an_opponent_holding_many_cards_is_near_the_end_and_no_tickets_are_drawn():
    state = new_game("usa", players=2, seed=4)
    while state["phase"] != Phase.START or state["current"] != 0:     # past the first deal
        apply_action(state, legal_actions(state)[0])
    me, other = state["players"]
    me["tickets"] = []                      # every ticket done: the planner may draw more
    for trains, cards, pace in ((30, 8, 30), (30, 20, 18), (30, 24, 14), (14, 40, 0)):
        other["trains"] = trains
        other["hand"] = {c: 0 for c in other["hand"]} | {"red": cards}
        k = Knowledge(player_view(state, 0), HARD_STYLE.point_weight)
        assert (k.min_opponent_trains, k.min_opponent_pace) == (trains, pace)
        draws = Strategist(Style()).decide(k, legal_actions(state), Rng.from_seed(0)) == DrawTickets()
        assert draws == (pace >= Style().ticket_draw_trains)
        searcher = Searcher(style=HARD_STYLE)
        weighs_a_draw = DrawTickets() in searcher.candidates(k, legal_actions(state), Rng.from_seed(0))
        assert weighs_a_draw == (pace >= TICKETS_MIN_TRAINS and k.trains >= TICKETS_MIN_TRAINS)
