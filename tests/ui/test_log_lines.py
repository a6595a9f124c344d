"""The log one line per turn: every entry in exactly one line, in order; a line holds one
player's turn (two cards, tickets drawn and kept, a tunnel tried and paid or left); notices
stand alone; cards come out as card faces."""

import pytest

from game.i18n import set_language
from game.ui.log import Event, Segment, part_segments, turn_lines
from game.ui.panels import log_row
from game.ui.session import Session
from game.ui.setup import GameOptions, Seat


@pytest.fixture(autouse=True)
def english():
    set_language("en")


@pytest.mark.parametrize("map_id, variant", [("usa", "usa"), ("europe", "europe")])
def test_every_entry_of_a_whole_game_is_in_one_line_of_its_turn(map_id, variant):
    game = Session(GameOptions(map_id, variant, (Seat("Ann", "ai", "red", "easy"), Seat("Bob", "ai", "blue", "easy"),
                                                  Seat("Cy", "ai", "green", "easy")), "9").scenario(0))
    grown: list = []            # the log read as it grows, move by move (as the page's screen reads it)
    while not game.over:
        read = len(game.log)
        game.play(game.ai_action())
        turn_lines(game.log[read:], grown)
    lines = turn_lines(game.log)
    assert grown == lines
    assert [e for line in lines for e in line.entries] == game.log
    turns = [line for line in lines if line.seat is not None]
    assert all(len({dict(e.params)["player"] for e in line.entries}) == 1 for line in turns)
    assert all(len(line.entries) <= 2 for line in turns)
    assert lines[-1].seat is None and lines[-1].entries[0].key == "log.over"
    two_cards = [line for line in turns if [e.key for e in line.entries] == ["log.draw_deck", "log.draw_deck"]]
    assert two_cards                                   # two blind cards: one line
    for line in turns:
        for entry in line.entries:
            assert part_segments(entry, game.state)


def test_a_tunnel_attempt_and_its_end_are_one_line_with_the_cards_as_faces():
    game = Session({"map": "europe", "seed": 1, "players": [{"name": "Ann"}, {"name": "Bob"}],
                    "position": {"market": ["blue"] * 5, "deck_top": ["red", "black", "white"],
                                 "players": [{"hand": {"red": 3, "locomotive": 1}}, {}]},
                    "actions": ["claim bucuresti--sofia 2red", "withdraw", "draw blue", "draw deck"]})
    first, second = turn_lines(game.log)
    assert [e.key for e in first.entries] == ["log.tunnel", "log.withdraw"] and first.seat == 0
    assert part_segments(first.entries[0], game.state) == [
        Segment("tried the tunnel Bucureşti–Sofia: "), Segment(card="red"), Segment(card="black"),
        Segment(card="white"), Segment(" 1 more card needed")]
    assert second.seat == 1 and [s.card for s in part_segments(second.entries[0], game.state)] == [None, "blue"]


def test_a_hint_asked_is_a_plain_notice_and_the_last_round_and_the_end_are_alerts():
    game = Session(GameOptions("usa", "usa", (Seat("Ann", "ai", "red", "easy"), Seat("Bob", "ai", "blue", "easy")),
                               "9").scenario(0))
    notices = {}
    for i, line in enumerate(turn_lines([Event.of("log.hint", player=0), Event.of("log.last_round", player=1, count=2),
                                         Event.of("log.over")])):
        row = log_row(i, line, game.state)
        notices[row.notice] = row.plain
    assert notices == {"Ann asked for a hint.": True, "Last round! Bob has 2 trains left: everyone plays one more turn.": False,
                       "The game is over.": False}
