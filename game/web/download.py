"""A file offered to the player's browser to save (an exported game or save)."""

from __future__ import annotations

import js
from pyodide.ffi import create_once_callable, to_js

from game.ui.outcome import Download
from game.web.dom import el


def download(file: Download) -> None:
    """Offer ``file.text`` as the file ``ticket-to-ride-<name>.json``."""
    blob = js.Blob.new(to_js([file.text]), to_js({"type": "application/json"}, dict_converter=js.Object.fromEntries))
    url = js.URL.createObjectURL(blob)
    link = el("a", None, href=url, download=f"ticket-to-ride-{file.name}.json")
    js.document.body.append(link)
    link.click()
    link.remove()
    js.setTimeout(create_once_callable(lambda: js.URL.revokeObjectURL(url)), 1000)
