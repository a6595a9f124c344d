"""The CLDR tables the game writes numbers and lists by (``game/locales/cldr.json``), taken
from Babel's copy of CLDR: ``python3 build.py cldr`` rewrites the file, a test checks it is
current.  Babel is a build and test tool only; the game reads the JSON file (``game.cldr``)."""

from __future__ import annotations

import json

from game import i18n

# CLDR's list-pattern parts: two items; then, for three or more, the first pair, each middle
# pair, the last pair.
LIST_PARTS = ("2", "start", "middle", "end")
# characters written escaped in the file, to be told apart from a space
INVISIBLE = "\u00a0\u202f"


def tables() -> dict[str, dict[str, object]]:
    """For each shipped language: CLDR's decimal and grouping symbols (Latin digits) and its
    standard ("and") list pattern.  (A negative number is written with "-", as Babel does.)"""
    from babel import Locale  # a test tool: imported only when the tables are rebuilt

    out: dict[str, dict[str, object]] = {}
    for code in i18n.LANGUAGES:
        locale = Locale.parse(code.replace("-", "_"))
        symbols = locale.number_symbols["latn"]
        pattern = locale.list_patterns["standard"]
        out[code] = {"decimal": symbols["decimal"], "group": symbols["group"],
                     "and": {part: pattern[part] for part in LIST_PARTS}}
    return out


def _visible(text: str) -> str:
    """JSON text with the spaces and signs that look alike (the no-break spaces) escaped."""
    for char in INVISIBLE:
        text = text.replace(char, f"\\u{ord(char):04x}")
    return text


def text() -> str:
    """The file's content: the tables as JSON, one language a line, the Babel version named."""
    import babel

    lines = [f'  "{code}": {_visible(json.dumps(table, ensure_ascii=False, sort_keys=True))}'
             for code, table in tables().items()]
    return ('{\n  "source": "CLDR through Babel ' + babel.__version__ + ' (python3 build.py cldr)",\n'
            + ",\n".join(lines) + "\n}\n")
