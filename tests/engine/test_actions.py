"""The action notation prints and parses back."""

import pytest
from engine_helpers import position

from game.actions import (
    ActionSyntaxError,
    BuildStation,
    ClaimRoute,
    DrawCard,
    DrawTickets,
    KeepTickets,
    Pass,
    PayTunnel,
    Withdraw,
    malformed,
    parse_action,
)
from game.rules import IllegalActionError, apply_action, legal_actions
from game.state import to_json


@pytest.mark.parametrize("text,action", [
    ("draw deck", DrawCard("deck")), ("draw loco", DrawCard("locomotive")), ("draw red", DrawCard("red")),
    ("tickets", DrawTickets()), ("withdraw", Withdraw()), ("pass", Pass()),
    ("keep none", KeepTickets(())), ("keep paris--wien,lisboa--danzig", KeepTickets(("lisboa--danzig", "paris--wien"))),
    ("claim palermo--smyrna 4green+2loco", ClaimRoute("palermo--smyrna", "green", 4, 2)),
    ("claim dieppe--london--1 2loco", ClaimRoute("dieppe--london--1", "locomotive", 0, 2)),
    ("station wien 1red", BuildStation("wien", "red", 1, 0)),
    ("pay 1green+1loco", PayTunnel("green", 1, 1)),
])
def test_notation(text, action):
    assert parse_action(text) == action
    assert parse_action(str(action)) == action


def test_keep_order_does_not_matter():
    assert parse_action("keep b--c,a--d") == parse_action("keep a--d,b--c")
    assert str(parse_action("keep b--c,a--d")) == "keep a--d,b--c"


@pytest.mark.parametrize("text,why", [
    ("", "empty"), ("fly paris", "expected draw"), ("draw pink", "draw deck"),
    ("claim a--b 2red+1blue", "one colour"), ("claim a--b red", "<count><colour>"), ("claim a--b 1loco+1loco", "twice"),
    ("claim a--b 0red+2loco", "zero"), ("keep A--B", "keep <ticket>"), ("pay", "expected"), ("claim A--B 2red", "route id"),
])
def test_malformed_text(text, why):
    with pytest.raises(ActionSyntaxError, match=why):
        parse_action(text)
    with pytest.raises(ValueError):
        parse_action(text)


def test_every_legal_action_round_trips():
    s = position("europe", players=[{"hand": {"red": 4, "green": 2, "locomotive": 3}}, {}])
    actions = legal_actions(s)
    assert len(actions) > 400
    assert sum(isinstance(a, BuildStation) for a in actions) == 47 * 3     # 1red, 1green or 1loco anywhere
    for a in actions:
        assert parse_action(str(a)) == a


@pytest.mark.parametrize("action, text", [
    (ClaimRoute("berlin--wien", "orange", True, True), "claim berlin--wien <bool>orange+<bool>loco"),
    (ClaimRoute("berlin--wien", "green", 10 ** 5000, 0), "claim berlin--wien <huge number>green"),
    (ClaimRoute(["x"], None, 1.5, -2), "claim <list> <float><NoneType>+-2loco"),
    (KeepTickets((1,)), "keep 1"),
    (KeepTickets((["a"], "b--c")), "keep <list>,b--c"),
    (KeepTickets(None), "keep <NoneType>"),
    (DrawCard({"a": 1}), "draw <dict>"),
    (BuildStation("x" * 1000, "red", 1, 0), "station " + "x" * 60 + "… 1red"),
    (PayTunnel("red", 0, False), "pay <bool>loco"),
])
def test_any_field_values_can_be_written(action, text):
    assert str(action) == text
    assert (malformed(action) is None) == text.startswith("station")   # the rules refuse that one by its city


@pytest.mark.parametrize("action", [
    ClaimRoute("berlin--wien", "orange", True, True), ClaimRoute("berlin--wien", "green", 2, False),
    KeepTickets((1,)), KeepTickets(("lisboa--danzig", 1)), BuildStation("wien", "red", True, 0),
    PayTunnel("locomotive", 0, True), DrawCard(None), ClaimRoute("berlin--wien", "green", 10 ** 5000, 0),
    "draw deck", None, 7,
])
def test_actions_with_fields_of_the_wrong_type_are_refused_unchanged(action):
    s = position("europe", players=[{"hand": {"green": 4, "orange": 4, "red": 2, "locomotive": 3}}, {}])
    before = to_json(s)
    with pytest.raises(IllegalActionError) as refused:
        apply_action(s, action)
    assert to_json(s) == before and str(refused.value)
    assert refused.value.key in ("rule.payment.counts", "rule.keep.names", "rule.not_an_action")
