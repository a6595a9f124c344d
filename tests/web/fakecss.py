"""CSS selectors for the fake DOM (``fakedom``): the subset the page's code uses, parsed once
and matched against elements.

Supported: ``*``, a tag, ``#id``, ``.class``, ``[attr]``, ``[attr=value]`` (quoted or not),
``:checked``, ``:disabled``, ``:not(list)`` and ``:is(list)``; compounds of them, the descendant
(space) and child (``>``) combinators, and comma lists.  Anything else raises ``SelectorError``,
so a page selector the fake does not understand fails the test loudly, never silently.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass


class SelectorError(ValueError):
    """A selector outside the subset (the message names it)."""


@dataclass(frozen=True)
class Compound:
    """One compound selector: all of its simple parts hold for an element."""

    tag: str | None = None
    ids: tuple[str, ...] = ()
    classes: tuple[str, ...] = ()
    attrs: tuple[tuple[str, str | None], ...] = ()       # (name, value or None for presence)
    pseudos: tuple[tuple[str, tuple], ...] = ()           # (name, argument: a selector list or ())


Complex = tuple        # (Compound, combinator, Compound, combinator, ...): combinators " " or ">"

_IDENT = re.compile(r"(?:\\.|[\w-])+")


def _unescape(text: str) -> str:
    return re.sub(r"\\(.)", r"\1", text)


class _Parser:
    def __init__(self, text: str) -> None:
        self.text, self.at = text, 0

    def fail(self, why: str) -> SelectorError:
        return SelectorError(f"selector {self.text!r} at {self.at}: {why}")

    def peek(self) -> str:
        return self.text[self.at] if self.at < len(self.text) else ""

    def spaces(self) -> bool:
        start = self.at
        while self.peek().isspace():
            self.at += 1
        return self.at > start

    def ident(self) -> str:
        found = _IDENT.match(self.text, self.at)
        if not found:
            raise self.fail("a name is expected")
        self.at = found.end()
        return _unescape(found.group())

    def selector_list(self, closing: str = "") -> tuple[Complex, ...]:
        items = [self.complex()]
        while True:
            self.spaces()
            if self.peek() == ",":
                self.at += 1
                items.append(self.complex())
            elif self.peek() == closing:
                return tuple(items)
            else:
                raise self.fail("unexpected text")

    def complex(self) -> Complex:
        self.spaces()
        parts: list = [self.compound()]
        while True:
            spaced = self.spaces()
            char = self.peek()
            if char == ">":
                self.at += 1
                self.spaces()
                parts += [">", self.compound()]
            elif spaced and char not in (",", ")", ""):
                parts += [" ", self.compound()]
            else:
                return tuple(parts)

    def compound(self) -> Compound:
        tag, ids, classes, attrs, pseudos = None, [], [], [], []
        if self.peek() == "*":
            self.at += 1
            tag = "*"
        elif _IDENT.match(self.text, self.at):
            tag = self.ident().lower()
        while True:
            char = self.peek()
            if char == "#":
                self.at += 1
                ids.append(self.ident())
            elif char == ".":
                self.at += 1
                classes.append(self.ident())
            elif char == "[":
                attrs.append(self.attribute())
            elif char == ":":
                pseudos.append(self.pseudo())
            else:
                break
        if tag is None and not (ids or classes or attrs or pseudos):
            raise self.fail("a selector is expected")
        return Compound(None if tag == "*" else tag, tuple(ids), tuple(classes), tuple(attrs), tuple(pseudos))

    def attribute(self) -> tuple[str, str | None]:
        self.at += 1
        self.spaces()
        name = self.ident().lower()
        self.spaces()
        value = None
        if self.peek() == "=":
            self.at += 1
            self.spaces()
            quote = self.peek()
            if quote in "'\"":
                end = self.text.index(quote, self.at + 1)
                value = _unescape(self.text[self.at + 1:end])
                self.at = end + 1
            else:
                value = self.ident()
            self.spaces()
        if self.peek() != "]":
            raise self.fail("only [attr] and [attr=value] are supported")
        self.at += 1
        return name, value

    def pseudo(self) -> tuple[str, tuple]:
        self.at += 1
        name = self.ident()
        if name in ("checked", "disabled"):
            return name, ()
        if name in ("not", "is") and self.peek() == "(":
            self.at += 1
            inner = self.selector_list(")")
            self.at += 1
            return name, inner
        raise self.fail(f"the pseudo-class :{name} is not supported")


@functools.lru_cache(maxsize=512)
def parse(text: str) -> tuple[Complex, ...]:
    """The selector list ``text``, parsed (``SelectorError`` outside the subset)."""
    parser = _Parser(text)
    found = parser.selector_list()
    if parser.at != len(text):
        raise parser.fail("unexpected text")
    return found


def _compound_matches(compound: Compound, node) -> bool:
    if compound.tag is not None and node.localName.lower() != compound.tag:
        return False
    if any(node.getAttribute("id") != ident for ident in compound.ids):
        return False
    if compound.classes:
        have = node.classList.values()
        if any(name not in have for name in compound.classes):
            return False
    for name, value in compound.attrs:
        got = node.getAttribute(name)
        if got is None or (value is not None and got != value):
            return False
    for name, inner in compound.pseudos:
        if name == "checked" and not getattr(node, "checked", False):
            return False
        if name == "disabled" and not node.hasAttribute("disabled"):
            return False
        if name == "not" and _list_matches(inner, node):
            return False
        if name == "is" and not _list_matches(inner, node):
            return False
    return True


def _complex_matches(parts: Complex, node) -> bool:
    """Whether ``node`` matches the complex selector ``parts``, right to left."""
    if not _compound_matches(parts[-1], node):
        return False
    if len(parts) == 1:
        return True
    combinator, rest = parts[-2], parts[:-2]
    parent = node.parentElement
    if combinator == ">":
        return parent is not None and _complex_matches(rest, parent)
    while parent is not None:
        if _complex_matches(rest, parent):
            return True
        parent = parent.parentElement
    return False


def _list_matches(selectors: tuple[Complex, ...], node) -> bool:
    return any(_complex_matches(parts, node) for parts in selectors)


def matches(text: str, node) -> bool:
    """Whether element ``node`` matches the selector list ``text``."""
    return _list_matches(parse(text), node)


def escape(text: str) -> str:
    """``CSS.escape``: ``text`` as an identifier in a selector."""
    out = []
    for i, char in enumerate(text):
        if char.isalnum() and not (i == 0 and char.isdigit()) or char in "-_" or ord(char) > 127:
            out.append(char)
        else:
            out.append("\\" + char)
    return "".join(out)
