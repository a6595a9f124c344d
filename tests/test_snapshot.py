"""Which modules the snapshot of Python's start holds (game/snapshot.py, docs/offline.md)."""

import json
import sys
import types

import pytest

from game import snapshot

HOME = "/home/pyodide"
PATH = ["", HOME, "/lib/python314.zip", "/lib/python3.14/lib-dynload", "/lib/python3.14/site-packages"]


def module(origin):
    return types.SimpleNamespace(__spec__=None if origin is None else types.SimpleNamespace(origin=origin))


def test_the_page_modules_kept_are_the_libraries_and_the_game_but_the_adapter():
    loaded = {
        "json": module("/lib/python314.zip/json/__init__.py"),
        "_json": module("/lib/python3.14/lib-dynload/_json.so"),
        "sys": module("built-in"), "_frozen_importlib": module("frozen"),
        "svgwrite": module("/lib/python3.14/site-packages/svgwrite/__init__.py"),
        "game": module(f"{HOME}/game/__init__.py"), "game.ui.controller": module(f"{HOME}/game/ui/controller.py"),
        "game.web": module(f"{HOME}/game/web/__init__.py"), "game.web.app": module(f"{HOME}/game/web/app.py"),
        "pyscript": module(f"{HOME}/pyscript/__init__.py"),      # PyScript's own, in the working folder
        "js": module(None), "__main__": types.SimpleNamespace(),  # no file at all
        "namespace": module("namespace"),                        # not a file either
    }
    assert snapshot.select(loaded, PATH, HOME + "/") == [
        "_frozen_importlib", "_json", "game", "game.ui.controller", "json", "svgwrite", "sys"]


def test_the_page_modules_of_this_python_are_json_and_leave_out_the_adapter():
    names = json.loads(snapshot.page_modules())
    assert "sys" in names and "game.snapshot" in names and "json" in names
    assert not any(name.startswith("game.web") for name in names)


def test_preload_imports_every_module_named_and_an_error_stops_it():
    sys.modules.pop("colorsys", None)
    snapshot.preload(["colorsys"])
    assert "colorsys" in sys.modules
    with pytest.raises(ModuleNotFoundError):
        snapshot.preload(["no_such_module_here"])
