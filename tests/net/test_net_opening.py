"""The opening tickets chosen by every seat at once on the host's table (``game.net.host``,
``game.opening``): a guest's choice made before its turn is checked against its own offer,
held, and played the moment its seat is to act, in seat order (the record stays seat by seat,
so the fair deal's replay passes); the host's player and AI seats hold nobody; held choices
survive the host's reload, a time-out and a stand-in."""

from __future__ import annotations

import json

import pytest
from net_helpers import Channel, dealt_table, entropy

from game.actions import KeepTickets, parse_action
from game.ai.decide import ai_move
from game.ai.determinize import determinize
from game.net.host import HostTable
from game.net.kept import TableError
from game.net.protocol import Command, read_host
from game.opening import choosing, seat_turn, stage_start
from game.rng import Rng
from game.rules import legal_actions
from game.state import Phase


def ahead(channel: Channel, seat: int, pick: int = 0) -> str:
    """Seat ``seat``'s guest chooses its opening tickets from its own view, whoever is to act:
    the text it sends (the keep's)."""
    guest = channel.guests[f"g{seat}"]
    world = determinize(guest.view, Rng.from_seed(f"ahead:{seat}"))
    keeps = legal_actions(seat_turn(world, seat))
    action = str(keeps[pick % len(keeps)])
    channel.send(f"g{seat}", guest.command(action))
    return action


def host_plays(channel: Channel) -> None:
    """The host's own seat, or an AI seat, plays on the host (as ``Hosting.played`` does after it)."""
    table = channel.table
    table.match.play(ai_move(table.match))
    table.play_held()
    channel.deliver(table.outbox())


def test_every_seat_chooses_at_once_and_the_record_stays_seat_by_seat():
    channel = dealt_table(4, ai=(2,))           # seat 0 the host's, 1 and 3 guests', 2 an AI
    table, match = channel.table, channel.table.match
    assert match.current == 0 and choosing(match.state) == [0, 1, 2, 3]
    before = {conn: len(texts) for conn, texts in channel.received.items()}
    sent = {3: ahead(channel, 3), 1: ahead(channel, 1, 1)}      # the last seat first, then seat 1
    assert not channel.refusals and match.played() == 0 and set(table.held.choices) == {1, 3}
    # nothing played, nothing sent to anyone: no seat learns that another has chosen, nor what
    assert {conn: len(texts) for conn, texts in channel.received.items()} == before
    host_plays(channel)                         # the host's player keeps: seat 1's choice follows at once
    assert match.played() == 2 and str(match.actions[1]) == sent[1] and match.current == 2
    assert table.ai_to_move()                   # the AI seat chooses on its turn (its own pace)
    host_plays(channel)                         # ...and seat 3's held choice is played the moment it comes
    assert [e["seat"] for e in match.events] == [0, 1, 2, 3] and str(match.actions[3]) == sent[3]
    assert match.state["phase"] == Phase.START and table.held.choices == {}
    assert all(g.at == 4 for g in channel.guests.values())
    # the kept tickets are each seat's own, and each guest saw its own keep
    assert sorted(channel.guests["g1"].view["players"][1]["tickets"]) == sorted(parse_action(sent[1]).tickets)
    channel.play_out()
    for guest in channel.guests.values():       # the replay of the record checks every view shown
        assert guest.check() is None


def test_a_guest_chooses_ahead_while_the_host_s_player_chooses_and_its_turn_plays_at_once():
    channel = dealt_table(3, first=0)
    table = channel.table
    kept = ahead(channel, 2)
    ahead(channel, 1)
    assert table.match.played() == 0
    host_plays(channel)                         # seat 0: seats 1 and 2 then play at once, in turn
    assert [str(a) for a in table.match.actions][2] == kept and table.match.state["phase"] == Phase.START
    assert len(channel.guests["g1"].events) == 3


def test_a_choice_sent_ahead_that_crosses_the_news_of_its_turn_is_played():
    channel = dealt_table(3)
    match = channel.table.match
    guest = channel.guests["g1"]
    offer = match.state["players"][1]["offer"]
    text = guest.command(f"keep {offer[0]},{offer[1]}")         # chosen at 0, while seat 0 chooses
    host_plays(channel)                                          # seat 0 keeps: seat 1's turn, sent
    assert match.current == 1 and guest.at == 1
    channel.send("g1", text)                                     # the choice made before it came
    assert match.played() == 2 and not channel.refusals["g1"]


def test_a_choice_made_ahead_is_checked_against_the_seat_s_own_offer():
    channel = dealt_table(3)
    table, match = channel.table, channel.table.match
    mine, other = match.state["players"][1]["offer"], match.state["players"][2]["offer"]

    def refusal(text: str, at: int = 0):
        channel.received["g1"].clear()
        channel.send("g1", Command(text, at).to_text())
        assert match.played() == 0 and 1 not in table.held.choices
        return read_host(channel.received["g1"][-1])

    assert refusal(f"keep {other[0]},{other[1]}").key == "rule.keep.not_offered"       # another seat's
    assert refusal(f"keep {mine[0]}").key == "rule.keep.range"         # too few, by its own limits
    assert refusal("draw deck").key == "rule.phase.setup_tickets"
    assert refusal(f"keep {mine[0]},{mine[1]}", at=1).key == "net.refused.stale"      # a position not played yet
    channel.send("g1", Command(f"keep {mine[0]},{mine[1]}", 0).to_text())
    assert table.held.choices == {1: KeepTickets((mine[0], mine[1]))}


def test_a_choice_made_on_an_earlier_stage_s_offer_is_stale():
    channel = dealt_table(3, map_id="europe", variant="mega")
    table, match = channel.table, channel.table.match
    for _ in range(3):                          # the first stage: each keeps at most one long ticket
        if match.current == 0:
            host_plays(channel)
        else:
            ahead(channel, match.current)
    assert match.state["stage"] == 1 and choosing(match.state) == [0, 1, 2]
    assert stage_start(match.state, match.played()) == 3
    offer = match.state["players"][2]["offer"]
    channel.send("g2", Command(f"keep {','.join(offer)}", 2).to_text())       # chosen on the first stage's offers
    assert read_host(channel.received["g2"][-1]).key == "net.refused.stale" and not table.held.choices
    ahead(channel, 2)
    ahead(channel, 1)
    host_plays(channel)
    assert match.state["phase"] == Phase.START and [e["seat"] for e in match.events[3:]] == [0, 1, 2]
    channel.play_out()
    assert all(guest.check() is None for guest in channel.guests.values())


def test_a_held_choice_outlasts_the_host_s_reload_and_a_broken_one_is_refused():
    channel = dealt_table(3)
    kept = ahead(channel, 2)
    saved = json.loads(json.dumps(channel.table.to_json()))
    assert saved["held"] == {"2": kept}
    restored = HostTable.from_json(saved, now=10.0, entropy=entropy(9))
    assert {seat: str(a) for seat, a in restored.held.choices.items()} == {2: kept}
    restored.match.play(ai_move(restored.match))            # seat 0, then seat 1 (its guest away: played here)
    restored.match.play(ai_move(restored.match))
    assert restored.play_held() == 1 and str(restored.match.actions[-1]) == kept
    del saved["held"]                                       # a table kept before the opening was chosen at once
    assert HostTable.from_json(saved).held.choices == {}
    for held in ({"2": "keep nowhere--else"}, {"0": kept}, {"x": kept}, {"2": 7}, []):
        with pytest.raises(TableError, match="held"):
            HostTable.from_json({**saved, "held": held})


def test_a_held_choice_is_played_after_a_time_out_and_instead_of_a_stand_in():
    channel = dealt_table(3, turn_limit=60, clock=lambda: 0.0)
    table = channel.table
    kept = ahead(channel, 1)
    table.turn_left(0.0)                        # seat 0's decision is timed from now
    channel.deliver(table.time_out(61.0))       # the host's player ran out of time: seat 1's choice follows
    assert table.match.timed_out == {0} and str(table.match.actions[1]) == kept and table.match.current == 2
    # a guest away, its seat given to an AI: its held choice is played, not the AI's
    channel = dealt_table(3)
    table = channel.table
    kept = ahead(channel, 2)
    channel.deliver(table.disconnected("g2", now=0.0))
    channel.deliver(table.stand_in(2))
    host_plays(channel)
    channel.guest_move("g1")
    assert table.match.played() == 3 and str(table.match.actions[2]) == kept and not table.ai_to_move()


def test_a_seat_not_on_turn_is_refused_once_play_has_begun():
    channel = dealt_table(3)
    table = channel.table
    ahead(channel, 1)
    ahead(channel, 2)
    host_plays(channel)
    assert table.match.state["phase"] == Phase.START and table.match.current == 0
    channel.send("g2", Command("draw deck", 3).to_text())
    refusal = read_host(channel.received["g2"][-1])
    assert (refusal.key, refusal.params) == ("net.refused.not_your_turn", {"player": 0})

