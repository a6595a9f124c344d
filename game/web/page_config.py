"""What the table page is given by the browser and by whoever opens it: the clock, fresh seeds,
the AI's pace from the address, the site's folder, and the page's configuration (the full game's
storage, or an embed's game played on from a step)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import js

from game.ui.ai_pacing import AI_SPEEDS
from game.ui.storage import Backend, Preferences


def now_ms() -> float:
    return float(js.Date.now())


def fresh_seed() -> int:
    """53 random bits from the browser's cryptographic generator: too many seeds to try them all
    against the cards a player sees."""
    words = js.crypto.getRandomValues(js.Uint32Array.new(2))
    return (int(words[0]) << 21) ^ int(words[1]) & (2 ** 53 - 1)


def ai_delay(preferences: Preferences) -> int:
    """``?ai-delay=N`` in the page's address (N ms between AI moves: tests and benchmarks), else
    the delay of the speed the player chose last."""
    value = js.URLSearchParams.new(js.location.search).get("ai-delay")
    if isinstance(value, str) and value.isdigit():
        return int(value)
    return AI_SPEEDS.get(preferences.ai_speed or "", AI_SPEEDS["normal"])


def site_folder() -> str:
    """The address of the folder the page is served from (the site, for links to it)."""
    return str(js.URL.new(".", js.location.href).href)


@dataclass(frozen=True)
class PageConfig:
    """What makes the table page the full game or an embed's game played on from a step."""

    storage: Backend        # where the games and the player's preferences are kept: the browser's
    #                         localStorage for the game, a dict in memory for the embed
    back_to_lesson: Callable[[], None] | None = None    # the way home leads there, by a button kept in
    #                                                     the header's band, instead of to the start screen
