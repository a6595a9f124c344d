"""The Hint command (``game.ui.hints``): hard's move for the player to act, its one-line reason in
every phase (tickets, cards, claims, stations, tunnels), what it lights, the count each player
used (in the log, on the end screen, in the save) and a game that offers no hints."""

from __future__ import annotations

from dataclasses import replace

import pytest
from test_controller import HUMANS, new_table
from test_screen import europe_turn

from game import cldr
from game.actions import (
    BuildStation,
    ClaimRoute,
    DrawCard,
    DrawTickets,
    KeepTickets,
    PayTunnel,
    Withdraw,
)
from game.ai.determinize import determinize
from game.i18n import set_language
from game.mapdata import load_map
from game.rng import Rng
from game.scenario import ScenarioError, load_scenario, to_scenario
from game.ui import ai_turn
from game.ui.ai_turn import AiAnswer
from game.ui.commands import (
    AcknowledgeHandoff,
    AskHint,
    ChooseRoute,
    Draw,
    Keep,
    Pay,
    SelectColour,
    StartGame,
)
from game.ui.end_screen import hints_used
from game.ui.game_facts import Memo
from game.ui.hints import explain
from game.ui.lit import lit
from game.ui.outcome import Redraw
from game.ui.page_events import AiAnswered
from game.ui.saves import save_text
from game.ui.screen import screen
from game.ui.session import Session, open_session
from game.ui.setup import rematch
from game.view import player_view

# Ann holds Duluth – El Paso (10) with Duluth – Omaha and El Paso – Santa Fe built: Denver – Omaha
# and Denver – Santa Fe join it
DULUTH = {"map": "usa", "seed": 4, "players": ["Ann", "Bob"], "position": {
    "phase": "start", "market": ["purple", "blue", "red", "locomotive", "green"],
    "players": [{"tickets": ["duluth--el-paso"], "routes": ["duluth--omaha--1", "el-paso--santa-fe"],
                 "hand": {"purple": 2}}, {}]}}


@pytest.fixture(autouse=True)
def english():
    set_language("en")


def line(scenario, action, legal=()):
    """The hint's line for ``action`` of seat 0 in ``scenario``."""
    state, _actions = load_scenario(scenario)
    return explain(player_view(state, 0), action, list(legal)).text(state)


def with_routes(*routes):
    players = DULUTH["position"]["players"]
    return {**DULUTH, "position": {**DULUTH["position"], "players": [{**players[0], "routes": list(routes)}, {}]}}


def test_a_claim_says_which_ticket_it_completes_or_advances_and_the_points():
    done = with_routes("duluth--omaha--1", "el-paso--santa-fe", "denver--santa-fe")
    assert line(done, ClaimRoute("denver--omaha", "purple", 4, 0)) == \
        "Claim Denver–Omaha: it completes Duluth–El Paso, +10."
    assert line(with_routes("duluth--omaha--1", "denver--omaha"), ClaimRoute("denver--santa-fe", "red", 2, 0)) == \
        "Claim Denver–Santa Fe: it is on your way for Duluth–El Paso, +10 once done."
    assert line(DULUTH, ClaimRoute("seattle--vancouver--1", "red", 1, 0)) == \
        "Claim Seattle–Vancouver: the route is worth +1."


def test_a_card_says_which_route_it_is_collected_for():
    near = with_routes("duluth--omaha--1", "el-paso--santa-fe", "denver--santa-fe")
    assert line(near, DrawCard("purple")) == "Take the face-up purple: Denver–Omaha needs that colour."
    assert line(near, DrawCard("blue")) == "Take the face-up blue: it collects for a long route."
    assert line(DULUTH, DrawCard("locomotive")) == "Take the face-up locomotive: it stands in for any colour."
    assert line(DULUTH, DrawCard("deck")) == "Draw from the deck: no face-up card helps your routes."


def test_tickets_kept_say_the_trains_they_need_and_the_points_they_bring():
    session = Session({"map": "usa", "seed": 8, "players": ["Ann", "Bob"]})
    offer = session.state["players"][0]["offer"]
    game_map = load_map("usa")
    kept = tuple(sorted(offer[:2]))
    reason = explain(player_view(session.state, 0), KeepTickets(kept), session.legal())
    text = reason.text(session.state)
    names = cldr.join(f"{game_map.city(game_map.ticket(t).a).name}–{game_map.city(game_map.ticket(t).b).name}"
                     for t in kept)
    assert text.startswith(f"Keep {names}: about ") and " trains to lay for +" in text
    assert lit(player_view(session.state, 0), KeepTickets(kept)).tickets == kept    # the tickets lit in the choice,
    assert reason.routes                                                             # their routes on the board
    assert line(with_routes("duluth--omaha--1", "el-paso--santa-fe", "denver--santa-fe", "denver--omaha"),
                DrawTickets()) == "Draw destination tickets: your tickets are done and you have 35 trains left."


def test_a_station_says_which_route_it_borrows_for_which_ticket():
    table = europe_turn(players=[{"hand": {"red": 3, "locomotive": 1}, "tickets": ["athina--angora"],
                                  "routes": ["athina--smyrna"]},
                                 {"routes": ["angora--smyrna", "angora--constantinople", "angora--erzurum"]}, {}])
    s = table.session
    station = next(a for a in s.legal() if isinstance(a, BuildStation) and a.city == "angora")
    reason = explain(player_view(s.state, 0), station, s.legal())
    assert reason.text(s.state) == "Build a station in Angora: it borrows Angora–Smyrna for Athína–Angora, +5."
    assert reason.routes == {"angora--smyrna"} and reason.cities == {"angora"}
    other = next(a for a in s.legal() if isinstance(a, BuildStation) and a.city == "wien")
    assert explain(player_view(s.state, 0), other, s.legal()).text(s.state) == \
        "Build a station in Wien: a ticket can use another player’s route through it."


def test_a_tunnel_says_why_to_pay_or_withdraw():
    table = europe_turn()
    table.handle(ChooseRoute("bucuresti--sofia"))
    table.handle(Pay("claim", 0))
    s = table.session
    view, legal = player_view(s.state, 0), s.legal()
    pay = next(a for a in legal if isinstance(a, PayTunnel))
    assert explain(view, pay, legal).text(s.state) == \
        "Pay 1 more card for Bucureşti–Sofia: the route is worth +2."
    assert explain(view, Withdraw(), legal).text(s.state) == \
        "Give up Bucureşti–Sofia: keep your cards for the routes your tickets need."
    assert explain(view, Withdraw(), [Withdraw()]).text(s.state) == \
        "Give up Bucureşti–Sofia: you cannot pay the extra cards."


def test_the_reason_reads_the_seats_view_only():
    state, _actions = load_scenario(DULUTH)
    view = player_view(state, 0)
    for k in range(3):
        twin = determinize(view, Rng.from_seed(f"twin:{k}"))
        assert twin["players"][1] != state["players"][1] or twin["deck"] != state["deck"]
        for action in (DrawCard("purple"), ClaimRoute("denver--omaha", "purple", 4, 0), DrawCard("deck")):
            assert explain(player_view(twin, 0), action, []) == explain(view, action, [])


def ask(table, thinking=""):
    """The Hint command on ``table``, answered as the page's AI helper answers; ``thinking``: what
    its line says meanwhile."""
    request = table.handle(AskHint()).hint
    assert screen(table, Memo()).hint.line == thinking
    assert request is not None and table.handle(SelectColour(None)).hint is None        # asked of the helper once
    s = table.session
    assert request == replace(s.ai_request(request.ticket), level="hard")     # an AI seat's request, at hard
    assert table.handle(AiAnswered(AiAnswer.from_text(ai_turn.answer(request.to_text())))).redraw is Redraw.SCREEN
    return screen(table, Memo())


def test_a_hint_is_hards_move_in_words_lit_and_counted_once_per_position():
    table = new_table()
    table.handle(StartGame(HUMANS))
    table.handle(AcknowledgeHandoff())
    s = table.session
    assert screen(table, Memo()).hint.line == ""           # offered, not asked yet
    shown = ask(table, "Looking for a hint…")
    hinted = table.hinting.hint.action
    assert isinstance(hinted, KeepTickets) and hinted in s.legal()
    assert shown.hint.line.startswith("Keep ") and shown.dialog.hint == shown.hint
    assert shown.hint.lit.tickets == hinted.tickets and shown.board.highlights.hint
    assert shown.log[-1].notice == "Ann asked for a hint." and shown.log[-1].plain     # no alert's colour
    again = table.handle(AskHint())                         # again in the same position: the same hint, not counted
    assert s.hint_counts() == [1, 0] and again.hint is None
    table.handle(Keep(hinted.tickets))
    assert screen(table, Memo()).hint is None               # Bob's turn now, behind the handoff: no command


def answer_with(table, action):
    """The Hint command on ``table``, answered with ``action`` (as if hard had chosen it)."""
    request = table.handle(AskHint()).hint
    answered = table.handle(AiAnswered(AiAnswer(request.ticket, choice=table.session.legal().index(action))))
    assert answered.redraw is Redraw.SCREEN
    return screen(table, Memo())


def test_a_hint_lights_the_card_to_take_or_the_route_to_claim_and_not_once_played():
    table = europe_turn()
    shown = answer_with(table, DrawCard("blue"))
    assert shown.hint.line == "Take the face-up blue: it collects for a long route."
    lit = [c for _key, c in shown.side.market.cards if "hinted" in c.cls]
    assert len(lit) == 5 and {c.arg for c in lit} == {"blue"}      # every face-up blue is that move
    table.handle(Draw("blue"))
    assert screen(table, Memo()).hint.line == ""            # the position changed: the hint is gone
    table = europe_turn()
    claim = next(a for a in table.session.legal() if isinstance(a, ClaimRoute))
    shown = answer_with(table, claim)
    assert shown.board.highlights.hint == {claim.route} and shown.hint.line.startswith("Claim ")
    assert table.session.hint_counts() == [1, 0, 0]


def test_hints_survive_save_and_reload_in_the_log_and_on_the_end_screen():
    table = new_table()
    table.handle(StartGame(HUMANS))
    table.handle(AcknowledgeHandoff())
    ask(table, "Looking for a hint…")
    saved = table.session.scenario()
    assert saved["hints"] == {"offered": True, "asked": [[0, 0]]}
    again = open_session(save_text(saved))
    assert again.hint_counts() == [1, 0] and again.log == table.session.log
    assert Session(again.scenario()).scenario() == saved
    assert hints_used(again) == "Hints asked for: Ann 1 and Bob 0"


def test_a_game_without_hints_offers_no_command_and_says_so_in_its_save():
    table = new_table()
    table.handle(StartGame(replace(HUMANS, hints=False)))
    table.handle(AcknowledgeHandoff())
    s = table.session
    assert s.scenario()["hints"] == {"offered": False, "asked": []}
    assert screen(table, Memo()).hint is None and screen(table, Memo()).dialog.hint is None
    asked = table.handle(AskHint())
    assert s.hint_counts() == [0, 0] and asked.hint is None
    reloaded = open_session(save_text(s.scenario()))
    assert not reloaded.hints_offered and hints_used(reloaded) == ""
    assert rematch(s.scenario(), 3)["hints"] == {"offered": False, "asked": []}
    assert "hints" not in rematch(Session({"map": "usa", "players": ["A", "B"]}).scenario(), 3)


def test_old_saves_offer_hints_and_a_malformed_hints_field_is_refused_clearly():
    old = Session({"map": "usa", "seed": 2, "players": ["Ann", "Bob"], "actions": []})
    assert old.hints_offered and old.hint_counts() == [0, 0] and "hints" not in old.scenario()
    for bad, says in (({"offered": "yes", "asked": []}, "hints: expected"),
                      ({"offered": True, "asked": [[2, 0]]}, "hints.asked[0]"),
                      ({"offered": True, "asked": [[0, 3]]}, "hints.asked[0]"),
                      ({"offered": False, "asked": [[0, 0]]}, "offers none")):
        with pytest.raises(ScenarioError, match=says.replace("[", r"\[").replace("]", r"\]")):
            load_scenario({"map": "usa", "players": ["Ann", "Bob"], "hints": bad})
    assert to_scenario(old.state).get("hints") is None
