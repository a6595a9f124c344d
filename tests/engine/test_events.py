"""The engine's events (``game.events``): what each kind of action reports, in fixed positions,
and, over random games of every map and variant, that every event is plain JSON and that a
seat's view of an event shows exactly what that seat's view of the state shows."""

from __future__ import annotations

import json

from engine_helpers import ALL_SETUPS, position
from hypothesis import given, settings
from hypothesis import strategies as st

from game.actions import parse_action
from game.events import event_view
from game.rng import Rng
from game.rules import apply_action, sample_action
from game.state import new_game
from game.view import player_view


def act(state: dict, text: str) -> dict:
    return apply_action(state, parse_action(text))


def test_a_blind_draw_names_its_card_to_its_taker_only():
    s = position("usa", market=["green"] * 5, deck_top=["red", "blue"])
    e = act(s, "draw deck")
    assert (e["kind"], e["seat"], e["source"], e["turned_up"]) == ("draw", 0, "deck", [])
    assert event_view(e, 0)["private"] == {"0": {"card": e["private"]["0"]["card"]}}
    assert event_view(e, 1)["private"] == {} and "card" not in event_view(e, 1)
    assert e["private"]["0"]["card"] == "red"


def test_a_face_up_card_and_its_replacement_are_public():
    s = position("usa", market=["red", "blue", "green", "white", "black"], deck_top=["yellow"])
    e = act(s, "draw red")
    assert (e["source"], e["card"], e["turned_up"], e["resets"]) == ("face-up", "red", ["yellow"], 0)


def test_a_three_locomotive_reset_lists_every_card_turned_up():
    s = position("usa", market=["locomotive", "locomotive", "red", "blue", "green"],
                 deck_top=["locomotive", "white", "black", "orange", "yellow", "purple"])
    e = act(s, "draw red")
    assert e["turned_up"] == ["locomotive", "white", "black", "orange", "yellow", "purple"]
    assert e["resets"] == 1 and s["market"] == ["white", "black", "orange", "yellow", "purple"]


def test_a_claim_reports_its_payment_and_points():
    s = position("usa", players=[{"hand": {"red": 1, "locomotive": 1}}, {}])
    e = act(s, "claim atlanta--nashville 1red")
    assert {k: e[k] for k in ("kind", "route", "colour", "cards", "locomotives", "points")} == {
        "kind": "claim", "route": "atlanta--nashville", "colour": "red", "cards": 1, "locomotives": 0, "points": 1}
    assert "revealed" not in e


def test_tunnels_report_the_reveal_paid_free_and_withdrawn():
    s = position("europe", market=["blue"] * 5, deck_top=["red", "black", "white"],
                 players=[{"hand": {"red": 3, "locomotive": 1}}, {}])
    e = act(s, "claim bucuresti--sofia 2red")
    assert (e["kind"], e["route"], e["revealed"], e["extra"]) == ("tunnel", "bucuresti--sofia",
                                                                  ["red", "black", "white"], 1)
    e = act(s, "pay 1red")
    assert (e["kind"], e["route"], e["points"], e["revealed"]) == ("claim", "bucuresti--sofia", 2,
                                                                   ["red", "black", "white"])
    assert e["extra_paid"] == {"colour": "red", "cards": 1, "locomotives": 0}
    free = position("europe", market=["blue"] * 5, deck_top=["white", "black", "white"],
                    players=[{"hand": {"red": 3}}, {}])
    e = act(free, "claim bucuresti--sofia 2red")              # no extra cost: claimed, reveal kept
    assert (e["kind"], e["revealed"], e["extra"], e["points"]) == ("claim", ["white", "black", "white"], 0, 2)
    out = position("europe", market=["blue"] * 5, deck_top=["green", "green", "locomotive"],
                   players=[{"hand": {"green": 5}}, {}])
    act(out, "claim venezia--zurich 2green")
    e = act(out, "withdraw")
    assert (e["kind"], e["route"], e["revealed"], e["extra"]) == ("withdraw", "venezia--zurich",
                                                                  ["green", "green", "locomotive"], 3)


def test_tickets_drawn_and_kept_name_their_ids_to_their_owner_only():
    s = new_game("usa", players=2, seed=4)
    for _ in range(2):
        e = apply_action(s, sample_action(s, Rng.from_seed(1)))
        assert e["kind"] == "keep" and e["setup"] and len(e["private"][str(e["seat"])]["kept"]) == e["count"]
    e = act(s, "tickets")
    assert e["kind"] == "draw-tickets" and e["count"] == 3
    assert event_view(e, 0)["private"]["0"]["offer"] == s["players"][0]["offer"]
    assert event_view(e, 1)["private"] == {}
    kept = s["players"][0]["offer"][:1]
    e = act(s, "keep " + ",".join(kept))
    assert (e["count"], e["returned"], e["setup"]) == (1, 2, False)
    assert event_view(e, 0)["private"]["0"]["kept"] == kept and event_view(e, 1)["private"] == {}
    assert event_view(e, 1, game_over=True)["private"] == {"0": {"kept": kept}}


def test_a_station_the_last_round_and_the_end():
    s = position("europe", players=[{"hand": {"red": 1}, "trains": 3}, {"trains": 10}])
    e = act(s, "station wien 1red")
    assert (e["kind"], e["city"], e["colour"], e["cards"]) == ("station", "wien", "red", 1)
    assert "last_round" not in e
    s = position("usa", players=[{"hand": {"red": 1}, "trains": 3}, {"trains": 10}],
                 market=["blue"] * 5)
    e = act(s, "claim atlanta--nashville 1red")
    assert e["last_round"] == {"trains": 2}
    act(s, "draw deck")
    act(s, "draw deck")                                     # the other seat's last turn
    assert "over" not in act(s, "draw blue")
    e = act(s, "draw blue")
    assert e["over"] == s["result"] and e["over"] is not s["result"]


def test_a_short_market_refilled_at_the_end_of_the_turn():
    s = position("usa", market=["green", "blue", "white", "black", "orange"],
                 players=[{"hand": {"red": 1}}, {}])
    other = s["players"][1]["hand"]
    for card in s["deck"] + s["market"][2:]:          # every card but the two face up goes to seat 1
        other[card] += 1
    s["deck"], s["market"] = [], s["market"][:2]
    e = act(s, "claim atlanta--nashville 1red")        # the red card paid is the only one to come back
    assert e["refill"] == {"turned_up": ["red"], "resets": 0} and s["market"] == ["green", "blue", "red"]


def roundtrip(value):
    return json.loads(json.dumps(value))


def public(state: dict) -> dict:
    """What every seat sees of ``state``: a seat's view without that seat's own secrets."""
    view = player_view(state, 0)
    for p in view["players"]:
        p["hand"] = p["offer"] = None
        if state["phase"] != "over":
            p["tickets"] = None
    return view


def secrets(state: dict, seat: int) -> set[str]:
    """Ticket ids the seat's view of ``state`` hides: other seats' tickets (until the end) and offers."""
    view = player_view(state, seat)
    hidden = set()
    for i, p in enumerate(state["players"]):
        if i != seat:
            if view["players"][i]["tickets"] is None:
                hidden.update(p["tickets"])
            hidden.update(p["offer"])
    return hidden


def tickets_named(value) -> set[str]:
    """Every ticket id in the private facts of an event view (offers and kept tickets)."""
    return {t for facts in value["private"].values() for key in ("offer", "kept") for t in facts.get(key, ())}


def check_public_part(event: dict, before: dict, after: dict) -> None:
    """Every public fact of ``event`` is knowable from the public views before and after it."""
    seat = event["seat"]
    was, now = before["players"][seat], after["players"][seat]
    kind = event["kind"]
    assert seat == before["current"]
    if kind == "draw":
        turned = event["turned_up"] + event.get("refill", {}).get("turned_up", [])
        if event["source"] == "face-up":
            assert event["card"] in before["market"] and now["hand_size"] == was["hand_size"] + 1
        if event["resets"] == 0 and "refill" not in event:
            market = list(before["market"])
            if event["source"] == "face-up":
                market.remove(event["card"])
            assert sorted(after["market"]) == sorted(market + turned)
        elif event["resets"] and "refill" not in event:      # after a reset the market is all new cards
            assert after["market"] == event["turned_up"][len(event["turned_up"]) - len(after["market"]):]
    if kind == "draw-tickets":
        assert now["offer_count"] == event["count"] > 0
    if kind == "keep" and "dealt" not in event and "over" not in event:
        assert now["ticket_count"] == was["ticket_count"] + event["count"]
        assert was["offer_count"] == event["count"] + event["returned"]
    if kind in ("claim", "tunnel", "withdraw"):
        if kind == "tunnel":
            assert after["revealed"] == event["revealed"] and after["tunnel"]["extra"] == event["extra"] > 0
        if kind == "withdraw":
            assert before["revealed"] == event["revealed"] and before["tunnel"]["route"] == event["route"]
        if kind == "claim":
            assert event["route"] in now["routes"] and event["route"] not in was["routes"]
            if "over" not in event:
                assert now["score"] - was["score"] == event["points"]
            if before["phase"] == "tunnel":
                assert before["revealed"] == event["revealed"] and before["tunnel"]["extra"] == event["extra"]
            elif "revealed" in event:       # a tunnel that cost nothing more: its reveal is public
                assert event["extra"] == 0 and len(event["revealed"]) <= 3
    if kind == "station":
        assert now["stations"] == [*was["stations"], event["city"]]
    if "last_round" in event:
        assert before["last_round"] is None and event["last_round"]["trains"] == now["trains"] <= 2
    if "over" in event:
        assert after["phase"] == "over" and event["over"] == after["result"]
    else:
        assert after["phase"] != "over"


@settings(max_examples=30, deadline=None)
@given(setup=st.sampled_from(ALL_SETUPS), players=st.integers(2, 5), seed=st.integers(0, 2 ** 32))
def test_events_are_json_and_views_hide_what_the_state_view_hides(setup, players, seed):
    map_id, variant = setup
    state = new_game(map_id, variant, players, seed=seed)
    agent = Rng.from_seed(seed + 1)
    seen_before = public(state)
    while state["phase"] != "over":
        actor = state["current"]
        hand_before = dict(state["players"][actor]["hand"])
        event = apply_action(state, sample_action(state, agent))
        assert roundtrip(event) == event
        over = state["phase"] == "over"
        seen_after = public(state)
        public_part = event_view(event, None, game_over=over)
        assert roundtrip(public_part) == public_part
        check_public_part(public_part, seen_before, seen_after)
        for seat in range(players):
            view = event_view(event, seat, game_over=over)
            assert roundtrip(view) == view
            assert {k: v for k, v in view.items() if k != "private"} == \
                {k: v for k, v in public_part.items() if k != "private"}
            state_view = player_view(state, seat)
            mine = state_view["players"][seat]
            # a ticket id is named only when the seat's view of the state shows it
            shown = {t for p in state_view["players"] for key in ("tickets", "offer") for t in (p[key] or ())}
            named = tickets_named(view)
            assert named <= shown, (named - shown, event)
            assert not named & secrets(state, seat)
            # a blind card's kind is named to its taker only, and it is in that seat's hand
            card = view["private"].get(str(seat), {}).get("card")
            if card is not None:
                assert seat == actor and event["source"] == "deck" and mine["hand"][card] >= 1
            assert all("card" not in facts for owner, facts in view["private"].items() if owner != str(seat))
            if seat == actor and event["kind"] == "draw-tickets":
                assert view["private"][str(seat)]["offer"] == mine["offer"]
            if seat == actor and event["kind"] == "keep" and not over:
                kept = view["private"][str(seat)]["kept"]
                assert mine["tickets"][len(mine["tickets"]) - len(kept):] == kept
        if event["kind"] == "draw" and event["source"] == "deck":
            card = event["private"][str(actor)]["card"]
            assert state["players"][actor]["hand"][card] == hand_before[card] + 1
        seen_before = seen_after
