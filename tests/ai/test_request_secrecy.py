"""The request the page sends an AI seat's helper (``Session.ai_request``, exactly as the page
builds it) carries nothing the seat's view hides, and nothing from which a secret can be
recovered: not the RNG state (not even by stepping SplitMix64 from anything in the request),
not the deck, discard pile, ticket deck or box, not the other players' hands, tickets or
offers.  Two games that differ only in hidden facts give the same request but for the seed,
which is a one-way hash.  The answer names only a position in the request's legal list.  A move
shared among several workers sends each exactly that request and which of its samples to play,
and gets back only positions in the legal list and numbers."""

from __future__ import annotations

import json
import re

import pytest

from game.ai.determinize import determinize
from game.mapdata import load_map
from game.rng import _GOLDEN, _MASK, Rng
from game.scenario import to_scenario
from game.ui.ai_shards import Crew, ShardAnswer, ShardRequest
from game.ui.ai_shards import answer as answer_shard
from game.ui.ai_turn import AiAnswer, AiRequest, answer, answered_action
from game.ui.session import Session
from game.view import player_view

# seeds like the page's (a random 31-bit number); a game seeded with a small number such as 2
# starts from RNG state 2, which any request "contains" (a player count), whatever it sends
SEED = 1_460_318_211
CASES = [("usa", None, 2), ("europe", None, 3), ("europe", "mega", 4), ("europe", "big-cities", 5)]
STEPS = 10_000                      # SplitMix64 steps tried each way from every candidate state
_GOLDEN_INVERSE = pow(_GOLDEN, -1, 1 << 64)


def played(map_id: str, variant: str | None, players: int, seed: int, every: int = 9):
    """(session, every RNG state the game has had so far) at positions of a seeded game whose
    seats are all AI, played with random legal actions."""
    seats = [{"name": f"Bot {i + 1}", "kind": "ai", "level": "easy"} for i in range(players)]
    session = Session({"map": map_id, "variant": variant, "players": seats, "seed": seed, "actions": []})
    history = {session.state["rng"]}
    chooser, count = Rng.from_seed(f"secrecy:{seed}"), 0
    while not session.over:
        history.add(session.state["rng"])
        if count % every == 0 or session.state["phase"] in ("tunnel", "tickets"):
            yield session, history
        session.play(chooser.choice(session.legal()))
        count += 1


def hidden_facts(session: Session) -> dict:
    """Everything of the state the seat to move may not know."""
    state, seat = session.state, session.current
    others = [p for i, p in enumerate(state["players"]) if i != seat]
    return {"rng": state["rng"], "deck": state["deck"], "discard": state["discard"],
            "ticket_deck": state["ticket_deck"], "box": state["box"],
            "hands": [p["hand"] for p in others], "tickets": [t for p in others for t in p["tickets"]],
            "offers": [t for p in others for t in p["offer"]]}


def rng_candidates(text: str) -> set[int]:
    """Every 64-bit value the request could be read as: each run of hex digits taken 16 at a
    time (at every offset) and every decimal number in it."""
    values = set()
    for run in re.findall(r"[0-9a-fA-F]{16,}", text):
        for i in range(len(run) - 15):
            values.add(int(run[i:i + 16], 16))
    for number in re.findall(r"\d+", text):
        values.add(int(number) & _MASK)
    return values


def steps_apart(start: int, target: int) -> int:
    """How many SplitMix64 steps lead from ``start`` to ``target`` (negative: backwards), as the
    shortest signed distance: each step adds the golden constant modulo 2**64."""
    k = ((target - start) * _GOLDEN_INVERSE) & _MASK
    return k if k < 1 << 63 else k - (1 << 64)


def assert_no_secret_in(request: AiRequest, session: Session, history: set[str]) -> None:
    text = request.to_text()
    secrets = hidden_facts(session)
    data = json.loads(text)
    assert set(data) == {"ticket", "level", "seed", "view", "legal"}
    view = data["view"]
    # the view: the private piles and the RNG are blanked, so are the other seats' secrets
    for pile in ("deck", "discard", "ticket_deck", "box", "rng"):
        assert view[pile] is None
    for i, p in enumerate(view["players"]):
        if i != session.current:
            assert p["hand"] is None and p["offer"] is None
            assert p["tickets"] is None or session.over
    assert view == json.loads(json.dumps(player_view(session.state, session.current)))
    # no RNG state of the game, past or present, in any form, nor a ticket it hides
    for rng in history:
        assert rng not in text and rng.upper() not in text and str(int(rng, 16)) not in text
    game_map = load_map(session.state["map"])
    strings = set(re.findall(r'"([^"\\]*)"', text)) | {w for a in request.legal for w in re.split(r"[ ,]", a)}
    hidden_tickets = set(secrets["tickets"] + secrets["offers"] + secrets["ticket_deck"] + secrets["box"])
    leaked = {t for t in hidden_tickets if t in strings and not game_map.has_route(t) and not game_map.has_city(t)}
    assert not leaked, leaked
    # stepping SplitMix64 either way from anything in the request never meets a state of the game
    states = {int(rng, 16) for rng in history}
    for start in rng_candidates(text):
        for target in states:
            assert abs(steps_apart(start, target)) > STEPS, (start, target)


@pytest.mark.parametrize("map_id,variant,players", CASES)
def test_the_request_holds_no_secret(map_id, variant, players):
    checked = 0
    for session, history in played(map_id, variant, players, seed=SEED + players):
        request = session.ai_request(checked)
        assert request == AiRequest.from_text(request.to_text())
        assert_no_secret_in(request, session, history)
        checked += 1
    assert checked > 20


def test_the_check_would_catch_the_old_seed():
    """The stepping check finds the live RNG state sent as the seed (the old protocol) and a
    state a few hundred steps away from one the game had."""
    session, history = next(played("usa", None, 2, seed=SEED))
    rng = session.state["rng"]
    old = AiRequest(0, "easy", f"{rng}:{len(session.actions)}", player_view(session.state, session.current),
                    tuple(str(a) for a in session.legal()))
    with pytest.raises(AssertionError):
        assert_no_secret_in(old, session, history)
    stepped = Rng.from_json(rng)
    for _ in range(300):
        stepped.next64()
    disguised = AiRequest(0, "easy", stepped.to_json(), old.view, old.legal)
    with pytest.raises(AssertionError, match="300 > 10000"):
        assert_no_secret_in(disguised, session, history)


def test_the_seed_is_one_way_but_deterministic():
    session, _ = next(played("europe", None, 3, seed=SEED + 1))
    seed = session.ai_seed()
    assert re.fullmatch(r"[0-9a-f]{64}", seed)
    assert Session(session.scenario()).ai_seed() == seed          # a reloaded game asks the same
    before = len(session.actions)
    session.play(session.legal()[0])
    assert len(session.actions) == before + 1 and session.ai_seed() != seed


@pytest.mark.parametrize("map_id,variant,players", CASES)
def test_games_differing_only_in_hidden_facts_give_the_same_request(map_id, variant, players):
    checked = 0
    for i, (session, _history) in enumerate(played(map_id, variant, players, seed=SEED + 10 + players, every=23)):
        if session.over:
            continue
        real = Session(to_scenario(session.state))
        view = player_view(real.state, real.current)
        for k in range(2):
            other_state = determinize(view, Rng.from_seed(f"{i}:{k}"))
            assert hidden_facts(Session(to_scenario(other_state))) != hidden_facts(real)
            other = Session(to_scenario(other_state))
            a, b = real.ai_request(i), other.ai_request(i)
            assert (a.ticket, a.level, a.view, a.legal) == (b.ticket, b.level, b.view, b.legal)
            assert a.seed != b.seed              # the hidden RNG differs; its hash shows nothing of it
        checked += 1
    assert checked >= 3


def test_the_answer_names_only_a_position_in_the_legal_list():
    for session, _history in played("europe", "mega", 4, seed=SEED + 2, every=40):
        if session.over:
            break
        request = session.ai_request(5)
        text = answer(request.to_text())
        assert set(json.loads(text)) == {"ticket", "choice", "error", "ms"}
        reply = AiAnswer.from_text(text)
        assert answered_action(reply, session.legal()) == session.ai_action()
        offer = session.state["players"][session.current]["offer"]
        assert not any(t in text for t in offer)


def test_a_hint_request_is_an_ai_request_of_the_seat_and_holds_no_secret():
    """The Hint command (``Session.hint_request``, ``game.ui.hints``) asks the helper exactly as an
    AI seat does: the seat's view, its legal actions and the one-way seed, at the hard level."""
    checked = 0
    for session, history in played("usa", None, 2, seed=SEED + 40, every=30):
        request = session.hint_request(checked)
        assert request.level == "hard"
        ai = session.ai_request(checked)
        assert (request.ticket, request.seed, request.view, request.legal) == (ai.ticket, ai.seed, ai.view, ai.legal)
        assert_no_secret_in(request, session, history)
        checked += 1
    assert checked > 3


def test_a_shard_request_is_the_seat_s_request_and_which_samples_nothing_else():
    """Each worker of a move shared among several (``game.ui.ai_shards``) gets the seat's request,
    exactly as for one worker, and its shard's number; its answer holds positions and margins."""
    checked = 0
    for session, history in played("europe", None, 3, seed=SEED + 50, every=25):
        if session.over:
            break
        request = session.hint_request(checked)        # the seat's request at the hard level
        crew = Crew(3)
        crew.ask(request, 0.0)
        for n, text in crew.messages(0.0):
            data = json.loads(text)
            assert set(data) == {"shard", "of", "request"} and data["of"] == 3 and data["shard"] == n
            assert ShardRequest.from_text(text).request == request
            assert_no_secret_in(AiRequest.from_text(json.dumps(data["request"])), session, history)
        if checked == 0:
            reply = ShardAnswer.from_text(answer_shard(ShardRequest(0, 3, request).to_text()))
            assert reply.error is None
            words = json.loads(reply.to_text())
            assert set(words) == {"shard", "of", "ticket", "candidates", "samples", "margins", "error", "ms"}
            offer = session.state["players"][session.current]["offer"]
            assert not any(t in reply.to_text() for t in offer)
        checked += 1
    assert checked > 3


@pytest.mark.parametrize("map_id,variant,players", [("usa", None, 3), ("europe", "mega", 4)])
def test_a_move_asked_ahead_is_the_request_the_seat_gets_once_the_human_has_chosen(map_id, variant, players):
    """While a human keeps tickets, the page asks the next AI seat's move ahead
    (``Session.ai_requests_ahead``): each such request is exactly the one the AI seat is sent
    after one of the human's ways to keep them, and holds no secret at that position."""
    seats = [{"name": "Ann", "kind": "human"}] + [
        {"name": f"Bot {i}", "kind": "ai", "level": "hard"} for i in range(1, players)]
    session = Session({"map": map_id, "variant": variant, "players": seats, "seed": SEED + 60, "actions": []})
    history, chooser, checked = {session.state["rng"]}, Rng.from_seed("ahead"), 0
    while not session.over and checked < 4:
        ahead = {r.to_text() for r in session.ai_requests_ahead()}
        if ahead:
            assert session.current == 0 and session.state["phase"] in ("setup-tickets", "tickets")
            reached = set()
            for action in session.legal():
                after = Session(session.scenario())
                after.play(action)
                request = after.ai_request(0)
                if request.to_text() in ahead:
                    assert_no_secret_in(request, after, history | {after.state["rng"]})
                    reached.add(request.to_text())
            assert reached == ahead         # every one asked ahead is a request the seat may get
            checked += 1
        session.play(chooser.choice(session.legal()))
        history.add(session.state["rng"])
    assert checked >= 2
