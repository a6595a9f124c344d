"""The end screen's facts agree with the engine's final scoring."""

import itertools

from game.scenario import load_scenario
from game.ui import ending
from game.ui.session import Session


def finished(scenario):
    game = Session(scenario)
    while not game.over:
        game.acknowledge_handoff()
        game.play(game.ai_action())
    return game.state


def test_breakdowns_follow_the_ranking_and_add_up():
    state = finished({"map": "europe", "players": ["A", "B", "C"], "seed": 12})
    result = state["result"]
    rows = ending.breakdowns(state)
    assert [r.seat for r in rows] == result["ranking"]
    for r in rows:
        assert r.total == state["players"][r.seat]["score"]
        assert r.total == r.route_points + r.ticket_points + r.station_points + r.longest_bonus
        assert sum(points for _, _, points in r.tickets) == r.ticket_points
    key, params = ending.verdict(state)
    if result["shared"]:
        assert key == "end.shared"
    else:
        assert params["name"] == state["players"][result["winner"]]["name"]
        assert key == ("end.winner" if result["tie_break"] is None else f"end.tie_break.{result['tie_break']}")
    layers = ending.end_highlights(state)      # the bonus holders' trails only, every borrowed route
    assert layers["trail"] == {r for p in result["players"] if p["longest_bonus"] for r in p["trail"]}
    assert layers["trail"] and layers["borrowed"] == {r for p in result["players"] for r in p["borrowed"].values() if r}


def test_a_tie_broken_by_tickets_is_explained():
    state, _ = load_scenario({"map": "usa", "players": ["Ann", "Bob"], "seed": 1})
    state["result"] = {"players": [], "ranking": [1, 0], "places": [2, 1], "winner": 1,
                       "tie_break": "tickets_completed", "shared": []}
    assert ending.verdict(state) == ("end.tie_break.tickets_completed", {"name": "Bob"})
    state["result"] = {**state["result"], "tie_break": None, "shared": [0, 1], "winner": 0}
    assert ending.verdict(state) == ("end.shared", {"names": "Ann and Bob"})


def test_the_scores_over_the_game_and_the_numbers_agree_with_the_result():
    from game.ui import ending
    from game.ui.session import Session
    from game.ui.setup import GameOptions, Seat
    game = Session(GameOptions("europe", "europe", (Seat("Ann", "ai", "red", "easy"), Seat("Bob", "ai", "blue", "easy")),
                               "4").scenario(0))
    while not game.over:
        game.play(game.ai_action())
    history = ending.score_history(game.state, game.public_events)
    result = game.state["result"]["players"]
    for seat, scores in enumerate(history):
        assert scores[0] == 0 and scores[-1] == result[seat]["total"]
        assert scores[-2] == result[seat]["route_points"]              # the routes' points, as claimed
        assert scores[:-1] == sorted(scores[:-1])                      # route points only grow
    stats = ending.statistics(game.state, game.public_events)
    for row in stats:
        player = game.state["players"][row.seat]
        assert row.routes == len(player["routes"]) and row.trains == 45 - player["trains"]
        assert row.tickets_done + row.tickets_failed == len(player["tickets"])
        assert row.cards == sum(1 for e in game.events if e["kind"] == "draw" and e["seat"] == row.seat)


def test_the_score_chart_has_round_gridlines_over_every_score_and_rounds_below():
    game = Session({"map": "europe", "players": ["A", "B", "C"], "seed": 12})
    while not game.over:
        game.acknowledge_handoff()
        game.play(game.ai_action())
    chart = ending.score_chart(game.state, game.public_events)
    assert chart.lines == tuple(map(tuple, ending.score_history(game.state, game.public_events)))
    values = [v for line in chart.lines for v in line]
    assert chart.low <= min(0, *values) and max(values) <= chart.high
    assert chart.y_ticks[0] == chart.low and chart.y_ticks[-1] == chart.high and 0 in chart.y_ticks
    step = chart.y_ticks[1] - chart.y_ticks[0]
    assert step in (1, 2, 5, 10, 20, 50, 100, 200) and 3 <= len(chart.y_ticks) <= 9
    assert all(b - a == step for a, b in zip(chart.y_ticks, chart.y_ticks[1:]))
    assert chart.x_ticks[0] == 0 and chart.x_ticks[-1] <= chart.rounds < chart.steps
    assert 3 <= len(chart.x_ticks) <= 12


def test_end_labels_keep_apart_inside_the_chart():
    placed = ending.spread_labels([0, 2, 3, 150], 13, -6, 156)
    assert sorted(placed) == placed and all(b - a >= 13 - 1e-9 for a, b in itertools.pairwise(placed))
    assert placed[0] >= -6 and placed[-1] == 150
    assert ending.spread_labels([40, 100], 13, 0, 150) == [40.0, 100.0]
