"""The tabs of one browser talking (``BroadcastChannel``): a guest's answer link opened on the
host's device, in a new tab, is passed to the tab that hosts the table (its invite takes it, as
if pasted), and the new tab says where it went."""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Callable
from typing import Any

import js
from pyodide.ffi import create_proxy, to_js

from game.ui import net_commands as net
from game.ui.commands import Command

CHANNEL = "ttr-net"
ANSWER_WAIT_S = 1.5         # the hosting tab answers at once; none after this long: there is none


class TabReply:
    """The way back to the tab that passed an answer (a channel the table posts ``taken`` on)."""

    def __init__(self, tabs: Tabs, ident: str) -> None:
        self.tabs, self.ident = tabs, ident

    def send(self, text: str) -> bool:
        self.tabs.post({"kind": "reply", "id": self.ident, "text": text})
        return True

    def close(self, reason: str = "closed", detail: str = "") -> None:
        pass

    def take_answer(self, text: str) -> str | None:
        return "a tab takes no answer code"


class Tabs:
    """This tab on the browser's channel: answers passed to it go to the table (``tell``)."""

    def __init__(self, tell: Callable[[Command], None]) -> None:
        self.tell = tell
        self.waiting: dict[str, asyncio.Future[str]] = {}
        self.channel: Any = None
        if getattr(js.window, "BroadcastChannel", None) is None:
            return
        self.channel = js.BroadcastChannel.new(CHANNEL)
        self.proxy = create_proxy(self.message)
        self.channel.addEventListener("message", self.proxy)

    def post(self, data: dict[str, str]) -> None:
        if self.channel is not None:
            self.channel.postMessage(to_js(data, dict_converter=js.Object.fromEntries))

    def message(self, event: Any) -> None:
        data = event.data
        kind, ident, text = (str(getattr(data, name, "")) for name in ("kind", "id", "text"))
        if kind == "answer" and text:
            self.tell(net.AnswerFromTab(text, TabReply(self, ident)))
        elif kind == "reply" and ident in self.waiting and not self.waiting[ident].done():
            self.waiting[ident].set_result(text)

    async def pass_answer(self, text: str) -> bool:
        """Pass an answer link to the tab hosting a table; whether one took it."""
        ident = secrets.token_hex(8)
        self.waiting[ident] = asyncio.get_running_loop().create_future()
        self.post({"kind": "answer", "id": ident, "text": text})
        try:
            return await asyncio.wait_for(self.waiting[ident], ANSWER_WAIT_S) == "taken"
        except TimeoutError:
            return False
        finally:
            del self.waiting[ident]
