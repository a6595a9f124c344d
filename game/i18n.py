"""Translate user-visible text: ``_(key, **params)`` is the one function every string goes through.

The catalogs are gettext PO files in ``game/locales/`` (``en.po``, ``fr.po``, …; the template
is ``game.pot``), whose message ids are the keys (``board.route``).  ``build.py`` compiles them
to MO files: English, the reference, in the game archive, every other language beside it, which
the page fetches for the language chosen and hands over with :func:`provide_catalog`.  The
standard library's :mod:`gettext` reads them, in CPython and in the browser alike (from the
source tree, a PO file is compiled in memory).  Catalogs load lazily, one language at a time;
English is read only if a key is missing.
Parameters fill ``{name}`` placeholders; a ``count`` parameter picks the plural form by the
language's CLDR rule (each catalog's ``Plural-Forms`` header).  Keys under ``boot.`` are also
shown by the loader before Python starts (``build.py`` hands them to ``static/boot.js``).

>>> set_language("en")
'en'
>>> _("board.route", a="Denver", b="Omaha", count=4, colour=_("colour.gray"))
'Denver – Omaha, 4 spaces, gray'
>>> _("board.route", a="Omaha", b="Kansas City", count=1, colour=_("colour.gray"))
'Omaha – Kansas City, 1 space, gray'
>>> set_language("fr-CA")
'fr'
>>> set_language("zh-TW")
'zh-Hant'
>>> set_language("xx")
'en'
"""

from __future__ import annotations

import functools
import gettext
import io
import string
import struct
from pathlib import Path

from game import pofile
from game.mapdata import CARD_KINDS, ROUTE_COLOURS

LOCALES_DIR = Path(__file__).with_name("locales")
DEFAULT_LANGUAGE = "en"

# The shipped languages (each complete), named in their own language for the picker.
LANGUAGES = {
    "en": "English",
    "fr": "Français",
    "hu": "Magyar",
    "zh-Hant": "繁體中文",
    "ja": "日本語",
    "is": "Íslenska",
    "sl": "Slovenščina",
    "sr-Latn": "Srpski (latinica)",
    "hr": "Hrvatski",
    "nb": "Norsk bokmål",
}
# Language tags (lower case) that mean a shipped language under another name.
ALIASES = {
    "zh-tw": "zh-Hant", "zh-hk": "zh-Hant", "zh-mo": "zh-Hant",
    "sr": "sr-Latn", "sr-rs": "sr-Latn", "sr-me": "sr-Latn", "sr-ba": "sr-Latn",
    "no": "nb", "nn": "nb",
}

_language = DEFAULT_LANGUAGE
_provided: dict[str, gettext.GNUTranslations] = {}     # catalogs handed over by the page

# the keys naming the game's colours and kinds of train card
COLOUR_KEYS = {colour: "colour." + colour for colour in ROUTE_COLOURS}
CARD_KEYS = {kind: "card." + kind for kind in CARD_KINDS}


def available_languages() -> tuple[str, ...]:
    """The codes of every shipped catalog, English first."""
    return tuple(LANGUAGES)


def match_language(wanted: str | None) -> str | None:
    """The shipped language a language tag asks for (``fr-CA`` → ``fr``, ``zh-Hant-TW`` →
    ``zh-Hant``, ``no`` → ``nb``), or None.  Before Python runs, the page matches with one copy
    in JavaScript and the same table (``static/language.js``, for ``static/boot.js`` and the
    file:// notice in ``index.html``); ``tests/test_language_copies.py`` checks that it chooses
    as this does."""
    tag = (wanted or "").strip().lower().replace("_", "-")
    codes = {code.lower(): code for code in LANGUAGES} | ALIASES
    while tag:
        if tag in codes:
            return codes[tag]
        tag = tag.rpartition("-")[0]
    return None


def source_entries(language: str) -> list[pofile.Entry]:
    """The entries of a catalog's PO file, header included (source tree only: build, tests)."""
    return pofile.read_po((LOCALES_DIR / f"{language}.po").read_text(encoding="utf-8"))


@functools.cache
def catalog(language: str) -> dict[str, tuple[str, ...]]:
    """A catalog's texts from its PO file, by key: one form, or one per plural form (read once
    per process: tests ask for it per refusal)."""
    return {entry.msgid: entry.forms for entry in source_entries(language) if entry.msgid}


def provide_catalog(language: str, data: bytes) -> None:
    """Use ``data``, the compiled catalog of ``language`` that the page fetched; ValueError
    if it is not one (a damaged download, another language's file).

    >>> provide_catalog("hu", b"not a catalog")
    Traceback (most recent call last):
    ValueError: the catalog of 'hu' is damaged (Bad magic number)
    """
    if language not in LANGUAGES:
        raise ValueError(f"{language!r} is not a shipped language")
    try:
        read = gettext.GNUTranslations(io.BytesIO(data))
    except (OSError, struct.error, UnicodeDecodeError, ValueError, IndexError) as exc:
        raise ValueError(f"the catalog of {language!r} is damaged ({exc.args[-1] if exc.args else exc})") from exc
    says = read.info().get("language", language)      # PO headers write zh_Hant for zh-Hant
    if says.replace("_", "-").lower() != language.lower():
        raise ValueError(f"the catalog of {language!r} is for {says!r}")
    _provided[language] = read


def has_catalog(language: str) -> bool:
    """Whether ``language``'s catalog is here: handed over, in the archive or in the source tree."""
    return (language in _provided or (LOCALES_DIR / f"{language}.mo").is_file()
            or (LOCALES_DIR / f"{language}.po").is_file())


def catalog_bytes(language: str) -> bytes:
    """The compiled catalog of ``language``: its MO file (the game archive), else its PO file
    compiled in memory (the source tree)."""
    compiled = LOCALES_DIR / f"{language}.mo"
    if compiled.is_file():
        return compiled.read_bytes()
    return pofile.compile_mo(source_entries(language))


@functools.cache
def translations(language: str) -> gettext.GNUTranslations:
    """The catalog of one shipped language, read by the standard library's gettext (or as
    the page handed it over)."""
    if language not in LANGUAGES:
        raise KeyError(f"{language!r} is not a shipped language")
    if language in _provided:
        return _provided[language]
    return gettext.GNUTranslations(io.BytesIO(catalog_bytes(language)))


def set_language(code: str | None) -> str:
    """Use the catalog that best matches ``code``; return the one chosen (English if none
    matches, or if the one that does is not here: see :func:`has_catalog`)."""
    global _language
    chosen = match_language(code) or DEFAULT_LANGUAGE
    _language = chosen if has_catalog(chosen) else DEFAULT_LANGUAGE
    return _language


def language() -> str:
    """The language in use."""
    return _language


def language_name(code: str) -> str:
    """A language's name in that language, for a language picker.

    >>> language_name("fr")
    'Français'
    """
    return LANGUAGES.get(code, code)


def placeholders(text: str) -> set[str]:
    """The ``{name}`` placeholders a text uses."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def _lookup(language: str, key: str, count: object) -> str | None:
    catalog = translations(language)
    if isinstance(count, int) and not isinstance(count, bool):
        text = catalog.ngettext(key, key, count)
        if text != key:
            return text
    text = catalog.gettext(key)
    return None if text == key else text


def _(key: str, **params: object) -> str:
    """The text for ``key`` in the current language, with ``params`` filled in."""
    count = params.get("count")
    text = _lookup(_language, key, count)
    if text is not None:
        try:
            return text.format_map(params)
        except (KeyError, IndexError, ValueError):
            pass       # a broken translation must not break the game: use the English text
    english = _lookup(DEFAULT_LANGUAGE, key, count)
    if english is None:
        raise KeyError(f"no text for {key!r} in game/locales/{DEFAULT_LANGUAGE}.po")
    return english.format_map(params)


def map_name(map_id: str) -> str:
    """A map's name in the current language (``map.<id>.name``)."""
    key = f"map.{map_id}.name"
    return _(key)


def variant_name(map_id: str, variant_id: str) -> str:
    """A variant's name as its rulebook calls it, in the current language."""
    key = f"map.{map_id}.variant.{variant_id}"
    return _(key)


def longest_name(map_id: str) -> str:
    """The name of a map's longest-trail bonus (the European Express, …) in the current language."""
    key = f"map.{map_id}.longest"
    return _(key)
