"""The translation catalogs: PO files complete against the template, CLDR plural forms, the
rulebooks' terms, gettext at run time, every key in use exists."""

import gettext
import io
import re
from pathlib import Path

import pytest
from babel import Locale
from babel.messages.pofile import read_po as babel_read_po

import build
from game import i18n, pofile
from game.i18n import _

ROOT = Path(__file__).resolve().parents[1]
LOCALES = ROOT / "game" / "locales"
ENGLISH = i18n.catalog("en")
TEMPLATE = pofile.read_po((LOCALES / "game.pot").read_text("utf-8"))
TRANSLATED = [code for code in i18n.LANGUAGES if code != "en"]
# CLDR's plural categories, in the order gettext numbers them (msgstr[0], [1], ...)
CLDR_ORDER = ("zero", "one", "two", "few", "many", "other")


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def test_the_shipped_languages_are_the_catalogs_in_game_locales():
    assert sorted(path.stem for path in LOCALES.glob("*.po")) == sorted(i18n.LANGUAGES)


def test_the_template_is_what_build_makes_from_english():
    assert (LOCALES / "game.pot").read_text("utf-8") == build.template(), \
        "run `python3 build.py catalogs`"


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_every_catalog_has_exactly_the_templates_entries_all_translated(language):
    entries = i18n.source_entries(language)
    template = {entry.msgid: entry for entry in TEMPLATE if entry.msgid}
    mine = {entry.msgid: entry for entry in entries if entry.msgid}
    assert sorted(template.keys() - mine.keys()) == [], "missing entries"
    assert sorted(mine.keys() - template.keys()) == [], "stale entries"
    for key, entry in mine.items():
        assert entry.plural == template[key].plural, key
        assert entry.translated, f"{language}: {key} is untranslated or fuzzy"


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_form_has_the_english_placeholders(language):
    for key, forms in i18n.catalog(language).items():
        wanted = set().union(*(i18n.placeholders(text) for text in ENGLISH[key]))
        for text in forms:
            assert i18n.placeholders(text) == wanted, (language, key, text)
            text.format_map({name: "x" for name in wanted})      # well-formed braces


def _cldr_index(locale: Locale, n: int) -> int:
    tags = sorted(locale.plural_form.tags | {"other"}, key=CLDR_ORDER.index)
    return tags.index(locale.plural_form(n))


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_plural_forms_are_cldrs_and_every_form_is_filled(language):
    entries = i18n.source_entries(language)
    head = pofile.header(entries)
    locale = Locale.parse(head["Language"])
    assert locale.language == language.split("-")[0]
    count, expression = re.fullmatch(r"nplurals=(\d+); plural=(.+);", head["Plural-Forms"]).groups()
    assert int(count) == len(locale.plural_form.tags | {"other"})
    plural = gettext.c2py(expression)
    for n in [*range(1001), 1_000_000, 2_000_000]:
        assert plural(n) == _cldr_index(locale, n), (language, n)
    for entry in entries:
        if entry.plural:
            assert len(entry.forms) == int(count) and all(entry.forms), (language, entry.msgid)


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_babel_reads_each_catalog_and_finds_no_problem(language):
    with open(LOCALES / f"{language}.po", "rb") as file:
        catalog = babel_read_po(file)
    head = pofile.header(i18n.source_entries(language))["Plural-Forms"]
    assert catalog.num_plurals == int(head.split(";")[0].split("=")[1])
    problems = [(message.id, errors) for message, errors in catalog.check()]
    assert problems == []
    assert len([m for m in catalog if m.id]) == len([e for e in TEMPLATE if e.msgid])


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_compiled_catalog_reads_back_through_gettext(language):
    compiled = gettext.GNUTranslations(io.BytesIO(i18n.catalog_bytes(language)))
    for key, forms in i18n.catalog(language).items():
        if len(forms) == 1 and not next(e for e in TEMPLATE if e.msgid == key).plural:
            assert compiled.gettext(key) == forms[0]
        else:
            assert {compiled.ngettext(key, key, n) for n in range(120)} == set(forms), key


def test_the_archive_holds_english_compiled_and_cldrs_tables_the_other_languages_are_fetched():
    import zipfile
    names = zipfile.ZipFile(io.BytesIO(build.game_archive())).namelist()
    assert [name for name in names if name.startswith("game/locales/")] == ["game/locales/cldr.json",
                                                                            "game/locales/en.mo"]


HUNGARIAN, JAPANESE = (pofile.compile_mo(i18n.source_entries(code)) for code in ("hu", "ja"))


@pytest.fixture
def as_in_the_archive(tmp_path, monkeypatch):
    """game/locales/ as the browser has it: English's MO file, nothing else."""
    (tmp_path / "en.mo").write_bytes(pofile.compile_mo(i18n.source_entries("en")))
    monkeypatch.setattr(i18n, "LOCALES_DIR", tmp_path)
    monkeypatch.setattr(i18n, "_provided", {})
    i18n.translations.cache_clear()
    yield
    i18n.translations.cache_clear()


def test_a_language_is_used_once_its_fetched_catalog_is_provided(as_in_the_archive):
    assert i18n.has_catalog("en") and not i18n.has_catalog("hu")
    assert i18n.set_language("hu") == "en"           # not here yet: the game stays in English
    assert _("log.over") == ENGLISH["log.over"][0]
    i18n.provide_catalog("hu", HUNGARIAN)
    assert i18n.set_language("hu-HU") == "hu"
    assert _("log.over") == gettext.GNUTranslations(io.BytesIO(HUNGARIAN)).gettext("log.over") != \
        ENGLISH["log.over"][0]


@pytest.mark.parametrize("data, problem", [
    (b"", "damaged"), (b"\xde\x12\x04\x95" + b"\0" * 3, "damaged"), (b"<html>404</html>", "damaged"),
    (JAPANESE, "is for 'ja'")])
def test_a_damaged_or_wrong_catalog_is_refused_and_changes_nothing(as_in_the_archive, data, problem):
    with pytest.raises(ValueError, match=problem):
        i18n.provide_catalog("hu", data)
    assert not i18n.has_catalog("hu") and i18n.set_language("hu") == "en"


# --- the rulebooks' words ------------------------------------------------------------------

GLOSSARY_ROW = re.compile(r"^\|\s*([^|]+?)\s*\|\s*([^|]+?)\s*\|\s*`([^`]+)`\s*\|")


def glossary(language: str) -> list[tuple[str, str, str]]:
    """(concept, term, the text the catalog must contain) for each row of the glossary table."""
    text = (ROOT / "docs" / "glossary" / f"{language}.md").read_text("utf-8")
    return [match.groups() for line in text.splitlines() if (match := GLOSSARY_ROW.match(line))]


@pytest.mark.parametrize("language", TRANSLATED)
def test_catalogs_use_the_glossarys_terms(language):
    rows = glossary(language)
    concepts = {concept for concept, _, _ in rows}
    assert {"train card", "locomotive", "destination ticket", "long ticket", "station", "tunnel",
            "ferry", "European Express", "longest path"} <= concepts, concepts
    texts = " ".join(" ".join(forms) for forms in i18n.catalog(language).values()).lower()
    for concept, term, checked in rows:
        assert checked.lower() in texts, (language, concept, term, checked)


# Each glossary's "## Wrong variants" table (| wrong | right | why |): a wrong text must not appear
# in the catalog (case-insensitive), except inside one of the glossary's right terms (車票 inside
# 車票卡); and its "Register:" and "Names:" lines.
WRONG_HEADING = "## Wrong variants"


def wrong_variants(language: str) -> list[tuple[str, str]]:
    """(wrong, right) for each row of the glossary's wrong-variants table."""
    text = (ROOT / "docs" / "glossary" / f"{language}.md").read_text("utf-8")
    assert WRONG_HEADING in text.splitlines(), f"{language}: no '{WRONG_HEADING}' section"
    section = text.split(WRONG_HEADING + "\n", 1)[1].split("\n## ", 1)[0]
    rows = [[cell.strip() for cell in line.strip().strip("|").split("|")]
            for line in section.splitlines() if line.startswith("|")]
    assert rows and rows[0] == ["wrong", "right", "why"], (language, rows[:1])
    return [(row[0], row[1]) for row in rows[2:]]


def masked(text: str, terms: set[str]) -> str:
    """``text`` in lower case, its placeholders and every occurrence of ``terms`` blanked out."""
    text = re.sub(r"\{\w*\}", "\0", text).lower()
    for term in sorted(terms, key=len, reverse=True):
        text = text.replace(term.lower(), "\0")
    return text


def right_terms(language: str) -> set[str]:
    """Every right term a glossary names: its terms table's and its wrong variants' right cells."""
    return ({term for _, term, _ in glossary(language)} | {checked for _, _, checked in glossary(language)}
            | {right for _, right in wrong_variants(language)})


@pytest.mark.parametrize("language", TRANSLATED)
def test_no_wrong_variant_of_a_term_is_in_the_catalog(language):
    right = right_terms(language)
    texts = "\n".join(masked(" ".join(forms), right) for forms in i18n.catalog(language).values())
    assert [(wrong, fix) for wrong, fix in wrong_variants(language) if wrong.lower() in texts] == []


@pytest.mark.parametrize("language", TRANSLATED)
def test_each_glossary_states_its_register_and_its_name_strategy(language):
    head = (ROOT / "docs" / "glossary" / f"{language}.md").read_text("utf-8").split("\n| ", 1)[0]
    lines = head.splitlines()
    assert any(line.startswith("Register: ") and len(line) > 15 for line in lines), language
    assert any(line.startswith("Names: ") and len(line) > 15 for line in lines), language


def test_the_wrong_variants_check_finds_chinese_tickets_named_as_train_cards():
    right = right_terms("zh-Hant")
    assert "車票" in dict(wrong_variants("zh-Hant"))
    assert "車票" in masked("抽取車票", right)              # main's hint: "draw train cards"
    assert "車票" not in masked("抽車票卡或彩色車票卡，抽任務卡", right)


def test_french_never_puts_a_name_where_it_would_elide():
    """« de Amélie » must be « d’Amélie », « que Ann » « qu’Ann »: a name inserted as typed cannot
    elide, so no French text puts a name after a word that would (« À {name} de jouer »)."""
    eliding = re.compile(r"(?i)\b(de|que|jusque|lorsque|puisque|le|la|je|me|te|se|ne|ce)\s+\{(name|player|host|owner|"
                         r"names|players|winner)\}")
    found = [(key, text) for key, forms in i18n.catalog("fr").items() for text in forms if eliding.search(text)]
    assert found == []


@pytest.mark.parametrize("key, params", [
    ("log.draw_face_up", {"player": "Ann"}), ("rule.draw.not_face_up", {}), ("rule.payment.colour", {}),
    ("rule.payment.no_colour_card", {}), ("rule.tunnel.cards", {"count": 1}), ("review.do.draw", {}),
    ("hint.move.draw_card", {}), ("log.part.draw_face_up", {})])
def test_french_card_colours_agree_with_carte(key, params):
    i18n.set_language("fr")
    for kind, feminine in (("white", "blanche"), ("black", "noire"), ("green", "verte"),
                           ("purple", "violette"), ("blue", "bleue"), ("locomotive", "locomotive")):
        text = _(key, card=_(i18n.CARD_KEYS[kind]), **params)
        assert feminine in text, (key, text)
    assert _("table.pay", payment=_("table.pay_cards", count=3, card=_("card.white"))) == "Payer 3 × blanche"


# --- gettext at run time -------------------------------------------------------------------

def _with(language: str, changes: dict[str, str | None]) -> gettext.GNUTranslations:
    entries = [pofile.Entry(e.msgid, (changes[e.msgid],) if changes.get(e.msgid) else e.forms,
                            e.msgid_plural)
               for e in i18n.source_entries(language) if changes.get(e.msgid, "keep") is not None]
    return gettext.GNUTranslations(io.BytesIO(pofile.compile_mo(entries)))


def test_missing_translation_falls_back_to_english(monkeypatch):
    french = _with("fr", {"board.tunnel": None})
    real = i18n.translations
    monkeypatch.setattr(i18n, "translations", lambda code: french if code == "fr" else real(code))
    i18n.set_language("fr")
    assert _("board.tunnel") == "tunnel"
    assert _("log.over") == "La partie est terminée."


def test_broken_translation_falls_back_to_english(monkeypatch):
    french = _with("fr", {"board.claimed": "pris par {joueur}"})
    real = i18n.translations
    monkeypatch.setattr(i18n, "translations", lambda code: french if code == "fr" else real(code))
    i18n.set_language("fr")
    assert _("board.claimed", owner="Ann") == "claimed by Ann"


def test_plural_rules_differ_by_language():
    assert _("board.ferry", count=0) == "ferry, 0 locomotives needed"
    i18n.set_language("fr")
    assert _("board.ferry", count=0) == "ferry, 0 locomotive nécessaire"
    assert _("board.ferry", count=2) == "ferry, 2 locomotives nécessaires"
    i18n.set_language("sl")
    assert [_("table.stat.trains", count=n) for n in (1, 2, 3, 5, 101)] == [
        "1 vagon", "2 vagona", "3 vagoni", "5 vagonov", "101 vagon"]
    i18n.set_language("hr")
    assert [_("table.stat.score", count=n) for n in (1, 3, 5, 11, 21, 22)] == [
        "1 bod", "3 boda", "5 bodova", "11 bodova", "21 bod", "22 boda"]
    i18n.set_language("ja")
    assert _("table.stat.score", count=1) == "1点"


def test_catalogs_load_one_language_at_a_time():
    i18n.translations.cache_clear()
    i18n.set_language("hu")
    _("log.over")
    assert i18n.translations.cache_info().currsize == 1


def test_unknown_key_is_a_clear_error():
    with pytest.raises(KeyError, match="no.such.key"):
        _("no.such.key")


@pytest.mark.parametrize("code, chosen", [
    ("fr", "fr"), ("FR-ca", "fr"), ("fr_BE", "fr"), ("en-GB", "en"), ("de", "en"),
    ("", "en"), (None, "en"), ("<script>", "en"), ("zh-TW", "zh-Hant"), ("zh-Hant-HK", "zh-Hant"),
    ("zh-CN", "en"), ("sr", "sr-Latn"), ("sr-Latn-RS", "sr-Latn"), ("no", "nb"), ("nn-NO", "nb"),
    ("is-IS", "is"), ("ja-JP", "ja"), ("hu", "hu"), ("sl-SI", "sl"), ("hr-HR", "hr"),
])
def test_set_language_picks_the_closest_catalog(code, chosen):
    assert i18n.set_language(code) == chosen
    assert i18n.language() == chosen


def test_hostile_parameters_are_inserted_verbatim():
    assert _("board.station", owner="{count}<b>") == "station of {count}<b>"


def test_map_variant_and_bonus_names_are_translated():
    from game.mapdata import MAP_IDS, load_map
    for code in i18n.LANGUAGES:
        i18n.set_language(code)
        for map_id in MAP_IDS:
            assert i18n.map_name(map_id) and i18n.longest_name(map_id)
            for variant in load_map(map_id).variants:
                assert i18n.variant_name(map_id, variant.id)
    i18n.set_language("ja")
    assert i18n.variant_name("europe", "mega") == "巨大なヨーロッパ"


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


def test_po_reader_reports_bad_input_by_line():
    with pytest.raises(pofile.POError, match="line 2"):
        pofile.read_po('msgid "a"\nmsgstr nope\n')
    with pytest.raises(pofile.POError, match="msgctxt"):
        pofile.read_po('msgctxt "x"\nmsgid "a"\nmsgstr "b"\n')


def test_po_text_round_trips():
    entries = i18n.source_entries("sl")
    assert pofile.read_po(pofile.write_po(entries)) == entries
