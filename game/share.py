"""Scenarios in links, for embedded boards (``docs/embed.md``): the ``#s=`` fragment (the
scenario's JSON, raw deflate, base64url without padding) and the embed page's address with
its options.

>>> scenario = {"map": "usa", "players": ["Ann", "Bob"], "seed": 3}
>>> text = fragment(scenario)
>>> text.startswith("s=") and read_fragment(text) == scenario
True
>>> embed_link("https://example.org/ttr/", scenario, step=2, view=None).split("#")[0]
'https://example.org/ttr/index.html?embed&step=2&view=none'
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from typing import Any
from urllib.parse import quote

from game.jsontext import MAX_CHARS, JsonTextError, read_json

FRAGMENT_KEY = "s="
MAX_FRAGMENT = 200_000          # characters of a fragment read at all (a lesson is a few kilobytes)
EMBED_OPTIONS = {"step", "view", "controls", "lang", "theme", "scenario", "embed"}
CONTROLS = ("none", "steps", "play")
THEMES = ("light", "dark", "auto")


class LinkError(ValueError):
    """A fragment or an embed option that cannot be read; the message says what is wrong."""


def fragment(scenario: dict[str, Any]) -> str:
    """``s=`` and the scenario, compact JSON, raw deflate, base64url without padding."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    data = packer.compress(json.dumps(scenario, separators=(",", ":"), ensure_ascii=False).encode()) + packer.flush()
    return FRAGMENT_KEY + base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def read_fragment(text: str) -> Any:
    """The scenario of a ``#s=`` fragment (without the ``#``); raises :class:`LinkError`."""
    if not text.startswith(FRAGMENT_KEY):
        raise LinkError("the link's fragment does not start with s=")
    body = text[len(FRAGMENT_KEY):]
    if len(body) > MAX_FRAGMENT:
        raise LinkError(f"the link's scenario is longer than {MAX_FRAGMENT:,} characters")
    try:
        packed = base64.b64decode(body + "=" * (-len(body) % 4), altchars=b"-_", validate=True)
        unpacker = zlib.decompressobj(-15)
        data = unpacker.decompress(packed, MAX_CHARS + 1)
    except (binascii.Error, ValueError, zlib.error):
        raise LinkError("the link's scenario is damaged (not deflated base64url)") from None
    if len(data) > MAX_CHARS or unpacker.unconsumed_tail:
        raise LinkError("the link's scenario is too large")
    try:
        return read_json(data)
    except JsonTextError as exc:
        raise LinkError(f"the link's scenario: {exc}") from None


def embed_link(base: str, scenario: dict[str, Any] | None = None, *, file: str | None = None,
               step: int | None = None, view: int | None = None, controls: str | None = None) -> str:
    """The embed page's address: ``base`` (the site's folder), the options in the query, and the
    scenario in the fragment, or ``file`` (a scenario file's address relative to the site)."""
    query = ["embed"]
    if file is not None:
        query.append("scenario=" + quote(file, safe="/._-"))
    if step is not None:
        query.append(f"step={step}")
    query.append(f"view={'none' if view is None else view}")
    if controls is not None:
        query.append(f"controls={controls}")
    link = base.rstrip("/") + "/index.html?" + "&".join(query)
    return link + ("#" + fragment(scenario) if scenario is not None and file is None else "")
