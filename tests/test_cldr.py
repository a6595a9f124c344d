"""Numbers and lists as each language writes them: the committed CLDR tables are what Babel's
CLDR gives, and the game's decimals and lists equal Babel's for every shipped language."""

from pathlib import Path

import pytest

from game import cldr, i18n

babel = pytest.importorskip("babel")
from babel import Locale, lists, numbers

from builder import cldr as cldr_tables

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def _locale(language: str) -> Locale:
    return Locale.parse(language.replace("-", "_"))


def test_the_committed_tables_are_what_babel_gives():
    assert cldr.TABLES.read_text("utf-8") == cldr_tables.text(), "run `python3 build.py cldr`"
    assert set(cldr.tables()) - {"source"} == set(i18n.LANGUAGES)


@pytest.mark.parametrize("language", i18n.LANGUAGES)
@pytest.mark.parametrize("value, digits", [(1.5, 1), (3.0, 1), (0.25, 2), (1234.5, 1),
                                           (1234567.75, 2), (-12345.6, 1), (12.0, 0)])
def test_decimals_are_babels(language, value, digits):
    i18n.set_language(language)
    pattern = "#,##0" + ("." + "0" * digits if digits else "")
    assert cldr.decimal(value, digits) == numbers.format_decimal(value, pattern, locale=_locale(language))


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_lists_are_babels(language):
    i18n.set_language(language)
    for count in range(1, 6):
        items = ["Ada", "{bea}", "Cy", "Dot", "Eve"][:count]
        assert cldr.join(items) == lists.format_list(items, locale=_locale(language)), (language, count)
    assert cldr.join([]) == ""


def test_a_reviews_points_are_written_with_the_languages_decimal_symbol():
    from game.ui.review import points_text
    written = {}
    for language in i18n.LANGUAGES:
        i18n.set_language(language)
        written[language] = points_text(3.5)
    assert {code for code, text in written.items() if text == "3,5"} == {
        "fr", "hu", "is", "sl", "sr-Latn", "hr", "nb"}
    assert {code for code, text in written.items() if text == "3.5"} == {"en", "ja", "zh-Hant"}


def test_descriptions_and_lists_in_chinese_use_its_commas():
    i18n.set_language("zh-Hant")
    assert cldr.parts(["A", "B", "C"]) == "A、B、C"
    assert cldr.join(["A", "B", "C"]) == "A、B和C"
    i18n.set_language("fr")
    assert cldr.parts(["A", "B", "C"]) == "A, B, C"
    assert cldr.parts([]) == ""
