"""Scenario files: loading, positions, malformed input, saves, and the replay/simulate CLI."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from engine_helpers import check_invariants, random_game

from game.cli import main
from game.rng import Rng
from game.rules import apply_action, sample_action
from game.scenario import (
    ScenarioActionError,
    ScenarioError,
    load_scenario,
    play_scenario,
    to_scenario,
)
from game.state import new_game, to_json

ROOT = Path(__file__).resolve().parents[2]


def scenario(**more) -> dict:
    return {"format": 1, "map": "europe", "players": [{"name": "Ann"}, {"name": "Bot", "kind": "ai"}], "seed": 11,
            **more}


def test_seeded_setup_is_reproducible():
    a, _ = load_scenario(scenario())
    b, _ = load_scenario(scenario())
    assert to_json(a) == to_json(b) and a["players"][1]["kind"] == "ai"


def test_position_fields():
    s, _ = load_scenario(scenario(position={
        "players": [{"hand": {"red": 3}, "routes": ["amsterdam--essen"], "stations": ["wien"], "tickets": ["lisboa--danzig"]},
                    {"trains": 30, "score": 12}],
        "market": ["red", "red", "blue", "green", "white"], "current": 1, "last_round": 2},
        actions=["draw red", "draw deck"]))
    p0, p1 = s["players"]
    assert p0["trains"] == 42 and p0["score"] == 4 and p0["hand"]["red"] == 3 and p0["stations"] == ["wien"]
    assert p1["trains"] == 30 and p1["score"] == 12 and s["current"] == 1 and s["phase"] == "start"
    assert "lisboa--danzig" not in s["ticket_deck"] and "lisboa--danzig" not in s["box"]
    state, _ = play_scenario(scenario(position={"market": ["red", "red", "blue", "green", "white"], "current": 1},
                                      actions=["draw red", "draw deck"]))
    assert state["current"] == 0


@pytest.mark.parametrize("bad,where", [
    ([], "JSON object"), ({"players": ["a", "b"]}, "map"), ({"map": "mars", "players": ["a", "b"]}, "unknown map"),
    (scenario(variant="usa"), "no variant"), (scenario(players=["solo"]), "2 to 5"),
    (scenario(players=[{"name": "a", "kind": "robot"}, "b"]), "players[0].kind"),
    (scenario(format=9), "format"), (scenario(colour="x"), "unknown field"),
    (scenario(position={"players": [{"hand": {"red": 13}}, {}]}), "more 'red' cards"),
    (scenario(position={"players": [{"hand": {"pink": 1}}, {}]}), "players[0].hand"),
    (scenario(position={"players": [{"routes": ["nowhere"]}, {}]}), "no route 'nowhere'"),
    (scenario(position={"players": [{"routes": ["amsterdam--essen"]}, {"routes": ["amsterdam--essen"]}]}),
     "owned twice"),
    (scenario(position={"players": [{"routes": ["dieppe--london--1"]}, {"routes": ["dieppe--london--2"]}]}),
     "only one track"),
    (scenario(position={"players": [{"tickets": ["lisboa--danzig"]}, {"tickets": ["lisboa--danzig"]}]}), "also in"),
    (scenario(position={"phase": "dancing"}), "position.phase"),
    (scenario(position={"market": ["red"] * 6}), "market"),
    (scenario(position={"deck": ["red"]}), "cards"),
    (scenario(position={"players": [{}]}), "one object per player"),
    (scenario(position={"current": 7}), "current"),
    (scenario(position={"phase": "tickets"}), "offer"),
    (scenario(position={"rng": "zz"}), "rng"),
    (scenario(actions="draw deck"), "actions"),
    (scenario(map=["usa"]), "map: expected a map id (text), not a list"),
    (scenario(variant=["mega"]), "variant: expected a variant id (text), not a list"),
    (scenario(first=True), "first: seat true is not a player"),
    (scenario(seed=1.5), "seed"),
    (scenario(format=True), "format: this program reads format 1, not true"),
    (scenario(players=["Ann", "ann"]), "looks the same as players[0]'s name 'Ann'"),
    (scenario(players=["Ann", "B\u200bob"]), "players[1].name: the name 'B\\u200bob' holds control or invisible"),
    (scenario(players=["Ann", " \u3164 "]), "has no visible character"),
    (scenario(players=["Ann", "y" * 31]), "longer than 30 characters"),
    (scenario(position={"passes": 10 ** 7}), "passes: expected an integer from 0 to 1,000,000"),
    (scenario(position={"turn": -1}), "turn: expected an integer from 0 to 1,000,000"),
    (scenario(position={"players": [{"score": -(10 ** 7)}, {}]}), "players[0].score"),
    (scenario(position={"players": [{"hand": {"red": True}}, {}]}), "players[0].hand"),
    (scenario(position={"players": [{"routes": [["amsterdam--essen"]]}, {}]}), "no route a list"),
    (scenario(position={"players": [{"tickets": [{"id": "x"}]}, {}]}), "expected a list of ticket ids"),
    (scenario(position={"players": [{"stations": [7]}, {}]}), "no city 7"),
    (scenario(position={"phase": "over", "players": [{"routes": ["nowhere"]}, {}]}), "no route 'nowhere'"),
    (scenario(position={"discard": 5}), "position.cards: expected lists of card kinds"),
    (scenario(position={"deck": [], "discard": 5}), "position.discard: expected a list of card kinds"),
    (scenario(position={"rng": "0x00000000000000"}), "rng: expected 16 hexadecimal digits"),
])
def test_malformed_scenarios_say_where_and_why(bad, where):
    with pytest.raises(ScenarioError) as info:
        load_scenario(bad)
    assert where in str(info.value)


def test_illegal_action_names_its_index():
    with pytest.raises(ScenarioActionError) as info:
        play_scenario(scenario(actions=["keep lisboa--danzig", "fly away"]))
    assert info.value.index == 1 and "fly away" in str(info.value)
    with pytest.raises(ScenarioActionError) as info:
        play_scenario(scenario(position={}, actions=["draw deck", "draw deck", "pass"]))
    assert info.value.index == 2 and "only allowed when no other action" in str(info.value)


def test_save_reproduces_the_state_exactly():
    state = new_game("europe", "mega", 3, seed=5)
    agent = Rng.from_seed(5)
    while True:
        if state["turn"] % 37 == 0 or state["phase"] in ("tunnel", "tickets", "over"):
            loaded, _ = load_scenario(json.loads(json.dumps(to_scenario(state))))
            assert to_json(loaded) == to_json(state)
        if state["phase"] == "over":
            break
        apply_action(state, sample_action(state, agent))


def test_scenario_with_actions_to_the_end():
    state, actions = random_game("usa", "usa", 2, seed=3, check=False)
    replayed, _ = play_scenario({"map": "usa", "players": ["Player 1", "Player 2"], "seed": 3,
                                 "actions": [str(a) for a in actions]})
    assert to_json(replayed) == to_json(state)
    check_invariants(replayed)


def run_cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "game", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=120, check=False)


def test_replay_cli_reports_the_end(tmp_path):
    state, actions = random_game("europe", "europe", 3, seed=8, check=False)
    path = tmp_path / "game.json"
    path.write_text(json.dumps({"map": "europe", "players": ["A", "B", "C"], "seed": 8,
                                "actions": [str(a) for a in actions]}))
    out = run_cli("replay", str(path))
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    assert report["phase"] == "over" and report["winner"] == state["result"]["winner"]
    for entry in report["players"]:
        assert {"route_points", "ticket_points", "station_points", "longest_trail", "longest_bonus",
                "tickets_completed", "total", "borrowed", "hand", "tickets", "trains", "stations", "score"} <= set(entry)


def test_replay_cli_errors(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(scenario(actions=["draw deck"])))
    out = run_cli("replay", str(path))
    assert out.returncode == 2 and "action 0" in out.stderr and "initial ticket choice" in out.stderr
    path.write_text("{not json")
    out = run_cli("replay", str(path))
    assert out.returncode == 1 and "not valid JSON" in out.stderr
    out = run_cli("replay", str(tmp_path / "missing.json"))
    assert out.returncode == 1 and "cannot read" in out.stderr
    path.write_text("[" * 100_000 + "]" * 100_000)
    out = run_cli("replay", str(path))
    assert out.returncode == 1 and "nested more than 64 levels deep" in out.stderr and "Traceback" not in out.stderr
    path.write_text(" " * 2_000_001)
    out = run_cli("replay", str(path))
    assert out.returncode == 1 and "larger than 2,000,000 bytes" in out.stderr


def test_the_commands_are_listed_not_registered_on_import():
    from game.cli import commands
    assert list(commands()) == ["replay", "simulate", "render", "tournament", "embed"]


def test_simulate_cli(capsys):
    assert main(["simulate", "--map", "europe", "--variant", "big-cities", "--players", "3", "--games", "3",
                 "--seed", "4"]) == 0
    stats = json.loads(capsys.readouterr().out)
    assert stats["games"] == 3 and stats["variant"] == "big-cities" and sum(stats["wins_by_seat"]) == 3
    assert main(["simulate", "--map", "europe", "--players", "9", "--games", "1"]) == 1
    assert "2 to 5" in capsys.readouterr().err


@pytest.mark.parametrize("name,route,hand_left", [
    ("smyrna-palermo.json", "palermo--smyrna", {"red": 1}),
    ("tunnel-locomotive-revealed.json", "venezia--zurich", {}),
])
def test_example_scenario_files(name, route, hand_left):
    out = run_cli("replay", str(ROOT / "tests" / "engine" / "scenarios" / name))
    assert out.returncode == 0, out.stderr
    ann = json.loads(out.stdout)["players"][0]
    assert ann["routes"] == [route]
    assert {k: v for k, v in ann["hand"].items() if v} == hand_left


def test_a_finished_state_must_hold_its_own_final_scoring():
    from game.state import StateError, from_json
    state = new_game("usa", None, 2, seed=4)
    agent = Rng.from_seed(4)
    while state["phase"] != "over":
        apply_action(state, sample_action(state, agent))
    assert from_json(to_json(state)) == state
    for edit in (lambda s: s["result"].update(winner=1 - s["result"]["winner"]),
                 lambda s: s.update(result={}), lambda s: s["players"][0].update(score=999)):
        bad = json.loads(to_json(state))
        edit(bad)
        with pytest.raises(StateError, match="final"):
            from_json(json.dumps(bad))
