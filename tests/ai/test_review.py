"""The review of a finished game (``game.ai.review``): each decision of a seat weighed from that
seat's view at the time, the same every time, and blind to what the seat could not see."""

from __future__ import annotations

import functools
import itertools
import json

from game.ai import make_agent
from game.ai.agent import decide
from game.ai.determinize import determinize
from game.ai.review import Review, candidates, evaluate, seat_decisions
from game.ai.search import estimate, estimate_steps
from game.ai.steps import Slices
from game.rng import Rng
from game.rules import apply_action
from game.scenario import load_scenario
from game.ui.review_turn import ReviewRequest, answer, answer_steps
from game.view import player_view


@functools.cache
def finished_game(map_id: str = "usa", seed: int = 4, opponent: str = "hard") -> dict:
    """A saved 2-player game played to the end: seat 0 by medium (the "human"), seat 1 by
    ``opponent``."""
    scenario = {"map": map_id, "players": ["Ann", {"name": "Bot", "kind": "ai", "level": opponent}], "seed": seed,
                "actions": []}
    state, _ = load_scenario(scenario)
    agents, rng = [make_agent("medium"), make_agent(opponent)], Rng.from_seed(seed)
    while state["phase"] != "over":
        action = decide(agents[state["current"]], state, rng)
        scenario["actions"].append(str(action))
        apply_action(state, action)
    return scenario


def test_decisions_are_the_seats_own_with_its_view():
    scenario = finished_game()
    _state, actions = load_scenario(scenario)
    decisions = seat_decisions(scenario, 0)
    assert len(decisions) > 10
    for d in decisions:
        assert d.view["viewer"] == 0 and d.view["current"] == 0
        assert d.chosen == actions[d.index] and d.chosen in d.legal and len(d.legal) > 1
        assert all(p["hand"] is None for i, p in enumerate(d.view["players"]) if i != 0)
        assert d.view["deck"] is None and d.view["rng"] is None
    assert [d.index for d in decisions] == sorted({d.index for d in decisions})
    assert not {d.index for d in decisions} & {d.index for d in seat_decisions(scenario, 1)}


def late_decisions(count: int = 3):
    """Decisions near the end (short play-outs) where hard would have played otherwise."""
    decisions = seat_decisions(finished_game(), 0)
    out = []
    for d in reversed(decisions):
        if candidates(d.view, d.legal, d.chosen) != [d.chosen]:
            out.append(d)
        if len(out) == count:
            break
    return out


def test_a_review_repeats_and_never_gains():
    for d in late_decisions():
        first = evaluate(d.view, d.legal, d.chosen, samples=1)
        assert first == evaluate(d.view, d.legal, d.chosen, samples=1)
        assert first.best in d.legal and first.loss >= 0
        assert first.loss == max(0.0, first.best_points - first.chosen_points)


def test_hards_own_move_costs_nothing_and_plays_nothing():
    hard = make_agent("hard")
    for d in seat_decisions(finished_game(), 0)[-12:]:
        best = hard.choose(d.view, list(d.legal), Rng.from_seed(0))
        verdict = evaluate(d.view, d.legal, best, samples=1)
        if verdict.samples == 0:
            assert verdict.best == best and verdict.loss == 0
            return
    raise AssertionError("no decision near the end where hard weighs nothing but its own move")


def test_the_review_of_a_position_ignores_what_the_seat_could_not_see():
    """Re-deal every hidden part of the real position (opponents' hands and tickets, both decks,
    the RNG): the seat's view is the same, and so is the verdict."""
    scenario = finished_game()
    state, actions = load_scenario(scenario)
    wanted = {d.index: d for d in late_decisions(2)}
    for i, action in enumerate(actions):
        if i in wanted:
            d = wanted[i]
            expected = evaluate(player_view(state, 0), d.legal, d.chosen, samples=1)
            for k in range(2):
                twin = determinize(player_view(state, 0), Rng.from_seed(100 + k))
                assert twin["players"][1]["hand"] != state["players"][1]["hand"] or twin["deck"] != state["deck"]
                assert evaluate(player_view(twin, 0), d.legal, d.chosen, samples=1) == expected
        apply_action(state, action)


def test_the_review_goes_one_decision_at_a_time():
    decisions = late_decisions(3)
    review = Review(decisions, samples=1)
    for n in range(1, 4):
        review.step()
        assert len(review.verdicts) == n
    assert review.done
    lost = review.costliest()
    assert all(review.verdicts[i].loss > 0 for i in lost)
    assert [review.verdicts[i].loss for i in lost] == sorted((review.verdicts[i].loss for i in lost), reverse=True)
    assert review.total_loss() == sum(v.loss for v in review.verdicts)


def test_the_page_weighs_a_decision_in_steps_as_a_worker_does_in_one_go():
    """The page's fallback (``answer_steps``, one step per slice, two decisions interleaved)
    answers as a worker (``answer``), on both maps, for decisions mid-game (play-outs cut at the
    horizon and valued by ``estimate``, a step per player) and at the end."""
    for scenario in (finished_game(), finished_game("europe", 5, opponent="medium")):
        decisions = seat_decisions(scenario, 0)
        played = [d for d in decisions if candidates(d.view, d.legal, d.chosen) != [d.chosen]]
        texts = [ReviewRequest(n, d.view, tuple(map(str, d.legal)), d.legal.index(d.chosen), 1).to_text()
                 for n, d in enumerate([played[len(played) // 3], played[len(played) // 2], played[-1]])]
        tick = itertools.count().__next__                 # every step takes a tick: one step a slice
        works = [Slices(answer_steps(text), clock=tick) for text in texts]
        while not all(work.done for work in works):
            for work in works:
                work.slice(0.0)
        for text, work in zip(texts, works):
            stepped, whole = json.loads(str(work.result)), json.loads(answer(text))
            assert stepped["error"] is None and stepped["samples"] == 1
            assert {**stepped, "ms": 0} == {**whole, "ms": 0}
        state, actions = load_scenario(scenario)
        for action in actions[:len(actions) // 2]:
            apply_action(state, action)
        plan = Slices(estimate_steps(state), clock=tick)
        slices = 1
        while not plan.slice(0.0):
            slices += 1
        assert slices == len(state["players"]) + 1 and plan.result == estimate(state)     # a step per player
