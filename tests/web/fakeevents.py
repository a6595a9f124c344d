"""Events and time for the fake browser: event targets and dispatch (capture-free bubbling, as the
page's listeners use it), JavaScript functions (``.bind``), and a fake clock whose timers and
animation frames run only when a test says so (``Clock.run``, ``Clock.advance``)."""

from __future__ import annotations

import heapq
import inspect
import itertools
from collections.abc import Callable
from typing import Any


class JsFunction:
    """A function as JavaScript sees it: callable, with ``bind(this, *args)``."""

    def __init__(self, fn: Callable, *, once: bool = False) -> None:
        self.fn, self.once, self.called, self.destroyed = fn, once, False, False
        self.arity = _arity(fn)

    def __call__(self, *args: Any) -> Any:
        if self.destroyed:
            raise RuntimeError("a destroyed proxy was called")
        if self.once:
            if self.called:
                raise RuntimeError("a once-callable was called twice")
            self.called = True
        return self.fn(*(args if self.arity is None else args[:self.arity]))     # as JavaScript: extra arguments dropped

    def bind(self, _this: object, *bound: Any) -> JsFunction:
        return JsFunction(lambda *args: self(*bound, *args))

    def destroy(self) -> None:
        self.destroyed = True


def _arity(fn: Callable) -> int | None:
    """How many positional arguments ``fn`` takes (None: any number)."""
    try:
        parameters = inspect.signature(fn).parameters.values()
    except (TypeError, ValueError):
        return None
    if any(p.kind is p.VAR_POSITIONAL for p in parameters):
        return None
    return sum(p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) for p in parameters)


class jsmethod:
    """A method that reads as a ``JsFunction`` (so page code may ``bind`` it, as ``node.remove.bind(node)``)."""

    def __init__(self, fn: Callable) -> None:
        self.fn = fn

    def __set_name__(self, owner, name: str) -> None:
        self.name = name

    def __get__(self, instance, owner=None):
        if instance is None:
            return self.fn
        return JsFunction(self.fn.__get__(instance, owner))


class Event:
    """A DOM event: ``type``, ``target`` and whatever the test gives (``key``, ``data``, ``clientX`` ...)."""

    def __init__(self, type_: str, *, bubbles: bool = True, **fields: Any) -> None:
        self.type = type_
        self.bubbles = bubbles
        self.target = None
        self.currentTarget = None
        self.defaultPrevented = False
        self.propagation_stopped = False
        self.shiftKey = self.ctrlKey = self.altKey = self.metaKey = False
        self.__dict__.update(fields)

    def preventDefault(self) -> None:
        self.defaultPrevented = True

    def stopPropagation(self) -> None:
        self.propagation_stopped = True


class EventTarget:
    """Something listeners are added to; ``event_parent`` is where an event bubbles next."""

    def __init__(self) -> None:
        self.listeners: dict[str, list] = {}

    def addEventListener(self, name: str, listener, _options=None) -> None:
        handlers = self.listeners.setdefault(name, [])
        if listener not in handlers:
            handlers.append(listener)

    def removeEventListener(self, name: str, listener, _options=None) -> None:
        handlers = self.listeners.get(name, [])
        if listener in handlers:
            handlers.remove(listener)

    def event_parent(self) -> EventTarget | None:
        return None

    def dispatchEvent(self, event: Event) -> bool:
        """Run the listeners of ``self`` and, if the event bubbles, of each target above it."""
        event.target = self
        at: EventTarget | None = self
        while at is not None:
            event.currentTarget = at
            for listener in list(at.listeners.get(event.type, [])):
                listener(event)
            if not event.bubbles or event.propagation_stopped:
                break
            at = at.event_parent()
        return not event.defaultPrevented


class Clock:
    """The page's time: ``Date.now()`` and every timer, interval and animation frame.  Nothing runs
    by itself: ``run()`` runs what is due now, ``advance(ms)`` moves time on and runs what falls
    due meanwhile, in order."""

    FRAME_MS = 16

    def __init__(self, now_ms: float = 1_700_000_000_000.0) -> None:
        self.now = now_ms
        self.queue: list[tuple[float, int, int]] = []      # (due, order, id)
        self.timers: dict[int, tuple[Callable, tuple, float | None]] = {}   # id -> (fn, args, interval)
        self.ids = itertools.count(1)
        self.order = itertools.count()
        self.ran = 0

    def set_timeout(self, fn: Callable, ms: float = 0, *args: Any) -> int:
        return self._add(fn, ms, args, None)

    def set_interval(self, fn: Callable, ms: float = 0, *args: Any) -> int:
        return self._add(fn, ms, args, max(float(ms or 0), 1.0))

    def request_frame(self, fn: Callable) -> int:
        return self._add(lambda: fn(self.now), self.FRAME_MS, (), None)

    def clear(self, timer_id: int | None) -> None:
        if timer_id is not None:
            self.timers.pop(timer_id, None)

    def _add(self, fn: Callable, ms: float, args: tuple, interval: float | None) -> int:
        timer_id = next(self.ids)
        self.timers[timer_id] = (fn, args, interval)
        heapq.heappush(self.queue, (self.now + max(float(ms or 0), 0.0), next(self.order), timer_id))
        return timer_id

    def pending(self) -> list[float]:
        """When each live timer is due (ms from now)."""
        return sorted(due - self.now for due, _order, timer_id in self.queue if timer_id in self.timers)

    def _next_due(self, until: float) -> tuple[float, int] | None:
        while self.queue:
            due, _order, timer_id = self.queue[0]
            if timer_id not in self.timers:
                heapq.heappop(self.queue)
                continue
            if due > until:
                return None
            heapq.heappop(self.queue)
            return due, timer_id
        return None

    def advance(self, ms: float = 0, limit: int = 10_000) -> int:
        """Move time on by ``ms``, running every timer due on the way (those they set too); the
        number run.  ``limit`` stops a page that keeps setting timers due at once."""
        until, count = self.now + ms, 0
        while (found := self._next_due(until)) is not None:
            due, timer_id = found
            self.now = max(self.now, due)
            fn, args, interval = self.timers[timer_id]
            if interval is None:
                del self.timers[timer_id]
            else:
                heapq.heappush(self.queue, (due + interval, next(self.order), timer_id))
            fn(*args)
            count += 1
            if count >= limit:
                raise RuntimeError(f"{limit} timers ran without time moving on: a timer loop")
        self.now = until
        self.ran += count
        return count

    def run(self) -> int:
        """Run the timers due now (and those they set due now)."""
        return self.advance(0)
