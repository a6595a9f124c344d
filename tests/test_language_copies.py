"""Language matching is game.i18n's (``match_language``); the page chooses its language before
Python runs, with one copy in JavaScript, ``static/language.js``, used by the loader
(``static/boot.js``) and by the notice ``index.html`` shows when opened from a file (where
browsers refuse module scripts).  Both are run here with Node.js and must choose what game.i18n
chooses, for every shipped language and for lists of browser languages."""

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from game import i18n

ROOT = Path(__file__).resolve().parents[1]
RUNNER = ROOT / "tests" / "js" / "choose_language.cjs"
BROWSERS = [["pt-BR", "en"], ["zh-TW"], ["zh-HK", "en"], ["zh-Hant-TW"], ["zh-CN", "ja"], ["nb"], ["no"],
            ["nn-NO"], ["sr-Latn"], ["sr"], ["sr-Cyrl-RS"], ["de"], [], ["de-AT", "fr-CA", "en"],
            ["en-GB"], ["hr-HR"], ["is-IS"], ["sl-SI"], ["hu-HU"], ["ja-JP"], ["FR"], ["fr_CA"], ["x-klingon", "hu"]]


def python_choice(lang: str | None, saved: str | None, browser: list[str]) -> str:
    """What the loader must choose: ?lang= first, then the saved choice, then the browser's
    languages, each matched by game.i18n; English when none matches."""
    for wanted in (lang, saved, *browser):
        code = i18n.match_language(wanted)
        if code:
            return code
    return i18n.DEFAULT_LANGUAGE


def cases() -> list[dict]:
    found = [{"lang": None, "saved": None, "browser": b} for b in BROWSERS]
    for code in i18n.LANGUAGES:
        found += [{"lang": None, "saved": None, "browser": [code]},
                  {"lang": None, "saved": None, "browser": [code.upper() + "-XX"]},
                  {"lang": code, "saved": "de", "browser": ["en"]},
                  {"lang": None, "saved": code, "browser": ["fr"]},
                  {"lang": "tlh", "saved": None, "browser": ["de", code.lower()]}]
    found += [{"lang": " hr ", "saved": None, "browser": []}, {"lang": "", "saved": "", "browser": ["ja"]}]
    return found


@pytest.mark.skipif(shutil.which("node") is None, reason="Node.js runs the loader's JavaScript")
def test_the_loader_and_the_file_notice_choose_the_language_game_i18n_chooses():
    table = cases()
    request = {"languages": i18n.LANGUAGES, "aliases": i18n.ALIASES, "cases": table}
    run = subprocess.run(["node", str(RUNNER)], input=json.dumps(request), capture_output=True, text=True,
                         timeout=60, check=False)
    assert run.returncode == 0, run.stderr
    results = json.loads(run.stdout)
    assert len(results) == len(table)
    for case, got in zip(table, results, strict=True):
        expected = python_choice(case["lang"], case["saved"], case["browser"])
        assert got == {"boot": expected, "page": expected}, case
    assert {python_choice(**case) for case in table} == set(i18n.LANGUAGES)     # every language chosen somewhere
