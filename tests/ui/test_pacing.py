"""The table's parts on their own: the AI seats' pacing (``game.ui.ai_pacing``), the final
scoring's (``game.ui.reveal_pacing``), a dialog's rule (``game.ui.dialogs``) and what keeping the
game watches in the storage (``game.ui.keeping``)."""

from dataclasses import replace

import pytest

from game.i18n import set_language
from game.ui import ai_turn, keeping
from game.ui.ai_pacing import AI_SPEEDS, AiPacer
from game.ui.ai_turn import AiAnswer
from game.ui.commands import StartGame
from game.ui.controller import Table
from game.ui.dialogs import TicketsDialog
from game.ui.reveal_pacing import SCORING_STEP_MS, scoring_show
from game.ui.saves import SaveCatalog
from game.ui.session import Session
from game.ui.setup import default_options
from game.ui.storage import DictBackend


@pytest.fixture(autouse=True)
def english():
    set_language("en")


def ai_to_move():
    return Session({"map": "usa", "seed": 2, "position": {"current": 1},
                    "players": [{"name": "Ann"}, {"name": "Hal", "kind": "ai", "level": "easy"}]})


def test_the_ai_speed_is_named_by_its_delay_and_an_unknown_speed_changes_nothing():
    assert AiPacer(250).speed() == "fast" and AiPacer(123).speed() == "normal"
    pacer = AiPacer(AI_SPEEDS["slow"])
    pacer.set_speed("warp")
    assert pacer.delay == 1500
    pacer.set_speed("instant")
    assert pacer.delay == 0 and pacer.speed() == "instant"


def test_while_a_human_keeps_tickets_the_ai_s_next_move_is_asked_ahead_and_played_from_that_answer():
    """Ann keeps her initial tickets; Hal's choice follows and depends only on how many she
    keeps: it is asked for each (2 or 3), so his answer is in before his turn, and it is the
    same request he would be sent then (the same move as in CPython)."""
    game = Session({"map": "usa", "seed": 7, "players": [{"name": "Ann"},
                                                        {"name": "Hal", "kind": "ai", "level": "hard"}]})
    pacer = AiPacer()
    assert pacer.next(game) is None         # Ann is to keep
    ahead = pacer.ahead(game)
    assert len(ahead) == 2 and len({a.ticket for a in ahead}) == 2 and pacer.ahead(game) == []  # once a position
    answers = {a.ticket: AiAnswer.from_text(ai_turn.answer(a.to_text())) for a in ahead}
    for answer in answers.values():
        assert not pacer.answered(answer)           # kept for later: no move is due
    kept = next(a for a in game.legal() if len(a.tickets) == 2)
    game.play(kept)
    ask = pacer.next(game)
    assert ask.asked and ask.request.ticket in answers      # not asked again: its answer is in
    assert pacer.take_dropped() == [t for t in answers if t != ask.request.ticket] and pacer.take_dropped() == []
    assert replace(ask.request, ticket=0) == game.ai_request(0)
    assert pacer.delay_over(ask.request.ticket)             # due and answered: played at once
    assert pacer.take_move(game) == game.ai_action()
    assert pacer.ahead(game) == [] and pacer.asked_ahead == {}        # Hal's turn: nothing more ahead


def test_a_move_asked_ahead_whose_answer_is_not_in_yet_waits_for_it_and_a_stale_one_is_dropped():
    game = Session({"map": "usa", "seed": 7, "players": [{"name": "Ann"},
                                                        {"name": "Hal", "kind": "ai", "level": "easy"}]})
    pacer = AiPacer()
    ahead = pacer.ahead(game)
    game.play(next(a for a in game.legal() if len(a.tickets) == 3))
    ask = pacer.next(game)
    assert ask.asked and not pacer.delay_over(ask.request.ticket)      # still thinking
    other = next(a for a in ahead if a.ticket != ask.request.ticket)
    assert not pacer.answered(AiAnswer(other.ticket, choice=0))          # the moot branch's answer
    assert pacer.answered(AiAnswer(ask.request.ticket, choice=0)) and pacer.take_move(game) in game.legal()
    pacer.stop()
    assert pacer.asked_ahead == {} and pacer.early == {}


def test_an_ai_move_is_played_only_once_both_its_delay_and_its_answer_are_in():
    game = ai_to_move()
    pacer = AiPacer()
    ask = pacer.next(game)
    ticket = ask.request.ticket
    assert not pacer.answered(AiAnswer(ticket, choice=0))          # in, not due yet
    assert not pacer.delay_over(ticket + 1)                         # another move's timer
    assert pacer.delay_over(ticket) and pacer.take_move(game) in game.legal()
    assert pacer.take_move(game) is None and pacer.next(game).request.ticket == ticket + 1


def test_a_forgotten_move_ignores_its_answer_and_its_timer():
    game = ai_to_move()
    pacer = AiPacer()
    ticket = pacer.next(game).request.ticket
    pacer.stop()
    assert not pacer.answered(AiAnswer(ticket, choice=0)) and not pacer.delay_over(ticket)
    assert pacer.status(game) == ""


def test_an_illegal_answer_is_replaced_by_a_safe_move_and_said_and_a_failure_is_said_all_along():
    game = ai_to_move()
    pacer = AiPacer()
    ticket = pacer.next(game).request.ticket
    pacer.delay_over(ticket)
    assert "thinking" in pacer.status(game)
    assert pacer.answered(AiAnswer(ticket, choice=10_000))
    assert pacer.take_move(game) in game.legal() and "Hal" in pacer.notice
    pacer.failed("no worker")
    assert "no worker" in pacer.status(None) and pacer.notice in pacer.status(None)


def finished_game():
    game = Session({"map": "usa", "players": ["A", "B"], "seed": 3})
    while not game.over:
        game.acknowledge_handoff()
        game.play(game.ai_action())
    return game


def test_the_scoring_is_paced_by_the_ai_speed_and_a_replay_at_instant_is_at_the_normal_pace():
    state = finished_game().state
    assert scoring_show(state, "instant") is None
    assert scoring_show(state, "instant", replay=True).pace_ms == SCORING_STEP_MS["normal"]
    show = scoring_show(state, "slow")
    assert show.pace_ms == SCORING_STEP_MS["slow"] and show.frame().shown == 0
    for n in range(1, len(show.steps.steps) + 2):
        assert not show.finished
        tick = show.set_timer(n)
        assert tick.delay_ms == SCORING_STEP_MS["slow"] and show.set_timer(n + 100) is None
        assert not show.step_due(n - 1) and show.step_due(n)
    assert show.finished and show.frame().shown == len(show.steps.steps)


def test_a_ticket_choice_says_how_many_to_keep():
    choice = TicketsDialog(1, 3, ("a", "b", "c"))
    assert choice.count_problem(1) is None and choice.count_problem(3) is None
    assert choice.count_problem(0) == "Keep 1 to 3 tickets."
    assert TicketsDialog(2, 2, ("a", "b")).count_problem(1) == "Keep exactly 2 tickets."


def test_only_a_change_to_this_games_save_or_the_index_stops_the_tab():
    store = {}
    table = Table(SaveCatalog(DictBackend(store)), clock=lambda: 1000.0, fresh_seed=lambda: 5)
    assert not keeping.storage_changed(table, None)                 # no game on the table
    table.handle(StartGame(default_options("usa", 2)))
    other = SaveCatalog(DictBackend(store))
    other.write(table.game_id, table.session.scenario(), table.session.summary(), 2000.0, base=table.revision)
    assert not keeping.storage_changed(table, "ttr.v1.prefs")       # another key: not looked at
    assert keeping.storage_changed(table, None) and table.stale
    assert keeping.banner_games(table) is None
