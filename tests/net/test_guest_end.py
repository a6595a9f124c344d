"""A guest's end of the game as full as the host's (``game.ui.guesting``): the final scoring
revealed step by step on its page, as on the host's, then the fair deal's verdict in one line
of the final table with its full text on demand; its review of its own seat once the deal is
confirmed.  The devices are those of ``test_netplay``: the host's ``Table`` and each guest's,
joined over an in-memory pipe."""

from __future__ import annotations

from dataclasses import replace

from net_helpers import entropy
from test_netplay import (
    SHOWN,
    SITE,
    Device,
    connect,
    english,  # noqa: F401 - autouse: the tests read English
    host_of,
    hosted,
    options,
    play,
    quiet,  # noqa: F401 - autouse: no channel's texts left from another test
    unlimited,  # noqa: F401 - autouse: the host's rate limit off for games at the test's speed
)

from game.ai.review import seat_decisions
from game.net.host import HostTable
from game.ui import commands, guest_page, netplay, reveal, setup
from game.ui.ai_pacing import AI_SPEEDS
from game.ui.game_facts import Memo
from game.ui.guest_page import GuestPage, resume_guest
from game.ui.guesting import Guesting
from game.ui.hosting import Hosting
from game.ui.net_host import NetHost
from game.ui.page_events import ScoringDue
from game.ui.saves import SaveCatalog
from game.ui.screen import screen
from game.ui.storage import DictBackend
from tests.ui.test_review_model import Workers, fake_answer, run_review


def watched(page: GuestPage, speed: str = "normal") -> Device:
    """A guest's device showing ``page`` whose player watches the AI (and the scoring) at ``speed``."""
    table = Device(SaveCatalog(DictBackend({})), clock=lambda: 0.0, fresh_seed=lambda: 1,
                   ai_delay=AI_SPEEDS[speed], site="https://x.example/")
    table.took(table.open_mode(Guesting(page)))
    SHOWN[id(page)] = table
    page.transport.device = table       # its pipe's end: the table hears the host's news
    return table


def test_a_guest_watches_the_staged_scoring_then_reads_the_verdict_in_a_line():
    host, pages = hosted()
    table = watched(pages[0])
    play(host, {1: pages[0], 2: pages[1]}, 2_000)
    real = host_of(host).table.match
    assert real.over
    # the reveal came: the deal confirmed, the game on the page is the real one, and its final
    # scoring is on show, from the opening, as the host's page shows it (every ticket public now)
    session = table.session
    assert session is not None and session is not pages[0].world and session.state == real.state
    show = table.scoring
    assert show is not None and show.shown == 0 and show.steps == reveal.scoring_reveal(real.state)
    memo = Memo()
    shown = screen(table, memo)
    assert shown.side.scoring is not None and shown.side.end is None
    assert shown.dialog is None and table.opened is None            # nothing over the scoring
    assert show.pace_ms == 1400 and show.ticket is not None        # the normal pace, its first timer set
    steps = 0
    while table.scoring is not None:
        assert show.ticket is not None
        table.run(ScoringDue(show.ticket))      # its timer is over: the next step is out (and the next timer set)
        steps += 1
        if table.scoring is not None:
            assert table.dialog() is None and screen(table, memo).side.scoring.frame.shown == steps
    assert steps == len(show.steps.steps) + 1
    # then the final table: the verdict in one line, its full text on demand
    shown = screen(table, memo)
    end = shown.side.end
    assert end is not None and end.deal == "Fair deal: confirmed." and end.deal_ok and shown.dialog is None
    table.run(commands.ReadDealCheck())
    assert table.opened is not None and table.opened.text == guest_page.confirmed_text()
    assert screen(table, memo).dialog is not None
    # the scoring shown again on demand, as on any finished game
    table.run(commands.CloseDialog())
    table.run(commands.ReplayScoring())
    assert table.scoring is not None and table.scoring.shown == 0


def test_a_failed_check_still_shows_the_scoring_from_the_page_s_own_game():
    host, pages = hosted()
    play(host, {1: pages[0], 2: pages[1]}, 60)
    pages[1].guest.seen[3] = replace(pages[1].guest.seen[3], digest="0" * 64)      # a view the replay will not give
    table = watched(pages[1], "fast")
    play(host, {1: pages[0], 2: pages[1]}, 2_000)
    real = host_of(host).table.match
    assert table.session is pages[1].world and table.session.over        # its own world: no replay
    show = table.scoring
    assert show is not None and show.steps == reveal.scoring_reveal(real.state)
    table.run(commands.SkipScoring())
    end = screen(table, Memo()).side.end
    assert end is not None and end.deal == "Fair deal: not confirmed." and not end.deal_ok
    assert table.opened is None


def test_a_spectator_s_page_reveals_the_same_scoring():
    host, pages = hosted()
    table = watched(connect(host, None), "fast")
    play(host, {1: pages[0], 2: pages[1]}, 2_000)
    show = table.scoring
    assert show is not None and show.steps == reveal.scoring_reveal(host_of(host).table.match.state)
    assert table.session is not None and table.session.viewer is None and table.dialog() is None


def test_a_guest_s_page_opened_again_at_the_end_shows_the_final_table():
    host, pages = hosted()
    table = watched(pages[0], "instant")        # the instant speed: the final table at once
    play(host, {1: pages[0], 2: pages[1]}, 2_000)
    assert table.scoring is None and screen(table, Memo()).side.end is not None and table.opened is None
    again = resume_guest(table.catalog.backend)
    assert again is not None
    reloaded = watched_again(again, table.catalog.backend)
    assert reloaded.session is not None and reloaded.session.over and reloaded.scoring is None


def watched_again(page: GuestPage, backend) -> Device:
    table = Device(SaveCatalog(backend), clock=lambda: 0.0, fresh_seed=lambda: 1,
                   ai_delay=AI_SPEEDS["normal"], site="https://x.example/")
    table.took(table.open_mode(Guesting(page)))
    return table


def test_the_host_s_scoring_is_revealed_once_and_not_again_when_a_guest_leaves():
    start, remote = netplay.table_start(setup.with_default_names(options()))
    host = Device(SaveCatalog(DictBackend({})), clock=lambda: 0.0, fresh_seed=lambda: 1,
                  ai_delay=AI_SPEEDS["fast"], site=SITE)
    host.took(host.open_mode(Hosting(NetHost(HostTable.create(start, remote, entropy=entropy(3)), SITE))))
    pages = [connect(host, seat) for seat in remote]
    play(host, {1: pages[0], 2: pages[1]}, 2_000)
    show = host.scoring
    assert show is not None and show.pace_ms == 700
    while host.scoring is not None:
        assert show.ticket is not None
        host.run(ScoringDue(show.ticket))
    assert pages[0].transport is not None
    pages[0].transport.close()                  # the guest leaves the finished table: news
    assert host.scoring is None and screen(host, Memo()).side.end is not None
    host.run(commands.ReplayScoring())          # asked for: shown again
    assert host.scoring is not None


def test_a_guest_reviews_its_own_seat_once_the_deal_is_confirmed():
    host, pages = hosted()
    table = watched(pages[0], "instant")
    play(host, {1: pages[0], 2: pages[1]}, 30)
    assert table.run(commands.ReviewGame(1)).redraw.value == "nothing"     # not while the game is played
    play(host, {1: pages[0], 2: pages[1]}, 2_000)
    end = screen(table, Memo()).side.end
    assert end is not None and [seat for seat, _words in end.reviews] == [1]       # offered: its own seat
    workers = Workers(table)
    assert workers.run(commands.ReviewGame(0)).redraw.value == "nothing"           # never another seat's
    assert workers.run(commands.ReviewGame(2)).redraw.value == "nothing" and table.review is None
    workers.run(commands.ReviewGame(1))
    assert table.review is not None and table.review.seat == 1
    real = host_of(host).table.match
    sent = run_review(workers, fake_answer)
    assert len(sent) == len(table.review.decisions) > 10
    decisions = seat_decisions(real.scenario(), 1)     # the seat's own views at each of its turns
    assert [r.view for r in sent] == [d.view for d in decisions]
    shown = screen(table, Memo()).side.review
    assert shown is not None and not shown.working and "Decisions weighed" in shown.summary
    # a check that fails leaves no review: the page's game is made up around the seat's view
    pages[1].guest.seen[3] = replace(pages[1].guest.seen[3], digest="0" * 64)
    pages[1].verdict = None
    failing = watched_again(pages[1], DictBackend({}))
    assert failing.run(commands.ReviewGame(2)).redraw.value == "nothing" and failing.review is None
