"""The saved games: one scenario per game under a versioned, namespaced key, plus an index.

A save is a scenario file (``docs/scenario.md``): the game's starting scenario with every
action played since, so loading replays it exactly and export/import is the file itself.
Keys (``game.ui.storage``): ``ttr.v1.save.<id>`` for a game, ``ttr.v1.saves`` for the index (id → map, players,
turn, last played, revision: how many times it was written, so that a second tab on the
same game sees it moved on and never overwrites it, see :meth:`SaveCatalog.write`).  A save that cannot be read (not JSON, hand-edited into an impossible
game, written by a newer version) is listed with the reason, kept byte for byte and can
still be exported; the other saves open as usual.  The storage itself is a small
``game.ui.storage.Backend`` (``localStorage`` in the browser, a dict in an embed and the tests).

>>> from game.ui.setup import default_options
>>> from game.ui.storage import DictBackend
>>> store = {}
>>> catalog = SaveCatalog(DictBackend(store))
>>> game = default_options("usa", 2).scenario(fallback_seed=1)
>>> catalog.write("g1", game, {"map": "usa", "players": ["A", "B"], "turn": 0}, saved_at=1000)
1
>>> sorted(store)
['ttr.v1.save.g1', 'ttr.v1.saves']
>>> [(s.id, s.problem) for s in catalog.entries()]
[('g1', None)]
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from typing import Any, cast

from game.jsontext import JsonTextError, read_json
from game.names import MAX_NAME
from game.problem import Problem, ProblemError
from game.scenario import Scenario
from game.state import FORMAT as SCENARIO_FORMAT
from game.state import MAX_COUNT
from game.ui.storage import INDEX_KEY, SAVE_PREFIX, Backend, StorageFull

MAX_SAFE_INTEGER = 2 ** 53 - 1     # larger numbers lose precision in JavaScript (and may reach it as a BigInt)


class StaleSave(Exception):
    """The stored game is newer than the one on this table: another tab has played on (or
    deleted it).  Nothing was written; ``revision`` is the stored one (0: no such save)."""

    def __init__(self, revision: int) -> None:
        super().__init__(f"the stored game is at revision {revision}")
        self.revision = revision


class SaveError(ProblemError):
    """A save that cannot be opened; ``problem`` says why."""

    def __init__(self, key: str, **params: object) -> None:
        super().__init__(Problem(key, params))


@dataclass(frozen=True)
class SaveEntry:
    """One line of the saved-games list."""

    id: str
    map: str | None
    players: tuple[str, ...]
    turn: int | None
    saved_at: float            # ms since the epoch (0 when unknown)
    problem: Problem | None    # why it cannot be opened, or None
    over: bool = False         # the game is finished


def save_text(scenario: Scenario) -> str:
    """A game's stored text, which is also its exported file."""
    return json.dumps(scenario, ensure_ascii=False, separators=(",", ":"))


def parse_save(text: str) -> Scenario:
    """The scenario in a save or an imported file (raises :class:`SaveError` saying why not).
    Whether it plays is checked when it is opened (``game.ui.session.open_session``)."""
    try:
        data = read_json(text)
    except JsonTextError as exc:
        raise SaveError("saves.error.not_json", reason=str(exc)) from None
    if not isinstance(data, dict):
        raise SaveError("saves.error.invalid", reason="a scenario is a JSON object")
    if isinstance(data.get("format"), int) and data["format"] > SCENARIO_FORMAT:
        raise SaveError("saves.error.newer", version=data["format"])
    # a JSON object in a format this program reads: whether it is a game is checked when opened
    return cast(Scenario, data)


def _count(value: Any) -> int | None:
    """An index's turn number, or None when it is not a plausible one."""
    return value if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_COUNT else None


def _time(value: Any) -> float:
    """An index's ``saved_at`` (ms since the epoch), or 0 (unknown) when it is not a number that
    JavaScript holds exactly."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return 0
    if isinstance(value, float) and not math.isfinite(value):
        return 0
    return value if -MAX_SAFE_INTEGER <= value <= MAX_SAFE_INTEGER else 0


class SaveCatalog:
    def __init__(self, backend: Backend) -> None:
        self.backend = backend

    def _index(self) -> dict[str, Any]:
        """The index as stored; unreadable or of the wrong shape, an empty one (the saves
        themselves describe their lines then)."""
        try:
            index = read_json(self.backend.get(INDEX_KEY) or "{}")
        except JsonTextError:
            return {}
        return index if isinstance(index, dict) else {}

    def ids(self) -> list[str]:
        return [k[len(SAVE_PREFIX):] for k in self.backend.names() if k.startswith(SAVE_PREFIX)]

    def entries(self) -> list[SaveEntry]:
        """Every saved game, last played first; damaged ones carry their problem."""
        index = self._index()
        found = []
        for save_id in self.ids():
            meta = index.get(save_id)
            meta = meta if isinstance(meta, dict) else {}
            problem, data = None, None
            try:
                data = parse_save(self.backend.get(SAVE_PREFIX + save_id) or "")
            except SaveError as exc:
                problem = exc.problem
            if not meta and isinstance(data, dict):       # not in the index: describe it from the save
                seats = data.get("players")
                meta = {"map": data.get("map"), "turn": None,
                        "players": [p.get("name") if isinstance(p, dict) else p for p in seats]
                        if isinstance(seats, list) else []}
            players = meta.get("players")
            names = tuple(n[:MAX_NAME] for n in players[:5] if isinstance(n, str)) if isinstance(players, list) else ()
            turn = _count(meta.get("turn"))
            map_id = meta.get("map")
            map_id = map_id[:40] if isinstance(map_id, str) else None
            found.append(SaveEntry(save_id, map_id, names, turn, _time(meta.get("saved_at")), problem,
                                   meta.get("over") is True))
        return sorted(found, key=lambda e: (-e.saved_at, e.id))

    def raw(self, save_id: str) -> str | None:
        """The stored text, untouched (for export, even when damaged)."""
        return self.backend.get(SAVE_PREFIX + save_id)

    def open(self, save_id: str) -> Scenario:
        """The saved scenario (raises :class:`SaveError`)."""
        text = self.raw(save_id)
        if text is None:
            raise SaveError("saves.error.missing", id=save_id)
        return parse_save(text)

    def revision(self, save_id: str) -> int:
        """How many times the game has been written (its index line's ``revision``; 0 when it
        has none or is not stored).  A table remembers the revision it loaded or wrote last."""
        if self.raw(save_id) is None:
            return 0
        meta = self._index().get(save_id)
        return (_count(meta.get("revision")) or 0) if isinstance(meta, dict) else 0

    def write(self, save_id: str, scenario: Scenario, meta: dict[str, Any], saved_at: float, base: int | None = None) -> int:
        """Store a game and its index line; the new revision.  ``base`` is the revision the
        writer loaded or wrote last: if the stored one differs, another tab has played on and
        :class:`StaleSave` is raised with nothing written (None: no check, a new game).  Raises
        :class:`StorageFull` when the browser refuses."""
        stored = self.revision(save_id)
        if base is not None and stored != base:
            raise StaleSave(stored)
        self.backend.set(SAVE_PREFIX + save_id, save_text(scenario))
        index = self._index()
        index[save_id] = {**meta, "saved_at": saved_at, "revision": stored + 1}
        self.backend.set(INDEX_KEY, json.dumps(index, ensure_ascii=False, separators=(",", ":")))
        return stored + 1

    def finished(self) -> list[SaveEntry]:
        """The finished games, oldest first: what may go to free space."""
        return sorted((e for e in self.entries() if e.over and e.problem is None), key=lambda e: e.saved_at)

    def delete(self, save_id: str) -> None:
        self.backend.remove(SAVE_PREFIX + save_id)
        index = self._index()
        if index.pop(save_id, None) is not None:
            try:
                self.backend.set(INDEX_KEY, json.dumps(index, ensure_ascii=False, separators=(",", ":")))
            except StorageFull:
                pass        # a stale index line is harmless: entries() lists only stored saves
