"""The page's catalogs: a language other than English (whose catalog is in the game's archive)
has its catalog fetched by ``static/boot.js`` (``ttrCatalog``), handed to :mod:`game.i18n`
before the language is used.  A catalog that cannot be had (offline before the service worker
has stored it, a damaged file) leaves the game in the language it was in, and says so."""

from __future__ import annotations

import js

from game import i18n
from game.i18n import _


async def fetch_catalog(language: str) -> bool:
    """Make ``language``'s catalog available; False if it could not be had."""
    if i18n.has_catalog(language):
        return True
    request = getattr(js, "ttrCatalog", None)
    data = None if request is None else await request(language)
    if data is None:
        return False
    try:
        i18n.provide_catalog(language, data.to_bytes())
    except ValueError as exc:
        js.console.warn(f"Catalog not used: {exc}")
        return False
    return True


async def use_language(code: str | None) -> str:
    """Speak the shipped language that best matches ``code`` (English if none does), once its
    catalog is here; sets ``<html lang>``.  Returns a notice for the player: empty, or why the
    game stays in the language it was in (English at the start)."""
    wanted = i18n.match_language(code) or i18n.DEFAULT_LANGUAGE
    notice = ""
    if await fetch_catalog(wanted):
        i18n.set_language(wanted)
    else:
        notice = _("start.language_failed", language=i18n.language_name(wanted))
    js.document.documentElement.lang = i18n.language()
    return notice
