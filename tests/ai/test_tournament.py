"""The tournament harness: seats rotate, the report is deterministic (whatever the number of
worker processes, and when a logged run is resumed), the interval is Wilson's, and bad options
get a clear message."""

from __future__ import annotations

import json

import pytest

from game.ai.tournament import run_tournament, wilson
from game.cli import EXIT_BAD_INPUT, main


def test_wilson_interval():
    assert wilson(60, 100) == [0.502, 0.6906]
    assert wilson(0, 10) == [0.0, 0.2775]
    assert wilson(10, 10) == [0.7225, 1.0]
    low, high = wilson(240, 400)
    assert low > 0.55 and high < 0.65


def test_report_is_deterministic_and_independent_of_jobs():
    args = ("usa", None, 3, 3, 5, ["one-step", "long-route", "route-focus"])
    one = run_tournament(*args)
    assert run_tournament(*args) == one
    assert run_tournament(*args, jobs=2) == one
    assert sorted(one["agents"]) == ["long-route", "one-step", "route-focus"]
    assert all(a["games"] == 3 and 0 <= a["win_rate"] <= 1 for a in one["agents"].values())
    assert sum(a["wins"] for a in one["agents"].values()) >= 3


def test_a_logged_run_stopped_anywhere_goes_on_to_the_same_report(tmp_path):
    args = ("usa", None, 2, 3, 5, ["one-step", "long-route"])
    whole = run_tournament(*args)
    log = tmp_path / "games.jsonl"
    assert run_tournament(*args, log=log) == whole
    lines = log.read_text().splitlines()
    assert [json.loads(line)["game"][3] for line in lines] == [0, 1, 2]
    log.write_text("\n".join(lines[:2]) + "\n" + lines[2][:40])      # stopped while writing game 2
    assert run_tournament(*args, log=log, jobs=2) == whole
    def games(text):                    # the games logged, but their decision times
        return [{k: v for k, v in json.loads(line).items() if k != "times"} for line in text.splitlines()]
    assert games(log.read_text()) == games("\n".join(lines))
    with pytest.raises(ValueError, match="line 1: not a game of this tournament"):
        run_tournament("usa", None, 2, 3, 6, ["one-step", "long-route"], log=log)


def test_same_agent_in_several_seats_is_numbered():
    report = run_tournament("europe", None, 2, 2, 0, ["easy", "easy"])
    assert sorted(report["agents"]) == ["easy", "easy#2"]


def test_cli_prints_json(capsys):
    assert main(["tournament", "--map", "usa", "--players", "2", "--games", "2", "--seed", "3",
                 "--agents", "one-step,route-focus"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["players"] == 2 and set(report["agents"]["one-step"]) == {"games", "wins", "win_rate", "ci95",
                                                                             "mean_score"}


@pytest.mark.parametrize("argv,message", [
    (["--players", "3", "--agents", "easy,medium"], "give one per seat"),
    (["--players", "2", "--agents", "easy,grandmaster"], "unknown agent(s) grandmaster"),
    (["--players", "2", "--agents", "easy,medium", "--games", "0"], "at least 1"),
    (["--players", "2", "--agents", "easy,medium", "--variant", "nope"], "no variant 'nope'"),
])
def test_cli_bad_options(capsys, argv, message):
    assert main(["tournament", "--map", "usa", *argv]) == EXIT_BAD_INPUT
    assert message in capsys.readouterr().err
