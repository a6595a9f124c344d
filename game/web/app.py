"""Start the game in the page: language, the preview of the map, clicks, saved selection, ready.

This is the first slice of the browser adapter; the board, the game screens and the saved
games will be wired in here as they arrive.
"""

from __future__ import annotations

import js
from pyodide.ffi import create_proxy

from game import i18n
from game.i18n import _
from game.mapdata import GameMap, load_map
from game.web import storage
from game.web.preview import network_svg

MAP_ID = "usa"
SELECTED_KEY = "preview.selected"

_handlers = []   # keeps the click proxies alive as long as the page


class Preview:
    """The map preview on the start page: redraws itself when a city is clicked."""

    def __init__(self, game_map: GameMap, root):
        self.map = game_map
        document = js.document
        title = document.createElement("h1")
        title.textContent = _("preview.title", map=game_map.name,
                              cities=len(game_map.cities), routes=len(game_map.routes))
        self.figure = document.createElement("div")
        self.figure.className = "preview"
        self.status = document.createElement("p")
        self.status.className = "preview-status"
        self.status.setAttribute("aria-live", "polite")
        root.replaceChildren(title, self.figure, self.status)
        handler = create_proxy(self.on_click)
        _handlers.append(handler)
        self.figure.addEventListener("click", handler)

    def show(self, selected: str | None, message: str) -> None:
        self.figure.innerHTML = network_svg(self.map, selected)
        self.status.textContent = message

    def describe(self, city_id: str) -> str:
        city = self.map.city(city_id)
        return _("preview.selected", city=city.name, count=len(self.map.routes_at(city_id)))

    def on_click(self, event) -> None:
        target = event.target.closest("[data-city]")
        if target is None:
            return
        city_id = target.getAttribute("data-city")
        if not self.map.has_city(city_id):
            return
        storage.save(SELECTED_KEY, city_id)
        self.show(city_id, self.describe(city_id))

    def restore(self) -> None:
        saved = storage.load(SELECTED_KEY)
        if isinstance(saved, str) and self.map.has_city(saved):
            self.show(saved, f"{_('preview.restored', city=self.map.city(saved).name)} "
                             f"{self.describe(saved)}")
        else:
            self.show(None, _("preview.hint"))


def start() -> None:
    """Take over the page from the loader; sets ``data-game-ready`` when it is interactive."""
    document = js.document
    i18n.set_language(document.documentElement.lang)
    app = document.getElementById("app")
    Preview(load_map(MAP_ID), app).restore()
    app.hidden = False
    document.documentElement.setAttribute("data-game-ready", "")
