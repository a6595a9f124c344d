"""The browser's localStorage as a save backend (``game.ui.saves.Backend``).

Reading never fails (a storage the browser refuses reads as empty); a write the browser
refuses (quota exceeded, storage disabled) raises ``StorageFull`` so the game can say so and
go on.
"""

from __future__ import annotations

import js
from pyodide.ffi import JsException

from game.ui.saves import StorageFull


class LocalStorage:
    def get(self, key: str) -> str | None:
        try:
            text = js.localStorage.getItem(key)
        except JsException:
            return None
        return text if isinstance(text, str) else None

    def set(self, key: str, text: str) -> None:
        try:
            js.localStorage.setItem(key, text)
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
