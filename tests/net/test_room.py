"""Play over the internet, the plain-Python part (``game.net.room``, ``game.net.nostr_wire``,
``game.net.relays``): two streams joined by a medium that drops, repeats, reorders and delays
envelopes (as public relays may) deliver every text once and in order, long ones in pieces;
the knock, the bye and the silence; anything read that is not an envelope, or not one of our
events, is refused and nothing else."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.net import nostr_wire
from game.net.ice import ice_servers
from game.net.nostr_wire import Seen, is_end_of_stored, publication, read_event, request
from game.net.relays import (
    DEFAULT_RELAYS,
    DEFAULT_STUN,
    MAX_RELAYS,
    RelayListError,
    read_relays,
)
from game.net.room import (
    CHUNK,
    KEEPALIVE_S,
    KIND,
    KINDS,
    KNOCK_S,
    MAX_ENVELOPE,
    SILENT_S,
    EnvelopeError,
    Stream,
    read_envelope,
)

SESSION = "0123abcd"
JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False)
                    | st.text(max_size=20),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
                    max_leaves=12)


def wire(env: dict) -> str:
    """An envelope as the page sends it (``game.web.room.RelayLink.transmit``)."""
    return json.dumps(env, separators=(",", ":"), ensure_ascii=False)


# --- two streams over a lossy medium ---------------------------------------------------------------

@dataclass
class Side:
    """One device's end: its stream, the texts it has still to send, the texts it received."""
    stream: Stream
    to_send: list[str]
    got: list[str] = field(default_factory=list)


@dataclass
class Medium:
    """The relays between two devices: each envelope dropped, sent twice, or held back a while
    (so later ones overtake it), as ``rng`` decides."""
    rng: random.Random
    drop: float
    repeat: float
    delay: float
    flying: list[tuple[float, int, str, str]] = field(default_factory=list)    # (arrives at, order, to, text)
    count: int = 0

    def post(self, to: str, env: dict, now: float) -> None:
        text = wire(env)
        assert len(text) <= MAX_ENVELOPE            # every envelope a stream makes can be read
        if self.rng.random() < self.drop:
            return
        for _copy in range(2 if self.rng.random() < self.repeat else 1):
            self.count += 1
            self.flying.append((now + self.rng.random() * self.delay, self.count, to, text))

    def arrived(self, now: float) -> list[tuple[str, str]]:
        come = sorted(f for f in self.flying if f[0] <= now)
        self.flying = [f for f in self.flying if f[0] > now]
        return [(to, text) for _at, _n, to, text in come]


def converse(medium: Medium, guest: Side, host: Side, steps: int = 20_000) -> float:
    """The guest knocks, the host opens, both send their texts when they like, until every text
    is acknowledged; the clock moves on between calls of ``due``.  The time it took."""
    sides = {"guest": guest, "host": host}
    knocked = False
    now = 0.0
    for _step in range(steps):
        now += medium.rng.uniform(0.05, 1.5)
        for to, text in medium.arrived(now):
            env = read_envelope(text)
            side = sides[to]
            other = "host" if to == "guest" else "guest"
            if to == "host" and env["k"] == "knock":
                knocked = True          # the host's page opens (again: an open may be lost as well)
                medium.post("guest", host.stream.stamp({"k": "open"}, now), now)
            texts, replies = side.stream.take(env, now)
            side.got += texts
            for reply in replies:
                medium.post(other, reply, now)
        for name, side in sides.items():
            other = "host" if name == "guest" else "guest"
            may = side.stream.opened and (name == "guest" or knocked)
            if side.to_send and may and medium.rng.random() < 0.5:
                for env in side.stream.send(side.to_send.pop(0), now):
                    medium.post(other, env, now)
            for env in side.stream.due(now):
                medium.post(other, env, now)
        if guest.stream.opened and not (guest.to_send or host.to_send or guest.stream.unacked or host.stream.unacked):
            return now
    raise AssertionError("the texts did not all arrive")


SNIPPET = st.text(st.characters(blacklist_categories=("Cs", "Cc")) | st.sampled_from('"\\é日🚂'), min_size=1,
                  max_size=12)
LENGTH = st.sampled_from([0, 1, CHUNK - 1, CHUNK, CHUNK + 1, 3 * CHUNK + 17]) | st.integers(0, 300)
TEXT = st.builds(lambda snippet, n: (snippet * (n // len(snippet) + 1))[:n], SNIPPET, LENGTH)


@settings(max_examples=60, deadline=None)
@given(st.lists(TEXT, max_size=6), st.lists(TEXT, max_size=6), st.randoms(use_true_random=False),
       st.floats(0, 0.3), st.floats(0, 0.3), st.floats(0, 6.0))
def test_texts_arrive_once_and_in_order_whatever_the_relays_do(from_guest, from_host, rng, drop, repeat, delay):
    guest, host = Side(Stream(SESSION, opened=False), list(from_guest)), Side(Stream(SESSION), list(from_host))
    converse(Medium(rng, drop, repeat, delay), guest, host)
    assert host.got == from_guest and guest.got == from_host
    assert guest.stream.opened and not (guest.stream.partial or host.stream.partial or guest.stream.early
                                        or host.stream.early)     # nothing held back or kept


def test_a_perfect_medium_takes_no_resend():
    texts = ["", "x" * (2 * CHUNK + 5), "é" * CHUNK]
    guest, host = Side(Stream(SESSION, opened=False), list(texts)), Side(Stream(SESSION), list(texts))
    converse(Medium(random.Random(1), 0.0, 0.0, 0.0), guest, host)
    assert host.got == guest.got == texts


# --- the stream's parts --------------------------------------------------------------------------------

def test_a_long_text_goes_in_numbered_pieces_and_an_empty_one_in_one():
    stream = Stream(SESSION)
    pieces = stream.send("a" * (2 * CHUNK + 1), 0.0)
    assert [(p["n"], len(p["d"]), p.get("more")) for p in pieces] == [(0, CHUNK, 1), (1, CHUNK, 1), (2, 1, None)]
    assert [p["k"] for p in stream.send("", 0.0)] == ["m"] and stream.sent == 4
    receiver = Stream(SESSION)
    assert [receiver.take(p, 1.0)[0] for p in reversed(pieces)] == [[], [], ["a" * (2 * CHUNK + 1)]]


def test_the_worst_json_text_fits_an_envelope():
    """What the game sends is JSON: quotes and backslashes escape to two characters each."""
    worst = json.dumps(['"\\' * CHUNK])
    assert all(len(wire(env)) <= MAX_ENVELOPE for env in Stream(SESSION).send(worst, 0.0))


def kinds(envs: list[dict]) -> list[str]:
    return [env["k"] for env in envs]


def test_a_guest_knocks_until_the_host_opens_then_keeps_alive():
    guest = Stream(SESSION, opened=False)
    assert kinds(guest.due(0.0)) == ["knock"] and guest.due(KNOCK_S - 0.1) == []
    sent = guest.send("hello", 1.0)         # sent before the open: not sent again until it comes
    assert guest.due(1.0 + KNOCK_S - 0.1) == [] and kinds(guest.due(1.0 + KNOCK_S)) == ["knock"]
    assert not guest.silent(1000.0)         # knocking: never taken as gone
    assert guest.take({"k": "p", "s": SESSION, "a": 0}, 4.5) == ([], []) and not guest.opened   # only open opens
    guest.take({"k": "open", "s": SESSION, "a": 0}, 5.0)
    assert guest.opened and [e["n"] for e in guest.due(5.0)] == [sent[0]["n"]]
    guest.take({"k": "a", "s": SESSION, "a": 1}, 6.0)
    assert guest.unacked == {} and guest.due(6.0) == []
    assert kinds(guest.due(5.0 + KEEPALIVE_S)) == ["p"]


def test_a_bye_ends_both_sides():
    guest, host = Stream(SESSION, opened=False), Stream(SESSION)
    host.take(guest.due(0.0)[0], 0.0)
    guest.take(host.stamp({"k": "open"}, 0.1), 0.1)
    unacked = host.send("state", 0.2)
    bye = guest.bye(0.3)
    assert bye["k"] == "bye" and guest.ended and guest.due(100.0) == []
    host.take(read_envelope(wire(bye)), 0.4)
    assert host.ended and host.due(100.0) == [] and unacked       # nothing more is sent, not even a resend


def test_a_side_silent_too_long_is_gone():
    host = Stream(SESSION)
    assert not host.silent(1000.0)          # nothing heard yet: a host's stream counts from the knock
    host.take({"k": "knock", "s": SESSION, "a": 0}, 10.0)
    assert not host.silent(10.0 + SILENT_S - 0.01) and host.silent(10.0 + SILENT_S)
    host.take({"k": "p", "s": SESSION, "a": 0}, 25.0)
    assert not host.silent(10.0 + SILENT_S)
    assert SILENT_S > 3 * KEEPALIVE_S       # a keepalive or two may be lost before a side is taken as gone


def test_a_repeat_is_acknowledged_again_but_not_delivered_again():
    sender, receiver = Stream(SESSION), Stream(SESSION)
    [piece] = sender.send("once", 0.0)
    assert receiver.take(piece, 1.0)[0] == ["once"]
    texts, replies = receiver.take(piece, 2.0)
    assert texts == [] and [r["k"] for r in replies] == ["a"] and replies[0]["a"] == 1


# --- envelopes read ----------------------------------------------------------------------------------

def test_envelopes_read_back_and_bad_ones_refused():
    for env in (*Stream(SESSION).send("x", 0.0), Stream(SESSION).signal("offer", "code", 0.0), Stream(SESSION).bye(0)):
        assert read_envelope(wire(env)) == env
    good = {"v": 1, "k": "m", "s": SESSION, "a": 0, "n": 0, "d": "x"}
    for bad in ({**good, "v": 2}, {**good, "k": "hello"}, {**good, "s": "ABCDEF01"}, {**good, "s": "0123"},
                {**good, "n": -1}, {**good, "n": 2**31}, {**good, "a": 1.0}, {**good, "n": True}, {**good, "d": 1},
                {k: v for k, v in good.items() if k != "d"}, {**good, "k": "offer"}, [good]):
        with pytest.raises(EnvelopeError):
            read_envelope(json.dumps(bad))
    for text in ("", "{", "[" * 100 + "]" * 100, json.dumps({**good, "d": "x" * MAX_ENVELOPE})):
        with pytest.raises(EnvelopeError):
            read_envelope(text)


def _only_envelope_errors(text: str) -> dict | None:
    try:
        env = read_envelope(text)
    except EnvelopeError:
        return None
    Stream(SESSION).take(env, 0.0)          # whatever is read, a stream takes
    Stream(SESSION, opened=False).take(env, 0.0)
    return env


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=300))
def test_any_text_gives_an_envelope_or_an_envelope_error(text):
    _only_envelope_errors(text)


@settings(max_examples=200, deadline=None)
@given(JSON)
def test_any_json_value_gives_an_envelope_or_an_envelope_error(value):
    _only_envelope_errors(json.dumps(value))


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(KINDS), st.dictionaries(st.sampled_from(["v", "k", "s", "a", "n", "d", "c", "more", "x"]),
                                               JSON, max_size=4))
def test_an_envelope_with_fields_changed_gives_an_envelope_or_an_envelope_error(kind, changed):
    _only_envelope_errors(json.dumps({"v": 1, "k": kind, "s": SESSION, "a": 0, "n": 0, "d": "", "c": "", **changed}))


# --- what crosses a relay's socket ---------------------------------------------------------------------

SUB, ME = "ab" * 8, "3" * 64
EVENT = {"id": "1" * 64, "pubkey": "2" * 64, "created_at": 1_700_000_000, "kind": KIND,
         "tags": [["p", ME]], "content": "ciphertext?iv=x", "sig": "4" * 128}


def relayed(event: object, sub: str = SUB) -> str:
    return json.dumps(["EVENT", sub, event])


def test_the_subscription_and_a_publication():
    assert json.loads(request(SUB, ME, 1000.9)) == ["REQ", SUB, {"kinds": [KIND], "#p": [ME],
                                                                 "since": 1000 - nostr_wire.SINCE_S}]
    assert json.loads(publication(EVENT)) == ["EVENT", EVENT]
    assert len(nostr_wire.subscription_id()) == 16 and nostr_wire.subscription_id() != nostr_wire.subscription_id()
    assert 20_000 <= KIND < 30_000          # ephemeral: relays keep nothing


def test_our_event_is_read_and_anything_else_refused():
    assert read_event(relayed(EVENT), SUB, ME) == EVENT
    assert read_event(relayed({**EVENT, "tags": [["e", "x"], ["p", ME, "wss://r"], ["p", ME]]}), SUB, ME)
    refused = [relayed(EVENT, "cd" * 8), relayed({**EVENT, "kind": 1}), relayed({**EVENT, "tags": []}),
               relayed({**EVENT, "tags": [["p", "5" * 64]]}), relayed({**EVENT, "extra": 1}),
               relayed({k: v for k, v in EVENT.items() if k != "sig"}), relayed({**EVENT, "id": "A" * 64}),
               relayed({**EVENT, "pubkey": "2" * 63}), relayed({**EVENT, "sig": "4" * 127 + "g"}),
               relayed({**EVENT, "created_at": "1"}), relayed({**EVENT, "created_at": True}),
               relayed({**EVENT, "content": None}), relayed({**EVENT, "tags": [["p", ME], ["t", 1]]}),
               relayed({**EVENT, "tags": "p"}), relayed({**EVENT, "content": "x" * nostr_wire.MAX_MESSAGE}),
               json.dumps(["EVENT", EVENT]), json.dumps(["EVENT", SUB, EVENT, 1]), relayed([EVENT]),
               '["NOTICE","hello"]', f'["EOSE","{SUB}"]', '["OK","' + "1" * 64 + '",true,""]', "", "[", "null"]
    assert [text[:40] for text in refused if read_event(text, SUB, ME) is not None] == []


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=300) | st.builds(relayed, JSON) | st.builds(lambda d: relayed({**EVENT, **d}),
                                                                       st.dictionaries(st.sampled_from(list(EVENT)), JSON)))
def test_any_message_gives_our_event_or_none(text):
    event = read_event(text, SUB, ME)
    assert event is None or set(event) == set(EVENT) and ["p", ME] in event["tags"]


def test_the_end_of_stored_events_is_our_subscription_s_only():
    assert is_end_of_stored(f'["EOSE","{SUB}"]', SUB) and is_end_of_stored(f'["EOSE", "{SUB}"]', SUB)
    for text in (f'["EOSE","{"cd" * 8}"]', f'["EOSE","{SUB}","x"]', f'["NOTICE","{SUB}"]', relayed(EVENT), ""):
        assert not is_end_of_stored(text, SUB)


def test_the_events_taken_are_remembered_and_bounded():
    seen = Seen(size=3)
    assert [seen.first(i) for i in "aab"] == [True, False, True]
    for i in "cde":
        assert seen.first(i)
    assert len(seen.ids) == 3 and seen.first("a") and not seen.first("e")
    default = Seen()
    for i in range(nostr_wire.SEEN + 10):
        default.first(str(i))
    assert len(default.ids) == nostr_wire.SEEN


# --- the relays and STUN servers -----------------------------------------------------------------------

def test_relay_lists_are_read_and_checked():
    assert read_relays(" wss://a.example\n ws://127.0.0.1:7447/x, wss://a.example ") == \
        ("wss://a.example", "ws://127.0.0.1:7447/x")
    assert read_relays(",".join(DEFAULT_RELAYS)) == DEFAULT_RELAYS and len(DEFAULT_RELAYS) <= MAX_RELAYS
    assert ice_servers("\n".join(DEFAULT_STUN)) == [{"urls": url} for url in DEFAULT_STUN]
    too_many = ",".join(f"wss://r{i}.example" for i in range(MAX_RELAYS + 1))
    for bad in ("", " , ", "https://a.example", "wss://a.example?x=1", "wss://", "wss://a b.example", "relay.damus.io",
                "wss://a.example/" + "x" * 300, too_many):
        with pytest.raises(RelayListError):
            read_relays(bad)


def test_every_knock_is_answered_with_open_so_a_lost_one_is_sent_again():
    guest, host = Stream("0123abcd", opened=False), Stream("0123abcd")
    first = host.take(guest.due(0.0)[0], 0.0)[1]         # the open a relay then drops
    again = host.take(guest.due(3.0)[0], 3.0)[1]
    assert [e["k"] for e in first] == [e["k"] for e in again] == ["open"]
    guest.take(again[0], 3.1)
    assert guest.opened and [e["k"] for e in guest.due(4.0)] == []
