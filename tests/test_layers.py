"""The layers of ``game/``, each importing only those below it: the engine (the modules at the
package's top, the match among them); ``ai`` and ``board``, side by side; ``net``; ``ui``;
``web``; and the command line on top of the engine, ``ai`` and ``board``.  The graph is
``test_imports``'s (every import, also inside functions and under ``TYPE_CHECKING``).  No exception is allowed
today; one would be named here with its reason."""

from __future__ import annotations

from test_imports import graph

# layer -> its rank; a module may import a module of a lower rank, or of its own layer
RANKS = {"engine": 0, "ai": 1, "board": 1, "net": 2, "ui": 3, "web": 4, "cli": 5}
# the command line (``python3 -m game``): its entry, what its commands share, and each command's
# module, two of them beside the parts they drive; nothing of the game imports them
CLI = {"game.__main__", "game.cli", "game.commands", "game.embed_command", "game.ai.tournament", "game.board.cli"}


def layer(module: str) -> str:
    """The layer of a module of ``game``."""
    if module in CLI:
        return "cli"
    parts = module.split(".")
    if len(parts) > 1 and parts[1] in RANKS:
        return parts[1]             # game.ai and its modules, …
    return "engine"                 # game.rules, game.match, … and the package itself


def breaches(edges: dict[str, set[str]]) -> list[str]:
    """Every import of a module by one in a layer not above it (two side by side included)."""
    found = []
    for module, imported in sorted(edges.items()):
        for other in sorted(imported):
            here, there = layer(module), layer(other)
            if here != there and RANKS[there] >= RANKS[here]:
                found.append(f"{module} ({here}) imports {other} ({there})")
    return found


def test_the_layers_are_read_as_named():
    assert [layer(m) for m in ("game.rules", "game.match", "game.ai.search", "game.board.render",
                               "game.net.host", "game.ui.controller", "game.web.app", "game.cli", "game.ai.tournament", "game",
                               "game.ai")] == \
        ["engine", "engine", "ai", "board", "net", "ui", "web", "cli", "cli", "engine", "ai"]


def test_a_breach_is_found_and_named():
    edges = {"game.net.host": {"game.ui.session", "game.rules"}, "game.ai.search": {"game.board.render"},
             "game.ui.screen": {"game.net.host"}}
    assert breaches(edges) == ["game.ai.search (ai) imports game.board.render (board)",
                               "game.net.host (net) imports game.ui.session (ui)"]


def test_each_layer_imports_only_those_below_it():
    found = breaches(graph())
    assert not found, "imports against the layers: " + "; ".join(found)


def test_the_net_layer_imports_nothing_of_the_screens():
    edges = graph()
    assert not {m for name, imported in edges.items() if layer(name) == "net"
                for m in imported if layer(m) in ("ui", "web")}
