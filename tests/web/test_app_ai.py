"""The AI seats' workers, faked: the test reads what the page posts to its worker, answers it,
and the AI's move appears on the page; a worker that fails leaves the moves to the page itself."""

from __future__ import annotations

import time

from game.ui import ai_turn
from game.ui.ai_turn import AiAnswer, AiRequest
from game.ui.page_queue import PageQueue

AI_PAGE = "http://127.0.0.1:8000/index.html?ai-workers=1&ai-delay=0"


def test_the_page_asks_its_worker_for_the_ai_s_move_and_plays_the_answer(page):
    page.start(AI_PAGE)
    page.new_game("human", "ai:easy")
    assert len(page.browser.workers) == 1 and page.browser.workers[0].script.endswith("ai-worker.mjs")
    assert page.app("data-ai-helper") == "starting" and page.requests() == []    # nothing before it is ready
    page.workers_ready()
    [(worker, text)] = page.requests()          # the AI's ticket choice, asked ahead while the human chooses
    request = AiRequest.from_text(text)
    assert worker == 0 and request.level == "easy" and request.view["viewer"] == 1
    assert request.view["players"][0]["hand"] is None and request.view["players"][1]["hand"] is not None
    assert all(move.startswith("keep ") for move in request.legal)
    page.keep_tickets(2)
    choice = max(range(len(request.legal)), key=lambda i: len(request.legal[i]))      # all three tickets
    page.browser.workers[0].say(AiAnswer(request.ticket, choice).to_text())
    page.wait(100)
    assert page.app("data-actions") == "2" and page.app("data-current") == "0"
    assert page.text(".player-list li[data-seat='1'] .player-facts").endswith("3 tickets · 45 trains")
    assert page.all(".log li")[1].textContent == "2.Casey kept 3"

    page.command("draw", "deck")
    page.command("draw", "deck")                # the AI's turn: its move is asked now
    page.wait(300)
    [(_worker, text)] = page.requests()
    request = AiRequest.from_text(text)
    assert request.view["current"] == 1 and "draw deck" in request.legal
    page.browser.workers[0].say(AiAnswer(request.ticket, request.legal.index("draw deck")).to_text())
    page.wait(100)
    assert page.app("data-last-move") == "draw deck" and page.app("data-phase") == "second-draw"
    assert page.app("data-current") == "1"


def test_a_worker_that_fails_leaves_the_ai_s_moves_to_the_page(page):
    page.start(AI_PAGE)
    page.new_game("human", "ai:easy")
    page.browser.workers[0].fail("no WebAssembly here")
    assert page.app("data-ai-helper") == "page" and page.browser.workers[0].terminated
    assert "no WebAssembly here" in page.text("#ai-status")
    page.keep_tickets(2)
    for _ in range(20):                         # the page computes the AI's move in slices of its own
        page.wait(100)
        if page.app("data-actions") == "2":
            break
    assert page.app("data-actions") == "2" and page.app("data-current") == "0"
    assert page.requests() == []                # no worker was asked


def test_with_no_worker_the_page_plays_on_and_computes_each_ai_move_once(page, monkeypatch):
    """The AI's first ticket choice and its move after the human drew tickets are asked ahead:
    once the human keeps, the one due is computed by the page (only it) and played."""
    begun: list[int] = []

    def steps(text):
        begun.append(AiRequest.from_text(text).ticket)
        return ai_turn.answer_steps(text)

    monkeypatch.setattr(PageQueue.__init__, "__defaults__", (steps, time.perf_counter))
    page.start(AI_PAGE)
    page.new_game("human", "ai:easy", seed="3")
    page.browser.workers[0].fail("no worker")
    mine = drawn_tickets = 0
    for step in range(60):
        page.wait(50)
        if page.app("data-current") != "0" or int(page.app("data-actions")) > 40:
            continue
        if page.app("data-dialog") == "tickets":
            page.keep_tickets(1 if page.app("data-phase") == "draw-tickets" else 2)
        elif step >= 8 and drawn_tickets == 0 and page.app("data-phase") == "start":
            page.command("tickets")             # from a later turn on, tickets once
            drawn_tickets += 1
        else:
            page.click(next(b for b in page.all(".market [data-cmd=draw]") if b.getAttribute("aria-disabled") is None))
        mine += 1
    actions = int(page.app("data-actions"))
    assert drawn_tickets == 1 and actions > 30 and len(page.all(".log li")) > 10
    assert len(begun) == len(set(begun)) == actions - mine      # every AI move computed once, none in vain
    assert page.app("data-ai-helper") == "page" and page.requests() == []
