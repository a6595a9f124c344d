"""The saved-games catalog: versioned keys, damaged saves kept and reported, a full quota."""

import json

import pytest

from game.problem import Problem
from game.ui.saves import SaveCatalog, SaveError, StaleSave
from game.ui.session import Session, open_session
from game.ui.setup import default_options
from game.ui.storage import INDEX_KEY, SAVE_PREFIX, DictBackend, StorageFull


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
    assert (entry.map, entry.players, entry.turn, entry.problem) == ("usa", ("Player 1", "Casey"), 0, None)
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
    assert failure.value.problem.key == key
    assert store[SAVE_PREFIX + "bad"] == text and catalog.raw("bad") == text     # untouched, exportable
    entries = {e.id: e for e in catalog.entries()}
    assert set(entries) == {"good", "bad"} and entries["good"].problem is None
    if key != "saves.error.invalid":          # invalid games are only found by playing them
        assert entries["bad"].problem.key == key
    open_session(catalog.raw("good"))


def test_corrupt_index_still_lists_every_save():
    store = {}
    catalog = SaveCatalog(DictBackend(store))
    saved_game(catalog, "a")
    store[INDEX_KEY] = "garbage"
    [entry] = catalog.entries()
    assert (entry.id, entry.map, entry.players, entry.turn) == ("a", "usa", ("Player 1", "Casey"), None)


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
    assert missing.value.problem == Problem("saves.error.missing", {"id": "zzz"})


@pytest.mark.parametrize("saved_at, shown", [
    (1000, 1000), (1.7e12, 1.7e12), (2 ** 53 - 1, 2 ** 53 - 1), (-(2 ** 53 - 1), -(2 ** 53 - 1)),
    (9007199254740993, 0), (-(2 ** 60), 0), (True, 0), ("1000", 0), (None, 0), ([1], 0),
])
def test_index_times_javascript_cannot_hold_are_unknown(saved_at, shown):
    store = {}
    catalog = SaveCatalog(DictBackend(store))
    saved_game(catalog, "a", saved_at=saved_at)
    [entry] = catalog.entries()
    assert entry.saved_at == shown and type(entry.saved_at) is type(shown)


@pytest.mark.parametrize("index", ['{"a": {"saved_at": NaN}}', '{"a": {"saved_at": 1e999}}', "[" * 100_000,
                                   '{"a": {"turn": true, "players": "AB", "map": ["usa"]}}', '{"a": {"a": 1, "a": 2}}'])
def test_a_hostile_index_is_ignored_or_read_safely(index):
    store = {}
    catalog = SaveCatalog(DictBackend(store))
    saved_game(catalog, "a")
    store[INDEX_KEY] = index
    [entry] = catalog.entries()
    assert entry.problem is None and entry.saved_at == 0 and entry.turn is None
    assert entry.map in (None, "usa") and all(isinstance(n, str) for n in entry.players)


def _scenario_text(change):
    game = Session(default_options("usa", 2).scenario(fallback_seed=3))
    scenario = game.scenario()
    change(scenario)
    return json.dumps(scenario)


def _finished_with_unknown_route(scenario):
    scenario["position"] = {"phase": "over", "players": [{"routes": ["nowhere--else"]}, {}]}


@pytest.mark.parametrize("change, words", [
    (lambda s: s.update(map=["usa"]), "map: expected a map id (text), not a list"),
    (lambda s: s.update(variant={"id": "usa"}), "variant: expected a variant id (text), not an object"),
    (lambda s: s.update(position={"players": [{"tickets": [["denver--el-paso"]]}, {}]}), "expected a list of ticket ids"),
    (_finished_with_unknown_route, "no route 'nowhere--else' on this map"),
    (lambda s: s.update(position={"turn": 10 ** 30}), "turn: expected an integer from 0 to 1,000,000"),
    (lambda s: s.update(position={"passes": -1}), "passes: expected an integer from 0"),
    (lambda s: s.update(position={"players": [{"score": 10 ** 7}, {}]}), "score: expected an integer from"),
    (lambda s: s["players"][1].update(name="\u202eboB"), "holds control or invisible characters"),
    (lambda s: s["players"][1].update(name="player 1 "), "looks the same as players[0]'s name"),
    (lambda s: s["players"][1].update(name="x" * 100_000), "longer than 30 characters"),
    (lambda s: s.update(actions=["claim x 99999999999999999999999red"]), "action 0"),
    (lambda s: s.update(format=True), "format: this program reads format 1, not true"),
])
def test_a_save_with_hostile_values_is_refused_with_a_message(change, words):
    text = _scenario_text(change)
    with pytest.raises(SaveError) as failure:
        open_session(text)
    problem = failure.value.problem
    assert problem.key == "saves.error.invalid" and words in problem.params["reason"], problem
    store = {SAVE_PREFIX + "x": text}
    catalog = SaveCatalog(DictBackend(store))
    assert [e.id for e in catalog.entries()] == ["x"] and catalog.raw("x") == text


@pytest.mark.parametrize("text, words", [
    ("[" * 100_000 + "]" * 100_000, "nested more than 64 levels deep"),
    ('{"map": "usa", "map": "europe"}', "given twice"),
    ('{"format": NaN}', "NaN is not a JSON number"),
    ("x" * 2_000_001, "longer than 2,000,000 characters"),
])
def test_unreadable_text_is_refused_before_or_while_parsing(text, words):
    with pytest.raises(SaveError) as failure:
        open_session(text)
    assert failure.value.problem.key == "saves.error.not_json" and words in failure.value.problem.params["reason"]


def test_a_stale_table_never_overwrites_a_newer_save():
    """Two tabs on one game: each write names the revision its table loaded or wrote last; once
    the other tab has written, the stale one is refused with nothing written."""
    store: dict[str, str] = {}
    catalog = SaveCatalog(DictBackend(store))
    game = default_options("usa", 2).scenario(fallback_seed=1)
    meta = {"map": "usa", "players": ["A", "B"], "turn": 0}
    assert catalog.revision("g1") == 0
    first = catalog.write("g1", game, meta, saved_at=1, base=0)
    tab_a = tab_b = first                                       # both tabs opened revision 1
    tab_a = catalog.write("g1", {**game, "actions": ["a"]}, meta, saved_at=2, base=tab_a)
    assert (first, tab_a, catalog.revision("g1")) == (1, 2, 2)
    before = dict(store)
    with pytest.raises(StaleSave) as stale:
        catalog.write("g1", {**game, "actions": ["b"]}, meta, saved_at=3, base=tab_b)
    assert stale.value.revision == 2 and store == before       # nothing written
    assert catalog.write("g1", {**game, "actions": ["a", "c"]}, meta, saved_at=4, base=tab_a) == 3
    catalog.delete("g1")
    with pytest.raises(StaleSave):                             # deleted in another tab: not brought back
        catalog.write("g1", game, meta, saved_at=5, base=3)


def test_finished_games_are_offered_to_free_space_oldest_first():
    store: dict[str, str] = {}
    catalog = SaveCatalog(DictBackend(store))
    game = default_options("usa", 2).scenario(fallback_seed=1)
    for save_id, at, over in (("g1", 30, True), ("g2", 10, True), ("g3", 20, False)):
        catalog.write(save_id, game, {"map": "usa", "players": ["A", "B"], "turn": 0, "over": over}, saved_at=at)
    assert [e.id for e in catalog.finished()] == ["g2", "g1"]
