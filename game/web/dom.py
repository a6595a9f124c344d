"""Build page elements from Python (text always as ``textContent``, never markup) and find them after a redraw."""

from __future__ import annotations

import js
from pyodide.ffi import create_proxy, jsnull

_proxies = []      # handlers added with keep_alive live as long as the page


def el(tag: str, text: str | None = None, *children, cls: str | None = None, **attrs) -> object:
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
           cls: str | None = None, **attrs) -> object:
    """A button that runs command ``cmd`` (see ``game.web.app``); a disabled one keeps its reason
    as its title and accessible description, and stays focusable so the reason can be read."""
    node = el("button", text, cls=cls, type="button", data_cmd=cmd, data_arg=arg, **attrs)
    if disabled_reason is not None:
        node.setAttribute("aria-disabled", "true")
        node.setAttribute("title", disabled_reason)
        node.classList.add("disabled")
    return node


def closest(node, selector: str) -> object | None:
    """The nearest ancestor-or-self of ``node`` matching ``selector`` (None when there is none,
    or when ``node`` is not an element, e.g. the document)."""
    if not hasattr(node, "closest"):
        return None
    return present(node.closest(selector))


def present(value) -> object | None:
    """A DOM lookup's result, with JavaScript's null as None."""
    return None if value is None or value is jsnull else value


def keep_alive(fn) -> object:
    """A JavaScript proxy of ``fn`` for ``addEventListener`` that lives as long as the page."""
    proxy = create_proxy(fn)
    _proxies.append(proxy)
    return proxy


# what Tab may reach inside a dialog
FOCUSABLE = "button, input, select, textarea, a[href], [tabindex]:not([tabindex='-1'])"


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
