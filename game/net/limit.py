"""A guest's messages rate-limited on the host: a token bucket per connection, so a device that
sends too fast (a hostile guest's burst of pings) costs the host next to nothing and delays no
other seat's messages (``docs/net.md``, "Limits").

Each connection may send ``BURST`` messages at once and ``RATE`` a second after that; a message
over the limit is dropped unread (the host reads no text of it, answers nothing).  A drop
begins a *burst* unless the connection's last drop was less than ``burst / rate`` seconds ago
(the time its bucket takes to fill again: 2 s), so a flood
is reported once, not message by message (``report``).  One connection's bucket never touches
another's.

>>> limit = RateLimit(rate=2.0, burst=3)
>>> [limit.take("c1", 0.0) for _ in range(5)], limit.take("c2", 0.0)
([True, True, True, False, False], True)
>>> limit.report()
['connection c1 sends more than 3 messages at once or 2 a second: its messages over that are dropped unread']
>>> limit.take("c1", 0.5), limit.take("c1", 0.5)        # half a second later: one message's worth again
(True, False)
>>> limit.dropped["c1"], limit.bursts["c1"], limit.report()
(3, 1, [])
"""

from __future__ import annotations

from dataclasses import dataclass, field

# A guest sends a message per move it makes (a move takes a click or two: a second card drawn
# a moment after the first), its hello or rejoin, its pledge and contribution once, and
# perhaps a ping now and then: a few a second at the very most, and a burst of a handful when
# it rejoins.  The limit stays far above that, so a real player is never dropped, and keeps a
# hostile device to at most 20 of the host's message readings a second (each takes the host
# about 0.1 ms in CPython and a few ms in the page, with the save and the redraw: a flood at
# the limit costs the host's page a few per cent of its time, not all of it).
RATE = 20.0             # messages a second, sustained
BURST = 40              # messages at once (the bucket's size): two seconds' worth


@dataclass
class _Bucket:
    tokens: float
    at: float                       # when ``tokens`` was counted
    last_drop: float | None = None  # when the last message over the limit came


@dataclass
class RateLimit:
    """The host's limit on each connection's messages (see the module docstring): ``take`` for
    every message received, ``forget`` when its channel closes; ``dropped`` and ``bursts``
    count, per connection, the messages dropped and the bursts they came in."""
    rate: float = RATE
    burst: int = BURST
    dropped: dict[str, int] = field(default_factory=dict)
    bursts: dict[str, int] = field(default_factory=dict)
    buckets: dict[str, _Bucket] = field(default_factory=dict)
    news: list[str] = field(default_factory=list)      # the lines not reported yet

    def take(self, conn: str, now: float) -> bool:
        """Whether a message received on ``conn`` at ``now`` (seconds, by any clock that does not
        go back: one that does refills nothing) may be read (it takes a token); False: it is over
        the limit, to be dropped unread (counted, and a new burst reported once)."""
        bucket = self.buckets.get(conn)
        if bucket is None:
            bucket = self.buckets[conn] = _Bucket(float(self.burst), now)
        bucket.tokens = min(float(self.burst), bucket.tokens + max(0.0, now - bucket.at) * self.rate)
        bucket.at = max(bucket.at, now)
        if bucket.tokens >= 1.0:
            bucket.tokens -= 1.0
            return True
        if bucket.last_drop is None or now - bucket.last_drop >= self.burst / self.rate:
            self.bursts[conn] = self.bursts.get(conn, 0) + 1
            self.news.append(f"connection {conn} sends more than {self.burst} messages at once or {self.rate:g} "
                             f"a second: its messages over that are dropped unread"
                             + (f" ({self.dropped[conn]:,} dropped before)" if conn in self.dropped else ""))
        bucket.last_drop = now
        self.dropped[conn] = self.dropped.get(conn, 0) + 1
        return False

    def forget(self, conn: str) -> None:
        """``conn`` closed: its bucket goes (its counts stay)."""
        self.buckets.pop(conn, None)

    def report(self) -> list[str]:
        """The bursts begun since the last report, a line each (for the page's console)."""
        news, self.news = self.news, []
        return news
