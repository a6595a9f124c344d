"""svgwrite for the command lines and the build, which run in the developer's own Python.

The board is drawn with svgwrite.  The page gets it from the pinned wheel that ``build.py``
downloads into ``static/vendor/`` and checks against its hash (``static/vendor.lock.json``);
a Python with nothing but its standard library imports the same wheel as it is (a wheel is a
zip of pure Python, which ``zipimport`` reads), so ``build.py serve`` and ``dist`` need
nothing installed by hand.  A Python that has svgwrite installed but no downloaded wheel yet
uses its own.  Only the commands that draw (``render``, ``embed``) and the build need it: the
engine, the AI and every other command import only the standard library.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

WHEEL = "static/vendor/svgwrite-1.4.3-py3-none-any.whl"     # relative to the project's root
ROOT = Path(__file__).resolve().parents[2]


class SvgwriteMissing(Exception):
    """Neither the downloaded wheel nor an installed svgwrite is there."""


def require() -> None:
    """Make ``import svgwrite`` work: the pinned wheel first (so what the build draws does not
    depend on whatever svgwrite the Python has), else an installed svgwrite; raise
    :class:`SvgwriteMissing`, which says how to get it, otherwise."""
    wheel = str(ROOT / WHEEL)
    if Path(wheel).is_file() and wheel not in sys.path and "svgwrite" not in sys.modules:
        sys.path.insert(0, wheel)
    if importlib.util.find_spec("svgwrite") is None:
        raise SvgwriteMissing(
            "drawing a board needs svgwrite 1.4.3, which this Python does not have: run "
            "`python3 build.py dist` once (it downloads the pinned wheel into static/vendor/, "
            "which the commands then use), or install it with `python3 -m pip install svgwrite==1.4.3`")
