"""Everything that crosses the channel to a guest over whole games (3 and 4 seats, with a
spectator and an AI seat, every remote seat played by an agent from its own guest's view)
holds no hidden fact of another seat: no other hand, kept or offered ticket, no deck,
discard, ticket-deck or box, no RNG state of the game (not even a few thousand SplitMix64
steps from anything sent), no seed and no host secret before the end's reveal."""

from __future__ import annotations

import functools
import json
import re
from collections import defaultdict

import pytest
from net_helpers import Channel, entropy, start

from game.mapdata import load_map
from game.net.host import HostTable
from game.net.room import Stream, read_envelope
from game.rng import _GOLDEN, _MASK
from tests.ai.test_request_secrecy import rng_candidates, steps_apart

STEPS = 5_000                       # SplitMix64 steps tried each way from every number sent
PILES = ("deck", "discard", "ticket_deck", "box", "rng")


class Probe(Channel):
    """A channel that keeps, with each message, the hidden facts of the game when it was sent."""

    def __init__(self, table: HostTable, seed: int) -> None:
        super().__init__(table, seed)
        self.log: list[tuple[str, str, dict]] = []
        self.rng_states: set[str] = set()
        self.offered: dict[int, set[str]] = defaultdict(set)     # every ticket each seat was ever offered

    def carry(self, send):
        session = self.table.match
        hidden: dict = {"over": False, "secret": self.table.secret}
        if session is not None:
            state = session.state
            self.rng_states.add(state["rng"])
            for seat, p in enumerate(state["players"]):
                self.offered[seat].update(p["offer"])
            hidden.update(over=session.over, players=[(p["tickets"], p["offer"]) for p in state["players"]],
                          piles=set(state["ticket_deck"]) | set(state["box"]))
        self.log.append((send.conn, send.text, hidden))
        return send


@functools.cache
def play(players: int, ai: tuple[int, ...], seed: int) -> Probe:
    remote = [i for i in range(1, players) if i not in ai]
    table = HostTable.create(start(players, ai=ai, map_id="europe"), remote, entropy=entropy(seed))
    probe = Probe(table, seed)
    probe.join(None, "s0")
    for seat in remote:
        probe.join(seat)
    probe.rng_states.add(format(table.match.start["seed"], "016x"))     # the RNG's first state
    probe.play_out()
    return probe


def strings(value) -> set[str]:
    """Every text in a JSON value, and each word of it."""
    found: set[str] = set()
    if isinstance(value, str):
        found.add(value)
        found.update(re.split(r"[ ,]", value))
    elif isinstance(value, list):
        for v in value:
            found |= strings(v)
    elif isinstance(value, dict):
        for k, v in value.items():
            found |= strings(k) | strings(v)
    return found


def piles_are_hidden(value) -> None:
    if isinstance(value, dict):
        for k, v in value.items():
            assert k != "seed"
            if k in PILES:
                assert v is None, k
            piles_are_hidden(v)
    elif isinstance(value, list):
        for v in value:
            piles_are_hidden(v)


def check_message(probe: Probe, seat: int | None, text: str, hidden: dict) -> set[int]:
    """Fail if ``text``, sent to ``seat`` (None: a spectator) when the game's hidden facts were
    ``hidden``, holds one of them; the numbers in it, for the stepping check."""
    table = probe.table
    data = json.loads(text)
    if data["type"] == "reveal":
        assert hidden["over"]
        return set()
    seed_value = table.match.start["seed"]
    assert table.secret not in text and str(seed_value) not in text and format(seed_value, "x") not in text
    sent = rng_candidates(text)
    assert not sent & {int(rng, 16) for rng in probe.rng_states}       # in hex (any case) or in decimal
    piles_are_hidden(data)
    if data["type"] == "state":
        view = data["view"]
        for i, p in enumerate(view["players"]):
            if i != seat:
                assert p["hand"] is None and p["offer"] is None
                assert p["tickets"] is None or view["phase"] == "over"
        for event in data["events"]:
            assert set(event["private"]) <= ({str(seat)} if seat is not None else set())
    if not hidden["over"] and "players" in hidden:
        secret_tickets = set(hidden["piles"])
        for i, (tickets, offer) in enumerate(hidden["players"]):
            if i != seat:
                secret_tickets |= set(tickets) | set(offer)
        if seat is not None:
            secret_tickets -= probe.offered[seat]
        game_map = load_map(table.start["map"])
        leaked = {t for t in secret_tickets & strings(data) if not game_map.has_route(t) and not game_map.has_city(t)}
        assert not leaked, leaked
    return sent


def check_numbers(probe: Probe, sent: set[int]) -> None:
    """No number sent is within ``STEPS`` SplitMix64 steps of an RNG state the game had."""
    states = {int(rng, 16) for rng in probe.rng_states}
    for number in sent:
        for state in states:
            assert abs(steps_apart(number, state)) > STEPS, (number, state)


@pytest.mark.parametrize("players,ai,seed", [(3, (), 11), (4, (2,), 12)])
def test_nothing_hidden_crosses_the_channel(players, ai, seed):
    probe = play(players, ai, seed)
    sent: set[int] = set()
    for conn, text, hidden in probe.log:
        sent |= check_message(probe, probe.table.seat_of(conn), text, hidden)
    assert len(probe.log) > 500 and {conn for conn, _, _ in probe.log} == set(probe.guests)
    check_numbers(probe, sent)
    assert all(guest.check() is None for guest in probe.guests.values())


def _changed(text: str, change) -> str:
    data = json.loads(text)
    change(data)
    return json.dumps(data)


def test_the_probe_would_catch_a_leak():
    """A host that sent seat 1 another seat's hand, a private event fact, a pile, a hidden
    ticket, the secret or an RNG state (as it is, or a few steps on) is caught."""
    probe = play(3, (), 11)
    text, hidden = next((t, h) for c, t, h in probe.log
                        if c == "g1" and '"type":"state"' in t and h.get("players") and not h["over"])
    check_message(probe, 1, text, hidden)
    other_ticket = hidden["players"][2][0][0] if hidden["players"][2][0] else hidden["players"][2][1][0]
    rng = next(iter(probe.rng_states))

    def hand(data):
        data["view"]["players"][2]["hand"] = {"red": 1}

    def deck(data):
        data["view"]["deck"] = ["red"]

    def private(data):
        data["events"].append({"kind": "draw", "seat": 2, "private": {"2": {"card": "red"}}})

    leaks = [_changed(text, hand), _changed(text, deck), _changed(text, private),
             json.dumps({"type": "refusal", "v": 3, "action": None, "key": "x.y", "params": {},
                         "reason": f"not {other_ticket}"}),
             json.dumps({"type": "pong", "v": 3, "t": probe.table.secret}),
             json.dumps({"type": "pong", "v": 3, "t": rng})]
    for leak in leaks:
        with pytest.raises(AssertionError):
            check_message(probe, 1, leak, hidden)
    with pytest.raises(AssertionError):
        check_numbers(probe, {(int(rng, 16) + 3 * _GOLDEN) & _MASK})


def test_nothing_hidden_crosses_the_relay_path():
    """Over the internet the same texts travel as envelopes (``game.net.room``), each encrypted
    for its one device: what a guest's device opens is its own connection's texts, cut into
    pieces, and counters; nothing else, and, put back together, the very texts the probe checked."""
    probe = play(3, (), 11)
    by_conn: dict[str, list[str]] = defaultdict(list)
    for conn, text, _hidden in probe.log:
        by_conn[conn].append(text)
    counters: set[int] = set()
    for conn, texts in by_conn.items():
        host, guest = Stream("0123abcd"), Stream("0123abcd", opened=False)
        guest.take(host.take(guest.due(0.0)[0], 0.0)[1][0], 0.0)        # knock, open
        received: list[str] = []
        for number, text in enumerate(texts):
            for env in host.send(text, float(number)):
                opened = read_envelope(json.dumps(env, ensure_ascii=False))
                assert set(opened) <= {"v", "s", "k", "a", "n", "d", "more"}, opened
                assert opened["s"] == "0123abcd" and opened["k"] == "m"
                counters |= {opened[key] for key in ("a", "n", "more") if key in opened}
                got, replies = guest.take(opened, float(number))
                received += got
                for reply in replies:
                    host.take(reply, float(number))
        assert received == texts, conn
    check_numbers(probe, counters)
