"""The hard level: the planner, plus determinized Monte Carlo search on the decisions that
shape a game most — which tickets to keep and whether to draw more.

For such a decision the agent lists candidates (the planner's own choice first, then the
next best ticket choices, or drawing tickets instead of the planned move), samples the hidden
information from its view (:func:`game.ai.determinize.determinize`), plays each candidate in
the same samples (common random numbers) and plays the game out to the end with the planner
in every seat.  The candidate with the best total of (own final score − best opponent's) is
chosen; the planner's choice wins ties (a small bonus per sample).  Every other decision is
the planner's.  The budget is a number of rollouts per decision, so a game replays exactly;
``time_cap`` (seconds, for the browser) drops the sample it interrupts and stops there, so a
move takes about the cap at most.

>>> from game.state import new_game
>>> from game.rng import Rng
>>> from game.ai.agent import decide
>>> s = new_game("usa", players=2, seed=6)
>>> str(decide(Searcher(iterations=4), s, Rng.from_seed(0))).startswith("keep ")
True
"""

from __future__ import annotations

import time

from game.actions import Action, DrawTickets
from game.ai.agent import Agent
from game.ai.determinize import determinize
from game.ai.planning import Knowledge
from game.ai.strategist import Strategist, Style, keep_options, keep_value
from game.rng import Rng
from game.rules import apply_action, legal_actions
from game.state import Phase, State, copy_state
from game.view import View, player_view

MAX_CANDIDATES = 2
TICKETS_MIN_TRAINS = 12        # fewer trains than this: never consider drawing more tickets
PLANNER_BONUS = 4.0            # points per sample in favour of the planner's own choice


def margin(state: State, seat: int) -> int:
    """A finished game's score of ``seat`` minus the best opponent's."""
    scores = [p["score"] for p in state["players"]]
    return scores[seat] - max(s for i, s in enumerate(scores) if i != seat)


class Searcher(Strategist):
    """The planner with determinized Monte Carlo search on ticket decisions."""

    def __init__(self, iterations: int = 8, time_cap: float | None = None, style: Style | None = None) -> None:
        super().__init__(style)
        self.iterations = iterations
        self.time_cap = time_cap
        self.rollout_policy: Agent = Strategist(self.style)     # the policy of the play-outs

    def choose(self, view: View, legal: list[Action], rng: Rng) -> Action:
        if len(legal) == 1:
            return legal[0]
        candidates = self.candidates(Knowledge(view, self.style.point_weight), legal, rng)
        if len(candidates) == 1:
            return candidates[0]
        return self.search(view, candidates, rng)

    def candidates(self, k: Knowledge, legal: list[Action], rng: Rng) -> list[Action]:
        """The planner's choice first, then the alternatives worth a search."""
        first = self.decide(k, legal, rng)
        out = [first]
        phase = k.view["phase"]
        if phase in (Phase.SETUP_TICKETS, Phase.TICKETS):
            base = list(k.tickets)
            ranked = sorted(keep_options(legal, self.style), key=lambda a: (-keep_value(k, base, a.tickets, self.style), str(a)))
            out += [a for a in ranked if a != first][:MAX_CANDIDATES - 1]
        elif phase == Phase.START and DrawTickets() in legal and k.trains >= TICKETS_MIN_TRAINS and not k.incomplete():
            out.append(DrawTickets())
        return list(dict.fromkeys(out))[:MAX_CANDIDATES]

    def search(self, view: View, candidates: list[Action], rng: Rng) -> Action:
        """The candidate with the best total margin over whole samples (one play-out of every
        candidate in the same hidden world).  With ``time_cap``, a sample the cap interrupts is
        dropped, so the answer comes about ``time_cap`` after the start at the latest; with no
        whole sample, the planner's own choice stands."""
        seat = view["viewer"]
        totals = [0.0] * len(candidates)
        deadline = None if self.time_cap is None else time.perf_counter() + self.time_cap
        for _ in range(max(1, self.iterations // len(candidates))):
            world = determinize(view, rng)
            roll_seed = rng.next64()
            sample = []
            for action in candidates:
                state = copy_state(world)
                apply_action(state, action)
                if not self.rollout(state, Rng(roll_seed), deadline):
                    break
                sample.append(margin(state, seat))
            if len(sample) < len(candidates):
                break
            totals = [t + m + (PLANNER_BONUS if i == 0 else 0.0) for i, (t, m) in enumerate(zip(totals, sample))]
        return candidates[max(range(len(candidates)), key=lambda i: (totals[i], -i))]

    def rollout(self, state: State, rng: Rng, deadline: float | None = None) -> bool:
        """Play the game out with the planner in every seat; False if ``deadline`` passed first."""
        policy = self.rollout_policy
        while state["phase"] != Phase.OVER:
            if deadline is not None and time.perf_counter() > deadline:
                return False
            legal = legal_actions(state)
            apply_action(state, policy.choose(player_view(state, state["current"]), legal, rng))
        return True
