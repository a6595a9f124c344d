"""Every refusal of the engine carries a reason key of the translation catalog, with the
parameters its text needs, and every reason the catalog holds for the rules (its ``rule.*``
keys) is met in play: found by playing games and trying, at many moments, actions that are
mostly illegal.  Anything else the rules raised on a bad action would end the test."""

from __future__ import annotations

import functools

import pytest
from engine_helpers import ALL_SETUPS, position

from game import i18n
from game.actions import (
    BuildStation,
    ClaimRoute,
    DrawCard,
    DrawTickets,
    KeepTickets,
    Pass,
    PayTunnel,
    Withdraw,
    parse_action,
)
from game.mapdata import CARD_KINDS, GRAY, load_map
from game.rng import Rng
from game.rules import IllegalActionError, apply_action, legal_actions, sample_action
from game.state import copy_state, new_game, to_json

ENGLISH = i18n.catalog("en")
RULE_KEYS = {key for key in ENGLISH if key.startswith("rule.")}


def check_refusal(exc: IllegalActionError) -> str:
    """The refusal's key is in the catalog and every form of its text gets its parameters."""
    assert exc.key in ENGLISH, exc
    for language in i18n.available_languages():
        for text in i18n.catalog(language)[exc.key]:
            assert i18n.placeholders(text) <= set(exc.params), (language, exc.key, exc.params)
    assert all(isinstance(v, (str, int)) for v in exc.params.values()), exc.params
    return exc.key


def candidates(state: dict, rng: Rng) -> list:
    """Actions, most of them illegal, that probe the position from many sides."""
    game_map = load_map(state["map"])
    player = state["players"][state["current"]]
    routes = [r.id for r in game_map.routes]
    offer = list(player["offer"]) or ["x--y"]
    found = [DrawCard(k) for k in ("deck", *CARD_KINDS)] + [DrawTickets(), Pass(), Withdraw()]
    found += [KeepTickets(()), KeepTickets((offer[0], offer[0])), KeepTickets(("atlantis--mu",)), KeepTickets(tuple(offer))]
    found += [PayTunnel(c, n, m) for c in ("red", "locomotive") for n in (0, 1) for m in (0, 1)]
    found += [ClaimRoute(r, "red", 1, 0) for r in (rng.choice(routes), "nowhere")]
    for p in state["players"]:       # claimed routes, their twins
        for r in p["routes"][:2]:
            found += [ClaimRoute(r, "red", 1, 0)] + [ClaimRoute(t.id, "red", 1, 0) for t in game_map.twins(r)]
    for _ in range(6):
        route = game_map.route(rng.choice(routes))
        colour = rng.choice([GRAY, "pink", *CARD_KINDS]) if rng.below(3) == 0 else \
            ("red" if route.colour == GRAY else route.colour)
        n = rng.below(route.length + 2) - 1
        found.append(ClaimRoute(route.id, colour, n, rng.below(route.length + 1)))
    cities = [c.id for c in game_map.cities]
    taken = [c for p in state["players"] for c in p["stations"]]
    for city in (rng.choice(cities), *taken[:1], "atlantis"):
        found += [BuildStation(city, "red", 1, 0), BuildStation(city, "locomotive", 0, rng.below(4))]
    return found


@functools.cache
def refusals_met() -> set[str]:
    keys = set()
    for i, (map_id, variant) in enumerate(ALL_SETUPS):
        for players in (2, 3, 5):
            state = new_game(map_id, variant, players, seed=100 + i * 10 + players)
            rng = Rng.from_seed(f"refusals:{i}:{players}")
            step = 0
            while state["phase"] != "over":
                if step % 5 == 0 or state["phase"] in ("tunnel", "tickets", "second-draw", "setup-tickets"):
                    legal = legal_actions(state)
                    before = to_json(state)
                    for action in candidates(state, rng):
                        try:
                            apply_action(copy_state(state), action)
                        except IllegalActionError as exc:
                            assert action not in legal
                            keys.add(check_refusal(exc))
                    assert to_json(state) == before
                apply_action(state, sample_action(state, rng))
                step += 1
            for action in (Pass(), DrawCard("deck")):
                with pytest.raises(IllegalActionError) as info:
                    apply_action(state, action)
                keys.add(check_refusal(info.value))
    full = {"red": 12, "blue": 12, "green": 12, "white": 12, "yellow": 12, "orange": 12, "black": 12,
            "purple": 12, "locomotive": 14}
    rare = [(position("usa", deck=[], discard=[], market=[], players=[{"hand": full}, {}]), [], "draw deck"),
            (position("europe", market=["blue"] * 5, deck_top=["locomotive", "green", "green"],
                      players=[{"hand": {"green": 3, "locomotive": 3}}, {}]), ["claim venezia--zurich 2loco"],
             "pay 1green"),
            (new_game("usa", "usa", 2, seed=1), [], "pass")]       # "pass" is text, not an action value
    for state, before, refused in rare:
        for text in before:
            apply_action(state, parse_action(text))
        with pytest.raises(IllegalActionError) as info:
            apply_action(state, parse_action(refused) if refused != "pass" else refused)
        keys.add(check_refusal(info.value))
    return keys


def test_refusals_met_in_play_have_keys_and_every_key_is_met():
    met = refusals_met()
    assert len(RULE_KEYS) >= 30
    assert sorted(RULE_KEYS - met) == [], "reasons of the catalog no refusal gave"
    assert sorted(met - RULE_KEYS) == [], "refusals whose key is not a rule.* key"
