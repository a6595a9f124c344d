"""The one reader of outside JSON text (saves, the saves index, scenario files, AI messages): bounded size and depth.

``read_json`` refuses, with a :class:`JsonTextError` (a ``ValueError``) whose message names the
problem, any text that is not JSON, longer than ``max_chars`` (checked before parsing), nested
deeper than ``MAX_DEPTH`` (found by scanning the text first, so the parser never recurses
deeply), or holding ``NaN``/``Infinity``, numbers out of range or a key given twice in one object:

>>> read_json('{"a": [1, 2.5, "x"]}')
{'a': [1, 2.5, 'x']}
>>> for text in ("[" * 100 + "]" * 100, '{"a": 1, "a": 2}'):
...     try:
...         read_json(text)
...     except JsonTextError as exc:
...         print(exc)
nested more than 64 levels deep
the key 'a' is given twice in one object
"""

from __future__ import annotations

import itertools
import json
import math
import re
from typing import Any

MAX_CHARS = 2_000_000        # far above any real save (a long game is ~20 kB)
MAX_DEPTH = 64               # a scenario nests 6 levels deep, an AI request about 8
MAX_NUMBER_DIGITS = 40       # longer number literals are refused (no real field needs them)

_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


class JsonTextError(ValueError):
    """Text that is not acceptable JSON; the message says why."""


def nesting_depth(text: str) -> int:
    """The deepest bracket nesting outside strings (without parsing, without recursion)."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    if len(brackets) <= 1:
        return len(brackets)
    return max(itertools.accumulate(_STEP[c] for c in brackets))


def _no_constant(name: str) -> Any:
    raise JsonTextError(f"{name} is not a JSON number")


def _number(text: str, kind: type) -> Any:
    if len(text) > MAX_NUMBER_DIGITS:
        raise JsonTextError(f"the number {text[:12]}… has more than {MAX_NUMBER_DIGITS} characters")
    value = kind(text)
    if kind is float and not math.isfinite(value):
        raise JsonTextError(f"the number {text} is out of range")
    return value


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    data = dict(pairs)
    if len(data) != len(pairs):
        seen: set[str] = set()
        for key, _value in pairs:
            if key in seen:
                raise JsonTextError(f"the key {key[:40]!r} is given twice in one object")
            seen.add(key)
    return data


def kind_of(value: Any) -> str:
    """A value's JSON kind, for messages (``a list``, ``text``, ...)."""
    return {bool: "a boolean", int: "a number", float: "a number", str: "text", list: "a list", dict: "an object",
            type(None): "null"}.get(type(value), type(value).__name__)


def shown(value: Any) -> str:
    """A value from outside, shown in a one-line message: short, and safe whatever it is."""
    if isinstance(value, str):
        return repr(value[:40] + "…" if len(value) > 40 else value)
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) < 10 ** 12:
        return str(value)
    if value is None or isinstance(value, bool):
        return json.dumps(value)
    return kind_of(value)


def read_json(text: Any, max_chars: int = MAX_CHARS) -> Any:
    """The JSON value in ``text`` (see the module docstring for what is refused)."""
    if isinstance(text, (bytes, bytearray)):
        if len(text) > 4 * max_chars:
            raise JsonTextError(f"the text is longer than {max_chars:,} characters")
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise JsonTextError(f"not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    if not isinstance(text, str):
        raise JsonTextError(f"expected text, not {type(text).__name__}")
    if len(text) > max_chars:
        raise JsonTextError(f"the text is longer than {max_chars:,} characters")
    if nesting_depth(text) > MAX_DEPTH:
        raise JsonTextError(f"nested more than {MAX_DEPTH} levels deep")
    try:
        return json.loads(text, object_pairs_hook=_object, parse_constant=_no_constant,
                          parse_int=lambda s: _number(s, int), parse_float=lambda s: _number(s, float))
    except JsonTextError:
        raise
    except RecursionError:      # cannot happen after the depth scan; kept as a message all the same
        raise JsonTextError(f"nested more than {MAX_DEPTH} levels deep") from None
    except ValueError as exc:
        raise JsonTextError(f"not valid JSON: {exc}") from None
