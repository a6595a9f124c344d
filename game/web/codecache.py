"""The compiled methods of the game's dataclasses, taken from the archive rather than compiled
again in the page.

``dataclasses`` writes each class's methods (``__init__``, ``__eq__``, ``__repr__``, ...) as
Python source when the class is defined and compiles it with ``exec``: a few milliseconds a
class in WebAssembly, and about two hundred classes are defined before the first screen, the
largest part of importing the game (four times that on a phone).  The build records, in the
vendored Pyodide, the source of every dataclass's methods with its compiled code
(``builder/pyodide_compile.py``'s ``dataclass_code``, keyed by the source's SHA-256) into the
archive; :func:`install` makes ``dataclasses`` run that code for a source it knows, and compile
as before any other (a class the build did not see, or another Python's source: never wrong,
only slower).  Called by ``index.html`` before the game's first import.
"""

from __future__ import annotations

import builtins
import dataclasses
import hashlib
import marshal
import sys
from pathlib import Path
from types import CodeType
from typing import Any

TABLE = Path(__file__).resolve().parents[1] / "__pycache__" / f"dataclasses.{sys.implementation.cache_tag}.marshal"


class CodeCache:
    """``exec`` as ``dataclasses`` calls it, with the code kept for each source known;
    ``hits`` and ``misses`` counted (for tests and profiles)."""

    def __init__(self, table: dict[bytes, CodeType]) -> None:
        self.table = table
        self.hits = self.misses = 0

    def __call__(self, source: Any, globals_: Any = None, locals_: Any = None) -> None:
        code = self.table.get(hashlib.sha256(source.encode()).digest()) if isinstance(source, str) else None
        if code is None:
            self.misses += 1
            builtins.exec(source, globals_, locals_)  # noqa: S102 - as dataclasses would
        else:
            self.hits += 1
            builtins.exec(code, globals_, locals_)  # noqa: S102 - the build's code for that source


def install(table: Path = TABLE) -> CodeCache | None:
    """Have ``dataclasses`` use the kept code (None when the build made no table for this Python,
    as under CPython's tests, or it cannot be read: dataclasses compile as usual)."""
    try:
        kept = marshal.loads(table.read_bytes())
    except (OSError, ValueError, EOFError, TypeError):
        return None
    if not isinstance(kept, dict):
        return None
    cache = CodeCache(kept)
    setattr(dataclasses, "exec", cache)  # noqa: B010 - the name dataclasses looks the builtin up by
    return cache
