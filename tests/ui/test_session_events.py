"""The table keeps the engine's events: the log is made from them (public facts only), the
last-round notice reads them, and a reloaded game has the same events and log again."""

import json

from game.events import event_view
from game.i18n import set_language
from game.ui import log
from game.ui.session import Session, open_session
from game.ui.setup import GameOptions, Seat


def two_humans(seed=3):
    return Session(GameOptions("usa", "usa", (Seat("Ann", "human", "red"), Seat("Bob", "human", "blue")),
                               seed=str(seed)).scenario(0))


def test_a_reload_rebuilds_the_events_and_the_log_from_the_saved_actions():
    game = two_humans()
    for _ in range(30):
        game.acknowledge_handoff()
        game.play(game.ai_action())
    assert len(game.events) == len(game.actions) == 30
    again = open_session(json.dumps(game.scenario()))
    assert again.events == game.events and again.log == game.log
    assert json.loads(json.dumps(again.events)) == game.events


def test_the_log_is_one_entry_per_event_from_its_public_view():
    game = two_humans()
    while not game.over:
        game.acknowledge_handoff()
        before = len(game.log)
        new = game.play(game.ai_action())
        event = game.events[-1]
        assert game.log[before:] == new == log.log_entries(event_view(event, None))
        assert len(new) == 1 + ("last_round" in event) + ("over" in event)
        private = json.dumps(event["private"])
        for entry in new:           # no ticket id or blind card of the event's private part
            for name, value in entry.params:
                assert name == "player" or not isinstance(value, str) or f'"{value}"' not in private \
                    or value in json.dumps({k: v for k, v in event.items() if k != "private"})


def test_a_free_tunnel_is_logged_with_its_reveal():
    set_language("en")
    game = Session({"map": "europe", "players": ["Ann", "Bob"], "seed": 1, "actions": [],
                    "position": {"market": ["blue"] * 5, "deck_top": ["white", "black", "white"],
                                 "players": [{"hand": {"red": 3}}, {}]}})
    game.acknowledge_handoff()
    (entry,) = game.play("claim bucuresti--sofia 2red")
    assert entry.key == "log.tunnel_free"
    assert log.event_text(entry, game.state) == \
        "Ann claimed Bucureşti–Sofia: the tunnel revealed white, black, and white, no more cards needed."
    set_language("fr")
    try:
        assert log.event_text(entry, game.state) == (
            "Ann a pris le tunnel Bucureşti–Sofia — révélées\u00a0: blanche, noire et blanche\u202f; "
            "aucune carte de plus demandée.")
    finally:
        set_language("en")
