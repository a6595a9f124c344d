"""Player names: one normal form (NFC, trimmed), what makes a name unusable, and when two names look alike.

A name is at most ``MAX_NAME`` characters, holds no control, format (invisible), line or
paragraph separator characters, and shows at least one visible character.  Two names that
look the same (same skeleton: compatibility-normalised, case-folded, invisible characters
removed, spaces collapsed) cannot sit at one table:

>>> normal_name("  Zoe\\u0301 ") == "Zo\\u00e9"
True
>>> name_problem("A\\u200bnn"), name_problem("\\u3164"), name_problem("x" * 31)
('invisible', 'empty', 'long')
>>> skeleton("Bob") == skeleton("\\u202eboB") == skeleton("bob ") == "bob"
True
>>> lookalike(["Ann", "Bob", "ANN"])
(0, 2)
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

MAX_NAME = 30
# characters refused anywhere in a name: control, format (zero-width, bidi controls), separators,
# lone surrogates (unassigned code points pass: newer emoji are unassigned in older tables)
_REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Zl", "Zp", "Cs"})
# letters and symbols that draw nothing (fillers and blank patterns)
_BLANK = frozenset("\u115f\u1160\u3164\uffa0\u2800\u180e\u17b4\u17b5")


def normal_name(name: str) -> str:
    """The stored form of a name: NFC, without surrounding white space."""
    return unicodedata.normalize("NFC", name).strip()


def name_problem(name: str) -> str | None:
    """Why ``name`` (in its normal form) cannot be a player's name: ``long``, ``invisible``
    (a control or invisible formatting character), ``empty`` (nothing visible), or None."""
    if len(name) > MAX_NAME:
        return "long"
    if name.isascii():          # the common case, quickly: ASCII has no format or separator characters
        if not name.isprintable():
            return "invisible"
        return None if name.strip() else "empty"
    if any(unicodedata.category(c) in _REFUSED_CATEGORIES for c in name):
        return "invisible"
    if not any(c not in _BLANK and unicodedata.category(c)[0] in "LNPS" for c in name):
        return "empty"
    return None


def skeleton(name: str) -> str:
    """What a name looks like, for comparing names: NFKC, case-folded, invisible characters
    removed, runs of white space as one space, trimmed."""
    if name.isascii() and name.isprintable():       # NFKC leaves printable ASCII as it is
        return " ".join(name.lower().split())
    text = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())
    kept = "".join(c for c in text if unicodedata.category(c) not in _REFUSED_CATEGORIES and c not in _BLANK)
    return " ".join(kept.split())


def lookalike(names: Sequence[str]) -> tuple[int, int] | None:
    """The first two positions whose names look the same, or None."""
    seen: dict[str, int] = {}
    for i, name in enumerate(names):
        key = skeleton(name)
        if key in seen:
            return seen[key], i
        seen[key] = i
    return None
