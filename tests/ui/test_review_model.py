"""A finished game's review on the page (``game.ui.review``, ``game.ui.review_turn``): the table replays the save and sends
the worker only the reviewed seat's views; the progress, the costliest turns, a decision shown on
the board with the better move lit; the lesson of a decision holds nothing the seat could not see."""

from __future__ import annotations

import pytest

from game.actions import ClaimRoute, DrawCard
from game.ai.determinize import determinize
from game.ai.review import seat_decisions
from game.i18n import set_language
from game.rng import Rng
from game.rules import apply_action
from game.scenario import load_scenario
from game.share import read_fragment
from game.state import copy_state
from game.ui.commands import CloseReview, ReviewGame, ReviewGo, ReviewSave
from game.ui.controller import Table
from game.ui.embed import EmbedOptions, Lesson
from game.ui.game_facts import Memo
from game.ui.outcome import Outcome, Redraw
from game.ui.page_events import ReviewAnswered, ReviewReplay
from game.ui.review import lesson_link, review_lesson
from game.ui.review_turn import ReviewAnswer, ReviewRequest, answer
from game.ui.saves import SaveCatalog
from game.ui.screen import screen
from game.ui.session import Session
from game.ui.storage import DictBackend
from game.view import player_view
from tests.ai.test_review import finished_game


@pytest.fixture(autouse=True)
def english():
    set_language("en")


def reviewed_table() -> Table:
    table = Table(SaveCatalog(DictBackend({})), clock=lambda: 1000.0, fresh_seed=lambda: 5, site="https://x.example/ttr/")
    table.enter(Session(finished_game()), 0)
    return table


def fake_answer(request: ReviewRequest) -> ReviewAnswer:
    """A quick stand-in for the worker: every fourth decision cost its number's points, the
    better move being the first legal action other than the chosen one."""
    n = request.ticket % 100_000
    if n % 4:
        return ReviewAnswer(request.ticket, best=request.chosen, samples=1)
    best = 1 if request.chosen == 0 else 0
    return ReviewAnswer(request.ticket, best=best, chosen_points=-float(n), best_points=1.0, samples=1)


class Workers:
    """The page's review workers as the table's outcomes feed them (``game.web.work.Work``): the
    decisions given, waiting in order to be weighed, and the replay's slices asked for."""

    def __init__(self, table: Table) -> None:
        self.table, self.waiting, self.replay = table, [], False

    def run(self, command) -> Outcome:
        outcome = self.table.handle(command)
        if outcome.review is not None:
            self.waiting.extend(outcome.review.requests)
            self.replay = outcome.review.replay
        return outcome

    def next(self) -> ReviewRequest | None:
        """The next decision given, the game replayed a slice at a time until one is found (None: none is left)."""
        while not self.waiting and self.replay:
            self.run(ReviewReplay())
        return self.waiting.pop(0) if self.waiting else None


def reviewing(table: Table, seat: int = 0) -> Workers:
    workers = Workers(table)
    workers.run(ReviewGame(seat))
    return workers


def run_review(workers: Workers, reply=fake_answer) -> list[ReviewRequest]:
    sent = []
    while (request := workers.next()) is not None:
        sent.append(request)
        assert workers.run(ReviewAnswered(reply(request))).redraw is Redraw.REVIEW
    return sent


def test_the_worker_answers_a_request_and_names_a_bad_one():
    d = seat_decisions(finished_game(), 0)[-3]         # near the end: short play-outs
    request = ReviewRequest(7, d.view, tuple(str(a) for a in d.legal), d.legal.index(d.chosen), 1)
    assert ReviewRequest.from_text(request.to_text()) == request
    reply = ReviewAnswer.from_text(answer(request.to_text()))
    assert reply.ticket == request.ticket and reply.error is None
    assert reply.best is not None and 0 <= reply.best < len(request.legal) and reply.loss >= 0
    bad = ReviewAnswer.from_text(answer('{"review": 4, "view": {}}'))
    assert bad.ticket == -1 and bad.best is None and "review request" in (bad.error or "")


def test_the_page_sends_the_seats_views_only_and_shows_its_progress():
    table = reviewed_table()
    assert table.handle(ReviewGame(1)).redraw.value == "nothing"      # an AI seat is not reviewed
    workers = reviewing(table)
    assert screen(table, Memo()).side.review.progress == 0
    state, actions = load_scenario(finished_game())
    views = {}
    for i, action in enumerate(actions):
        views[i] = (player_view(state, 0), copy_state(state))
        apply_action(state, action)
    progress = []
    memo = Memo()
    requests = []
    while (request := workers.next()) is not None:
        requests.append(request)
        index = table.review.decisions[request.ticket % 100_000].index
        view, real = views[index]
        assert request.view == view
        text = request.to_text()
        assert real["rng"] not in text and '"deck":null' in text
        assert request.view["players"][1]["hand"] is None and request.view["players"][1]["tickets"] is None
        workers.run(ReviewAnswered(fake_answer(request)))
        progress.append(screen(table, memo).side.review.progress)
    assert len(requests) == len(table.review.decisions) > 10
    progress.append(screen(table, memo).side.review.progress)     # the replay's end after the last answer
    assert progress == sorted(progress) and progress[-1] == 1.0
    shown = screen(table, memo).side.review
    assert not shown.working and "Decisions weighed" in shown.summary
    assert [int(r.points.split()[0].lstrip("−").split(".")[0]) for r in shown.rows] == \
        sorted((int(r.points.split()[0].lstrip("−").split(".")[0]) for r in shown.rows), reverse=True)
    assert shown.rows[0].index == max(i for i in range(len(requests)) if i % 4 == 0)


def test_stepping_shows_the_position_with_the_better_move_lit():
    table = reviewed_table()
    run_review(reviewing(table))
    run = table.review
    claims = [i for i, v in run.verdicts.items() if isinstance(v.best, ClaimRoute)]
    draws = [i for i, v in run.verdicts.items() if isinstance(v.best, DrawCard)]
    assert claims or draws
    index = (claims or draws)[0]
    table.handle(ReviewGo(index))
    shown = screen(table, Memo())
    assert shown.board.view == run.decisions[index].view
    best = run.verdicts[index].best
    if isinstance(best, ClaimRoute):
        assert shown.board.highlights.network == {best.route}
    review = shown.side.review
    assert review.shown == index and review.counter.startswith(f"Decision {index + 1} of ")
    assert review.previous == (index - 1 if index else None) and review.next == index + 1
    assert table.handle(ReviewGo(10**6)).redraw.value == "nothing"
    table.handle(CloseReview())
    assert screen(table, Memo()).side.end is not None and table.review is None


def test_a_lesson_holds_nothing_the_seat_could_not_see():
    """The lesson of a decision is built from the seat's view then: re-deal every hidden part of
    the real position and the lesson is the same; it holds none of the real hidden deal."""
    table = reviewed_table()
    run_review(reviewing(table))
    run = table.review
    state, actions = load_scenario(finished_game())
    wanted = {run.decisions[i].index: i for i in list(run.verdicts)[::7]}
    checked = 0
    for n, action in enumerate(actions):
        if n in wanted:
            i = wanted[n]
            d, v = run.decisions[i], run.verdicts[i]
            lesson = review_lesson(d, v, [None, "hard"])
            for k in range(2):
                twin = determinize(player_view(state, 0), Rng.from_seed(k))
                twin_d = type(d)(d.index, d.turn, player_view(twin, 0), d.legal, d.chosen)
                assert review_lesson(twin_d, v, [None, "hard"]) == lesson
            position = lesson["position"]
            # the hidden piles are dealt anew (deck and discard together: near the end a deck of
            # one card may by chance be dealt the real one, the likelier as public records such
            # as the face-up cards each player took fix more of the unseen cards)
            assert (position["deck"], position["discard"]) != (state["deck"], state["discard"])
            if state["players"][1]["hand"] != {k: 0 for k in state["players"][1]["hand"]}:
                assert position["players"][1]["hand"] != state["players"][1]["hand"] or \
                    position["players"][1]["tickets"] != state["players"][1]["tickets"]
            assert position["rng"] != state["rng"]
            assert position["players"][0]["hand"] == state["players"][0]["hand"]
            link = lesson_link("https://x.example/ttr/", d, v, [None, "hard"])
            assert "view=0" in link
            shared = read_fragment(link.split("#", 1)[1])
            assert shared == lesson
            shown = Lesson(shared, EmbedOptions(fragment=link.split("#", 1)[1], view=0, controls="play"))
            assert len(shown.steps) == 2 and shown.go(1)
            checked += 1
        apply_action(state, action)
    assert checked >= 2


def test_decisions_go_to_several_workers_and_come_back_in_any_order():
    table = reviewed_table()
    workers = reviewing(table)
    first = [workers.next(), workers.next(), workers.next()]    # three decisions out at once (one for each of three workers)
    assert len({r.ticket for r in first}) == 3
    for request in reversed(first):
        assert workers.run(ReviewAnswered(fake_answer(request))).redraw is Redraw.REVIEW
        assert workers.run(ReviewAnswered(fake_answer(request))).redraw is Redraw.NOTHING        # once only
    assert sorted(table.review.verdicts) == sorted(r.ticket % 100_000 for r in first)
    rest = run_review(workers)
    assert table.review.done and len(table.review.verdicts) == len(first) + len(rest)


def test_a_finished_saved_game_is_reviewed_from_the_saved_games():
    table = Table(SaveCatalog(DictBackend({})), clock=lambda: 1000.0, fresh_seed=lambda: 5)
    session = Session(finished_game())
    table.catalog.write("g1", session.scenario(), session.summary(), 1000.0)
    entry = table.catalog.entries()[0]
    assert entry.over
    assert table.handle(ReviewSave("g1")).redraw.value == "screen"
    assert table.session is not None and table.session.over
    assert table.review is not None and table.review.seat == 0
    assert screen(table, Memo()).side.review is not None
    assert table.handle(ReviewSave("missing")).redraw.value == "screen"
    assert table.session is None and table.review is None and table.take_notice()    # said on the start screen


def test_an_answer_naming_no_legal_move_fails_the_review_and_the_counter_counts_what_is_weighed():
    table = reviewed_table()
    workers = reviewing(table)
    run = table.review
    first, second = workers.next(), workers.next()
    assert second is not None
    assert workers.run(ReviewAnswered(fake_answer(second))).redraw is Redraw.REVIEW     # the second decision weighed first
    table.handle(ReviewGo(second.ticket - run.base))
    if not run.replayed:                                  # while the replay goes on: among those weighed
        assert screen(table, Memo()).side.review.counter == "Decision 1 of 1"
    bad = ReviewAnswer(first.ticket, best=len(first.legal), samples=1)
    assert workers.run(ReviewAnswered(bad)).redraw is Redraw.REVIEW and run.failure is not None
    assert first.ticket - run.base not in run.verdicts


def test_pass_and_play_every_human_seat_is_reviewed_once_the_game_is_over_and_never_before():
    """The rule (docs/ui.md, "Review this game"): once the game is over, the review of every human
    seat is offered to whoever holds the device, and says whose view the board shows; a game in
    progress offers none (no command, no saved game's Review) and opens no review."""
    finished = {**finished_game(), "players": ["Ann", "Cleo"]}
    table = Table(SaveCatalog(DictBackend({})), clock=lambda: 1000.0, fresh_seed=lambda: 5)
    table.enter(Session(finished), 0)
    end = screen(table, Memo()).side.end
    assert [seat for seat, _words in end.reviews] == [0, 1]
    assert [words for _seat, words in end.reviews] == ["Review Ann’s game", "Review Cleo’s game"]
    run_review(reviewing(table, 1))
    table.handle(ReviewGo(min(table.review.verdicts)))
    review = screen(table, Memo()).side.review
    assert review.title == "Review of Cleo’s game" and review.whose == "The board as Cleo saw it at that turn."
    assert screen(table, Memo()).board.view["viewer"] == 1
    unfinished = {**finished, "actions": finished["actions"][:40]}
    table = Table(SaveCatalog(DictBackend({})), clock=lambda: 1000.0, fresh_seed=lambda: 5)
    table.catalog.write("g2", Session(unfinished).scenario(), Session(unfinished).summary(), 1000.0)
    assert not table.catalog.entries()[0].over              # the saved games offer no Review for it
    table.handle(ReviewSave("g2"))
    assert table.session is not None and not table.session.over and table.review is None
    for seat in (0, 1):
        assert table.handle(ReviewGame(seat)).redraw.value == "nothing" and table.review is None
    assert screen(table, Memo()).side.end is None and screen(table, Memo()).side.review is None
