"""Typography per language, over every catalog: each language's quotation marks; French
spaces before ``: ; ! ?`` and inside « », and one apostrophe; full-width punctuation and 「」
in Chinese and Japanese text (docs/i18n.md, "Typography")."""

import re

import pytest

from game import i18n

NBSP, NNBSP = "\u00a0", "\u202f"

# Each language's double quotation marks (opening, closing): docs/i18n.md's table.  A catalog
# uses one pair throughout (Slovenian may use either of its two).
QUOTES = {
    "en": (("“", "”"),),
    "fr": (("«", "»"),),
    "hu": (("„", "”"),),
    "zh-Hant": (("「", "」"),),
    "ja": (("「", "」"),),
    "is": (("„", "“"),),
    "sl": (("„", "“"), ("»", "«")),
    "sr-Latn": (("„", "”"),),
    "hr": (("„", "”"),),
    "nb": (("«", "»"),),
}
ALL_QUOTES = frozenset('"“”„«»「」『』‟〝〞')


def _texts(language: str) -> list[tuple[str, str]]:
    return [(key, form) for key, forms in i18n.catalog(language).items() for form in forms]


def quote_faults(language: str) -> list[tuple[str, str]]:
    """The texts whose quotation marks are not the language's pair, or not paired, or not the
    one pair the rest of the catalog uses."""
    faults, used = [], set()
    for key, text in _texts(language):
        marks = [char for char in text if char in ALL_QUOTES]
        pair = next((pair for pair in QUOTES[language] if marks and marks[0] == pair[0]), None)
        if marks and (pair is None or marks != list(pair) * (len(marks) // 2) or len(marks) % 2):
            faults.append((key, text))
        elif pair:
            used.add(pair)
    if len(used) > 1:
        faults.append(("(catalog)", f"two styles of quotation marks: {sorted(used)}"))
    return faults


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_each_language_quotes_with_its_own_marks(language):
    assert quote_faults(language) == []


# French: the space before a mark that ends a clause, the space inside « », the apostrophe.
# A mark is punctuation when whitespace, the text's end or a closing sign follows it ("?lang="
# and "http://" are not).
FRENCH_MARK = re.compile(r"(.?)([:;!?])(?=$|[\s»)”’.,…])")


def french_faults(text: str) -> list[str]:
    faults = []
    for match in FRENCH_MARK.finditer(text):
        before, mark = match.groups()
        wanted = NBSP if mark == ":" else NNBSP
        if before != wanted:
            faults.append(f"{before!r} before {mark!r} (want {wanted!r})")
    if re.search(f"«[^{NBSP}]|[^{NBSP}]»", text):
        faults.append("« » without no-break spaces inside")
    if "'" in text:
        faults.append("ASCII apostrophe (want ’)")
    return faults


def test_french_spaces_and_apostrophes():
    faults = [(key, text, french_faults(text)) for key, text in _texts("fr") if french_faults(text)]
    assert faults == []


@pytest.mark.parametrize("text, faults", [
    ("Ton tour !", 1), (f"Ton tour{NNBSP}!", 0), ("Cartes : 3", 1), (f"Cartes{NBSP}: 3", 0),
    (f"Cartes{NNBSP}: 3", 1), ("l'appareil", 1), ("« Connecter »", 1), (f"«{NBSP}Connecter{NBSP}»", 0),
    ("ouvrez http://localhost:8000/", 0), (f"utilisez ?scenario=, pas les deux{NNBSP}!", 0)])
def test_the_french_check_finds_the_faults(text, faults):
    assert len(french_faults(text)) == faults


# Chinese and Japanese: ASCII punctuation next to CJK text (or a placeholder inside it) is a
# fault, and ASCII brackets round CJK text; between ASCII words or round them (a technical bit:
# "STUN/TURN (ICE)", a URL) it is not.
CJK = re.compile(r"[\u3000-\u303f\u3040-\u30ff\u3400-\u9fff\uff00-\uffef]")
ASCII_MARKS = ",:;!?"
PLACEHOLDER = re.compile(r"\{\w*\}")


def cjk_faults(text: str) -> list[str]:
    shown = PLACEHOLDER.sub("\u3013", text)         # a placeholder counts as CJK text (〓)
    faults = [f"({inside})" for inside in re.findall(r"\(([^()]*)\)", shown) if CJK.search(inside)]
    if shown.count("(") != shown.count(")"):
        faults.append("an ASCII bracket unpaired")
    for at, char in enumerate(shown):
        before, after = shown[at - 1:at] if at else "", shown[at + 1:at + 2]
        if char in "?:" and re.match(r"[A-Za-z0-9/]", after) and not CJK.match(before):
            continue                    # "?scenario=", "http://", "12:30" (not "佔據:2 或 3")
        if char not in ASCII_MARKS and not (char == "." and at and shown[at - 1] != "\u3013" and CJK.match(shown[at - 1])):
            continue                    # a full stop after CJK text (not after "{number}")
        left = shown[:at].rstrip()[-1:]
        right = shown[at + 1:].lstrip()[:1]
        if CJK.match(left) or CJK.match(right):
            faults.append(f"{char!r} at {at}")
    return faults


@pytest.mark.parametrize("language", ["zh-Hant", "ja"])
def test_chinese_and_japanese_use_full_width_punctuation(language):
    faults = [(key, text, cjk_faults(text)) for key, text in _texts(language) if cjk_faults(text)]
    assert faults == []


@pytest.mark.parametrize("text, faults", [
    ("共同獲勝:{names}。", 1), ("共同獲勝：{names}。", 0), ("保留 (3 張)", 1), ("(3 張", 1), ("保留（3 張）", 0),
    ("你好!", 1), ("{a}, {b}", 1), ("STUN/TURN (ICE) 伺服器", 0), ("http://localhost:8000/ 。", 0),
    ("完成.", 1), ("3.5 分", 0), ("{number}.", 0), ("已被佔據:2 或 3 位玩家", 1),
    ("#s=… か ?scenario= を", 0)])
def test_the_cjk_check_finds_the_faults(text, faults):
    assert len(cjk_faults(text)) == faults
