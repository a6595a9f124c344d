"""The embed page in a host page of another site (a second local server on 127.0.0.2, framing
the game's 127.0.0.1, in the browser's default settings, where the embed's storage is blocked as a
third party's, and with third-party storage allowed): several embeds (a scenario in the fragment and in a file, each ``controls`` value, a seat's view,
English and French) each say ready, step forward and back, report their height and step, and go
to the step a host asks for; malformed messages are ignored; bad links and scenarios say what is
wrong inside the embed; the host's storage and the full game's saves are untouched (also once
an embed is played on and its language, glow and tips changed); no console
error and no request leaves the machine.  Also the game played on from a step, the rules
page (every embed on it ready; its screenshots in docs/ are ``tests/browser/screenshots_ui.py
--only rules-page``'s), and the embed
command's snippet: its bar covers no city, name or space of either map at any width, the whole
of it is one link, which a click or Enter follows to the live embed at the snippet's step
(screenshots at 760 and 390 pixels wide in docs/); pasted in a column of a page on another site,
its frame grows to the live lesson and to the game played on from it, nothing scrolling inside
(the docs' live screenshots).  A lesson opened in a tab of its own has its whole board in view."""

from __future__ import annotations

import contextlib
import io
import json
import os
from pathlib import Path

import pytest
from harness import OTHER_SITE, static_server
from playwright.sync_api import expect
from ui_driver import AI_FAST, RULES_STATE, human_step, new_game, wait_for_human

from game import i18n
from game.board.layout import CITY_R, layout
from game.cli import main as game_cli
from game.mapdata import load_map
from game.share import embed_link, read_fragment

ROOT = Path(__file__).resolve().parents[2]
LESSON = {"map": "usa", "players": ["Ann", "Bob"], "seed": 3,
          "actions": ["keep dallas--new-york,seattle--new-york", "keep sault-st-marie--nashville,winnipeg--little-rock",
                      "draw deck", "draw deck"],
          "steps": [{"after": 0, "text": "Ann chooses <b>tickets</b>."},
                    {"after": 2, "text": "Both kept.", "highlight": {"routes": ["denver--omaha"]}},
                    {"after": 4, "text": "Ann draws two."}]}
SAVES = {"ttr.v1.save.g1": json.dumps({"map": "usa", "players": ["Zoe", "Yan"], "seed": 1}),
         "ttr.v1.saves": json.dumps({"g1": {"map": "usa", "players": ["Zoe", "Yan"], "turn": 0, "revision": 1}}),
         "ttr.v1.current": "g1", "ttr.language": "en"}
HOST_SCRIPT = """<script>
window.received = [];
addEventListener("message", (event) => {
  const frames = [...document.querySelectorAll("iframe")];
  const i = frames.findIndex((frame) => frame.contentWindow === event.source);
  const data = event.data;
  if (i < 0 || !data || typeof data.type !== "string" || !data.type.startsWith("ttr:")) return;
  received.push({ i, data });
  if (data.type === "ttr:height") frames[i].style.height = `${data.height}px`;
});
localStorage.setItem("host.note", "kept");
</script>"""
READY_ALL = """(count) => { const seen = new Set(received.filter((m) => m.data.type === 'ttr:ready'
    || m.data.type === 'ttr:error').map((m) => m.i)); return seen.size === count; }"""


def host_page(directory: Path, links: list[str], name: str = "host.html") -> None:
    frames = "\n".join(f'<iframe title="board {i}" src="{link.replace("&", "&amp;")}" '
                       f'style="width: 760px; height: 300px; border: 0"></iframe>' for i, link in enumerate(links))
    (directory / name).write_text(f"<!doctype html><meta charset=utf-8><title>Host</title>{HOST_SCRIPT}\n{frames}",
                                  encoding="utf-8")


def messages(page, i: int, kind: str) -> list[dict]:
    return page.evaluate("([i, kind]) => received.filter((m) => m.i === i && m.data.type === kind).map((m) => m.data)",
                         [i, kind])


def press(button) -> None:
    """Press a button in a frame of another site far down the host page by the keyboard (it is
    focused, so the browser scrolls to it): a mouse click just after scrolling past such tall
    frames can land before the frame's place is updated in headless Chromium.  The frame at
    the top of the page is clicked with the mouse."""
    button.press("Enter")


def received_before(page, i: int, kind: str, before: str) -> list[dict]:
    """The messages of ``kind`` embed ``i`` sent before its first of kind ``before``."""
    return page.evaluate("([i, kind, before]) => { const mine = received.filter((m) => m.i === i);"
                         " const end = mine.findIndex((m) => m.data.type === before);"
                         " return mine.slice(0, end).filter((m) => m.data.type === kind).map((m) => m.data); }",
                         [i, kind, before])


def wait_step(page, i: int, step: int) -> None:
    page.wait_for_function("([i, step]) => { const s = received.filter((m) => m.i === i && m.data.type === 'ttr:step');"
                           " return s.length && s[s.length - 1].data.step === step; }", arg=[i, step], timeout=60_000)


def seed_saves(session, context, site_url: str) -> dict:
    """The full game's saves on the embed's origin, as a player left them; returns them as stored."""
    page = session.watch(context.new_page())
    page.goto(site_url + "static/examples/ferry.json")
    page.evaluate("(saves) => { for (const [k, v] of Object.entries(saves)) localStorage.setItem(k, v); }", SAVES)
    stored = storage(page)
    page.close()
    return stored


def open_menu(frame) -> None:
    """Open the header's menu, where a narrow frame keeps the language and the help."""
    more = frame.locator("#more-button")
    if more.is_visible() and more.get_attribute("aria-expanded") != "true":
        more.click()


def storage(page) -> dict:
    return page.evaluate("() => Object.fromEntries(Object.keys(localStorage).map((k) => [k, localStorage.getItem(k)]))")


@pytest.mark.parametrize("setting", ["default", "third-party allowed"])
def test_embeds_in_a_host_page_of_another_site(browser_session, site_url, tmp_path, setting):
    files = "static/examples/tunnels.json"
    links = [
        embed_link(site_url, LESSON, view=0, controls="steps"),                      # 0 fragment, a seat's view
        site_url + f"index.html?embed&scenario={files}&controls=none&lang=fr",       # 1 file, no controls, French
        embed_link(site_url, LESSON, controls="play"),                                # 2 fragment, play
        site_url + f"index.html?embed&scenario={files}&view=1&step=1&lang=fr&theme=dark",   # 3 file, seat 1, French
        site_url + "index.html?embed#s=@@@not-base64",                              # 4 damaged fragment
        embed_link(site_url, {"map": "mars", "players": ["A", "B"]}),                # 5 invalid scenario
        site_url + "index.html?embed&colour=red#" + embed_link(site_url, LESSON).split("#")[1],    # 6 unknown option
    ]
    with static_server(tmp_path, host=OTHER_SITE) as host_url:
        host_page(tmp_path, links)
        context = browser_session.new_context(site_url, also=(host_url,), storage=setting)
        saved = seed_saves(browser_session, context, site_url)
        page = browser_session.watch(context.new_page())
        page.goto(host_url + "host.html")
        page.wait_for_function(READY_ALL, arg=len(links), timeout=240_000)
        frames = [page.frame_locator(f"iframe >> nth={i}") for i in range(len(links))]

        # every good embed says ready, its step and its height
        for i, steps, first in ((0, 3, 0), (1, 5, 0), (2, 3, 0), (3, 5, 1)):
            assert messages(page, i, "ttr:ready") == [{"type": "ttr:ready", "step": first, "steps": steps}], i
            assert messages(page, i, "ttr:step")[-1]["step"] == first
            heights = messages(page, i, "ttr:height")
            assert heights and heights[-1]["height"] > 200, (i, heights)
            # the loader said the height the lesson takes before it was ready: nothing shifted
            assert received_before(page, i, "ttr:height", "ttr:ready")[0]["height"] == heights[-1]["height"], heights
        assert frames[0].locator("#embed-text").text_content() == "Ann chooses <b>tickets</b>."     # text, not markup
        assert frames[0].locator("#embed-text b").count() == 0
        assert frames[0].locator(".own-panel[data-seat='0']").count() == 1          # view=0: Ann's hand
        assert frames[3].locator(".own-panel[data-seat='1']").count() == 1
        assert frames[2].locator(".own-panel").count() == 0                         # view=none: public facts
        assert frames[1].locator("#embed-counter").text_content() == "Étape 1 sur 5"
        assert frames[1].locator(".embed-bar [data-cmd=embed-step]").count() == 0     # controls=none (zoom stays)
        assert frames[2].locator(".embed-play button").count() == 2                  # controls=play
        assert frames[3].locator("html").get_attribute("data-theme") == "dark"
        lesson_cards = i18n.catalog("en")["embed.lesson_cards"][0]       # not "Not your turn"
        assert {frames[0].locator(".market .cards button").nth(i).get_attribute("title") for i in range(3)} \
            == {lesson_cards}
        assert frames[0].locator(".market button.hint").is_hidden()              # no hint in a lesson

        # forward and back, by the buttons and by the keys while the embed has the focus
        frames[0].locator(".embed-next").click()
        wait_step(page, 0, 1)
        assert frames[0].locator("#route-denver--omaha.highlight").count() == 1
        frames[0].locator(".embed-next").press("ArrowRight")
        wait_step(page, 0, 2)
        frames[0].locator(".embed-prev").click()
        wait_step(page, 0, 1)
        page.keyboard.press("ArrowLeft")
        wait_step(page, 0, 0)
        press(frames[2].locator(".embed-next"))
        wait_step(page, 2, 1)
        press(frames[2].locator(".embed-prev"))
        wait_step(page, 2, 0)
        press(frames[3].locator(".embed-next"))
        wait_step(page, 3, 2)
        press(frames[3].locator(".embed-next"))
        wait_step(page, 3, 3)
        expect(frames[3].locator(".tunnel-reveal")).to_have_count(1)    # Bob's tunnel cards, as in a game
        press(frames[3].locator(".embed-prev"))
        wait_step(page, 3, 2)
        expect(frames[3].locator(".tunnel-reveal")).to_have_count(0)    # they go with their step
        press(frames[3].locator(".embed-next"))
        wait_step(page, 3, 3)
        expect(frames[3].locator(".tunnel-reveal")).to_have_count(1)

        # the host asks for a step; malformed messages are ignored
        for i, step in ((0, 2), (1, 4), (2, 1), (3, 0)):
            before = len(messages(page, i, "ttr:step"))
            for junk in ("ttr:goto", {"type": "ttr:goto", "step": 99}, {"type": "ttr:goto", "step": "1"},
                         {"type": "goto", "step": 1}, None, [1, 2]):
                page.evaluate("([i, m]) => document.querySelectorAll('iframe')[i].contentWindow.postMessage(m, '*')",
                              [i, junk])
            page.evaluate("([i, step]) => document.querySelectorAll('iframe')[i].contentWindow"
                          ".postMessage({type: 'ttr:goto', step}, '*')", [i, step])
            wait_step(page, i, step)
            assert len(messages(page, i, "ttr:step")) == before + 1, i
            assert frames[i].locator("#app").get_attribute("data-embed-step") == str(step)
            back = 0 if step else 1             # and back again (controls=none has no buttons of its own)
            page.evaluate("([i, step]) => document.querySelectorAll('iframe')[i].contentWindow"
                          ".postMessage({type: 'ttr:goto', step}, '*')", [i, back])
            wait_step(page, i, back)

        # bad input says what is wrong, inside the embed
        for i, words in ((4, "damaged"), (5, "map"), (6, "unknown option: 'colour'")):
            assert frames[i].locator("#app").get_attribute("data-embed-state") == "error"
            assert words in frames[i].locator(".embed-error p").text_content(), i
            assert messages(page, i, "ttr:error") and messages(page, i, "ttr:height")

        # storage: the host's own and the full game's saves, untouched
        assert storage(page) == {"host.note": "kept"}
        check = browser_session.watch(context.new_page())
        check.goto(site_url + "static/examples/ferry.json")
        assert storage(check) == saved
    assert browser_session.external_requests == []


def test_an_embed_played_on_keeps_nothing_in_either_sites_storage(browser_session, site_url, tmp_path):
    """Once a reader plays on from a step, the table's preferences (the language, the routes'
    glow, the help's tips) are kept in the embed's memory: in a host page of another site whose
    frames may use storage (and see the game's), neither the host's storage nor the game's changes."""
    with static_server(tmp_path, host=OTHER_SITE) as host_url:
        host_page(tmp_path, [embed_link(site_url, LESSON, view=0, controls="play")])
        context = browser_session.new_context(site_url, also=(host_url,), storage="third-party allowed")
        saved = seed_saves(browser_session, context, site_url)
        page = browser_session.watch(context.new_page())
        page.goto(host_url + "host.html")
        page.wait_for_function(READY_ALL, arg=1, timeout=240_000)
        frame = page.frame_locator("iframe")
        [embed] = [f for f in page.frames if f.url.startswith(site_url)]
        assert storage(embed) == saved       # the frame may use the game's storage (else this proves nothing)

        frame.locator("[data-cmd=embed-play][data-arg=ai]").click()
        expect(frame.locator("#app.table #board svg")).to_have_count(1)
        frame.locator("#hints").click()                                  # the routes' glow off
        expect(frame.locator("#hints")).to_have_attribute("aria-pressed", "false")
        open_menu(frame)
        frame.locator("#opt-language-game").select_option("fr")
        expect(frame.locator("html")).to_have_attribute("lang", "fr")
        expect(frame.locator("#opt-language-game")).to_be_enabled()
        open_menu(frame)
        frame.locator("[data-cmd=help]").click()
        frame.locator("#help [data-help=hide-tips]").click()             # the tips put away
        expect(frame.locator("#help .help-tips-again")).to_have_count(1)

        assert storage(embed) == saved
        assert storage(page) == {"host.note": "kept"}
        check = browser_session.watch(context.new_page())
        check.goto(site_url + "static/examples/ferry.json")
        assert storage(check) == saved
    assert browser_session.external_requests == []


def test_the_loader_tells_the_host_when_the_boot_fails(browser_session, site_url, tmp_path):
    """A failure before Python runs (here the game's archive cannot be had) still reaches a host
    page of another site: `ttr:error` with a reason a site author can act on, and `ttr:height`
    for the whole panel, its "Try again" button included."""
    link = site_url + "index.html?embed&scenario=static/examples/ferry.json"
    with static_server(tmp_path, host=OTHER_SITE) as host_url:
        host_page(tmp_path, [link])
        context = browser_session.new_context(site_url, also=(host_url,))
        context.route("**/static/build/game.zip*", lambda route: route.fulfill(status=404, body="gone"))
        page = browser_session.watch(context.new_page(), expect_errors=True)
        page.goto(host_url + "host.html")
        page.wait_for_function(READY_ALL, arg=1, timeout=120_000)
        [error] = messages(page, 0, "ttr:error")
        assert error["reason"] == "boot.error.missing_file"
        assert error["message"].startswith("The game could not start: ") and "game.zip (HTTP 404)" in error["message"]
        assert messages(page, 0, "ttr:ready") == []
        frame = page.frame_locator("iframe")
        retry = frame.locator("#boot-retry").bounding_box()
        height = messages(page, 0, "ttr:height")[-1]["height"]
        assert retry is not None and retry["y"] + retry["height"] <= page.locator("iframe").bounding_box()["y"] + height


def test_play_on_from_a_step_and_back(browser_session, site_url):
    link = embed_link(site_url, LESSON, view=0, controls="play")
    page = browser_session.open(link.replace(site_url, ""))
    page.wait_for_selector("#app[data-embed-state=ready]")
    page.click(".embed-next")
    page.click("[data-cmd=embed-play][data-arg=ai]")
    page.wait_for_selector("#app.table #board svg")
    assert page.get_attribute("#app", "data-embed-state") == "play"
    assert page.locator(".own-panel[data-seat='0']").count() == 1
    page.locator(".market .cards .card[data-slot='0']").click()        # Ann draws from the deck
    page.wait_for_function("() => Number(document.querySelector('#app').getAttribute('data-actions')) >= 1")   # (from the position)
    page.click("header [data-cmd=home]")
    page.wait_for_selector("#app.embed #embed-text")
    assert page.get_attribute("#app", "data-embed-step") == "1"
    page.click("[data-cmd=embed-play][data-arg=hotseat]")           # again, pass and play this time
    page.wait_for_selector(".dialog[data-dialog=handoff]")
    page.click("header [data-cmd=home]")
    page.wait_for_selector("#app.embed #embed-text")
    assert page.evaluate("() => localStorage.length") == 0


def test_an_unreachable_scenario_file_is_said(browser_session, site_url):
    page = browser_session.open("index.html?embed&scenario=static/examples/nowhere.json", expect_errors=True)
    page.wait_for_selector("#app[data-embed-state=error]")
    assert "static/examples/nowhere.json" in page.text_content(".embed-error p")
    assert "HTTP 404" in page.text_content(".embed-error p")


def test_a_scenario_file_is_checked_with_the_site_every_time(browser_session, site_url):
    # its address has no hash in it, so the embed fetches it with cache "no-cache": the HTTP
    # cache revalidates it and never answers with an older version (the tests route every
    # request, which turns Chromium's HTTP cache off: the fetch's options are what is checked)
    context = browser_session.new_context(site_url)
    context.add_init_script("""{ const fetch = window.fetch; window.__fetched = [];
        window.fetch = (url, init) => { window.__fetched.push([String(url), init?.cache ?? null]);
                                        return fetch(url, init); }; }""")
    page = browser_session.open("index.html?embed&scenario=static/examples/ferry.json", context=context)
    page.wait_for_selector("#app[data-embed-state=ready]")
    fetched = page.evaluate("window.__fetched.filter(([url]) => url.includes('examples/'))")
    assert fetched == [["static/examples/ferry.json", "no-cache"]]


def test_the_rules_page_is_linked_from_the_first_screen_and_every_example_goes_live(browser_session, site_url):
    game = browser_session.open()
    assert game.locator("#app a.rules-link").get_attribute("href") == "static/build/rules-en.html"
    page = browser_session.watch(browser_session.new_context(site_url, viewport={"width": 1280, "height": 800})
                                 .new_page())
    page.goto(site_url + "static/build/rules-en.html")
    boards = page.locator("a.rules-static")
    count = boards.count()
    assert count >= 10
    for i in range(count):      # each drawn board, clicked, becomes the live one
        board = page.locator("a.rules-static").first
        board.scroll_into_view_if_needed()
        board.locator("img").evaluate("(img) => img.decode()")         # drawn at build time: there at once
        board.click()
        page.wait_for_function(f"() => ({RULES_STATE})({i}) === 'ready'", timeout=180_000)
        if i >= 2:      # the ones read already go, so the test holds few runtimes at once
            page.evaluate("(i) => { document.querySelectorAll('iframe.rules-board')[i - 2].src = 'about:blank'; }", i)
    assert page.locator("iframe.rules-board").count() == count
    assert browser_session.external_requests == []


def test_share_position_copies_an_embed_link_with_public_facts_only(browser_session, site_url):
    context = browser_session.new_context(site_url, permissions=["clipboard-read", "clipboard-write"])
    page = browser_session.open(AI_FAST, context=context)
    new_game(page, ["Ann", "Hal"], ["human", "ai:easy"])
    human_step(page)                        # Ann keeps her tickets
    wait_for_human(page)
    hand = page.evaluate("() => [...document.querySelectorAll('.own-panel .hand [data-card]')]"
                         ".map((c) => [c.dataset.card, Number(c.dataset.count)])")
    page.click("header [data-cmd=share]")
    dialog = page.locator(".dialog[data-dialog=share]")
    public, own = (dialog.locator(f"input[data-link={name}]").input_value() for name in ("public", "own"))
    assert public.startswith(site_url + "index.html?embed&view=none#s=") and "&view=0#s=" in own
    shared = read_fragment(public.split("#", 1)[1])
    assert all(p["hand"] == {} and p["tickets"] == [] for p in shared["position"]["players"])
    assert read_fragment(own.split("#", 1)[1])["position"]["players"][0]["hand"] == dict(hand)
    dialog.locator("button[data-cmd=copy-link]").first.click()
    page.wait_for_function("() => document.getElementById('status').textContent.includes('Link copied')")
    assert page.evaluate("() => navigator.clipboard.readText()") == public
    page.keyboard.press("Escape")
    assert page.locator(".dialog[data-dialog=share]").count() == 0
    embed = browser_session.open(public.replace(site_url, ""), context=context)
    embed.wait_for_selector("#app[data-embed-state=ready]")
    assert embed.locator(".own-panel").count() == 0 and embed.locator(".player-list li").count() == 2


def test_the_documented_host_example_works(browser_session, site_url, tmp_path):
    text = (ROOT / "docs" / "embed.md").read_text(encoding="utf-8")
    example = (text.split("```html\n", 1)[1].split("```", 1)[0].replace("https://games.example/ttr/", site_url)
               .replace("https://games.example", site_url.rstrip("/")))     # the embed's site, whose messages it hears
    (tmp_path / "example.html").write_text(f"<!doctype html><meta charset=utf-8><title>Rules</title>{example}",
                                           encoding="utf-8")
    with static_server(tmp_path, host=OTHER_SITE) as host_url:
        page = browser_session.watch(browser_session.new_context(site_url, also=(host_url,)).new_page())
        page.goto(host_url + "example.html")
        board = page.frame_locator("#board")
        board.locator("#app[data-embed-state=ready]").wait_for(timeout=120_000)
        page.wait_for_function("() => document.getElementById('board').getBoundingClientRect().height > 300")
        page.wait_for_function("() => document.getElementById('last').onclick !== null")    # the host heard ready
        press(page.locator("#last"))
        board.locator("#app[data-embed-step='4']").wait_for()


def snippet(name: str, *options: str) -> str:
    """The embed command's snippet for an example of static/examples/."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert game_cli(["embed", str(ROOT / "static" / "examples" / f"{name}.json"), *options]) == 0
    return out.getvalue().split("\n", 2)[2].strip()


SNIPPET_HOST = ("<!doctype html><html lang=en><meta charset=utf-8><meta name=viewport content='width=device-width'>"
                "<title>A rules site</title><style>body{{font:16px/1.5 Georgia,serif;margin:0 auto;padding:16px;"
                "max-width:728px;color:#222}}h2{{font-size:1.2rem;margin:1.2em 0 .4em}}</style>"
                "<h2>Tunnels</h2><p>A tunnel may cost more than its length: three cards are turned over.</p>{}"
                "<h2>Stations</h2><p>A station lets a player borrow one route of another player at the end.</p>{}"
                "<h2>Claiming a route</h2><p>Play as many cards of the route's colour as it has spaces.</p>{}")
# In each frame: the board's drawn boxes (cities' dots and names, routes' spaces, in board units)
# that the bar covers, the board's and the bar's rectangles, and whether every point tried is the link.
SNIPPET_GEOMETRY = """(targets) => [...document.querySelectorAll('iframe')].map((frame) => {
  const doc = frame.contentDocument, svg = doc.querySelector('svg'), a = doc.querySelector('a');
  const bar = doc.querySelector('.bar').getBoundingClientRect(), m = svg.getScreenCTM();
  const box = ([x0, y0, x1, y1]) => {
    const p = new DOMPoint(x0, y0).matrixTransform(m), q = new DOMPoint(x1, y1).matrixTransform(m);
    return [p.x, p.y, q.x, q.y]; };
  const covers = ([x0, y0, x1, y1]) => x0 < bar.right && x1 > bar.left && y0 < bar.bottom && y1 > bar.top;
  const [w, h] = [doc.documentElement.clientWidth, doc.documentElement.clientHeight];
  const points = [[1, 1], [w - 2, 1], [w / 2, h / 2], [1, h - 2], [w - 2, h - 2],
                  [(bar.left + bar.right) / 2, (bar.top + bar.bottom) / 2]];
  return {covered: targets[svg.classList.contains('map-usa') ? 'usa' : 'europe']
            .filter(([, b]) => covers(box(b))).map(([name]) => name),
          board: box([0, 0, 1500, 1000]), bar: [bar.left, bar.top, bar.right, bar.bottom], frame: [w, h],
          oneLink: points.every(([x, y]) => doc.elementFromPoint(x, y)?.closest('a') === a),
          text: doc.querySelector('.bar').innerText};
})"""


def board_boxes(map_id: str) -> list[tuple[str, tuple[float, float, float, float]]]:
    """Every city's dot (with its outline) and name, and every route's spaces, as boxes on the board."""
    board = layout(load_map(map_id))
    reach = CITY_R + 2
    boxes = [(f"dot {c}", (p.x - reach, p.y - reach, p.x + reach, p.y + reach)) for c, p in board.cities.items()]
    boxes += [(f"name {c}", p.label.bounds()) for c, p in board.cities.items()]
    return boxes + [(f"space {r}", s.bounds()) for r, p in board.routes.items() for s in p.spaces]


@pytest.mark.parametrize("width", [1200, 760, 390, 320])
def test_the_snippets_bar_covers_nothing_of_either_map_and_all_of_it_is_one_link(browser, width, tmp_path):
    context = browser.new_context(viewport={"width": width, "height": 900})
    requests: list[str] = []
    context.route("**/*", lambda route: (requests.append(route.request.url), route.abort()))
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.set_content(SNIPPET_HOST.format(snippet("tunnels"), snippet("station"), snippet("claiming-routes")))
    targets = {m: board_boxes(m) for m in ("usa", "europe")}
    for frame in page.evaluate(SNIPPET_GEOMETRY, targets):
        assert frame["covered"] == []
        (left, top, right, bottom), (bar_left, bar_top, bar_right, bar_bottom) = frame["board"], frame["bar"]
        assert abs(top) < 0.5 and bar_top >= bottom - 0.5                  # the board at the top, the bar below it
        assert bar_bottom <= frame["frame"][1] + 0.5                       # and in sight
        assert right - left >= 0.85 * frame["frame"][0] and bar_right - bar_left == frame["frame"][0]
        assert frame["oneLink"] and "Click to make the board live and playable" in frame["text"]
    page.keyboard.press("Tab")              # the keyboard reaches the first snippet's link, and shows it
    focused = page.frames[1].evaluate("() => [document.activeElement.tagName,"
                                      " getComputedStyle(document.activeElement).outlineStyle]")
    assert focused == ["A", "solid"]
    if width in (760, 390):
        page.keyboard.press("Shift+Tab")
        shots = ROOT / "docs" if os.environ.get("TTR_SCREENSHOTS") else tmp_path       # docs/ only when asked
        bottom = page.evaluate("() => document.querySelectorAll('iframe')[1].getBoundingClientRect().bottom + 16")
        page.screenshot(path=str(shots / f"embed-snippet-{width}.png"), full_page=True,     # the first two snippets
                        clip={"x": 0, "y": 0, "width": width, "height": bottom})
    context.close()
    assert requests == [] and errors == []


def test_a_click_or_enter_on_the_snippet_opens_the_live_embed_at_its_step(browser_session, site_url, tmp_path):
    code = snippet("tunnels", "--base", site_url, "--file", "static/examples/tunnels.json", "--step", "2")
    (tmp_path / "host.html").write_text(f"<!doctype html><meta charset=utf-8><title>Rules</title>{code}",
                                        encoding="utf-8")
    with static_server(tmp_path) as host_url:
        page = browser_session.watch(browser_session.new_context(site_url, also=(host_url,)).new_page())
        page.goto(host_url + "host.html")
        page.keyboard.press("Tab")
        page.keyboard.press("Enter")
        page.frames[1].wait_for_url(embed_link(site_url, file="static/examples/tunnels.json", step=2,
                                               controls="steps"))
        page.goto(host_url + "host.html")
        page.frame_locator("iframe").locator("svg.ttr-board").click(position={"x": 5, "y": 5})    # anywhere
        board = page.frame_locator("iframe")
        board.locator("#app[data-embed-state=ready]").wait_for(timeout=120_000)
        board.locator("#app[data-embed-step='2']").wait_for()


# A rules page of another site with the command's snippet in a column of a given width.
SNIPPET_COLUMN = ("<!doctype html><html lang=en><meta charset=utf-8><meta name=viewport content='width=device-width'>"
                  "<title>A rules site</title><body style='margin:0;font:16px/1.5 Georgia,serif'>"
                  "<main style='width:{}px'><h2>Tunnels</h2><p>A tunnel may cost more than its length: three cards are turned over.</p>{}"
                  "<p>After the board.</p></main>")
# In the live embed's frame: whether it scrolls inside (its page taller than the frame), and its sizes.
INNER = """() => ({scroll: document.documentElement.scrollHeight, inner: innerHeight, width: innerWidth,
  body: Math.ceil(document.body.getBoundingClientRect().height),
  board: [...document.querySelectorAll('#board-frame, .board-frame')].map((b) => b.getBoundingClientRect())
    .map((r) => [r.width, r.height, r.bottom])[0]})"""
FITS = "() => document.documentElement.scrollHeight <= innerHeight + 1 && innerHeight > 1.2 * innerWidth"


def frame_height(page) -> float:
    return page.evaluate("() => document.querySelector('iframe').getBoundingClientRect().height")


def shoot_whole(page, path: Path) -> None:
    """The whole host page, in a window as tall as it (a full-page shot leaves a frame of another
    site cut at the window's first height)."""
    size = page.viewport_size
    page.set_viewport_size({"width": size["width"], "height": page.evaluate("document.documentElement.scrollHeight")})
    page.screenshot(path=str(path))
    page.set_viewport_size(size)


@pytest.mark.parametrize("width", [760, 390])
def test_the_snippets_frame_grows_to_its_live_embed_and_to_the_game_played_on(browser_session, site_url, tmp_path,
                                                                             width):
    """The snippet pasted in a rules page of another site: 4:3 while it shows the picture; once
    live, the frame takes the lesson's height (nothing scrolls inside it), and the game played on
    from there the height that game needs (its board 3:2, no sea under it); heights said by any
    other window, or by the frame before it is the embed's site, are ignored."""
    code = snippet("tunnels", "--base", site_url, "--file", "static/examples/tunnels.json", "--view", "0",
                   "--controls", "play")
    (tmp_path / "host.html").write_text(SNIPPET_COLUMN.format(width, code), encoding="utf-8")
    with static_server(tmp_path, host=OTHER_SITE) as host_url:
        context = browser_session.new_context(site_url, also=(host_url,), viewport={"width": width, "height": 844})
        page = browser_session.watch(context.new_page())
        page.goto(host_url + "host.html")
        assert abs(frame_height(page) - width * 3 / 4) < 1                         # the picture's 4:3
        page.evaluate("() => postMessage({type: 'ttr:height', height: 99}, '*')")      # the host's own window
        page.frames[1].evaluate("() => parent.postMessage({type: 'ttr:height', height: 99}, '*')")  # not the embed's site
        page.evaluate("() => new Promise((done) => setTimeout(done, 100))")
        assert abs(frame_height(page) - width * 3 / 4) < 1

        page.frame_locator("iframe").locator("svg.ttr-board").click(position={"x": 5, "y": 5})
        board = page.frame_locator("iframe")
        board.locator("#app[data-embed-state=ready]").wait_for(timeout=120_000)
        [embed] = [f for f in page.frames if f.url.startswith(site_url)]
        embed.wait_for_function(FITS, timeout=30_000)                               # the whole lesson, no inner scroll
        lesson = embed.evaluate(INNER)
        assert lesson["scroll"] <= lesson["inner"] + 1 and abs(lesson["body"] - lesson["inner"]) <= 1, lesson
        assert frame_height(page) == lesson["inner"] > width * 3 / 4 + 200
        if os.environ.get("TTR_SCREENSHOTS"):
            shoot_whole(page, ROOT / "docs" / f"embed-live-{width}.png")

        board.locator("[data-cmd=embed-play][data-arg=ai]").click()
        board.locator("#app.table #board svg").wait_for()
        embed.wait_for_function("(before) => innerHeight !== before && document.documentElement.scrollHeight"
                                " <= innerHeight + 1", arg=lesson["inner"], timeout=30_000)
        played = embed.evaluate(INNER)
        board_width, board_height, board_bottom = played["board"]
        assert abs(board_height - board_width * 2 / 3) <= 2, played                 # no band of sea under the map
        assert played["scroll"] <= played["inner"] + 1 and abs(played["body"] - played["inner"]) <= 1, played
        assert board_bottom <= played["inner"] and frame_height(page) == played["inner"]
        if os.environ.get("TTR_SCREENSHOTS") and width == 760:
            shoot_whole(page, ROOT / "docs" / "embed-play-760.png")


@pytest.mark.parametrize("size", [(1280, 800), (800, 600)])
def test_a_lesson_opened_in_a_tab_of_its_own_has_its_whole_board_in_view(browser_session, site_url, size):
    """A review's "Open as a lesson" opens the embed page in a tab: no host sizes it, so its board
    fits the window under the bars and a two-line commentary, the route it lights in view."""
    text = ("Round 33, played: claim Sault St. Marie–Toronto (2 black). Better: claim Houston–New Orleans "
            "(2 gray) — 15.5 points more, expected.")
    lesson = {**LESSON, "steps": [{"after": 0, "text": text, "highlight": {"routes": ["houston--new-orleans"]}},
                                  {"after": 2, "text": "Both kept."}]}
    width, height = size
    context = browser_session.new_context(viewport={"width": width, "height": height})
    page = browser_session.open(embed_link(site_url, lesson, view=0, controls="play").replace(site_url, ""),
                                context=context)
    page.wait_for_selector("#app[data-embed-state=ready]")
    frame = page.locator("#board-frame").bounding_box()
    route = page.locator("#route-houston--new-orleans").bounding_box()
    assert frame["y"] + frame["height"] <= height + 1 and frame["width"] >= 0.6 * min(width, height * 3 / 2)
    assert 0 <= route["y"] and route["y"] + route["height"] <= height
    assert abs(frame["height"] - frame["width"] * 2 / 3) <= 2
