"""The fair deal: an honest game is confirmed by every guest's replay; a host that changes a
dealt card, its secret, an action, a contribution or an event is caught with a reason naming
it; no contribution can be chosen after another is known."""

from __future__ import annotations

import dataclasses
import json

import pytest
from net_helpers import Channel, dealt_table, entropy, start

from game.actions import parse_action
from game.net.fairdeal import DealCheckError, check_deal, commitment, pledge
from game.net.guest import GuestError, GuestTable
from game.net.host import HostTable
from game.net.protocol import Contribution, Deal, Pledges, Welcome, read_host
from game.rules import legal_actions
from game.scenario import load_scenario


@pytest.fixture(scope="module")
def finished() -> Channel:
    channel = dealt_table(3, spectators=1, seed=5)
    channel.play_out()
    return channel


def test_an_honest_game_is_confirmed_by_every_guest_and_spectator(finished):
    assert all(guest.revealed for guest in finished.guests.values())
    assert {conn: guest.check() for conn, guest in finished.guests.items()} == {"g1": None, "g2": None, "s0": None}


def failure(record) -> DealCheckError:
    with pytest.raises(DealCheckError) as caught:
        check_deal(record)
    return caught.value


def test_a_wrong_secret_is_caught(finished):
    record = dataclasses.replace(finished.guests["g1"].record(), secret="00" * 32)
    assert failure(record).key == "net.check.commitment"


def test_a_seed_without_the_guests_contribution_is_caught(finished):
    record = finished.guests["g1"].record()
    other = "11" * 32
    contributions = [None, other, record.contributions[2]]
    pledges = [None, pledge(other), record.pledges[2]]
    error = failure(dataclasses.replace(record, contributions=contributions, pledges=pledges))
    assert error.key == "net.check.contribution"
    error = failure(dataclasses.replace(record, contributions=contributions))
    assert (error.key, error.params) == ("net.check.pledge", {"player": 1})


def test_a_changed_hidden_action_is_caught(finished):
    """The host's own initial ticket choice, hidden from the guests until the end, replaced
    by another legal one (the same number of tickets when there is one): what the guests were
    shown (the count of tickets kept, the tickets scored at the end) no longer matches."""
    record = finished.guests["g1"].record()
    actions = list(record.actions)
    real = load_scenario({**finished.table.match.start, "actions": []})[0]
    count = len(parse_action(actions[0]).tickets)
    others = sorted((a for a in legal_actions(real) if str(a) != actions[0]),
                    key=lambda a: len(a.tickets) != count)
    actions[0] = str(others[0])
    error = failure(dataclasses.replace(record, actions=actions))
    assert error.key in ("net.check.table", "net.check.event"), error


def test_a_missing_or_illegal_action_is_caught(finished):
    record = finished.guests["g1"].record()
    assert failure(dataclasses.replace(record, actions=list(record.actions)[:-1])).key == "net.check.action"
    actions = list(record.actions)
    actions[5] = "claim nowhere--else 1red"
    error = failure(dataclasses.replace(record, actions=actions))
    assert (error.key, error.params) == ("net.check.action", {"number": 6}) and "move 6" in str(error)


def test_a_changed_card_in_an_event_is_caught(finished):
    record = finished.guests["g1"].record()
    events = json.loads(json.dumps(list(record.events)))
    i = next(i for i, e in enumerate(events) if e["private"].get("1", {}).get("card"))
    card = events[i]["private"]["1"]["card"]
    events[i]["private"]["1"]["card"] = "locomotive" if card != "locomotive" else "red"
    error = failure(dataclasses.replace(record, events=events))
    assert (error.key, error.params) == ("net.check.event", {"number": i + 1})


class Stacking(Channel):
    """A host that shows seat 1 another hand than the one dealt (a red card for one of its own)."""

    def carry(self, send):
        data = json.loads(send.text)
        if send.conn != "g1" or data["type"] != "state" or data["at"] != 0:
            return send
        hand = data["view"]["players"][1]["hand"]
        colour = next(c for c, n in hand.items() if n and c != "red")
        hand[colour] -= 1
        hand["red"] += 1
        return dataclasses.replace(send, text=json.dumps(data))


def test_a_dealt_card_changed_on_its_way_to_a_guest_is_caught():
    table = HostTable.create(start(3), [1, 2], entropy=entropy(7))
    channel = Stacking(table, seed=7)
    channel.join(1)
    channel.join(2)
    channel.play_out()
    error = channel.guests["g1"].check()
    assert isinstance(error, DealCheckError)
    assert (error.key, error.params) == ("net.check.hand", {"number": 0}) and "your hand" in str(error)
    assert channel.guests["g2"].check() is None


def test_contributions_come_only_after_every_pledge():
    table = HostTable.create(start(3), [1, 2], entropy=entropy(8))
    guest = GuestTable.new(entropy(80))
    replies = [read_host(s.text) for s in table.receive("g1", guest.hello(table.invite(1)))]
    assert isinstance(replies[0], Welcome) and replies[0].commitment == commitment(table.secret)
    pledged = guest.receive(table.receive("g1", guest.hello(table.invite(1)))[0].text)
    assert [json.loads(t)["type"] for t in pledged] == ["pledge"]       # not the contribution yet
    assert table.receive("g1", pledged[0]) == []
    early = read_host(table.receive("g1", Contribution(guest.contribution).to_text())[0].text)
    assert early.key == "net.refused.message" and table.seats[1].contribution is None


def test_a_guest_refuses_a_host_that_changes_the_deal():
    guest = GuestTable.new(entropy(90))
    hex64 = "ab" * 32
    guest.receive(Welcome(1, "cd" * 16, start(3), hex64).to_text())
    with pytest.raises(GuestError, match="no pledge for this guest's seat"):
        guest.receive(Pledges([None, None, hex64]).to_text())
    late = GuestTable.from_json(guest.to_json())   # pledges made before it came: a late joiner, no contribution
    assert late.receive(Pledges([None, hex64, hex64]).to_text()) == [] and late.late
    own = pledge(guest.contribution)
    assert guest.receive(Pledges([None, own, hex64]).to_text()) == [Contribution(guest.contribution).to_text()]
    with pytest.raises(GuestError, match="changed the pledges"):
        guest.receive(Pledges([None, own, "ef" * 32]).to_text())
    guest.receive(Deal([None, guest.contribution, hex64]).to_text())
    with pytest.raises(GuestError, match="changed the contributions"):
        guest.receive(Deal([None, guest.contribution, "ef" * 32]).to_text())
    with pytest.raises(GuestError, match="welcome differs"):
        guest.receive(Welcome(2, "cd" * 16, start(3), hex64).to_text())
