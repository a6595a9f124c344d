"""Read and write gettext catalogs: PO text (what translators edit) and compiled MO bytes.

A small stdlib reimplementation of what ``msgfmt`` does, so that ``build.py`` compiles the
catalogs in ``game/locales/`` without any tool installed, and CPython can read a catalog
straight from its PO file.  Only what the game's catalogs use is supported: header, ``#.``
comments, flags, ``msgid``, ``msgid_plural``, ``msgstr`` and ``msgstr[n]`` (no ``msgctxt``).

>>> entries = read_po('msgid "a"\\nmsgstr "A \\\\"b\\\\""\\n')
>>> entries[0].msgid, entries[0].forms
('a', ('A "b"',))
>>> import gettext, io
>>> gettext.GNUTranslations(io.BytesIO(compile_mo(entries))).gettext("a")
'A "b"'
"""

from __future__ import annotations

import ast
import struct
from dataclasses import dataclass, field

MO_MAGIC = 0x950412DE


@dataclass(frozen=True)
class Entry:
    """One message: its id, its plural id (empty when it has none) and its translated forms."""
    msgid: str
    forms: tuple[str, ...]
    msgid_plural: str = ""
    comments: tuple[str, ...] = ()      # extracted comments (``#.``), for translators
    flags: frozenset[str] = field(default_factory=frozenset)

    @property
    def plural(self) -> bool:
        return bool(self.msgid_plural)

    @property
    def translated(self) -> bool:
        return all(self.forms) and "fuzzy" not in self.flags


class POError(ValueError):
    """A PO text that cannot be read; the message names the line."""


def _unquote(text: str, line_number: int) -> str:
    text = text.strip()
    if len(text) < 2 or text[0] != '"' or text[-1] != '"':
        raise POError(f"line {line_number}: expected a quoted string, found {text!r}")
    try:
        value = ast.literal_eval(text)
    except (SyntaxError, ValueError):
        raise POError(f"line {line_number}: bad string {text!r}") from None
    if not isinstance(value, str):
        raise POError(f"line {line_number}: bad string {text!r}")
    return value


def read_po(text: str) -> list[Entry]:
    """Every entry of a PO text, the header (msgid "") included, in file order."""
    entries: list[Entry] = []
    fields: dict[str, str] = {}
    comments: list[str] = []
    flags: set[str] = set()
    current: str | None = None

    def finish() -> None:
        nonlocal current
        if "msgid" in fields:
            forms = [fields[name] for name in sorted(
                (name for name in fields if name.startswith("msgstr[")),
                key=lambda name: int(name[7:-1]))]
            if "msgstr" in fields:
                forms = [fields["msgstr"]]
            entries.append(Entry(fields["msgid"], tuple(forms), fields.get("msgid_plural", ""),
                                 tuple(comments), frozenset(flags)))
        fields.clear()
        comments.clear()
        flags.clear()
        current = None

    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            if current is not None and "msgid" in fields and any(
                    name.startswith("msgstr") for name in fields):
                finish()
            if line.startswith("#."):
                comments.append(line[2:].strip())
            elif line.startswith("#,"):
                flags.update(flag.strip() for flag in line[2:].split(","))
            continue
        if line.startswith('"'):
            if current is None:
                raise POError(f"line {number}: a string continues no keyword")
            fields[current] += _unquote(line, number)
            continue
        keyword, _, rest = line.partition(" ")
        if keyword == "msgctxt":
            raise POError(f"line {number}: msgctxt is not used by these catalogs")
        if keyword not in ("msgid", "msgid_plural", "msgstr") and not (
                keyword.startswith("msgstr[") and keyword.endswith("]") and keyword[7:-1].isdigit()):
            raise POError(f"line {number}: unknown keyword {keyword!r}")
        if keyword == "msgid" and "msgid" in fields:
            finish()
        if keyword in fields:
            raise POError(f"line {number}: {keyword} given twice")
        fields[keyword] = _unquote(rest, number)
        current = keyword
    finish()
    return entries


def header(entries: list[Entry]) -> dict[str, str]:
    """The fields of the catalog's header entry (``Language``, ``Plural-Forms``, …)."""
    for entry in entries:
        if entry.msgid == "":
            lines = (line.partition(":") for line in entry.forms[0].splitlines())
            return {name.strip(): value.strip() for name, sep, value in lines if sep}
    return {}


def _quote(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\t", "\\t")
    parts = escaped.split("\n")
    if len(parts) == 1:
        return f'"{escaped}"'
    pieces = [part + "\\n" for part in parts[:-1]] + ([parts[-1]] if parts[-1] else [])
    return '""\n' + "\n".join(f'"{piece}"' for piece in pieces)


def write_po(entries: list[Entry]) -> str:
    """PO text for ``entries`` (one string per line; the header first if it is among them)."""
    blocks = []
    for entry in entries:
        lines = [f"#. {comment}" for comment in entry.comments]
        if entry.flags:
            lines.append("#, " + ", ".join(sorted(entry.flags)))
        lines.append(f"msgid {_quote(entry.msgid)}")
        if entry.plural:
            lines.append(f"msgid_plural {_quote(entry.msgid_plural)}")
            lines += [f"msgstr[{index}] {_quote(form)}" for index, form in enumerate(entry.forms)]
        else:
            lines.append(f"msgstr {_quote(entry.forms[0] if entry.forms else '')}")
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks) + "\n"


def compile_mo(entries: list[Entry]) -> bytes:
    """The MO bytes of ``entries``, as ``msgfmt`` writes them: translated entries only (fuzzy
    and empty ones are left out), sorted by id, no hash table."""
    pairs = sorted(
        ((entry.msgid + ("\0" + entry.msgid_plural if entry.plural else "")).encode("utf-8"),
         "\0".join(entry.forms).encode("utf-8"))
        for entry in entries if entry.msgid == "" or entry.translated)
    count = len(pairs)
    ids_at = 7 * 4
    strs_at = ids_at + count * 8
    data_at = strs_at + count * 8
    offsets: list[int] = []
    blob = bytearray()
    for source, _ in pairs:
        offsets += [len(source), data_at + len(blob)]
        blob += source + b"\0"
    for _, target in pairs:
        offsets += [len(target), data_at + len(blob)]
        blob += target + b"\0"
    head = struct.pack("<7I", MO_MAGIC, 0, count, ids_at, strs_at, 0, data_at)
    return head + struct.pack(f"<{len(offsets)}I", *offsets) + bytes(blob)
