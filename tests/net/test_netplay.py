"""The screens of play on several devices (game.ui.netplay): the new game's seats, the links, and
a host's table with two guests' pages joined over an in-memory pipe that stands for the data
channel: moves, refusals, a guest's and the host's reload, a seat given to an AI, the end's check."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace
from typing import ClassVar

import pytest
from net_helpers import LEVEL, entropy

from game.actions import parse_action
from game.ai.decide import ai_move, decide
from game.ai.determinize import determinize
from game.events import event_view
from game.i18n import _ as translate
from game.i18n import set_language
from game.net.guest import GuestTable
from game.net.host import HostTable
from game.net.seen import seat_view
from game.problem import Problem
from game.rng import Rng
from game.rules import IllegalActionError, legal_actions
from game.ui import netplay, setup
from game.ui.outcome import NOTHING
from game.ui.log import line_number, log_entries, turn_lines
from game.ui.netplay import GuestPage, Invite, InviteError, NetHost
from game.ui.storage import GUEST_KEY, HOST_KEY, DictBackend


@pytest.fixture(autouse=True)
def english():
    set_language("en")


class Pipe:
    """Both ends of a channel; texts wait in ``queue`` until :meth:`pump` hands them over."""

    queue: ClassVar[list[tuple[Callable[[str], None], str]]] = []

    def __init__(self) -> None:
        self.to_host: Callable[[str], None] = lambda text: None
        self.to_guest: Callable[[str], None] = lambda text: None
        self.on_close: list[Callable[[], None]] = []
        self.open = True

    def host_end(self) -> End:
        return End(self, lambda: self.to_guest)

    def guest_end(self) -> End:
        return End(self, lambda: self.to_host)

    @classmethod
    def pump(cls) -> None:
        while cls.queue:
            target, text = cls.queue.pop(0)
            target(text)


class End:
    def __init__(self, pipe: Pipe, target: Callable[[], Callable[[str], None]]) -> None:
        self.pipe, self.target = pipe, target
        self.sent: list[str] = []

    def send(self, text: str) -> bool:
        if not self.pipe.open:
            return False
        self.sent.append(text)
        Pipe.queue.append((self.target(), text))
        return True

    def close(self, reason: str = "closed", detail: str = "") -> None:
        if self.pipe.open:
            self.pipe.open = False
            for told in self.pipe.on_close:
                told()


def options(devices: bool = True, kinds: tuple[str, ...] = ("human", "guest", "guest")) -> setup.GameOptions:
    base = setup.default_options("usa", len(kinds))
    seats = tuple(setup.seat_from_choice(s.name, kind, s.colour, s.default) for s, kind in zip(base.seats, kinds))
    return replace(base, seats=seats, devices=devices)


def connect(host: NetHost, seat: int | None, page: GuestPage | None = None, now: float = 0.0) -> GuestPage:
    """The invite/answer exchange on the pipe: the host's invite link read by the guest's page."""
    pipe = Pipe()
    conn = host.new_connection(seat, pipe.host_end(), "OFFERCODE")
    page = page or GuestPage.join(netplay.read_invite(host.links[seat]),
                                  lambda: GuestTable.new(entropy(10 + (seat or 9))))
    page.answered(pipe.guest_end(), netplay.answer_link("https://x.example/", "ANSWERCODE"))
    pipe.to_host = lambda text: host.message(conn, text)
    pipe.to_guest = page.message
    pipe.on_close += [lambda: host.closed(conn, now), lambda: page.closed("closed")]
    host.opened(conn)
    page.opened()
    Pipe.pump()
    return page


def hosted(turn_limit: int | None = None) -> tuple[NetHost, list[GuestPage]]:
    start, remote = netplay.table_start(setup.with_default_names(options()))
    host = NetHost(HostTable.create(start, remote, entropy=entropy(3), turn_limit=turn_limit), "https://x.example/")
    return host, [connect(host, seat) for seat in remote]


def guest_action(page: GuestPage) -> str:
    view = page.guest.view
    legal = legal_actions(determinize(view, Rng.from_seed(f"legal:{page.guest.at}")))
    return str(decide(LEVEL, view, legal, f"page:{page.guest.at}"))


def play(host: NetHost, pages: dict[int, GuestPage], moves: int) -> None:
    session = host.table.match
    for _ in range(moves):
        if session.over:
            return
        seat = session.current
        if host.table.ai_to_move() or host.table.seats[seat].kind == "local":
            session.play(ai_move(session))
            host.moved()
        else:
            pages[seat].move(guest_action(pages[seat]))
        Pipe.pump()
        for s, page in pages.items():       # every guest's screen shows the host's game as its seat sees it
            if page.phase == netplay.CONNECTED:
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
    host, pages = hosted()
    assert host.table.dealt and all(p.phase == netplay.CONNECTED for p in pages)
    assert pages[0].title() == "Join Player 1's game as Player 2."
    rows = host.rows(now=0.0)
    assert [r.status for r in rows] == ["Plays on this device.", "Connected.", "Connected."]
    assert rows[1].link is None and not rows[1].give_to_ai
    play(host, {1: pages[0], 2: pages[1]}, 40)


def test_a_guest_s_move_out_of_turn_or_malformed_is_refused_with_its_reason():
    host, pages = hosted()
    play(host, {1: pages[0], 2: pages[1]}, 6)
    session = host.table.match
    waiting = next(p for p in pages if p.guest.seat != session.current)
    before = len(session.actions)
    waiting.move("draw deck")
    Pipe.pump()
    assert len(session.actions) == before
    assert waiting.status().startswith("It is ") and waiting.status().endswith("'s turn.")
    waiting.transport.send('{"type":"command"')
    Pipe.pump()
    assert waiting.status() == "The host could not use this message." and len(session.actions) == before


def test_a_guest_reloads_and_rejoins_and_the_host_reloads_and_all_rejoin():
    host, pages = hosted()
    play(host, {1: pages[0], 2: pages[1]}, 10)
    backend = DictBackend({})
    pages[0].save(backend)
    pages[0].transport.close()
    assert host.rows(now=30.0)[1].status == "Away for 0 minutes." and not host.rows(now=30.0)[1].give_to_ai
    assert host.rows(now=90.0)[1].give_to_ai
    again = netplay.resume_guest(backend)
    assert pages[0].invite.rejoins(again) and not replace(pages[0].invite, table="0" * 12).rejoins(again)
    assert again is not None and again.phase == netplay.LOST and again.guest.view == pages[0].guest.view
    assert again.cut_off()          # mid-game: its panel asks for a new invite
    connect(host, 1, again)
    assert again.guest.view == seat_view(host.table.match.state, 1)
    host.save(backend)
    kept = netplay.resume_host(backend, "https://x.example/", now=100.0)
    assert kept is not None and kept.table.match.actions == host.table.match.actions
    assert [r.status for r in kept.rows(now=100.0)][1:] == ["Away for 0 minutes."] * 2
    rejoined = {1: connect(kept, 1, again), 2: connect(kept, 2, pages[1])}
    assert [r.status for r in kept.rows(now=100.0)][1:] == ["Connected.", "Connected."]
    play(kept, rejoined, 10)


def test_a_seat_away_past_the_grace_is_played_by_an_ai_until_its_guest_returns():
    host, pages = hosted()
    backend = DictBackend({})
    pages[1].save(backend)
    pages[1].transport.close()
    host.give_to_ai(2)
    Pipe.pump()
    assert host.rows(now=100.0)[2].status == "Played by an AI until the player returns."
    assert pages[0].guest.statuses[2] == "stand-in"
    play(host, {1: pages[0]}, 20)
    back = connect(host, 2, netplay.resume_guest(backend))
    assert host.table.statuses()[2] == "here"
    play(host, {1: pages[0], 2: back}, 10)


def test_the_end_s_check_confirms_the_deal_and_says_what_it_proves():
    host, pages = hosted(turn_limit=300)
    assert host.time_out(time.time() + 301.0)   # the host's player's first decision: a line of the log before it
    Pipe.pump()
    play(host, {1: pages[0], 2: pages[1]}, 2_000)
    assert host.table.match.over
    for page in pages:
        assert page.end() == (True, netplay.confirmed_text())
    kept = pages[1].guest.contribution
    pages[1].guest.contribution = "0" * 64      # as on a new device that took the seat back late
    pages[1].verdict = None                     # (the check runs once a page: this one is checked again)
    assert pages[1].guest.late
    assert pages[1].end() == (True, netplay.confirmed_text() + " " + translate("net.check.late"))
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
    assert netplay.resume_guest(backend) is None and netplay.resume_host(backend, "", 0.0) is None
    assert backend.get(GUEST_KEY) is None and backend.get(HOST_KEY) is None


def test_a_guest_s_game_is_drawn_by_the_table_s_screen_from_its_view_to_the_end():
    from game.ui import commands
    from game.ui.controller import Table
    from game.ui.saves import SaveCatalog
    from game.ui.screen import Memo, public_digest, screen
    from game.ui.session import open_session
    host, pages = hosted()
    table = Table(SaveCatalog(DictBackend({})), clock=lambda: 0.0, fresh_seed=lambda: 1)
    table.join_table(pages[0])
    memo = Memo()
    play(host, {1: pages[0], 2: pages[1]}, 6)
    table.guest_news()
    session = table.session
    assert session is table.guest.world and session.played() == pages[0].guest.at
    shown = screen(table, memo)
    assert shown.board.view == {**seat_view(host.table.match.state, 1), "viewer": 1}
    assert shown.claimable
    assert dict(shown.facts)["data-public"] == public_digest(host.table.match.state)     # as the host's screen
    # its world is made up around the seat's view: no export or share of it
    assert not shown.exportable
    assert table.handle(commands.ExportGame()).download is None and table.handle(commands.Share()) == NOTHING
    play(host, {1: pages[0], 2: pages[1]}, 2_000)
    table.guest_news()
    shown = screen(table, memo)
    assert dict(shown.facts)["data-public"] == public_digest(host.table.match.state)
    assert shown.over and table.opened is not None and table.opened.text == netplay.confirmed_text()
    assert table.dialog() is table.opened       # shown over the final table
    assert table.ai_next() is None
    # the deal confirmed, the guest's game is the real one, replayed from the seed and the actions
    real, session = host.table.match, table.session
    game = ("map", "variant", "players", "first", "seed", "actions")
    assert session is not table.guest.world and session.actions == real.actions
    assert session.viewer == 1 and session.state == real.state
    assert shown.exportable
    exported = table.handle(commands.ExportGame()).download
    assert exported is not None
    assert {k: open_session(exported.text).scenario()[k] for k in game} == {k: real.scenario()[k] for k in game}
    assert [e.id for e in table.catalog.entries()] == [pages[0].save_id()]      # kept in this device's games
    end = shown.side.end
    assert end is not None and not end.rematch and end.rematch_note == translate("net.end.rematch")
    assert end.deal == "Fair deal: confirmed." and end.deal_ok
    assert [seat for seat, _words in end.reviews] == [1]         # the guest's own seat only
    assert table.handle(commands.Rematch()) == NOTHING and table.session is session    # the host's to start
    table.handle(commands.CloseDialog())
    table.guest_news()                          # more news: the verdict read once is not put up again
    assert table.opened is None and table.session is session
    table.handle(commands.ReadDealCheck())      # the end screen's line: read it again
    assert table.opened is not None and table.opened.text == netplay.confirmed_text()
    # a reload: the page kept, the game replayed again into the same save
    backend = table.catalog.backend
    again = netplay.resume_guest(backend)
    assert again is not None
    reloaded = Table(SaveCatalog(backend), clock=lambda: 5.0, fresh_seed=lambda: 1)
    reloaded.join_table(again)
    assert reloaded.session is not None and reloaded.session.actions == real.actions
    assert [e.id for e in reloaded.catalog.entries()] == [pages[0].save_id()] and not reloaded.stale
    # a check that fails: the game stays the page's own, with nothing of it to export, no review
    failing = Table(SaveCatalog(DictBackend({})), clock=lambda: 0.0, fresh_seed=lambda: 1)
    pages[1].guest.seen[3] = replace(pages[1].guest.seen[3], digest="0" * 64)
    failing.join_table(pages[1])
    shown = screen(failing, Memo())
    assert failing.session is pages[1].world and not shown.exportable
    end = shown.side.end
    assert end is not None and end.deal == "Fair deal: not confirmed." and not end.deal_ok and end.reviews == ()
    assert failing.catalog.entries() == []


def test_a_failure_on_the_opening_deal_is_said_as_such():
    from game.net.fairdeal import DealCheckError
    said = {key: netplay.check_reason(DealCheckError("x", key, number=0), [], None)
            for key in ("net.check.hand", "net.check.tickets", "net.check.market", "net.check.table", "net.check.action")}
    assert said["net.check.hand"] == "The cards you were dealt at the start were not those the deal gives."
    assert not [text for text in said.values() if "move" in text.lower()]
    draw = {"kind": "draw", "seat": 0, "source": "deck", "private": {}}
    assert netplay.check_reason(DealCheckError("x", "net.check.hand", number=2), [draw, draw], None) \
        == "After move 1 your cards were not those the deal gives."       # numbered as the log numbers it


def test_the_status_line_describes_a_player_on_another_device():
    from game.state import Phase
    from game.ui.controller import Table
    from game.ui.saves import SaveCatalog
    from game.ui.screen import status
    start, remote = netplay.table_start(setup.with_default_names(options(kinds=("guest", "guest", "ai:easy"))))
    host = NetHost(HostTable.create(start, remote, entropy=entropy(3)), "https://x.example/")
    pages = [connect(host, seat) for seat in remote]
    spectator = connect(host, None)
    watcher = Table(SaveCatalog(DictBackend({})), clock=lambda: 0.0, fresh_seed=lambda: 1)
    watcher.join_table(spectator)
    hosting = Table(SaveCatalog(DictBackend({})), clock=lambda: 0.0, fresh_seed=lambda: 1)
    hosting.open_table(host)                    # a table device: nobody plays on it
    guest = Table(SaveCatalog(DictBackend({})), clock=lambda: 0.0, fresh_seed=lambda: 1)
    guest.join_table(pages[1])
    said = {"setup": "Player 1 is choosing destination tickets.", "start": "It is Player 1's turn.",
            "second": "Player 1 is drawing a second card.",
            "tunnel": "Player 1 is deciding whether to pay the tunnel's extra cards.",
            "tickets": "Player 1 is choosing which tickets to keep."}
    for table in (watcher, hosting, guest):
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
    play(host, {0: pages[0], 1: pages[1]}, 2_000)
    watcher.guest_news()
    assert status(watcher) == "The game is over."


def _own_status(page: GuestPage) -> str:
    """The status line of the guest's page whose seat is to act."""
    from game.ui.controller import Table
    from game.ui.saves import SaveCatalog
    from game.ui.screen import status
    table = Table(SaveCatalog(DictBackend({})), clock=lambda: 0.0, fresh_seed=lambda: 1)
    table.join_table(page)
    return status(table)


def test_the_host_s_rematch_is_a_new_table_with_the_same_seats():
    from game.ui import commands
    from game.ui.controller import Table
    from game.ui.saves import SaveCatalog
    host, pages = hosted(turn_limit=300)
    table = Table(SaveCatalog(DictBackend({})), clock=lambda: 0.0, fresh_seed=lambda: 1)
    table.open_table(host)
    play(host, {1: pages[0], 2: pages[1]}, 2_000)
    table.net_news()
    assert table.session is not None and table.session.over
    exported = table.handle(commands.ExportGame()).download      # the host knows the whole game: its real save
    assert exported is not None and '"seed"' in exported.text
    table.handle(commands.Rematch())
    again = table.host
    assert again is not None and again is not host and table.session is None    # the new table waits for its guests
    assert again.table.start == host.table.start and again.table.turn_limit == 300
    assert [s.kind for s in again.table.seats] == [s.kind for s in host.table.seats]
    assert again.table.secret != host.table.secret and host.conns == {}     # its own fair deal; the old channels closed
    # the guests' channels closed after the reveal: their checked final table stays, nothing to rejoin
    assert all(page.phase == netplay.LOST and not page.cut_off() for page in pages)


def test_a_choice_of_a_seat_played_elsewhere_is_never_drawn_here():
    from game.ui.dialogs import TicketsDialog, table_dialog
    host, pages = hosted()
    host.table.match.play(ai_move(host.table.match))      # the host's seat keeps its tickets
    host.moved()
    Pipe.pump()
    assert host.table.match.current == 1
    assert table_dialog(host.session(), None) is None        # seat 1's offer stays on its device
    assert isinstance(table_dialog(pages[0].follow(), None), TicketsDialog)
    assert table_dialog(pages[1].follow(), None) is None


def test_the_turn_timer_counts_down_on_the_host_s_page_and_every_guest_s():
    now = [1_000.0]
    start, remote = netplay.table_start(setup.with_default_names(options()))
    table = HostTable.create(start, remote, entropy=entropy(3), turn_limit=60)
    table.clock = lambda: now[0]
    host = NetHost(table, "https://x.example/")
    pages = [connect(host, seat) for seat in remote]
    spectator = connect(host, None)
    for page in [*pages, spectator]:
        page.now = lambda: now[0]
        page.clock_since = now[0]
    assert host.clock_line(now[0]) == "Player 1: 1:00 left"
    now[0] += 14.2
    assert host.clock_line(now[0]) == "Player 1: 0:46 left"
    assert [p.clock_line(now[0]) for p in [*pages, spectator]] == ["Player 1: 0:46 left"] * 3
    assert not host.time_out(now[0])
    now[0] += 46.0
    assert host.clock_line(now[0]) == "Player 1: 0:00 left" and host.time_out(now[0])
    Pipe.pump()
    assert len(table.match.actions) == 1
    assert [p.clock_line(now[0]) for p in [*pages, spectator]] == ["Player 2: 1:00 left"] * 3
    assert translate("log.timeout", player="Player 1") == "Time ran out for Player 1: a safe move was played for them."
    pages[0].transport.close()
    assert pages[0].clock_line(now[0]) == ""            # the channel down: no count shown
    host.give_to_ai(1)
    Pipe.pump()
    assert host.clock_line(now[0]) == "" and spectator.clock_line(now[0]) == ""     # an AI's turn is not timed


def test_a_spectator_s_page_draws_the_public_game_and_no_hidden_fact():
    from game.ui.controller import Table
    from game.ui.saves import SaveCatalog
    from game.ui.screen import Memo, public_digest, screen
    host, pages = hosted(turn_limit=300)
    spectator = connect(host, None)
    table = Table(SaveCatalog(DictBackend({})), clock=lambda: 0.0, fresh_seed=lambda: 1)
    table.join_table(spectator)
    memo = Memo()
    assert host.time_out(time.time() + 301.0)   # the host's player ran out of time: the spectator's log says so
    Pipe.pump()
    for moves in (1, 5, 40, 2_000):
        play(host, {1: pages[0], 2: pages[1]}, moves)
        table.guest_news()
        session = table.session
        real = host.table.match.state
        # (at the end, the deal confirmed: the real game, replayed, public facts only)
        assert session is table.guest.world or session.over and session.viewer is None
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
        if session is table.guest.world:
            with pytest.raises(IllegalActionError):     # nothing to click; a move would be refused here, unsent
                table.guest.play(parse_action("draw deck"))
    assert shown.over and shown.side.end is not None     # the final scoring, public at the end
    assert table.opened is not None and table.opened.text == netplay.confirmed_text()


def test_a_public_world_matches_the_public_view_wherever_the_game_is():
    from game.net.seen import seat_view as seen
    from game.state import new_game, validate
    for seed in range(6):
        state = new_game("europe", players=4, seed=seed)
        for step in range(60 + seed * 25):
            if state["phase"] == "over":
                break
            from game.rules import apply_action
            apply_action(state, legal_actions(state)[(seed * 7 + step) % len(legal_actions(state))])
        view = seen(state, None)
        world = netplay.public_world(view, Rng.from_seed(seed))
        validate(world)
        assert seen(world, None) == view


def host_page(host: NetHost):
    """The host's device's table (``game.ui.controller.Table``) on ``host``, its player's tickets kept: seat 1 to act."""
    from game.ui.commands import Keep
    from game.ui.controller import Table
    from game.ui.dialogs import TicketsDialog
    from game.ui.saves import SaveCatalog
    table = Table(SaveCatalog(DictBackend({})), clock=lambda: 0.0, fresh_seed=lambda: 1, ai_delay=0)
    table.open_table(host)
    dialog = table.dialog()
    assert isinstance(dialog, TicketsDialog)
    table.handle(Keep(dialog.offer[:dialog.high]))
    host.moved()
    Pipe.pump()
    assert host.table.match.current == 1
    return table


def test_the_ai_standing_in_for_a_guest_plays_nothing_once_the_guest_is_back():
    from game.ui.ai_turn import AiAnswer, answer
    host, pages = hosted()
    table = host_page(host)
    session = host.table.match
    page = pages[0]
    for path in ("answer", "news"):         # its answer comes before the page hears the rejoin, or after
        backend = DictBackend({})
        page.save(backend)
        page.transport.close()
        host.give_to_ai(1)
        table.net_news()
        ask = table.ai_next()
        assert ask is not None and host.table.ai_to_move()
        page = connect(host, 1, netplay.resume_guest(backend))
        if path == "news":
            table.net_news()
            assert table.ai.wait is None        # the AI's move is no longer wanted
        assert not host.table.ai_to_move() and table.ai_next() is None
        played = len(session.actions)
        assert not table.ai_delay_over(ask.request.ticket)
        assert not table.ai_answered(AiAnswer.from_text(answer(ask.request.to_text())))
        assert len(session.actions) == played and session.current == 1 and table.ai.wait is None
        table.net_news()
    page.move(guest_action(page))           # the seat is its guest's
    Pipe.pump()
    table.net_news()
    assert session.current == 2 and not session.timed_out


def test_a_guest_s_time_out_leaves_the_host_s_dialog_and_closes_the_guest_s_stale_choice():
    from game.ui.outcome import NOTHING
    from game.ui.controller import Table
    from game.ui.dialogs import PaymentDialog, ShareDialog
    from game.ui.saves import SaveCatalog
    host, pages = hosted(turn_limit=300)
    table = host_page(host)
    guest = Table(SaveCatalog(DictBackend({})), clock=lambda: 0.0, fresh_seed=lambda: 1)
    guest.join_table(pages[0])
    payment = PaymentDialog("claim", "a route", (), "route-x")
    table.opened, table.selected = payment, "red"
    guest.opened, guest.selected = payment, "red"
    assert table.net_time_out(time.time() + 301.0) != NOTHING     # seat 1, a guest, ran out of time
    Pipe.pump()
    assert host.table.match.timed_out == {1} and (table.opened, table.selected) == (payment, "red")
    guest.guest_news()
    assert (guest.opened, guest.selected) == (None, None)       # its payment is not to be made now
    share = ShareDialog("public", None, None)
    guest.opened = share
    assert table.net_time_out(time.time() + 301.0) != NOTHING     # seat 2's
    Pipe.pump()
    guest.guest_news()
    assert guest.opened == share                 # a link being copied stays
    assert host.table.match.current == 0 and table.net_time_out(time.time() + 301.0) != NOTHING
    assert (table.opened, table.selected) == (None, None)      # the host's own time ran out: its choice is gone
