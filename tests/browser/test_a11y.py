"""Accessibility scans with axe-core (pinned in static/vendor.lock.json under test_artifacts,
unpacked by build.py into tests/browser/vendor/, injected by the test, never served): the start
screen, the help panel, the handoff, the game screen with a dialog open (and on a phone, the
header's menu), the end screen and its scoring revealed step by step have no serious or critical
violations."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from test_ui_table import ANN_AND_BOB, near_the_end
from ui_driver import AI_FAST, game_facts, header_tool

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
import build

BLOCKING = ("serious", "critical")


@pytest.fixture(scope="module")
def axe_source() -> str:
    build.vendor_test_tools()
    return (build.TEST_VENDOR / "axe.min.js").read_text(encoding="utf-8")


def blocking_violations(page, axe_source: str) -> list[str]:
    """axe-core's serious and critical violations on the page as it is, one line each."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.evaluate(axe_source)         # evaluated by the test, not fetched by the page
    found = page.evaluate("""async () => {
        const r = await axe.run(document, {resultTypes: ['violations']});
        return r.violations.map(v => ({id: v.id, impact: v.impact,
                                       nodes: v.nodes.map(n => n.target.join(' ')).slice(0, 5)}));
    }""")
    return [f"{v['impact']} {v['id']}: {v['nodes']}" for v in found if v["impact"] in BLOCKING]


def test_no_serious_or_critical_violations_on_every_screen(browser_session, tmp_path, axe_source):
    page = browser_session.open(AI_FAST)
    seen = {"start": blocking_violations(page, axe_source)}
    page.click("button[data-cmd=help]")
    page.wait_for_selector("#help .help-pic svg")
    seen["help"] = blocking_violations(page, axe_source)
    page.keyboard.press("Escape")
    near_the_end(page, tmp_path, ANN_AND_BOB)
    assert game_facts(page)["dialog"] == "handoff"
    seen["handoff"] = blocking_violations(page, axe_source)
    page.click("button[data-cmd=handoff]")
    page.locator("#route-atlanta--charleston").dispatch_event("click")
    page.wait_for_selector(".dialog[data-dialog=claim]")
    seen["game with a dialog"] = blocking_violations(page, axe_source)
    page.set_viewport_size({"width": 390, "height": 844})          # a phone: the header's menu open over it
    header_tool(page, "#opt-language-game")
    seen["the header's menu on a phone"] = blocking_violations(page, axe_source)
    page.keyboard.press("Escape")                                   # the menu closes, the dialog stays
    assert game_facts(page)["dialog"] == "claim" and not page.is_visible("header .more-tools")
    page.set_viewport_size({"width": 1280, "height": 720})
    page.click(".dialog[data-dialog=claim] button[data-cmd=claim]")
    page.click("button[data-cmd=handoff]")
    page.click("button[data-cmd=last-round]")
    page.click("button[data-cmd=draw][data-slot='0']")
    page.click("button[data-cmd=draw][data-slot='0']")
    page.click("button[data-cmd=handoff]")
    page.click("button[data-cmd=last-round]")
    page.click("button[data-cmd=draw][data-slot='0']")
    page.click("button[data-cmd=draw][data-slot='0']")
    page.wait_for_selector(".end-screen")
    seen["end"] = blocking_violations(page, axe_source)
    page.emulate_media(reduced_motion="reduce")        # (contrast is measured on the step, not halfway in its fade)
    page.click(".end-screen button[data-cmd=replay-scoring]")
    page.wait_for_selector(".scoring-reveal[data-shown='1']")
    seen["the scoring revealed"] = blocking_violations(page, axe_source)
    blocking = {screen: found for screen, found in seen.items() if found}
    assert not blocking, "\n".join(f"{screen}: {line}" for screen, found in blocking.items() for line in found)
