"""Sample a full game state consistent with one player's view (for search over hidden information).

Hidden parts are the other players' hands, kept and offered tickets, the order of the train
deck, the discard pile, the ticket deck and the box.  The sample keeps everything the view
shows (market, revealed cards, routes, stations, trains, scores, phase, the viewer's own
hand, tickets and offer) and every count it gives (hand sizes, ticket counts, pile sizes);
the cards each player is known to hold stay in its hand (the face-up cards it took and the
cards it showed on a tunnel it withdrew from, not spent since: ``players[i].face_up``; and the
cards played on a pending tunnel);
the other unseen cards are exactly the 110 minus those in sight, dealt at random, and long tickets
never go into the ticket deck.  The sample gets a fresh RNG, so the future is sampled too.

:func:`likely_world_steps` weighs such samples by how well they explain the opponents' public play:
a deal in which an opponent's claimed routes lie on cheap paths between the cities of the
tickets dealt to it is more likely than one in which they lead nowhere.

>>> from game.state import new_game, validate
>>> from game.view import View, player_view
>>> from game.rng import Rng
>>> s = new_game("europe", players=3, seed=8)
>>> v = player_view(s, 1)
>>> d = determinize(v, Rng.from_seed(5))
>>> validate(d); player_view(d, 1) == v
True
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterable

from game.ai.steps import Steps
from game.mapdata import load_map
from game.rng import Rng
from game.rules import with_tunnel_cards
from game.state import Phase, Player, State, empty_hand, full_deck
from game.view import View


@functools.cache
def _tickets(map_id: str, variant: str) -> tuple[tuple[str, ...], frozenset[str]]:
    tickets = load_map(map_id).variant_tickets(variant)
    return tuple(t.id for t in tickets), frozenset(t.id for t in tickets if t.long)


def made_up_hands(view: View, seats: Iterable[int], unseen: list[str]) -> dict[int, dict[str, int]]:
    """Hands for ``seats`` the view does not show, by seat: the cards each is known to hold
    (:func:`known_cards`), the rest taken from the end of ``unseen`` (shuffled; the cards used
    are removed).  Every seat's known cards are set aside before any hand is filled, so that no
    seat's random cards take what another is known to hold."""
    hands: dict[int, dict[str, int]] = {}
    for seat in seats:
        hand = hands[seat] = empty_hand()
        for kind, count in known_cards(view, seat).items():
            hand[kind] += count
            for _ in range(count):
                unseen.remove(kind)
    for seat, hand in hands.items():
        for _ in range(view["players"][seat]["hand_size"] - sum(hand.values())):
            hand[unseen.pop()] += 1
    return hands


def known_cards(view: View, seat: int) -> dict[str, int]:
    """The cards every player knows ``seat`` holds, by kind: its record (``face_up``: the face-up
    cards it took and the cards it showed on a tunnel it withdrew from, not spent since) and the
    cards it played on a tunnel being decided; both are least counts of the same hand, so a
    kind's count is the larger of the two.

    >>> from game.state import new_game
    >>> from game.view import player_view
    >>> v = player_view(new_game("usa", players=2, seed=1), 0)
    >>> v["players"][1]["face_up"] = ["red", "locomotive", "red"]
    >>> known_cards(v, 1)
    {'red': 2, 'locomotive': 1}
    """
    record = view["players"][seat]["face_up"]
    tunnel = view["tunnel"]
    if tunnel is not None and view["current"] == seat:
        record = with_tunnel_cards(record, tunnel)
    return dict(Counter(record))


def determinize(view: View, rng: Rng) -> State:
    """A full state the viewer cannot tell from the real one (see the module doc)."""
    seat = view["viewer"]
    me = view["players"][seat]
    my_hand, my_tickets, my_offer = me["hand"], me["tickets"], me["offer"]
    if my_hand is None or my_tickets is None or my_offer is None:
        raise ValueError(f"the view does not show seat {seat}'s own hand and tickets")
    unseen = full_deck()
    for kind in view["market"] + view["revealed"]:
        unseen.remove(kind)
    for kind, count in my_hand.items():
        for _ in range(count):
            unseen.remove(kind)
    rng.shuffle(unseen)
    all_tickets, long_ids = _tickets(view["map"], view["variant"])
    over = view["phase"] == Phase.OVER
    known = set(my_tickets) | set(my_offer)
    if over:
        known.update(t for p in view["players"] for t in p["tickets"] or ())
    regular = [t for t in all_tickets if t not in known and t not in long_ids]
    long_ = [t for t in all_tickets if t not in known and t in long_ids]
    rng.shuffle(regular)
    ticket_deck = regular[:view["ticket_deck_size"]]
    rest = regular[view["ticket_deck_size"]:] + long_
    rng.shuffle(rest)

    hands = made_up_hands(view, (i for i in range(len(view["players"])) if i != seat), unseen)
    players: list[Player] = []
    for i, p in enumerate(view["players"]):
        if i == seat:
            hand, tickets, offer = dict(my_hand), list(my_tickets), list(my_offer)
        else:
            hand = hands[i]
            shown = p["tickets"]
            tickets = list(shown) if over and shown is not None else [rest.pop() for _ in range(p["ticket_count"])]
            offer = [rest.pop() for _ in range(p["offer_count"])]
        players.append({"name": p["name"], "kind": p["kind"], "colour": p["colour"], "hand": hand, "tickets": tickets,
                        "offer": offer, "routes": list(p["routes"]), "stations": list(p["stations"]),
                        "trains": p["trains"], "score": p["score"], "withdrawn": [w.copy() for w in p["withdrawn"]],
                        "face_up": list(p["face_up"])})
    deck = [unseen.pop() for _ in range(view["deck_size"])]
    discard = unseen[:view["discard_size"]]
    tunnel = view["tunnel"]
    state: State = {
        "format": view["format"], "map": view["map"], "variant": view["variant"], "rng": format(rng.next64(), "016x"),
        "players": players, "deck": deck, "discard": discard, "market": list(view["market"]),
        "revealed": list(view["revealed"]), "ticket_deck": ticket_deck, "box": rest, "first": view["first"],
        "current": view["current"], "phase": view["phase"], "stage": view["stage"],
        "tunnel": tunnel.copy() if tunnel else None, "last_round": view["last_round"], "passes": view["passes"],
        "turn": view["turn"], "result": view["result"],
    }
    if len(unseen) != view["discard_size"] or len(rest) != view["box_size"]:
        raise ValueError("the view's card or ticket counts do not add up")
    return state


DETOUR = 2              # trains a route may add to a ticket's shortest path and still serve it
# A deal's weight grows by 5/3 (about e^0.5) for each claimed route its tickets explain, in
# integers (the same picks in every Python: no floating-point function whose last bit may differ);
# gaps beyond EXPLAIN_GAP routes weigh as EXPLAIN_GAP (5/3 to the 20th is already about 27,000).
EXPLAIN_RATIO = (5, 3)
EXPLAIN_GAP = 20


@functools.cache
def _distances(map_id: str) -> dict[str, dict[str, int]]:
    """The fewest trains between every two cities of the empty map (Floyd-Warshall)."""
    m = load_map(map_id)
    far = 10 ** 6
    d = {a.id: {b.id: 0 if a.id == b.id else far for b in m.cities} for a in m.cities}
    for r in m.routes:
        d[r.a][r.b] = d[r.b][r.a] = min(d[r.a][r.b], r.length)
    ids = [c.id for c in m.cities]
    for k in ids:
        dk = d[k]
        for i in ids:
            di, dik = d[i], d[i][k]
            for j in ids:
                di[j] = min(di[j], dik + dk[j])
    return d


def explained(state: State, seat: int) -> int:
    """How many of ``seat``'s claimed routes lie within ``DETOUR`` trains of a shortest path
    between the two cities of one of its tickets (in ``state``, a sample)."""
    m = load_map(state["map"])
    d = _distances(m.id)
    p = state["players"][seat]
    ends = [(m.ticket(t).a, m.ticket(t).b) for t in p["tickets"]]
    count = 0
    for rid in p["routes"]:
        r = m.route(rid)
        for a, b in ends:
            if min(d[a][r.a] + d[r.b][b], d[a][r.b] + d[r.a][b]) + r.length <= d[a][b] + DETOUR:
                count += 1
                break
    return count


def likely_world_steps(view: View, rng: Rng, tries: int = 4) -> Steps[State]:
    """One of ``tries`` samples of :func:`determinize`, drawn with chance proportional to
    ``(5/3) ** (claimed routes their opponents' tickets explain)`` (``EXPLAIN_RATIO``): the
    hidden tickets weighed by the opponents' public claims (importance resampling).  In steps
    (``game.ai.steps``): each deal one, and each deal's weighing one, for the page's main thread
    (``Searcher.sample_steps``)."""
    worlds = []
    for _ in range(tries):
        yield
        worlds.append(determinize(view, rng))
    if tries == 1:
        return worlds[0]
    seat = view["viewer"]
    scores = []
    for w in worlds:
        yield
        scores.append(sum(explained(w, i) for i in range(len(w["players"])) if i != seat))
    top = max(scores)
    low = max(min(scores), top - EXPLAIN_GAP)
    up, down = EXPLAIN_RATIO
    weights = [up ** (max(x, low) - low) * down ** (top - max(x, low)) for x in scores]
    pick = (rng.below(1 << 30) * sum(weights)) >> 30
    for world, weight in zip(worlds, weights):
        pick -= weight
        if pick < 0:
            return world
    return worlds[-1]
