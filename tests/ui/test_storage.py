"""The game's storage: every key named once (game.ui.storage), no other module of the game spelling
one, the loader's JavaScript spelling them the same, only the backend touching localStorage, and
the preferences kept through a backend."""

import ast
import re
from pathlib import Path

from game.ui import storage
from game.ui.storage import LANGUAGE_KEY, DictBackend, Preferences, StorageFull

ROOT = Path(__file__).resolve().parents[2]
KEYS = {value for name, value in vars(storage).items() if name.endswith("_KEY")}
PREFIXES = (storage.SAVE_PREFIX,)
LOADERS = ("static/boot.js", "index.html")       # they read the language before Python starts
BACKEND = Path("game/web/storage.py")


def js_files():
    yield from (ROOT / path for path in LOADERS)
    yield from sorted((ROOT / "static").glob("*.*js"))


def test_the_loaders_read_the_language_under_the_games_key():
    for path in LOADERS:
        text = (ROOT / path).read_text(encoding="utf-8")
        assert re.search(r"""["']""" + re.escape(LANGUAGE_KEY) + r"""["']""", text), \
            f"{path} does not read the language under {LANGUAGE_KEY!r} (game.ui.storage.LANGUAGE_KEY)"


def test_every_storage_key_in_the_javascript_is_one_of_the_games():
    for path in js_files():
        for key in re.findall(r"""["'](ttr\.[\w.-]*)["']""", path.read_text(encoding="utf-8")):
            assert key in KEYS or key.startswith(PREFIXES), \
                f"{path.relative_to(ROOT)} names the storage key {key!r}, which game.ui.storage does not"


def test_no_other_module_of_the_game_spells_a_storage_key():
    home = ROOT / "game/ui/storage.py"
    spelt = []
    for path in sorted((ROOT / "game").rglob("*.py")):
        if path == home:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and re.fullmatch(r"ttr\.[\w.-]+", node.value):
                spelt.append(f"{path.relative_to(ROOT)}:{node.lineno}: {node.value!r}")
    assert not spelt, f"storage keys are named in game.ui.storage only (import them from there): {spelt}"


def test_only_the_backend_touches_local_storage():
    touching = []
    for path in sorted((ROOT / "game").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        if any(isinstance(node, ast.Attribute) and node.attr in ("localStorage", "sessionStorage")
               for node in ast.walk(tree)):
            touching.append(path.relative_to(ROOT))
    assert touching == [BACKEND]


def test_the_keys_keep_the_names_players_have_saved_under():
    assert sorted(KEYS) == ["ttr.ai-speed", "ttr.hints", "ttr.language", "ttr.net.guest", "ttr.net.host",
                            "ttr.net.ice-servers", "ttr.net.on-table", "ttr.net.online", "ttr.net.relays", "ttr.net.room",
                            "ttr.v1.current", "ttr.v1.help.tips-dismissed", "ttr.v1.saves"]
    assert storage.SAVE_PREFIX == "ttr.v1.save."


def test_preferences_read_what_was_kept_before():
    store = {"ttr.language": "fr", "ttr.ai-speed": "slow", "ttr.hints": "off", "ttr.v1.help.tips-dismissed": "1"}
    prefs = Preferences(DictBackend(store))
    assert (prefs.language, prefs.ai_speed, prefs.hints, prefs.tips_dismissed) == ("fr", "slow", False, True)
    prefs.set_tips_dismissed(False)
    prefs.set_hints(True)
    prefs.set_language("ja")
    assert store == {"ttr.language": "ja", "ttr.ai-speed": "slow", "ttr.hints": "on"}


class Refusing(DictBackend):
    def set(self, key, text):
        raise StorageFull(key)


def test_a_refused_preference_is_dropped():
    prefs = Preferences(Refusing({}))
    prefs.set_language("fr")
    prefs.set_hints(False)
    assert prefs.language is None and prefs.hints
