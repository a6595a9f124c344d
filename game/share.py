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
from game.state import Phase, State

FRAGMENT_KEY = "s="
MAX_FRAGMENT = 200_000          # characters of a fragment read at all (a lesson is a few kilobytes)
# The embed's address: the one home of these names and values, which static/boot.js reads before
# Python starts (its copies checked by tests/test_loader_truths.py).
EMBED_KEY = "embed"             # the query's key that makes index.html the embed page
EMBED_OPTIONS = {"step", "view", "controls", "lang", "theme", "scenario", EMBED_KEY}
CONTROLS = ("none", "steps", "play")
DEFAULT_CONTROLS = "steps"
THEMES = ("light", "dark", "auto")      # the page's data-theme (static/style.css)
DEFAULT_THEME = "auto"                  # the reader's system setting


class LinkError(ValueError):
    """A fragment or an embed option that cannot be read; the message says what is wrong."""


def fragment(scenario: dict[str, Any]) -> str:
    """``s=`` and the scenario, compact JSON, raw deflate, base64url without padding."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    data = packer.compress(json.dumps(scenario, separators=(",", ":"), ensure_ascii=False).encode()) + packer.flush()
    return FRAGMENT_KEY + base64url(data)


def base64url(data: bytes) -> str:
    """``data`` in base64url without padding, as a link's fragment carries it (also the
    invite and answer codes of ``game.net.signal``)."""
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def from_base64url(text: str) -> bytes:
    """The bytes of :func:`base64url` text; raises ``ValueError`` (``binascii.Error``) on a
    character outside base64url or a length no encoding gives."""
    return base64.b64decode(text + "=" * (-len(text) % 4), altchars=b"-_", validate=True)


def read_fragment(text: str) -> Any:
    """The scenario of a ``#s=`` fragment (without the ``#``); raises :class:`LinkError`."""
    if not text.startswith(FRAGMENT_KEY):
        raise LinkError("the link's fragment does not start with s=")
    body = text[len(FRAGMENT_KEY):]
    if len(body) > MAX_FRAGMENT:
        raise LinkError(f"the link's scenario is longer than {MAX_FRAGMENT:,} characters")
    try:
        packed = from_base64url(body)
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


def public_scenario(state: State, levels: list[str | None], seat: int | None = None) -> dict[str, Any]:
    """A snapshot of ``state`` that holds only what every player knows (the board, the market,
    the discard pile, trains, scores, tunnels withdrawn from, whose turn), plus ``seat``'s own hand, tickets and
    face-up record (the cards seen going into its hand, ``players[i].face_up``) when a seat is given: no other hand,
    ticket, deck order or RNG state.  The cards and tickets nobody sees go back into decks shuffled
    from a fixed public seed: the other seats hold none (so no face-up record either); a turn
    begun (a second card, a tunnel, a ticket choice) is shown from its start.  ``levels``: each
    seat's AI level (None for a human).

    >>> from game.scenario import load_scenario
    >>> state, _ = load_scenario({"map": "usa", "players": ["Ann", "Bob"], "seed": 9})
    >>> shared = public_scenario(state, [None, None])
    >>> shared["seed"], shared["position"]["players"][0]["hand"], "rng" in shared["position"]
    (0, {}, False)
    """
    over = state["phase"] == Phase.OVER
    players: list[dict[str, Any]] = []
    seats: list[dict[str, Any]] = []
    for i, p in enumerate(state["players"]):
        seats.append({"name": p["name"], "kind": p["kind"], "colour": p["colour"],
                      **({"level": levels[i]} if p["kind"] == "ai" and levels[i] else {})})
        mine = i == seat
        players.append({"hand": {k: n for k, n in p["hand"].items() if n} if mine else {},
                        "tickets": list(p["tickets"]) if mine or over else [],
                        "routes": list(p["routes"]), "stations": list(p["stations"]),
                        "withdrawn": [dict(w) for w in p["withdrawn"]], "face_up": list(p["face_up"]) if mine else [],
                        "trains": p["trains"], "score": p["score"]})
    position = {"players": players, "market": list(state["market"]), "discard": list(state["discard"]),
                "current": state["current"], "phase": str(Phase.OVER if over else Phase.START),
                "last_round": state["last_round"], "passes": state["passes"], "turn": state["turn"]}
    return {"format": 1, "map": state["map"], "variant": state["variant"], "players": seats, "seed": 0,
            "first": state["first"], "position": position}


def embed_link(base: str, scenario: dict[str, Any] | None = None, *, file: str | None = None,
               step: int | None = None, view: int | None = None, controls: str | None = None,
               lang: str | None = None) -> str:
    """The embed page's address: ``base`` (the site's folder), the options in the query, and the
    scenario in the fragment, or ``file`` (a scenario file's address relative to the site)."""
    query = [EMBED_KEY]
    if file is not None:
        query.append("scenario=" + quote(file, safe="/._-"))
    if step is not None:
        query.append(f"step={step}")
    query.append(f"view={'none' if view is None else view}")
    if controls is not None:
        query.append(f"controls={controls}")
    if lang is not None:
        query.append(f"lang={quote(lang, safe='-')}")
    link = base.rstrip("/") + "/index.html?" + "&".join(query)
    return link + ("#" + fragment(scenario) if scenario is not None and file is None else "")
