"""Fuzzing: random malformed and illegal actions are rejected with the state unchanged, and
``apply_action`` accepts exactly what ``legal_actions`` lists."""

from __future__ import annotations

import functools

from engine_helpers import ALL_SETUPS
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

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
    parse_action,
)
from game.i18n import catalog
from game.mapdata import CARD_KINDS, load_map
from game.rng import Rng
from game.rules import IllegalActionError, apply_action, legal_actions, sample_action
from game.state import StateError, copy_state, from_json, new_game, to_json

europe = load_map("europe")
usa = load_map("usa")
ROUTES = [r.id for r in europe.routes] + [r.id for r in usa.routes] + ["nowhere", "", "paris--paris"]
CITIES = [c.id for c in europe.cities] + ["atlantis", ""]
TICKETS = [t.id for t in europe.tickets[:30]] + [t.id for t in usa.tickets[:10]] + ["x--y"]
COLOURS = list(CARD_KINDS) + ["gray", "pink", "deck"]
counts = st.integers(min_value=-1, max_value=7)

actions = st.one_of(
    st.builds(DrawCard, st.sampled_from(COLOURS)),
    st.just(DrawTickets()), st.just(Withdraw()), st.just(Pass()),
    st.builds(KeepTickets, st.lists(st.sampled_from(TICKETS), max_size=5).map(tuple)),
    st.builds(ClaimRoute, st.sampled_from(ROUTES), st.sampled_from(COLOURS), counts, counts),
    st.builds(BuildStation, st.sampled_from(CITIES), st.sampled_from(COLOURS), counts, counts),
    st.builds(PayTunnel, st.sampled_from(COLOURS), counts, counts),
)


@functools.cache
def positions() -> list[dict]:
    """States met in random games on every setup, every phase included."""
    found = []
    for i, (m, v) in enumerate(ALL_SETUPS):
        for players in (2, 4):
            state = new_game(m, v, players, seed=i * 10 + players)
            agent = Rng.from_seed(i)
            step = 0
            while state["phase"] != "over":
                if step % 9 == 0 or state["phase"] in ("tunnel", "tickets", "second-draw") and step % 3 == 0:
                    found.append(copy_state(state))
                apply_action(state, sample_action(state, agent))
                step += 1
            found.append(state)
    return found


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), actions)
def test_random_actions_are_rejected_unchanged_or_legal(data, action):
    state = copy_state(data.draw(st.sampled_from(positions())))
    before = to_json(state)
    legal = action in legal_actions(state)
    try:
        apply_action(state, action)
    except IllegalActionError as exc:
        assert not legal, f"{action} is listed as legal but was rejected: {exc}"
        assert to_json(state) == before
        assert str(exc) and exc.key in catalog("en")      # explained in English and by a catalog key
    else:
        assert legal, f"{action} was applied but is not listed as legal"


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_every_legal_action_applies(data):
    state = copy_state(data.draw(st.sampled_from(positions())))
    legal = legal_actions(state)
    assume(legal)                       # (a finished game has none)
    before = to_json(state)
    apply_action(state, data.draw(st.sampled_from(legal)))
    after = to_json(state)
    assert after != before                  # a legal action always changes the game
    assert to_json(from_json(after)) == after   # and leaves a whole one (from_json checks it: 110 cards,
                                                # every ticket once, routes, stations, the phase)


@settings(max_examples=1000, deadline=None)
@given(st.one_of(st.text(max_size=40),
                 st.lists(st.sampled_from(["draw", "claim", "keep", "pay", "station", "tickets", "pass", "withdraw",
                                           "deck", "loco", "red", "2red+1loco", "3loco", "paris--wien", ",", "none",
                                           "0loco", "1red+1blue", "99red"]), max_size=4).map(" ".join)))
def test_any_text_parses_to_a_canonical_action_or_fails_clearly(text):
    try:
        action = parse_action(text)
    except ActionSyntaxError as exc:
        assert str(exc)
    else:
        assert parse_action(str(action)) == action


json_values = st.recursive(st.none() | st.booleans() | st.integers(-3, 200) | st.text(max_size=12),
                           lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                                       max_size=3), max_leaves=8)


def _paths(value, prefix=()):
    yield prefix
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _paths(v, prefix + (i,))


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), json_values)
def test_corrupt_saves_are_refused_clearly_or_load_whole(data, junk):
    state = copy_state(data.draw(st.sampled_from(positions())))
    paths = [p for p in _paths(state) if p]
    path = data.draw(st.sampled_from(paths))
    target = state
    for key in path[:-1]:
        target = target[key]
    if data.draw(st.booleans()) and isinstance(target, dict):
        del target[path[-1]]
    else:
        target[path[-1]] = junk
    try:
        loaded = from_json(to_json(state))
    except StateError as exc:
        assert str(exc)
    else:
        legal = legal_actions(loaded)       # a save that loads is a playable position
        if legal:
            apply_action(loaded, data.draw(st.sampled_from(legal)))
