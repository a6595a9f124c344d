"""The last round is announced to each human player at the start of their last turn, after
any handoff, once; it holds only public facts; a reload shows it again until that player acts."""

import json

import pytest

from game.i18n import set_language
from game.ui.session import Session, open_session


@pytest.fixture(autouse=True)
def english():
    set_language("en")


def near_the_end(kinds=("human", "human")):
    """Ann claims Atlanta–Charleston and is left with 2 trains: the last round begins."""
    return Session({"map": "usa", "seed": 4,
                    "players": [{"name": n, "kind": k} for n, k in zip(("Ann", "Bob"), kinds)],
                    "position": {"players": [{"hand": {"red": 2}, "trains": 4, "tickets": ["boston--miami"]},
                                             {"hand": {"blue": 1}, "tickets": ["calgary--phoenix"]}]}})


def test_each_human_sees_it_once_at_the_start_of_their_last_turn_after_the_handoff():
    game = near_the_end()
    game.acknowledge_handoff()
    assert game.last_round_notice() is None
    game.play("claim atlanta--charleston 2red")
    assert game.state["last_round"] == 2 and game.log[-1].key == "log.last_round"
    assert game.handoff_to == 1 and game.last_round_notice() is None      # nothing before Bob has the device
    game.acknowledge_handoff()
    assert game.last_round_notice() == (0, 2)                                # Ann started it with 2 trains
    game.acknowledge_last_round()
    assert game.last_round_notice() is None
    game.play("draw deck")
    assert game.last_round_notice() is None                                  # not again within the turn
    game.play("draw deck")
    game.acknowledge_handoff()
    assert game.current == 0 and game.last_round_notice() == (0, 2)         # Ann's own last turn
    game.acknowledge_last_round()
    game.play("draw deck")
    game.play("draw deck")
    assert game.over and game.last_round_notice() is None


def test_a_reload_shows_it_again_until_the_player_acts():
    game = near_the_end()
    game.acknowledge_handoff()
    game.play("claim atlanta--charleston 2red")
    game.acknowledge_handoff()
    game.acknowledge_last_round()
    again = open_session(json.dumps(game.scenario()))
    again.acknowledge_handoff()
    assert again.last_round_notice() == (0, 2)
    game.play("draw deck")                                                   # acted: no announcement mid-turn
    again = open_session(json.dumps(game.scenario()))
    again.acknowledge_handoff()
    assert again.state["phase"] == "second-draw" and again.last_round_notice() is None


def test_against_ai_only_the_human_is_told_and_ai_seats_never_wait():
    game = near_the_end(("human", "ai"))
    game.play("claim atlanta--charleston 2red")
    assert game.ai_to_move() and game.last_round_notice() is None
    game.play(game.legal()[0])
    while game.current == 1 and not game.over:
        game.play(game.legal()[0])
    assert game.current == 0 and game.last_round_notice() == (0, 2)


def test_a_game_loaded_in_its_last_round_says_so_without_naming_anyone():
    game = Session({"map": "usa", "seed": 4, "players": ["Ann", "Bob"],
                    "position": {"last_round": 2, "players": [{"trains": 2}, {}]}})
    game.acknowledge_handoff()
    assert game.last_round_notice() == (None, None)
