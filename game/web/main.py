"""The page's entry (``index.html`` awaits :func:`start` once Pyodide has unpacked ``game/``):
speaks the language the loader chose, then gives the page to the game (``game.web.app``) or,
for ``index.html?embed``, to the lesson (``game.web.embed``, imported only then)."""

from __future__ import annotations

import js

from game.ui.embed import is_embed
from game.web import app, catalogs


async def start() -> None:
    """Take over the page from the loader, once its language's catalog is here; the page chosen
    sets ``data-game-ready`` when it is interactive."""
    notice = await catalogs.use_language(js.document.documentElement.lang)
    root = js.document.getElementById("app")
    if is_embed(str(js.location.search)):
        if notice:
            js.console.warn(notice)        # the lesson goes on in English
        from game.web import embed  # the full game never needs it
        embed.start(root)
        return
    app.start(root, notice)
