"""The saved-games catalog: versioned keys, damaged saves kept and reported, a full quota."""

import doctest
import json

import pytest

from game.ui import saves
from game.ui.saves import (
    INDEX_KEY,
    SAVE_PREFIX,
    DictBackend,
    SaveCatalog,
    SaveError,
    StorageFull,
)
from game.ui.session import Session, open_session
from game.ui.setup import default_options


def test_docstring_examples():
    assert doctest.testmod(saves).failed == 0


class FullBackend(DictBackend):
    """Refuses every write, as a browser with a full quota does."""

    def set(self, key, text):
        raise StorageFull(key)


def saved_game(catalog, save_id, seed=1, saved_at=1000):
    game = Session(default_options("usa", 2).scenario(fallback_seed=seed))
    game.play(game.legal()[0])
    catalog.write(save_id, game.scenario(), game.summary(), saved_at)
    return game


def test_write_list_open_delete():
    store = {}
    catalog = SaveCatalog(DictBackend(store))
    first = saved_game(catalog, "a", saved_at=1)
    saved_game(catalog, "b", seed=2, saved_at=2)
    assert [e.id for e in catalog.entries()] == ["b", "a"]          # last played first
    entry = catalog.entries()[1]
    assert (entry.map, entry.players, entry.turn, entry.problem) == ("usa", ("Player 1", "Player 2"), 0, None)
    again = open_session(catalog.raw("a"))
    assert again.state == first.state and again.actions == first.actions
    catalog.delete("a")
    assert [e.id for e in catalog.entries()] == ["b"] and SAVE_PREFIX + "a" not in store
    assert "a" not in json.loads(store[INDEX_KEY])


@pytest.mark.parametrize("text, key", [
    ("{not json", "saves.error.not_json"),
    ('{"format": 7, "map": "usa", "players": ["a", "b"]}', "saves.error.newer"),
    ('{"map": "usa", "players": ["a", "b"], "actions": ["claim denver--omaha 4loco"]}', "saves.error.invalid"),
    ('{"map": "usa", "players": ["a", "b"], "position": {"players": [{"hand": {"red": 99}}, {}]}}',
     "saves.error.invalid"),
    ('[1, 2]', "saves.error.invalid"),
])
def test_damaged_saves_are_reported_kept_and_do_not_hide_the_others(text, key):
    store = {}
    catalog = SaveCatalog(DictBackend(store))
    saved_game(catalog, "good")
    store[SAVE_PREFIX + "bad"] = text
    with pytest.raises(SaveError) as failure:
        open_session(catalog.raw("bad"))
    assert failure.value.problem[0] == key
    assert store[SAVE_PREFIX + "bad"] == text and catalog.raw("bad") == text     # untouched, exportable
    entries = {e.id: e for e in catalog.entries()}
    assert set(entries) == {"good", "bad"} and entries["good"].problem is None
    if key != "saves.error.invalid":          # invalid games are only found by playing them
        assert entries["bad"].problem[0] == key
    open_session(catalog.raw("good"))


def test_corrupt_index_still_lists_every_save():
    store = {}
    catalog = SaveCatalog(DictBackend(store))
    saved_game(catalog, "a")
    store[INDEX_KEY] = "garbage"
    [entry] = catalog.entries()
    assert (entry.id, entry.map, entry.players, entry.turn) == ("a", "usa", ("Player 1", "Player 2"), None)


def test_full_storage_raises_and_changes_nothing():
    store = {}
    saved_game(SaveCatalog(DictBackend(store)), "a")
    before = dict(store)
    catalog = SaveCatalog(FullBackend(store))
    with pytest.raises(StorageFull):
        saved_game(catalog, "b")
    assert store == before
    with pytest.raises(SaveError) as missing:
        catalog.open("zzz")
    assert missing.value.problem == ("saves.error.missing", {"id": "zzz"})
