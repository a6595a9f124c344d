"""Another device, as the table sees it: a channel that carries texts (``Transport``: the page's
``game.web.peer.PeerLink``, or a test's pipe) and what the table asks to be done on one
(``Post``: a text to send, or the channel to close), carried out by the page from an
``Outcome`` (``game.ui.outcome``).

>>> class Pipe:
...     def __init__(self): self.sent, self.closed = [], None
...     def send(self, text): self.sent.append(text); return True
...     def close(self, reason="closed", detail=""): self.closed = (reason, detail)
>>> pipe = Pipe()
>>> for post in (Post(pipe, "hello"), Post.closing(pipe, "the host left")):
...     post.carry_out()
>>> pipe.sent, pipe.closed
(['hello'], ('closed', 'the host left'))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol


class Transport(Protocol):
    """A channel to one other device: texts both ways; its owner is told when it opens, each
    text, and when it closes."""

    def send(self, text: str) -> bool: ...
    def close(self, reason: str = "closed", detail: str = "") -> None: ...

    def take_answer(self, text: str) -> str | None:
        """A channel this device offered takes the other device's answer (its code or link):
        None once taken, else why not."""


@dataclass(frozen=True, eq=False)
class Post:
    """A text for another device on its channel, or (``text`` None) the channel closed, ``detail`` why."""

    channel: Transport
    text: str | None
    detail: str = ""

    @classmethod
    def closing(cls, channel: Transport, detail: str) -> Post:
        return cls(channel, None, detail)

    def carry_out(self) -> None:
        if self.text is None:
            self.channel.close("closed", self.detail)
        else:
            self.channel.send(self.text)
