"""The links a page is opened by, at boot or later in the same tab (``hashchange``): an invite
(``#join=``, ``#room=``) joins its table (the link leaves the address: it is good once), and a
guest's answer (``#answer=``), opened on the host's device, is passed to the tab hosting the table
(``game.web.tabs``)."""

from __future__ import annotations

import asyncio
from typing import Protocol

import js

from game.i18n import _
from game.ui import page_events as page
from game.ui.commands import Command, GoHome
from game.web.tabs import Tabs


class App(Protocol):
    """What the links ask of the table page (``game.web.app.App``)."""

    @property
    def tabs(self) -> Tabs: ...

    def tell(self, command: Command) -> None: ...


async def pass_answer(app: App, fragment: str) -> None:
    """The page was opened by a guest's answer link (``#answer=``), on the host's device: passed
    to the tab that hosts the table; this tab says whether it got there."""
    taken = await app.tabs.pass_answer(fragment)
    app.tell(page.Notice(_("net.answer.taken" if taken else "net.answer.no_table")))
    app.tell(GoHome())


def opened_by_link(app: App) -> bool:
    """The page's address holds an invite or an answer (at boot, or opened later in this tab):
    taken (the link leaves the address: it is good once); whether it was one."""
    fragment = str(js.location.hash)
    if fragment.startswith("#answer="):
        js.history.replaceState(js.history.state, "", str(js.location.href).split("#")[0])
        asyncio.ensure_future(pass_answer(app, fragment))
        return True
    if not fragment.startswith("#"):
        return False
    # play on several devices: imported when a link asks for it
    from game.ui.netplay import is_invite
    if is_invite(fragment):
        if fragment.startswith("#room="):       # over the internet: the relays' library (the site's own file) fetched meanwhile
            from game.web.nostr import prefetch_tools
            asyncio.ensure_future(prefetch_tools())
        join(app)
        return True
    return False


def join(app: App) -> None:
    """The page was opened by an invite (``#join=``): the invite leaves the address (it is good
    once), and the table joins (``game.ui.guesting.join``)."""
    from game.ui.net_commands import JoinLink
    fragment = str(js.location.hash)
    js.history.replaceState(js.history.state, "", str(js.location.href).split("#")[0])
    app.tell(JoinLink(fragment))
