"""Translate user-visible text: ``_(key, **params)`` is the one function every string goes through.

Catalogs are JSON files in ``game/locales/`` named by language code (``en.json``, ``fr.json``),
each a flat object of ``key: text``.  English is complete; any other catalog may lag behind,
and a key it lacks falls back to English.  Parameters fill ``{name}`` placeholders; a
``count`` parameter picks the ``<key>.one`` form when the language calls the count singular.
Keys under ``boot.`` are also shown by the loader before Python starts (``build.py`` hands
them to ``static/boot.js``).

>>> set_language("en")
'en'
>>> _("board.route", a="Denver", b="Omaha", count=4, colour=_("colour.gray"))
'Denver – Omaha, 4 spaces, gray'
>>> _("board.route", a="Omaha", b="Kansas City", count=1, colour=_("colour.gray"))
'Omaha – Kansas City, 1 space, gray'
>>> set_language("fr-CA")
'fr'
>>> set_language("xx")
'en'
"""

from __future__ import annotations

import functools
import json
import string
from pathlib import Path

from game.mapdata import CARD_KINDS, ROUTE_COLOURS

LOCALES_DIR = Path(__file__).with_name("locales")
DEFAULT_LANGUAGE = "en"

# Languages whose singular covers zero as well as one; the rest use "exactly one".
_ZERO_IS_SINGULAR = frozenset({"fr"})

_language = DEFAULT_LANGUAGE

# the keys naming the game's colours and kinds of train card
COLOUR_KEYS = {colour: "colour." + colour for colour in ROUTE_COLOURS}
CARD_KEYS = {kind: "card." + kind for kind in CARD_KINDS}


def available_languages() -> tuple[str, ...]:
    """The codes of every catalog, English first."""
    codes = sorted(path.stem for path in LOCALES_DIR.glob("*.json"))
    return (DEFAULT_LANGUAGE, *(code for code in codes if code != DEFAULT_LANGUAGE))


@functools.cache
def catalog(language: str) -> dict[str, str]:
    """The strings of one language, as written in its file."""
    path = LOCALES_DIR / f"{language}.json"
    strings = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(strings, dict) or not all(
            isinstance(key, str) and isinstance(text, str) for key, text in strings.items()):
        raise ValueError(f"{path.name}: a catalog must be a JSON object of strings")
    return strings


def set_language(code: str | None) -> str:
    """Use the catalog that best matches ``code`` (``fr-CA`` → ``fr``); return the one chosen."""
    global _language
    wanted = (code or "").strip().lower().replace("_", "-")
    available = available_languages()
    for candidate in (wanted, wanted.split("-")[0]):
        if candidate in available:
            _language = candidate
            return candidate
    _language = DEFAULT_LANGUAGE
    return _language


def language() -> str:
    """The language in use."""
    return _language


def language_name(code: str) -> str:
    """A language's name in that language (its catalog's ``language.name``), for a language picker.

    >>> language_name("fr")
    'Français'
    """
    return catalog(code).get("language.name", code)


def placeholders(text: str) -> set[str]:
    """The ``{name}`` placeholders a text uses."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def _is_singular(count: object) -> bool:
    if not isinstance(count, int):
        return False
    return count in (0, 1) if _language in _ZERO_IS_SINGULAR else count == 1


def _lookup(key: str) -> str:
    for strings in (catalog(_language), catalog(DEFAULT_LANGUAGE)):
        if key in strings:
            return strings[key]
    raise KeyError(f"no text for {key!r} in game/locales/{DEFAULT_LANGUAGE}.json")


def _(key: str, **params: object) -> str:
    """The text for ``key`` in the current language, with ``params`` filled in."""
    if "count" in params and _is_singular(params["count"]):
        singular = f"{key}.one"
        if any(singular in catalog(code) for code in (_language, DEFAULT_LANGUAGE)):
            key = singular
    text = _lookup(key)
    try:
        return text.format_map(params)
    except (KeyError, IndexError, ValueError):
        # A broken translation must not break the game: use the English text instead.
        return catalog(DEFAULT_LANGUAGE)[key].format_map(params)
