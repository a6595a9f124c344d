"""Every module's docstring examples run: each module of ``game`` that CPython can import (all
but the browser glue, ``game.web``, which needs the page's ``js``, and ``game.__main__``) is
one test."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import game

BROWSER_ONLY = "game.web"
ENTRY_POINT = "game.__main__"       # runs the command line when imported
MODULES = sorted(info.name for info in pkgutil.walk_packages(game.__path__, "game.")
                 if info.name != ENTRY_POINT and info.name != BROWSER_ONLY
                 and not info.name.startswith(BROWSER_ONLY + "."))


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples in {name} failed"


def test_every_module_is_collected():
    assert "game.rules" in MODULES and "game.board.shapes" in MODULES and len(MODULES) > 30
