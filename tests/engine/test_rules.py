"""A scenario test for every rule, ruling and rulebook example in RULES.md (see docs/rules.md)."""

from __future__ import annotations

import pytest
from engine_helpers import check_invariants, legal_texts, play, position

from game.actions import (
    BuildStation,
    ClaimRoute,
    DrawCard,
    KeepTickets,
    Pass,
    parse_action,
)
from game.i18n import catalog
from game.mapdata import MAP_IDS
from game.rules import IllegalActionError, apply_action, legal_actions
from game.state import StateError, new_game, to_json


def rejected(state: dict, text: str, reason: str = "") -> str:
    """Apply an illegal action: it raises, names the action, and leaves the state unchanged."""
    before = to_json(state)
    with pytest.raises(IllegalActionError) as info:
        apply_action(state, parse_action(text))
    assert to_json(state) == before
    assert str(info.value).startswith(str(parse_action(text)))
    assert reason in str(info.value)
    assert info.value.key in catalog("en")          # the reason key the user interface translates
    return str(info.value)


def claims(state: dict, route: str) -> set[str]:
    return {t.split()[-1] for t in legal_texts(state) if t.startswith(f"claim {route} ")}


# --- setup -------------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("map_id,variant,offer,box", [
    ("usa", "usa", 3, 0), ("europe", "europe", 4, 6), ("europe", "1912", 4, 6),
    ("europe", "mega", 2, 12), ("europe", "big-cities", 5, 0)])
def test_setup(players, map_id, variant, offer, box):
    s = new_game(map_id, variant, players, seed=players)
    check_invariants(s)
    assert all(sum(p["hand"].values()) == 4 for p in s["players"])
    assert len(s["market"]) == 5 and s["market"].count("locomotive") < 3
    assert all(len(p["offer"]) == offer for p in s["players"])
    assert len(s["box"]) == box - players * (1 if variant in ("europe", "1912") else 2 if variant == "mega" else 0)
    assert s["phase"] == "setup-tickets" and s["current"] == 0
    assert all(p["trains"] == 45 and p["score"] == 0 for p in s["players"])


@pytest.mark.parametrize("players", [1, 6, 0])
def test_player_count(players):
    with pytest.raises(StateError, match="2 to 5"):
        new_game("usa", None, players)


def test_first_player_from_setup():
    s = new_game("usa", None, 3, seed=1, first=2)
    assert s["current"] == 2
    for _ in range(3):
        play(s, legal_texts(s)[0])
    assert s["phase"] == "start" and s["current"] == 2


def test_usa_initial_tickets_keep_two_of_three_returned_to_bottom():
    s = new_game("usa", None, 2, seed=4)
    offer = s["players"][0]["offer"]
    assert len(legal_actions(s)) == 4           # 3 pairs + all three
    rejected(s, f"keep {offer[0]}", "keep 2 to 3")
    play(s, f"keep {offer[0]},{offer[1]}")
    assert s["ticket_deck"][-1] == offer[2] and s["players"][0]["tickets"] == offer[:2]


def test_europe_initial_tickets_one_long_three_regular_returned_to_box():
    s = new_game("europe", None, 2, seed=5)
    offer = s["players"][0]["offer"]
    assert [t in s["box"] for t in offer] == [False] * 4
    assert len(legal_actions(s)) == 11          # any 2, 3 or 4 of the 4
    play(s, f"keep {offer[1]},{offer[2]}")
    assert offer[0] in s["box"] and offer[3] in s["box"]


def test_mega_two_stages():
    s = new_game("europe", "mega", 2, seed=6)
    long0 = s["players"][0]["offer"]
    assert len(long0) == 2 and len(legal_texts(s)) == 3          # none, or one of the two
    rejected(s, f"keep {long0[0]},{long0[1]}", "keep 0 to 1")
    play(s, f"keep {long0[0]}", "keep none")
    assert s["stage"] == 1 and s["current"] == 0
    assert long0[1] in s["box"]
    assert [len(p["offer"]) for p in s["players"]] == [5, 5]
    assert len(legal_actions(s)) == 26          # kept a long ticket: at least 2 of 5
    deck_before = list(s["ticket_deck"])
    offer = s["players"][0]["offer"]
    play(s, "keep " + ",".join(offer[:2]))
    assert sorted(s["ticket_deck"][len(deck_before):]) == sorted(offer[2:])
    assert len(legal_actions(s)) == 16          # kept no long ticket: at least 3 of 5
    play(s, legal_texts(s)[0])
    assert s["phase"] == "start"


def test_big_cities_initial_and_in_game_draws():
    s = new_game("europe", "big-cities", 2, seed=7)
    assert len(legal_actions(s)) == 26
    play(s, legal_texts(s)[0])
    play(s, legal_texts(s)[0])
    play(s, "tickets")
    assert len(s["players"][0]["offer"]) == 4
    assert len(legal_actions(s)) == 15          # keep at least 1 of 4


# --- the market and drawing --------------------------------------------------------------------

def test_three_locomotive_reset_repeats():
    s = position("usa", deck_top=["locomotive"] * 3 + ["red"] * 2 + ["locomotive"] * 3 + ["blue"] * 2
                 + ["red", "green", "blue", "white", "locomotive"])
    assert s["market"] == ["red", "green", "blue", "white", "locomotive"]
    assert sorted(s["discard"]) == sorted(["locomotive"] * 6 + ["red"] * 2 + ["blue"] * 2)


def test_three_locomotive_reset_stops_when_it_cannot_help():
    # ruling: only 5 cards remain outside the hands, 3 of them locomotives: no reset can help
    hands = [{"red": 12, "blue": 12, "green": 12, "white": 12, "locomotive": 5},
             {"yellow": 12, "orange": 12, "black": 12, "purple": 10, "locomotive": 6}]
    s = position("usa", players=[{"hand": h} for h in hands])
    assert sorted(s["market"]) == ["locomotive"] * 3 + ["purple"] * 2
    assert s["deck"] == [] and s["discard"] == []


def test_face_up_locomotive_first_is_the_whole_draw():
    s = position("usa", market=["locomotive", "red", "red", "blue", "green"])
    play(s, "draw loco")
    assert s["players"][0]["hand"]["locomotive"] == 1 and s["current"] == 1 and s["phase"] == "start"


def test_face_up_locomotive_never_second():
    s = position("usa", market=["locomotive", "red", "red", "blue", "green"], deck_top=["locomotive"])
    play(s, "draw red")     # its replacement is a locomotive: two face up now
    assert s["phase"] == "second-draw" and s["market"].count("locomotive") == 2
    assert "draw loco" not in legal_texts(s)
    rejected(s, "draw loco", "cannot be the second card")
    play(s, "draw blue")
    assert s["current"] == 1


def test_blind_locomotive_counts_as_one_card():
    s = position("usa", market=["red", "red", "blue", "green", "white"], deck_top=["locomotive", "locomotive"])
    play(s, "draw deck")
    assert s["phase"] == "second-draw" and s["players"][0]["hand"]["locomotive"] == 1
    play(s, "draw deck")
    assert s["players"][0]["hand"]["locomotive"] == 2 and s["current"] == 1


def test_discard_reshuffled_when_deck_runs_out():
    rest = {"red": 12, "blue": 12, "green": 12, "white": 12, "yellow": 12, "orange": 12, "black": 12,
            "purple": 7, "locomotive": 14}
    s = position("usa", deck=[], discard=["purple", "purple"], market=["purple"] * 3,
                 players=[{"hand": rest}, {}])
    assert s["market"] == ["purple"] * 3 and s["deck"] == []
    play(s, "draw deck")
    assert s["players"][0]["hand"]["purple"] == 8 and len(s["deck"]) == 1 and s["discard"] == []
    play(s, "draw purple")          # taken face up: the last card replaces it
    assert s["deck"] == [] and len(s["market"]) == 3
    check_invariants(s, played_from_start=False)


def test_draw_ends_after_one_card_when_nothing_else_can_be_drawn():
    rest = {"red": 12, "blue": 12, "green": 12, "white": 12, "yellow": 12, "orange": 12, "black": 12,
            "purple": 11, "locomotive": 13}
    s = position("usa", deck=[], discard=[], market=["purple", "locomotive"], players=[{"hand": rest}, {}])
    play(s, "draw purple")          # only a face-up locomotive is left: it may not be the second card
    assert s["current"] == 1 and s["market"] == ["locomotive"]
    assert legal_texts(s)[0] == "draw loco"


def test_no_draw_when_nothing_can_be_drawn():
    full = {"red": 12, "blue": 12, "green": 12, "white": 12, "yellow": 12, "orange": 12, "black": 12,
            "purple": 12, "locomotive": 14}
    s = position("usa", deck=[], discard=[], market=[], ticket_deck=[], players=[{"hand": full}, {}])
    assert not any(t.startswith("draw") for t in legal_texts(s))
    rejected(s, "draw deck", "empty")


# --- claiming routes ---------------------------------------------------------------------------

def test_three_space_yellow_route_payments():
    s = position("usa", players=[{"hand": {"yellow": 3, "red": 3, "locomotive": 2}}, {}])
    assert claims(s, "denver--salt-lake-city--yellow") == {"3yellow", "2yellow+1loco", "1yellow+2loco"}
    rejected(s, "claim denver--salt-lake-city--yellow 3red", "cannot pay here")
    rejected(s, "claim denver--salt-lake-city--yellow 2yellow", "exactly 3")
    rejected(s, "claim denver--salt-lake-city--yellow 3loco", "not enough")
    play(s, "claim denver--salt-lake-city--yellow 1yellow+2loco")
    p = s["players"][0]
    assert p["routes"] == ["denver--salt-lake-city--yellow"] and p["trains"] == 42 and p["score"] == 4
    assert p["hand"]["yellow"] == 2 and p["hand"]["locomotive"] == 0
    assert sorted(s["discard"]) == ["locomotive", "locomotive", "yellow"]


def test_two_space_gray_route_payments():
    s = position("usa", players=[{"hand": {"red": 2, "blue": 1, "locomotive": 2}}, {}])
    assert claims(s, "atlanta--charleston") == {"2red", "1red+1loco", "1blue+1loco", "2loco"}
    with pytest.raises(ValueError, match="one colour"):
        parse_action("claim atlanta--charleston 1red+1blue")
    play(s, "claim atlanta--charleston 1blue+1loco")
    assert s["players"][0]["score"] == 2


def test_route_scoring_table():
    from game.rules import board
    table = {1: 1, 2: 2, 3: 4, 4: 7, 5: 10, 6: 15, 8: 21}
    for map_id in MAP_IDS:
        assert all(r.points == table[r.length] for r in board(map_id).routes)


def test_enough_trains_needed():
    s = position("usa", players=[{"hand": {"yellow": 3}, "trains": 2}, {}])
    assert not claims(s, "denver--salt-lake-city--yellow")
    rejected(s, "claim denver--salt-lake-city--yellow 3yellow", "needs 3 trains")


def test_claimed_route_cannot_be_claimed_again():
    s = position("usa", players=[{"hand": {"yellow": 3}}, {"routes": ["denver--salt-lake-city--yellow"]}, {}, {}])
    rejected(s, "claim denver--salt-lake-city--yellow 3yellow", "already claimed")


def test_double_route_never_both_to_one_player():
    s = position("usa", players=[{"hand": {"red": 3}, "routes": ["denver--salt-lake-city--yellow"]}, {}, {}, {}])
    assert not claims(s, "denver--salt-lake-city--red")
    rejected(s, "claim denver--salt-lake-city--red 3red", "one player never owns both")


def test_double_route_open_to_others_with_four_players():
    s = position("usa", players=[{"hand": {"red": 3}}, {"routes": ["denver--salt-lake-city--yellow"]}, {}, {}])
    assert claims(s, "denver--salt-lake-city--red") == {"3red"}


@pytest.mark.parametrize("players", [2, 3])
def test_double_route_closes_with_two_or_three_players(players):
    specs = [{"hand": {"red": 3}}, {"routes": ["denver--salt-lake-city--yellow"]}] + [{}] * (players - 2)
    s = position("usa", players=specs)
    assert not claims(s, "denver--salt-lake-city--red")
    rejected(s, "claim denver--salt-lake-city--red 3red", "only one track")


def test_gray_gray_double_tracks_are_distinct():
    s = position("europe", players=[{"hand": {"red": 2, "locomotive": 2}}, {"routes": ["dieppe--london--1"]}, {}, {}])
    assert claims(s, "dieppe--london--2") == {"1red+1loco", "2loco"}


def test_route_need_not_connect():
    s = position("usa", players=[{"hand": {"red": 2}, "routes": ["atlanta--charleston"]}, {}])
    assert claims(s, "boston--montreal--1") == {"2red"}


def test_smyrna_palermo_ferry():
    s = position("europe", players=[{"hand": {"green": 4, "locomotive": 2, "red": 6}}, {}])
    assert claims(s, "palermo--smyrna") == {"4green+2loco", "4red+2loco"}
    rejected(s, "claim palermo--smyrna 5green+1loco", "at least 2 locomotive")
    rejected(s, "claim palermo--smyrna 6red", "at least 2 locomotive")
    play(s, "claim palermo--smyrna 4green+2loco")
    assert s["players"][0]["score"] == 15


def test_ferry_extra_locomotives_allowed():
    s = position("europe", players=[{"hand": {"green": 3, "locomotive": 3}}, {}])
    assert claims(s, "palermo--smyrna") == {"3green+3loco"}
    s = position("europe", players=[{"hand": {"locomotive": 6}}, {}])
    assert claims(s, "palermo--smyrna") == {"6loco"}
    s = position("europe", players=[{"hand": {"red": 6, "locomotive": 1}}, {}])
    assert not claims(s, "palermo--smyrna")


# --- tunnels -----------------------------------------------------------------------------------

def tunnel(hand: dict, reveal: list[str], route: str = "madrid--pamplona--black", **more) -> dict:
    return position("europe", deck_top=reveal, players=[{"hand": hand}, {}], **more)


def test_tunnel_example_red_revealed():
    # rulebook: 2 red played, 1 red revealed -> 1 more red (or locomotive)
    s = position("europe", market=["blue"] * 5, deck_top=["red", "black", "white"],
                 players=[{"hand": {"red": 3, "locomotive": 1}}, {}])
    play(s, "claim erzurum--sochi 3red")    # length 3 red tunnel; one red revealed
    assert s["phase"] == "tunnel" and s["tunnel"]["extra"] == 1 and s["revealed"] == ["red", "black", "white"]
    assert legal_texts(s) == ["pay 1loco", "withdraw"]   # the three reds are all played
    play(s, "pay 1loco")
    assert s["players"][0]["routes"] == ["erzurum--sochi"] and s["players"][0]["hand"]["red"] == 0
    assert s["revealed"] == [] and s["discard"][-3:] == ["red", "black", "white"]


def test_tunnel_example_two_red_one_red_revealed():
    s = position("europe", market=["blue"] * 5, deck_top=["red", "black", "white"],
                 players=[{"hand": {"red": 3, "locomotive": 1}}, {}])
    play(s, "claim bucuresti--sofia 2red")      # gray tunnel of length 2
    assert s["tunnel"] == {"route": "bucuresti--sofia", "colour": "red", "cards": 2, "locomotives": 0, "extra": 1}
    assert set(legal_texts(s)) == {"pay 1red", "pay 1loco", "withdraw"}
    play(s, "pay 1red")
    p = s["players"][0]
    assert p["hand"] == {**p["hand"], "red": 0, "locomotive": 1} and p["routes"] == ["bucuresti--sofia"]


def test_tunnel_example_green_with_locomotive_revealed():
    # rulebook: 2 green played, 1 locomotive revealed -> 1 more green (or locomotive)
    s = position("europe", market=["blue"] * 5, deck_top=["locomotive", "red", "white"],
                 players=[{"hand": {"green": 3}}, {}])
    play(s, "claim venezia--zurich 2green")
    assert s["tunnel"]["extra"] == 1 and legal_texts(s) == ["pay 1green", "withdraw"]
    play(s, "pay 1green")
    assert s["players"][0]["routes"] == ["venezia--zurich"]


def test_tunnel_example_locomotives_only():
    # rulebook: 2 locomotives played, 1 locomotive revealed -> 1 more locomotive; coloured cards don't count
    s = position("europe", market=["blue"] * 5, deck_top=["locomotive", "green", "green"],
                 players=[{"hand": {"green": 3, "locomotive": 3}}, {}])
    play(s, "claim venezia--zurich 2loco")
    assert s["tunnel"]["extra"] == 1 and legal_texts(s) == ["pay 1loco", "withdraw"]
    rejected(s, "pay 1green", "exactly 1 more locomotives")
    play(s, "pay 1loco")
    assert s["players"][0]["hand"]["locomotive"] == 0 and s["players"][0]["hand"]["green"] == 3


def test_tunnel_withdraw_returns_cards_and_ends_turn():
    s = position("europe", market=["blue"] * 5, deck_top=["green", "green", "locomotive"],
                 players=[{"hand": {"green": 5}}, {}])
    play(s, "claim venezia--zurich 2green")
    assert s["tunnel"]["extra"] == 3
    play(s, "withdraw")
    assert s["players"][0]["hand"]["green"] == 5 and s["players"][0]["routes"] == []
    assert s["current"] == 1 and s["revealed"] == [] and s["discard"] == ["green", "green", "locomotive"]


def test_tunnel_unpayable_only_withdraw():
    s = position("europe", market=["blue"] * 5, deck_top=["green", "green", "red"],
                 players=[{"hand": {"green": 3}}, {}])
    play(s, "claim venezia--zurich 2green")
    assert legal_texts(s) == ["withdraw"]
    rejected(s, "pay 1green+1loco", "exactly 2 more")


def test_tunnel_without_extra_is_claimed_at_once():
    s = position("europe", market=["blue"] * 5, deck_top=["red", "white", "black"],
                 players=[{"hand": {"green": 2}}, {}])
    play(s, "claim venezia--zurich 2green")
    assert s["players"][0]["routes"] == ["venezia--zurich"] and s["current"] == 1
    assert s["discard"] == ["green", "green", "red", "white", "black"]


def test_tunnel_short_deck_reveals_what_there_is():
    most = {"red": 12, "blue": 12, "white": 12, "yellow": 12, "orange": 12, "black": 12, "purple": 12,
            "locomotive": 14, "green": 5}
    s = position("europe", deck=["green"], discard=["green"], market=["green"] * 3,
                 players=[{"hand": {"green": 2}}, {"hand": most}])
    play(s, "claim venezia--zurich 2green")
    assert s["revealed"] == ["green", "green"] and s["tunnel"]["extra"] == 2
    play(s, "withdraw")
    s = position("europe", deck=[], discard=[], market=["green"] * 5,
                 players=[{"hand": {"green": 2}}, {"hand": {**most, "green": 5}}])
    play(s, "claim venezia--zurich 2green")
    assert s["players"][0]["routes"] == ["venezia--zurich"] and s["revealed"] == []


# --- tickets -----------------------------------------------------------------------------------

def test_draw_tickets_keep_one_return_bottom():
    s = position("usa", ticket_deck=["denver--el-paso", "kansas-city--houston", "new-york--atlanta",
                                     "chicago--new-orleans"])
    play(s, "tickets")
    assert s["phase"] == "tickets" and s["players"][0]["offer"] == ["denver--el-paso", "kansas-city--houston",
                                                                     "new-york--atlanta"]
    assert len(legal_actions(s)) == 7
    rejected(s, "keep none", "keep 1 to 3")
    rejected(s, "keep chicago--new-orleans", "not on offer")
    play(s, "keep kansas-city--houston")
    assert s["ticket_deck"] == ["chicago--new-orleans", "denver--el-paso", "new-york--atlanta"]
    assert s["players"][0]["tickets"] == ["kansas-city--houston"] and s["current"] == 1


def test_fewer_tickets_when_few_remain_none_when_empty():
    s = position("usa", ticket_deck=["denver--el-paso"])
    play(s, "tickets")
    assert legal_texts(s) == ["keep denver--el-paso"]
    play(s, "keep denver--el-paso")
    assert "tickets" not in legal_texts(s)
    rejected(s, "tickets", "ticket deck is empty")


# --- stations ----------------------------------------------------------------------------------

def test_station_costs_one_two_three():
    s = position("europe", players=[{"hand": {"red": 3, "blue": 1, "locomotive": 1}}, {}])
    assert {t.split()[-1] for t in legal_texts(s) if t.startswith("station wien ")} == {"1red", "1blue", "1loco"}
    play(s, "station wien 1blue", "draw deck", "draw deck")
    assert {t.split()[-1] for t in legal_texts(s) if t.startswith("station berlin ")} >= {"2red", "1red+1loco"}
    rejected(s, "station berlin 1red", "exactly 2")
    rejected(s, "station wien 2red", "already has a station")
    play(s, "station berlin 1red+1loco", "draw deck", "draw deck")
    rejected(s, "station paris 2red", "exactly 3")
    s["players"][0]["hand"]["red"] = 3
    play(s, "station paris 3red")
    assert s["players"][0]["stations"] == ["wien", "berlin", "paris"]


def test_no_fourth_station_and_none_on_usa():
    s = position("europe", players=[{"hand": {"red": 5}, "stations": ["wien", "berlin", "paris"]}, {}])
    assert not any(t.startswith("station") for t in legal_texts(s))
    rejected(s, "station roma 4red", "no station left")
    s = position("usa", players=[{"hand": {"red": 5}}, {}])
    rejected(s, "station denver 1red", "no stations on this map")


def test_station_on_a_city_without_routes_and_opponent_city():
    s = position("europe", players=[{"hand": {"red": 1}}, {"stations": ["wien"]}])
    cities = {t.split()[1] for t in legal_texts(s) if t.startswith("station")}
    assert "wien" not in cities and len(cities) == 46


# --- pass, last round, end of game -------------------------------------------------------------

def test_pass_only_when_nothing_else_is_legal():
    s = position("usa")
    rejected(s, "pass", "only allowed when no other action")
    full = {"red": 12, "blue": 12, "green": 12, "white": 12, "yellow": 12, "orange": 12, "black": 12,
            "purple": 12, "locomotive": 14}
    s = position("usa", deck=[], discard=[], market=[], ticket_deck=[],
                 players=[{"trains": 0}, {"hand": full, "trains": 0}])
    assert legal_texts(s) == ["pass"]


def test_everyone_passing_ends_the_game():
    full = {"red": 12, "blue": 12, "green": 12, "white": 12, "yellow": 12, "orange": 12, "black": 12,
            "purple": 12, "locomotive": 14}
    s = position("usa", deck=[], discard=[], market=[], ticket_deck=[],
                 players=[{"trains": 5}, {"hand": full, "trains": 0}])
    play(s, "pass")
    assert s["phase"] == "start" and s["current"] == 1 and s["last_round"] is None
    # seat 1 has 0 trains: ending a turn with <= 2 trains starts the last round, so the game still ends
    play(s, "pass")
    assert s["phase"] == "over"


def test_last_round_everyone_one_more_turn():
    s = position("usa", players=[{"hand": {"red": 2}, "trains": 4}, {}, {}])
    play(s, "claim atlanta--charleston 2red")
    assert s["players"][0]["trains"] == 2 and s["last_round"] == 3
    play(s, "draw deck", "draw deck")       # seat 1
    play(s, "draw deck", "draw deck")       # seat 2
    assert s["phase"] == "start" and s["current"] == 0 and s["last_round"] == 1
    play(s, "draw deck", "draw deck")       # seat 0, its final turn
    assert s["phase"] == "over" and s["result"] is not None
    check_invariants(s, played_from_start=False)
    assert legal_actions(s) == []
    rejected(s, "draw deck", "the game is over")


def test_wrong_phase_actions_explain_themselves():
    s = position("usa", market=["red"] * 5)
    play(s, "draw red")
    assert "second train card" in rejected(s, "tickets")
    s = new_game("usa", None, 2)
    assert "initial ticket choice" in rejected(s, "draw deck")


def test_non_actions_rejected():
    s = position("usa")
    before = to_json(s)
    for junk in [None, "draw deck", 3, KeepTickets(("x", "x")), ClaimRoute("nowhere", "red", 1, 0),
                 ClaimRoute("atlanta--charleston", "red", -1, 3), BuildStation("wien", "red", 1, 0),
                 DrawCard("purple-ish"), Pass()]:
        with pytest.raises(IllegalActionError):
            apply_action(s, junk)
        assert to_json(s) == before


def remainder(**placed: int) -> dict:
    """A hand holding every card not placed elsewhere."""
    full = {c: 12 for c in ("purple", "white", "blue", "yellow", "orange", "black", "red", "green")}
    full["locomotive"] = 14
    return {c: n - placed.get(c, 0) for c, n in full.items()}


def test_short_market_is_refilled_at_the_end_of_a_turn():
    # ruling R7: deck and discard empty, the market shrinks; paid cards come back at the end of the turn
    s = position("usa", deck=[], discard=[], market=["purple"] * 2,
                 players=[{"hand": {"red": 2}}, {"hand": remainder(red=2, purple=2)}])
    play(s, "draw purple")
    assert s["phase"] == "second-draw" and s["market"] == ["purple"]
    play(s, "draw purple")
    assert s["market"] == [] and s["current"] == 1
    s["current"], s["phase"] = 0, "start"
    play(s, "claim atlanta--charleston 2red")       # paid cards go to the discard ...
    assert sorted(s["market"]) == ["red", "red"] and s["discard"] == []     # ... and refill the market


def test_played_tunnel_cards_are_never_revealed():
    # ruling R10: the deck runs out during the reveal; the played cards are still in the hand
    s = position("europe", deck=["green"], discard=["white"], market=["green"] * 2,
                 players=[{"hand": {"green": 2}}, {"hand": remainder(green=5, white=1)}])
    play(s, "claim venezia--zurich 2green")
    assert sorted(s["revealed"]) == ["green", "white"] and s["tunnel"]["extra"] == 1
    assert s["players"][0]["hand"]["green"] == 2 and legal_texts(s) == ["withdraw"]
    play(s, "withdraw")
    assert s["players"][0]["hand"]["green"] == 2 and sorted(s["market"]) == ["green", "green", "green", "white"]


def test_face_up_card_taken_by_kind_replaced_in_its_slot():
    # ruling R6: the first slot holding the kind is taken; the replacement goes into that slot
    s = position("usa", market=["blue", "red", "green", "red", "white"], deck_top=["black", "orange"])
    play(s, "draw red")
    assert s["market"] == ["blue", "black", "green", "red", "white"]
    play(s, "draw red")
    assert s["market"] == ["blue", "black", "green", "orange", "white"]
    assert s["players"][0]["hand"]["red"] == 2 and s["current"] == 1


def test_withdrawn_tunnel_is_a_turn_of_the_last_round():
    # ruling R18: the last turn of the game may be a tunnel attempt that is withdrawn
    s = position("europe", market=["blue"] * 5, deck_top=["green", "green", "green"], last_round=1,
                 players=[{"hand": {"green": 2}}, {}])
    play(s, "claim venezia--zurich 2green")
    assert s["phase"] == "tunnel"
    play(s, "withdraw")
    assert s["phase"] == "over" and s["players"][0]["routes"] == []
