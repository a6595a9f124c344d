"""The planner (``game.ai.planning``): which tracks of a double route a plan takes, how free
routes are priced, how near the end an opponent holding many cards is, stations, and the prize
route at a plan's end."""

from __future__ import annotations

from dataclasses import replace

from game.actions import BuildStation, ClaimRoute, DrawTickets
from game.ai import HARD_STYLE
from game.ai.planning import MIN_COST, Knowledge, _free_costs, make_plan
from game.ai.search import TICKETS_MIN_TRAINS, Searcher, estimate
from game.ai.strategist import PRIZE_SPARE, Strategist, Style, with_prize
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


def _europe(routes: list[str], theirs: list[str], tickets: list[str], stations: list[str],
            trains: int = 3) -> tuple[dict, Knowledge]:
    """Europe, 2 players, past the first deal: seat 0 owns ``routes``, ``stations`` and
    ``tickets``, ``trains`` and four blue cards (the rest of its hand back in the deck, its
    dealt tickets in the box: a state whose counts add up, which hard's search can sample);
    seat 1 owns ``theirs``."""
    state = new_game("europe", players=2, seed=4)
    while state["phase"] != Phase.START or state["current"] != 0:
        apply_action(state, legal_actions(state)[0])
    me, other = state["players"]
    for kind, n in me["hand"].items():
        state["deck"] += [kind] * n
    for _ in range(4):
        state["deck"].remove("blue")
    me["hand"] = {c: 0 for c in me["hand"]} | {"blue": 4}
    for t in (t for t in tickets if t not in me["tickets"]):    # taken from where they lie
        next(pile for pile in (state["ticket_deck"], state["box"], other["tickets"]) if t in pile).remove(t)
    state["box"] += [t for t in me["tickets"] if t not in tickets]
    me["tickets"], me["routes"], me["stations"], me["trains"] = tickets, routes, stations, trains
    other["routes"] = theirs
    return state, Knowledge(player_view(state, 0), HARD_STYLE.point_weight)


# Palermo - Moskva's whole path but Budapest - Kyiv, which the opponent owns
PALERMO_MOSKVA = ["brindisi--palermo", "athina--brindisi", "athina--sarajevo", "budapest--sarajevo",
                  "kharkov--kyiv", "kharkov--moskva"]


def test_a_station_that_finishes_a_ticket_is_built_even_in_the_end_game():
    state, k = _europe(PALERMO_MOSKVA, ["budapest--kyiv"], ["palermo--moskva"], [])
    plan = make_plan(k, k.tickets)
    assert plan.borrows and plan.borrows[0][1] == "budapest--kyiv" and not plan.routes
    # 3 trains: the end game, whose best-scoring claims once came first and left the station unbuilt
    assert k.trains <= Style().endgame_trains
    for agent in (Strategist(Style()), Strategist(HARD_STYLE), Searcher(style=HARD_STYLE)):
        move = agent.choose(player_view(state, 0), legal_actions(state), Rng.from_seed(0))
        assert isinstance(move, BuildStation) and move.city in ("budapest", "kyiv")


def test_a_built_station_already_borrows_and_is_never_built_twice():
    for city in ("budapest", "kyiv"):
        state, k = _europe(PALERMO_MOSKVA, ["budapest--kyiv"], ["palermo--moskva"], [city])
        plan = make_plan(k, k.tickets)
        # the ticket is joined through the station built: nothing to claim, no second station
        assert (plan.routes, plan.borrows, plan.failed) == ((), (), ())
        assert "budapest--kyiv" in plan.paths["palermo--moskva"]
        move = Strategist(HARD_STYLE).decide(k, legal_actions(state), Rng.from_seed(0))
        assert not isinstance(move, BuildStation)


def test_each_built_station_borrows_one_route():
    theirs = ["budapest--kyiv", "budapest--wien--red"]
    tickets = ["palermo--moskva", "zurich--budapest"]
    # the station at Budapest borrows Budapest - Kyiv, so Zurich - Budapest, with no station left,
    # is joined by free routes, not over Budapest - Wien
    _, k = _europe(PALERMO_MOSKVA, theirs, tickets, ["budapest", "lisboa", "cadiz"], trains=20)
    plan = make_plan(k, k.tickets)
    assert plan.failed == () and plan.borrows == () and plan.routes
    assert "budapest--wien--red" not in plan.paths["zurich--budapest"]
    # with stations at both ends of Budapest - Kyiv, Kyiv's borrows it and Budapest's the other
    _, k = _europe(PALERMO_MOSKVA, theirs, tickets, ["budapest", "kyiv", "cadiz"], trains=20)
    assert k.stations_cover(theirs) and not k.stations_cover([*theirs, "kharkov--rostov"])
    plan = make_plan(k, k.tickets)
    assert plan.failed == () and plan.borrows == ()
    assert "budapest--wien--red" in plan.paths["zurich--budapest"]


def test_two_tickets_borrowing_one_route_need_one_station():
    # Angora - Kharkov runs over Palermo - Moskva's path too (and Angora - Smyrna - Palermo): with
    # one station left both are joined by the one station on Budapest - Kyiv
    mine = [*PALERMO_MOSKVA, "angora--smyrna", "palermo--smyrna"]
    _, k = _europe(mine, ["budapest--kyiv", "kharkov--rostov"], ["palermo--moskva", "angora--kharkov"],
                   ["lisboa", "cadiz"])
    plan = make_plan(k, k.tickets)
    assert plan.failed == () and [r for _, r in plan.borrows] == ["budapest--kyiv"]


def test_a_route_with_a_station_at_both_ends_is_never_borrowed():
    # the opponent's stations stand on Budapest and Kyiv: no station of ours can borrow the route
    state, _ = _europe(PALERMO_MOSKVA, ["budapest--kyiv"], ["palermo--moskva"], [], trains=20)
    state["players"][1]["stations"] = ["budapest", "kyiv"]
    k = Knowledge(player_view(state, 0), HARD_STYLE.point_weight)
    assert k.route_costs["budapest--kyiv"] is None
    plan = make_plan(k, k.tickets)
    assert (plan.borrows, plan.failed) == ((), ()) and "budapest--kyiv" not in plan.paths["palermo--moskva"]


def test_a_station_the_plan_still_has_to_build_is_not_counted_unused():
    # the estimate is the same before and after the station is built: its 4 points are spent
    before, _ = _europe(PALERMO_MOSKVA, ["budapest--kyiv"], ["palermo--moskva"], [])
    after, _ = _europe(PALERMO_MOSKVA, ["budapest--kyiv"], ["palermo--moskva"], ["budapest"])
    assert estimate(before)[0] == estimate(after)[0]


def test_a_plan_ends_with_the_prize_route_the_hand_is_nearest_to_paying():
    # no ticket, 30 trains, four blue cards: of the routes of 6+, Budapest - Kyiv (gray, 6)
    # lacks 2 cards, Palermo - Smyrna (6, two of them locomotives) and Petrograd - Stockholm (8) 4
    _, k = _europe([], [], [], [], trains=30)
    assert with_prize(k, make_plan(k, []), 6).routes == ("budapest--kyiv",)
    # taken by the opponent: of the two lacking 4, the longer
    _, k = _europe([], ["budapest--kyiv"], [], [], trains=30)
    assert with_prize(k, make_plan(k, []), 6).routes == ("petrograd--stockholm",)
    # the prize comes after the tickets' routes, and only with its length and PRIZE_SPARE trains
    # left beyond what they need
    mine = [*PALERMO_MOSKVA[:-1], "budapest--kyiv"]    # Palermo - Moskva lacks Kharkov - Moskva (4)
    _, k = _europe(mine, ["petrograd--stockholm"], ["palermo--moskva"], [], trains=30)
    plan = make_plan(k, k.tickets)
    assert plan.routes == ("kharkov--moskva",) and plan.trains == 4
    assert with_prize(k, plan, 6).routes == ("kharkov--moskva", "palermo--smyrna")
    assert with_prize(k, plan, 6).trains == 4 + 6
    for trains, prized in ((4 + 6 + PRIZE_SPARE, True), (4 + 6 + PRIZE_SPARE - 1, False)):
        _, k = _europe(mine, ["petrograd--stockholm"], ["palermo--moskva"], [], trains=trains)
        assert ("palermo--smyrna" in with_prize(k, make_plan(k, k.tickets), 6).routes) == prized


def test_a_prize_is_never_the_twin_of_a_planned_route():
    # Seattle - Los Angeles's path takes Portland - San Francisco (green, 5); its purple twin is
    # the route of 5+ three purple cards are nearest to paying, yet a player never owns both
    state = new_game("usa", players=2, seed=4)
    state["players"][0]["hand"] = {c: 0 for c in state["players"][0]["hand"]} | {"purple": 3}
    k = Knowledge(player_view(state, 0), HARD_STYLE.point_weight)
    plan = make_plan(k, ["seattle--los-angeles"])
    assert "portland--san-francisco--green" in plan.routes
    prized = with_prize(k, plan, 5).routes
    assert len(prized) == len(plan.routes) + 1 and "portland--san-francisco--purple" not in prized


def test_hard_claims_the_prize_its_hand_pays_rather_than_drawing_tickets():
    state, _ = _europe([], ["petrograd--stockholm", "budapest--kyiv"], [], [], trains=30)
    for _ in range(2):          # four blue cards and two locomotives pay the ferry Palermo - Smyrna
        state["deck"].remove("locomotive")
    state["players"][0]["hand"]["locomotive"] = 2
    k = Knowledge(player_view(state, 0), HARD_STYLE.point_weight)
    move = Strategist(HARD_STYLE).decide(k, legal_actions(state), Rng.from_seed(0))
    assert isinstance(move, ClaimRoute) and move.route == "palermo--smyrna"
    # without a prize the plan is empty, and the planner draws tickets
    no_prize = Strategist(replace(HARD_STYLE, prize_length=None))
    assert no_prize.decide(k, legal_actions(state), Rng.from_seed(0)) == DrawTickets()
