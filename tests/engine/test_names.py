"""Player names: normal form, unusable names, names that look alike."""

from __future__ import annotations

import pytest

from game.names import MAX_NAME, lookalike, name_problem, normal_name, skeleton


@pytest.mark.parametrize("name, problem", [
    ("Ann", None), ("Zoé", None), ("李小龙", None), ("🚂 Express", None), ("O'Brien-Smith", None), ("x" * MAX_NAME, None),
    ("x" * (MAX_NAME + 1), "long"), ("", "empty"), ("   ", "empty"), ("\u3164", "empty"), ("\u2800\u2800", "empty"),
    ("\u0301", "empty"), ("A\u200bnn", "invisible"), ("\u202eboB", "invisible"), ("Ann\n", "invisible"),
    ("A\x00", "invisible"), ("A\u2028B", "invisible"), ("A\u2029B", "invisible"), ("\ufeffAnn", "invisible"),
    ("A\ud800", "invisible"), ("\u2066Ann\u2069", "invisible"),
])
def test_name_problems(name, problem):
    assert name_problem(name) == problem


@pytest.mark.parametrize("a, b", [
    ("Bob", "bob"), ("Bob", "bob "), ("Bob", "\u202eboB"), ("Bob", "B\u200bob"), ("Bob", "ＢＯＢ"),
    ("Zoe\u0301", "zoé"), ("Anne  Marie", "anne marie"), ("STRASSE", "straße"),
])
def test_lookalikes(a, b):
    assert skeleton(a) == skeleton(b)
    assert lookalike(["Cy", a, b]) == (1, 2)


def test_different_names_stay_apart():
    assert lookalike(["Ann", "Anne", "Bob", "Bøb", "Zoe", "Zoé"]) is None


def test_normal_form():
    assert normal_name("  Zoe\u0301\t") == "Zo\u00e9"
    assert normal_name("Ann") == "Ann"
