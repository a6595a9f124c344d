"""A tap near several routes: a small list of them to choose from.

Fingers are wide and routes are thin, side by side at double routes and near cities.  A tap
on a touch screen is matched against every route within ``REACH`` CSS pixels of it; when
more than one is that close, a list by the finger (over the page, so a small board never
clips it) names them, each a button that acts as a click on that route (``data-cmd="route"``).
One route, or none, is a plain click.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import js

from game.i18n import _
from game.web.dom import Node, button, closest, el, keep_alive, present

REACH = 16          # CSS pixels around the tap
MAX_CHOICES = 4
# where to look: the tap itself, then rings around it, nearest first, close enough together
# that a car seen from afar (two or three pixels wide) is not missed
_PROBES = ((0.0, 0.0), *(
    (radius * math.cos(turn * math.pi / 8), radius * math.sin(turn * math.pi / 8))
    for radius in (3, 6, 9, 12, REACH) for turn in range(16)))


def routes_near(x: float, y: float) -> list[Node]:
    """The route elements within reach of the point (page coordinates), nearest first."""
    found: list[Node] = []
    seen: set[str] = set()
    for dx, dy in _PROBES:
        for node in js.document.elementsFromPoint(x + dx, y + dy):
            spot = closest(node, "[data-route]")
            route = spot.getAttribute("data-route") if spot is not None else None
            if route and route not in seen:
                seen.add(route)
                found.append(spot)
                if len(found) == MAX_CHOICES:       # the nearest ones: no need to look further
                    return found
    return found


class RoutePicker:
    """The list of routes under a finger, one at a time."""

    def __init__(self) -> None:
        self.node: Node = None
        js.window.addEventListener("scroll", keep_alive(lambda *_: self.close()))    # it stays by the finger

    @property
    def is_open(self) -> bool:
        return self.node is not None

    def offer(self, event, labels: Callable[[Sequence[str]], Sequence[str]]) -> bool:
        """On a touch tap near several routes, open the list and return True; otherwise False.
        ``labels`` words the routes found (``game.ui.route_pick``: twin tracks told apart)."""
        self.close()
        if getattr(event, "pointerType", "") != "touch":
            return False
        spots = routes_near(event.clientX, event.clientY)
        root = present(js.document.getElementById("app"))
        if len(spots) < 2 or root is None:
            return False
        routes = [spot.getAttribute("data-route") for spot in spots]
        choices = [button(label, "route", route) for label, route in zip(labels(routes), routes, strict=True)]
        self.node = el("div", None, el("p", _("tap.which"), cls="route-pick-title", id="route-pick-title"),
                       *choices, button(_("tap.none"), "close-pick", cls="route-pick-cancel"),
                       cls="route-pick", role="group", aria_labelledby="route-pick-title")
        root.append(self.node)
        # by the finger, below it where there is room, kept inside the window
        width, height = js.window.innerWidth, js.window.innerHeight
        left = min(max(event.clientX - 24, 4), max(width - self.node.offsetWidth - 4, 4))
        top = event.clientY + REACH
        if top + self.node.offsetHeight > height - 4:
            top = max(event.clientY - REACH - self.node.offsetHeight, 4)
        self.node.style.left = f"{left:.0f}px"
        self.node.style.top = f"{top:.0f}px"
        return True

    def close(self) -> None:
        if self.node is not None:
            self.node.remove()
            self.node = None
