"""A game at the table: replay, handoffs and privacy, enabled controls and reasons, AI turns, log."""

import json

import pytest

from game.actions import BuildStation, DrawTickets, KeepTickets, PayTunnel, Withdraw
from game.i18n import set_language
from game.rules import keep_limits
from game.state import Phase, to_json
from game.ui import log, session
from game.ui.choices import (
    draw_choices,
    route_payments,
    station_payments,
    ticket_choice,
    tickets_choice,
    tunnel_choice,
)
from game.ui.session import Session, open_session
from game.ui.setup import GameOptions, Seat


@pytest.fixture(autouse=True)
def english():
    set_language("en")


def two_humans(seed=3):
    return Session(GameOptions("usa", "usa", (Seat("Ann", "human", "red"), Seat("Bob", "human", "blue")),
                               seed=str(seed)).scenario(0))


def europe(position, players=("Ann", "Bot", "Cleo"), actions=()):
    return Session({"map": "europe", "players": [{"name": n, "kind": "ai" if n == "Bot" else "human"}
                                                 for n in players],
                    "seed": 1, "position": position, "actions": list(actions)})


def resumed(game):
    """The game as a reload finds it: from its saved text."""
    return open_session(json.dumps(game.scenario()))


def play_to_the_end(game, check=None):
    while not game.over:
        if game.handoff_to is not None:
            game.acknowledge_handoff()
        if check:
            check(game)
        game.play(game.ai_action())


def test_pass_and_play_hands_over_between_humans_and_hides_every_secret():
    game = two_humans()
    handoffs = []

    def check(g):
        if g.handoff_to is None:
            assert g.viewer == g.current

    while not game.over:
        if game.handoff_to is not None:
            handoffs.append(game.handoff_to)
            assert game.viewer is None
            view = game.view()
            assert all(p["hand"] is None and p["offer"] is None and p["tickets"] is None for p in view["players"])
            game.acknowledge_handoff()
        check(game)
        game.play(game.ai_action())
    assert handoffs[:3] == [0, 1, 0] and len(handoffs) >= game.state["turn"]
    assert game.state["result"] is not None and game.handoff_to is None
    assert all(p["tickets"] is not None for p in game.view()["players"])     # public at the end


def test_one_human_against_ai_never_sees_a_handoff():
    game = Session(GameOptions("europe", "europe", (Seat("Ann", "human", "red"), Seat("B", "ai", "blue"),
                                                    Seat("C", "ai", "green")), seed="8").scenario(0))
    seen = []
    play_to_the_end(game, lambda g: seen.append((g.handoff_to, g.viewer)))
    assert {h for h, _ in seen} == {None} and {v for _, v in seen} == {0}


def test_a_game_of_ai_seats_only_shows_public_facts():
    game = Session(GameOptions("usa", "usa", (Seat("A", "ai", "red"), Seat("B", "ai", "blue")), seed="4").scenario(0))
    assert game.viewer is None and game.ai_to_move()
    game.play(game.ai_action())
    assert all(p["hand"] is None for p in game.view()["players"])


@pytest.mark.parametrize("steps", [0, 1, 2, 5, 9, 40])
def test_resume_is_the_identical_position_and_hands_over_first(steps):
    game = two_humans()
    for _ in range(steps):
        game.acknowledge_handoff()
        game.play(game.ai_action())
    again = resumed(game)
    assert to_json(again.state) == to_json(game.state) and again.log == game.log
    assert again.handoff_to == again.current and again.viewer is None    # two humans share the device


def test_resume_mid_draw_and_mid_tunnel():
    game = europe({"market": ["blue"] * 5, "deck_top": ["red", "black", "white"],
                   "players": [{"hand": {"red": 3, "locomotive": 1}}, {}, {}]})
    game.acknowledge_handoff()
    game.play("claim bucuresti--sofia 2red")
    again = resumed(game)
    assert again.state["phase"] == "tunnel" and to_json(again.state) == to_json(game.state)
    game = europe({}, actions=["draw deck"])
    again = resumed(game)
    assert again.state["phase"] == "second-draw" and to_json(again.state) == to_json(game.state)


def test_second_card_choices_say_why_a_locomotive_is_disabled():
    game = europe({"market": ["locomotive", "red", "blue", "green", "white"]})
    choices = draw_choices(game)
    assert [c.enabled for c in choices] == [True] * 6
    game.play("draw red")
    by_source = {c.action.source: c for c in draw_choices(game)}
    assert not by_source["locomotive"].enabled
    assert by_source["locomotive"].reason == "A face-up locomotive cannot be your second card."
    assert by_source["deck"].enabled and not tickets_choice(game).enabled
    assert tickets_choice(game).reason == "Draw your second train card first."


def test_route_payments_and_reasons():
    game = europe({"players": [{"hand": {"red": 2, "locomotive": 1}}, {"routes": ["berlin--wien"]}, {}]})
    payments, reason = route_payments(game, "bucuresti--sofia")       # gray tunnel of length 2
    assert reason is None and {str(p) for p in payments} == {
        "claim bucuresti--sofia 2red", "claim bucuresti--sofia 1red+1loco"}
    assert route_payments(game, "berlin--wien") == ([], "This route is already claimed by Bot.")
    payments, reason = route_payments(game, "budapest--kyiv")           # length 6
    assert payments == [] and reason == "You do not have enough cards to pay for this."


def test_tunnel_pay_or_withdraw():
    position = {"market": ["blue"] * 5, "deck_top": ["red", "black", "white"],
                "players": [{"hand": {"red": 3, "locomotive": 1}}, {}, {}]}
    game = europe(position, actions=["claim bucuresti--sofia 2red"])
    tunnel, revealed, options = tunnel_choice(game)
    assert tunnel["extra"] == 1 and revealed == ["red", "black", "white"]
    assert set(options) == {PayTunnel("red", 1, 0), PayTunnel("locomotive", 0, 1), Withdraw()}
    game.play(Withdraw())
    assert game.state["players"][0]["routes"] == [] and game.current == 1
    texts = [log.event_text(e, game.state) for e in game.log]
    assert texts == ["Ann tries the tunnel Bucureşti–Sofia: revealed red, black, and white; 1 more card needed.",
                     "Ann withdrew from the tunnel Bucureşti–Sofia."]


def test_station_payments():
    game = europe({"players": [{"hand": {"red": 1}}, {"stations": ["wien"]}, {}]})
    payments, reason = station_payments(game, "paris")
    assert payments == [BuildStation("paris", "red", 1, 0)] and reason is None
    assert station_payments(game, "wien") == ([], "This city already has a station.")


def test_ticket_choice_follows_the_keep_rules():
    game = europe({})
    low, high, offer = ticket_choice(game)
    assert (low, high, len(offer)) == (0, 0, 0)                      # not a ticket phase
    game = Session({"map": "europe", "variant": "mega", "players": ["A", "B"], "seed": 2})
    low, high, offer = ticket_choice(game)
    assert (low, high, len(offer)) == (0, 1, 2)                      # Mega stage 1: keep at most one long


@pytest.mark.parametrize("map_id, variant", [("usa", "usa"), ("europe", "europe"), ("europe", "big-cities"),
                                              ("europe", "mega")])
def test_ticket_choice_is_the_engines_keep_rule(map_id, variant):
    """The dialog's limits are the engine's (rules.keep_limits), in the initial choice and in
    play, and they are the sizes of the legal keeps."""
    game = Session({"map": map_id, "variant": variant, "players": ["A", "B", "C"], "seed": 4})
    seen = set()
    for _turn in range(60):
        if game.over:
            break
        if game.state["phase"] in (Phase.SETUP_TICKETS, Phase.TICKETS):
            low, high, offer = ticket_choice(game)
            sizes = [len(a.tickets) for a in game.legal()]
            assert (low, high) == keep_limits(game.state) == (min(sizes), max(sizes))
            assert offer == game.state["players"][game.current]["offer"]
            seen.add(game.state["phase"])
        elif DrawTickets() in game.legal():
            game.play(DrawTickets())
            continue
        game.play(game.legal()[0])
    assert seen == {Phase.SETUP_TICKETS, Phase.TICKETS}


def test_the_log_is_public():
    game = europe({"players": [{"hand": {"red": 3}}, {}, {}]}, actions=["draw deck", "draw deck", "tickets"])
    kept = game.legal()[0]
    game.play(kept)
    texts = [log.event_text(e, game.state) for e in game.log]
    assert texts == ["Ann drew a card from the deck.", "Ann drew a card from the deck.",
                     "Bot drew 3 destination tickets.", "Bot kept 1 ticket."]
    assert not any(t in " ".join(texts) for t in kept.tickets)


def test_last_round_and_end_are_logged():
    game = europe({"players": [{"hand": {"red": 3}, "trains": 4}, {}, {}]})
    game.play(route_payments(game, "danzig--warszawa")[0][0])
    assert game.log[-1].key == "log.last_round"
    assert log.event_text(game.log[-1], game.state) == (
        "Last round! Ann has 2 trains left: everyone plays one more turn.")
    play_to_the_end(game)
    assert game.log[-1].key == "log.over" and game.state["turn"] == 3


def test_illegal_play_changes_nothing():
    game = europe({})
    before = to_json(game.state)
    with pytest.raises(ValueError):
        game.play(KeepTickets(("x",)))
    assert to_json(game.state) == before and game.actions == []


def test_hand_edited_save_with_an_illegal_action_is_refused():
    scenario = two_humans().scenario()
    scenario["actions"] = ["pass"]
    with pytest.raises(session.SaveError) as failure:
        open_session(json.dumps(scenario))
    assert failure.value.problem.key == "saves.error.invalid" and "action 0" in failure.value.problem.params["reason"]
