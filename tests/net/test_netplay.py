"""The screens of play on several devices (game.ui.hosting, game.ui.guesting): the new game's
seats, the links, and a host's table with two guests' pages joined over an in-memory pipe that
stands for the data channel: moves, refusals, a guest's and the host's reload, a seat given to
an AI, the end's check.  The host's device is a ``Table`` hosting, driven by its commands as its
page drives it; a guest's is its ``GuestPage``, or a ``Table`` showing it."""

from __future__ import annotations

import time
from dataclasses import replace
from typing import ClassVar

import pytest
from net_helpers import LEVEL, entropy

from game.actions import parse_action
from game.ai.decide import ai_move, decide
from game.events import event_view
from game.i18n import _ as translate
from game.i18n import set_language
from game.net.guest import GuestTable
from game.net.host import HostTable
from game.net.limit import RateLimit
from game.net.seen import seat_view
from game.problem import Problem
from game.rng import Rng
from game.rules import IllegalActionError, legal_actions
from game.ui import ai_turn, guest_page, netplay, setup, work
from game.ui.ai_pacing import AiAsk
from game.ui.ai_turn import AiAnswer
from game.ui.commands import Command
from game.ui.controller import Table
from game.ui.guest_page import GuestPage, resume_guest
from game.ui.guesting import Guesting
from game.ui.hosting import Hosting
from game.ui.log import line_number, log_entries, turn_lines
from game.ui.net_commands import (
    AnswerMade,
    ChannelClosed,
    ChannelMessage,
    ChannelOpened,
    GiveToAi,
    InviteMade,
    MakeInvite,
    OpenTable,
    TakeAnswer,
)
from game.ui.net_host import NetHost, resume_host
from game.ui.net_panels import KeptNet, kept_net
from game.ui.netplay import Invite, InviteError
from game.ui.outcome import NOTHING, Outcome, Redraw
from game.ui.page_events import AiAnswered, AiDue, Tick
from game.ui.saves import SaveCatalog
from game.ui.storage import GUEST_KEY, HOST_KEY, Backend, DictBackend

SITE = "https://x.example/"


@pytest.fixture(autouse=True)
def english():
    set_language("en")


@pytest.fixture(autouse=True)
def quiet():
    Pipe.queue.clear()
    SHOWN.clear()


@pytest.fixture(autouse=True)
def unlimited(monkeypatch):
    """The games here are played at the test's speed, hundreds of a guest's messages a second:
    the host's rate limit (``game.net.limit``, tested in ``test_rate_limit.py``) is off."""
    monkeypatch.setattr(RateLimit, "take", lambda _self, _conn, _now: True)


class Device(Table):
    """A device's table driven as its page drives it: each outcome's posts carried out, the
    last outcome and the last AI move asked for kept (``last``, ``ask``)."""

    last: Outcome = NOTHING
    ask: AiAsk | None = None

    def run(self, command: Command) -> Outcome:
        return self.took(self.handle(command))

    def took(self, outcome: Outcome) -> Outcome:
        self.last = outcome
        self.ask = outcome.ask_ai or self.ask
        carry(outcome)
        return outcome

    def plays(self, action) -> Outcome:
        """The player on this device plays ``action`` (as a command of theirs is played)."""
        return self.took(work.effects(self, self.play(action)))


def device(backend: Backend | None = None, now: float = 0.0) -> Device:
    """A device's table (``now``: its clock, in seconds)."""
    return Device(SaveCatalog(backend if backend is not None else DictBackend({})), clock=lambda: now * 1000,
                  fresh_seed=lambda: 1, ai_delay=0, site=SITE)


def carry(outcome: Outcome) -> Outcome:
    for post in outcome.posts:
        post.carry_out()
    return outcome


def host_of(table: Table) -> NetHost:
    assert isinstance(table.mode, Hosting)
    return table.mode.host


def page_of(table: Table) -> GuestPage:
    assert isinstance(table.mode, Guesting)
    return table.mode.page


SHOWN: dict[int, Device] = {}       # a guest's page (its id) -> the table showing it, which hears its news


def seat_table(page: GuestPage, backend: Backend | None = None) -> Device:
    """A guest's device showing ``page``: its table hears the host's news from now on."""
    table = device(backend)
    table.took(table.open_mode(Guesting(page)))
    SHOWN[id(page)] = table
    if isinstance(page.transport, End):
        page.transport.device = table
    return table


class Pipe:
    """A channel's two ends (``host``, ``guest``); texts wait in ``queue`` until :meth:`pump`
    hands each to the device at the other end; ``now``: when it closes, for the host."""

    queue: ClassVar[list[tuple[End, str]]] = []

    def __init__(self, now: float = 0.0) -> None:
        self.now, self.open = now, True
        self.host, self.guest = End(self), End(self)
        self.host.other, self.guest.other = self.guest, self.host

    @classmethod
    def pump(cls) -> None:
        while cls.queue:
            end, text = cls.queue.pop(0)
            end.told(text)


class End:
    """One end of a pipe (a ``game.ui.channels.Transport``) and the device holding it: a
    ``Device``, or a guest's bare ``GuestPage``."""

    def __init__(self, pipe: Pipe) -> None:
        self.pipe = pipe
        self.other: End = self
        self.device: Device | GuestPage | None = None
        self.sent: list[str] = []

    def send(self, text: str) -> bool:
        if not self.pipe.open:
            return False
        self.sent.append(text)
        Pipe.queue.append((self.other, text))
        return True

    def close(self, reason: str = "closed", detail: str = "") -> None:
        if self.pipe.open:
            self.pipe.open = False
            for end in (self.pipe.host, self.pipe.guest):
                end.closed()

    def take_answer(self, text: str) -> str | None:
        return None

    def opened(self) -> None:
        if isinstance(self.device, Device):
            self.device.run(ChannelOpened(self))
        elif self.device is not None:
            carry(Outcome(posts=tuple(self.device.opened())))

    def told(self, text: str) -> None:
        if isinstance(self.device, Device):
            self.device.run(ChannelMessage(self, text))
        elif self.device is not None and self.device.transport is self:
            carry(Outcome(posts=tuple(self.device.message(text))))

    def closed(self) -> None:
        if isinstance(self.device, Device):
            self.device.run(ChannelClosed(self, "closed", self.pipe.now))
        elif self.device is not None and self.device.transport is self:
            self.device.closed("closed")


def options(devices: bool = True, kinds: tuple[str, ...] = ("human", "guest", "guest")) -> setup.GameOptions:
    base = setup.default_options("usa", len(kinds))
    seats = tuple(setup.seat_from_choice(s.name, kind, s.colour, s.default) for s, kind in zip(base.seats, kinds))
    return replace(base, seats=seats, devices=devices)


def connect(host: Device, seat: int | None, page: GuestPage | None = None, now: float = 0.0) -> GuestPage:
    """The invite/answer exchange on a pipe: the host's invite link read by the guest's page
    (a new one, or ``page``), its answer taken by the host, the channel opened."""
    pipe = Pipe(now)
    host.run(MakeInvite(seat))
    host.run(InviteMade(seat, pipe.host, "OFFERCODE"))
    page = page or GuestPage.join(netplay.read_invite(host_of(host).links[seat]),
                                  lambda: GuestTable.new(entropy(10 + (seat or 9))))
    answer = netplay.answer_link(SITE, "ANSWERCODE")
    pipe.host.device = host
    pipe.guest.device = shown = SHOWN.get(id(page), page)
    if isinstance(shown, Device):
        shown.run(AnswerMade(pipe.guest, answer))
    else:
        page.answered(pipe.guest, answer)
    assert host.run(TakeAnswer(seat, answer)).clear
    pipe.host.opened()
    pipe.guest.opened()
    Pipe.pump()
    return page


def hosting(host: NetHost, backend: Backend | None = None) -> Device:
    """The host's device with ``host``'s table on it."""
    table = device(backend)
    table.took(table.open_mode(Hosting(host)))
    return table


def hosted(turn_limit: int | None = None) -> tuple[Device, list[GuestPage]]:
    """The host's device (seat 0 its player's) and the two guests' pages, joined."""
    start, remote = netplay.table_start(setup.with_default_names(options()))
    table = hosting(NetHost(HostTable.create(start, remote, entropy=entropy(3), turn_limit=turn_limit), SITE))
    return table, [connect(table, seat) for seat in remote]


def guest_action(page: GuestPage) -> str:
    """The guest's agent's move, chosen from its own view (the page's world makes up the rest)."""
    view = page.guest.view
    return str(decide(LEVEL, view, legal_actions(page.follow().state), f"page:{page.guest.at}"))


def reply(ask: AiAsk) -> AiAnswer:
    """The AI helper's answer to ``ask``."""
    return AiAnswer.from_text(ai_turn.answer(ask.request.to_text()))


def ai_plays(table: Device) -> None:
    """The AI move the host's table asked for: the helper's answer, then its delay over."""
    ask = table.ask
    assert ask is not None and table.ai.wait is not None and ask.request.ticket == table.ai.wait.ticket
    table.run(AiAnswered(reply(ask)))
    table.run(AiDue(ask.request.ticket))


def play(table: Device, pages: dict[int, GuestPage], moves: int) -> None:
    """``moves`` moves: the host's player's and the AI's on the host's table, each guest's from its page."""
    host = host_of(table)
    session = host.table.match
    for _ in range(moves):
        if session.over:
            return
        seat = session.current
        played = len(session.actions)
        if host.table.ai_to_move():
            ai_plays(table)
        elif host.table.seats[seat].kind == "local":
            table.plays(ai_move(session))
        else:
            carry(Outcome(posts=tuple(pages[seat].play(parse_action(guest_action(pages[seat]))))))
        Pipe.pump()
        assert len(session.actions) == played + 1
        for s, page in pages.items():       # every guest's screen shows the host's game as its seat sees it
            if page.phase == guest_page.CONNECTED:
                assert page.guest.view == seat_view(session.state, s)


def test_the_new_game_on_several_devices_is_checked():
    assert options().problems() == []
    assert Problem("setup.error.net_here") in options(kinds=("human", "human", "guest")).problems()
    assert Problem("setup.error.net_guests") in options(kinds=("human", "ai:easy")).problems()
    assert options(kinds=("guest", "guest", "ai:easy")).problems() == []      # a table device: no seat here
    assert Problem("setup.error.net_seed") in replace(options(), seed="12").problems()
    off = setup.with_devices(options(), False)
    assert [setup.seat_choice(s) for s in off.seats] == ["human", "human", "human"]
    assert netplay.table_limit(options()) is None
    assert netplay.table_limit(replace(options(), turn_limit=120)) == 120 and not replace(options(), turn_limit=120).problems()
    assert Problem("setup.error.turn_limit") in replace(options(), turn_limit=45).problems()
    assert Problem("setup.error.turn_limit") in replace(options(), turn_limit=-1).problems()      # not a number
    assert setup.with_devices(replace(options(), turn_limit=60), False).turn_limit == 0
    start, remote = netplay.table_start(options(kinds=("guest", "ai:hard", "human")))
    assert remote == [0] and start["players"][1] == {"name": start["players"][1]["name"], "kind": "ai",
                                                     "colour": "blue", "level": "hard"}


def test_an_invite_link_is_read_back_and_a_broken_one_refused():
    link = netplay.invite_link("https://x.example/", "Ab_-9", "f" * 32, "Ann & Co", "Bob=1")
    assert netplay.read_invite(link) == Invite("Ab_-9", "f" * 32, "Ann & Co", "Bob=1")
    marked = netplay.read_invite(netplay.invite_link("https://x.example/", "Ab", "f" * 32, "A", "B", "0123456789ab"))
    assert marked.table == "0123456789ab"
    for bad in ("https://x.example/#join=Ab_-9", "#join=A%20b&i=" + "f" * 32, "#join=Ab&i=xyz", "", "#%%%"):
        with pytest.raises(InviteError):
            netplay.read_invite(bad)


def test_guests_join_play_and_see_the_host_s_game():
    table, pages = hosted()
    host = host_of(table)
    assert host.table.dealt and all(p.phase == guest_page.CONNECTED for p in pages)
    assert table.session is host.session()      # the host's table shows the game once dealt
    assert pages[0].title() == "Join Player 1's game as Player 2."
    rows = host.rows(now=0.0)
    assert [r.status for r in rows] == ["Plays on this device.", "Connected.", "Connected."]
    assert rows[1].link is None and not rows[1].give_to_ai
    play(table, {1: pages[0], 2: pages[1]}, 40)


def test_a_guest_s_move_out_of_turn_or_malformed_is_refused_with_its_reason():
    table, pages = hosted()
    play(table, {1: pages[0], 2: pages[1]}, 6)
    session = host_of(table).table.match
    waiting = next(p for p in pages if p.guest.seat != session.current)
    before = len(session.actions)
    assert waiting.transport is not None
    waiting.transport.send(waiting.guest.command("draw deck"))      # sent as its page would send a move
    Pipe.pump()
    assert len(session.actions) == before
    assert waiting.status().startswith("It is ") and waiting.status().endswith("'s turn.")
    waiting.transport.send('{"type":"command"')
    Pipe.pump()
    assert waiting.status() == "The host could not use this message." and len(session.actions) == before


def test_a_guest_reloads_and_rejoins_and_the_host_reloads_and_all_rejoin():
    table, pages = hosted()
    host = host_of(table)
    play(table, {1: pages[0], 2: pages[1]}, 10)
    backend = DictBackend({})
    pages[0].save(backend)
    assert pages[0].transport is not None
    pages[0].transport.close()
    assert host.rows(now=30.0)[1].status == "Away for less than a minute." and not host.rows(now=30.0)[1].give_to_ai
    assert host.rows(now=90.0)[1].give_to_ai
    again = resume_guest(backend)
    assert again is not None
    assert pages[0].invite.rejoins(again.guest.commitment)
    assert not replace(pages[0].invite, table="0" * 12).rejoins(again.guest.commitment)
    assert again.phase == guest_page.LOST and again.guest.view == pages[0].guest.view
    assert again.cut_off()          # mid-game: its panel asks for a new invite
    connect(table, 1, again)
    assert again.guest.view == seat_view(host.table.match.state, 1)
    # the host's reload: its table kept by its device, opened again
    reloaded = device(table.catalog.backend, now=100.0)
    reloaded.run(OpenTable())
    kept = host_of(reloaded)
    assert kept is not host and kept.table.match.actions == host.table.match.actions
    assert [r.status for r in kept.rows(now=100.0)][1:] == ["Away for less than a minute."] * 2
    assert [r.status for r in kept.rows(now=160.0)][1:] == ["Away for 1 minute."] * 2
    rejoined = {1: connect(reloaded, 1, again), 2: connect(reloaded, 2, pages[1])}
    assert [r.status for r in kept.rows(now=100.0)][1:] == ["Connected.", "Connected."]
    play(reloaded, rejoined, 10)


def test_a_seat_away_past_the_grace_is_played_by_an_ai_until_its_guest_returns():
    table, pages = hosted()
    host = host_of(table)
    backend = DictBackend({})
    pages[1].save(backend)
    assert pages[1].transport is not None
    pages[1].transport.close()
    table.run(GiveToAi(2))
    Pipe.pump()
    assert host.rows(now=100.0)[2].status == "Played by an AI until the player returns."
    assert pages[0].guest.statuses[2] == "stand-in"
    play(table, {1: pages[0]}, 20)
    back = connect(table, 2, resume_guest(backend))
    assert host.table.statuses()[2] == "here"
    play(table, {1: pages[0], 2: back}, 10)


def test_the_end_s_check_confirms_the_deal_and_says_what_it_proves():
    table, pages = hosted(turn_limit=300)
    host = host_of(table)
    # the host's player's first decision runs out: a line of the log before it
    assert table.run(Tick(time.time() + 301.0)).redraw is Redraw.SCREEN and host.table.match.timed_out == {0}
    Pipe.pump()
    play(table, {1: pages[0], 2: pages[1]}, 2_000)
    assert host.table.match.over
    for page in pages:
        assert page.end() == (True, guest_page.confirmed_text())
    kept = pages[1].guest.contribution
    pages[1].guest.contribution = "0" * 64      # as on a new device that took the seat back late
    pages[1].verdict = None                     # (the check runs once a page: this one is checked again)
    assert pages[1].guest.late
    assert pages[1].end() == (True, guest_page.confirmed_text() + " " + translate("net.check.late"))
    pages[1].guest.contribution = kept
    seen = pages[0].guest.seen[10] = replace(pages[0].guest.seen[10], digest="0" * 64)
    pages[0].verdict = None
    confirmed, text = pages[0].end()
    # the move named as the log numbers it: a line a turn (two cards drawn are one line), and
    # the line of the time-out before the first move
    line = line_number(pages[0].guest.events, seen.at) + 1
    assert line == line_number(pages[0].guest.events, seen.at, pages[0].guest.timeouts())
    assert not confirmed and text == translate("net.check.failed", reason=translate("net.check.table", number=line))
    assert 1 < line < seen.at
    first = log_entries(event_view(pages[0].guest.events[seen.at - 1], None))[0]
    assert first in turn_lines(pages[0].follow().log)[line - 1].entries     # as the log shows it


def test_a_damaged_kept_guest_or_table_is_dropped():
    backend = DictBackend({GUEST_KEY: "{", HOST_KEY: '{"net": 1}'})
    assert resume_guest(backend) is None and resume_host(backend, "", 0.0) is None
    assert backend.get(GUEST_KEY) is None and backend.get(HOST_KEY) is None
    backend.set(HOST_KEY, '{"net": 1}')
    opening = device(backend)
    assert opening.run(OpenTable()).redraw is Redraw.NOTHING and opening.session is None     # nothing to open
    assert not isinstance(opening.mode, Hosting) and backend.get(HOST_KEY) is None


def test_a_guest_s_game_is_drawn_by_the_table_s_screen_from_its_view_to_the_end():
    from game.ui import commands
    from game.ui.screen import Memo, public_digest, screen
    from game.ui.session import open_session
    host, pages = hosted()
    real = host_of(host).table
    table = seat_table(pages[0])
    memo = Memo()
    play(host, {1: pages[0], 2: pages[1]}, 6)
    session = table.session
    assert session is pages[0].world and session.played() == pages[0].guest.at      # the news heard as it came
    shown = screen(table, memo)
    assert shown.board.view == {**seat_view(real.match.state, 1), "viewer": 1}
    assert shown.claimable
    assert dict(shown.facts)["data-public"] == public_digest(real.match.state)     # as the host's screen
    # its world is made up around the seat's view: no export or share of it
    assert not shown.exportable
    assert table.run(commands.ExportGame()).download is None
    shared = table.run(commands.Share())
    assert shared.redraw is Redraw.NOTHING and table.opened is None
    play(host, {1: pages[0], 2: pages[1]}, 2_000)
    shown = screen(table, memo)
    assert dict(shown.facts)["data-public"] == public_digest(real.match.state)
    assert shown.over and table.opened is None and table.dialog() is None      # nothing over the final table
    assert table.last.ask_ai is None
    # the deal confirmed, the guest's game is the real one, replayed from the seed and the actions
    match, session = real.match, table.session
    game = ("map", "variant", "players", "first", "seed", "actions")
    assert session is not pages[0].world and session.actions == match.actions
    assert session.viewer == 1 and session.state == match.state
    assert shown.exportable
    exported = table.run(commands.ExportGame()).download
    assert exported is not None
    assert {k: open_session(exported.text).scenario()[k] for k in game} == {k: match.scenario()[k] for k in game}
    assert [e.id for e in table.catalog.entries()] == [pages[0].save_id()]      # kept in this device's games
    end = shown.side.end
    assert end is not None and not end.rematch and end.rematch_note == translate("net.end.rematch")
    assert end.deal == "Fair deal: confirmed." and end.deal_ok
    assert [seat for seat, _words in end.reviews] == [1]         # the guest's own seat only
    rematch = table.run(commands.Rematch())
    assert rematch.redraw is Redraw.NOTHING and not rematch.posts and table.session is session    # the host's to start
    assert pages[0].transport is not None
    pages[0].transport.close()                  # more news: no verdict put up over the table
    assert table.opened is None and table.session is session
    table.run(commands.ReadDealCheck())         # the end screen's line: read it again
    assert table.opened is not None and table.opened.text == guest_page.confirmed_text()
    # a reload: the page kept, the game replayed again into the same save
    backend = table.catalog.backend
    again = resume_guest(backend)
    assert again is not None
    reloaded = seat_table(again, backend)
    assert reloaded.session is not None and reloaded.session.actions == match.actions
    assert [e.id for e in reloaded.catalog.entries()] == [pages[0].save_id()] and not reloaded.stale
    # a check that fails: the game stays the page's own, with nothing of it to export, no review
    pages[1].guest.seen[3] = replace(pages[1].guest.seen[3], digest="0" * 64)
    failing = seat_table(pages[1])
    shown = screen(failing, Memo())
    assert failing.session is pages[1].world and not shown.exportable
    end = shown.side.end
    assert end is not None and end.deal == "Fair deal: not confirmed." and not end.deal_ok and end.reviews == ()
    assert failing.catalog.entries() == []


def test_a_failure_on_the_opening_deal_is_said_as_such():
    from game.net.fairdeal import DealCheckError
    said = {key: guest_page.check_reason(DealCheckError("x", key, number=0), [], None)
            for key in ("net.check.hand", "net.check.tickets", "net.check.market", "net.check.table", "net.check.action")}
    assert said["net.check.hand"] == "The cards you were dealt at the start were not those the deal gives."
    assert not [text for text in said.values() if "move" in text.lower()]
    draw = {"kind": "draw", "seat": 0, "source": "deck", "private": {}}
    assert guest_page.check_reason(DealCheckError("x", "net.check.hand", number=2), [draw, draw], None) \
        == "After move 1 your cards were not those the deal gives."       # numbered as the log numbers it


def test_the_status_line_describes_a_player_on_another_device():
    from game.state import Phase
    from game.ui.screen import status
    start, remote = netplay.table_start(setup.with_default_names(options(kinds=("guest", "guest", "ai:easy"))))
    # a table device: nobody plays on it
    hosting_table = hosting(NetHost(HostTable.create(start, remote, entropy=entropy(3)), SITE))
    pages = [connect(hosting_table, seat) for seat in remote]
    spectator = connect(hosting_table, None)
    watcher = seat_table(spectator)
    guest = seat_table(pages[1])
    said = {"setup": "Player 1 is choosing destination tickets.", "start": "It is Player 1's turn.",
            "second": "Player 1 is drawing a second card.",
            "tunnel": "Player 1 is deciding whether to pay the tunnel's extra cards.",
            "tickets": "Player 1 is choosing which tickets to keep."}
    # the opening's tickets are chosen by every seat at once: the guest's page offers its own at once
    assert guest.session is not None and status(guest) == "Player 2: choose your destination tickets."
    guest.session.held = {1}        # (chosen: it waits for the others, as a seat that has kept)
    for table in (watcher, hosting_table, guest):
        assert table.session is not None and table.session.current == 0
        for phase, words in zip((Phase.SETUP_TICKETS, Phase.START, Phase.SECOND_DRAW, Phase.TUNNEL, Phase.TICKETS),
                                said.values()):
            table.session.state["phase"] = phase        # (the words of each phase, on the same table)
            assert status(table) == words
        table.session.state["phase"] = Phase.SETUP_TICKETS
        table.session.state["current"] = 2          # the table's AI seat (on a guest's page too: the host's AI)
        assert status(table) == "Casey (AI, easy) is playing."
        table.session.state["current"] = 0
    assert _own_status(pages[0]) == "Player 1: choose your destination tickets."     # its own turn: addressed
    play(hosting_table, {0: pages[0], 1: pages[1]}, 2_000)
    assert status(watcher) == "The game is over."


def _own_status(page: GuestPage) -> str:
    """The status line of the guest's page whose seat is to act."""
    from game.ui.screen import status
    table = device()
    table.took(table.open_mode(Guesting(page)))
    return status(table)


def test_the_host_s_rematch_is_a_new_table_with_the_same_seats():
    from game.ui import commands
    table, pages = hosted(turn_limit=300)
    host = host_of(table)
    play(table, {1: pages[0], 2: pages[1]}, 2_000)
    assert table.session is not None and table.session.over
    exported = table.run(commands.ExportGame()).download      # the host knows the whole game: its real save
    assert exported is not None and '"seed"' in exported.text
    rematch = table.run(commands.Rematch())
    again = host_of(table)
    assert again is not host and table.session is None    # the new table waits for its guests
    assert again.table.start == host.table.start and again.table.turn_limit == 300
    assert [s.kind for s in again.table.seats] == [s.kind for s in host.table.seats]
    assert again.table.secret != host.table.secret and host.conns == {}     # its own fair deal; the old channels closed
    assert len(rematch.posts) == 2 and all(post.text is None for post in rematch.posts)
    # the guests' channels closed after the reveal: their checked final table stays, nothing to rejoin
    assert all(page.phase == guest_page.LOST and not page.cut_off() for page in pages)


def test_a_choice_of_a_seat_played_elsewhere_is_never_drawn_here():
    from game.ui.dialogs import TicketsDialog, table_dialog
    table, pages = hosted()
    host = host_of(table)
    table.plays(ai_move(host.table.match))      # the host's seat keeps its tickets
    Pipe.pump()
    assert host.table.match.current == 1
    assert table_dialog(host.session(), None) is None        # seat 1's offer stays on its device
    assert isinstance(table_dialog(pages[0].follow(), None), TicketsDialog)
    # seat 2 chooses at once too (the opening, every seat at once): its own offer, never seat 1's
    own = table_dialog(pages[1].follow(), None)
    assert isinstance(own, TicketsDialog) and own.offer == tuple(host.table.match.state["players"][2]["offer"])


def test_the_turn_timer_counts_down_on_the_host_s_page_and_every_guest_s():
    now = [1_000.0]
    start, remote = netplay.table_start(setup.with_default_names(options()))
    hosted_table = HostTable.create(start, remote, entropy=entropy(3), turn_limit=60)
    hosted_table.clock = lambda: now[0]
    table = hosting(NetHost(hosted_table, SITE))
    pages = [connect(table, seat) for seat in remote]
    spectator = connect(table, None)
    for page in [*pages, spectator]:
        page.now = lambda: now[0]
        page.clock_since = now[0]
    assert table.mode.clock_line(now[0]) == "Player 1: 1:00 left"
    now[0] += 14.2
    assert table.mode.clock_line(now[0]) == "Player 1: 0:46 left"
    assert [p.clock_line(now[0]) for p in [*pages, spectator]] == ["Player 1: 0:46 left"] * 3
    early = table.run(Tick(now[0]))
    assert early.redraw is Redraw.NOTHING and not early.posts and not hosted_table.match.actions
    now[0] += 46.0
    assert table.mode.clock_line(now[0]) == "Player 1: 0:00 left"
    assert table.run(Tick(now[0])).redraw is Redraw.SCREEN
    Pipe.pump()
    assert len(hosted_table.match.actions) == 1
    assert [p.clock_line(now[0]) for p in [*pages, spectator]] == ["Player 2: 1:00 left"] * 3
    assert translate("log.timeout", player="Player 1") == "Time ran out for Player 1: a safe move was played for them."
    assert pages[0].transport is not None
    pages[0].transport.close()
    assert pages[0].clock_line(now[0]) == ""            # the channel down: no count shown
    table.run(GiveToAi(1))
    Pipe.pump()
    assert table.mode.clock_line(now[0]) == "" and spectator.clock_line(now[0]) == ""     # an AI's turn is not timed


def test_a_spectator_s_page_draws_the_public_game_and_no_hidden_fact():
    from game.ui.screen import Memo, public_digest, screen
    host, pages = hosted(turn_limit=300)
    spectator = connect(host, None)
    table = seat_table(spectator)
    memo = Memo()
    # the host's player ran out of time: the spectator's log says so
    assert host.run(Tick(time.time() + 301.0)).redraw is Redraw.SCREEN
    Pipe.pump()
    for moves in (1, 5, 40, 2_000):
        play(host, {1: pages[0], 2: pages[1]}, moves)
        session = table.session
        assert session is not None
        real = host_of(host).table.match.state
        # (at the end, the deal confirmed: the real game, replayed, public facts only)
        assert session is spectator.world or session.over and session.viewer is None
        shown = screen(table, memo)
        if not shown.over:
            assert shown.board.view == seat_view(real, None)        # every route and station, the piles, whose turn
            assert shown.side.own is None and shown.dialog is None and shown.human is None
            assert not shown.claimable          # no Claimable toggle: no seat's routes to light
            invented = {t for p in session.state["players"] for t in p["tickets"] + p["offer"]}
            drawn = repr(replace(shown, map=None))          # the screen but the map's data (every ticket of the map)
            assert invented and not [t for t in invented if t in drawn]     # no made-up ticket on screen
        assert dict(shown.facts)["data-public"] == public_digest(real)
        assert [line.key for line in session.log].count("log.timeout") == 1
        assert table.viewer_to_act() is False
        if session is spectator.world:
            with pytest.raises(IllegalActionError):     # nothing to click; a move would be refused here, unsent
                page_of(table).play(parse_action("draw deck"))
    assert shown.over and shown.side.end is not None     # the final scoring, public at the end
    assert table.opened is None and shown.side.end.deal == "Fair deal: confirmed."


def test_a_public_world_matches_the_public_view_wherever_the_game_is():
    from game.net.seen import seat_view as seen
    from game.rules import apply_action
    from game.state import new_game, validate
    for seed in range(6):
        state = new_game("europe", players=4, seed=seed)
        for step in range(60 + seed * 25):
            if state["phase"] == "over":
                break
            apply_action(state, legal_actions(state)[(seed * 7 + step) % len(legal_actions(state))])
        view = seen(state, None)
        world = guest_page.public_world(view, Rng.from_seed(seed))
        validate(world)
        assert seen(world, None) == view


def host_page(table: Device) -> None:
    """The host's player keeps their tickets on the host's table: seat 1 to act."""
    from game.ui.commands import Keep
    from game.ui.dialogs import TicketsDialog
    dialog = table.dialog()
    assert isinstance(dialog, TicketsDialog)
    table.run(Keep(dialog.offer[:dialog.high]))
    Pipe.pump()
    assert host_of(table).table.match.current == 1


def test_the_ai_standing_in_for_a_guest_plays_nothing_once_the_guest_is_back():
    table, pages = hosted()
    host_page(table)
    host = host_of(table)
    session = host.table.match
    page = pages[0]
    for path in ("answer", "news"):         # its answer comes before the host hears the rejoin, or after
        backend = DictBackend({})
        page.save(backend)
        assert page.transport is not None
        page.transport.close()
        ask = table.run(GiveToAi(1)).ask_ai
        assert ask is not None and host.table.ai_to_move()
        answer = reply(ask)
        if path == "answer":
            assert table.run(AiAnswered(answer)).redraw is Redraw.NOTHING      # in: it waits for its delay
        page = connect(table, 1, resume_guest(backend))
        assert table.ai.wait is None        # the AI's move is no longer wanted
        assert not host.table.ai_to_move() and table.last.ask_ai is None
        played = len(session.actions)
        assert table.run(AiDue(ask.request.ticket)).redraw is Redraw.NOTHING
        assert table.run(AiAnswered(answer)).redraw is Redraw.NOTHING
        assert len(session.actions) == played and session.current == 1 and table.ai.wait is None
    carry(Outcome(posts=tuple(page.play(parse_action(guest_action(page))))))        # the seat is its guest's
    Pipe.pump()
    assert session.current == 2 and not session.timed_out


def test_a_guest_s_time_out_leaves_the_host_s_dialog_and_closes_the_guest_s_stale_choice():
    from game.ui.dialogs import PaymentDialog, ShareDialog
    table, pages = hosted(turn_limit=300)
    host_page(table)
    host = host_of(table)
    guest = seat_table(pages[0])
    payment = PaymentDialog("claim", "a route", (), "route-x")
    table.opened, table.selected = payment, "red"
    guest.opened, guest.selected = payment, "red"
    assert table.run(Tick(time.time() + 301.0)).redraw is Redraw.SCREEN     # seat 1, a guest, ran out of time
    Pipe.pump()
    assert host.table.match.timed_out == {1} and (table.opened, table.selected) == (payment, "red")
    assert (guest.opened, guest.selected) == (None, None)       # its payment is not to be made now
    share = ShareDialog("public", None, None)
    guest.opened = share
    assert table.run(Tick(time.time() + 301.0)).redraw is Redraw.SCREEN     # seat 2's
    Pipe.pump()
    assert guest.opened == share                 # a link being copied stays
    assert host.table.match.current == 0 and table.run(Tick(time.time() + 301.0)).redraw is Redraw.SCREEN
    assert (table.opened, table.selected) == (None, None)      # the host's own time ran out: its choice is gone


def test_a_guest_s_page_asks_no_ai_move_for_the_host_s_ai_seat():
    start, remote = netplay.table_start(setup.with_default_names(options(kinds=("human", "guest", "ai:easy"))))
    table = hosting(NetHost(HostTable.create(start, remote, entropy=entropy(3)), SITE))
    page = connect(table, remote[0])
    guest = seat_table(page)
    turns = []
    while len(turns) < 6:                   # the opening tickets, then turns of each seat, the AI's among them
        turns.append(host_of(table).table.match.current)
        play(table, {remote[0]: page}, 1)
        assert guest.ask is None and "thinking" not in guest.last.ai_line     # the host's AI plays its seat
    assert 2 in turns and guest.session is not None and guest.session.levels[2] == "easy"


def test_the_start_screen_offers_the_table_and_the_seat_the_last_visit_kept():
    assert kept_net(DictBackend({})) == KeptNet(False, None)
    table, pages = hosted()
    assert kept_net(table.catalog.backend) == KeptNet(True, None)
    backend = DictBackend({})
    pages[0].save(backend)
    assert kept_net(backend) == KeptNet(False, "You left Player 1's game; your seat is kept. To take it back, "
                                                "open a new invite from Player 1, or paste it here.")
    backend.set(GUEST_KEY, "{")                          # damaged: dropped, nothing offered
    assert kept_net(backend) == KeptNet(False, None) and backend.get(GUEST_KEY) is None
