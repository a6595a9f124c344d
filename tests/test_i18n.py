"""The translation catalogs: complete English, consistent translations, every key in use exists."""

import json
import re
from pathlib import Path

import pytest

from game import i18n
from game.i18n import _

ROOT = Path(__file__).resolve().parents[1]
ENGLISH = i18n.catalog("en")


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("language", i18n.available_languages())
def test_catalogs_only_translate_english_keys_with_the_same_placeholders(language):
    for key, text in i18n.catalog(language).items():
        assert key in ENGLISH, f"{language}.json has {key!r}, which en.json lacks"
        assert i18n.placeholders(text) == i18n.placeholders(ENGLISH[key]), (language, key)


@pytest.mark.parametrize("language", i18n.available_languages())
def test_shipped_catalogs_translate_every_key(language):
    missing = sorted(set(ENGLISH) - set(i18n.catalog(language)))
    assert not missing, f"{language}.json lacks {missing}"


def test_every_key_used_in_code_and_pages_is_in_english():
    used = set()
    for path in (ROOT / "game").rglob("*.py"):
        used |= set(re.findall(r"""\b_\(\s*["']([\w.]*\w)["']""", path.read_text("utf-8")))
    for page in ("index.html", "static/boot.js"):
        text = (ROOT / page).read_text("utf-8")
        used |= set(re.findall(r'data-i18n="([\w.]+)"', text))
        used |= set(re.findall(r'"(boot\.[\w.]+)"', text))
    stages = re.findall(r'\[[\d.]+, "(\w+)"\]', (ROOT / "static/boot.js").read_text("utf-8"))
    used |= {f"boot.stage.{stage}" for stage in stages} | {"boot.stage.start"}
    assert used, "the scan found no keys"
    assert sorted(used - ENGLISH.keys()) == []


def test_missing_translation_falls_back_to_english(monkeypatch):
    monkeypatch.setitem(i18n.catalog("fr"), "board.tunnel", "souterrain")
    i18n.set_language("fr")
    assert _("board.tunnel") == "souterrain"
    monkeypatch.delitem(i18n.catalog("fr"), "board.tunnel")
    assert _("board.tunnel") == "tunnel"


def test_broken_translation_falls_back_to_english(monkeypatch):
    monkeypatch.setitem(i18n.catalog("fr"), "board.claimed", "pris par {joueur}")
    i18n.set_language("fr")
    assert _("board.claimed", owner="Ann") == "claimed by Ann"


def test_plural_rules_differ_by_language():
    assert _("board.ferry", count=0) == "ferry, 0 locomotives needed"
    i18n.set_language("fr")
    assert _("board.ferry", count=0) == "ferry, 0 locomotive nécessaire"
    assert _("board.ferry", count=2) == "ferry, 2 locomotives nécessaires"


def test_unknown_key_is_a_clear_error():
    with pytest.raises(KeyError, match="no.such.key"):
        _("no.such.key")


@pytest.mark.parametrize("code, chosen", [
    ("fr", "fr"), ("FR-ca", "fr"), ("fr_BE", "fr"), ("en-GB", "en"), ("de", "en"),
    ("", "en"), (None, "en"), ("<script>", "en"),
])
def test_set_language_picks_the_closest_catalog(code, chosen):
    assert i18n.set_language(code) == chosen
    assert i18n.language() == chosen


def test_hostile_parameters_are_inserted_verbatim():
    assert _("board.station", owner="{count}<b>") == "station of {count}<b>"


def test_catalog_files_are_json_objects_of_strings(tmp_path, monkeypatch):
    (tmp_path / "xx.json").write_text(json.dumps({"a": 1}), "utf-8")
    monkeypatch.setattr(i18n, "LOCALES_DIR", tmp_path)
    with pytest.raises(ValueError, match="xx.json"):
        i18n.catalog.__wrapped__("xx")
