"""What the loader knows before Python starts, checked against Python, its one home: the embed's
query key, its themes and their default (``game.share``), the messages to a host page
(``game.ui.embed``), as ``static/boot.js`` names them; every query key the loaders read is an
embed option; every ``ttr:`` name in the site's JavaScript is Python's or one of the loader's
own; every theme ``static/style.css`` styles is one of Python's."""

from __future__ import annotations

import json
import re
from pathlib import Path

from game import share
from game.ui import embed, rules_page

ROOT = Path(__file__).resolve().parents[1]
BOOT = ROOT / "static/boot.js"
# boot.js's constants and their home in Python
COPIES = {
    "EMBED_KEY": share.EMBED_KEY,
    "THEMES": list(share.THEMES),
    "DEFAULT_THEME": share.DEFAULT_THEME,
    "HEIGHT": embed.HEIGHT,
    "ERROR": embed.ERROR,
}
# ``ttr:`` names that are JavaScript's alone, never Python's: where each is spelt
OWN_NAMES = {
    "ttr:activate": {"static/boot.js", "static/sw.js"},      # the loader asks a waiting service worker to take over
    "ttr:python-snapshot": {"static/interpreter.mjs"},        # a performance measure (tests/bench_boot.py)
    "ttr:runtime": {"static/interpreter.mjs"},                # marks of the boot (tests/bench_boot.py)
    "ttr:archive": {"static/interpreter.mjs"},
    "ttr:python": {"index.html"},
    "ttr:imported": {"index.html"},
}


def site_scripts() -> list[Path]:
    return [ROOT / "index.html", *sorted((ROOT / "static").glob("*.js")), *sorted((ROOT / "static").glob("*.mjs"))]


def constants(text: str) -> dict[str, object]:
    """The top-level ``const NAME = <JSON value>;`` of a script."""
    found = {}
    for name, value in re.findall(r"^const (\w+) = ([\"\[].*?);", text, re.MULTILINE):
        try:
            found[name] = json.loads(value)
        except json.JSONDecodeError:
            pass
    return found


def test_the_loaders_copies_are_pythons():
    copies = constants(BOOT.read_text(encoding="utf-8"))
    for name, value in COPIES.items():
        assert copies.get(name) == value, f"static/boot.js: {name} is {copies.get(name)!r}, Python's is {value!r}"


def test_the_interpreters_wheel_is_the_configs():
    import build
    copies = constants((ROOT / "static/interpreter.mjs").read_text(encoding="utf-8"))
    assert copies["WHEEL"] == "./" + build.SVGWRITE_WHEEL.removeprefix("static/")


def test_the_loader_names_each_truth_once():
    text = BOOT.read_text(encoding="utf-8")
    rest = re.sub(r"^const (" + "|".join(COPIES) + r") = .*$", "", text, flags=re.MULTILINE)
    for value in (share.EMBED_KEY, *share.THEMES, embed.HEIGHT, embed.ERROR):
        for quoted in (json.dumps(value), f"'{value}'"):
            assert quoted not in rest, f"static/boot.js spells {quoted} beside its const: use the const"


def test_every_query_key_the_loaders_read_is_an_embed_option():
    for path in (BOOT, ROOT / "index.html"):
        text = path.read_text(encoding="utf-8")
        keys = set(re.findall(r"""\.(?:get|has)\(["'](\w+)["']\)""", text))
        assert keys, path
        assert keys <= share.EMBED_OPTIONS, f"{path.relative_to(ROOT)} reads {keys - share.EMBED_OPTIONS}"


def test_every_ttr_name_in_the_javascript_is_known():
    spelt: dict[str, set[str]] = {}
    for path in site_scripts():
        for name in re.findall(r"""["'`](ttr:[\w-]+)["'`]""", path.read_text(encoding="utf-8")):
            spelt.setdefault(name, set()).add(str(path.relative_to(ROOT)))
    for name, where in spelt.items():
        assert name in embed.MESSAGES or name in OWN_NAMES, f"{sorted(where)} name {name!r}, a message game.ui.embed does not"
        if name in OWN_NAMES:
            assert where == OWN_NAMES[name], (name, where)
    assert set(OWN_NAMES) <= set(spelt)


def test_the_loaders_messages_have_pythons_fields():
    text = BOOT.read_text(encoding="utf-8")
    sent = {name: set(re.findall(r"(?:^|,)\s*(\w+)\s*(?=[:,]|$)", fields.strip()))
            for name, fields in re.findall(r"tellHost\(\{ type: (\w+), (.*?)\}\);", text)}
    assert set(sent) == {"HEIGHT", "ERROR"}
    assert sent["HEIGHT"] == set(embed.height_message(1)) - {"type"}
    assert set(embed.error_message("x")) - {"type"} <= sent["ERROR"]       # the loader adds its reason key


def test_every_theme_the_style_sheet_styles_is_pythons():
    styled = set(re.findall(r"""data-theme=["'](\w+)["']""", (ROOT / "static/style.css").read_text(encoding="utf-8")))
    assert styled and styled <= set(share.THEMES)


def test_the_rules_page_listens_for_the_height_python_names():
    assert json.dumps(embed.HEIGHT) in rules_page.HOST_SCRIPT
    assert f"index.html?{share.EMBED_KEY}&" in rules_page.example_link("tunnels", "en", None)
