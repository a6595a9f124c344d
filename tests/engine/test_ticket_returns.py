"""Where the initial tickets a player returns go, per variant (docs/rules.md, setup 3)."""

from __future__ import annotations

from game.actions import KeepTickets
from game.mapdata import load_map
from game.rng import Rng
from game.rules import apply_action
from game.state import new_game


def test_big_cities_returned_tickets_are_shuffled_to_the_bottom():
    assert load_map("europe").variant("big-cities").initial[0]["returned"] == "bottom-shuffled"
    reordered = 0
    for seed in range(12):
        s = new_game("europe", "big-cities", 3, seed=seed)
        for _seat in range(3):
            player = s["players"][s["current"]]
            offer, deck_before, rng_before = list(player["offer"]), list(s["ticket_deck"]), s["rng"]
            kept = KeepTickets(tuple(offer[:2]))
            apply_action(s, kept)
            returned = offer[2:]
            bottom = s["ticket_deck"][len(deck_before):]
            assert s["ticket_deck"][:len(deck_before)] == deck_before      # the rest of the deck is untouched
            assert sorted(bottom) == sorted(returned)                      # the returned three, at the bottom
            expected = list(returned)
            rng = Rng.from_json(rng_before)
            rng.shuffle(expected)
            assert bottom == expected and s["rng"] == rng.to_json()       # shuffled with the game's RNG
            reordered += bottom != returned
    assert reordered >= 20          # 36 returns: shuffling leaves the order alone in about 1 of 6


def test_usa_returned_tickets_keep_their_order():
    s = new_game("usa", None, 2, seed=4)
    offer, rng_before = list(s["players"][0]["offer"]), s["rng"]
    apply_action(s, KeepTickets(tuple(offer[:2])))
    assert s["ticket_deck"][-1:] == offer[2:] and s["rng"] == rng_before
