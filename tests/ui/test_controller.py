"""The table as a model, under CPython: each dialog and why it is up, commands and refusals,
handoffs, the AI seats' pacing, saving, two tabs, full storage, import and resume."""

import json
from dataclasses import replace

import pytest

from game.actions import DrawCard, KeepTickets, Withdraw
from game.i18n import set_language
from game.state import to_json
from game.ui import ai_turn, game_facts, keeping, work
from game.ui import screen as ui_screen
from game.ui.ai_turn import AiAnswer
from game.ui.choices import route_payments
from game.ui.commands import (
    AcknowledgeHandoff,
    AcknowledgeLastRound,
    ChooseCity,
    ChooseMap,
    ChooseRoute,
    ChooseSeatCount,
    CloseDialog,
    DeleteSave,
    Draw,
    DrawTickets,
    ExportGame,
    ExportSave,
    FreeSpace,
    GoHome,
    Keep,
    OpenSave,
    Pay,
    Rematch,
    SelectColour,
    ShowHints,
    StartGame,
    TakeOver,
    TunnelChoice,
    Zoom,
    control_command,
)
from game.ui.controller import Table
from game.ui.dialogs import (
    HandoffDialog,
    LastRoundDialog,
    MessageDialog,
    PaymentDialog,
    StaleDialog,
    TicketsDialog,
    TunnelDialog,
)
from game.ui.moves import MovePart
from game.ui.outcome import Redraw
from game.ui.page_events import (
    AiAnswered,
    AiDue,
    AiFailed,
    EndPause,
    ImportGame,
    ImportTooLarge,
    LanguageChanged,
    Resume,
    StorageChanged,
)
from game.ui.saves import SaveCatalog, save_text
from game.ui.session import Session
from game.ui.setup import GameOptions, Seat, default_options
from game.ui.storage import CURRENT_KEY, DictBackend, StorageFull


@pytest.fixture(autouse=True)
def english():
    set_language("en")


class Clock:
    def __init__(self):
        self.now = 1_000_000.0

    def __call__(self):
        self.now += 1000
        return self.now


class FullBackend(DictBackend):
    """A storage that took what it holds and refuses every new write, as a full quota does."""

    def set(self, key, text):
        raise StorageFull(key)


def new_table(store=None, backend=DictBackend, ai_delay=300):
    return Table(SaveCatalog(backend({} if store is None else store)), clock=Clock(), fresh_seed=lambda: 11,
                 ai_delay=ai_delay)


HUMANS = GameOptions("usa", "usa", (Seat("Ann", "human", "red"), Seat("Bob", "human", "blue")), "3")
EUROPE_POSITION = {"map": "europe", "seed": 1, "actions": [],
                   "players": [{"name": "Ann", "kind": "human"}, {"name": "Bot", "kind": "ai"},
                               {"name": "Cleo", "kind": "human"}]}


def at_position(position, store=None):
    """A table resumed on a stored scenario with ``position`` (docs/scenario.md)."""
    store = {} if store is None else store
    table = new_table(store)
    SaveCatalog(DictBackend(store)).write("g1", {**EUROPE_POSITION, "position": position},
                                          {"map": "europe", "players": []}, 1.0)
    table.handle(OpenSave("g1"))
    return table


def keep_all(table):
    """The player to act (once handed the device) keeps as many offered tickets as they may."""
    table.handle(EndPause())
    if isinstance(table.dialog(), HandoffDialog):
        table.handle(AcknowledgeHandoff())
    dialog = table.dialog()
    assert isinstance(dialog, TicketsDialog)
    return table.handle(Keep(dialog.offer[:dialog.high]))


# --- the start screen -------------------------------------------------------------------------

def test_the_new_game_form_reshapes_and_says_every_problem():
    table = new_table()
    assert table.session is None and table.start.options == default_options("usa", 2)
    table.handle(ChooseMap(GameOptions("europe", "usa", HUMANS.seats)))
    assert table.start.options.variant == "europe"
    table.handle(ChooseSeatCount(table.start.options, 4))
    assert len(table.start.options.seats) == 4 and table.start.options.seats[3].kind == "ai"
    bad = GameOptions("usa", "usa", (Seat("Ann"), Seat("ann ")), "")
    assert table.handle(StartGame(bad)).redraw is Redraw.SCREEN
    assert table.session is None and table.start.options == bad
    assert [problem.key for problem in table.start.problems] == ["setup.error.name_twice", "setup.error.colours"]


def test_a_new_game_is_saved_at_once_and_named_the_current_game():
    store = {}
    table = new_table(store)
    table.handle(StartGame(HUMANS))
    assert table.session is not None and store[CURRENT_KEY] == table.game_id
    entry, = table.catalog.entries()
    assert entry.id == table.game_id and entry.players == ("Ann", "Bob") and table.revision == 1
    download = table.handle(ExportGame()).download
    assert download.name == table.game_id and download.text == save_text(table.session.scenario())
    assert table.handle(ExportSave(table.game_id)).download.text == store["ttr.v1.save." + table.game_id]


def test_open_delete_and_a_damaged_save_said_on_the_start_screen():
    store = {}
    first = new_table(store)
    first.handle(StartGame(HUMANS))
    game_id = first.game_id
    table = new_table(store)
    table.handle(OpenSave(game_id))
    assert to_json(table.session.state) == to_json(first.session.state)
    table.handle(GoHome())
    table.handle(OpenSave("nothing-here"))
    assert table.session is None and "nothing-here" in table.take_notice() and table.take_notice() == ""
    store["ttr.v1.save." + game_id] = "{" * 10
    table.handle(OpenSave(game_id))
    assert table.session is None and table.take_notice()
    assert store["ttr.v1.save." + game_id] == "{" * 10          # kept as it was, to export
    table.handle(DeleteSave(game_id, HUMANS))
    assert table.catalog.entries() == [] and table.start.options == HUMANS


# --- dialogs, commands and refusals -------------------------------------------------------------

def test_tickets_are_kept_within_the_rule_then_the_device_is_handed_over():
    table = new_table()
    table.handle(StartGame(HUMANS))
    assert table.dialog() == HandoffDialog(0)               # privacy first: two players share the device
    table.handle(AcknowledgeHandoff())
    dialog = table.dialog()
    assert dialog == TicketsDialog(2, 3, tuple(table.session.state["players"][0]["offer"]))
    outcome = table.handle(Keep(dialog.offer[:1]))
    assert outcome.redraw is Redraw.NOTHING and outcome.dialog_error == "Keep 2 to 3 tickets."
    assert table.session.actions == [] and table.revision == 1
    assert keep_all(table).pause_ms == 1600                 # Ann sees her turn's end first
    assert table.session.actions == [KeepTickets(tuple(sorted(dialog.offer)))] and table.revision == 2
    assert table.dialog() is None and table.session.viewer == 0 and not table.viewer_to_act()
    assert ui_screen.status(table) == "Pass the device to Bob."
    assert table.handle(Draw("deck")).say == "It is not your turn."
    table.handle(EndPause())
    assert table.dialog() == HandoffDialog(1)
    assert table.handle(Draw("deck")).say == "It is not your turn."       # nobody's cards are on screen
    assert table.handle(CloseDialog()).redraw is Redraw.NOTHING            # a handoff must be answered
    table.handle(AcknowledgeHandoff())
    assert isinstance(table.dialog(), TicketsDialog) and table.session.viewer == 1
    assert "Bob" in ui_screen.status(table)


def test_a_route_clicked_offers_its_payments_or_says_why_not():
    table = at_position({"players": [{"hand": {"red": 2, "locomotive": 1}}, {"routes": ["berlin--wien"]}, {}]})
    table.handle(AcknowledgeHandoff())
    assert table.dialog() is None and table.viewer_to_act()
    assert table.handle(ChooseRoute("bucuresti--sofia")).redraw is Redraw.DIALOG
    dialog = table.dialog()
    assert isinstance(dialog, PaymentDialog) and dialog.kind == "claim" and dialog.spot == "route-bucuresti--sofia"
    assert {str(p) for p in dialog.payments} == {"claim bucuresti--sofia 2red", "claim bucuresti--sofia 1red+1loco"}
    outcome = table.handle(CloseDialog())
    assert outcome.focus_back and table.dialog() is None
    table.handle(ChooseRoute("berlin--wien"))
    assert table.dialog() == MessageDialog("Route Berlin – Wien", "This route is already claimed by Bot.", "route-berlin--wien")
    table.handle(CloseDialog())
    assert table.handle(ChooseRoute("no--where")).redraw is Redraw.NOTHING and table.dialog() is None
    table.handle(ChooseCity("wien"))
    assert isinstance(table.dialog(), PaymentDialog) and table.dialog().kind == "station"
    assert table.handle(Pay("claim", 0)).redraw is Redraw.NOTHING         # not the dialog that is open
    table.handle(Pay("station", 0))
    assert table.session.state["players"][0]["stations"] == ["wien"] and table.dialog() is None


def test_a_move_the_engine_refuses_is_said_and_changes_nothing():
    table = at_position({"players": [{"hand": {"red": 2}}, {}, {}]})
    table.handle(AcknowledgeHandoff())
    table.handle(ChooseRoute("bucuresti--sofia"))
    before = to_json(table.session.state)
    table.session.state["players"][0]["hand"]["red"] = 0          # the hand changed under the open dialog
    table.handle(Pay("claim", 0))
    dialog = table.dialog()
    assert isinstance(dialog, MessageDialog) and dialog.title == "Not allowed"
    assert "enough" in dialog.text and table.session.actions == []
    table.session.state["players"][0]["hand"]["red"] = 2
    assert to_json(table.session.state) == before


def test_a_tunnel_shows_its_cards_and_may_be_withdrawn_from():
    table = at_position({"market": ["blue"] * 5, "deck_top": ["red", "black", "white"],
                         "players": [{"hand": {"red": 3, "locomotive": 1}}, {}, {}]})
    table.handle(AcknowledgeHandoff())
    table.handle(ChooseRoute("bucuresti--sofia"))
    table.handle(Pay("claim", [str(p) for p in table.dialog().payments].index("claim bucuresti--sofia 2red")))
    dialog = table.dialog()
    assert isinstance(dialog, TunnelDialog) and dialog.revealed == ("red", "black", "white") and dialog.extra == 1
    assert dialog.spot == "route-bucuresti--sofia" and dialog.options[-1] == Withdraw()
    assert table.handle(CloseDialog()).redraw is Redraw.NOTHING            # the tunnel must be answered
    table.handle(TunnelChoice(len(dialog.options) - 1))
    assert table.session.state["players"][0]["routes"] == [] and table.session.current == 1


def test_the_tunnel_and_station_dialogs_say_their_rule_with_our_rules_numbers():
    table = at_position({"market": ["blue"] * 5, "deck_top": ["red", "black", "white"],
                         "players": [{"hand": {"red": 3, "locomotive": 1}}, {}, {}]})
    table.handle(AcknowledgeHandoff())
    table.handle(ChooseCity("wien"))
    rule = table.dialog().rule
    assert "one route of another player" in rule and "scores 4 points" in rule
    assert "the first costs 1 card, the second 2 and the third 3 cards of one colour" in rule
    set_language("fr")
    try:
        table.handle(CloseDialog())
        table.handle(ChooseCity("wien"))
        assert "rapporte 4 points" in table.dialog().rule
    finally:
        set_language("en")
    table.handle(CloseDialog())
    table.handle(ChooseRoute("berlin--wien"))                     # not a tunnel: no rule
    assert getattr(table.dialog(), "rule", None) is None
    table.handle(CloseDialog())
    table.handle(ChooseRoute("bucuresti--sofia"))                 # a tunnel: its rule before paying
    claim = table.dialog()
    assert "each of the 3 cards turned over" in claim.rule and "locomotive" in claim.rule and "withdraw" in claim.rule
    table.handle(Pay("claim", [str(p) for p in claim.payments].index("claim bucuresti--sofia 2red")))
    assert table.dialog().rule == claim.rule                      # and while paying its extra cards
    assert table.dialog().matches == (True, False, False)         # the red card turned over costs one more


def test_the_last_round_is_announced_then_acknowledged():
    table = new_table()
    table.enter(Session({"map": "usa", "seed": 4, "players": [{"name": "Ann"}, {"name": "Bob"}],
                         "position": {"players": [{"hand": {"red": 2}, "trains": 4, "tickets": ["boston--miami"]},
                                                  {"hand": {"blue": 1}, "tickets": ["calgary--phoenix"]}]}}), 0)
    table.handle(AcknowledgeHandoff())
    table.handle(ChooseRoute("atlanta--charleston"))
    table.handle(Pay("claim", 0))
    table.handle(EndPause())
    table.handle(AcknowledgeHandoff())
    assert table.dialog() == LastRoundDialog(1, 0, 2)
    assert "Last round: 2 turns left." in ui_screen.status(table)
    assert table.handle(AcknowledgeLastRound()).redraw is Redraw.DIALOG and table.dialog() is None


def test_controls_name_their_commands():
    assert control_command("draw", "red") == Draw("red")
    assert control_command("tickets", "") == DrawTickets()
    assert control_command("tunnel", "1") == TunnelChoice(1)
    assert control_command("zoom", "in") == Zoom("in")
    assert control_command("home", "") == GoHome()
    assert control_command("free", "g7") == FreeSpace("g7")
    assert control_command("station", "") is None and control_command("<img>", "") is None
    assert new_table().handle(Zoom("out")).zoom == "out"


# --- AI seats ------------------------------------------------------------------------------------

def with_an_ai_seat(ai_delay=300):
    table = new_table(ai_delay=ai_delay)
    table.handle(StartGame(GameOptions("usa", "usa", (Seat("Ann", "human", "red"),
                                                      Seat("Hal", "ai", "blue", "easy")), "5")))
    return table, keep_all(table).ask_ai


def reply(ask):
    return AiAnswer.from_text(ai_turn.answer(ask.request.to_text()))


def test_an_ai_move_is_asked_at_once_and_played_after_its_delay():
    table, ask = with_an_ai_seat()
    assert table.dialog() is None and not table.viewer_to_act()
    assert ask.delay_ms == 300 and ask.request.view["viewer"] == 1
    answer = reply(ask)
    outcome = table.handle(AiAnswered(answer))
    assert outcome.redraw is Redraw.NOTHING and outcome.ask_ai is None      # in early: it waits for the delay; asked once
    assert table.session.actions[-1:] != [] and len(table.session.actions) == 1
    assert table.handle(AiDue(ask.request.ticket)).redraw is Redraw.SCREEN
    assert len(table.session.actions) == 2 and table.ai.status(table.session) == ""


def test_a_slow_answer_shows_thinking_and_is_played_when_it_comes():
    table, ask = with_an_ai_seat()
    outcome = table.handle(AiDue(ask.request.ticket))
    assert outcome.redraw is Redraw.NOTHING and outcome.ai_line == "Hal (AI, easy) is thinking…"
    assert table.handle(AiAnswered(reply(ask))).redraw is Redraw.SCREEN and len(table.session.actions) == 2


def test_stale_and_illegal_answers():
    table, ask = with_an_ai_seat()
    answer = reply(ask)
    assert table.handle(AiAnswered(AiAnswer(ask.request.ticket + 1, choice=0))).redraw is Redraw.NOTHING  # another position's
    assert table.handle(AiDue(ask.request.ticket + 1)).redraw is Redraw.NOTHING
    table.handle(AiDue(ask.request.ticket))
    outcome = table.handle(AiAnswered(AiAnswer(ask.request.ticket, choice=999)))    # illegal: a safe move
    assert outcome.redraw is Redraw.SCREEN and "choice 999" in outcome.ai_line and len(table.session.actions) == 2
    assert outcome.ask_ai is not None or table.session.current == 0
    outcome = table.handle(GoHome())                    # the move asked for is not wanted any more
    assert outcome.ask_ai is None and table.handle(AiAnswered(answer)).redraw is Redraw.NOTHING


def test_a_failed_helper_is_said_all_game_long():
    table, _ask = with_an_ai_seat()
    outcome = table.handle(AiFailed("no worker"))
    assert outcome.ai_line.startswith("The AI helper could not run (no worker)")
    assert table.handle(ShowHints(True)).ai_line == outcome.ai_line


def test_an_ai_game_plays_to_the_end_through_the_model():
    table, ask = with_an_ai_seat(ai_delay=0)
    while not table.session.over:
        if ask is None:                       # the human's turn: the first legal draw
            assert table.viewer_to_act()
            if isinstance(table.dialog(), TicketsDialog):
                ask = keep_all(table).ask_ai
            else:
                ask = work.effects(table, table.play(table.session.legal()[0])).ask_ai   # played as a command is
            continue
        outcome = table.handle(AiDue(ask.request.ticket))
        assert outcome.redraw is Redraw.NOTHING
        ask = table.handle(AiAnswered(reply(ask))).ask_ai
    assert table.dialog() is None and "over" in ui_screen.status(table).lower()
    assert ui_screen.highlights(table, table.session.view()).trail
    first = table.game_id
    table.handle(Rematch())
    assert table.game_id != first and table.session.actions == []


# --- saving: two tabs, full storage, import, resume ---------------------------------------------

def test_a_second_tab_that_played_on_stops_this_one_and_it_can_take_over():
    store = {}
    mine = new_table(store)
    mine.handle(StartGame(HUMANS))
    other = new_table(store)
    other.handle(Resume())
    keep_all(other)
    assert mine.handle(StorageChanged("ttr.v1.save." + mine.game_id)).redraw is Redraw.SCREEN
    assert mine.dialog() == StaleDialog()
    before = store["ttr.v1.save." + mine.game_id]
    offer = tuple(mine.session.state["players"][0]["offer"])
    assert mine.handle(Keep(offer)).redraw is Redraw.NOTHING and store["ttr.v1.save." + mine.game_id] == before
    mine.handle(TakeOver())
    assert not mine.stale and len(mine.session.actions) == 1
    assert mine.handle(StorageChanged("ttr.v1.other")).redraw is Redraw.NOTHING


def test_a_stale_write_is_never_made():
    store = {}
    mine = new_table(store)
    mine.handle(StartGame(HUMANS))
    other = new_table(store)
    other.handle(Resume())
    keep_all(other)
    keep_all(mine)                            # no storage event came: the write itself finds out
    assert mine.stale and isinstance(mine.dialog(), StaleDialog)
    assert json.loads(store["ttr.v1.save." + mine.game_id])["actions"] == [str(other.session.actions[0])]


def test_full_storage_keeps_playing_offers_finished_games_and_saves_whole_again():
    store = {}
    table = new_table(store)
    table.handle(StartGame(HUMANS))
    catalog = table.catalog
    table.catalog = SaveCatalog(FullBackend(store))
    keep_all(table)
    assert table.storage_full and "full" in ui_screen.status(table) and keeping.banner_games(table) == []
    table.catalog = catalog
    outcome = table.handle(FreeSpace("not-finished"))
    assert outcome.redraw is Redraw.SCREEN and not table.storage_full and keeping.banner_games(table) is None
    assert json.loads(store["ttr.v1.save." + table.game_id])["actions"] == [str(table.session.actions[0])]


def test_imports_are_checked_and_never_stored_when_bad():
    table = new_table()
    table.handle(ImportTooLarge(3_000_000))
    assert "3.0" in table.take_notice()
    table.handle(ImportGame("[1, 2"))
    assert table.session is None and table.take_notice().startswith("This file cannot be imported: not valid JSON")
    assert table.catalog.entries() == []
    game = Session(HUMANS.scenario(0))
    game.play(game.legal()[0])
    table.handle(ImportGame(json.dumps(game.scenario())))
    assert table.session.actions == game.actions and len(table.catalog.entries()) == 1


def test_resume_opens_the_current_game_where_it_was():
    store = {}
    table = new_table(store)
    table.handle(StartGame(HUMANS))
    keep_all(table)
    again = new_table(store)
    again.handle(Resume())
    assert to_json(again.session.state) == to_json(table.session.state)
    assert again.dialog() == HandoffDialog(1)                 # privacy first on a shared device
    store["ttr.v1.save." + table.game_id] = '{"format": 999}'
    third = new_table(store)
    assert third.handle(Resume()).redraw is Redraw.SCREEN and third.session is None and third.take_notice()
    del store[CURRENT_KEY]
    assert new_table(store).handle(Resume()) and new_table(store).session is None


def test_the_draw_command_plays_the_market_card_named():
    table = at_position({"market": ["blue", "red", "red", "green", "white"]})
    table.handle(AcknowledgeHandoff())
    table.handle(Draw("red"))
    assert table.session.actions == [DrawCard("red")] and table.session.state["phase"] == "second-draw"
    assert table.handle(Draw("purple")).redraw is Redraw.NOTHING and len(table.session.actions) == 1


def test_the_handoff_recaps_what_the_others_did_since_that_players_last_turn():
    table = new_table()
    table.enter(Session({"map": "europe", "seed": 1, "players": [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cleo"}],
                         "position": {"market": ["red", "blue", "green", "white", "black"],
                                      "players": [{"hand": {"red": 2}}, {}, {}]}}), 0)
    table.handle(AcknowledgeHandoff())
    table.handle(ChooseRoute("bruxelles--paris--red"))
    assert table.handle(Pay("claim", 0)).pause_ms == 1600
    table.handle(EndPause())
    assert table.dialog() == HandoffDialog(1)
    assert game_facts.recap(table.session, 1) == ((0, (MovePart("claim", route="bruxelles--paris--red"),)),)
    table.handle(AcknowledgeHandoff())
    table.handle(Draw("red"))
    table.handle(Draw("deck"))
    table.handle(EndPause())
    table.handle(AcknowledgeHandoff())
    table.handle(Draw("deck"))
    table.handle(Draw("deck"))
    table.handle(EndPause())
    recap = game_facts.recap(table.session, table.dialog().seat)
    assert [seat for seat, _parts in recap] == [1, 2]               # Bob then Cleo, since Ann's claim
    assert recap[0][1] == (MovePart("card", card="red"), MovePart("blind"))


def test_a_colour_chosen_in_the_hand_lights_the_routes_it_pays_and_hints_can_be_switched_off():
    table = at_position({"players": [{"hand": {"red": 2, "blue": 1, "locomotive": 1}}, {}, {}]})
    table.handle(AcknowledgeHandoff())
    view = table.session.view()
    every = ui_screen.highlights(table, view).claimable
    table.handle(SelectColour("blue"))
    blue = ui_screen.highlights(table, view).claimable
    assert blue and blue < every
    assert all(any(a.colour == "blue" for a in route_payments(table.session, r)[0]) for r in blue)
    table.handle(SelectColour("blue"))                     # chosen again: let go
    assert table.selected is None and ui_screen.highlights(table, view).claimable == every
    table.handle(ShowHints(False))
    assert ui_screen.highlights(table, view).claimable == frozenset()
    table.handle(SelectColour("red"))                      # asked for: shown even with hints off
    assert ui_screen.highlights(table, view).claimable
    assert control_command("hints", "off") == ShowHints(False) and control_command("colour", "red") == SelectColour("red")
    table.handle(Draw("deck"))
    assert table.selected is None                          # a move lets the colour go


def test_the_games_own_names_follow_the_language_in_a_game_and_in_a_save():
    store = {}
    table = new_table(store)
    set_language("hu")
    table.home()
    options = table.start.options
    typed = replace(options.seats[0], name="Anna", default=False)
    table.handle(StartGame(replace(options, seats=(typed,) + options.seats[1:])))
    assert [p["name"] for p in table.session.state["players"]] == ["Anna", "Kálmán"]
    set_language("ja")
    table.handle(LanguageChanged())
    assert [p["name"] for p in table.session.state["players"]] == ["Anna", "のぞみ"]
    saved = json.loads(store[f"ttr.v1.save.{table.game_id}"])
    assert [p["name"] for p in saved["players"]] == ["Anna", "のぞみ"]
    # a save opened in another language: its game-made names in that language, the typed one kept
    set_language("fr")
    again = new_table(store)
    again.handle(Resume())
    assert [p["name"] for p in again.session.state["players"]] == ["Anna", "Gustave"]
    assert Session(again.session.scenario()).state["players"][1]["name"] == "Gustave"
