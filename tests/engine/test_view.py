"""A player's view hides what that player may not know."""

import json

from game.rng import Rng
from game.rules import apply_action, sample_action
from game.state import new_game
from game.view import player_view


def test_view_hides_secrets_of_others():
    state = new_game("europe", "mega", 3, seed=2)
    v = player_view(state, 1)
    json.dumps(v)
    assert v["deck"] is None and v["ticket_deck"] is None and v["discard"] is None and v["box"] is None
    assert v["rng"] is None and v["deck_size"] == len(state["deck"])
    assert v["players"][1]["offer"] == state["players"][1]["offer"]
    for seat in (0, 2):
        p = v["players"][seat]
        assert p["hand"] is None and p["tickets"] is None and p["offer"] is None
        assert p["hand_size"] == 4 and p["offer_count"] == 2
    secrets = [t for seat in (0, 2) for t in state["players"][seat]["offer"]] + state["ticket_deck"][:3]
    text = json.dumps(v)
    assert not any(t in text for t in secrets)


def test_view_does_not_share_the_state_and_reveals_tickets_at_the_end():
    state = new_game("usa", None, 2, seed=2)
    agent = Rng.from_seed(2)
    while state["phase"] != "over":
        v = player_view(state, 0)
        v["players"][0]["hand"]["red"] = 99
        v["market"].append("junk")
        assert state["players"][0]["hand"]["red"] != 99 and "junk" not in state["market"]
        apply_action(state, sample_action(state, agent))
    v = player_view(state, 0)
    assert v["players"][1]["tickets"] == state["players"][1]["tickets"]
