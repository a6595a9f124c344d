"""What the game keeps in the browser's storage: every key's name (their one home), the backend
they are kept in, and the player's preferences read and written through it.

The backend is the page's: the browser's ``localStorage`` for the game (``game.web.storage``),
a dict in memory for an embed and the tests (:class:`DictBackend`), so that nothing else touches
``localStorage``.  The keys keep the names they were first given (a player's saves and choices
are read back under them): the saved games under ``ttr.v1.``, the preferences under ``ttr.``.
``static/boot.js`` and the inline script of ``index.html`` read the language under
:data:`LANGUAGE_KEY` before Python starts (``tests/ui/test_storage.py`` checks they spell it so).

>>> prefs = Preferences(DictBackend({}))
>>> prefs.hints, prefs.tips_dismissed, prefs.ai_speed
(True, False, None)
>>> prefs.set_hints(False); prefs.set_tips_dismissed(True); prefs.set_ai_speed("fast")
>>> sorted(prefs.backend.names())
['ttr.ai-speed', 'ttr.hints', 'ttr.v1.help.tips-dismissed']
>>> prefs.hints, prefs.tips_dismissed, prefs.ai_speed
(False, True, 'fast')
"""

from __future__ import annotations

from typing import Protocol

NAMESPACE = "ttr.v1."                        # the saved games and what goes with them
SAVE_PREFIX = NAMESPACE + "save."            # + a game's id: the game (a scenario file)
INDEX_KEY = NAMESPACE + "saves"              # the saved games' index (game.ui.saves)
CURRENT_KEY = NAMESPACE + "current"          # the id of the game on the table, resumed at the next visit
TIPS_KEY = NAMESPACE + "help.tips-dismissed"     # "1": the help's first-game tips were dismissed
LANGUAGE_KEY = "ttr.language"                # the player's language, read by static/boot.js before Python starts
AI_SPEED_KEY = "ttr.ai-speed"                # the AI seats' speed the player chose last
HINTS_KEY = "ttr.hints"                      # "off": the player switched the claimable routes' glow off
HOST_KEY = "ttr.net.host"                    # the hosted table (game.net.host.HostTable.to_json), resumed after the host's reload
GUEST_KEY = "ttr.net.guest"                  # a guest's side (game.ui.guest_page.GuestPage.to_json), for "Rejoin" after a reload
ROOM_KEY = "ttr.net.room"                    # the hosted table's room on the relays (game.ui.online.RoomKept), with HOST_KEY
RELAYS_KEY = "ttr.net.relays"                # the Nostr relays the player named (game.net.relays.read_relays)
ON_TABLE_KEY = "ttr.net.on-table"            # "host" or "guest": a table over the internet was on screen, reopened at boot
CONSENT_KEY = "ttr.net.online"               # "1": the player agreed to play over the internet (game.ui.online.consent_text)
ICE_KEY = "ttr.net.ice-servers"              # the STUN/TURN servers the player named (game.net.ice.ice_servers)


class StorageFull(Exception):
    """The browser refused to store more (quota exceeded or storage disabled)."""


class StorageRefused(StorageFull):
    """The browser keeps no data for this site at all (site data blocked, or a frame on another
    site whose storage is blocked): nothing can be saved, whatever is deleted."""


class Backend(Protocol):
    def get(self, key: str) -> str | None: ...
    def set(self, key: str, text: str) -> None: ...       # raises StorageFull
    def remove(self, key: str) -> None: ...
    def names(self) -> list[str]: ...


class DictBackend:
    """A backend over a plain dict (an embed, the tests, and the CPython command line)."""

    def __init__(self, data: dict[str, str]) -> None:
        self.data = data

    def get(self, key: str) -> str | None:
        return self.data.get(key)

    def set(self, key: str, text: str) -> None:
        self.data[key] = text

    def remove(self, key: str) -> None:
        self.data.pop(key, None)

    def names(self) -> list[str]:
        return list(self.data)


class Preferences:
    """The player's choices that outlive a game, in ``backend``.  A write the storage refuses
    is dropped: the choice lasts for this visit only."""

    def __init__(self, backend: Backend) -> None:
        self.backend = backend

    def _keep(self, key: str, value: str | None) -> None:
        try:
            if value is None:
                self.backend.remove(key)
            else:
                self.backend.set(key, value)
        except StorageFull:
            pass

    @property
    def language(self) -> str | None:
        """The language the player chose last (None: never chose)."""
        return self.backend.get(LANGUAGE_KEY)

    def set_language(self, code: str) -> None:
        self._keep(LANGUAGE_KEY, code)

    @property
    def ai_speed(self) -> str | None:
        """The AI seats' speed the player chose last, as chosen (None: never chose)."""
        return self.backend.get(AI_SPEED_KEY)

    def set_ai_speed(self, speed: str) -> None:
        self._keep(AI_SPEED_KEY, speed)

    @property
    def hints(self) -> bool:
        """Whether the routes the player may claim now glow (on unless switched off)."""
        return self.backend.get(HINTS_KEY) != "off"

    def set_hints(self, on: bool) -> None:
        self._keep(HINTS_KEY, "on" if on else "off")

    @property
    def tips_dismissed(self) -> bool:
        """Whether the help's first-game tips were put away."""
        return self.backend.get(TIPS_KEY) == "1"

    def set_tips_dismissed(self, dismissed: bool) -> None:
        self._keep(TIPS_KEY, "1" if dismissed else None)
