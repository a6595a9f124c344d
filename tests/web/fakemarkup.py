"""Markup for the fake DOM: ``innerHTML`` and ``outerHTML`` parsed into ``fakedom`` nodes (as XML
when well formed, so the board's SVG keeps its attributes' case; else as HTML) and written back."""

from __future__ import annotations

import html
import xml.etree.ElementTree as ET
from html.parser import HTMLParser

from fakedom import Element, Node, Text

VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"})
XLINK = "{http://www.w3.org/1999/xlink}"


def _from_xml(document, node: ET.Element, namespace: str | None) -> Element:
    tag = node.tag.split("}")[-1]
    element = Element(document, tag, namespace or ("svg" if tag == "svg" else None))
    for name, value in node.attrib.items():
        element.attributes[name.replace(XLINK, "xlink:").split("}")[-1]] = value
    if node.text:
        element.append(Text(document, node.text))
    for child in node:
        element.append(_from_xml(document, child, element.namespace))
        if child.tail:
            element.append(Text(document, child.tail))
    return element


class _HtmlBuilder(HTMLParser):
    def __init__(self, document, namespace: str | None) -> None:
        super().__init__(convert_charrefs=True)
        self.document = document
        self.root = Element(document, "template", namespace)
        self.stack = [self.root]

    def handle_starttag(self, tag, attrs) -> None:
        parent = self.stack[-1]
        element = Element(self.document, tag, parent.namespace or ("svg" if tag == "svg" else None))
        for name, value in attrs:
            element.attributes[name] = "" if value is None else value
        parent.append(element)
        if tag not in VOID:
            self.stack.append(element)

    def handle_startendtag(self, tag, attrs) -> None:
        self.handle_starttag(tag, attrs)
        if tag not in VOID:
            self.stack.pop()

    def handle_endtag(self, tag) -> None:
        for i in range(len(self.stack) - 1, 0, -1):
            if self.stack[i].localName.lower() == tag:
                del self.stack[i:]
                return

    def handle_data(self, data) -> None:
        self.stack[-1].append(Text(self.document, data))


def parse_fragment(document, markup: str, namespace: str | None = None) -> list[Node]:
    """The nodes ``markup`` makes: as XML when it is well formed (SVG keeps its attributes' case),
    else as HTML."""
    try:
        wrapper = ET.fromstring(f'<fragment xmlns:xlink="http://www.w3.org/1999/xlink">{markup}</fragment>')
    except ET.ParseError:
        builder = _HtmlBuilder(document, namespace)
        builder.feed(markup)
        builder.close()
        nodes = list(builder.root.childNodes)
    else:
        holder = _from_xml(document, wrapper, namespace)
        nodes = list(holder.childNodes)
    for node in nodes:
        node.remove()
    return nodes


def serialize(node: Node) -> str:
    if isinstance(node, Text):
        return html.escape(node.data, quote=False)
    assert isinstance(node, Element)
    attrs = "".join(f' {k}="{html.escape(v)}"' for k, v in node.attributes.items())
    if node.localName in VOID and node.namespace is None:
        return f"<{node.localName}{attrs}>"
    return f"<{node.localName}{attrs}>{''.join(serialize(c) for c in node.childNodes)}</{node.localName}>"
