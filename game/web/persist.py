"""Storage that lasts (#17): the saved-games screen's line about whether this browser keeps
the saves for good, suggesting an export when it may clear them.

The request itself (``navigator.storage.persist()``) is made by ``static/boot.js`` as soon as
the first game is on the table, hence saved; its answer is ``globalThis.ttrStorageRequest``.
The line is returned at once, with no text, and filled once the browser answers: the
request's answer when one was made (``persisted()`` may still say no while it is pending),
else ``persisted()``.  It stays hidden if the browser has no Storage API to ask.  Where the
browser keeps no data for this site at all (site data blocked), it says at once that games
are not saved.
"""

from __future__ import annotations

import js
from pyodide.ffi import create_once_callable

from game.i18n import _
from game.web import storage as storage_module
from game.web.dom import Node, el

PERSISTENT_KEY = "storage.persistent"
NOT_PERSISTENT_KEY = "storage.not_persistent"
REFUSED_KEY = "storage.refused"


def storage_text(persistent: bool) -> str:
    return _(PERSISTENT_KEY if persistent else NOT_PERSISTENT_KEY)


def storage_line() -> Node:
    """A ``<p>`` for the saved-games screen, filled once the browser says whether storage is
    persistent (``data-persistent`` is then "true" or "false"), or at once that it keeps
    nothing for this site ("refused")."""
    line = el("p", None, cls="storage-line", role="note")
    if not storage_module.usable():        # nothing is kept at all: say so at once
        line.textContent = _(REFUSED_KEY)
        line.dataset.persistent = "refused"
        line.classList.add("warn")
        return line
    storage = getattr(js.navigator, "storage", None)
    if storage is None or not hasattr(storage, "persisted"):
        return line

    def show(persistent) -> None:
        persistent = bool(persistent)
        line.textContent = storage_text(persistent)
        line.dataset.persistent = "true" if persistent else "false"
        line.classList.toggle("warn", not persistent)

    request = getattr(js.globalThis, "ttrStorageRequest", None)
    answer = request if request is not None else storage.persisted()
    answer.then(create_once_callable(show), create_once_callable(lambda _error: show(False)))
    return line
