"""The page answering AI moves itself once no worker is left (``game.ui.page_queue``): moves asked
ahead kept until due, one computation at a time with the due ones first, a request no longer
wanted stopped at its next slice, a new game and a hint whose position is gone dropped.  A game
played on the real page with no worker, every AI move computed once, is
``tests/web/test_app_ai.py``'s."""

from __future__ import annotations

import pytest

from game.i18n import set_language
from game.ui import ai_turn
from game.ui.ai_pacing import AiAsk
from game.ui.ai_shards import Crew
from game.ui.ai_turn import AiAnswer, AiRequest
from game.ui.commands import AskHint, Keep, StartGame
from game.ui.controller import Table
from game.ui.dialogs import TicketsDialog
from game.ui.outcome import Outcome
from game.ui.page_queue import PageQueue
from game.ui.saves import SaveCatalog
from game.ui.setup import GameOptions, Seat
from game.ui.storage import DictBackend


@pytest.fixture(autouse=True)
def english():
    set_language("en")


def request(ticket: int) -> AiRequest:
    return AiRequest(ticket, "hard", "ab", {"viewer": 1}, ("draw deck", "tickets"))


class Jobs:
    """A request's job in ``steps`` steps, each noted (ticket, step) as it runs; one step a slice."""

    def __init__(self, steps: int = 3) -> None:
        self.steps, self.log = steps, []
        self.queue = PageQueue(self.job, iter(range(10**6)).__next__)

    def job(self, text):
        ticket = AiRequest.from_text(text).ticket
        for step in range(self.steps):
            self.log.append((ticket, step))
            yield
        return AiAnswer(ticket, choice=ticket % 2).to_text()

    def begun(self) -> list[int]:
        return [ticket for ticket, step in self.log if step == 0]

    def run(self, slices: int) -> list[int]:
        """The tickets answered in ``slices`` slices."""
        answers = [self.queue.slice(1.0) for _ in range(slices)]
        return [a.ticket for a in answers if a is not None]


def test_after_the_workers_failed_a_move_asked_ahead_is_computed_once_when_it_is_due():
    crew, jobs = Crew(2), Jobs()
    for ticket in (5, 6):                   # the human keeps 2 or 3 tickets: the AI's move for each
        crew.ask(request(ticket), 0.0, ahead=True)
    crew.lost(0, 1.0)
    crew.lost(1, 1.0)
    for orphan, ahead in crew.abandon():    # AiHelper.fail: the page takes them
        jobs.queue.ask(orphan, ahead)
    assert not jobs.queue.busy() and jobs.run(5) == [] and jobs.log == []       # kept, not begun
    jobs.queue.hurry(6)                     # the human kept 3: that move is due
    jobs.queue.drop(5)
    assert jobs.queue.busy() and jobs.run(10) == [6] and jobs.begun() == [6]
    assert not jobs.queue.busy() and jobs.run(3) == []


def test_due_moves_are_computed_one_at_a_time_in_the_order_they_became_due():
    jobs = Jobs()
    jobs.queue.ask(request(1), ahead=True)
    jobs.queue.ask(request(2))
    jobs.queue.ask(request(3))
    assert jobs.run(2) == []
    jobs.queue.hurry(1)                     # due after 2 and 3
    assert jobs.run(20) == [2, 3, 1]
    assert [t for t, _ in jobs.log] == [2] * 3 + [3] * 3 + [1] * 3        # never interleaved


def test_a_dropped_move_stops_at_its_next_slice_and_gives_no_answer():
    jobs = Jobs(steps=5)
    jobs.queue.ask(request(1))
    jobs.queue.ask(request(2))
    assert jobs.run(2) == [] and jobs.log == [(1, 0), (1, 1)]
    jobs.queue.drop(1)                      # its position is gone
    assert jobs.run(20) == [2] and [s for t, s in jobs.log if t == 1] == [0, 1]
    jobs.queue.drop(2)                      # answered already: nothing to drop
    assert not jobs.queue.busy()


def test_real_requests_answered_in_slices_are_the_moves_answered_in_one_go():
    queue, (view, legal) = PageQueue(), position()         # Hal's first ticket choice
    requests = [AiRequest(t, level, "5f0e", view, legal) for t, level in ((1, "hard"), (2, "easy"))]
    for r in requests:
        queue.ask(r)
    answers = []
    while queue.busy():
        answer = queue.slice(0.0)           # one step a slice
        if answer is not None:
            answers.append(answer)
    assert [(a.ticket, a.choice) for a in answers] == \
        [(r.ticket, AiAnswer.from_text(ai_turn.answer(r.to_text())).choice) for r in requests]


def position():
    table = new_table()
    table.handle(StartGame(GameOptions("usa", "usa", (Seat("Ann", "human", "red"), Seat("Hal", "ai", "blue", "easy")),
                                       "5")))
    ask = keep_all(table).ask_ai
    return ask.request.view, ask.request.legal


# --- the table asking the page, as its outcomes do -------------------------------------------------

def new_table() -> Table:
    clock = iter(range(10**6, 10**9, 1000)).__next__
    return Table(SaveCatalog(DictBackend({})), clock=lambda: float(clock()), fresh_seed=lambda: 11, ai_delay=0)


def keep_all(table: Table) -> Outcome:
    dialog = table.dialog()
    assert isinstance(dialog, TicketsDialog)
    return table.handle(Keep(dialog.offer[:dialog.high]))


def ask_ai(outcome: Outcome, queue: PageQueue) -> AiAsk | None:
    """An outcome's requests to the AI helper (``game.web.work.Work.carry_out``), with the helper
    in page mode (``AiHelper.ask``, ``hurry``, ``drop`` once it failed): the AI move asked, if one is."""
    ask = outcome.ask_ai
    if ask is not None:
        if ask.asked:
            queue.hurry(ask.request.ticket)
        else:
            queue.ask(ask.request)
    for ahead in outcome.ai_ahead:
        queue.ask(ahead, ahead=True)
    for moot in outcome.ai_dropped:
        queue.drop(moot)
    if outcome.hint is not None:
        queue.ask(outcome.hint)
    return ask


def test_a_new_game_and_a_hint_whose_position_is_gone_leave_the_queue():
    jobs, table = Jobs(steps=50), new_table()
    ask_ai(table.handle(StartGame(GameOptions("usa", "usa", (Seat("Ann", "human", "red"),
                                                             Seat("Hal", "ai", "blue", "hard")), "3"))),
           jobs.queue)                      # Hal's first ticket choice, asked ahead
    ask_ai(table.handle(AskHint()), jobs.queue)     # which tickets Ann should keep
    hint = table.hinting.hint.ticket
    assert jobs.run(2) == [] and jobs.begun() == [hint] and len(jobs.queue.kept) == 2
    ask = ask_ai(keep_all(table), jobs.queue)     # the hint's position is gone; Hal's choice is due
    hal = ask.request.ticket
    assert ask.asked and jobs.run(2) == [] and jobs.log == [(hint, 0), (hint, 1), (hal, 0), (hal, 1)]
    assert list(jobs.queue.due) == [hal] and jobs.queue.kept == {}
    ask_ai(table.handle(StartGame(GameOptions("usa", "usa", (Seat("Ann", "human", "red"),
                                                             Seat("Hal", "ai", "blue", "hard")), "4"))),
           jobs.queue)                      # a new game: Hal's move in the last one is dropped
    assert list(jobs.queue.due) == [] and jobs.queue.work is None and len(jobs.queue.kept) == 2
    assert jobs.run(5) == [] and len(jobs.log) == 4
