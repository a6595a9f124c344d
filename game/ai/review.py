"""The review of a finished game: the hard AI weighs each decision one seat took, from that
seat's view at the time, against the best move it finds, in expected points.

A decision is the seat's view, the legal actions and the action chosen (:func:`seat_decisions`
replays a saved game to list them; the browser sends only these, never the save).  For each one
:func:`evaluate` lists hard's candidates (its planner's choice and the alternatives its search
weighs, ``Searcher.candidates``) and the chosen action; when hard would have played the chosen
action and weighs nothing else, the decision cost nothing and no game is played out.  Otherwise
it samples ``samples`` hidden worlds from the view (``determinize``), plays every candidate in
each (the same worlds, the same play-out seed: common random numbers) as hard plays out its
own search (``Searcher.rollout_steps``: to the end, or for hard's horizon), and scores each as the
seat's value minus the best opponent's (``margin_steps``: final scores, or ``search.estimate``'s for a
play-out cut at the horizon).  The best found is the candidate with the best mean (the chosen
action when it is as good, else hard's choice first among equals); the points lost are its mean
minus the chosen action's, never below 0.

Everything is a function of the view and the chosen action: the RNG is seeded by a hash of
both, so the same game always gets the same review, and re-dealing what the seat could not
see changes nothing (``tests/ai/test_review.py``).

>>> from game.state import new_game
>>> from game.rules import legal_actions
>>> from game.view import player_view
>>> s = new_game("usa", players=2, seed=6)
>>> legal = legal_actions(s)
>>> v = evaluate(player_view(s, 0), legal, legal[0], samples=1)
>>> v.loss >= 0 and v.best in legal
True
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from game.actions import Action
from game.ai import make_agent
from game.ai.determinize import determinize
from game.ai.planning import Knowledge
from game.ai.search import Searcher, margin_steps
from game.ai.steps import Steps, run
from game.rng import Rng
from game.rules import apply_action, legal_actions
from game.scenario import Scenario, load_scenario
from game.state import Phase, State, copy_state
from game.view import View, player_view

# Hidden worlds sampled per decision that hard would have played otherwise: each plays every
# candidate out to the end (the budget is a count, so a review repeats exactly; docs/ai.md).
REVIEW_SAMPLES = 2


@dataclass(frozen=True)
class Decision:
    """One decision of the reviewed seat: ``index`` actions had been played before it, at turn
    ``turn``; ``view`` is what the seat saw, ``legal`` what it could do, ``chosen`` what it did."""

    index: int
    turn: int
    view: View
    legal: tuple[Action, ...]
    chosen: Action


@dataclass(frozen=True)
class Verdict:
    """A decision weighed: the chosen action and the best found, the mean margin each reached in
    the play-outs (0 for both when none was needed) and the number of worlds sampled."""

    chosen: Action
    best: Action
    chosen_points: float = 0.0
    best_points: float = 0.0
    samples: int = 0

    @property
    def loss(self) -> float:
        """Expected points the chosen action cost against the best found."""
        return max(0.0, self.best_points - self.chosen_points)


def seat_decisions(scenario: Scenario, seat: int) -> list[Decision]:
    """The decisions ``seat`` took in the game ``scenario`` records (a save: the start and every
    action), each with that seat's view at the time; moves with only one legal action are no
    decisions.  Raises ``ScenarioError`` or ``IllegalActionError`` for a scenario that does not
    replay."""
    state, actions = load_scenario(scenario)
    out: list[Decision] = []
    for i, action in enumerate(actions):
        d = decision(state, seat, i, action)
        if d is not None:
            out.append(d)
        apply_action(state, action)
    return out


def decision(state: State, seat: int, index: int, action: Action) -> Decision | None:
    """``action``, played in ``state`` after ``index`` others, as a decision of ``seat``: None
    when another seat plays it, the game is over, or it was the only legal action."""
    if state["current"] != seat or state["phase"] == Phase.OVER:
        return None
    legal = legal_actions(state)
    return Decision(index, state["turn"], player_view(state, seat), tuple(legal), action) if len(legal) > 1 else None


def review_seed(view: View, chosen: Action) -> str:
    """The seed of a decision's play-outs: a hash of the view and the chosen action only."""
    text = json.dumps(view, sort_keys=True, separators=(",", ":")) + "|" + str(chosen)
    return hashlib.sha256(("ttr-review:" + text).encode()).hexdigest()


def _hard() -> Searcher:
    hard = make_agent("hard")
    if not isinstance(hard, Searcher):
        raise TypeError("the hard level is expected to be a Searcher")
    return hard


def candidates(view: View, legal: Sequence[Action], chosen: Action, hard: Searcher | None = None) -> list[Action]:
    """What a decision's review weighs: hard's candidates (its planner's choice first), then the
    chosen action if it is not among them.  Just ``[chosen]``: hard would have played it too."""
    if chosen not in legal:
        raise ValueError(f"{chosen} is not one of the legal actions")
    hard = hard or _hard()
    out = hard.candidates(Knowledge(view, hard.style.point_weight), list(legal), Rng.from_seed(review_seed(view, chosen)))
    return out if chosen in out else [*out, chosen]


def evaluate(view: View, legal: Sequence[Action], chosen: Action, samples: int = REVIEW_SAMPLES) -> Verdict:
    """Weigh ``chosen`` (one of ``legal``) from ``view`` against hard's candidates (module doc)."""
    return run(evaluate_steps(view, legal, chosen, samples))


def evaluate_steps(view: View, legal: Sequence[Action], chosen: Action, samples: int = REVIEW_SAMPLES) -> Steps[Verdict]:
    """:func:`evaluate` in steps (``game.ai.steps``), for the page's main thread, which weighs a
    decision a slice at a time when no worker is left: a step ends after the candidates, each
    world dealt, before every move of a play-out and before each player's plan in a cut
    play-out's estimate (``search.estimate_steps``)."""
    if samples < 1:
        raise ValueError("a review samples at least one world per decision")
    hard = _hard()
    options = candidates(view, legal, chosen, hard)
    if options == [chosen]:
        return Verdict(chosen, chosen)
    rng = Rng.from_seed(review_seed(view, chosen))
    seat = view["viewer"]
    totals = [0.0] * len(options)
    for _ in range(samples):
        yield
        world = determinize(view, rng)
        roll_seed = rng.next64()
        for i, action in enumerate(options):
            yield
            state = copy_state(world)
            apply_action(state, action)
            yield from hard.rollout_steps(state, Rng(roll_seed))
            totals[i] += yield from margin_steps(state, seat)
    best = max(range(len(options)), key=lambda i: (totals[i], -i))
    mine = options.index(chosen)
    if totals[mine] >= totals[best]:
        best = mine             # as good as any: no better move to show
    return Verdict(chosen, options[best], totals[mine] / samples, totals[best] / samples, samples)


class Review:
    """A seat's review, one decision at a time (:meth:`step`), so a caller can report progress."""

    def __init__(self, decisions: list[Decision], samples: int = REVIEW_SAMPLES) -> None:
        self.decisions = decisions
        self.samples = samples
        self.verdicts: list[Verdict] = []

    @property
    def done(self) -> bool:
        return len(self.verdicts) == len(self.decisions)

    def step(self) -> Verdict:
        """Weigh the next decision."""
        d = self.decisions[len(self.verdicts)]
        verdict = evaluate(d.view, d.legal, d.chosen, self.samples)
        self.verdicts.append(verdict)
        return verdict

    def costliest(self, count: int = 5) -> list[int]:
        """The positions (in ``decisions``) of the ``count`` decisions weighed that cost the most
        (:func:`costliest`)."""
        return costliest(dict(enumerate(self.verdicts)), count)

    def total_loss(self) -> float:
        return sum(v.loss for v in self.verdicts)


def costliest(verdicts: Mapping[int, Verdict], count: int) -> list[int]:
    """The keys of the ``count`` verdicts that cost the most, costliest first (earlier first among
    equals); verdicts that cost nothing are left out."""
    lost = [i for i, v in verdicts.items() if v.loss > 0]
    return sorted(lost, key=lambda i: (-verdicts[i].loss, i))[:count]
