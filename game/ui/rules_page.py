"""The interactive rules page: the rules of both maps and of the Europe variants in short
sections, each with an example (``static/examples/*.json``): its first step's board, drawn at
build time, shows at once; a click on it puts the live board in its place (the embed page,
``docs/embed.md``), to step through.  ``build.py`` writes one page per language,
``static/build/rules-<language>.html``, and the boards, ``static/build/examples/<name>.svg``.

>>> page = rules_page("en")
>>> page.count('class="rules-static"'), "index.html?embed&amp;scenario=static/examples/tunnels.json" in page
(13, True)
"""

from __future__ import annotations

import html
import json

from game import i18n
from game.i18n import _
from game.share import EMBED_KEY
from game.ui.embed import HEIGHT

PAGE_PATH = "static/build/rules-{language}.html"     # relative to the site's root
BOARD_PATH = "static/build/examples/{name}.svg"      # an example's first board, relative to the site's root
SITE = "../../"                                      # the site's root, from the page
EXAMPLES = "static/examples/"                        # the examples' folder, from the site's root

# (the map's heading key, then its sections: (key prefix, example file, seat shown or None))
SECTIONS: tuple[tuple[str, tuple[tuple[str, str, int | None], ...]], ...] = (
    ("rules.usa", (
        ("rules.drawing", "drawing-cards", None),
        ("rules.claiming", "claiming-routes", 0),
        ("rules.double_small", "double-routes-2-3-players", None),
        ("rules.double_large", "double-routes-4-5-players", None),
        ("rules.longest", "longest-trail", None),
        ("rules.end", "end-of-game", None),
    )),
    ("rules.europe", (
        ("rules.ferry", "ferry", 0),
        ("rules.tunnels", "tunnels", 0),
        ("rules.station", "station", 0),
        ("rules.setup_europe", "setup-europe", 0),
        ("rules.setup_1912", "setup-1912", 0),
        ("rules.setup_mega", "setup-mega", 0),
        ("rules.setup_big_cities", "setup-big-cities", 0),
    )),
)

# The page is the host of its embeds: a click on a drawn board puts the live one in its place,
# and each frame takes the height its embed reports (docs/embed.md).
HOST_SCRIPT = """<script>
addEventListener("click", (event) => {
  const board = event.target.closest && event.target.closest("a.rules-static");
  if (!board) return;
  event.preventDefault();
  const frame = Object.assign(document.createElement("iframe"),
    { className: "rules-board", title: board.dataset.title, src: board.href });
  board.replaceWith(frame);
});
addEventListener("message", (event) => {
  const data = event.data;
  if (!data || data.type !== """ + json.dumps(HEIGHT) + """ || !Number.isFinite(data.height)) return;
  for (const frame of document.querySelectorAll("iframe.rules-board")) {
    if (frame.contentWindow === event.source) frame.style.height = `${Math.min(data.height, 4000)}px`;
  }
});
</script>"""


def example_link(name: str, language: str, seat: int | None) -> str:
    """The embed page's address for an example, from the rules page."""
    view = "none" if seat is None else str(seat)
    return f"{SITE}index.html?{EMBED_KEY}&scenario={EXAMPLES}{name}.json&view={view}&lang={language}"


def rules_page(language: str) -> str:
    """The rules page in ``language`` (every text from the catalogs, escaped)."""
    previous = i18n.language()
    i18n.set_language(language)
    try:
        return _page(language)
    finally:
        i18n.set_language(previous)


def _page(language: str) -> str:
    def e(text: str) -> str:
        return html.escape(text, quote=True)

    others = " ".join(f'<a href="rules-{code}.html" hreflang="{code}" lang="{code}">{e(i18n.language_name(code))}</a>'
                      for code in i18n.available_languages() if code != language)
    head = (f'<!doctype html>\n<html lang="{language}">\n<head>\n<meta charset="utf-8">\n'
             '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
             f'<title>{e(_("rules.title"))}</title>\n<link rel="stylesheet" href="theme.css">\n'
             '<link rel="stylesheet" href="../style.css">\n'
             f'{HOST_SCRIPT}\n</head>\n<body class="rules-page">\n<header>\n'
             f'<a href="{SITE}index.html">{e(_("rules.back"))}</a> <span class="rules-languages">{others}</span>\n'
             f'<h1>{e(_("rules.title"))}</h1>\n<p>{e(_("rules.intro"))}</p>\n</header>\n<main>\n')
    parts = [head]
    for heading, sections in SECTIONS:
        parts.append(f'<section class="rules-map">\n<h2>{e(_(heading))}</h2>\n<p>{e(_(heading + ".text"))}</p>\n')
        for key, name, seat in sections:
            title = _(key)
            board = BOARD_PATH.format(name=name).removeprefix("static/build/")
            parts.append(f'<section class="rules-section" id="{name}">\n<h3>{e(title)}</h3>\n'
                         f'<p>{e(_(key + ".text"))}</p>\n'
                         f'<a class="rules-static" href="{e(example_link(name, language, seat))}" data-title="{e(title)}">'
                         f'<img src="{board}" alt="{e(title)}" width="1500" height="1000" loading="lazy">'
                         f'<span>▶ {e(_("rules.step_through"))}</span></a>\n</section>\n')
        parts.append("</section>\n")
    parts.append("</main>\n</body>\n</html>\n")
    return "".join(parts)
