"""Every move seen: the cues of each event as a seat sees it, each player's last turn, and what
the table's model says of them (the last action in public notation, the last claims lit)."""

import pytest

from game.events import event_view
from game.i18n import set_language
from game.ui import game_facts
from game.ui import screen as ui_screen
from game.ui.commands import AcknowledgeHandoff, SetAiSpeed
from game.ui.controller import Table
from game.ui.moves import (
    Cue,
    MovePart,
    claimed_last,
    cues,
    last_moves,
    last_turns_start,
)
from game.ui.saves import SaveCatalog
from game.ui.session import Session
from game.ui.setup import GameOptions, Seat
from game.ui.storage import DictBackend


@pytest.fixture(autouse=True)
def english():
    set_language("en")


def europe(position, actions=()):
    return Session({"map": "europe", "seed": 1, "players": [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cleo"}],
                    "position": position, "actions": list(actions)})


TUNNEL = {"market": ["blue"] * 5, "deck_top": ["red", "black", "white"],
          "players": [{"hand": {"red": 3, "locomotive": 1}}, {}, {}]}


def test_a_blind_card_is_a_card_back_to_the_others_and_a_card_to_its_taker():
    game = europe({"market": ["red", "blue", "green", "white", "black"], "deck_top": ["green"]}, ["draw deck"])
    event = game.events[-1]
    assert cues(event_view(event, 0)) == [Cue("blind", 0, card="green")]
    assert cues(event_view(event, 1)) == [Cue("blind", 0)] == cues(event_view(event, None))


def test_every_tunnel_attempt_is_a_cue_with_its_matching_cards():
    game = europe(TUNNEL, ["claim bucuresti--sofia 2red"])
    cue, = cues(game.public_events[-1])
    assert (cue.kind, cue.route, cue.revealed, cue.extra) == ("tunnel", "bucuresti--sofia", ("red", "black", "white"), 1)
    assert cue.matches() == (True, False, False)
    game.play("pay 1red")            # the payment after the attempt: the claim, not the reveal again
    assert [c.kind for c in cues(game.public_events[-1])] == ["claim"]
    free = europe({**TUNNEL, "deck_top": ["blue", "black", "white"]}, ["claim bucuresti--sofia 2red"])
    assert [c.kind for c in cues(free.public_events[-1])] == ["tunnel", "claim"]      # no extra cost: still shown
    assert cues(free.public_events[-1])[0].extra == 0


def test_each_players_last_turn_until_they_play_again():
    game = europe({"market": ["red", "blue", "green", "white", "black"],
                   "players": [{"hand": {"red": 2}}, {}, {}]},
                  ["claim bruxelles--paris--red 2red", "draw red", "draw deck", "tickets"])
    moves = last_moves(game.public_events)
    assert moves[0] == [MovePart("claim", route="bruxelles--paris--red")]
    assert moves[1] == [MovePart("card", card="red"), MovePart("blind")]
    assert moves[2] == [MovePart("tickets", count=3)]          # still choosing: nothing kept yet
    offer = game.state["players"][2]["offer"]
    game.play("keep " + ",".join(offer[:1]))
    assert last_moves(game.public_events)[2] == [MovePart("tickets", count=3, kept=1)]
    assert claimed_last(last_moves(game.public_events)) == {"bruxelles--paris--red"}
    game.play("draw deck")
    game.play("draw deck")
    assert 0 in last_moves(game.public_events) and claimed_last(last_moves(game.public_events)) == set()


def test_the_last_turns_read_from_where_they_begin_are_the_last_turns_of_the_whole_game():
    game = Session(GameOptions("usa", "usa", tuple(Seat(name, "ai", colour, "easy") for name, colour in
                                                   (("Ann", "red"), ("Bob", "blue"), ("Cy", "green"))), "4").scenario(0))
    while not game.over:
        events = game.public_events
        start = last_turns_start(events, 3)
        assert last_moves(events[start:]) == last_moves(events)
        assert start == 0 or {e["seat"] for e in events[start:]} == {0, 1, 2}
        game.play(game.ai_action())


def test_the_table_says_the_last_action_without_the_tickets_kept_and_lights_the_last_claims():
    table = Table(SaveCatalog(DictBackend({})), clock=lambda: 1.0, fresh_seed=lambda: 1)
    table.enter(europe({"players": [{"hand": {"red": 2}}, {}, {}]}), 0)
    table.handle(AcknowledgeHandoff())
    assert game_facts.last_action_text(table.session) == "" and table.take_cues() == ()
    table.session.play("claim bucuresti--sofia 2red")
    assert game_facts.last_action_text(table.session) == "claim bucuresti--sofia 2red"
    assert [c.kind for c in table.take_cues()] == ["tunnel"] and table.take_cues() == ()
    assert ui_screen.highlights(table, table.session.view()).last == frozenset()     # a tunnel attempt: nothing claimed yet
    table.session.play("withdraw")
    assert game_facts.last_action_text(table.session) == "withdraw"
    table.session.play("draw deck")
    table.session.play("draw deck")
    table.session.play("tickets")
    offer = table.session.state["players"][2]["offer"]
    table.session.play("keep " + ",".join(offer[:1]))
    assert game_facts.last_action_text(table.session) == "keep"             # not which tickets: the page holds it at a handoff


def test_the_last_claims_are_lit_on_the_board():
    table = Table(SaveCatalog(DictBackend({})), clock=lambda: 1.0, fresh_seed=lambda: 1)
    table.enter(europe({"players": [{"hand": {"red": 2}}, {}, {}]}, ["claim bruxelles--paris--red 2red"]), 0)
    table.handle(AcknowledgeHandoff())
    assert ui_screen.highlights(table, table.session.view()).last == {"bruxelles--paris--red"}


def test_the_ai_speed_sets_the_delay_and_the_status_says_an_ai_is_playing():
    table = Table(SaveCatalog(DictBackend({})), clock=lambda: 1.0, fresh_seed=lambda: 1)
    table.enter(Session({"map": "usa", "seed": 2, "players": [{"name": "Ann"}, {"name": "Hal", "kind": "ai",
                                                                                 "level": "easy"}],
                         "position": {"current": 1}}), 0)
    assert ui_screen.status(table) == "Hal (AI, easy) is playing."
    fast = table.handle(SetAiSpeed("fast"))
    assert table.ai.delay == 250 and table.ai.speed() == "fast" and fast.ask_ai.delay_ms == 250
    table.handle(SetAiSpeed("warp"))
    assert table.ai.delay == 250
