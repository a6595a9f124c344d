"""Hard's search shared among several workers (``game.ui.ai_shards``): whatever the number of
shards and the order their answers come in, the merged move is the one ``ai_turn.answer``
chooses in one piece (so the one ``Session.ai_action`` plays and a CPython tournament plays);
and the page's crew of workers gives a failed or stalled worker's shards to the others, or to the
page when none is left."""

from __future__ import annotations

import pytest

from game import ai
from game.ai.search import Searcher
from game.rng import Rng
from game.ui import ai_turn
from game.ui.ai_shards import (
    Crew,
    ShardAnswer,
    ShardMerge,
    ShardRequest,
    answer,
    play_shard,
)
from game.ui.ai_turn import AiAnswer, AiRequest
from game.ui.session import Session


def searched_requests(map_id: str, players: int, seed: int, every: int = 3, limit: int = 5):
    """Requests of positions of a game of random moves where hard searches (ticket choices,
    drawing tickets, the end game), at the hard level."""
    seats = [{"name": f"Bot {i}", "kind": "ai", "level": "hard"} for i in range(players)]
    session = Session({"map": map_id, "players": seats, "seed": seed, "actions": []})
    chooser, hard = Rng.from_seed(f"shards:{seed}"), ai.make_agent("hard")
    assert isinstance(hard, Searcher)
    count = searched = 0
    while not session.over:
        request = session.ai_request(count)
        if hard.plan(request.view, session.legal(), Rng.from_seed(request.seed)).seeds:
            if searched % every == 0:
                yield session, request
            searched += 1
            if searched >= every * limit:
                return
        session.play(chooser.choice(session.legal()))
        count += 1


def merged(request: AiRequest, of: int, order: Rng) -> AiAnswer | None:
    """The move from ``of`` shards played one by one, their answers (as texts, as a worker
    sends them) merged in a shuffled order."""
    merge = ShardMerge(request, of)
    replies = [ShardAnswer.from_text(answer(shard.to_text())) for shard in merge.shards()]
    order.shuffle(replies)
    decided = None
    for reply in replies:
        assert decided is None or reply.samples == 0
        decided = decided or merge.add(reply)
    return decided


@pytest.fixture
def quick_hard(monkeypatch):
    """Hard with a small budget (the equality does not depend on it): many positions in seconds."""
    monkeypatch.setitem(ai._FACTORIES, "hard", lambda: Searcher(6, 8, style=ai.HARD_STYLE))


@pytest.mark.usefixtures("quick_hard")
@pytest.mark.parametrize("map_id,players,seed", [("usa", 2, 11), ("europe", 4, 12)])
def test_shards_merge_to_the_move_chosen_in_one_piece(map_id, players, seed):
    checked, order = 0, Rng.from_seed(seed)
    for session, request in searched_requests(map_id, players, seed):
        whole = AiAnswer.from_text(ai_turn.answer(request.to_text()))
        assert whole.choice is not None and session.legal()[whole.choice] == session.ai_action()
        for of in (1, 2, 3, 4):
            decided = merged(request, of, order)
            assert decided is not None and decided.choice == whole.choice, (of, request.view["phase"])
        checked += 1
    assert checked == 5


def test_hard_at_its_own_budget_merges_to_its_move():
    _session, request = next(searched_requests("europe", 3, 21))
    whole = AiAnswer.from_text(ai_turn.answer(request.to_text()))
    decided = merged(request, 2, Rng.from_seed(0))
    assert decided is not None and whole.choice is not None and decided.choice == whole.choice


def test_a_shard_plays_only_its_samples_and_every_shard_lays_out_the_same_plan():
    _session, request = next(searched_requests("usa", 2, 31))
    plays = [play_shard(shard) for shard in ShardMerge(request, 3).shards()]
    assert len({(p.candidates, p.samples) for p in plays}) == 1
    samples = plays[0].samples
    assert [[i for i, _ in p.margins] for p in plays] == [list(range(k, samples, 3)) for k in range(3)]


def test_a_level_that_does_not_search_is_answered_whole_by_one_shard():
    _session, request = next(searched_requests("usa", 2, 31))
    easy = AiRequest(request.ticket, "easy", request.seed, request.view, request.legal)
    merge = ShardMerge(easy, 1)
    decided = merge.add(ShardAnswer.from_text(answer(merge.shards()[0].to_text())))
    assert decided is not None and decided.choice == AiAnswer.from_text(ai_turn.answer(easy.to_text())).choice


def test_bad_shard_answers_are_refused_or_end_the_move_with_an_error():
    request = AiRequest(4, "hard", "ab", {"viewer": 0}, ("draw deck", "tickets"))
    merge = ShardMerge(request, 2)
    assert merge.add(ShardAnswer(5, 0, 2, (0, 1), 2, ((0, (1.0, 2.0)),))) is None          # another move's
    assert merge.add(ShardAnswer(4, 0, 3, (0, 1), 2, ((0, (1.0, 2.0)),))) is None          # another split
    wrong = merge.add(ShardAnswer(4, 0, 2, (0, 1), 2, ((1, (1.0, 2.0)),)))
    assert wrong is not None and "samples other than its own" in (wrong.error or "")
    outside = ShardMerge(request, 2).add(ShardAnswer(4, 0, 2, (0, 7), 2, ((0, (1.0, 2.0)),)))
    assert outside is not None and outside.error is not None and outside.choice is None
    failed = ShardMerge(request, 2).add(ShardAnswer(4, 1, 2, error="KeyError: 'x'"))
    assert failed == AiAnswer(4, error="KeyError: 'x'")
    first = ShardMerge(request, 2)
    assert first.add(ShardAnswer(4, 0, 2, (1, 0), 2, ((0, (1.0, 2.0)),))) is None
    unlike = first.add(ShardAnswer(4, 1, 2, (0, 1), 2, ((1, (1.0, 2.0)),)))
    assert unlike is not None and "unlike" in (unlike.error or "")
    text = answer('{"shard":0,"of":1,"request":{"ticket":9}}')
    assert ShardAnswer.from_text(text).error is not None          # a bad request: an answer, never a raise


def test_shard_texts_round_trip():
    request = AiRequest(2, "hard", "c0ffee", {"viewer": 1}, ("draw deck",))
    shard = ShardRequest(1, 3, request)
    assert shard.to_text().startswith('{"shard"') and ShardRequest.from_text(shard.to_text()) == shard
    reply = ShardAnswer(2, 1, 3, (0, 2), 4, ((1, (1.5, -3.25)),), None, 12.5)
    assert ShardAnswer.from_text(reply.to_text()) == reply
    with pytest.raises(ai_turn.AiMessageError):
        ShardRequest.from_text('{"shard":3,"of":3,"request":{}}')


# --- the page's crew of workers -------------------------------------------------------------------

HARD = AiRequest(1, "hard", "ab", {"viewer": 0}, ("draw deck", "tickets"))


def shards_of(messages):
    return [(n, ShardRequest.from_text(text).request.ticket, ShardRequest.from_text(text).shard) for n, text in messages]


def test_a_hard_move_goes_to_every_worker_and_an_easy_one_whole_to_one():
    crew = Crew(3)
    assert crew.where() == "starting"
    crew.ask(HARD, 0.0)
    posts = crew.messages(0.0)
    assert [n for n, _ in posts] == [0, 1, 2] and crew.messages(0.0) == []
    assert [ShardRequest.from_text(text) for _, text in posts] == ShardMerge(HARD, 3).shards()
    crew.heard(1, 0.0)
    assert crew.where() == "worker"
    easy = AiRequest(2, "easy", "cd", HARD.view, HARD.legal)
    crew.ask(easy, 0.0)
    assert crew.messages(0.0) == []                                 # every worker is busy: it waits
    crew.answered(1, ShardAnswer(1, 1, 3, (1, 0), 3, ((1, (0.0, 1.0)),)), 1.0)
    assert crew.messages(0.0) == [(1, easy.to_text())]             # whole, to the worker free
    assert crew.answered(1, ShardAnswer(2, 0, 1, (1,)), 1.0) is None     # not a shard's answer
    assert crew.answered(1, AiAnswer(2, choice=1), 1.0) == AiAnswer(2, choice=1)
    single = Crew(1)
    single.ask(HARD, 0.0)
    assert single.messages(0.0) == [(0, HARD.to_text())]


def test_the_move_comes_once_every_shard_is_in():
    crew = Crew(2)
    crew.ask(HARD, 0.0)
    crew.messages(0.0)
    assert crew.answered(1, ShardAnswer(1, 1, 2, (1, 0), 2, ((1, (0.0, 9.0)),)), 5.0) is None
    assert crew.owes() and crew.stalled(5.0, 100.0, 10.0) == []
    decided = crew.answered(0, ShardAnswer(1, 0, 2, (1, 0), 2, ((0, (1.0, 0.0)),)), 6.0)
    assert decided == AiAnswer(1, choice=0) and not crew.owes()
    assert crew.answered(0, ShardAnswer(1, 0, 2, (1, 0), 2, ((0, (1.0, 0.0)),)), 7.0) is None    # stale


def test_an_idle_worker_takes_the_shards_waiting_and_moves_asked_ahead_wait_behind_and_can_be_dropped():
    crew = Crew(2)
    crew.heard(0, 0.0)
    crew.heard(1, 0.0)
    ahead = [AiRequest(t, "hard", "ab", {"viewer": 0}, ("draw deck", "tickets")) for t in (5, 6)]
    for request in ahead:
        crew.ask(request, 0.0, ahead=True)
    assert shards_of(crew.messages(0.0)) == [(0, 5, 0), (1, 5, 1)]
    crew.ask(HARD, 1.0)                      # due now: before the rest asked ahead
    assert crew.queue[:2] == ShardMerge(HARD, 2).shards()
    crew.ask(AiRequest(7, "hard", "ab", {"viewer": 0}, ("draw deck",)), 1.0, ahead=True)
    crew.hurry(7)                            # asked ahead, and due now: before the other one asked ahead
    assert [s.request.ticket for s in crew.queue] == [7, 7, 1, 1, 6, 6]
    crew.drop(7, 1.0)
    crew.drop(6, 1.0)                             # the human chose otherwise: never sent
    crew.answered(1, ShardAnswer(5, 1, 2, (1, 0), 2, ((1, (0.0, 1.0)),)), 2.0)
    assert shards_of(crew.messages(0.0)) == [(1, 1, 0)]
    crew.answered(1, ShardAnswer(1, 0, 2, (1, 0), 2, ((0, (0.0, 1.0)),)), 3.0)
    assert shards_of(crew.messages(0.0)) == [(1, 1, 1)]            # worker 1 takes the other shard too
    assert crew.answered(1, ShardAnswer(1, 1, 2, (1, 0), 2, ((1, (0.0, 1.0)),)), 4.0) == AiAnswer(1, choice=0)
    assert crew.messages(0.0) == [] and crew.queue == [] and crew.owes()       # worker 0 still plays 5


def test_a_move_dropped_before_it_is_posted_is_never_posted_and_its_worker_takes_the_next():
    crew = Crew(1)
    crew.heard(0, 0.0)
    crew.ask(HARD, 0.0)                      # given to worker 0, not posted yet (the page waits for a frame)
    later = AiRequest(2, "hard", "ab", {"viewer": 0}, ("draw deck",))
    crew.ask(later, 0.0)
    crew.drop(HARD.ticket, 1.0)              # its game was left before the post
    assert crew.messages(2.0) == [(0, later.to_text())] and crew.owed[0].request == later


def test_a_workers_patience_runs_from_the_post():
    crew = Crew(1)
    crew.heard(0, 0.0)
    crew.ask(HARD, 0.0)
    assert crew.stalled(9.0, 100.0, 5.0) == [0]           # given at 0 and still unposted
    crew.messages(8.0)                                    # posted at 8: not stalled at 9
    assert crew.stalled(9.0, 100.0, 5.0) == [] and crew.stalled(14.0, 100.0, 5.0) == [0]


def test_the_page_takes_the_moves_not_decided_each_marked_whether_it_is_still_ahead_of_its_time():
    crew = Crew(1)
    ahead = [AiRequest(t, "hard", "ab", {"viewer": 0}, ("draw deck", "tickets")) for t in (5, 6, 7)]
    for request in ahead:
        crew.ask(request, 0.0, ahead=True)
    crew.ask(HARD, 1.0)
    crew.hurry(6)                            # due now
    crew.drop(7, 1.0)                             # no longer wanted
    crew.lost(0, 2.0)
    assert crew.abandon() == [(ahead[0], True), (ahead[1], False), (HARD, False)] and crew.ahead == set()


def test_a_stalled_or_failed_worker_s_shard_goes_to_the_others_then_to_the_page():
    crew = Crew(3)
    for n in range(3):
        crew.heard(n, 0.0)
    crew.ask(HARD, 10.0)
    crew.messages(10.0)
    assert crew.answered(0, ShardAnswer(1, 0, 3, (1, 0), 2, ((0, (1.0, 0.0)),)), 20.0) is None
    assert crew.stalled(15.0, 1000.0, 10.0) == []
    assert crew.stalled(21.0, 1000.0, 10.0) == [1, 2]
    crew.lost(1, 21.0)
    assert shards_of(crew.messages(21.0)) == [(0, 1, 1)]           # worker 0 is free
    assert crew.answered(0, ShardAnswer(1, 1, 3, (1, 0), 2, ((1, (1.0, 0.0)),)), 22.0) is None
    crew.lost(2, 23.0)
    assert shards_of(crew.messages(23.0)) == [(0, 1, 2)]
    crew.lost(0, 24.0)
    assert crew.messages(24.0) == [] and crew.where() == "page"
    assert crew.abandon() == [(HARD, False)] and crew.abandon() == []


def test_a_worker_still_starting_has_the_start_s_patience_and_gets_work_only_while_none_is_up():
    crew = Crew(2)
    crew.heard(0, 0.0)
    crew.ask(HARD, 0.0)
    assert [n for n, _ in crew.messages(0.0)] == [0]               # worker 1 is still starting
    assert crew.stalled(500.0, 1000.0, 100.0) == [0]
    idle = Crew(2)
    idle.ask(HARD, 0.0)
    assert [n for n, _ in idle.messages(0.0)] == [0, 1] and idle.stalled(500.0, 1000.0, 100.0) == []
