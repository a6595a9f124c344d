"""A fake DOM for running ``game/web`` under CPython: elements with attributes, classes, text,
children, the tree's edits (``append``, ``replaceChildren``, ``remove``, ``after`` ...), selectors
(``fakecss``), ``innerHTML``/``outerHTML`` parsed from markup (``fakemarkup``), form controls'
``value``/``checked``, focus, and events that bubble to the document and the window."""

from __future__ import annotations

import re
from types import SimpleNamespace
from typing import Any

import fakecss
from fakeevents import Event, EventTarget, jsmethod

# properties that read and write the attribute of the same name (``node.id`` is ``id="..."``)
REFLECTED = {"id": "id", "className": "class", "name": "name", "type": "type", "content": "content",
             "href": "href", "lang": "lang", "title": "title", "role": "role", "placeholder": "placeholder"}
BOOLEAN = {"hidden": "hidden", "disabled": "disabled", "readOnly": "readonly", "open": "open", "inert": "inert"}


class Rect(SimpleNamespace):
    """A layout box: the fake lays nothing out, so every box is the same, non-empty one."""


def _rect() -> Rect:
    return Rect(left=0.0, top=0.0, right=100.0, bottom=20.0, width=100.0, height=20.0, x=0.0, y=0.0)


class Node(EventTarget):
    def __init__(self, document: Document | None) -> None:
        super().__init__()
        self.ownerDocument = document
        self.parentNode: Node | None = None

    @property
    def parentElement(self) -> Element | None:
        parent = self.parentNode
        return parent if isinstance(parent, Element) else None

    def event_parent(self):
        return self.parentNode if self.parentNode is not None else None

    @property
    def isConnected(self) -> bool:
        node: Node | None = self
        while node is not None:
            if isinstance(node, Document):
                return True
            node = node.parentNode
        return False

    def isSameNode(self, other) -> bool:
        return self is other

    @jsmethod
    def remove(self) -> None:
        if self.parentNode is not None:
            self.parentNode.childNodes.remove(self)
            self.parentNode = None


class Text(Node):
    def __init__(self, document: Document | None, data: str) -> None:
        super().__init__(document)
        self.data = data

    @property
    def textContent(self) -> str:
        return self.data

    @textContent.setter
    def textContent(self, value: str) -> None:
        self.data = str(value)

    nodeType = 3


class ClassList:
    def __init__(self, element: Element) -> None:
        self.element = element

    def values(self) -> list[str]:
        return (self.element.getAttribute("class") or "").split()

    def _set(self, names: list[str]) -> None:
        self.element.setAttribute("class", " ".join(names))

    def contains(self, name: str) -> bool:
        return name in self.values()

    def add(self, *names: str) -> None:
        have = self.values()
        self._set(have + [n for n in names if n not in have])

    def remove(self, *names: str) -> None:
        if self.element.hasAttribute("class"):
            self._set([n for n in self.values() if n not in names])

    def toggle(self, name: str, force: bool | None = None) -> bool:
        on = not self.contains(name) if force is None else bool(force)
        (self.add if on else self.remove)(name)
        return on

    def __contains__(self, name: str) -> bool:
        return self.contains(name)

    @property
    def length(self) -> int:
        return len(self.values())


class Dataset:
    """``node.dataset``: ``data-*`` attributes by their camel-case names."""

    def __init__(self, element: Element) -> None:
        object.__setattr__(self, "_element", element)

    @staticmethod
    def _attr(name: str) -> str:
        return "data-" + re.sub(r"[A-Z]", lambda m: "-" + m.group().lower(), name)

    def __getattr__(self, name: str):
        return self._element.getAttribute(self._attr(name))

    def __setattr__(self, name: str, value) -> None:
        self._element.setAttribute(self._attr(name), str(value))


class Style(SimpleNamespace):
    """``node.style``: any property set is kept (nothing is laid out)."""

    def __getattr__(self, name: str) -> str:
        return ""


class NodeList(list):
    @property
    def length(self) -> int:
        return len(self)

    def item(self, index: int):
        return self[index] if 0 <= index < len(self) else None


class Element(Node):
    nodeType = 1

    def __init__(self, document: Document | None, tag: str, namespace: str | None = None) -> None:
        super().__init__(document)
        self.localName = tag if namespace else tag.lower()
        self.namespace = namespace
        self.attributes: dict[str, str] = {}
        self.childNodes: list[Node] = []
        self.style = Style()
        self.classList = ClassList(self)
        self.dataset = Dataset(self)
        self._value: str | None = None          # a form control's value once set (else its attribute)
        self._checked: bool | None = None
        self.scrollTop = 0
        self.scrolled_into_view = 0
        self.animations: list = []

    def __repr__(self) -> str:
        attrs = "".join(f" {k}={v!r}" for k, v in list(self.attributes.items())[:4])
        return f"<{self.localName}{attrs}>"

    # --- reflected properties ---
    def __getattr__(self, name: str) -> Any:
        if name in REFLECTED:
            return self.getAttribute(REFLECTED[name]) or ""
        if name in BOOLEAN:
            return self.hasAttribute(BOOLEAN[name])
        raise AttributeError(f"{self!r} has no property {name!r} in the fake DOM")

    def __setattr__(self, name: str, value: Any) -> None:
        if name in REFLECTED:
            self.setAttribute(REFLECTED[name], str(value))
        elif name in BOOLEAN:
            self.toggleAttribute(BOOLEAN[name], bool(value))
        else:
            object.__setattr__(self, name, value)

    @property
    def tagName(self) -> str:
        return self.localName.upper() if self.namespace is None else self.localName

    # --- attributes ---
    def getAttribute(self, name: str) -> str | None:
        return self.attributes.get(name if self.namespace else name.lower())

    def setAttribute(self, name: str, value: Any) -> None:
        self.attributes[name if self.namespace else name.lower()] = str(value)

    def removeAttribute(self, name: str) -> None:
        self.attributes.pop(name if self.namespace else name.lower(), None)

    def hasAttribute(self, name: str) -> bool:
        return self.getAttribute(name) is not None

    def toggleAttribute(self, name: str, force: bool | None = None) -> bool:
        on = not self.hasAttribute(name) if force is None else bool(force)
        if on and not self.hasAttribute(name):
            self.setAttribute(name, "")
        elif not on:
            self.removeAttribute(name)
        return on

    # --- form controls ---
    @property
    def value(self) -> str:
        if self.localName == "select":
            chosen = self.selected_option()
            return "" if chosen is None else chosen.value
        if self.localName == "textarea":
            return self.textContent if self._value is None else self._value
        if self._value is not None:
            return self._value
        if self.localName == "option" and not self.hasAttribute("value"):
            return self.textContent
        return self.getAttribute("value") or ("on" if self.getAttribute("type") == "checkbox" else "")

    @value.setter
    def value(self, text: Any) -> None:
        if self.localName == "select":
            for option in self.querySelectorAll("option"):
                option._selected = option.value == str(text)
            return
        self._value = str(text)

    def selected_option(self) -> Element | None:
        options = self.querySelectorAll("option")
        chosen = [o for o in options if o.__dict__.get("_selected")]
        if chosen:
            return chosen[0]
        marked = [o for o in options if o.hasAttribute("selected") and "_selected" not in o.__dict__]
        return marked[0] if marked else (options[0] if options else None)

    @property
    def checked(self) -> bool:
        return self.hasAttribute("checked") if self._checked is None else self._checked

    @checked.setter
    def checked(self, on: Any) -> None:
        self._checked = bool(on)

    @property
    def files(self):
        return NodeList(self.__dict__.get("_files", []))

    # --- the tree ---
    @property
    def children(self) -> NodeList:
        return NodeList(n for n in self.childNodes if isinstance(n, Element))

    @property
    def childElementCount(self) -> int:
        return len(self.children)

    @property
    def firstChild(self) -> Node | None:
        return self.childNodes[0] if self.childNodes else None

    @property
    def firstElementChild(self) -> Element | None:
        kids = self.children
        return kids[0] if kids else None

    def _adopt(self, items) -> list[Node]:
        nodes = []
        for item in items:
            node = item if isinstance(item, Node) else Text(self.ownerDocument, str(item))
            if node is self or (isinstance(node, Element) and node.contains(self)):
                raise ValueError("HierarchyRequestError: a node cannot hold itself")
            node.remove()
            node.parentNode = self
            nodes.append(node)
        return nodes

    def append(self, *items) -> None:
        self.childNodes.extend(self._adopt(items))

    appendChild = append

    def prepend(self, *items) -> None:
        self.childNodes[0:0] = self._adopt(items)

    def replaceChildren(self, *items) -> None:
        for old in list(self.childNodes):
            old.remove()
        self.append(*items)

    def after(self, *items) -> None:
        parent = self.parentNode
        if parent is None:
            return
        nodes = [n for n in items if n is not self]
        for node in nodes:
            if isinstance(node, Node):
                node.remove()
        index = parent.childNodes.index(self) + 1
        parent.childNodes[index:index] = parent._adopt(nodes)

    def before(self, *items) -> None:
        parent = self.parentNode
        if parent is None:
            return
        for node in items:
            if isinstance(node, Node):
                node.remove()
        index = parent.childNodes.index(self)
        parent.childNodes[index:index] = parent._adopt(items)

    def replaceWith(self, *items) -> None:
        parent = self.parentNode
        if parent is not None:
            self.before(*items)
            self.remove()

    def contains(self, other) -> bool:
        node = other
        while node is not None:
            if node is self:
                return True
            node = node.parentNode
        return False

    def descendants(self):
        for child in self.childNodes:
            if isinstance(child, Element):
                yield child
                yield from child.descendants()

    # --- text and markup ---
    @property
    def textContent(self) -> str:
        return "".join(child.textContent for child in self.childNodes)

    @textContent.setter
    def textContent(self, text: Any) -> None:
        self.replaceChildren(*([] if text is None or text == "" else [Text(self.ownerDocument, str(text))]))

    @property
    def innerText(self) -> str:
        return self.textContent

    @property
    def innerHTML(self) -> str:
        from fakemarkup import serialize
        return "".join(serialize(child) for child in self.childNodes)

    @innerHTML.setter
    def innerHTML(self, markup: str) -> None:
        from fakemarkup import parse_fragment
        self.replaceChildren(*parse_fragment(self.ownerDocument, str(markup), self.namespace))

    @property
    def outerHTML(self) -> str:
        from fakemarkup import serialize
        return serialize(self)

    @outerHTML.setter
    def outerHTML(self, markup: str) -> None:
        from fakemarkup import parse_fragment
        self.replaceWith(*parse_fragment(self.ownerDocument, str(markup), self.namespace))

    # --- selectors ---
    def matches(self, selector: str) -> bool:
        return fakecss.matches(selector, self)

    def closest(self, selector: str) -> Element | None:
        node: Node | None = self
        while isinstance(node, Element):
            if node.matches(selector):
                return node
            node = node.parentNode
        return None

    def querySelectorAll(self, selector: str) -> NodeList:
        parsed = fakecss.parse(selector)
        return NodeList(n for n in self.descendants() if fakecss._list_matches(parsed, n))

    def querySelector(self, selector: str) -> Element | None:
        parsed = fakecss.parse(selector)
        return next((n for n in self.descendants() if fakecss._list_matches(parsed, n)), None)

    def getElementById(self, ident: str) -> Element | None:
        return next((n for n in self.descendants() if n.attributes.get("id") == ident), None)

    # --- events ---
    def dispatchEvent(self, event: Event) -> bool:
        """As a browser: a click on a checkbox ticks it first (undone if a listener prevents it),
        then ``input`` and ``change`` follow."""
        box = event.type == "click" and self.localName == "input" and self.getAttribute("type") in ("checkbox", "radio")
        before = self.checked if box else False
        if box:
            self.checked = True if self.getAttribute("type") == "radio" else not before
        allowed = super().dispatchEvent(event)
        if box and not allowed:
            self.checked = before
        elif box and self.checked != before:
            super().dispatchEvent(Event("input"))
            super().dispatchEvent(Event("change"))
        return allowed

    # --- focus, layout, actions ---
    def focus(self, _options=None) -> None:
        self.ownerDocument.move_focus(self)

    def select(self) -> None:
        """A text field's whole text selected."""
        self.selectionStart, self.selectionEnd = 0, len(str(getattr(self, "value", "") or ""))

    def blur(self) -> None:
        if self.ownerDocument.activeElement is self:
            self.ownerDocument.move_focus(None)

    def click(self) -> None:
        self.dispatchEvent(Event("click", clientX=0, clientY=0, pointerType="mouse"))

    def shown(self) -> bool:
        """Whether the element takes room: connected, and neither it nor any ancestor hidden."""
        node: Node | None = self
        while isinstance(node, Element):
            if node.hasAttribute("hidden"):
                return False
            node = node.parentNode
        return self.isConnected

    def getClientRects(self) -> NodeList:
        return NodeList([_rect()] if self.shown() else [])

    def getBoundingClientRect(self) -> Rect:
        return _rect()

    def getScreenCTM(self):
        return None         # nothing is laid out: the labels keep the size they were drawn with

    scrollHeight = clientHeight = clientWidth = offsetWidth = offsetHeight = 0

    def scrollIntoView(self, _options=None) -> None:
        self.scrolled_into_view += 1

    @jsmethod
    def scrollTo(self, _x=0, y=0) -> None:
        self.scrollTop = y

    def animate(self, frames, options=None):
        self.animations.append((frames, options))
        return SimpleNamespace(finished=None, cancel=lambda: None)


class Document(Node):
    nodeType = 9

    def __init__(self, window) -> None:
        super().__init__(None)
        self.window = window
        self.ownerDocument = self
        self.childNodes: list[Node] = []
        self.documentElement = self.createElement("html")
        self.documentElement.parentNode = self
        self.childNodes.append(self.documentElement)
        self.head, self.body = self.createElement("head"), self.createElement("body")
        self.documentElement.append(self.head, self.body)
        self.focused: Element | None = None

    def event_parent(self):
        return self.window

    def createElement(self, tag: str) -> Element:
        return Element(self, tag)

    def createElementNS(self, namespace: str, tag: str) -> Element:
        return Element(self, tag, namespace)

    def createTextNode(self, data: str) -> Text:
        return Text(self, data)

    @property
    def activeElement(self) -> Element:
        focused = self.focused
        return focused if focused is not None and focused.isConnected else self.body

    def move_focus(self, target: Element | None) -> None:
        """Focus ``target`` (None: the body), with ``focusout`` and ``focusin`` as a browser sends them."""
        old = self.focused
        if old is target:
            return
        self.focused = target
        if old is not None and old.isConnected:
            old.dispatchEvent(Event("focusout", relatedTarget=target))
        if target is not None:
            target.dispatchEvent(Event("focusin", relatedTarget=old))

    def querySelector(self, selector: str) -> Element | None:
        return self.documentElement.querySelector(selector) if not self.documentElement.matches(selector) \
            else self.documentElement

    def querySelectorAll(self, selector: str) -> NodeList:
        found = self.documentElement.querySelectorAll(selector)
        return NodeList([self.documentElement, *found]) if self.documentElement.matches(selector) else found

    def getElementById(self, ident: str) -> Element | None:
        return self.documentElement.getElementById(ident)

    def elementsFromPoint(self, _x: float, _y: float) -> NodeList:
        return NodeList()       # nothing is laid out: a tap is never near several routes
