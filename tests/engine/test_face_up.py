"""The cards every player saw go into a hand are a public record of the state
(``players[i].face_up``): a card taken face up joins it, and so do the cards shown on a tunnel
withdrawn from; a payment takes out as many cards of each kind paid as the record holds, every
seat sees it, determinization deals those cards to their holder, and saves made before the
field existed still load."""

import json
import re
from collections import Counter
from typing import cast

import pytest

from game.actions import parse_action
from game.ai.determinize import determinize
from game.net.seen import seat_view
from game.rng import Rng
from game.rules import apply_action, sample_action
from game.scenario import load_scenario, play_scenario
from game.state import StateError, from_json, new_game, to_json, validate
from game.ui.guest_page import public_world
from game.view import View, player_view

MARKET = ["red", "locomotive", "red", "blue", "white"]


def market_game() -> dict:
    """USA, two players; seat 0 holds 2 red and 1 locomotive, seat 1 nothing; the market as MARKET."""
    state, _ = load_scenario({"map": "usa", "players": 2, "seed": 3,
                              "position": {"players": [{"hand": {"red": 2, "locomotive": 1}}, {"hand": {}}],
                                           "market": MARKET, "deck_top": ["green", "green", "yellow", "yellow"]}})
    return state


def test_face_up_draws_are_recorded_and_payments_take_them_out():
    state = market_game()
    apply_action(state, parse_action("draw red"))
    apply_action(state, parse_action("draw red"))
    assert state["players"][0]["face_up"] == ["red", "red"]
    apply_action(state, parse_action("draw loco"))            # seat 1: a face-up locomotive, one card
    assert state["players"][1]["face_up"] == ["locomotive"]
    apply_action(state, parse_action("draw deck"))            # seat 0: cards from the deck are not recorded
    apply_action(state, parse_action("draw deck"))
    assert state["players"][0]["face_up"] == ["red", "red"]
    apply_action(state, parse_action("draw deck"))
    apply_action(state, parse_action("draw deck"))
    apply_action(state, parse_action("claim el-paso--phoenix 3red"))   # 3 red paid: both recorded reds spent
    assert state["players"][0]["face_up"] == []
    assert state["players"][0]["hand"]["red"] == 1
    apply_action(state, parse_action("claim kansas-city--omaha--1 1loco"))  # a gray route of 1 paid with the locomotive
    assert state["players"][1]["face_up"] == []
    validate(state)


def test_a_payment_of_fewer_cards_leaves_the_rest_recorded():
    state = market_game()
    state["players"][0]["hand"]["red"] += 1               # 3 red in hand, 2 of them taken face up
    state["deck"].remove("red")
    state["players"][0]["face_up"] = ["red", "red"]
    validate(state)
    apply_action(state, parse_action("claim kansas-city--omaha--1 1red"))
    assert state["players"][0]["face_up"] == ["red"]


def test_the_record_follows_the_cards_through_random_games():
    """Replay the public events of random games and rebuild each record from them."""
    loco_taken = withdrawn = 0
    for seed in range(6):
        state = new_game("europe", players=3 + seed % 3, seed=f"face-up:{seed}")
        rng = Rng.from_seed(seed)
        want: list[list[str]] = [[] for _ in state["players"]]
        tunnel: dict = {}
        while state["phase"] != "over":
            event = apply_action(state, sample_action(state, rng))
            seat = event["seat"]
            if event["kind"] == "draw" and event["source"] == "face-up":
                want[seat].append(event["card"])
                loco_taken += event["card"] == "locomotive"
            if event["kind"] == "tunnel":
                tunnel = event
            if event["kind"] == "withdraw":        # the cards shown go back: at least that many of each kind
                for kind, n in ((tunnel["colour"], tunnel["cards"]), ("locomotive", tunnel["locomotives"])):
                    want[seat] += [kind] * (n - want[seat].count(kind))
                withdrawn += 1
            paid = []
            if event["kind"] in ("claim", "station"):
                paid = [(event["colour"], event["cards"]), ("locomotive", event["locomotives"])]
                if "extra_paid" in event:
                    x = event["extra_paid"]
                    paid += [(x["colour"], x["cards"]), ("locomotive", x["locomotives"])]
            for kind, n in paid:
                for _ in range(min(n, want[seat].count(kind))):
                    want[seat].remove(kind)
            assert [p["face_up"] for p in state["players"]] == want
            for p in state["players"]:
                assert all(p["hand"][k] >= n for k, n in Counter(p["face_up"]).items())
            if state["turn"] % 15 == 0:
                worlds_keep_the_record(state)
        validate(state)
    assert loco_taken > 0 and withdrawn > 0


def worlds_keep_the_record(state: dict) -> None:
    """Every seat's sampled world, and a spectator's, gives each player the cards it took face
    up (however scarce a kind the others' records leave) and shows the same view."""
    for seat in range(len(state["players"])):
        view = player_view(state, seat)
        world = determinize(view, Rng.from_seed(seat))
        validate(world)
        assert player_view(world, seat) == view
        for p in world["players"]:
            assert all(p["hand"][k] >= n for k, n in Counter(p["face_up"]).items())
    spectator = seat_view(state, None)
    world = public_world(cast(View, spectator), Rng.from_seed(0))
    validate(world)
    assert [p["face_up"] for p in world["players"]] == [p["face_up"] for p in state["players"]]
    for p in world["players"]:
        assert all(p["hand"][k] >= n for k, n in Counter(p["face_up"]).items())


def test_cards_shown_on_a_withdrawn_tunnel_join_the_record():
    """A withdrawal puts the cards played back in the hand in sight of everyone: the record lists
    at least as many of each kind (a green already listed may be one of the two shown)."""
    state, _ = load_scenario({"map": "europe", "players": 2, "seed": 3, "position": {
        "players": [{"hand": {"green": 4, "locomotive": 1}, "face_up": ["green"]}, {"hand": {}}],
        "market": ["blue"] * 5, "deck_top": ["green", "green", "locomotive", "red", "red", "green", "locomotive", "blue"]}})
    apply_action(state, parse_action("claim venezia--zurich 1green+1loco"))
    apply_action(state, parse_action("withdraw"))
    assert state["players"][0]["face_up"] == ["green", "locomotive"]
    assert (state["players"][0]["hand"]["green"], state["players"][0]["hand"]["locomotive"]) == (4, 1)
    validate(state)
    view = player_view(state, 1)
    for seed in range(20):                  # the other seat's worlds deal them to the one who showed them
        world = determinize(view, Rng.from_seed(seed))
        assert player_view(world, 1) == view
        assert world["players"][0]["hand"]["green"] >= 1 and world["players"][0]["hand"]["locomotive"] >= 1
    apply_action(state, parse_action("draw deck"))            # seat 1
    apply_action(state, parse_action("draw deck"))
    apply_action(state, parse_action("claim venezia--zurich 2green"))       # 2 green shown this time
    apply_action(state, parse_action("withdraw"))
    assert state["players"][0]["face_up"] == ["green", "locomotive", "green"]


def test_every_seat_sees_the_record_and_a_view_shares_nothing_with_the_state():
    state = market_game()
    apply_action(state, parse_action("draw red"))
    for seat in (0, 1):
        view = player_view(state, seat)
        assert view["players"][0]["face_up"] == ["red"]
        view["players"][0]["face_up"].append("blue")
    assert state["players"][0]["face_up"] == ["red"]


def test_determinize_deals_the_recorded_cards_to_their_taker():
    state = market_game()
    apply_action(state, parse_action("draw red"))
    apply_action(state, parse_action("draw blue"))
    apply_action(state, parse_action("draw loco"))
    view = player_view(state, 0)
    assert view["players"][1]["face_up"] == ["locomotive"]
    for seed in range(20):
        world = determinize(view, Rng.from_seed(seed))
        validate(world)
        assert player_view(world, 0) == view
        assert world["players"][1]["hand"]["locomotive"] >= 1
    seat1 = player_view(state, 1)
    for seed in range(20):
        world = determinize(seat1, Rng.from_seed(seed))
        assert player_view(world, 1) == seat1
        assert world["players"][0]["hand"]["red"] >= 1 and world["players"][0]["hand"]["blue"] >= 1


def test_saves_without_the_record_load_with_none_recorded():
    state = market_game()
    apply_action(state, parse_action("draw red"))
    data = json.loads(to_json(state))
    for p in data["players"]:
        del p["face_up"]
    loaded = from_json(json.dumps(data))
    assert [p["face_up"] for p in loaded["players"]] == [[], []]


def test_a_saved_game_rebuilds_the_record_from_its_actions():
    final, _ = play_scenario({"map": "usa", "players": 2, "seed": 3,
                           "position": {"players": [{"hand": {"red": 2}}, {"hand": {}}], "market": MARKET},
                           "actions": ["draw red", "draw blue", "draw loco"]})
    assert [p["face_up"] for p in final["players"]] == [["red", "blue"], ["locomotive"]]


@pytest.mark.parametrize(("record", "why"), [
    ("red", "players[0].face_up: expected a list of card kinds"),
    (["gold"], "players[0].face_up: expected a list of card kinds"),
    (["red"] * 5, "players[0].face_up: 5 red card(s) in the face-up record but 4 in the hand"),
])
def test_a_record_the_hand_cannot_hold_is_refused(record, why):
    state = market_game()
    apply_action(state, parse_action("draw red"))
    apply_action(state, parse_action("draw red"))
    data = json.loads(to_json(state))
    data["players"][0]["face_up"] = record
    with pytest.raises(StateError, match=re.escape(why)):
        from_json(json.dumps(data))
