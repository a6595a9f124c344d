"""Sample a full game state consistent with one player's view (for search over hidden information).

Hidden parts are the other players' hands, kept and offered tickets, the order of the train
deck, the discard pile, the ticket deck and the box.  The sample keeps everything the view
shows (market, revealed cards, routes, stations, trains, scores, phase, the viewer's own
hand, tickets and offer) and every count it gives (hand sizes, ticket counts, pile sizes);
the cards played on a pending tunnel stay in that player's hand;
the unseen cards are exactly the 110 minus those in sight, dealt at random, and long tickets
never go into the ticket deck.  The sample gets a fresh RNG, so the future is sampled too.

>>> from game.state import new_game, validate
>>> from game.view import player_view
>>> from game.rng import Rng
>>> s = new_game("europe", players=3, seed=8)
>>> v = player_view(s, 1)
>>> d = determinize(v, Rng.from_seed(5))
>>> validate(d); player_view(d, 1) == v
True
"""

from __future__ import annotations

import functools
from typing import Any

from game.mapdata import LOCOMOTIVE, load_map
from game.rng import Rng
from game.state import Phase, State, empty_hand, full_deck


@functools.cache
def _tickets(map_id: str, variant: str) -> tuple[tuple[str, ...], frozenset]:
    tickets = load_map(map_id).variant_tickets(variant)
    return tuple(t.id for t in tickets), frozenset(t.id for t in tickets if t.long)


def _reserved(view: dict[str, Any], seat: int) -> dict[str, int]:
    """The cards a player is known to hold: those played on a tunnel being decided."""
    tunnel = view["tunnel"]
    if tunnel is None or view["current"] != seat:
        return {}
    known = {LOCOMOTIVE: tunnel["locomotives"]}
    if tunnel["cards"]:
        known[tunnel["colour"]] = known.get(tunnel["colour"], 0) + tunnel["cards"]
    return known


def determinize(view: dict[str, Any], rng: Rng) -> State:
    """A full state the viewer cannot tell from the real one (see the module doc)."""
    seat = view["viewer"]
    me = view["players"][seat]
    unseen = full_deck()
    for kind in view["market"] + view["revealed"]:
        unseen.remove(kind)
    for kind, count in me["hand"].items():
        for _ in range(count):
            unseen.remove(kind)
    rng.shuffle(unseen)
    all_tickets, long_ids = _tickets(view["map"], view["variant"])
    over = view["phase"] == Phase.OVER
    known = set(me["tickets"]) | set(me["offer"])
    if over:
        known.update(t for p in view["players"] for t in p["tickets"])
    regular = [t for t in all_tickets if t not in known and t not in long_ids]
    long_ = [t for t in all_tickets if t not in known and t in long_ids]
    rng.shuffle(regular)
    ticket_deck = regular[:view["ticket_deck_size"]]
    rest = regular[view["ticket_deck_size"]:] + long_
    rng.shuffle(rest)

    players = []
    for i, p in enumerate(view["players"]):
        q = {key: p[key] for key in ("name", "kind", "colour", "trains", "score")}
        q["routes"], q["stations"] = list(p["routes"]), list(p["stations"])
        if i == seat:
            q["hand"], q["tickets"], q["offer"] = dict(me["hand"]), list(me["tickets"]), list(me["offer"])
        else:
            hand = empty_hand()
            for kind, count in _reserved(view, i).items():     # cards played on a tunnel are known
                hand[kind] += count
                for _ in range(count):
                    unseen.remove(kind)
            for _ in range(p["hand_size"] - sum(hand.values())):
                hand[unseen.pop()] += 1
            q["hand"] = hand
            q["tickets"] = list(p["tickets"]) if over else [rest.pop() for _ in range(p["ticket_count"])]
            q["offer"] = [rest.pop() for _ in range(p["offer_count"])]
        players.append(q)
    deck = [unseen.pop() for _ in range(view["deck_size"])]
    discard = unseen[:view["discard_size"]]
    state = {key: view[key] for key in ("format", "map", "variant", "first", "current", "phase", "stage",
                                        "last_round", "passes", "turn")}
    state.update(
        rng=format(rng.next64(), "016x"), players=players, deck=deck, discard=discard,
        market=list(view["market"]), revealed=list(view["revealed"]), ticket_deck=ticket_deck, box=rest,
        tunnel=dict(view["tunnel"]) if view["tunnel"] else None, result=view["result"],
    )
    if len(unseen) != view["discard_size"] or len(rest) != view["box_size"]:
        raise ValueError("the view's card or ticket counts do not add up")
    return state
