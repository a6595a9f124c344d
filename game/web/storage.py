"""The browser's localStorage as the game's storage backend (``game.ui.storage.Backend``): the one
module that touches it.

Reading never fails (a storage the browser refuses reads as empty); a write the browser
refuses raises ``StorageFull`` (quota exceeded), or ``StorageRefused`` when the browser keeps
no data for this site at all, so the game can say so and go on.
"""

from __future__ import annotations

import js
from pyodide.ffi import JsException

from game.ui.storage import StorageFull, StorageRefused


def usable() -> bool:
    """Whether the browser keeps data for this site (False: site data blocked, or a frame on
    another site whose storage is blocked)."""
    try:
        return js.localStorage is not None
    except JsException:
        return False


class LocalStorage:
    def get(self, key: str) -> str | None:
        try:
            text = js.localStorage.getItem(key)
        except JsException:
            return None
        return text if isinstance(text, str) else None

    def set(self, key: str, text: str) -> None:
        try:
            storage = js.localStorage
        except JsException as exc:
            raise StorageRefused(str(exc)) from None
        try:
            storage.setItem(key, text)
        except JsException as exc:
            raise StorageFull(str(exc)) from None

    def remove(self, key: str) -> None:
        try:
            js.localStorage.removeItem(key)
        except JsException:
            pass

    def names(self) -> list[str]:
        try:
            storage = js.localStorage
            return [storage.key(i) for i in range(storage.length)]
        except JsException:
            return []
