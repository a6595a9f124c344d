"""Agents decide from their own player's view only: a decision does not change when the hidden
parts of the state (opponents' hands and tickets, deck, discard and ticket-deck order, the box
and the RNG) are replaced by any others consistent with that view.  ``determinize`` builds
such states, so it is checked first: its samples are valid states with the same view."""

from __future__ import annotations

import pytest

from game.ai import AGENT_IDS, make_agent
from game.ai.agent import decide
from game.ai.determinize import determinize
from game.ai.search import Searcher
from game.rng import Rng
from game.rules import apply_action, sample_action
from game.scenario import to_scenario
from game.state import new_game, validate
from game.ui.ai_turn import AiAnswer, answer, answered_action
from game.ui.session import Session
from game.view import player_view

CASES = [("usa", None, 2), ("usa", None, 4), ("europe", None, 3), ("europe", "mega", 4), ("europe", "big-cities", 5)]


def positions(map_id: str, variant: str | None, players: int, seed: int, every: int = 17, special: bool = True):
    """Positions of a seeded game played by the medium agent, one every ``every`` actions,
    including a tunnel decision and a ticket choice when the game has them."""
    state = new_game(map_id, variant, players, seed=seed)
    agent, rng, count = make_agent("medium"), Rng.from_seed(seed), 0
    while state["phase"] != "over":
        if count % every == 0 or special and state["phase"] in ("tunnel", "tickets"):
            yield state
        action = decide(agent, state, rng) if count % 5 else sample_action(state, rng)
        apply_action(state, action)
        count += 1


@pytest.mark.parametrize("map_id,variant,players", CASES)
def test_determinized_states_are_valid_and_look_the_same(map_id, variant, players):
    for i, state in enumerate(positions(map_id, variant, players, seed=players)):
        seat = (state["current"] + i) % players
        view = player_view(state, seat)
        other = determinize(view, Rng.from_seed(i))
        validate(other)
        assert player_view(other, seat) == view
        assert player_view(other, seat) is not view


def _agent(agent_id: str):
    return Searcher(playouts=2, horizon=20, style=make_agent("hard").style) if agent_id == "hard" else make_agent(agent_id)


@pytest.mark.parametrize("agent_id", AGENT_IDS)
def test_decisions_do_not_depend_on_hidden_information(agent_id):
    checked = 0
    hard = agent_id == "hard"      # its searched decisions play whole games: check fewer positions
    for map_id, variant, players in CASES[1:3] if hard else CASES:
        for i, state in enumerate(positions(map_id, variant, players, seed=7, every=61 if hard else 29, special=not hard)):
            view = player_view(state, state["current"])
            agent = _agent(agent_id)
            expected = decide(agent, state, Rng.from_seed(i))
            for k in range(2):
                other = determinize(view, Rng.from_seed(1000 + 10 * i + k))
                assert other != state or state["phase"] == "over"
                assert decide(_agent(agent_id), other, Rng.from_seed(i)) == expected, (map_id, state["turn"])
            checked += 1
    assert checked >= (5 if hard else 20)


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_the_product_path_decides_from_the_view_only(level):
    """What the page does: ``Session.ai_request`` -> the helper's ``ai_turn.answer`` -> the
    choice checked on the page.  The request of a real position and of positions re-dealt by
    ``determinize`` are the same but for the seed (a one-way hash of the hidden RNG); answered
    with the same seed, they give the same move, which is the move ``Session.ai_action`` plays."""
    checked = 0
    hard = level == "hard"
    for map_id, variant, players in CASES[1:3] if hard else CASES:
        for i, state in enumerate(positions(map_id, variant, players, seed=5, every=71 if hard else 31, special=not hard)):
            if state["phase"] == "over":
                continue
            scenario = to_scenario(state)
            for p in scenario["players"]:
                p.update(kind="ai", level=level)
            real = Session(scenario)
            request = real.ai_request(i)
            reply = AiAnswer.from_text(answer(request.to_text()))
            expected = answered_action(reply, real.legal())
            assert expected is not None and expected == real.ai_action()
            view = player_view(state, state["current"])
            for k in range(2):
                other_scenario = to_scenario(determinize(view, Rng.from_seed(2000 + 10 * i + k)))
                other_scenario["players"] = scenario["players"]
                other = Session(other_scenario)
                asked = other.ai_request(i)
                assert (asked.view, asked.legal, asked.level) == (request.view, request.legal, request.level)
                same_seed = AiAnswer.from_text(answer(type(asked)(i, asked.level, request.seed, asked.view,
                                                                  asked.legal).to_text()))
                assert answered_action(same_seed, other.legal()) == expected, (map_id, state["turn"])
            checked += 1
    assert checked >= (4 if hard else 15)
