"""Whole screens (``game.ui.screen``) under CPython, for the situations the browser tests play:
a turn, each dialog, a handoff in pass-and-play, a lesson's step, the end; and the browser layer
kept to drawing them (no module of ``game.web`` imports the session or reads the game state)."""

import ast
from pathlib import Path

import pytest
from test_controller import HUMANS, at_position, keep_all, new_table
from test_embed_model import FRAGMENT
from test_reveal import table_before_the_last_move

from game.i18n import set_language
from game.share import read_fragment
from game.ui import keeping, work
from game.ui.commands import (
    AcknowledgeHandoff,
    AcknowledgeLastRound,
    ChooseCity,
    ChooseRoute,
    CloseDialog,
    Pay,
    SelectColour,
    Share,
    StartGame,
    TakeOver,
)
from game.ui.dialog_screen import (
    HandoffScreen,
    LastRoundScreen,
    MessageScreen,
    Payment,
    PaymentScreen,
    RecapLine,
    StaleScreen,
    TicketsScreen,
    TunnelScreen,
)
from game.ui.embed import Lesson, read_options
from game.ui.game_facts import Memo
from game.ui.hints import HintScreen
from game.ui.page_events import EndPause, ScoringDue
from game.ui.panels import (
    CardButton,
    HandCard,
    MarketScreen,
    MoveBit,
    OwnScreen,
    PlayerLine,
)
from game.ui.screen import (
    CueLook,
    LessonPart,
    SideScreen,
    lesson_screen,
    public_digest,
    screen,
)
from game.ui.session import Session

WEB = Path(__file__).resolve().parents[2] / "game" / "web"
EUROPE_TICKET_RULE = ("A tunnel may cost more: for each of the 3 cards turned over that is of the colour you played "
                      "or a locomotive, pay one more card of that colour or a locomotive, or withdraw and take your "
                      "cards back.")
RED_LOCO = (HandCard("red", 3), HandCard("locomotive", 1))


@pytest.fixture(autouse=True)
def english():
    set_language("en")


def europe_turn(**players):
    """Ann's turn on the Europe position of ``test_controller`` (Bot an AI seat, Cleo human)."""
    table = at_position({"market": ["blue"] * 5, "deck_top": ["red", "black", "white"],
                         "players": [{"hand": {"red": 3, "locomotive": 1}}, {"routes": ["berlin--wien"]}, {}],
                         **players})
    table.handle(AcknowledgeHandoff())
    return table


def test_a_turn_shows_everything_the_player_to_act_may_do_and_nothing_of_the_others():
    table = europe_turn()
    shown = screen(table, Memo())
    assert shown.status == "Ann's turn: draw cards, claim a route, take tickets or build a station."
    assert shown.status_colour == "red" and shown.dialog is None and shown.ai_line == "" and shown.banner is None
    assert dict(shown.facts) == {"data-phase": "start", "data-current": "0", "data-turn": "0", "data-actions": "0",
                                 "data-handoff": "", "data-last-move": "",
                                 "data-public": public_digest(table.session.state)}
    assert shown.human == 0 and shown.keep_reveal == "0:0" and shown.cues == () and shown.log == ()
    assert shown.rules == ("europe", "europe") and shown.ai_seats and shown.hints and not shown.over
    blue = [(i, CardButton("blue", "draw", "blue", None, "card card-blue", str(i))) for i in range(1, 6)]
    assert shown.side == SideScreen(
        market=MarketScreen((
            (0, CardButton("Deck (101)", "draw", "deck", None, "card card-deck", "0")),
            ("tickets", CardButton("Destination tickets (40)", "tickets", "", None, "card card-tickets", None)),
            *blue), waiting=False),
        own=OwnScreen(0, "red", "Ann (you)", "0 points · 45\u00a0trains · 3\u00a0stations", RED_LOCO, ()),
        players=(
            PlayerLine(0, "red", "Ann", " (you)", "0 points", "4\u00a0cards · 0\u00a0tickets · 45\u00a0trains · 3\u00a0stations",
                       "player me current", True, ()),
            PlayerLine(1, "blue", "Bot", " (AI, medium)", "4 points",
                       "0\u00a0cards · 0\u00a0tickets · 42\u00a0trains · 3\u00a0stations", "player opponent", False, ()),
            PlayerLine(2, "green", "Cleo", "", "0 points", "0\u00a0cards · 0\u00a0tickets · 45\u00a0trains · 3\u00a0stations",
                       "player opponent", False, ())))
    claimable = shown.board.highlights.claimable
    assert "bucuresti--sofia" in claimable and "berlin--wien" not in claimable and shown.board.colour is None
    table.handle(SelectColour("locomotive"))
    again = screen(table, Memo())
    assert again.side.own is not None and again.side.own.hand == (HandCard("red", 3), HandCard("locomotive", 1, True))


def test_the_market_of_someone_else_s_turn_says_why_without_asking_the_engine():
    table = europe_turn()
    table.handle(ChooseRoute("bucuresti--sofia"))
    paid = table.handle(Pay("claim", 0))        # a tunnel: its extra cards are due
    shown = screen(table, Memo(), paid.cues)
    reasons = {card.reason for _key, card in shown.side.market.cards}
    assert len(reasons) == 1 and None not in reasons          # every pick refused while a tunnel is paid
    assert shown.cues == (CueLook(shown.cues[0].cue, "red", "Ann tries the tunnel Bucureşti–Sofia:",
                                  "1 more card needed", "0:0"),)
    assert table.handle(CloseDialog()).cues == ()             # taken once, by the outcome that drew them


def test_drawing_a_screen_changes_nothing():
    table = europe_turn()
    table.handle(ChooseRoute("bucuresti--sofia"))
    paid = table.handle(Pay("claim", 0))
    memo = Memo()
    first = screen(table, memo, paid.cues)
    assert screen(table, memo, paid.cues) == first and screen(table, Memo(), paid.cues) == first
    assert table.take_cues() == ()                           # the cues stay the outcome's: none taken by drawing


def test_the_ticket_choice_and_the_handoff_of_pass_and_play():
    table = new_table()
    table.handle(StartGame(HUMANS))
    first = screen(table, Memo())
    assert first.dialog == HandoffScreen("Ann", "red", ())
    assert first.side.own is None and first.human is None      # nobody's cards in the page
    assert all(card.reason == "It is not your turn." for _key, card in first.side.market.cards)
    table.handle(AcknowledgeHandoff())
    shown = screen(table, Memo())
    offer = table.session.state["players"][0]["offer"]
    d = shown.dialog
    assert isinstance(d, TicketsScreen) and d.rule == "Keep 2 to 3 tickets." and not d.checked
    assert [t for t, _text in d.offer] == offer and all(" – " in text and text.endswith(")") for _t, text in d.offer)
    assert d.hand == tuple(HandCard(k, n) for k, n in table.session.state["players"][0]["hand"].items() if n) \
        and d.hand == shown.side.own.hand
    assert shown.status == "Ann: choose your destination tickets."
    keep_all(table)
    paused = screen(table, Memo())
    assert paused.status == "Pass the device to Bob." and paused.dialog is None and paused.human is None
    assert paused.side.own is not None and paused.side.own.seat == 0          # Ann sees her turn's end
    assert sorted(t.id for t in paused.side.own.tickets) == sorted(offer) \
        and {t.status for t in paused.side.own.tickets} == {"open"}
    table.handle(EndPause())
    handoff = screen(table, Memo())
    assert handoff.dialog == HandoffScreen("Bob", "blue", ())        # no turn of Ann's to recap: she kept tickets
    assert handoff.side.own is None and handoff.facts[4] == ("data-handoff", "1")


def test_the_handoff_recaps_the_others_turns_in_words():
    table = new_table()                 # Ann claimed; Bob is handed the device
    table.enter(Session({"map": "europe", "seed": 1, "players": ["Ann", "Bob", "Cleo"],
                         "position": {"players": [{"hand": {"red": 2}}, {}, {}]},
                         "actions": ["claim bruxelles--paris--red 2red"]}), 0)
    assert screen(table, Memo()).dialog == HandoffScreen("Bob", "blue", (
        RecapLine("red", "Ann", (MoveBit("text", text="claimed Bruxelles–Paris"),)),))


def test_the_claim_station_message_and_share_dialogs():
    table = europe_turn()
    memo = Memo()
    table.handle(ChooseRoute("bucuresti--sofia"))
    assert screen(table, memo).dialog == PaymentScreen(
        "claim", "Route Bucureşti – Sofia", EUROPE_TICKET_RULE,
        (Payment("2 red", "0", ("red", "red")), Payment("1 red + 1 locomotive", "1", ("red", "locomotive"))),
        RED_LOCO, "route-bucuresti--sofia")
    table.handle(CloseDialog())
    table.handle(ChooseCity("wien"))
    station = screen(table, memo).dialog
    assert isinstance(station, PaymentScreen) and station.kind == "station" and station.spot == "city-wien"
    assert station.title == "Station in Wien" and "scores 4 points" in (station.rule or "")
    assert station.payments == (Payment("1 red", "0", ("red",)), Payment("1 locomotive", "1", ("locomotive",)))
    table.handle(CloseDialog())
    table.handle(ChooseRoute("berlin--wien"))
    assert screen(table, memo).dialog == MessageScreen("Route Berlin – Wien", "This route is already claimed by Bot.",
                                                       "route-berlin--wien")
    table.handle(CloseDialog())
    table.handle(Share())
    share = screen(table, memo).dialog
    assert share.kind == "share" and "view=none" in share.public and share.own is not None and "view=0" in share.own


def test_the_tunnel_dialog_in_words():
    table = europe_turn()
    table.handle(ChooseRoute("bucuresti--sofia"))
    table.handle(Pay("claim", 0))
    shown = screen(table, Memo())
    assert shown.dialog == TunnelScreen(
        "Tunnel Bucureşti – Sofia", EUROPE_TICKET_RULE, "Revealed: red, black, and white.",
        (("red", True), ("black", False), ("white", False)), "The tunnel asks 1 more card.",
        (Payment("Pay 1 red", "0", ("red",)), Payment("Pay 1 locomotive", "1", ("locomotive",)),
         Payment("Withdraw", "2", (), withdraw=True)), RED_LOCO, "route-bucuresti--sofia", hint=HintScreen())
    assert shown.status == "Ann: pay the tunnel's extra cards or withdraw."


def test_the_last_round_and_stale_dialogs():
    table = new_table()                 # Ann's claim leaves her 2 trains: Bob is handed the device
    position = {"players": [{"hand": {"red": 2}, "trains": 4, "tickets": ["boston--miami"]},
                            {"hand": {"blue": 1}, "tickets": ["calgary--phoenix"]}]}
    table.enter(Session({"map": "usa", "seed": 4, "players": ["Ann", "Bob"], "position": position,
                         "actions": ["claim atlanta--charleston 2red"]}), 0)
    table.handle(AcknowledgeHandoff())
    shown = screen(table, Memo())
    assert shown.dialog == LastRoundScreen("Ann has only 2 trains left: the last round has begun.",
                                           "This is your last turn, Bob.")
    assert shown.status.endswith("Last round: 2 turns left.")
    assert [(row.index, row.player) for row in shown.log] == [(0, "Ann"), (1, "")]     # Ann's claim, then a notice
    assert shown.log[0].notice is None and "last round" in (shown.log[1].notice or "").lower()
    table.handle(AcknowledgeLastRound())
    keeping.go_stale(table)
    assert screen(table, Memo()).dialog == StaleScreen()
    table.handle(TakeOver())            # opened again as stored: Bob is handed the device
    assert screen(table, Memo()).dialog == HandoffScreen("Bob", "blue", (
        RecapLine("red", "Ann", (MoveBit("text", text="claimed Atlanta–Charleston"),)),))


def test_the_end_and_the_scoring_revealed():
    table, last = table_before_the_last_move(ai_delay=250)
    played = work.effects(table, table.play(last))
    memo = Memo()
    opening = screen(table, memo)
    scoring = opening.side.scoring
    assert opening.over and opening.status == "The game is over." and opening.status_colour == ""
    assert scoring is not None and scoring.kind == "opening" and scoring.lines == () and opening.side.market is None
    assert scoring.announcement == "Every player starts from the points of their routes."
    tick = played.scoring_tick
    table.handle(ScoringDue(tick.ticket))
    step = screen(table, memo).side.scoring
    assert step.frame.shown == 1 and step.lines[0].what == "Routes" and step.lines[-1].latest
    assert step.colour == step.players[step.frame.step.seat][0]
    table.scoring = None
    end = screen(table, memo).side.end
    assert end is not None and screen(table, memo).side.end is end       # worked out once
    assert [row.row.place for row in end.rows] == sorted(row.row.place for row in end.rows)
    assert end.verdict == "A wins!" and "longest trail" in end.legend and len(end.players) == len(end.statistics)
    assert all(" – " in words for row in end.rows for words, _done in row.tickets)


def test_a_lesson_step_is_a_screen_of_the_same_parts():
    lesson = Lesson(read_fragment(FRAGMENT[1:]), read_options("?embed&view=0", FRAGMENT))
    memo = Memo()
    lesson.take_cues()                  # the first step is shown as it stands
    assert lesson.go(1)
    shown = lesson_screen(lesson, memo)
    assert shown.lesson == LessonPart("<b>Both</b> kept.", "Step 2 of 3", 1, False, False, (), ("dallas--new-york",))
    own = shown.side.own
    assert own is not None and own.seat == 0 and own.title == "Ann (you)"
    assert [(t.id, t.status) for t in own.tickets] == [("dallas--new-york", "open"), ("seattle--new-york", "open")]
    assert {card.reason for _key, card in shown.side.market.cards} == {"A lesson: its cards are shown, not drawn."}
    assert [p.classes for p in shown.side.players] == ["player me current", "player opponent"]
    assert shown.dialog is None and shown.log == () and shown.status == "" and shown.human is None
    assert shown.board.highlights.network == {"denver--omaha"}
    assert lesson.go(2)
    after = lesson_screen(lesson, memo)
    assert [(c.cue.kind, c.colour) for c in after.cues] == [("blind", "red"), ("blind", "red")]
    assert after.lesson is not None and after.lesson.last and after.side.players[0].last == (
        MoveBit("blind"), MoveBit("blind"))


def test_no_module_of_the_page_imports_the_session_or_reads_the_game_state():
    for path in sorted(WEB.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                assert node.module != "game.ui.session", f"{path.name} imports game.ui.session"
            elif isinstance(node, ast.Import):
                assert all(a.name != "game.ui.session" for a in node.names), f"{path.name} imports game.ui.session"
            elif isinstance(node, ast.Attribute) and node.attr == "state":
                # the browser's history entry (js.history.state) is not the game's
                owner = node.value
                assert isinstance(owner, ast.Attribute) and owner.attr == "history", \
                    f"{path.name}:{node.lineno} reads .state"


def test_every_page_module_is_checked():
    assert {"app.py", "table.py", "side.py", "cues.py", "embed.py"} <= {p.name for p in WEB.glob("*.py")}
