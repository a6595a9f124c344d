"""The basic AI: the simplest sensible legal policy, shown as "basic AI" until ``game/ai/`` lands.

Every AI seat is played through one interface, ``choose(view, legal_actions, rng) -> action``:
it sees only its player's view and picks one of the legal actions.

>>> from game.rng import Rng
>>> from game.rules import legal_actions
>>> from game.state import new_game
>>> from game.view import player_view
>>> s = new_game("usa", players=2, seed=3)
>>> str(choose(player_view(s, 0), legal_actions(s), Rng.from_seed(1)))[:5]
'keep '
"""

from __future__ import annotations

from game.actions import Action, ClaimRoute, DrawCard, KeepTickets, PayTunnel
from game.mapdata import LOCOMOTIVE, load_map
from game.rng import Rng

LABEL_KEY = "ai.basic"        # the i18n key naming this AI in the UI


def choose(view: dict, legal_actions: list[Action], rng: Rng) -> Action:
    """Claim the longest route it can (spending the fewest locomotives), pay tunnels, keep the
    fewest tickets allowed, otherwise draw from the deck; anything else at random."""
    claims = [a for a in legal_actions if isinstance(a, ClaimRoute)]
    if claims:
        game_map = load_map(view["map"])
        return max(claims, key=lambda a: (game_map.route(a.route).length, -a.locomotives))
    pays = [a for a in legal_actions if isinstance(a, PayTunnel)]
    if pays:
        return min(pays, key=lambda a: a.locomotives)
    keeps = [a for a in legal_actions if isinstance(a, KeepTickets)]
    if keeps:
        return min(keeps, key=lambda a: len(a.tickets))
    draws = [a for a in legal_actions if isinstance(a, DrawCard)]
    if draws:
        return next((a for a in draws if a.source == "deck"), None) or \
            next((a for a in draws if a.source != LOCOMOTIVE), draws[0])
    return rng.choice(legal_actions)
