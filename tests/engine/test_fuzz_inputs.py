"""Fuzzing every reader of outside data and the Python API with hostile values.

- engine actions: malformed actions (wrong types, booleans, huge numbers, unknown ids, tuples of
  non-strings, non-actions) in every phase of random games: every refusal is an
  ``IllegalActionError`` with a message and a catalog key, and leaves the state unchanged;
  what is accepted was legal;
- save files: mutations of real saves (truncation, type swaps, deep nesting, huge numbers,
  unknown and wrong-typed ids, duplicate keys, bad names, finished games with bad routes, byte
  noise): ``parse_save``/``open_session``, ``load_scenario``/``play_scenario`` and
  ``from_json`` either load or raise their own error with a message; a save that opens saves
  and opens again;
- the saves index and catalog over fuzzed storage contents: ``entries``/``open``/``raw`` never
  raise anything but ``SaveError`` and give well-typed lines;
- the command line on fuzzed files: exit status 1 or 2 with one line on stderr, never a
  traceback.

The counts are small enough for the normal suite; ``TTR_FUZZ_SCALE=20`` (say) multiplies them
for a long run.  Each test prints its count of cases and crashes (``pytest -s`` shows them).
"""

from __future__ import annotations

import contextlib
import functools
import io
import json
import os
import random
import subprocess
import sys

import pytest
from engine_helpers import ALL_SETUPS

from game.actions import (
    BuildStation,
    ClaimRoute,
    DrawCard,
    DrawTickets,
    KeepTickets,
    Pass,
    PayTunnel,
    Withdraw,
)
from game.cli import main
from game.i18n import catalog
from game.mapdata import CARD_KINDS, load_map
from game.rng import Rng
from game.rules import IllegalActionError, apply_action, legal_actions, sample_action
from game.scenario import ScenarioError, load_scenario, play_scenario, to_scenario
from game.state import StateError, copy_state, from_json, new_game, to_json
from game.ui.saves import SaveCatalog, SaveError, parse_save, save_text
from game.ui.session import open_session
from game.ui.storage import INDEX_KEY, SAVE_PREFIX, DictBackend

SCALE = float(os.environ.get("TTR_FUZZ_SCALE", "1"))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def count(n: int) -> int:
    return max(1, int(n * SCALE))


def show(value) -> str:
    """A value in a failure message, whatever it holds (repr can fail on huge numbers)."""
    try:
        return repr(value)[:200]
    except Exception:       # noqa: BLE001
        return f"<{type(value).__name__}>"


def report(name: str, cases: int, crashes: list, note: str = "") -> None:
    print(f"\nfuzz {name}: {cases} cases, {len(crashes)} crashes{note}")
    assert not crashes, "\n".join(crashes[:5])


europe, usa = load_map("europe"), load_map("usa")
ROUTES = [r.id for r in europe.routes[::7]] + [r.id for r in usa.routes[::7]]
CITIES = [c.id for c in europe.cities[::5]]
TICKETS = [t.id for t in europe.tickets[::9]] + [t.id for t in usa.tickets[::6]]
WEIRD_TEXT = ["", " ", "nowhere", "x" * 5000, "\u202eboB", "\u200b", "a\x00b", "\ud800", "PARIS", "red ", "loco",
              "Paris--Wien", "1", "<script>", "🚂"]


def junk(rng: random.Random, depth: int = 0):
    """A hostile value: any JSON type or Python oddity, sometimes nested."""
    pick = rng.randrange(22)
    if pick == 0:
        return True
    if pick == 1:
        return False
    if pick == 2:
        return None
    if pick == 3:
        return rng.choice([0, 1, -1, 2, 3, 7, 45, 110, 2 ** 53 + 1, 2 ** 63, 2 ** 64 + 5, -(2 ** 70), 10 ** 30])
    if pick == 4:
        return 10 ** rng.choice([100, 4400, 5000])
    if pick == 5:
        return rng.choice([0.5, 1.0, -0.0, float("inf"), float("nan"), 1e308])
    if pick == 6:
        return rng.choice(WEIRD_TEXT)
    if pick == 7:
        return rng.choice(ROUTES + CITIES + TICKETS + list(CARD_KINDS) + ["gray", "deck", "locomotive"])
    if pick == 8 and depth < 3:
        return [junk(rng, depth + 1) for _ in range(rng.randrange(4))]
    if pick == 9 and depth < 3:
        return tuple(junk(rng, depth + 1) for _ in range(rng.randrange(4)))
    if pick == 10 and depth < 3:
        return {rng.choice(["a", "route", "", "map"]): junk(rng, depth + 1) for _ in range(rng.randrange(3))}
    if pick == 11:
        return (1,)
    if pick == 12:
        return tuple(rng.sample(TICKETS, 2))
    if pick == 13:
        return b"red"
    if pick == 14:
        return object()
    if pick == 15:
        nested: list = []
        for _ in range(rng.choice([10, 1000])):
            nested = [nested]
        return nested
    return rng.choice([2, 3, 1, 0, "red", "blue", "locomotive", rng.choice(ROUTES), rng.choice(TICKETS)])


def hostile_action(rng: random.Random):
    """An action (or not) with fields of any type."""
    kind = rng.randrange(11)
    if kind == 0:
        return DrawCard(junk(rng))
    if kind == 1:
        return KeepTickets(junk(rng) if rng.random() < 0.7 else tuple(junk(rng) for _ in range(rng.randrange(4))))
    if kind == 2:
        return ClaimRoute(junk(rng), junk(rng), junk(rng), junk(rng))
    if kind == 3:
        return BuildStation(junk(rng), junk(rng), junk(rng), junk(rng))
    if kind == 4:
        return PayTunnel(junk(rng), junk(rng), junk(rng))
    if kind == 5:
        return rng.choice([ClaimRoute(rng.choice(ROUTES), rng.choice(CARD_KINDS), True, True),
                           ClaimRoute(rng.choice(ROUTES), rng.choice(CARD_KINDS), True, False),
                           PayTunnel(rng.choice(CARD_KINDS), True, 0), PayTunnel("locomotive", 0, True),
                           BuildStation(rng.choice(CITIES), rng.choice(CARD_KINDS), True, 0),
                           KeepTickets((1,)), KeepTickets(("a", 1)), KeepTickets([rng.choice(TICKETS)])])
    if kind == 6:
        return rng.choice([None, 5, "pass", "draw deck", Pass, DrawTickets, object(), [Pass()], (Withdraw(),)])
    if kind == 7:
        return rng.choice([DrawTickets(), Pass(), Withdraw(), DrawCard("deck")])
    if kind == 8:       # well-named, with hostile counts
        counts = (junk(rng), junk(rng)) if rng.random() < 0.5 else (rng.choice([2, 10 ** 5000, 2 ** 64]), 0)
        return rng.choice([ClaimRoute(rng.choice(ROUTES), rng.choice(CARD_KINDS), *counts),
                           BuildStation(rng.choice(CITIES), rng.choice(CARD_KINDS), *counts),
                           PayTunnel(rng.choice(CARD_KINDS), *counts)])
    return ClaimRoute(rng.choice(ROUTES), rng.choice(list(CARD_KINDS) + ["gray"]), rng.randrange(-2, 9),
                      rng.randrange(-2, 9))


@functools.cache
def positions() -> list[dict]:
    """States met in random games on every setup, every phase included."""
    found = []
    for i, (m, v) in enumerate(ALL_SETUPS):
        for players in (2, 5):
            state = new_game(m, v, players, seed=1000 + i * 10 + players)
            agent, step = Rng.from_seed(f"fuzz:{i}"), 0
            while state["phase"] != "over":
                if step % 11 == 0 or state["phase"] in ("tunnel", "tickets", "second-draw", "setup-tickets"):
                    found.append(copy_state(state))
                apply_action(state, sample_action(state, agent))
                step += 1
            found.append(state)
    return found


def test_fuzz_engine_actions():
    rng, crashes, cases = random.Random(13), [], count(1500)
    english = catalog("en")
    states = positions()
    for case in range(cases):
        state = copy_state(rng.choice(states))
        before = to_json(state)
        action = hostile_action(rng)
        try:
            legal = legal_actions(state)
            apply_action(state, action)
        except IllegalActionError as exc:
            if to_json(state) != before:
                crashes.append(f"case {case}: {show(action)} changed the state while refused")
            elif not str(exc) or exc.key not in english or any(action == a and str(action) == str(a) for a in legal):
                crashes.append(f"case {case}: refusal of {show(action)} without message/key, or of a legal action")
            else:
                try:
                    exc.problem.text()
                except Exception as err:        # noqa: BLE001
                    crashes.append(f"case {case}: refusal text {exc.key} fails: {err!r}")
        except Exception as exc:       # noqa: BLE001 - a crash is what this test counts
            crashes.append(f"case {case}: {show(action)} raised {type(exc).__name__}: {str(exc)[:200]}")
        else:
            if not any(action == a and type(action) is type(a) and str(action) == str(a) for a in legal):
                crashes.append(f"case {case}: {show(action)} was applied but is not legal")
    report("engine actions", cases, crashes)


# --- save files ---------------------------------------------------------------------------------

@functools.cache
def real_saves() -> list[dict]:
    """Scenarios as the game stores them: from the start with actions, and positions (finished
    games among them)."""
    found = []
    for i, (m, v) in enumerate(ALL_SETUPS):
        players = [{"name": "Ann", "kind": "human", "colour": "red"},
                   {"name": "Bot", "kind": "ai", "colour": "blue", "level": "easy"},
                   {"name": "Cy", "kind": "human", "colour": "green"}]
        start = {"format": 1, "map": m, "variant": v, "players": players, "seed": 77 + i, "actions": []}
        state, _actions = load_scenario(start)
        agent, texts = Rng.from_seed(i), []
        while state["phase"] != "over":
            action = sample_action(state, agent)
            apply_action(state, action)
            texts.append(str(action))
            if len(texts) in (3, 40):
                found.append({**start, "actions": list(texts)})
                found.append(to_scenario(state, []))
        found.append({**start, "actions": texts})
        found.append(to_scenario(state))            # a finished game
    return found


def _paths(value, prefix=()):
    yield prefix
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _paths(v, prefix + (i,))


def _set(data, path, value) -> None:
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value


def json_junk(rng: random.Random):
    """A hostile JSON value."""
    value = junk(rng)
    try:
        json.dumps(value, allow_nan=True)
    except (TypeError, ValueError, RecursionError):
        return rng.choice([[], {}, "x", 1e308, 2 ** 64, True])
    return value


def mutated_save(rng: random.Random) -> str:
    """A real save, damaged one of many ways."""
    data = json.loads(json.dumps(rng.choice(real_saves())))
    text = save_text(data)
    how = rng.randrange(13)
    if how == 0:
        return text[:rng.randrange(len(text))]
    if how == 1:
        chars = list(text)
        for _ in range(rng.randrange(1, 6)):
            chars[rng.randrange(len(chars))] = rng.choice('[]{}",:0a\\ \x00\u202e')
        return "".join(chars)
    if how == 2:
        depth = rng.choice([100, 5000, 100_000])
        return "[" * depth + text + "]" * depth if rng.random() < 0.5 else text[:-1] + ',"x":' + "[" * depth + "]" * depth + "}"
    if how == 3:
        return text.replace('"map":', '"map":"usa","map":', 1) if rng.random() < 0.5 else \
            text.replace('"actions":', '"actions":[],"actions":', 1)
    if how == 4:
        number = rng.choice(["9007199254740993", "1" * 400, "1e999", "-1e999", "NaN", "Infinity", "-0", "1.5"])
        paths = [p for p in _paths(data) if p and isinstance(_get(data, p), int)]
        if paths:
            _set(data, rng.choice(paths), "@@")
        return save_text(data).replace('"@@"', number, 1)
    if how == 5:       # wrong-typed or unknown ids
        key = rng.choice(["map", "variant", "seed", "first", "format", "players"])
        data[key] = rng.choice([["usa"], {"id": "usa"}, "atlantis", 3, True, None, 2 ** 70, "", 1.5])
        return save_text(data)
    if how == 6 and "position" in data:
        position = data["position"]
        seat = rng.randrange(len(position["players"]))
        field = rng.choice(["routes", "tickets", "offer", "stations", "hand", "score", "trains"])
        bad = rng.choice([[["x"]], [{"a": 1}], ["nowhere--x"], [True], "paris", 10 ** 20, -5, True, {"red": True},
                          {"red": 10 ** 9}, [r.id for r in usa.routes[:3]], [t.id for t in usa.tickets[:2]]])
        position["players"][seat][field] = bad
        if rng.random() < 0.5:
            position["phase"] = "over"
            position.pop("tunnel", None)
            position["last_round"] = None
        return save_text(data)
    if how == 7 and "position" in data:
        key = rng.choice(["passes", "turn", "current", "stage", "last_round", "deck", "market", "rng", "phase",
                          "tunnel", "ticket_deck", "box", "discard", "revealed"])
        data["position"][key] = json_junk(rng)
        return save_text(data)
    if how == 8:
        names = ["Bob", "\u202eboB", "bob ", "\u200b", "", "x" * 31, "A\nB", "\u3164", "Ann", "Zoe\u0301"]
        seat = rng.randrange(len(data["players"]))
        player = data["players"][seat]
        name = rng.choice(names)
        data["players"][seat] = {**player, "name": name} if isinstance(player, dict) else name
        return save_text(data)
    if how == 9:
        actions = data.get("actions") or []
        if actions:
            actions[rng.randrange(len(actions))] = json_junk(rng)
        else:
            data["actions"] = json_junk(rng)
        return save_text(data)
    if how == 10:
        return rng.choice(["", "null", "[]", "0", '"save"', "{}", '{"format": 99}', '{"format": true}',
                           '{"format": 1e999}', "\ufeff{}", text.encode("utf-8").decode("latin-1")])
    paths = [p for p in _paths(data) if p]
    path = rng.choice(paths)
    if rng.random() < 0.3 and isinstance(_get(data, path[:-1]), dict):
        del _get(data, path[:-1])[path[-1]]
    else:
        _set(data, path, json_junk(rng))
    return save_text(data).replace("NaN", "null").replace("Infinity", "1")


def _get(data, path):
    for key in path:
        data = data[key]
    return data


def check_reader(text: str, crashes: list, case: int) -> bool:
    """Every reader of a save's text either loads it or raises its own error with a message;
    whether ``open_session`` opened it."""
    try:
        data = parse_save(text)
    except SaveError as exc:
        exc.problem.text()
        data = None
    except Exception as exc:        # noqa: BLE001
        crashes.append(f"case {case}: parse_save raised {type(exc).__name__}: {str(exc)[:200]}")
        return False
    opened = False
    try:
        session = open_session(text)
    except SaveError as exc:
        message = exc.problem.text()
        if not message or "\n" in message:
            crashes.append(f"case {case}: open_session's message is empty or several lines: {message[:200]!r}")
    except Exception as exc:        # noqa: BLE001
        crashes.append(f"case {case}: open_session raised {type(exc).__name__}: {str(exc)[:200]}")
    else:
        try:
            session.view()
            session.summary()
            again = open_session(save_text(session.scenario()))     # what opens, saves and opens again
            assert again.state == session.state
            opened = True
        except Exception as exc:    # noqa: BLE001
            crashes.append(f"case {case}: an opened save fails later: {type(exc).__name__}: {str(exc)[:200]}")
    if data is not None:
        try:
            play_scenario(data)
        except ScenarioError as exc:
            assert str(exc)
        except Exception as exc:    # noqa: BLE001
            crashes.append(f"case {case}: play_scenario raised {type(exc).__name__}: {str(exc)[:200]}")
    try:
        from_json(text)
    except StateError as exc:
        assert str(exc)
    except Exception as exc:        # noqa: BLE001
        crashes.append(f"case {case}: from_json raised {type(exc).__name__}: {str(exc)[:200]}")
    return opened


def test_fuzz_save_files():
    rng, crashes, cases = random.Random(29), [], count(150)
    opened = sum(check_reader(mutated_save(rng), crashes, case) for case in range(cases))
    report("save files", cases, crashes, f" ({opened} still open, {cases - opened} refused with a message)")


def test_fuzz_states_as_json():
    """``from_json`` on mutated engine states (every field of every phase)."""
    rng, crashes, cases = random.Random(31), [], count(400)
    states = positions()
    for case in range(cases):
        state = json.loads(to_json(rng.choice(states)))
        path = rng.choice([p for p in _paths(state) if p])
        if rng.random() < 0.2 and isinstance(_get(state, path[:-1]), dict):
            del _get(state, path[:-1])[path[-1]]
        else:
            _set(state, path, json_junk(rng))
        try:
            loaded = from_json(json.dumps(state))
        except StateError as exc:
            assert str(exc)
        except Exception as exc:    # noqa: BLE001
            crashes.append(f"case {case}: {path}: {type(exc).__name__}: {str(exc)[:200]}")
        else:
            try:
                legal = legal_actions(loaded)
                if legal:
                    apply_action(loaded, rng.choice(legal))
            except Exception as exc:    # noqa: BLE001
                crashes.append(f"case {case}: {path}: a loaded state fails in play: {type(exc).__name__}: {exc}")
    report("engine states", cases, crashes)


def test_huge_and_deep_texts_are_refused_before_parsing():
    for text in ("[" * 100_000 + "]" * 100_000, '{"a":' * 100_000 + "1" + "}" * 100_000, " " * 3_000_000 + "{}"):
        with pytest.raises(SaveError):
            parse_save(text)
        with pytest.raises(SaveError) as caught:
            open_session(text)
        assert caught.value.problem.text()
        with pytest.raises(StateError):
            from_json(text)


# --- the saves index and catalog -----------------------------------------------------------------

def index_junk(rng: random.Random) -> str:
    ids = ["g1", "g2", "g3", "x"]
    pick = rng.randrange(8)
    if pick == 0:
        return rng.choice(["", "{", "null", "[]", "1", '"x"', "[" * 100_000, '{"g1": 5}', "{\"g1\": {\"a\": 1, \"a\": 2}}"])
    if pick == 1:
        return json.dumps({i: json_junk(rng) for i in rng.sample(ids, 2)}, allow_nan=True)
    line = {"map": rng.choice(["usa", ["usa"], None, 5, "x" * 500]),
            "players": rng.choice([["A", "B"], "AB", [1, None, ["x"]], ["x" * 10_000], None, [True]]),
            "turn": rng.choice([3, -1, True, 2 ** 80, 1.5, "3", None]),
            "saved_at": rng.choice([1000, 9007199254740993, -(2 ** 60), True, False, "1000", None, 1.5e300,
                                    1.7e12, float("nan"), float("inf"), [1]]),
            "over": rng.choice([True, False, 1, "yes", None])}
    text = json.dumps({rng.choice(ids): line for _ in range(3)}, allow_nan=True)
    if pick == 2:
        text = text.replace("9007199254740993", "9" * 50)
    return text


def test_fuzz_saves_index_and_catalog():
    rng, crashes, cases = random.Random(37), [], count(300)
    saves = [save_text(s) for s in real_saves()[:6]]
    for case in range(cases):
        store = {INDEX_KEY: index_junk(rng)}
        for save_id in rng.sample(["g1", "g2", "g3", "x", "", "a.b"], rng.randrange(1, 4)):
            store[SAVE_PREFIX + save_id] = rng.choice(saves) if rng.random() < 0.5 else mutated_save(rng)
        store["ttr.v1.current"] = rng.choice(["g1", "", "nope"])
        catalog_ = SaveCatalog(DictBackend(store))
        snapshot = dict(store)
        try:
            entries = catalog_.entries()
            for e in entries:
                assert isinstance(e.id, str) and (e.map is None or isinstance(e.map, str))
                assert all(isinstance(n, str) and len(n) <= 30 for n in e.players)
                assert e.turn is None or type(e.turn) is int
                assert type(e.saved_at) in (int, float) and abs(e.saved_at) <= 2 ** 53 - 1
                assert e.saved_at == e.saved_at          # not NaN
                if e.problem is not None:
                    assert e.problem.text()
                assert catalog_.raw(e.id) == snapshot[SAVE_PREFIX + e.id]
                try:
                    catalog_.open(e.id)
                except SaveError as exc:
                    assert exc.problem.text()
            assert store == snapshot            # reading never changes what is stored
            catalog_.write("new", json.loads(saves[0]), {"map": "usa", "players": ["A", "B"], "turn": 0}, 5)
            assert any(e.id == "new" and e.problem is None for e in catalog_.entries())
            catalog_.delete("g2")
        except Exception as exc:        # noqa: BLE001
            crashes.append(f"case {case}: {type(exc).__name__}: {str(exc)[:200]}")
    report("saves index and catalog", cases, crashes)


# --- the command line ---------------------------------------------------------------------------

def run_cli(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = main(argv)
        except SystemExit as exc:       # argparse
            status = exc.code
    return status, out.getvalue(), err.getvalue()


def test_fuzz_command_line(tmp_path):
    rng, crashes, cases = random.Random(41), [], count(120)
    path = tmp_path / "game.json"
    for case in range(cases):
        text = mutated_save(rng)
        if rng.random() < 0.1:
            path.write_bytes(rng.choice([b"\xff\xfe{}", b"\x00" * 10, text.encode("utf-16")]))
        else:
            path.write_text(text, encoding="utf-8", errors="surrogatepass")
        command = rng.choice([["replay", str(path)], ["render", "--scenario", str(path)]])
        status, _out, err = run_cli(command)
        lines = err.strip().splitlines()
        if status == 0:
            continue
        if status not in (1, 2) or len(lines) != 1 or not lines[0].startswith("error: ") or "Traceback" in err:
            crashes.append(f"case {case}: {command[0]} exit {status}: {err[:300]!r}")
    report("command line", cases, crashes)


@pytest.mark.parametrize("content", ["deep", "huge", "binary", "directory", "missing", "bad-route-over"])
def test_the_command_line_never_prints_a_traceback(tmp_path, content):
    path = tmp_path / "f.json"
    if content == "deep":
        path.write_text("[" * 100_000 + "]" * 100_000)
    elif content == "huge":
        path.write_text(" " * 2_500_000 + "{}")
    elif content == "binary":
        path.write_bytes(bytes(range(256)) * 10)
    elif content == "directory":
        path.mkdir()
    elif content == "bad-route-over":
        scenario = real_saves()[-1]
        scenario = json.loads(json.dumps(scenario))
        scenario["position"]["players"][0]["routes"].append("nowhere--else")
        path.write_text(json.dumps(scenario))
    done = subprocess.run([sys.executable, "-m", "game", "replay", str(path)], check=False, cwd=ROOT, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 1 and done.stdout == ""
    assert "Traceback" not in done.stderr and len(done.stderr.strip().splitlines()) == 1
    assert done.stderr.startswith(f"error: {path}")
