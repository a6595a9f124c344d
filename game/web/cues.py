"""Moves played out where they happen (``game.ui.moves.Cue``): a claimed route's trains placed
car by car and a station set down (pieces in the owner's colour over the board, so the board's
own drawing, thousands of shapes, is never painted again frame by frame), a card flying from the market (or a card back from the deck,
or the tickets drawn) to the player who took it, and every tunnel attempt's three cards shown
over the board with the ones that cost more marked.

The page is up to date before a cue plays: cues only decorate (``pointer-events: none``), so
they never delay a click.  Flights take ``FLY_MS`` (the durations are ``game.theme``'s); with ``prefers-reduced-motion`` nothing
moves (the marks stay: the players' last turns, the tunnel's cards).

A tunnel's cards stay ``REVEAL_MS`` at the top of the board (in an embed's lesson, for as long
as its step is shown: the reader reads at their own pace), unless dismissed (its close
button, a click on it, Escape: ``end_reveal``), and never into a human's turn: another seat's
tunnel is not shown, and its cards go, as soon as a human must act (``to_act``; the log keeps
the cards).
"""

from __future__ import annotations

from collections.abc import Callable

import js
from pyodide.ffi import create_once_callable, to_js

from game.i18n import CARD_KEYS, _
from game.theme import FLY_MS, PLACE_MS, REVEAL_MS, STEP_MS
from game.ui.moves import Cue
from game.ui.screen import CueLook
from game.web.dom import Node, closest, el, keep_alive, present


def reduced_motion() -> bool:
    return bool(js.window.matchMedia("(prefers-reduced-motion: reduce)").matches)


ToAct = Callable[[], "int | None"]      # the human seat that must act now (None: none)


def play_after_paint(cues: tuple[CueLook, ...], to_act: ToAct | None = None, timed: bool = True) -> None:
    """Play the cues (``game.ui.screen.Screen.cues``) once the frame that shows their moves is
    painted: a cue never holds up the update.  ``to_act``: which human must act when they play
    (another seat's tunnel is then not shown); ``timed``: a tunnel's cards go by themselves
    after ``REVEAL_MS``."""
    if cues:        # (the frame's callback is the page's own setTimeout: Python runs once, in the task after it)
        later = create_once_callable(lambda _time: play(cues, None if to_act is None else to_act(), timed))
        js.requestAnimationFrame(js.setTimeout.bind(js.window, later, 0))


def play(cues: tuple[CueLook, ...], human: int | None = None, timed: bool = True) -> None:
    """Play the cues of the moves just drawn on the page; ``human``: the human seat that must
    act now, if any; ``timed``: as in ``play_after_paint``."""
    still = reduced_motion()
    for look in cues:
        cue, colour = look.cue, look.colour
        if cue.kind == "tunnel":
            if human is None or human == cue.seat:
                show_reveal(look, timed)
        elif still:
            continue
        elif cue.kind == "claim":
            _place(f"#route-{cue.route} .train", colour)
        elif cue.kind == "station":
            _place(f"#city-{cue.city} .station-piece.owner-{colour}", colour)
        else:
            _fly(cue)


def _remove_later(node: Node, ms: int) -> None:
    """Take ``node`` off the page in ``ms`` (by the page's own function: no Python runs then)."""
    js.setTimeout(node.remove.bind(node), ms)


def _place(selector: str, colour: str) -> None:
    """A piece in ``colour`` arriving over each element ``selector`` finds on the board, one
    after another; each is its own layer over the board and goes once it has landed.  Every box
    is read before any piece is added (one layout, not one per piece)."""
    frame = present(js.document.getElementById("board-frame"))
    if frame is None:
        return
    origin = frame.getBoundingClientRect()
    boxes = [target.getBoundingClientRect() for target in js.document.querySelectorAll(selector)]
    for i, box in enumerate(boxes):
        piece = el("div", None, cls=f"placing swatch-{colour}")
        piece.style.left, piece.style.top = f"{box.left - origin.left + box.width / 2}px", f"{box.top - origin.top + box.height / 2}px"
        piece.style.width = piece.style.height = f"{max(box.width, box.height, 8)}px"
        piece.style.animationDelay = f"{STEP_MS * i}ms"
        frame.append(piece)
        _remove_later(piece, PLACE_MS + STEP_MS * i)


def _fly(cue: Cue) -> None:
    """A card (or a card back, or the tickets drawn) from its pile to the player who took it."""
    document = js.document
    source = {"card": ".market .cards", "blind": ".market .card-deck", "tickets": ".market .card-tickets"}[cue.kind]
    start = present(document.querySelector(source))
    seat = str(cue.seat)
    end = present(document.querySelector(f".own-panel[data-seat='{seat}'] .hand")) \
        or present(document.querySelector(f".player-list li[data-seat='{seat}']"))
    if start is None or end is None:
        return
    a, b = start.getBoundingClientRect(), end.getBoundingClientRect()
    if cue.kind == "tickets":
        flyer = el("div", _("table.move.tickets", count=cue.count), cls="flying ticket-flyer")
    elif cue.kind == "card" or cue.card:
        flyer = el("div", None, cls=f"flying card card-{cue.card}")
    else:
        flyer = el("div", None, cls="flying card card-back")
    x, y = a.left + a.width / 2, a.top + a.height / 2
    flyer.style.left, flyer.style.top = f"{x}px", f"{y}px"
    document.getElementById("app").append(flyer)
    dx, dy = b.left + b.width / 2 - x, b.top + b.height / 2 - y
    frames = to_js([{"transform": "translate(-50%, -50%) scale(1)", "opacity": 1},
                    {"transform": f"translate(calc({dx}px - 50%), calc({dy}px - 50%)) scale(.55)", "opacity": .35}],
                   dict_converter=js.Object.fromEntries)
    flyer.animate(frames, to_js({"duration": FLY_MS, "easing": "ease-in-out", "fill": "forwards"},
                                dict_converter=js.Object.fromEntries))
    _remove_later(flyer, FLY_MS + 30)


def reveal_cards(cue: Cue) -> Node:
    """The three revealed cards, the ones that cost a card more marked (``.match``)."""
    cards = el("span", None, cls="reveal-cards")
    for card, match in zip(cue.revealed, cue.matches()):
        name = _(CARD_KEYS[card])
        cards.append(el("span", None, cls=f"chip card-{card}{' match' if match else ''}", role="img",
                        aria_label=name, title=name))
    return cards


_listening: list[bool] = []


def _listen() -> None:
    """A click on a tunnel's cards (its close button included) takes them away: one listener
    for the page, in the game and in an embed alike."""
    if not _listening:
        _listening.append(True)
        js.document.addEventListener("click", keep_alive(
            lambda event: end_reveal() if closest(event.target, ".tunnel-reveal") is not None else None))


def end_reveal(keep: str | None = None) -> bool:
    """Take a tunnel's cards off the board (unless they belong to the turn ``keep`` marks: a
    human's own tunnel, in their turn: ``game.ui.screen.Screen.keep_reveal``); whether they were taken."""
    old = present(js.document.querySelector("#board-frame .tunnel-reveal"))
    if old is None or (keep is not None and old.getAttribute("data-turn") == keep):
        return False
    old.remove()
    return True


def show_reveal(look: CueLook, timed: bool = True) -> None:
    """Over the board: who tried which tunnel, the three cards, and what more they cost (for
    ``REVEAL_MS`` if ``timed``, else until dismissed)."""
    frame = present(js.document.getElementById("board-frame"))
    if frame is None or look.cue.route is None:
        return
    end_reveal()
    # a click anywhere on it closes it; the button says so to the keyboard and screen readers
    _listen()
    close = el("button", "×", type="button", cls="reveal-close", aria_label=_("table.reveal_close"),
               title=_("table.reveal_close"))
    box = el("div", None, el("span", look.title, cls="reveal-title"), reveal_cards(look.cue),
             el("span", look.verdict, cls="reveal-verdict"), close, cls="tunnel-reveal", role="status",
             data_turn=look.mark)
    frame.append(box)
    if timed:
        _remove_later(box, REVEAL_MS)
