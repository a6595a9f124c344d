"""The final scoring revealed step by step (issue #28) orders the engine's numbers and changes none:
seeded AI games on both maps, with stations borrowing routes."""

import functools

import pytest

from game import i18n
from game.board.highlights import Highlights
from game.mapdata import load_map
from game.scoring import route_owners
from game.ui import reveal, work
from game.ui import screen as ui_screen
from game.ui.session import Session

GAMES = [("usa", 2, 1), ("usa", 4, 7), ("europe", 3, 12), ("europe", 5, 4), ("europe", 2, 30), ("europe", 4, 9)]


@functools.cache
def finished(map_id: str, players: int, seed: int) -> dict:
    game = Session({"map": map_id, "players": [f"P{i}" for i in range(players)], "seed": seed})
    while not game.over:
        game.acknowledge_handoff()
        game.play(game.ai_action())
    return game.state


def walk(map_id: str, route_ids, cities: tuple[str, str]) -> bool:
    """Whether ``route_ids`` are one path, in order, from the first city to the second."""
    game_map = load_map(map_id)
    at = cities[0]
    for route_id in route_ids:
        r = game_map.route(route_id)
        if at not in (r.a, r.b):
            return False
        at = r.other_end(at)
    return at == cities[1]


@pytest.mark.parametrize("game", GAMES, ids=lambda g: f"{g[0]}-{g[1]}p-seed{g[2]}")
def test_every_step_orders_the_engines_numbers_and_the_totals_end_at_the_final_scores(game):
    state = finished(*game)
    result = state["result"]
    shown = reveal.scoring_reveal(state)
    scores = result["players"]
    assert shown.start == tuple(p["route_points"] for p in scores)
    assert sorted(shown.order) == list(range(len(scores))) and shown.order[0] == state["first"]
    running = list(shown.start)
    for step in shown.steps:
        running[step.seat] += step.points
        assert step.total == running[step.seat]
    end = shown.frame(len(shown.steps))
    assert end.totals == tuple(p["total"] for p in scores) == tuple(p["score"] for p in state["players"])
    owner = route_owners(p["routes"] for p in state["players"])
    for seat, score in enumerate(scores):
        mine = [s for s in shown.steps if s.seat == seat]
        tickets = [s for s in mine if s.kind == reveal.TICKET]
        assert [(s.ticket, s.completed, s.points) for s in tickets] == \
               [(t["id"], t["completed"], t["points"]) for t in score["tickets"]]
        borrowed = {r for r in score["borrowed"].values() if r}
        for s in tickets:
            t = load_map(state["map"]).ticket(s.ticket)
            assert s.cities == (t.a, t.b)
            if not s.completed:
                assert s.lit == ()                  # a failed ticket: its cities, no path
                continue
            assert all(owner[r] == seat for r in s.routes)      # its own routes, plus what its stations borrow
            assert set(s.borrowed) <= borrowed and all(owner[r] != seat for r in s.borrowed)
            path = path_in_order(state["map"], s.lit, t.a)
            assert len(path) == len(s.lit) and walk(state["map"], path, (t.a, t.b))
        stations = [s for s in mine if s.kind == reveal.STATIONS]
        if load_map(state["map"]).rules.get("stations"):
            assert [(s.points, s.count, set(s.cities), set(s.borrowed)) for s in stations] == \
                   [(score["station_points"], 3 - score["stations_built"], set(state["players"][seat]["stations"]),
                     borrowed)]
        else:
            assert not stations
        bonus = [s for s in mine if s.kind == reveal.LONGEST]
        assert [(s.points, s.routes, s.count) for s in bonus] == \
               ([(score["longest_bonus"], tuple(score["trail"]), score["longest_trail"])] if score["longest_bonus"] else [])
    kinds = [s.kind for s in shown.steps]
    assert kinds.index(reveal.LONGEST) == len(kinds) - sum(k == reveal.LONGEST for k in kinds)     # the bonus comes last


def path_in_order(map_id: str, routes, start: str) -> list[str]:
    """The routes of a path, in order from ``start``."""
    game_map, left, ordered, at = load_map(map_id), list(routes), [], start
    while left:
        nxt = next((r for r in left if at in (game_map.route(r).a, game_map.route(r).b)), None)
        if nxt is None:
            return ordered
        left.remove(nxt)
        ordered.append(nxt)
        at = game_map.route(nxt).other_end(at)
    return ordered


def test_the_games_played_borrow_routes_through_stations_and_fail_tickets():
    """The sample games cover what the reveal must show: a ticket completed through a borrowed
    route, a failed ticket, a station step, a bonus on each map."""
    steps = [s for g in GAMES for s in reveal.scoring_reveal(finished(*g)).steps]
    assert any(s.kind == reveal.TICKET and s.borrowed for s in steps)
    assert any(s.kind == reveal.TICKET and not s.completed for s in steps)
    assert any(s.kind == reveal.STATIONS and s.points for s in steps)


def test_frames_show_the_seat_being_scored_and_its_lines_so_far():
    state = finished("europe", 3, 12)
    shown = reveal.scoring_reveal(state)
    opening = shown.frame(0)
    assert opening.step is None and opening.totals == shown.start and opening.lines == ()
    for n in range(1, len(shown.steps) + 1):
        frame = shown.frame(n)
        assert frame.step == shown.steps[n - 1] and frame.lines[-1] == frame.step
        assert all(s.seat == frame.step.seat for s in frame.lines)
        assert frame.totals[frame.step.seat] == frame.step.total
    assert shown.frame(10 ** 6) == shown.frame(len(shown.steps)) and shown.frame(-1) == opening


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_each_step_is_one_line_in_every_language(language):
    state = finished("europe", 3, 12)
    shown = reveal.scoring_reveal(state)
    i18n.set_language(language)
    try:
        lines = [reveal.announcement(state, shown.frame(n)) for n in range(len(shown.steps) + 1)]
    finally:
        i18n.set_language("en")
    assert len(set(lines)) == len(lines) and all(line and "\n" not in line and "{" not in line for line in lines)
    assert all(str(s.total) in line for s, line in zip(shown.steps, lines[1:]))



# --- the table: when the reveal plays, its pace, Skip and Replay -------------------------------

def table_before_the_last_move(ai_delay: int):
    """A table on a stored Europe game one move from its end, and that move."""
    from game.ui.commands import OpenSave
    from game.ui.controller import Table
    from game.ui.saves import SaveCatalog
    from game.ui.storage import DictBackend
    game = Session({"map": "europe", "players": ["A", "B", "C"], "seed": 12})
    while not game.over:
        game.acknowledge_handoff()
        game.play(game.ai_action())
    scenario = game.scenario()
    last = scenario["actions"][-1]
    before = {**scenario, "actions": scenario["actions"][:-1]}
    store = {}
    SaveCatalog(DictBackend(store)).write("g1", before, {"map": "europe", "players": []}, 1.0)
    table = Table(SaveCatalog(DictBackend(store)), clock=lambda: 5.0, fresh_seed=lambda: 1, ai_delay=ai_delay)
    table.handle(OpenSave("g1"))
    assert not table.session.over and table.scoring_frame() is None
    action = next(a for a in table.session.legal() if str(a) == last)
    return table, action


def test_a_game_ending_on_the_table_reveals_its_scoring_step_by_step_until_the_final_table():
    from game.ui.commands import OpenSave, ReplayScoring, SelectColour, SkipScoring
    from game.ui.page_events import ScoringDue
    from game.ui.reveal_pacing import SCORING_STEP_MS
    table, last = table_before_the_last_move(ai_delay=250)         # "fast"
    played = work.effects(table, table.play(last))
    assert table.session.over
    steps = reveal.scoring_reveal(table.session.state).steps
    frame = table.scoring_frame()
    assert frame.shown == 0 and frame.step is None
    assert ui_screen.highlights(table, table.session.view()) == Highlights()       # nothing lit yet
    tick = played.scoring_tick
    assert tick.delay_ms == SCORING_STEP_MS["fast"] and table.handle(SelectColour(None)).scoring_tick is None   # one at a time
    for n, step in enumerate(steps, 1):
        due = table.handle(ScoringDue(tick.ticket))
        assert due.redraw.value == "screen"
        assert table.scoring_frame().step == step
        hl = ui_screen.highlights(table, table.session.view())
        assert hl.network == set(step.routes) and hl.borrowed == set(step.borrowed) and hl.cities == set(step.cities)
        assert not hl.trail
        tick = due.scoring_tick
    table.handle(ScoringDue(tick.ticket))
    assert table.scoring_frame() is None and ui_screen.highlights(table, table.session.view()).trail   # the final table
    tick = table.handle(ReplayScoring()).scoring_tick
    again = table.handle(ReplayScoring())                          # started again: the old timer is ignored
    assert table.handle(ScoringDue(tick.ticket)).redraw.value == "nothing" and table.scoring_frame().shown == 0
    table.handle(ScoringDue(again.scoring_tick.ticket))
    assert table.scoring_frame().shown == 1
    table.handle(SkipScoring())
    assert table.scoring_frame() is None
    opened = table.handle(OpenSave(table.game_id))                 # reopened: the final table, no replay
    assert table.session.over and table.scoring_frame() is None and opened.scoring_tick is None


def test_at_the_instant_speed_the_final_table_comes_at_once_but_a_replay_plays_at_the_normal_pace():
    from game.ui.commands import ReplayScoring
    from game.ui.reveal_pacing import SCORING_STEP_MS
    table, last = table_before_the_last_move(ai_delay=0)
    played = work.effects(table, table.play(last))
    assert table.session.over and table.scoring_frame() is None and played.scoring_tick is None
    replayed = table.handle(ReplayScoring())
    assert table.scoring_frame().shown == 0 and replayed.scoring_tick.delay_ms == SCORING_STEP_MS["normal"]
