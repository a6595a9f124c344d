"""Final scoring on fixed positions with real map ids: trails, stations, bonuses, tie-breaks."""

import json

import pytest
from scoring_helpers import assert_is_trail

from game.mapdata import load_map
from game.scoring import (
    PlayerPosition,
    ScoringError,
    final_scoring,
    longest_trail,
    tickets_completed,
)

USA = load_map("usa")
EUROPE = load_map("europe")


def seat(routes=(), stations=(), tickets=()):
    return PlayerPosition(routes=tuple(routes), stations=tuple(stations), tickets=tuple(tickets))


# --------------------------------------------------------------------------- route points

def test_route_points_follow_the_map_table():
    score = final_scoring(EUROPE, [seat(["kyiv--smolensk", "petrograd--stockholm"]), seat()])
    # kyiv--smolensk is 3 long (4 points), petrograd--stockholm 8 long (21 points)
    assert score.players[0].route_points == 4 + 21
    usa = final_scoring(USA, [seat(["el-paso--houston", "atlanta--nashville"]), seat()])
    assert usa.players[0].route_points == 15 + 1


# --------------------------------------------------------------------------- tickets

def test_tickets_completed_uses_own_routes_only():
    routes = ["denver--santa-fe", "el-paso--santa-fe"]
    assert tickets_completed(USA, routes, ["denver--el-paso", "kansas-city--houston"]) == {
        "denver--el-paso": True, "kansas-city--houston": False}
    assert tickets_completed(USA, [], ["denver--el-paso"]) == {"denver--el-paso": False}


def test_tickets_score_plus_or_minus_in_order_held():
    score = final_scoring(USA, [seat(["denver--santa-fe", "el-paso--santa-fe"],
                                     tickets=["kansas-city--houston", "denver--el-paso"]), seat()])
    p = score.players[0]
    assert p.tickets == (("kansas-city--houston", False, -5), ("denver--el-paso", True, 4))
    assert p.ticket_points == -1 and p.tickets_completed == 1


# --------------------------------------------------------------------------- longest trail

def test_no_routes_no_trail():
    assert longest_trail(USA, []) == (0, ())


def test_simple_path_in_order():
    routes = ["denver--santa-fe", "el-paso--santa-fe", "el-paso--houston"]
    length, trail = longest_trail(USA, routes)
    assert length == 10
    assert_is_trail(USA, routes, length, trail)


def test_loop_is_used_whole():
    # Denver – Omaha – Kansas City – Denver: a triangle, 4 + 1 + 4
    routes = ["denver--omaha", "kansas-city--omaha--1", "denver--kansas-city--black"]
    length, trail = longest_trail(USA, routes)
    assert length == 9 and len(trail) == 3
    assert_is_trail(USA, routes, length, trail)


def test_branch_takes_the_two_longest_arms():
    # Star at Santa Fe: arms 2 (Denver), 2 (El Paso), 3 (Oklahoma City), 3 (Phoenix)
    routes = ["denver--santa-fe", "el-paso--santa-fe", "oklahoma-city--santa-fe", "phoenix--santa-fe"]
    length, trail = longest_trail(USA, routes)
    assert length == 6
    assert set(trail) == {"oklahoma-city--santa-fe", "phoenix--santa-fe"}


def test_figure_eight_uses_every_route():
    # Two triangles meeting at Pittsburgh
    routes = ["new-york--pittsburgh--green", "new-york--washington--black", "pittsburgh--washington",
              "chicago--pittsburgh--black", "chicago--toronto", "pittsburgh--toronto"]
    length, trail = longest_trail(USA, routes)
    assert length == 2 + 2 + 2 + 3 + 4 + 2
    assert_is_trail(USA, routes, length, trail)


def test_trail_passing_a_city_three_times_with_tails():
    # Three triangles through Pittsburgh (26 trains) and three dead ends.  Odd cities: Duluth,
    # Chicago, Atlanta, Nashville, Boston, New York.  Best: Duluth–Chicago (3), then all nine
    # triangle routes, ending at Chicago: 29.  Taking Boston–New York as the other end instead
    # would cost New York and Chicago a triangle route each (26 − 2 − 3 + 3 + 2 = 26).
    loops = ["new-york--pittsburgh--green", "new-york--washington--black", "pittsburgh--washington",
             "chicago--pittsburgh--black", "chicago--toronto", "pittsburgh--toronto",
             "nashville--pittsburgh", "nashville--saint-louis", "pittsburgh--saint-louis"]
    tails = ["chicago--duluth", "atlanta--nashville", "boston--new-york--red"]
    routes = loops + tails
    length, trail = longest_trail(USA, routes)
    assert sum(USA.route(r).length for r in loops) == 26
    assert length == 29
    assert_is_trail(USA, routes, length, trail)
    assert set(trail) == set(loops) | {"chicago--duluth"}
    assert sum("pittsburgh" in USA.route(r).cities for r in trail) == 6   # three passes


def test_disconnected_components_take_the_longest():
    west = ["portland--seattle--1", "portland--salt-lake-city"]          # 1 + 6
    east = ["boston--montreal--1", "montreal--new-york", "boston--new-york--red"]  # 2 + 3 + 2, a loop
    length, trail = longest_trail(USA, west + east)
    assert length == 7
    assert set(trail) in ({"portland--seattle--1", "portland--salt-lake-city"},
                          {"boston--montreal--1", "montreal--new-york", "boston--new-york--red"})


def test_double_route_tracks_are_two_routes():
    # Not legal in play for one player, but the trail arithmetic handles both tracks.
    routes = ["kansas-city--omaha--1", "kansas-city--omaha--2", "denver--omaha"]
    length, trail = longest_trail(USA, routes)
    assert length == 6
    assert_is_trail(USA, routes, length, trail)


def test_trail_is_independent_of_route_order():
    routes = ["chicago--pittsburgh--black", "chicago--toronto", "pittsburgh--toronto",
              "chicago--duluth", "montreal--toronto", "nashville--pittsburgh"]
    assert longest_trail(USA, routes) == longest_trail(USA, list(reversed(routes)))


def test_longest_bonus_goes_to_every_tied_player():
    score = final_scoring(USA, [seat(["el-paso--houston"]), seat(["duluth--helena"]),
                                seat(["denver--santa-fe"])])
    assert [p.longest_bonus for p in score.players] == [10, 10, 0]
    assert [p.longest_trail for p in score.players] == [6, 6, 2]


def test_nobody_gets_the_bonus_without_routes():
    score = final_scoring(USA, [seat(), seat()])
    assert [p.longest_bonus for p in score.players] == [0, 0]
    assert [p.trail for p in score.players] == [(), ()]


def test_borrowed_routes_do_not_count_for_the_trail():
    players = [seat(["amsterdam--frankfurt", "amsterdam--london"], stations=["frankfurt"],
                    tickets=["london--berlin"]),
               seat(["berlin--frankfurt--black", "berlin--warszawa--purple", "warszawa--wilno"])]
    score = final_scoring(EUROPE, players)
    assert score.players[0].borrowed == {"frankfurt": "berlin--frankfurt--black"}
    assert score.players[0].tickets == (("london--berlin", True, 7),)
    assert score.players[0].longest_trail == 4 and score.players[0].longest_bonus == 0
    assert score.players[0].trail in (("amsterdam--frankfurt", "amsterdam--london"),
                                      ("amsterdam--london", "amsterdam--frankfurt"))


def test_a_station_borrows_one_route_not_a_path():
    # Frankfurt's station reaches Berlin, not Wilno beyond it.
    players = [seat(["amsterdam--frankfurt"], stations=["frankfurt"], tickets=["amsterdam--wilno"]),
               seat(["berlin--frankfurt--black", "berlin--warszawa--purple", "warszawa--wilno"])]
    p = final_scoring(EUROPE, players).players[0]
    assert p.borrowed == {"frankfurt": None}
    assert p.tickets == (("amsterdam--wilno", False, -12),)


# --------------------------------------------------------------------------- stations

def test_station_assignment_where_greedy_loses():
    # Paris could borrow Pamplona–Paris and finish Amsterdam–Pamplona (7) alone, but Brest–Paris
    # with München borrowing München–Venezia finishes Brest–Venezia (8) instead: +8 − 7 > +7 − 8.
    players = [seat(["frankfurt--paris--orange", "frankfurt--munchen", "amsterdam--frankfurt"],
                    stations=["paris", "munchen"], tickets=["amsterdam--pamplona", "brest--venezia"]),
               seat(["pamplona--paris--blue", "brest--paris", "munchen--venezia"])]
    p = final_scoring(EUROPE, players).players[0]
    assert p.borrowed == {"munchen": "munchen--venezia", "paris": "brest--paris"}
    assert p.tickets == (("amsterdam--pamplona", False, -7), ("brest--venezia", True, 8))
    assert p.ticket_points == 1


def test_station_without_opponent_route_borrows_nothing():
    players = [seat(["lisboa--madrid"], stations=["cadiz"], tickets=["cadiz--stockholm"]),
               seat(["barcelona--madrid"])]
    p = final_scoring(EUROPE, players).players[0]
    assert p.borrowed == {"cadiz": None}
    assert p.ticket_points == -21


def test_station_that_changes_nothing_reports_none():
    # Paris's station borrows Marseille–Paris when that finishes Brest–Marseille ...
    players = [seat(["dieppe--paris", "brest--dieppe"], stations=["paris"], tickets=["brest--marseille"]),
               seat(["marseille--paris"])]
    p = final_scoring(EUROPE, players).players[0]
    assert p.borrowed == {"paris": "marseille--paris"}
    # ... but reports nothing when the ticket is already done with own routes, although an
    # opponent route (Pamplona–Paris) enters Paris.
    players = [seat(["dieppe--paris", "brest--dieppe", "marseille--paris"], stations=["paris"],
                    tickets=["brest--marseille"]),
               seat(["pamplona--paris--blue"])]
    p = final_scoring(EUROPE, players).players[0]
    assert p.borrowed == {"paris": None}
    assert p.tickets == (("brest--marseille", True, 7),)


def test_two_stations_that_could_each_finish_a_ticket():
    # Brest's station (Brest–Paris) or Paris's station (Brest–Paris too, from the other end):
    # the documented order gives the route to the later city id, Paris, and None to Brest.
    players = [seat(["marseille--paris"], stations=["brest", "paris"], tickets=["brest--marseille"]),
               seat(["brest--paris"])]
    p = final_scoring(EUROPE, players).players[0]
    assert p.borrowed == {"brest": None, "paris": "brest--paris"}
    assert p.ticket_points == 7


def test_equivalent_routes_report_the_smallest_id():
    # Frankfurt's station can reach Berlin by either Berlin–Frankfurt track or via Essen.
    players = [seat(["essen--kobenhavn--1", "berlin--essen"], stations=["frankfurt"],
                    tickets=["frankfurt--kobenhavn"]),
               seat(["berlin--frankfurt--red", "essen--frankfurt"]),
               seat(["berlin--frankfurt--black"])]
    p = final_scoring(EUROPE, players).players[0]
    assert p.borrowed == {"frankfurt": "berlin--frankfurt--black"}
    assert p.tickets == (("frankfurt--kobenhavn", True, 5),)


def test_several_players_borrow_the_same_route():
    players = [seat(["amsterdam--essen", "amsterdam--london"], stations=["berlin"], tickets=["london--berlin"]),
               seat(["bruxelles--frankfurt", "essen--frankfurt", "berlin--danzig"], stations=["essen"],
                    tickets=["bruxelles--danzig"]),
               seat(["berlin--essen"])]
    score = final_scoring(EUROPE, players)
    assert score.players[0].borrowed == {"berlin": "berlin--essen"}
    assert score.players[1].borrowed == {"essen": "berlin--essen"}
    assert score.players[0].ticket_points == 7 and score.players[1].ticket_points == 9


def test_one_route_serves_every_ticket_of_a_station():
    # Wien's station may take Wien–Zágráb or Budapest–Wien, not both.
    players = [seat(["munchen--wien"], stations=["wien"], tickets=["zurich--budapest", "paris--zagrab"]),
               seat(["budapest--wien--red", "wien--zagrab", "munchen--zurich", "frankfurt--munchen",
                     "frankfurt--paris--orange"])]
    p = final_scoring(EUROPE, players).players[0]
    assert p.tickets_completed == 0
    players[0] = seat(["munchen--wien", "munchen--zurich"], stations=["wien"],
                      tickets=["zurich--budapest", "paris--zagrab"])
    players[1] = seat(["budapest--wien--red", "wien--zagrab"])
    p = final_scoring(EUROPE, players).players[0]
    assert p.borrowed == {"wien": "budapest--wien--red"}
    assert p.tickets == (("zurich--budapest", True, 6), ("paris--zagrab", False, -7))


def test_unbuilt_stations_score_four_each():
    score = final_scoring(EUROPE, [seat(), seat(stations=["paris"]), seat(stations=["roma", "wien", "riga"])])
    assert [p.station_points for p in score.players] == [12, 8, 0]
    assert [p.stations_built for p in score.players] == [0, 1, 3]
    assert final_scoring(USA, [seat(), seat()]).players[0].station_points == 0


# --------------------------------------------------------------------------- winner and tie-breaks

def test_most_points_wins_without_tie_break():
    score = final_scoring(USA, [seat(["denver--santa-fe"]), seat(["el-paso--houston"])])
    assert score.winner == 1 and score.tie_break is None and score.shared == ()
    assert score.ranking == (1, 0) and score.places == (2, 1)


def test_usa_tie_broken_by_completed_tickets():
    players = [seat(["denver--santa-fe", "el-paso--santa-fe"], tickets=["denver--el-paso"]),  # 4 + 4 + 10
               seat(["denver--helena", "atlanta--nashville"])]                                # 7 + 1 + 10
    score = final_scoring(USA, players)
    assert [p.total for p in score.players] == [18, 18]
    assert score.winner == 0 and score.tie_break == "tickets_completed" and score.shared == ()


def test_usa_tie_broken_by_longest_path():
    players = [seat(["el-paso--houston"]),                                                    # 15 + 10
               seat(["denver--phoenix", "el-paso--oklahoma-city", "montreal--new-york",
                     "portland--seattle--1"])]                                               # 10 + 10 + 4 + 1
    score = final_scoring(USA, players)
    assert [p.total for p in score.players] == [25, 25]
    assert [p.longest_bonus for p in score.players] == [10, 0]
    assert score.winner == 0 and score.tie_break == "longest_bonus"


def test_usa_fully_tied():
    score = final_scoring(USA, [seat(["el-paso--houston"]), seat(["duluth--helena"]), seat()])
    assert [p.total for p in score.players] == [25, 25, 0]
    assert score.winner == 0 and score.tie_break is None and score.shared == (0, 1)
    assert score.ranking == (0, 1, 2) and score.places == (1, 1, 3)


def test_europe_tie_broken_by_completed_tickets():
    players = [seat(["bucuresti--budapest", "bucuresti--sofia", "amsterdam--bruxelles"],
                    tickets=["budapest--sofia"]),          # 7 + 2 + 1 + 5 + 12 (stations) + 10 (trail 6)
               seat(["budapest--kyiv"])]                   # 15 + 12 + 10 (trail 6)
    score = final_scoring(EUROPE, players)
    assert [p.total for p in score.players] == [37, 37]
    assert [p.longest_bonus for p in score.players] == [10, 10]
    assert score.winner == 0 and score.tie_break == "tickets_completed"


def test_europe_tie_broken_by_fewest_stations():
    players = [seat(["palermo--smyrna", "kyiv--smolensk"], stations=["paris"]),   # 15 + 4 + 8 + 10
               seat(["budapest--kyiv"])]                                          # 15 + 12 + 10
    score = final_scoring(EUROPE, players)
    assert [p.total for p in score.players] == [37, 37]
    assert score.winner == 1 and score.tie_break == "fewest_stations"
    assert score.ranking == (1, 0) and score.places == (2, 1)


def test_europe_tie_broken_by_european_express():
    players = [seat(["marseille--roma", "athina--brindisi", "kharkov--moskva", "kyiv--smolensk"]),  # 25 + 12
               seat(["budapest--kyiv"])]                                                       # 15 + 12 + 10
    score = final_scoring(EUROPE, players)
    assert [p.total for p in score.players] == [37, 37]
    assert [p.longest_trail for p in score.players] == [4, 6]
    assert score.winner == 1 and score.tie_break == "longest_bonus"


def test_europe_tickets_then_express_among_three():
    # All three at 38; tickets leave seats 1 and 2; the European Express (seat 2) decides.
    players = [seat(["marseille--roma", "athina--brindisi", "kharkov--moskva", "kyiv--smolensk",
                     "dieppe--paris"]),                                     # 26 + 12, trail 4
               seat(["venezia--zagrab", "roma--venezia", "brindisi--roma", "berlin--danzig",
                     "brest--pamplona"], tickets=["zagrab--brindisi"]),     # 20 + 6 + 12, trail 6
               seat(["bucuresti--budapest", "bucuresti--sofia", "budapest--zagrab"],
                    tickets=["budapest--sofia"])]                           # 11 + 5 + 12 + 10, trail 8
    score = final_scoring(EUROPE, players)
    assert [p.total for p in score.players] == [38, 38, 38]
    assert [p.tickets_completed for p in score.players] == [0, 1, 1]
    assert score.winner == 2 and score.tie_break == "longest_bonus"
    assert score.ranking == (2, 1, 0) and score.places == (3, 2, 1)


def test_europe_fully_tied():
    score = final_scoring(EUROPE, [seat(["budapest--kyiv"]), seat(["palermo--smyrna"])])
    assert [p.total for p in score.players] == [37, 37]
    assert score.winner == 0 and score.tie_break is None and score.shared == (0, 1)
    assert score.places == (1, 1)


# --------------------------------------------------------------------------- output and bad input

def test_to_json_is_plain_json():
    players = [seat(["frankfurt--paris--orange", "frankfurt--munchen", "amsterdam--frankfurt"],
                    stations=["paris", "munchen"], tickets=["amsterdam--pamplona", "brest--venezia"]),
               seat(["pamplona--paris--blue", "brest--paris", "munchen--venezia"])]
    data = final_scoring(EUROPE, players).to_json()
    assert json.loads(json.dumps(data)) == data
    first = data["players"][0]
    for key in ("route_points", "ticket_points", "station_points", "longest_trail", "longest_bonus",
                "tickets_completed", "total", "tickets", "borrowed", "trail"):
        assert key in first
    assert first["borrowed"] == {"munchen": "munchen--venezia", "paris": "brest--paris"}
    assert first["tickets"][1] == {"id": "brest--venezia", "completed": True, "points": 8}
    assert first["total"] == (first["route_points"] + first["ticket_points"] + first["station_points"]
                              + first["longest_bonus"])
    assert {"winner", "tie_break", "shared", "ranking", "places"} <= set(data)


@pytest.mark.parametrize("game_map, players, message", [
    (USA, [seat(["nowhere--omaha"])], "no route 'nowhere--omaha'"),
    (USA, [seat(["denver--omaha"]), seat(["denver--omaha"])], "claimed by seat 0 and seat 1"),
    (USA, [seat(stations=["denver"])], "allows 0"),
    (EUROPE, [seat(stations=["paris", "roma", "wien", "riga"])], "allows 3"),
    (EUROPE, [seat(stations=["paris"]), seat(stations=["paris"])], "stations of seat 0 and seat 1"),
    (EUROPE, [seat(stations=["atlantis"])], "no city 'atlantis'"),
    (EUROPE, [seat(tickets=["paris--atlantis"])], "no ticket 'paris--atlantis'"),
    (EUROPE, [seat(tickets=["paris--wien"]), seat(tickets=["paris--wien"])], "held by seat 0 and seat 1"),
    (EUROPE, [], "at least one player"),
])
def test_impossible_positions_are_rejected(game_map, players, message):
    with pytest.raises(ScoringError, match=message):
        final_scoring(game_map, players)
