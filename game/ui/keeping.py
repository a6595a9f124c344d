"""Keeping a game of this device's: saving it, two tabs playing one game, the storage full,
resume at boot, opening a stored game and importing a file; plain functions of the table
(``game.ui.desk.Desk``), whose fields they read and set (``game_id``, ``revision``, ``stale``,
``storage_full``, ``notice``).

>>> from game.ui.controller import Table
>>> from game.ui.saves import SaveCatalog
>>> from game.ui.storage import DictBackend
>>> table = Table(SaveCatalog(DictBackend({})), clock=lambda: 1000.0, fresh_seed=lambda: 5)
>>> resume(table).redraw.value, table.session is None          # nothing stored: the start screen
('screen', True)
>>> import_game(table, "{").redraw.value, table.take_notice().startswith("This file cannot be imported")
('screen', True)
"""

from __future__ import annotations

from game.i18n import _
from game.scenario import Scenario
from game.ui.desk import Desk
from game.ui.outcome import Outcome
from game.ui.saves import SaveEntry, SaveError, StaleSave
from game.ui.session import Session, open_session
from game.ui.storage import (
    CURRENT_KEY,
    INDEX_KEY,
    SAVE_PREFIX,
    StorageFull,
    StorageRefused,
)


def failure_text(exc: BaseException) -> str:
    """An unexpected failure in one line, for a message (the readers' own errors say more)."""
    return f"{type(exc).__name__}: {str(exc)[:200]}"


def store(table: Desk) -> None:
    """Store the whole game in the saved games; unless another tab has played on, when this tab
    stops playing (nothing is overwritten), or the storage is full, when the banner says so."""
    if table.stale or table.session is None:
        return
    try:
        table.revision = table.catalog.write(table.game_id, table.session.scenario(), table.session.summary(),
                                             table.clock(), base=table.revision)
    except StaleSave:
        go_stale(table)
    except StorageRefused:
        table.notice = _("table.storage_refused")      # said until a move; nothing to free
    except StorageFull:
        table.storage_full = True
        table.notice = _("table.storage_full")
    else:
        table.notice = _("table.saved_again") if table.storage_full else ""
        table.storage_full = False


def remember(table: Desk) -> None:
    """Remember the game on the table as the one to resume at boot."""
    try:
        table.catalog.backend.set(CURRENT_KEY, table.game_id)
    except StorageFull:
        pass


def go_stale(table: Desk) -> None:
    """Another tab has played this game on (or deleted it): stop playing it here."""
    table.stale = True
    table.stop_ai()


def storage_changed(table: Desk, key: str | None) -> bool:
    """Another tab changed the storage at ``key`` (None: cleared it); whether this tab
    stopped playing because that tab wrote or deleted this game."""
    if table.session is None or table.stale or key not in (None, INDEX_KEY, SAVE_PREFIX + table.game_id):
        return False
    if table.catalog.revision(table.game_id) == table.revision:
        return False
    go_stale(table)
    return True


def free_space(table: Desk, save_id: str) -> Outcome:
    """Delete a finished game from the storage-full banner, then save this game whole again."""
    if save_id != table.game_id and any(e.id == save_id for e in table.catalog.finished()):
        table.catalog.delete(save_id)
    table.mode.save(table)
    return Outcome()


def banner_games(table: Desk) -> list[SaveEntry] | None:
    """While the storage is full: the finished games that may be deleted (None: no banner)."""
    if not table.storage_full or table.stale:
        return None
    return [e for e in table.catalog.finished() if e.id != table.game_id]


def resume(table: Desk) -> Outcome:
    """At boot: the game played last, if it is stored, else the start screen; a game that
    cannot be opened is said on the start screen (boot never fails because of stored data)."""
    try:
        current = table.catalog.backend.get(CURRENT_KEY)
        if isinstance(current, str) and table.catalog.raw(current) is not None:
            return open_saved(table, current)
    except Exception as exc:        # noqa: BLE001 - one bad stored value never stops the game
        table.notice = _("start.open_failed", reason=failure_text(exc))
    return table.home()


def start_game(table: Desk, scenario: Scenario) -> Outcome:
    """A new game from ``scenario`` on the table, stored under a new id."""
    table.game_id = f"g{int(table.clock())}"
    try:
        session = Session(scenario)
    except ValueError as exc:       # a rematch of a game whose start the engine refuses now
        table.notice = _("start.open_failed", reason=failure_text(exc))
        return table.home()
    return table.enter(session, 0)


def open_saved(table: Desk, save_id: str) -> Outcome:
    """Open a stored game; any failure is said on the start screen, the save untouched."""
    try:
        text = table.catalog.raw(save_id)
        if text is None:
            raise SaveError("saves.error.missing", id=save_id)
        revision = table.catalog.revision(save_id)
        session = open_session(text)
    except SaveError as exc:
        table.notice = exc.problem.text()
        return table.home()
    except Exception as exc:        # noqa: BLE001 - one bad save never stops the game
        table.notice = _("start.open_failed", reason=failure_text(exc))
        return table.home()
    table.game_id = save_id
    return table.enter(session, revision)


def import_game(table: Desk, text: str) -> Outcome:
    """A game file's text, to play on; whatever is wrong with it is said, and nothing stored."""
    try:
        session = open_session(text)
    except SaveError as exc:
        params = exc.problem.params     # the file is not stored: say why, without the save wording
        reason = params["reason"] if "reason" in params else _("start.import_newer", version=params["version"])
        return import_failed(table, str(reason))
    except Exception as exc:        # noqa: BLE001 - a bad file never stops the game
        return import_failed(table, failure_text(exc))
    table.game_id = f"g{int(table.clock())}"
    return table.enter(session, 0)


def import_failed(table: Desk, reason: str) -> Outcome:
    """A file that could not be imported: the start screen says why, its form as it was."""
    table.notice = _("start.import_failed", reason=reason)
    return table.home(table.start.options)
