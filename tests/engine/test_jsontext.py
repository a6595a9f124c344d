"""The one reader of outside JSON text: size and depth bounded before parsing, messages for all the rest."""

from __future__ import annotations

import pytest

from game import jsontext
from game.jsontext import MAX_DEPTH, JsonTextError, nesting_depth, read_json, shown


@pytest.mark.parametrize("text, depth", [
    ("", 0), ("1", 0), ("[]", 1), ('{"a": [[1]]}', 3), ('["[[[[", "\\"[[["]', 1), ('"]]]]"', 0),
    ("[" * 10 + "]" * 10, 10),
])
def test_depth_is_found_outside_strings(text, depth):
    assert nesting_depth(text) == depth


@pytest.mark.parametrize("text, words", [
    ("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), "nested more than 64"),
    ("[" * 1_000_000, "nested more than 64"),
    ('{"a": ' * 100_000, "nested more than 64"),
    ('{"a": NaN}', "NaN is not a JSON number"), ("[Infinity]", "Infinity is not a JSON number"),
    ("[-Infinity]", "-Infinity is not a JSON number"), ("1e400", "out of range"),
    ("9" * 41, "more than 40 characters"), ('{"k": 1, "k": 1}', "given twice"),
    ("{oops", "not valid JSON"), ("", "not valid JSON"), ("[1,]", "not valid JSON"),
    ("x" * (jsontext.MAX_CHARS + 1), "longer than 2,000,000 characters"),
    (b"\xff\xfe", "not UTF-8 text"), (None, "expected text, not NoneType"), (5, "expected text"),
])
def test_refusals_name_the_problem(text, words):
    with pytest.raises(JsonTextError, match=words):
        read_json(text)


def test_depth_at_the_limit_is_read():
    assert read_json("[" * MAX_DEPTH + "]" * MAX_DEPTH) is not None


def test_huge_text_is_refused_before_parsing(monkeypatch):
    text = "[" + "1," * 5_000_000 + "1]"

    def never(*args, **kwargs):
        raise AssertionError("the text was scanned or parsed")
    monkeypatch.setattr(jsontext, "nesting_depth", never)
    monkeypatch.setattr(jsontext.json, "loads", never)
    with pytest.raises(JsonTextError, match="longer than"):
        read_json(text)


def test_a_bracket_inside_a_string_cannot_hide_depth():
    # an escaped quote does not end the string; the brackets after the real end count
    text = '["\\"", ' + "[" * 100 + "]" * 100 + "]"
    with pytest.raises(JsonTextError, match="nested"):
        read_json(text)


@pytest.mark.parametrize("value, text", [
    ("abc", "'abc'"), ("x" * 100, repr("x" * 40 + "…")), (12, "12"), (10 ** 20, "a number"), (True, "true"),
    (None, "null"), ([1], "a list"), ({}, "an object"), (1.5, "a number"), (object(), "object"),
])
def test_values_are_shown_short_and_safely(value, text):
    assert shown(value) == text
