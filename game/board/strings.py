"""Every user-visible string of the board (accessible names and titles), in one place.

The keys and the ``count`` → ``<key>.one`` rule follow ``game.i18n``; once the ``board.*``
keys below are in ``game/locales/en.json``, :func:`text` becomes ``i18n._("board." + key)``.

>>> text("route", a="Paris", b="Wien", count=3, colour=text("colour.gray"))
'Paris – Wien, 3 spaces, gray'
>>> text("route", a="Wien", b="Budapest", count=1, colour=text("colour.white"))
'Wien – Budapest, 1 space, white'
"""

from __future__ import annotations

STRINGS = {
    "map": "{map} board",
    "route": "{a} – {b}, {count} spaces, {colour}",
    "route.one": "{a} – {b}, {count} space, {colour}",
    "tunnel": "tunnel",
    "ferry": "ferry, {count} locomotives needed",
    "ferry.one": "ferry, {count} locomotive needed",
    "claimed": "claimed by {owner}",
    "station": "station of {owner}",
    "colour.purple": "purple", "colour.white": "white", "colour.blue": "blue",
    "colour.yellow": "yellow", "colour.orange": "orange", "colour.black": "black",
    "colour.red": "red", "colour.green": "green", "colour.gray": "gray",
}


def text(key: str, **fields: object) -> str:
    """The board string ``key`` with its fields filled in (``count`` == 1 picks ``key.one``)."""
    if fields.get("count") == 1 and f"{key}.one" in STRINGS:
        key = f"{key}.one"
    return STRINGS[key].format(**fields)
