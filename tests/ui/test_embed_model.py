"""The embed page's model under CPython: its options read from the address (and every bad one
named), the scenario from a fragment or a file, the lesson stepped through with the moves' cues,
what a step points out, the game played on from a step, the host page's messages, and the
"Share position" link of the full game (public facts only unless the player chooses their own)."""

import json
from pathlib import Path

import pytest

from game.i18n import set_language
from game.mapdata import load_map
from game.scenario import load_scenario
from game.share import embed_link, fragment, public_scenario, read_fragment
from game.ui.choices import ticket_choice
from game.ui.commands import AcknowledgeHandoff, CloseDialog, Share, StartGame
from game.ui.controller import Table
from game.ui.dialogs import HandoffDialog, ShareDialog
from game.ui.embed import (
    EmbedError,
    EmbedOptions,
    Lesson,
    goto_request,
    height_message,
    is_embed,
    read_options,
    scenario_data,
)
from game.ui.page_events import EndPause, PlayFrom
from game.ui.saves import SaveCatalog
from game.ui.session import Session
from game.ui.setup import default_options, seat_from_choice
from game.ui.storage import DictBackend

SCENARIO = {"map": "usa", "players": ["Ann", "Bob"], "seed": 3,
            "actions": ["keep dallas--new-york,seattle--new-york", "keep sault-st-marie--nashville,winnipeg--little-rock",
                        "draw deck", "draw deck"],
            "steps": [{"after": 0, "text": "Ann chooses."},
                      {"after": 2, "text": "<b>Both</b> kept.", "highlight": {"routes": ["denver--omaha"],
                                                                              "tickets": ["dallas--new-york"]}},
                      {"after": 4, "text": "Ann draws two."}]}
FRAGMENT = "#" + fragment(SCENARIO)
ROOT = Path(__file__).resolve().parents[2]
LONG_EUROPE = {t.id for t in load_map("europe").variant_tickets("europe") if t.long}


@pytest.fixture(autouse=True)
def english():
    set_language("en")


def test_options_are_read_from_the_address():
    options = read_options("?embed&step=2&view=1&controls=play&lang=fr&theme=dark", FRAGMENT)
    assert options == EmbedOptions(FRAGMENT[1:], None, 2, 1, "play", "fr", "dark")
    assert read_options("?embed&scenario=static/examples/tunnel.json", "") == EmbedOptions(
        None, "static/examples/tunnel.json")
    assert is_embed("?embed&step=1") and is_embed("?step=1&embed=") and not is_embed("?ai-delay=0")


@pytest.mark.parametrize("search, hash_text, key, words", [
    ("?embed&colour=red", FRAGMENT, "embed.error.option", "unknown option: 'colour'"),
    ("?embed&step=1&step=2", FRAGMENT, "embed.error.twice", "step twice"),
    ("?embed&step=-1", FRAGMENT, "embed.error.step_value", "not '-1'"),
    ("?embed&view=me", FRAGMENT, "embed.error.view_value", "not 'me'"),
    ("?embed&controls=all", FRAGMENT, "embed.error.choice", "controls cannot be 'all': use one of none, steps, play"),
    ("?embed&theme=pink", FRAGMENT, "embed.error.choice", "theme cannot be 'pink'"),
    ("?embed&lang=<b>", FRAGMENT, "embed.error.lang", "'<b>' is not a language code"),
    ("?embed", "", "embed.error.no_scenario", "no scenario"),
    ("?embed&scenario=x.json", FRAGMENT, "embed.error.both", "two scenarios"),
    ("?embed&scenario=https://evil.example/x.json", "", "embed.error.path", "not an address relative"),
    ("?embed&scenario=//evil.example/x.json", "", "embed.error.path", "not an address relative"),
])
def test_a_bad_option_is_named(search, hash_text, key, words):
    with pytest.raises(EmbedError) as caught:
        read_options(search, hash_text)
    assert caught.value.problem.key == key
    assert words in caught.value.problem.text()


@pytest.mark.parametrize("hash_text, data, key, words", [
    ("#x=abc", None, "embed.error.fragment", "does not start with s="),
    ("#s=@@@", None, "embed.error.fragment", "damaged"),
    ("#" + fragment([1, 2]), None, "embed.error.scenario", "a scenario is a JSON object"),
    ("#" + fragment({"map": "mars", "players": ["A", "B"]}), None, "embed.error.scenario", "map"),
    ("#" + fragment({"map": "usa", "players": ["A", "B"], "actions": ["claim denver--omaha 4red"]}), None, "embed.error.scenario",
     "action 0"),
    (FRAGMENT, "?embed&step=3", "embed.error.step_range", "steps 0 to 2"),
    (FRAGMENT, "?embed&view=4", "embed.error.view_range", "seats 0 to 1"),
])
def test_a_bad_scenario_is_named(hash_text, data, key, words):
    options = read_options(data or "?embed", hash_text)
    with pytest.raises(EmbedError) as caught:
        Lesson(scenario_data(options), options)
    assert caught.value.problem.key == key
    assert words in caught.value.problem.text()


def test_a_scenario_file_is_read_with_the_json_reader():
    options = read_options("?embed&scenario=static/examples/x.json", "")
    assert scenario_data(options, json.dumps(SCENARIO)) == SCENARIO
    with pytest.raises(EmbedError) as caught:
        scenario_data(options, "{")
    assert caught.value.problem.key == "embed.error.file_json"


def test_stepping_forward_plays_the_actions_with_their_cues_and_back_replays():
    options = read_options("?embed&view=0", FRAGMENT)
    lesson = Lesson(read_fragment(FRAGMENT[1:]), options)
    assert lesson.index == 0 and lesson.step.text == "Ann chooses." and lesson.take_cues() == []
    session = lesson.session
    assert lesson.go(1) and lesson.session is session and len(session.actions) == 2
    assert lesson.step.text == "<b>Both</b> kept."         # text, shown as text by the page
    hl = lesson.highlights()
    assert hl.network == {"denver--omaha"} and hl.cities == {"dallas", "new-york"}
    assert lesson.go(2) and [c.kind for c in lesson.take_cues()] == ["blind", "blind"]
    assert [c.card is not None for c in _cues_after(0)] == [True, True]       # Ann's own cards, face up
    assert lesson.go(0) and lesson.session is not session and lesson.take_cues() == []
    assert not lesson.go(0) and not lesson.go(3) and not lesson.go(-1)


def _cues_after(seat):
    lesson = Lesson(read_fragment(FRAGMENT[1:]), read_options(f"?embed&step=1&view={seat}", FRAGMENT))
    lesson.go(2)
    return lesson.take_cues()


def test_the_view_is_a_fixed_seat_or_public_facts_only():
    public = Lesson(SCENARIO, read_options("?embed&step=2", FRAGMENT))
    view = public.session.view()
    assert all(p["hand"] is None and p["tickets"] is None for p in view["players"])
    assert public.session.handoff_to is None and public.session.viewer is None
    seen = Lesson(SCENARIO, read_options("?embed&step=2&view=1", FRAGMENT))
    view = seen.session.view()
    assert view["players"][1]["hand"] is not None and view["players"][0]["hand"] is None
    blind = Lesson(SCENARIO, read_options("?embed&step=1&view=1", FRAGMENT))
    blind.go(2)
    assert [c.card for c in blind.take_cues()] == [None, None]       # Bob sees Ann's card backs


def test_play_from_here_against_the_ai_or_pass_and_play():
    lesson = Lesson(SCENARIO, read_options("?embed&step=1&view=1", FRAGMENT))
    ai, dealt = lesson.play_scenario("ai", 11)
    assert [p["kind"] for p in ai["players"]] == ["ai", "human"] and ai["players"][0]["level"] == "medium"
    assert "steps" not in ai and ai["actions"] == [] and not dealt     # (the seeded game left nothing empty)
    game = Session(ai)
    before = lesson.session.state
    for key in ("hand", "tickets", "routes", "stations", "trains", "score", "colour", "name"):
        assert [p[key] for p in game.state["players"]] == [p[key] for p in before["players"]], key
    assert game.state["market"] == before["market"] and game.viewer == 1
    assert sorted(game.state["deck"]) == sorted(before["deck"]) and game.state["deck"] != before["deck"]
    assert sorted(game.state["ticket_deck"]) == sorted(before["ticket_deck"])
    assert game.state["rng"] != before["rng"]
    hotseat = Session(lesson.play_scenario("hotseat", 11)[0])
    assert hotseat.handoff_to == 0 and all(p["kind"] == "human" for p in hotseat.state["players"])
    table = Table(SaveCatalog(DictBackend(store := {})), clock=lambda: 5.0, fresh_seed=lambda: 1)
    table.handle(PlayFrom(ai))
    assert table.session is not None and all(not key.startswith("ttr.v1.save.") or "g5" in key for key in store)


def test_play_from_here_deals_what_the_lesson_left_hidden_and_keeps_what_it_set():
    """The tunnels example sets both hands and no tickets: each seat is dealt the tickets a
    Europe player keeps at least (1 long, 1 regular); a USA lesson that sets nothing deals
    4 cards and 2 tickets; another seed deals otherwise."""
    tunnels = json.loads((ROOT / "static" / "examples" / "tunnels.json").read_text("utf-8"))
    lesson = Lesson(tunnels, read_options("?embed&scenario=static/examples/tunnels.json", ""))
    scenario, dealt = lesson.play_scenario("ai", 5)
    state = Session(scenario).state
    assert dealt
    for player, before in zip(state["players"], lesson.session.state["players"]):
        assert player["hand"] == before["hand"]                       # set by the lesson
        assert len(player["tickets"]) == 2
        assert sum(ticket in LONG_EUROPE for ticket in player["tickets"]) == 1
    other = Session(lesson.play_scenario("ai", 6)[0]).state
    assert [p["tickets"] for p in other["players"]] != [p["tickets"] for p in state["players"]]
    bare = {"map": "usa", "players": ["Ann", "Bob", "Cleo"], "seed": 1,
            "position": {"players": [{"hand": {"red": 1}}, {}, {"tickets": ["denver--el-paso"]}],
                         "current": 0, "phase": "start"}}
    lesson = Lesson(bare, read_options("?embed", fragment(bare)))
    state = Session(lesson.play_scenario("hotseat", 2)[0]).state
    assert [sum(p["hand"].values()) for p in state["players"]] == [1, 4, 4]
    assert [len(p["tickets"]) for p in state["players"]] == [2, 2, 1]
    assert state["players"][2]["tickets"] == ["denver--el-paso"]


def test_host_messages():
    assert goto_request({"type": "ttr:goto", "step": 2}, 3) == 2
    for bad in (None, "ttr:goto", [1], {"type": "ttr:goto"}, {"type": "ttr:goto", "step": 3},
                {"type": "ttr:goto", "step": True}, {"type": "ttr:goto", "step": "1"}, {"type": "goto", "step": 1}):
        assert goto_request(bad, 3) is None, bad
    lesson = Lesson(SCENARIO, read_options("?embed", FRAGMENT))
    assert lesson.ready_message() == {"type": "ttr:ready", "step": 0, "steps": 3}
    assert lesson.step_message()["type"] == "ttr:step"
    assert height_message(301.2) == {"type": "ttr:height", "height": 302}


def test_a_shared_position_holds_public_facts_only():
    table = Table(SaveCatalog(DictBackend({})), clock=lambda: 1.0, fresh_seed=lambda: 77,
                  site="https://games.example/ttr/")
    table.handle(StartGame(default_options("usa", 2)))
    session = table.session
    assert session is not None
    _low, high, _offer = ticket_choice(session)
    table.play(next(a for a in session.legal() if len(getattr(a, "tickets", ())) == high))
    assert table.handle(Share()).redraw.value == "dialog"
    dialog = table.dialog()
    assert isinstance(dialog, ShareDialog) and dialog.own is not None
    assert dialog.public.startswith("https://games.example/ttr/index.html?embed&view=none#s=")
    shared = read_fragment(dialog.public.split("#", 1)[1])
    assert shared["seed"] == 0 and "rng" not in shared["position"] and "deck" not in shared["position"]
    assert all(p["hand"] == {} and p["tickets"] == [] for p in shared["position"]["players"])
    text = json.dumps(shared)
    for ticket in session.state["players"][0]["tickets"]:
        assert ticket not in text
    own = read_fragment(dialog.own.split("#", 1)[1])
    assert "&view=0#" in dialog.own and own["position"]["players"][0]["tickets"] == session.state["players"][0]["tickets"]
    assert own["position"]["players"][1]["hand"] == {}
    state, _ = load_scenario(own)
    assert state["players"][0]["hand"] == session.state["players"][0]["hand"]
    assert table.handle(CloseDialog()).focus_back and table.dialog() is None


def test_public_scenarios_load_and_carry_no_secret():
    state, _ = load_scenario({"map": "europe", "players": ["A", {"name": "B", "kind": "ai", "level": "hard"}], "seed": 11})
    shared = public_scenario(state, [None, "hard"])
    assert shared["players"][1] == {"name": "B", "kind": "ai", "colour": "blue", "level": "hard"}
    loaded, _ = load_scenario(shared)
    assert loaded["market"] == state["market"] and loaded["deck"] != state["deck"]
    assert embed_link("https://x/", shared).startswith("https://x/index.html?embed&view=none#s=")


def test_a_shared_position_keeps_the_sharing_seats_face_up_record_and_no_other():
    state, _ = load_scenario({"map": "usa", "players": ["A", "B"], "seed": 3, "position": {"players": [
        {"hand": {"red": 2, "blue": 1}, "face_up": ["red", "blue"]}, {"hand": {"green": 1}, "face_up": ["green"]}]}})
    own, _ = load_scenario(public_scenario(state, [None, None], seat=0))
    assert own["players"][0]["face_up"] == ["red", "blue"] and own["players"][1]["face_up"] == []
    public, _ = load_scenario(public_scenario(state, [None, None]))
    assert [p["face_up"] for p in public["players"]] == [[], []]


def test_a_lesson_that_ends_shows_the_longest_trail_and_the_borrowed_routes():
    path = Path(__file__).resolve().parents[2] / "static" / "examples" / "station.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    lesson = Lesson(data, read_options("?embed&step=2&view=0", "#" + fragment(data)))
    assert lesson.session.over
    hl = lesson.highlights()
    assert hl.borrowed == {"marseille--paris"} and hl.trail == {"marseille--paris"}


def test_the_share_dialog_stays_while_an_ai_plays_and_goes_before_a_handoff():
    table = Table(SaveCatalog(DictBackend({})), clock=lambda: 1.0, fresh_seed=lambda: 5, site="https://x/")
    options = default_options("usa", 3)
    seats = (seat_from_choice("Ann", "human", "red"), seat_from_choice("Hal", "ai:easy", "blue"),
             seat_from_choice("Bea", "human", "green"))
    table.handle(StartGame(type(options)(options.map, options.variant, seats, "")))
    session = table.session
    assert session is not None
    table.handle(AcknowledgeHandoff())
    table.play(next(a for a in session.legal()))      # Ann's ticket choice
    table.play(session.ai_action())                   # Hal's
    assert session.handoff_to == 2
    table.handle(AcknowledgeHandoff())
    table.play(next(a for a in session.legal()))      # Bea keeps tickets: Ann's turn, after a handoff
    table.handle(EndPause())
    table.handle(AcknowledgeHandoff())
    assert session.viewer == 0 and table.handle(Share()).redraw.value == "dialog"
    table.play(next(a for a in session.legal() if str(a) == "draw deck"))
    table.play(next(a for a in session.legal() if str(a) == "draw deck"))    # Hal's turn: the dialog stays
    assert session.ai_to_move() and isinstance(table.dialog(), ShareDialog)
    table.play(session.ai_action())                   # Bea's turn: the device changes hands
    assert isinstance(table.dialog(), HandoffDialog)
    table.handle(AcknowledgeHandoff())
    assert not isinstance(table.dialog(), ShareDialog) and table.opened is None
