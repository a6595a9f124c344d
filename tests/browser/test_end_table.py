"""The end screen reads as finished in every language and at every size (issue #28): no word or
number of its tables broken across lines, the scores inside their column beside the board (the
game in numbers scrolling sideways only with a cue), the board at least half the width at 800×600,
and the score chart with its axes and each player's final value, every label in its frame.

One page reaches the end of a finished Europe game (stations, long names with AI levels), then
speaks each shipped language in turn from the header's picker; each language is measured at
1280×800, 1024×768, 800×600 and 390×844 by resizing the same page.
"""

from __future__ import annotations

from screenshots_ui import PLAYERS, over, scenario, store
from ui_driver import AI_FAST, header_tool

from game import i18n

SIZES = ((1280, 800), (1024, 768), (800, 600), (390, 844))
CJK = ("ja", "zh-Hant")         # no spaces between words: each number and each Latin run is a word

# Every word of the end's tables laid out on one line: a Range over the word gives rects that share
# their line (a word broken in two has a rect on the next line).  Text not shown (a phone's column
# names beside the board, a header for screen readers only) is not laid out and is left aside.
BROKEN_WORDS = """(cjk) => {
    const broken = [];
    const words = cjk ? /[\\p{Script=Latin}\\p{Nd}+\\-\u2212]+/gu : /\\S+/g;
    for (const table of document.querySelectorAll('.end-screen table')) {
        const walker = document.createTreeWalker(table, NodeFilter.SHOW_TEXT);
        for (let node; (node = walker.nextNode());) {
            const parent = node.parentElement;
            if (parent.closest('.visually-hidden') || !parent.getClientRects().length) continue;
            for (const match of node.data.matchAll(words)) {
                const range = document.createRange();
                range.setStart(node, match.index);
                range.setEnd(node, match.index + match[0].length);
                const rects = [...range.getClientRects()].filter(r => r.width > 0);
                if (!rects.length) continue;
                const first = rects[0];
                if (rects.some(r => Math.abs(r.top - first.top) > first.height / 2)) {
                    const cell = parent.closest('li, th, td, caption');
                    broken.push(`${JSON.stringify(match[0])} in ${JSON.stringify(cell.textContent)}`
                                + ` (${cell.getBoundingClientRect().width.toFixed(0)} px wide)`);
                }
            }
        }
    }
    return broken;
}"""

# What is out of place: the page scrolling sideways, a table scrolling sideways in its box with no
# cue (the shadow at its edges), the scores wider than their column beside the board (the game in
# numbers may scroll in its own box: on a phone, at 800×600), a chart label outside the chart's
# frame or over another label.
LAYOUT = """(beside) => {
    const found = [];
    if (document.documentElement.scrollWidth > window.innerWidth) found.push('the page scrolls sideways');
    for (const box of document.querySelectorAll('.end-screen .table-scroll')) {
        if (box.scrollWidth <= box.clientWidth + 1) continue;
        const style = getComputedStyle(box);
        if (!style.backgroundAttachment.includes('local') || !style.backgroundImage.includes('gradient'))
            found.push(`${box.firstChild.className} scrolls sideways with no cue`);
        if (beside && !box.firstChild.classList.contains('end-stats'))
            found.push(`${box.firstChild.className} is wider than its column (${box.scrollWidth} > ${box.clientWidth})`);
    }
    const frame = document.querySelector('.chart-drawing').getBoundingClientRect();
    const labels = [...document.querySelectorAll('.chart-drawing text')].map(t => [t, t.getBoundingClientRect()]);
    for (const [text, r] of labels) {
        if (r.left < frame.left || r.right > frame.right || r.top < frame.top || r.bottom > frame.bottom)
            found.push(`chart label ${JSON.stringify(text.textContent)} outside its frame`);
    }
    for (const [i, [a, r]] of labels.entries()) for (const [b, s] of labels.slice(i + 1)) {
        if (r.left < s.right - 1 && s.left < r.right - 1 && r.top < s.bottom - 1 && s.top < r.bottom - 1)
            found.push(`chart labels ${JSON.stringify(a.textContent)} and ${JSON.stringify(b.textContent)} overlap`);
    }
    return found;
}"""


def speak(page, language: str) -> None:
    """Choose ``language`` in the game's header and wait until the end screen speaks it."""
    header_tool(page, "#opt-language-game").select_option(language)
    title = i18n.catalog(language)["end.title"][0]
    page.wait_for_function("""([language, title]) => document.documentElement.lang === language
        && document.querySelector('.end-screen h2')?.textContent === title""", arg=[language, title],
                           timeout=120_000)           # (a catalog fetched and the screen redrawn, on a loaded machine)


def test_the_end_tables_break_no_word_and_the_chart_has_axes_in_every_language_and_size(browser_session):
    end = scenario(PLAYERS, 5, over, "europe")
    context = browser_session.new_context(viewport={"width": 1280, "height": 800})
    page = browser_session.open(AI_FAST, context=context)
    page.emulate_media(reduced_motion="reduce")
    store(page, {"g1": end}, "g1")
    page.wait_for_selector(".end-screen")
    chart = page.locator(".end-screen .chart-drawing")
    assert chart.locator(".y-label").count() >= 3 and chart.locator(".x-label").count() >= 3
    finals = sorted(int(t) for t in chart.locator(".end-label").all_text_contents())
    assert finals == sorted(int(t) for t in page.locator(".end-screen td[data-part=total]").all_text_contents())
    problems = []
    for language in i18n.LANGUAGES:
        speak(page, language)
        assert page.locator(".chart-drawing .axis-title").text_content() == i18n.catalog(language)["end.chart_rounds"][0]
        for width, height in SIZES:
            page.set_viewport_size({"width": width, "height": height})
            where = f"{language} {width}×{height}"
            problems += [f"{where}: broken {word}" for word in page.evaluate(BROKEN_WORDS, language in CJK)]
            problems += [f"{where}: {found}" for found in page.evaluate(LAYOUT, width > 700)]
            board = page.locator("#board svg").bounding_box()["width"]
            if (width, height) == (800, 600) and board < width / 2:
                problems.append(f"{where}: the board is {board:.0f} px wide")
    assert not problems, "\n".join(problems)
