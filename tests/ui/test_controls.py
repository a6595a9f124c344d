"""The controls' names in one place (``game.ui.commands.Control``): every name a view emits in
``data-cmd`` is one of them and has a handler (a table command of ``TABLE_CONTROLS``, or a
dispatcher of ``game.web`` that compares the name), and every one of them is emitted.

The views are read, not run (``game.web`` needs the browser): with ``ast``, a control is
``button(text, "name", …)``, ``zoom_buttons("name")``, a ``data_cmd="name"`` keyword, a
``[data-cmd=name]`` selector in a string, or ``….getAttribute("data-cmd") == "name"``."""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field
from pathlib import Path

from game.ui.commands import TABLE_CONTROLS, Control, Pay, control_command

ROOT = Path(__file__).resolve().parents[2]
VIEWS = sorted([*ROOT.glob("game/web/*.py"), *ROOT.glob("game/ui/*.py")])
DISPATCHERS = sorted(ROOT.glob("game/web/*.py"))
SELECTOR = re.compile(r"""data-cmd=["']?([\w-]+)""")

# the controls whose name is not written where they are made, and the names they carry
KNOWN_DYNAMIC = {
    ("game/web/dom.py", "cmd"): set(),          # button(text, cmd, …) itself: its callers' names are read
    ("game/web/zoom.py", "cmd"): set(),         # zoom_buttons(cmd): its callers' names are read
    ("game/web/side.py", "card.cmd"): {"draw", "tickets"},      # the market's cards (game.ui.panels.CardButton)
    ("game/web/dialogs.py", "d.kind"): {"claim", "station"},    # a PaymentDialog's payments
}


@dataclass
class Found:
    names: dict[str, list[int]] = field(default_factory=dict)     # a name emitted, and its lines
    dynamic: set[str] = field(default_factory=set)                # names made at run time: their expressions
    handled: set[str] = field(default_factory=set)                # names a dispatcher compares

    def add(self, name: str, line: int) -> None:
        self.names.setdefault(name, []).append(line)


def is_data_cmd_read(node: ast.expr) -> bool:
    """``….getAttribute("data-cmd")``, or the name ``cmd`` the dispatchers give it."""
    if isinstance(node, ast.Name):
        return node.id == "cmd"
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "getAttribute"
            and len(node.args) == 1 and isinstance(node.args[0], ast.Constant) and node.args[0].value == "data-cmd")


def compared_name(node: ast.expr) -> str | None:
    """The control's name in a comparison: a string, or a ``Control`` member."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "Control":
        return Control[node.attr].value
    return None


def read(source: str) -> Found:
    """The control names a module's source emits, makes at run time and compares."""
    found = Found()

    def emit(node: ast.expr) -> None:
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            found.add(node.value, node.lineno)
        else:
            found.dynamic.add(ast.unparse(node))

    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call):
            func = node.func.id if isinstance(node.func, ast.Name) else None
            if func == "button" and len(node.args) >= 2:
                emit(node.args[1])
            elif func == "zoom_buttons" and node.args:
                emit(node.args[0])
            for keyword in node.keywords:
                if keyword.arg == "data_cmd":
                    emit(keyword.value)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            for name in SELECTOR.findall(node.value):
                found.add(name, node.lineno)
        elif isinstance(node, ast.Compare) and len(node.ops) == 1:
            sides = [node.left, node.comparators[0]]
            if isinstance(node.ops[0], (ast.Eq, ast.NotEq)) and any(is_data_cmd_read(side) for side in sides):
                for side in sides:
                    name = compared_name(side)
                    if name is not None:
                        found.add(name, node.lineno)
                        found.handled.add(name)
    return found


def unknown(found: Found) -> set[str]:
    """The names emitted that are no control's."""
    return set(found.names) - {c.value for c in Control}


def views() -> dict[str, Found]:
    return {str(path.relative_to(ROOT)): read(path.read_text(encoding="utf-8")) for path in VIEWS}


def test_every_name_a_view_emits_is_a_control():
    bad = {(path, name, tuple(found.names[name])) for path, found in views().items() for name in unknown(found)}
    assert not bad, f"data-cmd names that are no Control (file, name, lines): {sorted(bad)}"


def test_every_control_made_at_run_time_is_listed_with_the_names_it_carries():
    dynamic = {(path, expr) for path, found in views().items() for expr in found.dynamic}
    assert dynamic == set(KNOWN_DYNAMIC), "a control whose name is made at run time: list it in KNOWN_DYNAMIC"
    assert set().union(*KNOWN_DYNAMIC.values()) <= {c.value for c in Control}


def test_every_control_is_emitted_and_has_a_handler():
    found = views()
    emitted = {name for f in found.values() for name in f.names} | set().union(*KNOWN_DYNAMIC.values())
    handled = set(TABLE_CONTROLS) | {name for path in DISPATCHERS
                                     for name in read(path.read_text(encoding="utf-8")).handled}
    controls = {c.value for c in Control}
    assert controls - emitted == set(), "controls no view emits: delete them"
    assert controls - handled == set(), "controls with no handler: a table command or a dispatcher's"


def test_the_browser_tests_click_controls_that_exist():
    used = {name for path in ROOT.glob("tests/browser/*.py")
            for name in SELECTOR.findall(path.read_text(encoding="utf-8"))}
    assert used and used <= {c.value for c in Control}


def test_the_check_fails_on_an_unknown_name_and_reads_each_way_of_emitting_one():
    snippet = '''
button(_("table.fly"), "fly", "1")
el("li", "Red", data_cmd="colour", data_arg="red")
zoom_buttons("zoom")
js.document.querySelector(".bar [data-cmd=warp]")
if node.getAttribute("data-cmd") == "home":
    pass
button(label, kind)
'''
    found = read(snippet)
    assert unknown(found) == {"fly", "warp"}
    assert set(found.names) == {"fly", "colour", "zoom", "warp", "home"} and found.dynamic == {"kind"}
    assert found.handled == {"home"}
    assert read('if cmd == Control.HELP:\n    pass\n').handled == {"help"}


def test_a_control_makes_its_table_command():
    assert control_command("claim", "2") == Pay("claim", 2) and control_command(Control.STATION, "0") == Pay("station", 0)
    assert control_command("claim", "x") is None and control_command("fly", "") is None
    assert control_command("help", "") is None          # the page's own: no table command
    assert all(control_command(c, "0") is not None for c in TABLE_CONTROLS)
