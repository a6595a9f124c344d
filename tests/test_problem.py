"""One shape for what a player is told went wrong (``game.problem``): every error shown to a
player is a ``ProblemError`` carrying a ``Problem``, the host's refusal on the wire turns into the
same ``Problem``, the new-game form's problems are ``Problem``\\ s, and no other exception of the
game keeps a key and parameters of its own."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from game.actions import Pass
from game.i18n import _, set_language
from game.net.fairdeal import DealCheckError
from game.net.protocol import Refusal, read_host
from game.problem import Problem, ProblemError
from game.rules import IllegalActionError, apply_action
from game.state import new_game
from game.ui import setup
from game.ui.embed import EmbedError, read_options
from game.ui.netplay import InviteError, read_invite
from game.ui.saves import SaveError
from game.ui.words import said

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(autouse=True)
def english():
    set_language("en")


@pytest.mark.parametrize("error", [
    SaveError("saves.error.missing", id="g7"),
    EmbedError("embed.error.step_value", value="'x'"),
    InviteError("net.invite.bad"),
    DealCheckError("the seed was not made with your contribution", "net.check.contribution"),
    IllegalActionError("pass: not now", "rule.phase.setup_tickets"),
])
def test_every_error_shown_to_a_player_carries_a_problem(error):
    assert isinstance(error, ProblemError) and isinstance(error, ValueError)
    assert isinstance(error.problem, Problem)
    assert (error.key, error.params) == (error.problem.key, error.problem.params)
    assert error.problem.text() == _(error.problem.key, **error.problem.params)      # the same words as before


def test_the_english_message_is_kept():
    assert str(SaveError("saves.error.newer", version=9)) == "saves.error.newer: {'version': 9}"
    assert str(InviteError("net.invite.bad")) == "net.invite.bad"
    assert str(DealCheckError("the seed differs", "net.check.contribution")) == "the seed differs"


def test_the_engine_refusal_and_the_pages_errors_say_their_problem():
    state = new_game("usa", players=["Ann", "Bob"], seed=1)
    with pytest.raises(IllegalActionError) as refused:
        apply_action(state, Pass())
    assert refused.value.problem == Problem("rule.phase.setup_tickets", {})
    with pytest.raises(EmbedError) as embed:
        read_options("?embed&step=x", "")
    assert embed.value.problem.key == "embed.error.step_value"
    with pytest.raises(InviteError) as invite:
        read_invite("#join=")
    assert invite.value.problem == Problem("net.invite.bad")


def test_a_refusal_on_the_wire_is_a_problem():
    problem = Problem("net.refused.not_your_turn", {"player": 1})
    refusal = Refusal.of("pass", problem, "it is not your turn" * 200)
    assert refusal.problem == problem and len(refusal.reason) == 2_000
    read = read_host(refusal.to_text())
    assert isinstance(read, Refusal) and read.problem == problem
    assert Refusal.of(None, Problem("net.refused.message", {"detail": ValueError("x")}), "bad").params == {"detail": "x"}


def test_a_problem_is_said_with_the_games_names():
    state = new_game("usa", players=["Ann", "Bob"], seed=1)
    problem = Problem("net.refused.not_your_turn", {"player": 1})
    assert said(problem, state) == _("net.refused.not_your_turn", player="Bob")
    assert said(problem, None) == problem.text() == _("net.refused.not_your_turn", player=1)


def test_the_new_game_forms_problems_are_the_same_type():
    assert setup.Problem is Problem
    options = setup.GameOptions("usa", "usa", (setup.Seat("Ann"), setup.Seat("Ann", colour="blue")))
    assert [p.key for p in options.problems()] == ["setup.error.name_twice"]
    assert all(isinstance(p, Problem) for p in options.problems())


def test_no_other_error_of_the_game_keeps_a_key_of_its_own():
    """An exception class that sets ``self.key`` or ``self.params`` is another shape of problem:
    it should carry a ``Problem`` (subclass ``ProblemError``) instead."""
    found = []
    for path in sorted((ROOT / "game").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.ClassDef) or not any(
                    isinstance(base, ast.Name) and base.id.endswith(("Error", "Exception")) for base in node.bases):
                continue
            for inner in ast.walk(node):
                if isinstance(inner, ast.Attribute) and isinstance(inner.ctx, ast.Store) \
                        and isinstance(inner.value, ast.Name) and inner.value.id == "self" \
                        and inner.attr in ("key", "params", "problem"):
                    found.append(f"{path.relative_to(ROOT)}: {node.name}.{inner.attr}")
    assert found == ["game/problem.py: ProblemError.problem"]
