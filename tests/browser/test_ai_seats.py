"""AI seats in the page: every level plays through the worker to the end, levels shown and kept
over a reload, the pacing, stale answers ignored, and the worker failing or answering badly."""

from __future__ import annotations

from harness import NO_JSPI, wait_for_boot
from ui_driver import (
    AI_FAST,
    end_screen_matches,
    game_facts,
    human_step,
    new_game,
    saved_scenario,
    wait_for_human,
)

from game.ai import make_agent
from game.ai.search import Searcher
from game.ai.strategist import Strategist
from game.rng import Rng
from game.scenario import play_scenario
from game.ui.session import Session

LEVEL_LABELS = ["Easy (AI, easy)", "Mid (AI, medium)", "Hard (AI, hard)"]
WORKER = "**/static/ai-worker.mjs"
# a worker that starts at once and always answers "pass", which is never legal while cards remain
PASSING_WORKER = """postMessage(JSON.stringify({ready: true}));
onmessage = ({data}) => postMessage(JSON.stringify({ticket: JSON.parse(data).ticket, choice: 9999, error: null}));
"""

# Counts the AI worker's answers and notes when the page last asked it a move, so that a test can
# wait until an answer has come and its delay has ended.
WORKER_WATCH = """window.aiWatch = { asked: 0, answers: 0 };
window.Worker = class extends Worker {
  constructor(...args) {
    super(...args);
    this.addEventListener("message", ({ data }) => {
      if (String(data).includes('"ticket"')) aiWatch.answers += 1;
    });
  }
  postMessage(message, ...rest) {
    if (String(message).includes('"ticket"')) aiWatch.asked = performance.now();
    super.postMessage(message, ...rest);
  }
};"""

# The AI seats' workers cannot even be made (as where Worker throws): the page plays from the first move.
NO_AI_WORKER = """const PageWorker = window.Worker;
window.Worker = class extends PageWorker {
  constructor(url, ...rest) {
    if (String(url).includes("ai-worker")) throw new Error("no AI worker here");
    super(url, ...rest);
  }
};"""


def labels(page) -> list[str]:
    return page.locator(".opponent strong").all_text_contents()


def wait_for_actions(page, count: int, timeout_ms: int = 120_000) -> None:
    page.wait_for_function(f"() => Number(document.getElementById('app').dataset.actions) >= {count}"
                           " || !!document.querySelector('.end-screen')", timeout=timeout_ms)


def test_ai_seats_of_every_level_play_through_the_worker_to_the_end_with_a_reload(browser_session):
    page = browser_session.open(AI_FAST)
    new_game(page, ["Easy", "Mid", "Hard"], ["ai:easy", "ai:medium", "ai:hard"], seed="21")
    assert labels(page) == LEVEL_LABELS                 # nobody's hand is shown: every seat is listed
    wait_for_actions(page, 60)
    assert page.get_attribute("#app", "data-ai-helper") == "worker"
    page.reload()                                       # mid-game: the levels come back with the game
    wait_for_boot(page)
    assert labels(page) == LEVEL_LABELS
    assert [p["level"] for p in saved_scenario(page)["players"]] == ["easy", "medium", "hard"]
    page.wait_for_selector(".end-screen", timeout=300_000)
    assert page.get_attribute("#app", "data-ai-helper") == "worker"
    assert page.text_content("#ai-status") == ""        # no failure, no bad answer
    end_screen_matches(page, saved_scenario(page))      # the saved game replays to this end, levels named


# The time from each answer of the AI worker to the page's next request (its gaps, in ms).
ANSWER_TO_ASK = """window.aiGaps = [];
let answered = null;
window.Worker = class extends Worker {
  constructor(...args) {
    super(...args);
    this.addEventListener("message", ({ data }) => {
      if (String(data).includes('"ticket"')) answered = performance.now();
    });
  }
  postMessage(message, ...rest) {
    if (String(message).includes('"ticket"') && answered !== null) aiGaps.push(performance.now() - answered);
    super.postMessage(message, ...rest);
  }
};"""


def test_a_moves_request_waits_for_the_frame_and_the_ai_plays_on_while_the_page_paints_none(browser_session):
    """A move's request goes to the workers once the page has painted its next frame, or at most
    ``AFTER_PAINT_MS`` (250 ms) later: a hidden tab paints none, and its AI seats play on."""
    context = browser_session.new_context()
    context.add_init_script(ANSWER_TO_ASK)
    page = browser_session.open(AI_FAST, context=context)
    new_game(page, ["Easy", "Mid"], ["ai:easy", "ai:medium"], seed="22")
    wait_for_actions(page, 4)
    page.evaluate("() => { window.requestAnimationFrame = () => 0; }")     # no frame's callback asked for runs
    wait_for_actions(page, int(page.get_attribute("#app", "data-actions") or 0) + 2)   # (one asked before may)
    page.evaluate("() => { aiGaps.length = 0; }")
    wait_for_actions(page, int(page.get_attribute("#app", "data-actions") or 0) + 20, timeout_ms=60_000)
    gaps = page.evaluate("aiGaps")
    assert len(gaps) >= 20 and min(gaps) >= 249             # each request waited for the timer
    assert page.get_attribute("#app", "data-ai-helper") == "worker"     # no worker given up on


def test_moves_are_paced_and_an_answer_for_a_game_left_is_ignored(browser_session):
    context = browser_session.new_context()
    context.add_init_script(WORKER_WATCH)
    page = browser_session.open("?ai-delay=1500", context=context)
    new_game(page, ["Bot", "Ann"], ["ai:easy", "human"], seed="4")   # the AI seat chooses tickets first
    page.click("button[data-cmd=home]")                 # before its move is due; its answer comes anyway
    page.wait_for_function("() => aiWatch.answers >= 1 && performance.now() >= aiWatch.asked + 1500",
                           timeout=60_000)
    page.evaluate("() => new Promise((done) => setTimeout(done))")     # after the delay's timer, due by now
    assert saved_scenario(page)["actions"] == []        # ... and was not played into the game left
    started = page.evaluate("performance.now()")
    page.locator(".save button[data-cmd=open]").first.click()
    page.wait_for_function("() => document.getElementById('app').dataset.actions === '1'", timeout=60_000)
    assert page.evaluate("performance.now()") - started >= 1500      # not sooner than the delay
    assert page.text_content("#ai-status") == ""
    facts = wait_for_human(page)
    assert facts["actions"] == 1 and facts["dialog"] == "tickets"


def console_errors(page) -> list[str]:
    errors: list[str] = []
    page.on("console", lambda message: message.type == "error" and errors.append(message.text))
    page.on("pageerror", lambda error: errors.append(str(error)))
    return errors


def test_a_worker_that_cannot_load_is_reported_and_hard_plays_on_the_page(browser_session):
    """With no worker and no JSPI (as Safari), the page plays hard's whole search, a slice at a
    time: every move of hard's is the one CPython chooses, its searched ticket choices too."""
    context = browser_session.new_context()
    context.route(WORKER, lambda route: route.fulfill(status=404, body="not here"))
    context.add_init_script(NO_JSPI)
    page = browser_session.open(AI_FAST, context=context, expect_errors=True)   # the 404 itself is logged
    assert page.evaluate("typeof WebAssembly.Suspending") == "undefined"
    errors = console_errors(page)
    new_game(page, ["Ann", "Bot"], ["human", "ai:hard"], seed="4")     # hard's search changes its first choice
    for _ in range(40):
        facts = wait_for_human(page)
        if facts["over"]:
            break
        human_step(page, facts)
    assert page.get_attribute("#app", "data-ai-helper") == "page"
    assert "The AI helper could not run" in page.text_content("#ai-status")
    assert "could not be used" not in page.text_content("#ai-status")       # no answer replaced
    scenario = saved_scenario(page)
    assert len(scenario["actions"]) >= 40 and scenario["players"][1]["level"] == "hard"
    play_scenario(scenario)                             # every move played is legal
    actions, scenario["actions"] = scenario["actions"], []
    session, hard = Session(scenario), make_agent("hard")
    assert isinstance(hard, Searcher)
    planner, searched = Strategist(hard.style), 0       # hard without its search
    for action in actions:
        if session.ai_to_move():
            request = session.ai_request(0)
            assert action == str(session.ai_action()), len(session.actions)      # CPython's move
            searched += action != str(planner.choose(request.view, session.legal(), Rng.from_seed(request.seed)))
        session.play(action)
    assert searched >= 1                                # a move of hard's search, not of its planner alone
    assert all("404" in e or "ai-worker" in e for e in errors), errors


def test_with_no_worker_from_the_start_the_ai_s_move_asked_ahead_is_played_once_the_human_keeps(browser_session):
    """The workers failed before the game: the AI's move asked ahead while Ann keeps tickets (its
    first ticket choice, then its turn after she draws tickets) is computed on the page once she
    keeps, and the game goes on."""
    context = browser_session.new_context()
    context.add_init_script(NO_AI_WORKER)
    page = browser_session.open(AI_FAST, context=context)
    new_game(page, ["Ann", "Bot"], ["human", "ai:easy"], seed="3")
    assert human_step(page, wait_for_human(page)) == "keep"
    facts = wait_for_human(page)                        # Bot chose its tickets: Ann's first turn
    assert facts["phase"] == "start" and facts["actions"] == 2
    page.click("button[data-cmd=tickets]")
    assert human_step(page, wait_for_human(page)) == "keep"
    assert wait_for_human(page)["actions"] >= 5         # Bot played its turn
    assert page.get_attribute("#app", "data-ai-helper") == "page"
    status = page.text_content("#ai-status")
    assert "The AI helper could not run" in status and "no AI worker here" in status
    play_scenario(saved_scenario(page))


def test_an_answer_that_is_not_legal_is_reported_and_a_safe_move_played(browser_session):
    context = browser_session.new_context()
    context.route(WORKER, lambda route: route.fulfill(status=200, body=PASSING_WORKER,
                                                      content_type="text/javascript"))
    page = browser_session.open(AI_FAST, context=context)
    new_game(page, ["Ann", "Bot"], ["human", "ai:medium"], seed="3")
    for _ in range(6):
        human_step(page, wait_for_human(page))
    assert page.get_attribute("#app", "data-ai-helper") == "worker"
    assert "could not be used (choice 9999)" in page.text_content("#ai-status")
    scenario = saved_scenario(page)
    assert "pass" not in scenario["actions"] and game_facts(page)["actions"] >= 6
    play_scenario(scenario)
