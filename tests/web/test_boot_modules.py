"""What a first visit imports before the page is ready: the game's modules imported by the page's
boot (``game.web.app.start`` in the fake browser, a Python of its own so nothing else was
imported before), checked against the agreed list: a module that appears there unagreed fails
the test, which names it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BOOT = """
import asyncio, json, sys
sys.path[:0] = [{web!r}, {root!r}]
from game.board import svgwrite_wheel
svgwrite_wheel.require()
from fakejs import Browser
from webpage import Page
from game.i18n import set_language
set_language("en")
asyncio.set_event_loop(asyncio.new_event_loop())
fake = Browser()
fake.install()
Page(fake).start()
print(json.dumps(sorted(m for m in sys.modules if m in ("game", "svgwrite") or m.startswith("game."))))
"""

# Imported before the first screen is ready (agreed).  Not in it: the drawing and svgwrite (the
# game screen's, imported after the first screen is up), play on several devices (game.net but for
# a seat's view, the hosting and guest's modes, their panels and links), imported when first used;
# still in it, to narrow (#46): a review, the hints, the end screen, the rules page, help.
AGREED = {
    "game", "game.actions", "game.ai", "game.ai.agent", "game.ai.baselines", "game.ai.decide",
    "game.ai.determinize", "game.ai.planning", "game.ai.review", "game.ai.search", "game.ai.steps",
    "game.ai.strategist", "game.ai.trail", "game.board", "game.board.badges", "game.board.highlights",
    "game.board.layout", "game.board.shapes", "game.board.sizes", "game.board.svgwrite_wheel", "game.board.titles",
    "game.cldr", "game.events", "game.i18n", "game.jsontext", "game.mapdata", "game.match", "game.names", "game.net",
    "game.net.seen", "game.opening", "game.pofile", "game.problem", "game.rng", "game.rules", "game.scenario",
    "game.scoring", "game.seats", "game.share", "game.state", "game.steps", "game.theme", "game.ui",
    "game.ui.ai_pacing", "game.ui.ai_shards", "game.ui.ai_turn", "game.ui.channels", "game.ui.choices",
    "game.ui.commands", "game.ui.controller", "game.ui.desk", "game.ui.dialog_screen", "game.ui.dialogs",
    "game.ui.embed", "game.ui.end_screen", "game.ui.ending", "game.ui.game_facts", "game.ui.help",
    "game.ui.hinting", "game.ui.hints", "game.ui.keeping", "game.ui.lit", "game.ui.log", "game.ui.modes",
    "game.ui.moves", "game.ui.net_commands", "game.ui.opening", "game.ui.outcome", "game.ui.page_events",
    "game.ui.page_queue", "game.ui.panels", "game.ui.placing", "game.ui.presence", "game.ui.reveal",
    "game.ui.reveal_pacing", "game.ui.review", "game.ui.review_turn", "game.ui.route_pick", "game.ui.rules_page",
    "game.ui.saves", "game.ui.screen", "game.ui.session", "game.ui.setup", "game.ui.storage", "game.ui.tickets",
    "game.ui.turns", "game.ui.words", "game.ui.work", "game.ui.worker_pool", "game.view", "game.web",
    "game.web.ai_helper", "game.web.app", "game.web.catalogs", "game.web.cues", "game.web.dom", "game.web.download",
    "game.web.focus", "game.web.header", "game.web.help", "game.web.input", "game.web.links", "game.web.page_config", "game.web.persist", "game.web.review",
    "game.web.start", "game.web.storage", "game.web.tabs", "game.web.tap", "game.web.work", "game.web.workers",
    "game.web.zoom",
}


def boot_modules() -> list[str]:
    done = subprocess.run([sys.executable, "-c", BOOT.format(web=str(ROOT / "tests" / "web"), root=str(ROOT))],
                          capture_output=True, text=True, check=True, cwd=ROOT)
    return list(json.loads(done.stdout.strip().splitlines()[-1]))


def test_the_first_visit_imports_only_what_its_first_screen_needs():
    unagreed = [name for name in boot_modules() if name not in AGREED]
    assert unagreed == [], f"imported before the page is ready, not agreed: {unagreed}"

