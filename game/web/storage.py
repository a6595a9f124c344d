"""Keep small JSON values in the browser's localStorage, under keys starting with ``ttr.``.

Reading never fails: a missing, unreadable or corrupt value reads as ``None`` and is left in
place (nothing is lost); writing reports failure (storage full or disabled) as ``False``.
"""

from __future__ import annotations

import json

import js
from pyodide.ffi import JsException

PREFIX = "ttr."


def load(key: str) -> object | None:
    """The value saved under ``key``, or ``None``."""
    try:
        text = js.localStorage.getItem(PREFIX + key)
    except JsException:
        return None
    if not isinstance(text, str):   # JS null: nothing saved
        return None
    try:
        return json.loads(text)
    except ValueError:
        js.console.warn(f"Ignoring the unreadable saved value {PREFIX + key!r}")
        return None


def save(key: str, value: object) -> bool:
    """Save ``value`` (JSON-serialisable) under ``key``; ``False`` if the browser refused."""
    try:
        js.localStorage.setItem(PREFIX + key, json.dumps(value))
    except JsException:
        return False
    return True
