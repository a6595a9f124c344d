"""The checks a message's fields are read with (``game.net.protocol``): each is a predicate whose
docstring says what it wants, for the error that names a field.

>>> whole(0, 5)(3), whole(0, 5)(True), whole(0, 5).__doc__
(True, False, 'a whole number from 0 to 5')
>>> optional(text(3))(None), list_of(one_of(("a", "b")), 1, 2)(["a", "c"])
(True, False)
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

Check = Callable[[Any], bool]


def whole(low: int, high: int) -> Check:
    def check(value: Any) -> bool:
        return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high
    check.__doc__ = f"a whole number from {low:,} to {high:,}"
    return check


def text(limit: int) -> Check:
    def check(value: Any) -> bool:
        return isinstance(value, str) and 0 < len(value) <= limit
    check.__doc__ = f"text of 1 to {limit:,} characters"
    return check


def pattern(regex: re.Pattern[str], what: str) -> Check:
    def check(value: Any) -> bool:
        return isinstance(value, str) and regex.fullmatch(value) is not None
    check.__doc__ = what
    return check


def one_of(values: tuple[str, ...]) -> Check:
    def check(value: Any) -> bool:
        return isinstance(value, str) and value in values
    check.__doc__ = f"one of {', '.join(values)}"
    return check


def optional(inner: Check) -> Check:
    def check(value: Any) -> bool:
        return value is None or inner(value)
    check.__doc__ = f"null or {inner.__doc__}"
    return check


def list_of(inner: Check, low: int, high: int) -> Check:
    def check(value: Any) -> bool:
        return isinstance(value, list) and low <= len(value) <= high and all(inner(v) for v in value)
    check.__doc__ = f"a list of {low:,} to {high:,} items, each {inner.__doc__}"
    return check
