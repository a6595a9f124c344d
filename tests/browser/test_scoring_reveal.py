"""The final scoring revealed step by step (issue #28): a game that ends in the page reveals each
ticket with its path lit on the board in the player's colour, the stations, then the bonus, the
running totals ending at the final table's; Skip, Escape and a click on it give the final table
at once; with reduced motion the steps come without motion; a finished game opened again shows
the table directly, and Replay plays it again.
"""

from __future__ import annotations

from screenshots_ui import over, scenario, store

from game.scenario import play_scenario
from game.ui import reveal

AI_ONLY = [{"name": "Ann", "kind": "ai", "colour": "red"}, {"name": "Bruno", "kind": "ai", "colour": "blue"},
           {"name": "Chloé", "kind": "ai", "colour": "green"}]
FAST = "?ai-delay=250"          # the AI speed "fast": each step of the scoring 0.7 s

# Every step as the page shows it, recorded as it is drawn (the board and the panel change in one
# task, so a record is never half of one step and half of the next): the step's number and facts,
# the routes and cities lit on the board, the board's colour, each seat's running total, and
# whether the live line is the same node as at the first step (one live region, one line a step).
RECORD = """() => {
    window.__steps = [];
    const record = () => {
        const panel = document.querySelector('.scoring-reveal');
        const shown = panel ? Number(panel.dataset.shown) : null;
        const last = window.__steps[window.__steps.length - 1];
        if (shown === null || (last && last.shown === shown)) return;
        const line = panel.querySelector('.reveal-line');
        window.__line = window.__line || line;
        window.__steps.push({
            shown, seat: panel.dataset.seat, kind: panel.dataset.kind, ticket: panel.dataset.ticket,
            lit: panel.dataset.lit.split(' ').filter(Boolean).sort(),
            board: [...document.querySelectorAll('#board .route.highlight')].map(r => r.dataset.route).sort(),
            cities: [...document.querySelectorAll('#board .city.highlight')].map(c => c.dataset.city).sort(),
            colour: document.getElementById('board').dataset.colour || null,
            totals: Object.fromEntries([...panel.querySelectorAll('.reveal-scores li')].map(
                li => [li.dataset.seat, Number(li.querySelector('.reveal-total').textContent)])),
            live: line === window.__line && line.getAttribute('aria-live') === 'polite',
            text: line.textContent});
    };
    new MutationObserver(record).observe(document.getElementById('app'),
                                         {subtree: true, childList: true, attributes: true});
}"""


def test_the_scoring_is_revealed_ticket_by_ticket_with_paths_lit_and_can_be_skipped(browser_session):
    full = scenario(AI_ONLY, 5, over, "europe")
    state, _ = play_scenario(full)
    steps = reveal.scoring_reveal(state).steps
    colours = [p["colour"] for p in state["players"]]
    page = browser_session.open(FAST)
    store(page, {"g1": {**full, "actions": full["actions"][:-1]}}, "g1")       # one move from the end
    page.evaluate(RECORD)
    page.wait_for_selector(".scoring-reveal", timeout=60_000)                  # the last AI move ends the game
    page.wait_for_selector(".end-screen", timeout=120_000)                     # every step, then the table
    seen = page.evaluate("window.__steps")
    assert [s["shown"] for s in seen] == list(range(len(steps) + 1)), "a step was not shown"
    assert seen[0]["board"] == seen[0]["cities"] == [] and seen[0]["totals"] == {
        str(seat): p["route_points"] for seat, p in enumerate(state["result"]["players"])}
    for shown, step in zip(seen[1:], steps):
        where = f"step {shown['shown']}: {step}"
        assert shown["seat"] == str(step.seat) and shown["ticket"] == (step.ticket or ""), where
        assert shown["lit"] == shown["board"] == sorted(step.lit), where          # the path lit is the step's
        assert shown["cities"] == sorted(step.cities) and shown["colour"] == colours[step.seat], where
        assert shown["totals"][str(step.seat)] == step.total and shown["live"], where
        if step.kind == reveal.TICKET and not step.completed:
            assert shown["board"] == [] and "−" in shown["text"], where          # a failed ticket: its cities only
    assert any(s.kind == reveal.TICKET and s.lit for s in steps) and any(not s.completed for s in steps
                                                                      if s.kind == reveal.TICKET)
    table = {row.get_attribute("data-seat"): int(row.locator("[data-part=total]").text_content())
             for row in page.locator(".end-screen table.scores tbody tr").all()}
    assert table == seen[-1]["totals"] == {str(seat): p["total"] for seat, p in enumerate(state["result"]["players"])}
    assert page.evaluate("document.activeElement.matches('.end-screen h2')")      # read from the top
    assert page.get_attribute("#board", "data-colour") is None

    for skip in ("button", "escape", "click"):
        page.click(".end-screen button[data-cmd=replay-scoring]")
        page.wait_for_selector(".scoring-reveal[data-shown='2']")
        if skip == "button":
            page.click(".scoring-reveal button[data-cmd=skip-scoring]")
        elif skip == "escape":
            page.keyboard.press("Escape")
        else:
            page.click(".scoring-reveal .reveal-scores")
        page.wait_for_selector(".end-screen")
        assert page.locator(".scoring-reveal").count() == 0, skip
        assert page.locator("#board .route.trail").count() > 0, skip         # the end's own layers back
        assert page.get_attribute("#board", "data-colour") is None, skip

    page.emulate_media(reduced_motion="reduce")           # the steps come just the same, and nothing moves
    page.click(".end-screen button[data-cmd=replay-scoring]")
    page.wait_for_selector(".scoring-reveal[data-shown='1']")
    assert page.evaluate("document.getAnimations().length") == 0
    page.wait_for_selector(".scoring-reveal[data-shown='2']")
    assert page.evaluate("document.getAnimations().length") == 0
    page.keyboard.press("Escape")

    page.reload()
    page.wait_for_selector(".end-screen")
    # the reveal, were it played on opening, would be drawn in the same redraw as the screen: it is not
    assert page.locator(".scoring-reveal").count() == 0
    assert page.locator(".end-screen button[data-cmd=replay-scoring]").is_visible()
