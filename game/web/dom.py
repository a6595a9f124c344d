"""Build page elements from Python (text always as ``textContent``, never markup) and find them after a redraw."""

from __future__ import annotations

from typing import Any

import js
from pyodide.ffi import create_proxy, jsnull

Node = Any      # a page element: a proxy of a JavaScript object, whose attributes Python cannot list

_proxies: list[Node] = []      # handlers added with keep_alive live as long as the page


def el(tag: str, text: str | None = None, *children, cls: str | None = None, **attrs) -> Node:
    """``<tag>`` with ``text``, child elements and attributes (``data_cmd`` -> ``data-cmd``;
    ``True`` sets a boolean attribute, ``False``/``None`` leaves it out)."""
    node = js.document.createElement(tag)
    if cls:
        node.className = cls
    if text is not None:
        node.textContent = text
    for name, value in attrs.items():
        if value is None or value is False:
            continue
        node.setAttribute(name.rstrip("_").replace("_", "-"), "" if value is True else str(value))
    for child in children:
        if child is not None:
            node.append(child)
    return node


def button(text: str, cmd: str, arg: str = "", *, disabled_reason: str | None = None,
           cls: str | None = None, **attrs) -> Node:
    """A button that runs command ``cmd`` (see ``game.web.input``); a disabled one keeps its reason
    as its title and accessible description, and stays focusable so the reason can be read."""
    node = el("button", text, cls=cls, type="button", data_cmd=cmd, data_arg=arg, **attrs)
    if disabled_reason is not None:
        disable(node, disabled_reason)
    return node


def disable(node, reason: str | None) -> None:
    """Mark a control disabled with ``reason`` (its title), or enabled when ``reason`` is None."""
    if reason is None:
        node.removeAttribute("aria-disabled")
        node.removeAttribute("title")
        node.classList.remove("disabled")
    else:
        node.setAttribute("aria-disabled", "true")
        node.setAttribute("title", reason)
        node.classList.add("disabled")


class KeyedList:
    """The children of one element (it holds nothing else), each shown from a key and a look
    (the facts it shows): a child is built again only when its look changes, new ones are put
    in place and gone ones removed, so a redraw touches only what changed, and what did not
    keeps the focus."""

    def __init__(self, parent) -> None:
        self.parent = parent
        self.shown: dict = {}          # key -> (look, node), in the order shown

    def update(self, items, build, refresh=None) -> None:
        """Show ``items``, (key, look) pairs in order; ``build(look)`` makes a child, and
        ``refresh(node, before, look)``, if given, changes a shown child in place instead."""
        old = self.shown
        fresh = {}
        for key, look in items:
            was = old.get(key)
            if was is None or was[0] == look:
                fresh[key] = was or (look, build(look))
            elif refresh is not None:
                refresh(was[1], was[0], look)
                fresh[key] = old[key] = (look, was[1])      # the same child, kept
            else:
                fresh[key] = (look, build(look))
        self.shown = fresh
        kept = [key for key in old if fresh.get(key) is old[key]]
        if not kept or kept != [key for key in fresh if fresh[key] is old.get(key)]:   # all new, or moved
            self.parent.replaceChildren(*[node for _look, node in fresh.values()])
            return
        for key, (_look, node) in old.items():
            if fresh.get(key) is not old[key]:
                node.remove()
        # new children go in runs, each after the kept child before it
        before: Node = None
        run: list[Node] = []
        for key, (_look, node) in fresh.items():
            if fresh[key] is old.get(key):
                self._place(run, before)
                before, run = node, []
            else:
                run.append(node)
        self._place(run, before)

    def _place(self, run: list, before) -> None:
        if run and before is not None:
            before.after(*run)
        elif run:
            self.parent.prepend(*run)


def closest(node, selector: str) -> Node | None:
    """The nearest ancestor-or-self of ``node`` matching ``selector`` (None when there is none,
    or when ``node`` is not an element, e.g. the document)."""
    if not hasattr(node, "closest"):
        return None
    return present(node.closest(selector))


def present(value) -> Node | None:
    """A DOM lookup's result, with JavaScript's null as None."""
    return None if value is None or value is jsnull else value


def keep_alive(fn) -> Node:
    """A JavaScript proxy of ``fn`` for ``addEventListener`` that lives as long as the page."""
    proxy = create_proxy(fn)
    _proxies.append(proxy)
    return proxy


# what Tab may reach inside a dialog
FOCUSABLE = "button, input, select, textarea, a[href], [tabindex]:not([tabindex='-1'])"


def cycle_focus(event, selector: str) -> None:
    """Tab (Shift+Tab) moves the focus to the next (previous) shown element ``selector`` finds,
    from the last back to the first: the focus stays among them (a modal dialog's controls)."""
    items = [n for n in js.document.querySelectorAll(selector) if n.getClientRects().length]
    event.preventDefault()
    if not items:
        return
    active = present(js.document.activeElement)
    index = next((i for i, n in enumerate(items) if active is not None and n.isSameNode(active)), None)
    if index is None:
        items[-1 if event.shiftKey else 0].focus()
    else:
        items[(index + (-1 if event.shiftKey else 1)) % len(items)].focus()


def focus_selector(node) -> str | None:
    """A selector that finds ``node`` again after a redraw: by id, by the ticket it shows, or
    by its command and argument (and market slot); None for an element with none of them."""
    escape = js.CSS.escape
    if not hasattr(node, "getAttribute"):
        return None
    if node.id:
        return f"#{escape(node.id)}"
    ticket = node.getAttribute("data-ticket")
    if ticket:
        return f'[data-ticket="{escape(ticket)}"]'
    cmd = node.getAttribute("data-cmd")
    if not cmd:
        return None
    selector = f'[data-cmd="{escape(cmd)}"][data-arg="{escape(node.getAttribute("data-arg") or "")}"]'
    slot = node.getAttribute("data-slot")
    return selector + (f'[data-slot="{escape(slot)}"]' if slot else "")
