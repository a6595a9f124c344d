"""The host's rate limit on each connection's messages (``game.net.limit``): a token bucket per
connection on a test's clock, and on the host's device a hostile guest's burst of pings dropped
unread while the other guest's move goes through at once."""

from __future__ import annotations

import time

import pytest
from net_helpers import carry, host_move, hosted_device

from game.ai.decide import ai_move
from game.i18n import set_language
from game.net import host as host_module
from game.net.limit import BURST, RATE, RateLimit
from game.ui.hosting import Hosting
from game.ui.net_commands import ChannelClosed, ChannelMessage
from game.ui.outcome import Redraw


@pytest.fixture(autouse=True)
def english():
    set_language("en")


def test_a_connection_may_send_its_burst_at_once_then_its_rate():
    limit = RateLimit(rate=20.0, burst=40)
    assert all(limit.take("c1", 0.0) for _ in range(40)) and not limit.take("c1", 0.0)
    assert [limit.take("c1", 0.1) for _ in range(3)] == [True, True, False]      # 0.1 s: two messages' worth
    assert sum(limit.take("c1", 1.1) for _ in range(40)) == 20                   # a second: twenty
    assert sum(limit.take("c1", 60.0) for _ in range(100)) == 40                 # quiet a minute: a burst again, no more
    assert limit.dropped == {"c1": 1 + 1 + 20 + 60}


def test_real_play_is_never_dropped():
    """Far above what a player sends: a move's command or two a second, a rejoin's few messages at once."""
    limit = RateLimit()
    assert (RATE, BURST) == (20.0, 40)
    rejoin = [limit.take("c1", 0.0) for _ in range(5)]          # rejoin, pledge, contribution, a move or two
    moves = [limit.take("c1", t / 4) for t in range(1, 4 * 600)]     # four moves a second for ten minutes
    assert all(rejoin) and all(moves) and not limit.dropped


def test_one_connection_s_flood_leaves_the_others_untouched():
    limit = RateLimit()
    for k in range(1000):
        limit.take("hostile", k / 1000)
    assert limit.dropped["hostile"] == 1000 - 40 - 19
    assert all(limit.take("friend", 1.0) for _ in range(40)) and "friend" not in limit.dropped


def test_a_burst_is_reported_once_and_a_new_one_after_a_quiet_while():
    limit = RateLimit()
    for k in range(2000):                   # 4 s of 500 messages a second: one burst, said once
        limit.take("c1", k / 500)
    [line] = limit.report()
    assert line == ("connection c1 sends more than 40 messages at once or 20 a second: "
                    "its messages over that are dropped unread")
    assert limit.report() == [] and limit.bursts == {"c1": 1}
    for _ in range(60):                     # quiet for a minute, then another burst
        limit.take("c1", 60.0)
    assert limit.report() == [(f"connection c1 sends more than 40 messages at once or 20 a second: its messages "
                               f"over that are dropped unread ({limit.dropped['c1'] - 20:,} dropped before)")]
    assert limit.bursts == {"c1": 2}


def test_a_clock_that_goes_back_refills_nothing_and_a_closed_connection_is_forgotten():
    limit = RateLimit(rate=1.0, burst=1)
    assert limit.take("c1", 100.0) and not limit.take("c1", 50.0) and not limit.take("c1", 100.5)
    assert limit.take("c1", 101.5)
    assert limit.dropped == {"c1": 2}
    limit.forget("c1")
    assert "c1" not in limit.buckets and limit.take("c1", 101.5) and limit.dropped == {"c1": 2}


def test_a_burst_of_pings_costs_the_host_little_and_the_other_guest_s_move_goes_through(monkeypatch):
    table, guests = hosted_device(moves=20)
    assert isinstance(table.mode, Hosting)
    host = table.mode.host
    match = host.table.match
    assert match is not None
    while match.current != 2:
        host_move(table, guests)
    host.limit = RateLimit()                # the moves before were seconds apart: every bucket full
    (end1, guest1), (end2, guest2) = guests[1], guests[2]
    read = []                               # the texts the host's table parsed
    reader = host_module.read_guest
    monkeypatch.setattr(host_module, "read_guest", lambda text: read.append(text) or reader(text))
    pings = [guest1.ping(t) for t in range(1000)]
    end1.outbox.clear()
    started = time.process_time()
    outcomes = [carry(table.handle(ChannelMessage(end1, text))) for text in pings]
    spent = time.process_time() - started
    assert len(read) == 40 and read == pings[:40]               # its burst read and answered, the rest dropped unread
    assert sum('"type":"pong"' in text for text in end1.outbox) == 40
    dropped = outcomes[40:]
    assert all(o.redraw is Redraw.NOTHING and not o.posts for o in dropped)       # nothing redrawn, nothing sent
    assert [line for o in outcomes for line in o.log] == [
        "connection c1 sends more than 40 messages at once or 20 a second: its messages over that are dropped unread"]
    assert host.limit.dropped == {"c1": 960}
    assert spent < 2.0, f"1,000 pings took {spent:.2f} s of the host's CPU"      # about 0.03 s here; 0.1 s unlimited
    # guest 2's move, right after the burst: read and played at once, everyone told
    played = len(match.actions)
    carry(table.handle(ChannelMessage(end2, guest2.command(str(ai_move(match))))))
    assert len(match.actions) == played + 1 and '"type":"state"' in end2.outbox[-1]
    # the hostile connection closes: its bucket goes, its count stays for whoever looks
    carry(table.handle(ChannelClosed(end1, "closed", 0.0)))
    assert "c1" not in host.limit.buckets and host.limit.dropped == {"c1": 960}

