"""What a move lights (``game.ui.lit``), in a hint and in a review's step alike: every kind of
action lights something (a route, a city, a card of the market, a pile, tickets, a tunnel's
option); the hint lights the tunnel's option it picks; a review stepping onto a better draw or
ticket choice lights the market's card or the tickets then, says whose view the board shows, and a
review whose helpers all failed says so and tries again."""

from __future__ import annotations

import pytest
from test_hints import answer_with
from test_review_model import fake_answer, reviewed_table, reviewing, run_review
from test_screen import europe_turn

from game.actions import DrawCard, DrawTickets, KeepTickets, Pass, PayTunnel, Withdraw
from game.ai import make_agent
from game.ai.agent import decide
from game.i18n import set_language
from game.rng import Rng
from game.rules import apply_action, legal_actions
from game.state import Phase, new_game
from game.ui.commands import ChooseRoute, Pay, RetryReview, ReviewGo
from game.ui.game_facts import Memo
from game.ui.lit import Lit, lit
from game.ui.outcome import Redraw
from game.ui.page_events import (
    ReviewAnswered,
    ReviewFailed,
    ReviewReturned,
)
from game.ui.review_turn import ReviewAnswer, ReviewRequest
from game.ui.screen import screen
from game.view import player_view


@pytest.fixture(autouse=True)
def english():
    set_language("en")


def test_every_kind_of_action_lights_something_from_the_view_alone():
    seen: set[str] = set()
    for seed in (1, 2):
        state = new_game("europe", players=3, seed=seed)
        agent, rng = make_agent("medium"), Rng.from_seed(seed)
        while state["phase"] != Phase.OVER:
            view = player_view(state, state["current"])
            for action in legal_actions(state):
                shown = lit(view, action)
                seen.add(type(action).__name__)
                if isinstance(action, Pass):
                    assert shown == Lit()           # legal only alone: never a choice
                    continue
                assert shown != Lit(), action
                if isinstance(action, DrawCard) and action.source != "deck":
                    assert shown.slots and all(view["market"][i] == action.source for i in shown.slots)
                if isinstance(action, (PayTunnel, Withdraw)):
                    assert shown.option == action and shown.routes == {view["tunnel"]["route"]}
            apply_action(state, decide(agent, state, rng))
    assert {"DrawCard", "DrawTickets", "KeepTickets", "ClaimRoute", "BuildStation"} <= seen
    view = player_view(new_game("usa", players=2, seed=3), 0)
    assert lit(view, DrawCard("deck")).market_keys() == {0}
    assert lit(view, DrawTickets()).market_keys() == {"tickets"}
    assert lit(view, DrawCard("purple")).market_keys() == {2, 5}
    assert lit(view, DrawCard("purple")).marks() == {"cards": ["purple"]}


def test_the_hint_lights_the_tunnels_option_it_picks():
    table = europe_turn()
    table.handle(ChooseRoute("bucuresti--sofia"))
    table.handle(Pay("claim", 0))
    shown = answer_with(table, Withdraw())
    assert [p.hinted for p in shown.dialog.payments] == [p.withdraw for p in shown.dialog.payments]
    assert shown.board.highlights.hint >= {"bucuresti--sofia"}


def reply_with(pick):
    """A stand-in for the workers whose better move is the first legal action ``pick`` accepts
    (other than the chosen one), else the chosen one."""
    def reply(request: ReviewRequest) -> ReviewAnswer:
        better = next((i for i, a in enumerate(request.legal) if i != request.chosen and pick(a)), None)
        if better is None:
            return fake_answer(request)
        return ReviewAnswer(request.ticket, best=better, chosen_points=-3.0, best_points=1.0, samples=1)
    return reply


def test_a_review_stepping_onto_a_better_draw_or_ticket_choice_lights_it():
    table = reviewed_table()
    run_review(reviewing(table), reply_with(lambda text: text.startswith("draw ") and text != "draw deck"
                                 or text.startswith("keep ")))
    run = table.review
    draws = [i for i, v in run.verdicts.items() if isinstance(v.best, DrawCard) and v.best != v.chosen]
    keeps = [i for i, v in run.verdicts.items() if isinstance(v.best, KeepTickets) and v.best != v.chosen]
    assert draws and keeps
    table.handle(ReviewGo(draws[0]))
    review = screen(table, Memo()).side.review
    best = run.verdicts[draws[0]].best
    assert review.whose == "The board as Ann saw it at that turn."
    assert [m.kind for m in review.market][:2] == ["deck", "tickets"]
    lit_cards = [m for m in review.market if m.lit]
    assert lit_cards and {m.kind for m in lit_cards} == {best.source}
    assert [m.kind for m in review.market[2:]] == run.decisions[draws[0]].view["market"]     # the face-up cards then
    assert not review.choice
    table.handle(ReviewGo(keeps[0]))
    shown = screen(table, Memo())
    review, best = shown.side.review, run.verdicts[keeps[0]].best
    assert review.choice_title == "The tickets offered"
    assert sum(item.lit for item in review.choice) == len(best.tickets) and not any(m.lit for m in review.market)
    assert shown.board.highlights.cities and all(s.startswith("city-") for s in review.lit_spots)


def test_a_review_whose_helpers_all_failed_says_so_and_tries_again():
    table = reviewed_table()
    workers = reviewing(table)
    run = table.review
    request, other = workers.next(), workers.next()
    out = {request.ticket, other.ticket} | {r.ticket for r in workers.waiting}     # given to the workers, not weighed
    returned = workers.run(ReviewReturned(request.ticket))
    assert returned.redraw is Redraw.REVIEW and returned.review.requests == (request,)   # a lost worker's decision, sent again
    assert workers.run(ReviewReturned(request.ticket + 10**4)).redraw is Redraw.NOTHING      # none such out
    failed = workers.run(ReviewFailed("no answer in 30 s"))
    review = screen(table, Memo()).side.review
    assert review.failure.startswith("The review could not finish") and review.detail == "no answer in 30 s"
    assert not review.working and failed.review.requests == () and failed.review.over
    workers.waiting.clear()                                 # the workers were ended
    retried = workers.run(RetryReview())
    assert retried.redraw.value == "screen" and screen(table, Memo()).side.review.failure == ""
    assert {r.ticket for r in retried.review.requests} == out       # the decisions not weighed, sent again
    for r in retried.review.requests:
        assert workers.run(ReviewAnswered(fake_answer(r))).redraw is Redraw.REVIEW
    workers.waiting.clear()
    rest = run_review(workers)
    assert run.done and len(run.verdicts) == len(out) + len(rest)
