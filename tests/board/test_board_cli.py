"""``python3 -m game render``: the empty board, a scenario's position, and clear refusals."""

import json
import xml.etree.ElementTree as ET

import pytest

from game import cli
from game.board import cli as board_cli  # noqa: F401  (registers the render command)


def run(capsys, *argv):
    status = cli.main(["render", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def test_empty_board_to_standard_output(capsys):
    status, out, err = run(capsys, "--map", "europe")
    assert status == 0 and err == ""
    root = ET.fromstring(out)
    assert root.get("class") == "ttr-board map-europe"


def test_scenario_position_as_the_player_to_act_sees_it(capsys, tmp_path):
    scenario = tmp_path / "s.json"
    scenario.write_text(json.dumps({"map": "usa", "players": ["Ann", "Bob"], "seed": 3}), encoding="utf-8")
    out_file = tmp_path / "board.svg"
    status, out, err = run(capsys, "--scenario", str(scenario), "--output", str(out_file), "--size", "640")
    assert (status, out, err) == (0, "", "")
    root = ET.fromstring(out_file.read_text(encoding="utf-8"))
    assert root.get("class") == "ttr-board map-usa" and root.get("width") == "640"


@pytest.mark.parametrize("argv, message", [
    ([], "give --map or --scenario"),
    (["--map", "usa", "--seat", "1"], "--seat and --claimable need a --scenario"),
    (["--map", "usa", "--size", "0"], "--size must be a positive"),
])
def test_bad_options_are_refused(capsys, argv, message):
    status, out, err = run(capsys, *argv)
    assert status == cli.EXIT_BAD_INPUT and out == "" and message in err


def test_bad_scenarios_are_refused(capsys, tmp_path):
    broken = tmp_path / "broken.json"
    broken.write_text("{not json", encoding="utf-8")
    status, out, err = run(capsys, "--scenario", str(broken))
    assert status == cli.EXIT_BAD_INPUT and out == "" and "not valid JSON" in err
    other = tmp_path / "usa.json"
    other.write_text(json.dumps({"map": "usa", "players": ["Ann", "Bob"], "seed": 1}), encoding="utf-8")
    status, _, err = run(capsys, "--map", "europe", "--scenario", str(other))
    assert status == cli.EXIT_BAD_INPUT and "usa map, not europe" in err
    status, _, err = run(capsys, "--scenario", str(other), "--seat", "7")
    assert status == cli.EXIT_BAD_INPUT and "seat 7" in err
