"""Why a control is disabled, in the player's language: the engine's reason key and
parameters, translated, with ids named as the board names them."""

import pytest

from game.actions import DrawCard
from game.i18n import set_language
from game.ui.choices import draw_choices, reason, route_payments, tickets_choice
from game.ui.session import Session


@pytest.fixture(autouse=True)
def english_after():
    yield
    set_language("en")


def europe(position):
    return Session({"map": "europe", "seed": 1, "players": ["Ann", "Bob"], "position": position})


def test_reasons_follow_the_language():
    game = europe({"market": ["locomotive", "red", "blue", "green", "white"]})
    game.play("draw red")
    locomotive = next(c for c in draw_choices(game) if c.action == DrawCard("locomotive"))
    set_language("en")
    assert reason(game, locomotive.action) == "A face-up locomotive cannot be your second card."
    assert tickets_choice(game).reason == "Draw your second train card first."
    set_language("fr")
    assert reason(game, locomotive.action) == "Une locomotive visible ne peut pas être votre deuxième carte."
    assert tickets_choice(game).reason == "Piochez d’abord votre deuxième carte Wagon."


def test_parameters_are_named_as_on_the_board():
    set_language("en")
    game = europe({"players": [{"hand": {"red": 3}}, {}]})
    payments, reason = route_payments(game, "budapest--kyiv")            # 6 long, 3 cards in hand
    assert payments == [] and reason == "You do not have enough cards to pay for this."

    def usa(mine, theirs):
        return Session({"map": "usa", "seed": 1, "players": ["Ann", "Bob"],
                        "position": {"players": [{"hand": {"red": 3}, "routes": mine}, {"routes": theirs}]}})

    _payments, reason = route_payments(usa([], ["boston--new-york--yellow"]), "boston--new-york--red")
    assert reason == ("The other track of this double route (Boston–New York) is claimed: "
                      "with 2 or 3 players only one track is used.")
    _payments, reason = route_payments(usa(["boston--new-york--yellow"], []), "boston--new-york--red")
    assert reason == "You already own the other track of this double route (Boston–New York): nobody may own both."
    set_language("fr")
    _payments, reason = route_payments(usa([], ["boston--new-york--yellow"]), "boston--new-york--red")
    assert reason.startswith("L’autre voie de cette route double (Boston–New York) est prise")


def test_a_coloured_route_is_probed_in_its_own_colour():
    set_language("en")
    game = Session({"map": "usa", "seed": 1, "players": ["Ann", "Bob"],
                    "position": {"players": [{"hand": {"red": 5, "white": 1}}, {}]}})
    _payments, reason = route_payments(game, "calgary--winnipeg")          # white, 6 long
    assert reason == "You do not have enough cards to pay for this."       # not "red cards cannot pay"
    _payments, reason = route_payments(game, "duluth--helena")             # orange, 6 long: none in hand
    assert reason == "You do not have enough cards to pay for this."
