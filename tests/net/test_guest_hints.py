"""Hints for a guest (``game.ui.guesting``): the Hint command on a guest's page asks its own
device's AI helper for the move hard would play, from the seat's view as the host sent it and
nothing else (the world made up around that view never reaches the request), and tells the
host nothing; on its turn, and at the opening while another seat is to act."""

from __future__ import annotations

import json

from test_netplay import (
    Pipe,
    connect,
    english,  # noqa: F401 - autouse: the tests read English
    guest_action,
    host_of,
    hosted,
    play,
    quiet,  # noqa: F401 - autouse: no channel's texts left from another test
    seat_table,
    unlimited,  # noqa: F401 - autouse: the host's rate limit off for games at the test's speed
)

from game.actions import parse_action
from game.ui import ai_turn, commands
from game.ui.ai_turn import AiAnswer
from game.ui.page_events import AiAnswered
from game.ui.screen import Memo, screen


def asked(table) -> dict:
    """The Hint command on ``table``: the request for its AI helper (nothing is posted to the host)."""
    outcome = table.run(commands.AskHint())
    assert outcome.hint is not None and not outcome.posts
    return json.loads(outcome.hint.to_text())


def test_a_guest_s_hint_is_worked_out_from_its_own_view_only():
    host, pages = hosted()
    page = pages[1]                             # seat 2
    table = seat_table(page)
    match = host_of(host).table.match
    # the opening, while seat 0 chooses: the guest's own choice, from its view with it to act
    assert match.current == 0 and screen(table, Memo()).hint is not None
    request = asked(table)
    assert request["view"] == {**page.guest.view, "current": 2} and request["level"] == "hard"
    assert sorted(request["legal"]) == sorted(str(a) for a in table.session.choices())
    hidden = [p for seat, p in enumerate(request["view"]["players"]) if seat != 2]
    assert all(p["hand"] is None and p["tickets"] is None and p["offer"] is None for p in hidden)
    assert all(request["view"][pile] is None for pile in ("rng", "deck", "discard", "ticket_deck", "box"))
    table.run(AiAnswered(AiAnswer.from_text(ai_turn.answer(json.dumps(request)))))
    hint = screen(table, Memo()).dialog.hint
    assert hint is not None and hint.line and hint.lit is not None and hint.lit.tickets     # the tickets it would keep
    # on its turns in play: the view the host sent, exactly
    requests = 0
    for _ in range(60):
        if match.current != 2:
            play(host, {1: pages[0], 2: page}, 1)
            continue
        request = asked(table)
        assert request["view"] == page.guest.view
        assert request["legal"] == [str(a) for a in table.session.legal()]
        requests += 1
        table.plays(parse_action(guest_action(page)))       # its move goes to the host
        Pipe.pump()
    assert requests > 5
    # the host heard nothing of it: its record has no hint of seat 2's
    assert not [seat for seat, _at in match.hints_asked if seat == 2]
    assert [seat for seat, _at in table.session.hints_asked].count(2) == requests + 1


def test_a_spectator_s_page_offers_no_hint():
    host, _pages = hosted()
    watcher = seat_table(connect(host, None))
    assert screen(watcher, Memo()).hint is None
    assert watcher.run(commands.AskHint()).hint is None


def test_the_host_s_final_table_counts_the_hints_it_knows_of_only():
    host, pages = hosted()
    guest = seat_table(pages[0])
    asked(guest)                                # the guest's hint, on its own device
    host.run(commands.AskHint())                # the host's player's (seat 0 is to act)
    play(host, {1: pages[0], 2: pages[1]}, 2_000)
    end = screen(host, Memo()).side.end
    assert end is not None and end.hints == "Hints asked for: Player 1 1"
