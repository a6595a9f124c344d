"""The channel's messages: every kind round-trips through its text, and the parsers refuse
malformed, oversized, wrong-type, wrong-version, unknown and wrong-way messages with a
ProtocolError that says why, and raise nothing else whatever the text (fuzzed)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.net.guest import GuestTable
from game.net.protocol import (
    MAX_GUEST_CHARS,
    MAX_MESSAGE_BYTES,
    STATE_BYTES,
    Clock,
    Command,
    Contribution,
    Deal,
    Hello,
    Ping,
    Pledge,
    Pledges,
    Pong,
    ProtocolError,
    Refusal,
    Rejoin,
    Reveal,
    State,
    Welcome,
    read_guest,
    read_host,
)
from game.net.seen import seat_events, seat_view
from game.rules import apply_action, legal_actions
from game.state import new_game

HEX = "0123456789abcdef" * 4
TOKEN = "0123456789abcdef" * 2
TABLE = {"map": "usa", "variant": None, "first": 0, "players": [{"name": "Ann"}, {"name": "Bob"}]}


def _state_message() -> State:
    state = new_game("usa", players=2, seed=3)
    event = apply_action(state, legal_actions(state)[0])
    return State(1, seat_view(state, 1), 0, seat_events([event], 1), ["local", "here"])


GUEST = [Hello(TOKEN), Rejoin(TOKEN), Pledge(HEX), Contribution(HEX), Command("claim a--b 2red+1loco", 7), Ping(123)]
HOST = [Welcome(1, TOKEN, TABLE, HEX), Welcome(None, TOKEN, TABLE, HEX), Pledges([None, HEX]), Deal([None, HEX]),
        _state_message(), Refusal("pass", "rule.phase.setup_tickets", {"count": 2}, "no"),
        Refusal(None, "net.refused.message", {}, "why"), Reveal(HEX, ["keep a--b", "pass"]), Pong(5),
        Clock(9, 42, [3, 7]), Clock(9, None, [])]


@pytest.mark.parametrize("message", GUEST, ids=lambda m: type(m).__name__)
def test_a_guest_message_round_trips(message):
    assert read_guest(message.to_text()) == message
    with pytest.raises(ProtocolError, match="not a message a host sends"):
        read_host(message.to_text())


@pytest.mark.parametrize("message", HOST, ids=lambda m: type(m).__name__)
def test_a_host_message_round_trips(message):
    assert read_host(message.to_text()) == message
    with pytest.raises(ProtocolError, match="not a message a guest sends"):
        read_guest(message.to_text())


def _with(message, **changes) -> str:
    data = json.loads(message.to_text())
    data.update(changes)
    return json.dumps({k: v for k, v in data.items() if v is not ...})


@pytest.mark.parametrize("text,why", [
    ("x" * (MAX_GUEST_CHARS + 1), "the message is longer than 4,000 characters"),
    ("{", "not valid JSON"),
    ("[1]", "expected a JSON object, not a list"),
    ('{"type": "ping", "t": 1}', "v: expected the protocol's version"),
    ('{"type": "ping", "v": true, "t": 1}', "v: expected the protocol's version"),
    ('{"type": "ping", "v": 2, "t": 1}', "version 2: this game speaks version 3"),
    ('{"type": "fly", "v": 3}', "type: expected a message type of this game, not 'fly'"),
    ('{"type": null, "v": 3}', "type: expected a message type of this game, not null"),
    ('{"v": 3}', "the message has no type"),
    (_with(Ping(1), t=...), "ping: missing field"),
    (_with(Ping(1), extra=1), "ping: unknown field"),
    (_with(Ping(1), t=True), "t: expected a whole number"),
    (_with(Ping(1), t=-1), "t: expected a whole number"),
    (_with(Ping(1), t=2 ** 60), "t: expected a whole number"),
    (_with(Command("pass", 0), action=""), "action: expected text of 1 to"),
    (_with(Command("pass", 0), action=["pass"]), "action: expected text"),
    (_with(Command("pass", 0), at=1.5), "at: expected a whole number"),
    (_with(Hello(TOKEN), invite=TOKEN.upper()), "invite: expected 32 hexadecimal digits"),
    (_with(Contribution(HEX), value=HEX[:-1]), "value: expected 64 hexadecimal digits"),
    ('{"type": "ping", "v": 3, "t": 1, "t": 2}', "given twice"),
    ('{"type": "ping", "v": 3, "t": NaN}', "NaN is not a JSON number"),
])
def test_a_bad_guest_message_is_refused_with_its_reason(text, why):
    with pytest.raises(ProtocolError, match=why):
        read_guest(text)


@pytest.mark.parametrize("text,said", [
    (_with(Command("pass", 0), at=1.5), "at: expected a whole number from 0 to 20,000, not 1.5"),
    (_with(Command("pass", 0), at=-1), "at: expected a whole number from 0 to 20,000, not -1"),
    (_with(Command("pass", 0), at="3"), "at: expected a whole number from 0 to 20,000, not '3'"),
    (_with(Command("pass", 0), at=None), "at: expected a whole number from 0 to 20,000, not null"),
    (_with(Command("pass", 0), at=True), "at: expected a whole number from 0 to 20,000, not true"),
    (_with(Ping(1), t=2 ** 60), "t: expected a whole number from 0 to 9,007,199,254,740,991, not a number of 19 digits"),
    (_with(Command("pass", 0), action=""), "action: expected text of 1 to 400 characters, not empty text"),
    (_with(Command("pass", 0), action="x" * 401), "action: expected text of 1 to 400 characters, not text of 401 characters"),
    (_with(Hello(TOKEN), invite="zz"), "invite: expected 32 hexadecimal digits (0-9, a-f), not 'zz'"),
    ('{"type": "ping", "v": "3", "t": 1}', "v: expected the protocol's version (3), not '3'"),
    (_with(Command("pass", 0), at=...), "command: missing field at"),
    (_with(Command("pass", 0), at=..., action=...), "command: missing fields action, at"),
    (_with(Ping(1), x=1, y=2), "ping: unknown fields 'x', 'y'"),
    ('"hello"', "expected a JSON object, not 'hello'"),
])
def test_a_refusal_says_the_value_refused_once_and_plainly(text, said):
    """Each reason reads as a sentence: the field, what it must be, and the value sent, said
    once ("not 1.5", never "not a number a number")."""
    with pytest.raises(ProtocolError) as refused:
        read_guest(text)
    assert str(refused.value) == said


def test_a_value_that_is_no_text_at_all_is_refused_in_words():
    for value, said in ((5, "a number"), (None, "null"), ([], "a list")):
        with pytest.raises(ProtocolError, match=f"^expected text, not {said}$"):
            read_guest(value)


@pytest.mark.parametrize("change,why", [
    ({"view": {"players": []}}, "view: expected a seat's view"),
    ({"events": [{"kind": "fly", "seat": 0, "private": {}}]}, "events: expected a list"),
    ({"seats": ["local", "gone"]}, "seats: expected a list"),
    ({"at": -1}, "at: expected a whole number"),
])
def test_a_bad_host_message_is_refused_with_its_reason(change, why):
    with pytest.raises(ProtocolError, match=why):
        read_host(_with(_state_message(), **change))


@pytest.mark.parametrize("change,why", [
    ({"left": -1}, "left: expected null or a whole number"),
    ({"left": 1.5}, "left: expected null or a whole number"),
    ({"left": True}, "left: expected null or a whole number"),
    ({"left": 10 ** 6}, "left: expected null or a whole number"),
    ({"timeouts": [1, "2"]}, "timeouts: expected a list"),
    ({"timeouts": None}, "timeouts: expected a list"),
    ({"at": ...}, "clock: missing field"),
    ({"limit": 60}, "clock: unknown field"),
])
def test_a_bad_clock_is_refused_with_its_reason(change, why):
    with pytest.raises(ProtocolError, match=why):
        read_host(_with(Clock(9, 42, [3]), **change))


def _view_with(**change) -> dict:
    view = json.loads(json.dumps(_state_message().view))
    players = change.pop("players", {})
    view["players"][1].update(players)
    return {**view, **change}


@pytest.mark.parametrize("view", [_view_with(market=5), _view_with(market=None), _view_with(viewer="1"),
                                  _view_with(viewer=2), _view_with(players={"hand": 7}),
                                  _view_with(players={"offer": "x"}), _view_with(players={"tickets": {}})],
                         ids=["market-number", "market-none", "viewer-text", "viewer-no-seat", "hand", "offer", "tickets"])
def test_a_view_a_guest_cannot_keep_is_refused(view):
    """What the guest keeps of a view (its market, its seat's hand, offer and tickets) has its type."""
    with pytest.raises(ProtocolError, match="view: expected a seat's view"):
        read_host(_with(_state_message(), view=view))


def test_a_state_too_large_for_one_message_is_split_and_read_back_whole():
    """A rejoin of a long game: each message within the limit (the data channel's is 256 KiB),
    a guest reading them in turn gets every event."""
    from net_helpers import dealt_table
    channel = dealt_table(3)
    channel.play_out(moves=120)
    guest = channel.guests["g1"]
    table = channel.table
    whole = State(len(table.match.actions), guest.view, 0, guest.events, guest.statuses)
    assert whole.split() == [whole] and len(whole.to_text().encode("utf-8")) <= STATE_BYTES < MAX_MESSAGE_BYTES
    limit = 4_000
    parts = whole.split(limit)
    assert len(parts) > 2 and all(len(p.to_text().encode("utf-8")) <= limit for p in parts)
    assert [e for p in parts for e in p.events] == whole.events
    assert [p.events_from for p in parts] == [sum(len(q.events) for q in parts[:i]) for i in range(len(parts))]
    kept = GuestTable.from_json(guest.to_json())
    kept.events = kept.events[:5]
    for part in parts:
        kept.receive(part.to_text())
    assert kept.events == guest.events and kept.view == guest.view


def test_a_welcome_whose_first_player_is_not_at_the_table_is_refused():
    with pytest.raises(ProtocolError, match="table: expected"):
        read_host(_with(Welcome(1, TOKEN, TABLE, HEX), table={**TABLE, "first": 2}))


JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                    max_leaves=10)
FIELDS = ["type", "v", "invite", "token", "digest", "value", "action", "at", "t", "seat", "table", "commitment",
          "pledges", "contributions", "view", "events_from", "events", "seats", "key", "params", "reason", "secret",
          "actions", "left", "timeouts"]


def _only_protocol_errors(text) -> None:
    for read in (read_guest, read_host):
        try:
            read(text)
        except ProtocolError:
            pass


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=200) | st.binary(max_size=200))
def test_any_text_gives_a_message_or_a_protocol_error(text):
    _only_protocol_errors(text)


@settings(max_examples=100, deadline=None)
@given(st.dictionaries(st.sampled_from(FIELDS), JSON, max_size=6),
       st.sampled_from(["hello", "rejoin", "pledge", "contribution", "command", "ping", "welcome", "pledges", "deal",
                        "state", "refusal", "reveal", "pong", "clock"]))
def test_any_json_object_gives_a_message_or_a_protocol_error(data, kind):
    _only_protocol_errors(json.dumps({"type": kind, "v": 3, **data}))


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(GUEST + HOST), st.sampled_from(FIELDS), JSON)
def test_a_valid_message_with_one_field_changed_gives_a_message_or_a_protocol_error(message, name, value):
    data = json.loads(message.to_text())
    data[name] = value
    _only_protocol_errors(json.dumps(data))
