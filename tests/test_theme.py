"""The look's values have one home, ``game.theme``: the stylesheet ``build.py`` generates from it
carries every one, and ``static/style.css`` reads them from there (no literal copy)."""

import re
from pathlib import Path

from game import theme
from game.ui.rules_page import rules_page

ROOT = Path(__file__).resolve().parents[1]
STYLE = (ROOT / "static" / "style.css").read_text("utf-8")
PROPERTY = re.compile(r"--([\w-]+):\s*([^;]+);")


def test_the_generated_stylesheet_has_every_value():
    generated = dict(PROPERTY.findall(theme.css()))
    assert generated == theme.properties()
    colours = {*theme.PLAYER_FILL.values(), *theme.ROUTE_FILL.values(), theme.SEA, theme.CLAIMABLE, theme.FOCUS,
               theme.DONE}
    durations = {f"{ms}ms" for ms in (theme.FLY_MS, theme.PLACE_MS, theme.STEP_MS, theme.REVEAL_MS)}
    assert colours | durations == set(generated.values())


def test_style_css_holds_no_copy_of_the_values_and_names_only_defined_properties():
    text = STYLE.lower()
    for name, value in theme.properties().items():
        copies = {value.lower()}
        if value.endswith("ms"):        # 420ms written as seconds
            seconds = f"{int(value[:-2]) / 1000:g}s"
            copies |= {seconds, seconds.removeprefix("0")}
        for copy in copies:
            assert not re.search(rf"(?<![\w.-]){re.escape(copy)}(?![\w-])", text), f"style.css copies --{name} ({copy})"
    defined = set(theme.properties()) | set(re.findall(r"--([\w-]+)\s*:", STYLE))
    used = set(re.findall(r"var\(--([\w-]+)", STYLE))
    assert used <= defined, f"style.css uses undefined properties: {sorted(used - defined)}"
    assert set(theme.properties()) & used        # it does read the theme


def test_the_pages_load_the_generated_stylesheet_before_style_css():
    page = (ROOT / "index.html").read_text("utf-8")
    assert 0 < page.index('href="./static/build/theme.css"') < page.index('href="./static/style.css"')
    rules = rules_page("en")        # in static/build/, beside theme.css
    assert 0 < rules.index('href="theme.css"') < rules.index('href="../style.css"')
