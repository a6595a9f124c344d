"""Numbers and lists written as the current language writes them, by CLDR's tables.

The tables (decimal and grouping symbols; the "and" list pattern) are in
``game/locales/cldr.json``, written from Babel's CLDR data by ``python3 build.py cldr``
(``builder/cldr.py``; a test checks the file is current), so the game needs only the standard
library.  Plural rules are CLDR's too, but gettext reads them from each catalog's
``Plural-Forms`` header (``game/i18n.py``).

>>> from game import i18n
>>> _ = i18n.set_language("fr"); decimal(12345.25, 2), join(["Ada", "Bea", "Cy"])
('12\\u202f345,25', 'Ada, Bea et Cy')
>>> _ = i18n.set_language("zh-Hant"); join(["志明", "雅婷", "家豪"]), parts(["台北 – 高雄", "隧道"])
('志明、雅婷和家豪', '台北 – 高雄、隧道')
>>> _ = i18n.set_language("en"); decimal(3.5), join(["Ada", "Bea"]), join(["Ada"]), join([])
('3.5', 'Ada and Bea', 'Ada', '')
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterable
from typing import Any

from game import i18n

TABLES = i18n.LOCALES_DIR / "cldr.json"


@functools.cache
def tables() -> dict[str, Any]:
    """Every shipped language's table, read once."""
    data: dict[str, Any] = json.loads(TABLES.read_text(encoding="utf-8"))
    return data


def _table() -> dict[str, Any]:
    table: dict[str, Any] = tables()[i18n.language()]
    return table


def decimal(value: float, digits: int = 1) -> str:
    """``value`` with ``digits`` fraction digits (kept when zero), grouped by thousands, in
    the current language's symbols.

    >>> _ = i18n.set_language("hu"); decimal(1.25, 2), decimal(-3.0)
    ('1,25', '-3,0')
    >>> _ = i18n.set_language("nb"); decimal(-1234.5)
    '-1\\xa0234,5'
    >>> _ = i18n.set_language("en")
    """
    table = _table()
    whole, _, fraction = f"{abs(value):,.{digits}f}".partition(".")
    sign = "-" if value < 0 and float(f"{value:.{digits}f}") != 0 else ""
    return sign + whole.replace(",", table["group"]) + (table["decimal"] + fraction if fraction else "")


def join(items: Iterable[str]) -> str:
    """Items as one "A, B and C" list, by the language's CLDR list pattern ("" if none)."""
    listed = list(items)
    pattern = _table()["and"]
    if len(listed) < 2:
        return "".join(listed)
    if len(listed) == 2:
        return str(pattern["2"]).format(*listed)
    text = str(pattern["end"]).format(listed[-2], listed[-1])
    for item in reversed(listed[1:-2]):
        text = str(pattern["middle"]).format(item, text)
    return str(pattern["start"]).format(listed[0], text)


def parts(items: Iterable[str]) -> str:
    """Items that describe one thing ("Denver – Omaha, 4 spaces, gray, tunnel"), each joined to
    the next by the list pattern's middle (", "; "、" in Chinese and Japanese), no "and"."""
    listed = list(items)
    middle = str(_table()["and"]["middle"])
    text = listed[-1] if listed else ""
    for item in reversed(listed[:-1]):
        text = middle.format(item, text)
    return text
