"""Which modules a memory snapshot of Python's start holds (``static/interpreter.mjs``,
``docs/offline.md``): those the page has imported from the standard library, the packages and
the game's archive, but the browser adapter (``game.web``, which needs the page) and whatever
else lives in the page's working directory (PyScript's own package).

A snapshot is made in a Web Worker before any game exists: importing these modules runs
their top-level code only, and none of them keeps a game, a save or a random state there.

>>> import types
>>> def module(origin):
...     return types.SimpleNamespace(__spec__=types.SimpleNamespace(origin=origin))
>>> loaded = {"json": module("/lib/python314.zip/json/__init__.py"), "sys": module("built-in"),
...           "svgwrite": module("/lib/python3.14/site-packages/svgwrite/__init__.py"),
...           "game.rules": module("/home/pyodide/game/rules.py"),
...           "game.web.app": module("/home/pyodide/game/web/app.py"),
...           "pyscript": module("/home/pyodide/pyscript/__init__.py"), "js": module(None)}
>>> select(loaded, ["", "/lib/python314.zip", "/lib/python3.14/site-packages"], "/home/pyodide")
['game.rules', 'json', 'svgwrite', 'sys']
"""

from __future__ import annotations

import importlib
import json
import os
import sys
from collections.abc import Iterable, Mapping

BUILT_IN = ("built-in", "frozen")
ADAPTER = "game/web/"


def select(modules: Mapping[str, object], path: Iterable[str], home: str) -> list[str]:
    """The names of ``modules`` (as ``sys.modules``) whose file is in one of the folders or
    archives of ``path`` (as ``sys.path``) other than ``home``, or under ``home``'s ``game/``
    outside the browser adapter, or that are built into Python; sorted."""
    home = home.rstrip("/") + "/"
    libraries = tuple(entry.rstrip("/") + "/" for entry in path
                      if entry.startswith("/") and entry.rstrip("/") + "/" != home)
    chosen = []
    for name, module in modules.items():
        origin = getattr(getattr(module, "__spec__", None), "origin", None)
        if not isinstance(origin, str):
            continue
        if (origin in BUILT_IN or origin.startswith(libraries)
                or (origin.startswith(home + "game/") and not origin.startswith(home + ADAPTER))):
            chosen.append(name)
    return sorted(chosen)


def page_modules() -> str:
    """What :func:`select` keeps of this Python's modules, as a JSON list (the page's side)."""
    return json.dumps(select(sys.modules, sys.path, os.getcwd()))


def preload(names: Iterable[str]) -> None:
    """Import every module named (the snapshot maker's side); an import error propagates, and
    the snapshot is then not made."""
    for name in names:
        importlib.import_module(name)
