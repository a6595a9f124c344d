"""AI seats: levels in the game (form, scenario, old saves), the messages to and from the AI
helper, the helper's answer against the synchronous path, and the main thread's check."""

import json

import pytest

from game import ai, i18n
from game.actions import parse_action
from game.ai.decide import decide
from game.ai.search import END_TRAINS, Searcher
from game.ai.steps import Slices
from game.rng import Rng
from game.scenario import ScenarioError, load_scenario, player_levels
from game.seats import AI_LEVELS, DEFAULT_AI_LEVEL
from game.state import Phase
from game.ui import ai_turn, setup
from game.ui.ai_turn import AiAnswer, AiMessageError, AiRequest, answer, answered_action
from game.ui.session import Session, open_session
from game.ui.setup import GameOptions, Seat


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")


def test_levels_are_the_agents_offered_to_players_and_are_named_in_every_catalog():
    assert set(AI_LEVELS) <= set(ai.AGENT_IDS) and DEFAULT_AI_LEVEL in AI_LEVELS
    assert set(ai_turn.LEVEL_KEYS) == set(AI_LEVELS)
    for language in i18n.available_languages():
        assert set(ai_turn.LEVEL_KEYS.values()) <= set(i18n.catalog(language)), language
    assert i18n._(ai_turn.LEVEL_KEYS["hard"]) == "AI, hard"


# --- levels in the game -----------------------------------------------------------------------------

def game(levels=("hard", "easy"), seed="5"):
    seats = (Seat("Ann", "human", "red"),) + tuple(
        Seat(f"Bot{i}", "ai", colour, level) for i, (level, colour) in enumerate(zip(levels, ("blue", "green", "black"))))
    return Session(GameOptions("usa", "usa", seats, seed=seed).scenario(0))


def test_the_form_offers_human_or_ai_at_each_level_and_starts_a_game_with_them():
    choices = ["human", "ai:easy", "ai:medium", "ai:hard"]
    seats = tuple(setup.seat_from_choice(f"P{i}", c, colour) for i, (c, colour) in
                  enumerate(zip(choices, ("red", "blue", "green", "yellow"))))
    assert [setup.seat_choice(s) for s in seats] == choices
    options = GameOptions("europe", "europe", seats)
    assert options.problems() == []
    scenario = options.scenario(fallback_seed=3)
    assert [p.get("level") for p in scenario["players"]] == [None, "easy", "medium", "hard"]
    assert Session(scenario).levels == [None, "easy", "medium", "hard"]
    assert [s.level for s in setup.default_options("usa", 3).seats[1:]] == [DEFAULT_AI_LEVEL] * 2


@pytest.mark.parametrize("choice", ["ai:expert", "ai:", "ai"])
def test_the_form_reports_an_unknown_level(choice):
    seats = (Seat("Ann", "human", "red"), setup.seat_from_choice("Bot", choice, "blue"))
    problems = GameOptions("usa", "usa", seats).problems()
    assert [problem.key for problem in problems] == ["setup.error.level"]
    assert "is not an AI level" in problems[0].text() and problems[0].params["seat"] == 2


def test_the_level_survives_the_save_a_reload_and_a_rematch():
    played = game(("hard", "easy"))
    for _ in range(6):
        played.play(played.ai_action())
    again = open_session(json.dumps(played.scenario()))
    assert again.levels == [None, "hard", "easy"] and again.state == played.state
    rematch = Session(setup.rematch(played.scenario(), fallback_seed=9))
    assert rematch.levels == [None, "hard", "easy"]


def test_an_old_save_whose_ai_seats_have_no_level_opens_at_the_default_level():
    old = {"format": 1, "map": "usa", "players": [{"name": "Ann", "kind": "human"}, {"name": "Bot", "kind": "ai"}],
           "seed": 4, "actions": []}
    assert open_session(json.dumps(old)).levels == [None, DEFAULT_AI_LEVEL]
    assert player_levels(["Ann", {"name": "Bot", "kind": "ai", "level": None}]) == [None, DEFAULT_AI_LEVEL]


@pytest.mark.parametrize("player, message", [
    ({"name": "Bot", "kind": "ai", "level": "expert"}, "players[1].level: 'expert' is not one of easy, medium, hard"),
    ({"name": "Bot", "kind": "ai", "level": 3}, "players[1].level: 3 is not one of easy, medium, hard"),
    ({"name": "Bob", "level": "hard"}, "players[1].level: only AI players have a level"),
])
def test_a_scenario_with_a_bad_level_is_refused_clearly(player, message):
    with pytest.raises(ScenarioError) as refused:
        load_scenario({"map": "usa", "players": ["Ann", player]})
    assert str(refused.value) == message


def test_the_start_of_a_game_is_not_changed_by_playing_it():
    """The state never shares lists with the scenario it came from: the save keeps its start."""
    position = {"market": ["blue", "white", "orange", "purple", "yellow"], "current": 0}
    played = Session({"map": "europe", "players": ["Ann", {"name": "Bot", "kind": "ai"}], "seed": 3,
                      "position": json.loads(json.dumps(position))})
    played.play("draw white")
    assert played.scenario()["position"] == position
    assert open_session(json.dumps(played.scenario())).state == played.state


# --- the messages -------------------------------------------------------------------------------------

@pytest.mark.parametrize("text, why", [
    ("{oops", "request: not valid JSON"),
    ("[" * 100 + "]" * 100, "request: nested more than 64 levels deep"),
    ("[]", "request: expected a JSON object"),
    ('{"level": "easy", "seed": "s", "view": {}, "legal": ["pass"]}', "request.ticket: expected an integer"),
    ('{"ticket": 1, "level": "expert", "seed": "s", "view": {}, "legal": ["pass"]}', "request.level: expected one of"),
    ('{"ticket": 1, "level": "easy", "seed": 2, "view": {}, "legal": ["pass"]}', "request.seed: expected a string"),
    ('{"ticket": 1, "level": "easy", "seed": "s", "view": [], "legal": ["pass"]}', "request.view: expected"),
    ('{"ticket": 1, "level": "easy", "seed": "s", "view": {}, "legal": []}', "request.legal: expected a non-empty"),
])
def test_a_malformed_request_is_refused_with_the_reason(text, why):
    with pytest.raises(AiMessageError, match=why.replace("[", r"\[")):
        AiRequest.from_text(text)


@pytest.mark.parametrize("text, why", [
    ("", "answer: not valid JSON"),
    ('{"ticket": "1", "choice": 0}', "answer.ticket: expected an integer"),
    ('{"ticket": 1}', "answer: expected a choice"),
    ('{"ticket": 1, "action": "pass"}', "answer: expected a choice"),     # answers name no action
    ('{"ticket": 1, "choice": true}', "answer: expected a choice"),
    ('{"ticket": 1, "choice": 0, "error": "both"}', "answer: expected a choice"),
    ('{"ticket": 1, "choice": 0, "ms": "fast"}', "answer.ms: expected a number"),
])
def test_a_malformed_answer_is_refused_with_the_reason(text, why):
    with pytest.raises(AiMessageError, match=why):
        AiAnswer.from_text(text)


@pytest.mark.parametrize("level", AI_LEVELS)
def test_the_helper_answers_what_the_session_would_play_for_every_level(level):
    played = game((level,), seed="11")
    for step in range(40):
        if played.over:
            break
        request = played.ai_request(step)
        reply = AiAnswer.from_text(answer(request.to_text()))
        assert reply.ticket == step and reply.error is None and reply.ms >= 0
        action = answered_action(reply, played.legal())
        assert action == played.ai_action()          # same view, legal actions, level and seed
        played.play(action)


def test_the_helper_never_raises_and_says_what_went_wrong():
    reply = AiAnswer.from_text(answer("{oops"))
    assert reply.ticket == -1 and reply.choice is None and "not valid JSON" in reply.error
    request = AiRequest(4, "medium", "s", {"viewer": 0}, ("draw deck", "tickets"))
    reply = AiAnswer.from_text(answer(request.to_text()))
    assert reply.ticket == 4 and reply.choice is None and reply.error     # a view that is not a view
    request = AiRequest(5, "easy", "s", game().ai_request(0).view, ("no such action",))
    assert "bad action 'no such action'" in AiAnswer.from_text(answer(request.to_text())).error


def test_the_main_thread_plays_only_a_legal_answer_else_a_safe_move():
    played = game()
    legal = played.legal()
    assert answered_action(AiAnswer(1, choice=0), legal) == legal[0]
    assert answered_action(AiAnswer(1, choice=len(legal) - 1), legal) == legal[-1]
    assert answered_action(AiAnswer(1, choice=len(legal)), legal) is None        # past the list
    assert answered_action(AiAnswer(1, choice=-1), legal) is None
    assert answered_action(AiAnswer(1, choice=True), legal) is None              # not a number
    assert answered_action(AiAnswer(1, error="KeyError: 'x'"), legal) is None
    played.play(played.ai_action())                 # Ann keeps tickets; a bot is to move
    assert played.ai_to_move() and played.ai_safe_action() in played.legal()


# --- hard in the browser ------------------------------------------------------------------------------

def test_hard_in_the_browser_has_the_budget_it_has_everywhere():
    """No wall-clock cap: the page's hard is the tournament's hard (a count of play-outs)."""
    hard = ai.make_agent("hard")
    assert isinstance(hard, Searcher) and not hasattr(hard, "time_cap")
    assert (hard.playouts, hard.horizon) == (ai.HARD_PLAYOUTS, ai.HARD_HORIZON)


def searched_requests(map_id, seed, wanted):
    """Requests of hard seats that search (``wanted``: which of a ticket choice at the start, one
    mid-game, and an end-game turn), in a game of four hard seats played on by the medium planner."""
    seats = tuple(Seat(f"Bot{i}", "ai", colour, "hard") for i, colour in enumerate(("red", "blue", "green", "black")))
    played = Session(GameOptions(map_id, map_id, seats, seed=seed).scenario(0))
    hard, found = ai.make_agent("hard"), {}
    while not played.over and len(found) < len(wanted):
        request = played.ai_request(len(played.actions))
        phase, trains = played.state["phase"], min(p["trains"] for p in played.state["players"])
        kind = ("start" if phase == Phase.SETUP_TICKETS else "tickets" if phase == Phase.TICKETS
                else "end" if trains <= END_TRAINS else None)
        if kind in wanted and kind not in found and hard.plan(request.view, played.legal(), Rng.from_seed(request.seed)).seeds:
            found[kind] = request
        played.play(decide("medium", request.view, played.legal(), request.seed))
    assert set(found) == set(wanted), (map_id, seed, found.keys())
    return [found[kind] for kind in wanted]


def test_hard_stepped_a_step_a_slice_and_interleaved_chooses_as_in_one_go():
    """The page's fallback (``game.web.ai_helper``) runs ``answer_steps`` a slice at a time, two
    moves' steps interleaved when two are due: hard's whole search, cut fine (every play-out move a
    step), with the move it makes in one go (the agent's ``choose``: the tournaments', and the
    workers' through ``answer``)."""
    requests = searched_requests("usa", "3", ("tickets", "end")) + searched_requests("europe", "4", ("start", "end"))
    for first, second in zip(requests[:2], requests[2:]):
        works = [Slices(ai_turn.answer_steps(r.to_text())) for r in (first, second)]
        slices = 0
        while not all(work.done for work in works):
            for work in works:
                if not work.done:
                    work.slice(0.0)             # one step
                    slices += 1
        assert slices > 2 * ai.HARD_PLAYOUTS * 10           # the play-outs' moves are steps of their own
        for request, work in zip((first, second), works):
            stepped = AiAnswer.from_text(str(work.result))
            legal = [parse_action(a) for a in request.legal]
            assert stepped.error is None
            assert legal[stepped.choice] == ai.make_agent("hard").choose(request.view, legal, Rng.from_seed(request.seed))


def test_a_request_carries_the_seat_view_only_and_round_trips():
    played = game()
    played.play(played.ai_action())
    request = played.ai_request(3)
    again = AiRequest.from_text(request.to_text())
    assert again == request and again.level == "hard" and again.seed == played.ai_seed()
    assert [parse_action(a) for a in again.legal] == played.legal()
    others = [p for i, p in enumerate(again.view["players"]) if i != played.current]
    assert all(p["hand"] is None and p["tickets"] is None for p in others)
