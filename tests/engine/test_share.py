"""Scenarios in links and lessons: the #s= fragment round-trips and refuses damage with a
message; steps are checked against the map, the seats and the actions; stated facts are
checked against the engine; the embed command prints a link and a snippet that shows the
board at once."""

import base64
import json
import zlib

import pytest

from game.cli import main
from game.mapdata import load_map
from game.scenario import ScenarioError, load_scenario, play_scenario
from game.share import LinkError, embed_link, fragment, read_fragment
from game.steps import StepsError, fact_problems, read_steps

SCENARIO = {"map": "usa", "players": ["Ann", "Bob"], "seed": 3,
            "actions": ["keep dallas--new-york,seattle--new-york", "keep sault-st-marie--nashville,winnipeg--little-rock"]}


def test_a_fragment_round_trips_and_is_short():
    text = fragment(SCENARIO)
    assert read_fragment(text) == SCENARIO and len(text) < 200
    big = {**SCENARIO, "steps": [{"after": 0, "text": "é" * 500}]}
    assert read_fragment(fragment(big)) == big


@pytest.mark.parametrize("text, words", [
    ("x=abc", "does not start with s="),
    ("s=@@@@", "damaged"),
    ("s=" + base64.urlsafe_b64encode(b"not deflate at all").decode(), "damaged"),
    ("s=" + "A" * 300_000, "longer than"),
])
def test_a_damaged_fragment_says_what_is_wrong(text, words):
    with pytest.raises(LinkError, match=words):
        read_fragment(text)


def test_a_deflate_bomb_and_bad_json_are_refused():
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    bomb = packer.compress(b"[" * 5_000_000) + packer.flush()
    with pytest.raises(LinkError, match="too large"):
        read_fragment("s=" + base64.urlsafe_b64encode(bomb).decode().rstrip("="))
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    broken = packer.compress(b'{"map": ') + packer.flush()
    with pytest.raises(LinkError, match="not valid JSON"):
        read_fragment("s=" + base64.urlsafe_b64encode(broken).decode())


def test_links_carry_their_options():
    link = embed_link("https://rules.example/ttr", SCENARIO, step=1, view=0, controls="play")
    assert link.startswith("https://rules.example/ttr/index.html?embed&step=1&view=0&controls=play#s=")
    assert read_fragment(link.split("#", 1)[1]) == SCENARIO
    assert embed_link("https://x/", file="examples/tunnel.json").endswith("?embed&scenario=examples/tunnel.json&view=none")


@pytest.mark.parametrize("steps, words", [
    ("nope", "a list"),
    ([], "a list"),
    ([{"after": 3}], "from 0 to 2"),
    ([{"after": 1}, {"after": 0}], "from 1 to 2"),
    ([{"after": 0, "text": 5}], "text"),
    ([{"after": 0, "highlight": {"routes": ["nowhere"]}}], "'nowhere' is not one of the routes"),
    ([{"after": 0, "highlight": {"cards": ["pink"]}}], "cards"),
    ([{"after": 0, "facts": {"scores": [1]}}], "2 whole numbers"),
    ([{"after": 0, "facts": {"owners": {"denver--omaha": 7}}}], "seat"),
    ([{"after": 0, "colour": "red"}], "unknown field"),
])
def test_malformed_steps_name_the_step_and_the_field(steps, words):
    with pytest.raises(StepsError, match=words):
        read_steps(steps, load_map("usa"), 2, 2)
    with pytest.raises(ScenarioError, match=words):
        load_scenario({**SCENARIO, "steps": steps})


def test_stated_facts_are_checked_against_the_engine():
    state, _ = play_scenario(SCENARIO)
    assert fact_problems(state, {"scores": [0, 0], "trains": [45, 45], "owners": {"denver--omaha": None}}) == []
    hand = {k: n for k, n in state["players"][0]["hand"].items() if n}
    assert fact_problems(state, {"hands": {"0": hand}}) == []
    assert fact_problems(state, {"scores": [1, 0]}) == ["scores: stated [1, 0], the game has [0, 0]"]


def test_the_embed_command_prints_a_link_and_a_board_to_show_at_once(tmp_path, capsys):
    path = tmp_path / "lesson.json"
    path.write_text(json.dumps({**SCENARIO, "steps": [{"after": 0, "text": "Ann chooses."},
                                                      {"after": 2, "highlight": {"routes": ["denver--omaha"]}}]}))
    assert main(["embed", str(path), "--step", "1", "--base", "https://rules.example/ttr/"]) == 0
    link, _, html = capsys.readouterr().out.strip().split("\n", 2)
    assert link.startswith("https://rules.example/ttr/index.html?embed&step=1&view=none&controls=steps#s=")
    assert html.startswith("<iframe") and "&lt;svg" in html and "srcdoc=" in html and "<script" not in html
    assert main(["embed", str(path), "--step", "9"]) == 1
    assert "steps 0 to 1" in capsys.readouterr().err
    path.write_text("{")
    assert main(["embed", str(path)]) == 1
