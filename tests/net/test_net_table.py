"""The host's table: seats and invites, a guest's commands checked like a click (refusals
change nothing), rejoining, the host's reload, a dropped seat given to an AI and taken back,
the turn timer (its clock sent to everyone, its 0, its keeping), the host stopping an AI stand-in."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from net_helpers import Channel, dealt_table, entropy, start

from game.ai.decide import ai_move
from game.i18n import catalog, placeholders
from game.net.guest import GuestError, GuestTable
from game.net.host import HostTable
from game.net.kept import TableError
from game.net.protocol import Clock, Command, Hello, read_host
from game.state import to_json
from game.ui.log import Event as LogEvent
from game.ui.session import Session

ROOT = Path(__file__).resolve().parents[2]


def last(channel: Channel, conn: str):
    return read_host(channel.received[conn][-1])


def refused(channel: Channel, conn: str, text: str):
    """Send ``text`` from ``conn``: the one answer is a refusal, and nothing changed."""
    table = channel.table
    before = (to_json(table.match.state), len(table.match.actions)) if table.match else None
    sends = table.receive(conn, text)
    assert [s.conn for s in sends] == [conn]
    refusal = read_host(sends[0].text)
    assert type(refusal).__name__ == "Refusal"
    after = (to_json(table.match.state), len(table.match.actions)) if table.match else None
    assert after == before
    return refusal


def test_seats_and_the_deal():
    channel = dealt_table(4, ai=(2,))
    table = channel.table
    assert [s.kind for s in table.seats] == ["local", "remote", "ai", "remote"]
    assert table.statuses() == ["local", "here", "ai", "here"]
    welcome = read_host(channel.received["g1"][0])
    assert (welcome.seat, welcome.token, welcome.table) == (1, table.seats[1].token, table.start)
    guest = channel.guests["g1"]
    assert guest.view["viewer"] == 1 and guest.view["players"][1]["hand"] is not None
    assert guest.contributions == [None, guest.contribution, None, channel.guests["g3"].contribution]


def test_the_game_waits_for_every_contribution():
    table = HostTable.create(start(3), [1, 2], entropy=entropy(2))
    channel = Channel(table)
    channel.join(1)
    assert not table.dealt
    conn = "g1"
    assert refused(channel, conn, Command("pass", 0).to_text()).key == "net.refused.not_started"
    channel.join(2)
    assert table.dealt


def test_a_command_from_a_seat_not_on_turn_is_refused():
    channel = dealt_table(3)
    session = channel.table.match
    assert session.current == 0
    offer = session.state["players"][1]["offer"]
    channel.send("g1", Command(f"keep {','.join(offer)}", 0).to_text())      # the opening: chosen ahead, held
    refusal = refused(channel, "g1", Command(f"keep {','.join(offer)}", 0).to_text())     # never twice
    assert (refusal.key, refusal.params) == ("net.refused.not_your_turn", {"player": 0})


def test_an_illegal_or_malformed_command_is_refused_with_the_reason():
    channel = dealt_table(3, first=1)
    assert channel.table.match.current == 1
    refusal = refused(channel, "g1", Command("pass", 0).to_text())
    assert refusal.key == "rule.phase.setup_tickets" and refusal.action == "pass"
    assert refused(channel, "g1", Command("keep nowhere--else", 0).to_text()).key == "rule.keep.not_offered"
    assert refused(channel, "g1", Command("fly to the moon", 0).to_text()).key == "net.refused.message"
    assert refused(channel, "g1", Command("keep", 0).to_text()).key == "net.refused.message"
    assert refused(channel, "g1", '{"type": "command", "v": 3}').key == "net.refused.message"
    assert refused(channel, "g1", "\x00" * 10).key == "net.refused.message"
    offer = channel.table.match.state["players"][1]["offer"]
    assert refused(channel, "g1", Command(f"keep {','.join(offer)}", 5).to_text()).key == "net.refused.stale"
    channel.send("g1", Command(f"keep {','.join(offer)}", 0).to_text())
    assert len(channel.table.match.actions) == 1 and channel.guests["g1"].at == 1


def test_a_forged_command_from_a_connection_without_a_seat_or_a_spectator_is_refused():
    channel = dealt_table(3, spectators=1, first=1)
    offer = channel.table.match.state["players"][1]["offer"]
    keep = Command(f"keep {','.join(offer)}", 0).to_text()
    assert refused(channel, "intruder", keep).key == "net.refused.not_seated"
    assert refused(channel, "s0", keep).key == "net.refused.spectator"
    assert refused(channel, "intruder", Hello("0" * 32).to_text()).key == "net.refused.not_seated"
    assert refused(channel, "intruder", '{"type": "rejoin", "v": 3, "token": "' + "0" * 32 + '"}').key \
        == "net.refused.not_seated"


def test_an_invite_is_good_once_and_a_new_one_replaces_it():
    table = HostTable.create(start(3), [1, 2], entropy=entropy(3))
    old = table.invite(1)
    new = table.invite(1)
    channel = Channel(table)
    assert read_host(table.receive("x", Hello(old).to_text())[0].text).key == "net.refused.not_seated"
    assert read_host(table.receive("x", Hello(new).to_text())[0].text).seat == 1
    assert read_host(table.receive("y", Hello(new).to_text())[0].text).key == "net.refused.not_seated"
    with pytest.raises(TableError):
        table.invite(0)     # the host's own seat
    assert channel.table is table


def test_a_guest_that_reloads_rejoins_with_its_token_and_sees_the_same_game():
    channel = dealt_table(3)
    channel.play_out(moves=40)
    guest = channel.guests["g1"]
    kept = GuestTable.from_json(json.loads(json.dumps(guest.to_json())))
    channel.deliver(channel.table.disconnected("g1", now=100.0))
    assert channel.table.statuses() == ["local", "away", "here"]
    assert not channel.table.bound("g1")
    channel.guests["g1"] = kept         # the reloaded page, on a new channel
    channel.send("g1", kept.rejoin())
    assert kept.view == guest.view and kept.events == guest.events
    assert channel.table.statuses() == ["local", "here", "here"] and channel.table.seat_of("g1") == 1
    channel.play_out()
    assert kept.check() is None


@pytest.mark.parametrize("version", [1, 2])
def test_a_guest_kept_by_an_earlier_version_is_refused_not_misread(version):
    """Its views and the digests of what it saw lack the face-up record (version 1) or the tunnel
    cards in it (version 2), so its fair-deal check would fail on a fair game: the kept guest is
    refused as another version (the page drops it)."""
    channel = dealt_table(3)
    channel.play_out(moves=40)
    data = json.loads(json.dumps(channel.guests["g1"].to_json()))
    data["guest"] = version
    if version == 1:
        for p in data["view"]["players"]:
            del p["face_up"]
    with pytest.raises(GuestError, match="not a guest of this version"):
        GuestTable.from_json(data)


def test_a_new_connection_of_a_seat_replaces_the_old_one():
    channel = dealt_table(3)
    token = channel.table.seats[1].token
    channel.send("other", '{"type": "rejoin", "v": 3, "token": "' + token + '"}')
    assert channel.table.seat_of("other") == 1 and not channel.table.bound("g1")


def test_a_guest_with_a_new_invite_after_the_deal_watches_it_as_a_late_joiner():
    """A player whose device lost its storage takes the seat again with a new invite: the deal
    holds the seat's old contribution, so the guest checks the game without one of its own."""
    channel = dealt_table(3)
    channel.play_out(moves=10)
    table = channel.table
    old = channel.guests["g1"]
    fresh = GuestTable.new(entropy(999))
    channel.guests["g1"] = fresh
    channel.send("g1", fresh.hello(table.invite(1)))
    assert fresh.late and not old.late and fresh.refusal is None
    assert fresh.view == old.view and fresh.contributions == old.contributions
    channel.play_out()
    assert fresh.record().own is None and fresh.check() is None


def test_a_pledge_after_every_pledge_is_in_is_refused_and_the_new_device_joins_late():
    """Every pledge is in, one contribution sent, and the other seat's device is lost before it
    sends its own: a new device's pledge for the seat is refused with the reason (restarting the
    round would let a pledge chosen after seeing a contribution steer the seed), the new guest
    joins late, and the old device can still finish the deal."""
    table = HostTable.create(start(3), [1, 2], entropy=entropy(5))
    channel = Channel(table)
    channel.join(1)
    lost = GuestTable.new(entropy(55))
    welcome = next(s for s in table.receive("g2", lost.hello(table.invite(2))) if s.conn == "g2")
    channel.deliver([s for s in table.receive("g2", lost.receive(welcome.text)[0]) if s.conn != "g2"])
    channel.deliver(table.disconnected("g2", now=1.0))
    assert table.seats[1].contribution is not None and not table.dealt
    fresh = GuestTable.new(entropy(56))
    channel.guests["g2"] = fresh
    channel.send("g2", fresh.hello(table.invite(2)))
    assert fresh.late and fresh.refusal is not None and fresh.refusal.key == "net.refused.pledges_closed"
    assert not table.dealt
    channel.guests["g2"] = lost              # the first device comes back: the deal goes on
    channel.send("g2", lost.rejoin())
    assert table.dealt and lost.view is not None and fresh.pledges == lost.pledges


def test_a_new_pledge_before_every_pledge_is_in_replaces_the_old_one():
    table = HostTable.create(start(3), [1, 2], entropy=entropy(5))
    channel = Channel(table)
    channel.join(1)
    channel.guests["g1"] = fresh = GuestTable.new(entropy(77))    # the device lost its storage
    channel.send("g1", fresh.hello(table.invite(1)))
    channel.join(2)
    assert table.dealt and not fresh.late and fresh.contributions[1] == fresh.contribution


def test_a_connection_with_a_seat_asking_for_another_place_is_refused():
    """Its seat would be neither here nor away (no AI could stand in): a new place takes a new connection."""
    channel = dealt_table(3)
    table = channel.table
    invite = table.invite(None)
    assert refused(channel, "g1", Hello(invite).to_text()).key == "net.refused.message"
    rejoin = '{"type": "rejoin", "v": 3, "token": "' + table.seats[2].token + '"}'
    assert refused(channel, "g1", rejoin).key == "net.refused.message"
    assert table.seat_of("g1") == 1 and table.seat_of("g2") == 2 and table.statuses() == ["local", "here", "here"]
    channel.send("g1", channel.guests["g1"].rejoin())       # its own seat again: welcomed
    assert table.seat_of("g1") == 1 and not channel.refusals["g1"]
    channel.send("s0", Hello(invite).to_text())             # the refused invite is still good
    assert table.seat_of("s0") is None and table.bound("s0") and invite not in table.invites


def test_a_rejoin_on_the_same_connection_does_not_send_the_game_again():
    """The whole game goes once a connection (a guest repeating its rejoin costs the host a welcome)."""
    channel = dealt_table(3)
    channel.play_out(moves=30)
    guest = channel.guests["g1"]
    events = list(guest.events)
    for _ in range(3):
        sends = channel.table.receive("g1", guest.rejoin())
        assert [json.loads(s.text)["type"] for s in sends] == ["welcome", "pledges", "deal"]
        channel.deliver(sends)
    assert guest.events == events and channel.table.seat_of("g1") == 1
    assert [json.loads(s.text)["type"] for s in channel.table.receive("g1", guest.ping(7))] == ["pong"]
    channel.deliver(channel.table.disconnected("g1", now=5.0))
    sends = channel.table.receive("g1", guest.rejoin())          # a new connection: the whole game
    assert "state" in [json.loads(s.text)["type"] for s in sends]


def test_the_host_reloads_and_every_guest_rejoins():
    channel = dealt_table(3, ai=(2,), spectators=1)
    channel.play_out(moves=60)
    table = channel.table
    saved = json.loads(json.dumps(table.to_json()))
    restored = HostTable.from_json(saved, now=500.0, entropy=entropy(9))
    assert to_json(restored.match.state) == to_json(table.match.state)
    assert restored.statuses() == ["local", "away", "ai"]
    assert restored.away(now=520.0, grace=30.0) == [] and restored.away(now=530.0, grace=30.0) == [1]
    channel.table = restored
    for conn, guest in channel.guests.items():
        channel.send(conn, guest.rejoin())
    assert restored.statuses() == ["local", "here", "ai"] and restored.seat_of("s0") is None
    channel.play_out()
    assert all(guest.check() is None for guest in channel.guests.values())


@pytest.mark.parametrize("change,why", [
    ({"net": 2}, "not a table of this version"),
    ({"secret": "x"}, "secret"),
    ({"seats": []}, "seats: one per player"),
    ({"game": {"map": "usa"}}, "game: not the game this table dealt"),
])
def test_a_broken_table_is_refused_with_its_reason(change, why):
    saved = {**dealt_table(3).table.to_json(), **change}
    with pytest.raises(TableError, match=why):
        HostTable.from_json(saved)


def _seat(index: int, **change):
    """A change of the saved table of ``dealt_table(3)`` (seats local, remote, remote): seat ``index``'s fields."""
    def changed(saved: dict) -> dict:
        saved["seats"][index].update(change)
        return saved
    return changed


@pytest.mark.parametrize("change,why", [
    (_seat(1, contribution="zz"), "seats: each"), (_seat(1, contribution="é" * 64), "seats: each"),
    (_seat(1, pledge="AB" * 32), "seats: each"), (_seat(1, token="x"), "seats: each"),
    (_seat(0, token="ab" * 16), "seats: each"), (_seat(2, kind="local", token=None), "at most one human seat"),
    (lambda saved: {**saved, "invites": {"ab" * 16: 0}}, "invites"),
    (lambda saved: {**saved, "invites": {"ab" * 16: True}}, "invites"),
    (lambda saved: {**saved, "invites": {"abc": 1}}, "invites"),
    (lambda saved: {**saved, "spectators": ["x"]}, "spectators"),
])
def test_a_table_with_a_broken_seat_invite_or_token_is_refused_with_its_reason(change, why):
    """Everything a save holds has its form, so a restored table never fails later (an invite
    kept for the local seat, a contribution that is not hexadecimal)."""
    saved = change(json.loads(json.dumps(dealt_table(3).table.to_json())))
    with pytest.raises(TableError, match=why):
        HostTable.from_json(saved)


def test_a_forged_seed_in_the_save_is_refused():
    saved = dealt_table(3).table.to_json()
    saved["game"]["seed"] += 1
    with pytest.raises(TableError, match="not the game this table dealt"):
        HostTable.from_json(saved)


@pytest.mark.parametrize("players,remote,why", [
    (start(3), [0, 1, 2, 5], "only human seats"),
    (start(3, ai=(1,)), [1], "only human seats"),
    (start(3), [2], "at most one human seat on the host's device"),
    ({**start(3), "seed": 4}, [1, 2], "start: expected exactly"),
    (start(3, map_id="mars"), [1, 2], "start: map"),
])
def test_a_table_that_cannot_be_made_says_why(players, remote, why):
    with pytest.raises(TableError, match=why):
        HostTable.create(players, remote)


def test_a_dropped_seat_is_given_to_an_ai_after_the_grace_and_back_when_its_guest_returns():
    channel = dealt_table(3, first=1)
    table = channel.table
    guest = channel.guests.pop("g1")
    channel.deliver(table.disconnected("g1", now=10.0))
    assert table.away(now=30.0, grace=60.0) == [] and table.away(now=70.0, grace=60.0) == [1]
    assert not table.ai_to_move()
    with pytest.raises(TableError):
        table.stand_in(2)
    channel.deliver(table.stand_in(1))
    assert table.statuses() == ["local", "stand-in", "here"] and table.ai_to_move()
    assert read_host(channel.received["g2"][-1]).seats == ["local", "stand-in", "here"]
    assert table.away(now=70.0, grace=60.0) == []
    session = table.match
    session.play(ai_move(session))       # the AI plays the seat's initial ticket choice
    channel.deliver(table.outbox())
    channel.guests["g1"] = guest
    channel.send("g1", guest.rejoin())
    assert table.statuses() == ["local", "here", "here"] and guest.at == 1
    channel.play_out()
    assert guest.check() is None


def test_the_turn_timer_counts_from_the_first_look_at_a_decision():
    channel = dealt_table(3)
    table = channel.table
    assert table.turn_left(now=5.0) is None         # no timer: no limit
    table.turn_limit = 60
    assert table.turn_left(now=5.0) == 60.0
    assert table.turn_left(now=20.0) == 45.0
    assert table.turn_left(now=80.0) == 0.0
    session = table.match
    session.play(ai_move(session))
    assert table.turn_left(now=81.0) == 60.0


def test_a_ping_is_answered_with_its_number():
    channel = dealt_table(3)
    channel.send("g1", channel.guests["g1"].ping(1234))
    assert channel.guests["g1"].last_pong == 1234


def test_every_reason_of_the_table_and_the_check_has_its_text():
    """The keys game.net sends or raises are in the English catalog, with the parameters given."""
    english = catalog("en")
    sources = "".join(p.read_text(encoding="utf-8") for p in (ROOT / "game" / "net").glob("*.py"))
    keys = set(re.findall(r'"(net\.(?:refused|check)\.[a-z_]+)"', sources))
    assert len(keys) == 17 and keys <= set(english)
    assert placeholders(english["net.refused.not_your_turn"][0]) == {"player"}
    assert placeholders(english["net.check.hand"][0]) == {"number"}


@pytest.mark.parametrize("change", [{"guest": 4}, {"seat": "1"}, {"events": [1]}, {"at": True}, {"seen": [{}]},
                                    {"extra": 1}, {"pledges": [1, None, None]}, {"contributions": [[], None, None]},
                                    {"actions": [5]}])
def test_a_broken_kept_guest_is_refused(change):
    kept = {**dealt_table(3).guests["g1"].to_json(), **change}
    with pytest.raises(GuestError):
        GuestTable.from_json(kept)


WORDS = ["draw", "claim", "keep", "station", "pay", "tickets", "withdraw", "pass", "deck", "loco", "red", "none",
         "2red+1loco", "999loco", "0red", "1red+0loco", "seattle--portland", "denver", "denver--el-paso,x", ",", ""]


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(st.sampled_from(["g1", "g2", "s0", "nobody"]),
                          st.lists(st.sampled_from(WORDS), max_size=4).map(" ".join) | st.text(max_size=30),
                          st.integers(0, 3)), max_size=6))
def test_any_command_is_played_or_refused_without_a_change(commands):
    channel = dealt_table(3, spectators=1, first=1)
    table = channel.table
    for conn, action, at in commands:
        text = json.dumps({"type": "command", "v": 3, "action": action, "at": at})
        before, played = to_json(table.match.state), len(table.match.actions)
        answers = [read_host(s.text) for s in table.receive(conn, text)]
        if type(answers[0]).__name__ == "Refusal":
            assert len(answers) == 1 and to_json(table.match.state) == before
        else:
            assert len(table.match.actions) == played + 1 and conn == "g1"


class Time:
    """The host's clock, set by the test."""

    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def timed_table(**options) -> tuple[Channel, Time]:
    time = Time(100.0)
    return dealt_table(3, spectators=1, turn_limit=60, clock=time, **options), time


def test_the_turn_timer_is_sent_to_everyone_and_its_0_plays_a_safe_move_for_the_seat():
    channel, time = timed_table()
    table, session = channel.table, channel.table.match
    for conn in ("g1", "g2", "s0"):         # the host's seat 0 chooses its tickets first: 60 s, for all to see
        assert channel.guests[conn].clock == Clock(0, 60, [])
    assert table.time_out(now=159.0) == [] and len(session.actions) == 0
    time.now = 160.0
    channel.deliver(table.time_out(now=160.0))      # the host's own player ran out of time
    assert len(session.actions) == 1 and session.timed_out == {0}
    assert LogEvent.of("log.timeout", player=0) in Session(session).log
    for conn in ("g1", "g2", "s0"):
        assert channel.guests[conn].clock == Clock(1, 60, [0]) and channel.guests[conn].at == 1
    time.now = 200.0
    assert table.turn_left(now=200.0) == 20.0 and table.time_out(now=200.0) == []
    time.now = 230.0
    channel.deliver(table.time_out(now=230.0))      # a guest's seat: the host plays for it
    assert session.timed_out == {0, 1} and session.current == 2
    assert all(channel.guests[c].timeouts() == [0, 1] for c in ("g1", "g2", "s0"))
    channel.guest_move("g2")                        # a move in time: no timeout, a new clock
    assert session.timed_out == {0, 1} and channel.guests["s0"].clock == Clock(3, 60, [0, 1])
    assert not channel.refusals


def test_no_decision_of_an_ai_is_timed():
    channel = dealt_table(3, ai=(1,), turn_limit=60, clock=lambda: 0.0)
    table, session = channel.table, channel.table.match
    session.play(ai_move(session))
    channel.deliver(table.outbox())
    assert table.ai_to_move() and table.turn_left(now=1_000.0) is None and table.time_out(now=1_000.0) == []
    assert channel.guests["g2"].clock == Clock(1, None, [])


def test_a_guest_refuses_a_clock_that_contradicts_the_game():
    channel, time = timed_table()
    time.now = 160.0
    channel.deliver(channel.table.time_out(now=160.0))
    guest = channel.guests["g1"]
    assert guest.clock == Clock(1, 60, [0])
    for clock in (Clock(0, 60, []), Clock(1, 60, [1]), Clock(3, 60, [2, 1]), Clock(2, 60, [])):
        with pytest.raises(GuestError):
            guest.receive(clock.to_text())


def test_the_turn_timer_and_its_timeouts_are_kept_across_the_host_s_reload():
    channel, time = timed_table()
    table = channel.table
    for now in (160.0, 220.0):
        time.now = now
        channel.deliver(table.time_out(now=now))
    saved = json.loads(json.dumps(table.to_json()))
    assert saved["turn_limit"] == 60 and saved["timeouts"] == [0, 1]
    restored = HostTable.from_json(saved, now=500.0)
    assert restored.turn_limit == 60 and restored.match.timed_out == {0, 1}
    assert Session(restored.match).log == Session(table.match).log        # the lines "time ran out" in their places
    del saved["turn_limit"], saved["timeouts"]              # a table kept before the turn timer
    older = HostTable.from_json(saved, now=500.0)
    assert older.turn_limit is None and older.match.timed_out == set() and older.turn_left(now=600.0) is None


@pytest.mark.parametrize("change,why", [
    ({"turn_limit": 61}, "turn_limit: expected none or one of 60, 120, 300 seconds"),
    ({"turn_limit": "60"}, "turn_limit"), ({"turn_limit": True}, "turn_limit"), ({"turn_limit": 60.0}, "turn_limit"),
    ({"timeouts": [1, 0]}, "timeouts: expected"), ({"timeouts": ["0"]}, "timeouts: expected"),
    ({"timeouts": [-1]}, "timeouts: expected"), ({"timeouts": None}, "timeouts: expected"),
    ({"timeouts": [2]}, "timeouts: an action the game has not played"),
    ({"timeouts": [0], "game": None}, "timeouts: the game has not started"),
])
def test_a_table_with_a_broken_turn_timer_is_refused_with_its_reason(change, why):
    saved = {**json.loads(json.dumps(dealt_table(3, turn_limit=60).table.to_json())), **change}
    with pytest.raises(TableError, match=why):
        HostTable.from_json(saved)
    saved.pop("timeouts")
    with pytest.raises(TableError, match="and turn_limit and timeouts"):     # both, or neither
        HostTable.from_json(saved)


def test_a_table_cannot_be_made_with_a_turn_limit_not_offered():
    with pytest.raises(TableError, match="turn_limit"):
        HostTable.create(start(3), [1, 2], turn_limit=45)


def seat_one_away(time: Time):
    """A dealt 3-seat table with a 120 s turn timer, seat 1 to act, its guest gone at 10 s: the
    channel, the table and the guest away (to rejoin with)."""
    channel = dealt_table(3, first=1, turn_limit=120, clock=time)
    guest = channel.guests.pop("g1")
    channel.deliver(channel.table.disconnected("g1", now=10.0))
    return channel, channel.table, guest


def test_the_host_stops_the_ai_playing_for_an_away_guest_and_the_seat_waits_for_it_again():
    time = Time(0.0)
    channel, table, guest = seat_one_away(time)
    with pytest.raises(TableError):
        table.stop_stand_in(1)                  # no AI plays it
    channel.deliver(table.stand_in(1))
    assert table.ai_to_move() and channel.guests["g2"].clock.left is None
    time.now = 80.0
    channel.deliver(table.stop_stand_in(1))
    assert table.statuses() == ["local", "away", "here"] and not table.ai_to_move()
    assert channel.guests["g2"].clock == Clock(0, 120, [])     # the seat's decision, timed again from the start
    assert table.away(now=80.0, grace=60.0) == [1]             # and the AI may be asked again
    time.now = 200.0
    channel.deliver(table.time_out(now=200.0))                 # the away guest's time ran out
    assert table.match.timed_out == {0}
    channel.guests["g1"] = guest
    channel.send("g1", guest.rejoin())
    assert table.statuses() == ["local", "here", "here"] and guest.timeouts() == [0]


def test_a_guest_that_takes_its_seat_back_from_the_ai_has_the_whole_time():
    time = Time(0.0)
    channel, table, guest = seat_one_away(time)
    time.now = 100.0
    channel.deliver(table.stand_in(1))
    time.now = 119.0
    channel.guests["g1"] = guest
    channel.send("g1", guest.rejoin())          # back before its stand-in moved: the decision is its own again
    assert table.statuses() == ["local", "here", "here"] and table.turn_left(now=119.0) == 120.0
    assert guest.clock == channel.guests["g2"].clock == Clock(0, 120, [])
    assert table.time_out(now=238.0) == [] and len(table.match.actions) == 0
    channel.deliver(table.time_out(now=239.0))
    assert table.match.timed_out == {0}


def test_taking_back_a_seat_not_to_act_from_the_ai_leaves_the_clock_of_the_seat_to_act():
    time = Time(0.0)
    channel = dealt_table(3, first=1, turn_limit=120, clock=time)
    table = channel.table
    channel.guests.pop("g2")
    channel.deliver(table.disconnected("g2", now=5.0))
    time.now = 10.0
    channel.deliver(table.stand_in(2))
    time.now = 50.0
    channel.deliver(table.stop_stand_in(2))
    assert table.turn_left(now=50.0) == 70.0 and channel.guests["g1"].clock == Clock(0, 120, [])
    channel.deliver(table.time_out(now=120.0))      # as seat 1's screen counted it
    assert table.match.timed_out == {0}


def test_no_seat_is_timed_out_while_its_guest_has_not_rejoined_since_the_host_s_reload():
    time = Time(0.0)
    channel = dealt_table(3, turn_limit=60, clock=time)
    channel.play_out(moves=6)
    restored = HostTable.from_json(json.loads(json.dumps(channel.table.to_json())), now=500.0, entropy=entropy(9))
    restored.clock = time
    channel.table, session = restored, restored.match
    played = len(session.actions)
    for now in range(500, 1_000, 10):           # codes exchanged by hand: only the host's own seat is timed
        time.now = float(now)
        channel.deliver(restored.time_out(now=float(now)))
    assert session.current != 0 and restored.turn_left(now=1_000.0) is None
    assert sorted(session.timed_out) == [played]        # the host's player's decision, then none
    seat = session.current
    time.now = 1_000.0
    channel.send(f"g{seat}", channel.guests[f"g{seat}"].rejoin())
    assert restored.turn_left(now=1_000.0) == 60.0 and channel.guests[f"g{seat}"].clock.left == 60
    assert restored.time_out(now=1_059.0) == []
    at = len(session.actions)
    channel.deliver(restored.time_out(now=1_060.0))     # back at the table: its time counts again
    assert at in session.timed_out and session.events[at]["seat"] == seat
