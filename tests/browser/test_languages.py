"""The game in each shipped language: boot with ``?lang=``, start a game, play a turn, open
dialogs, each screen spoken in every language in turn; no English left on screen, no control
clipped, at 1280×800 and 390×844.

Screenshots of the game screen and of a dialog (the first destination tickets) for each
language and size go to ``$TTR_SCREENSHOTS`` when it is set (``docs/i18n/`` holds the
committed ones):

    TTR_SCREENSHOTS=docs/i18n python3 -m pytest tests/browser/test_languages.py
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from ui_driver import (
    game_facts,
    header_tool,
    human_step,
    new_game,
    speak,
    wait_for_human,
)

from game import i18n

LANGUAGES = [code for code in i18n.LANGUAGES if code != "en"]
SIZES = ((1280, 800), (390, 844))
NAMES = ("Ann", "Bob")           # names that are no English catalog text

# Controls whose content is wider than their box; badges placed outside a box on purpose
# (absolutely positioned, like a hand card's ×2) are set aside while measuring.
CLIPPED = """() => {
    const badges = [...document.querySelectorAll('#app *')]
        .filter(e => getComputedStyle(e).position === 'absolute');
    const saved = badges.map(e => e.style.display);
    badges.forEach(e => { e.style.display = 'none'; });
    const clipped = [...document.querySelectorAll(
            'button, select, input, label, summary, [role=button], .tools > *, .status')]
        .filter(e => e.getClientRects().length && e.clientWidth > 0)
        .filter(e => e.scrollWidth > e.clientWidth)
        .map(e => `${e.outerHTML.slice(0, 100)} (${e.scrollWidth} > ${e.clientWidth})`);
    badges.forEach((e, i) => { e.style.display = saved[i]; });
    return clipped;
}"""


def english_chunks(language: str) -> list[str]:
    """The pieces of English text (between placeholders) a screen in ``language`` must not
    show: long enough to mean something, and not also part of that language's own texts."""
    own = " ".join(" ".join(forms) for forms in i18n.catalog(language).values())
    chunks = set()
    for key, forms in i18n.catalog("en").items():
        if key.startswith("boot."):
            continue
        for text in forms:
            for chunk in re.split(r"\{\w+\}", text):
                chunk = chunk.strip(" .,:;()–—")
                if len(chunk) >= 5 and re.search(r"[A-Za-z]{3}", chunk) and chunk not in own:
                    chunks.add(chunk)
    return sorted(chunks)


def problems(page, language: str, chunks: list[str], where: str) -> list[str]:
    """What is wrong with the screen: English text, clipped controls, the page's language."""
    text = page.evaluate("document.body.innerText")
    found = [f"{where}: English on screen: {chunk!r}" for chunk in chunks if chunk in text]
    found += [f"{where}: clipped: {control}" for control in page.evaluate(CLIPPED)]
    if page.evaluate("document.documentElement.lang") != language:
        found.append(f"{where}: <html lang> is not {language}")
    return found


def screenshot(page, language: str, name: str, size: tuple[int, int]) -> None:
    folder = os.environ.get("TTR_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{language}-{name}-{size[0]}x{size[1]}.png"))


def at_each_size(page, language: str, chunks: list[str], name: str, shoot: bool = True) -> list[str]:
    found = []
    for size in SIZES:
        page.set_viewport_size({"width": size[0], "height": size[1]})
        page.wait_for_timeout(100)
        if shoot:
            screenshot(page, language, name, size)
        found += problems(page, language, chunks, f"{name} at {size[0]}x{size[1]}")
    return found


def test_a_turn_in_every_language(browser_session):
    """One page, booted with ``?lang=``, speaks each language in turn at each screen: the start,
    the first ticket choice, the game after a turn of each seat, the rules."""
    chunks = {language: english_chunks(language) for language in LANGUAGES}
    context = browser_session.new_context(viewport={"width": 1280, "height": 800},
                                          reduced_motion="reduce")
    page = browser_session.open(f"?ai-delay=0&lang={LANGUAGES[0]}", context=context)
    assert page.evaluate("document.documentElement.lang") == LANGUAGES[0]
    found: list[str] = []

    def in_every_language(name: str, picker: str, shoot: bool = True) -> None:
        for language in LANGUAGES:
            page.set_viewport_size({"width": 1280, "height": 800})
            speak(page, language, picker)
            page.evaluate("document.activeElement.blur()")     # (the picker's focus ring out of the pictures)
            found.extend(at_each_size(page, language, chunks[language], name, shoot))
        page.set_viewport_size({"width": 1280, "height": 800})

    in_every_language("start", "#opt-language", shoot=False)
    new_game(page, NAMES, ("human", "ai:easy"), map_id="europe")
    facts = wait_for_human(page)
    assert facts["dialog"] == "tickets"
    in_every_language("dialog", "#opt-language-game")
    human_step(page, wait_for_human(page))             # keep the tickets
    first = wait_for_human(page)
    for _ in range(10):                                # Ann plays a turn, then the AI
        facts = wait_for_human(page)
        if int(facts["turn"]) > int(first["turn"]) and not facts["dialog"]:
            break
        human_step(page, facts)
    assert int(game_facts(page)["turn"]) > int(first["turn"])
    in_every_language("game", "#opt-language-game")

    for language in LANGUAGES:                          # the rules, the longest texts, read from the game
        page.set_viewport_size({"width": 1280, "height": 800})
        speak(page, language)
        header_tool(page, "button[data-cmd=help]").click()
        page.wait_for_selector(".help-dialog")
        found += at_each_size(page, language, chunks[language], "help", shoot=False)
        page.keyboard.press("Escape")
        page.wait_for_selector(".help-dialog", state="detached")
    assert found == [], "\n".join(found)


def test_the_language_can_be_changed_in_a_game(browser_session):
    page = browser_session.open("?ai-delay=0")
    new_game(page, NAMES, ("human", "ai:easy"))
    wait_for_human(page)
    page.select_option("#opt-language-game", "hu")
    page.wait_for_function("document.documentElement.lang === 'hu'")
    assert page.evaluate("localStorage.getItem('ttr.language')") == "hu"
    assert page.evaluate("document.activeElement.id") == "opt-language-game"
    assert "Menetjegyek" in page.evaluate("document.body.innerText")
    page.reload()
    page.wait_for_function("document.documentElement.hasAttribute('data-game-ready')")
    assert page.evaluate("document.documentElement.lang") == "hu"


CATALOG_FILES = "**/build/locales/*.mo*"


def catalog_requests(page) -> list[str]:
    return page.evaluate("""performance.getEntriesByType('resource').map(e => e.name)
                            .filter(name => name.includes('/build/locales/'))""")


def test_only_the_chosen_languages_catalog_is_fetched(browser_session):
    page = browser_session.open("?lang=ja")
    assert [re.sub(r"\?.*", "", url.rsplit("/", 1)[1]) for url in catalog_requests(page)] == ["ja.mo"]
    assert "日本語" in page.evaluate("document.body.innerText")
    english = browser_session.open("?lang=en")
    assert catalog_requests(english) == []               # English is in the game's archive
    english.select_option("#opt-language", "nb")          # another language: its catalog only
    english.wait_for_function("document.documentElement.lang === 'nb'")
    assert [url.rsplit("/", 1)[1] for url in catalog_requests(english)] == ["nb.mo"]


def test_a_damaged_catalog_leaves_the_game_in_english_and_says_so(browser_session):
    # no service worker: its stored copies would answer before the damaged ones
    context = browser_session.new_context(service_workers="block")
    context.route(CATALOG_FILES, lambda route: route.fulfill(
        status=200, body=b"<html>not a catalog</html>", content_type="application/octet-stream"))
    page = browser_session.open("?ai-delay=0&lang=hu", context=context)
    assert page.evaluate("document.documentElement.lang") == "en"
    notice = i18n.catalog("en")["start.language_failed"][0].format(language="Magyar")
    assert notice in page.evaluate("document.body.innerText")
    new_game(page, NAMES, ("human", "ai:easy"))       # the game goes on, in English
    wait_for_human(page)
    page.select_option("#opt-language-game", "fr")
    page.wait_for_function("text => document.body.innerText.includes(text)",
                           arg=notice.replace("Magyar", "Français"))
    assert page.evaluate("document.documentElement.lang") == "en"
    assert page.evaluate("document.querySelector('#opt-language-game').value") == "en"
    assert page.evaluate("localStorage.getItem('ttr.language')") is None


def test_a_missing_catalog_is_no_boot_failure(browser_session):
    errors: list[str] = []

    def missing(page):
        page.on("console", lambda message: message.type == "error" and errors.append(message.text))
        page.route(CATALOG_FILES, lambda route: route.fulfill(status=404))
    page = browser_session.open("?lang=sl", before=missing, expect_errors=True)
    assert page.evaluate("document.documentElement.getAttribute('data-boot-failed')") is None
    assert page.evaluate("document.documentElement.lang") == "en"
    assert "Slovenščina" in page.evaluate("document.querySelector('.notice')?.innerText ?? ''")
    assert errors and all("404" in error for error in errors)     # the browser's own report
