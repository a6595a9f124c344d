"""What the game and its build rely on inside the vendored PyScript and Pyodide
(builder/vendor_internals.py): each still holds in the pinned files under static/vendor/,
and a vendored file that changes fails with the internal and the release named."""

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import build
from builder import compiler, vendor_internals
from builder.vendor_internals import ASSUMPTIONS


@pytest.mark.parametrize("assumption", ASSUMPTIONS, ids=lambda a: f"{a.ours}:{a.used_as}")
def test_each_vendor_internal_relied_on_is_in_the_pinned_file(assumption):
    if assumption.vendored.startswith("downloads/") and not (ROOT / build.VENDOR / assumption.vendored).is_file():
        pytest.skip(f"{assumption.vendored} is not kept here (only what it served was copied)")
    problems = assumption.problems()
    assert not problems, "\n".join(problems)


def test_a_vendored_file_without_the_internal_fails_naming_it_and_the_release(tmp_path):
    assumption = next(a for a in ASSUMPTIONS if a.used_as == "_loadSnapshot:")
    (tmp_path / "static" / "vendor" / "pyodide").mkdir(parents=True)
    shutil.copy(ROOT / assumption.ours, tmp_path / "static")
    (tmp_path / "static" / "vendor" / "pyodide" / "pyodide.mjs").write_text("export{}")
    [problem] = assumption.problems(tmp_path)
    assert problem.startswith("Pyodide's private `_loadSnapshot` option"), problem
    assert "pyodide/pyodide.mjs of pyodide@314.0.7: no '_loadSnapshot' in it" in problem


def test_an_entry_nothing_relies_on_any_more_fails_too(tmp_path):
    assumption = next(a for a in ASSUMPTIONS if a.used_as == "_loadSnapshot:")
    (tmp_path / "static").mkdir()
    (tmp_path / assumption.ours).write_text("// no snapshot any more\n")
    [problem] = assumption.problems(tmp_path)
    assert "static/interpreter.mjs no longer has '_loadSnapshot:'" in problem


def test_every_private_option_passed_to_pyodide_is_a_named_assumption():
    named = {a.used_as for a in ASSUMPTIONS}
    for path in sorted((ROOT / "static").glob("*.mjs")):
        for option in re.findall(r"\b(_[a-z]\w*): ", path.read_text("utf-8")):
            assert any(option in used for used in named), f"{path.name} passes {option}, " \
                f"a private option, not named in builder/vendor_internals.py"


def test_the_hashed_core_name_comes_from_the_lock_and_the_page_preloads_that_file():
    assert build.PYSCRIPT_CORE == "static/vendor/pyscript/core-C9KDLldu.js"
    assert (ROOT / build.PYSCRIPT_CORE).is_file()
    page = (ROOT / "index.html").read_text("utf-8")
    preloaded = re.findall(r'<link rel="modulepreload" href="\./(static/vendor/pyscript/[^"]+)">', page)
    assert build.PYSCRIPT_CORE in preloaded
    served = {f"static/vendor/{name}" for name in build.served_files()}
    assert set(preloaded) <= served


def test_a_lock_with_two_cores_or_none_is_said():
    with pytest.raises(ValueError, match=r"serves 0 files pyscript/nothing-\*\.js, not one"):
        vendor_internals.hashed("pyscript/nothing-")


def test_a_wasm_module_s_exported_memory_is_found():
    def section(kind: int, body: bytes) -> bytes:
        return bytes([kind, len(body)]) + body
    memory = section(5, b"\x01\x00\x01")                            # one memory, at least 1 page
    exported = section(7, b"\x02\x06memory\x02\x00\x03run\x00\x00")  # memory, and a function
    module = b"\0asm\x01\0\0\0" + memory + exported
    assert vendor_internals.wasm_exports(module) == {"memory": 2, "run": 0}
    assert vendor_internals.exports_memory("memory")(module) == []
    assert vendor_internals.exports_memory("memory")(b"\0asm\x01\0\0\0" + memory) == [
        "its exports have no memory named 'memory'"]


def test_the_build_s_programs_are_real_files_linted_and_never_shipped():
    assert "builder" in build.LINTED
    assert compiler.PROGRAM.is_file() and compiler.PROGRAM_PYTHON.is_file()
    assert not [name for name in build.dist_files() if name.startswith("builder/")]
    assert not [path for path in build.archived_files() if "builder" in path.parts]
    node = shutil.which("node")
    if node:
        checked = subprocess.run([node, "--check", str(compiler.PROGRAM)], capture_output=True,
                                 text=True, check=False)
        assert checked.returncode == 0, checked.stderr


def test_the_compiler_strips_docstrings_and_keeps_the_rest():
    from builder import pyodide_compile
    tree = pyodide_compile.without_docstrings(b'"""Module."""\ndef f():\n    """Doc."""\n', "m.py")
    assert [type(node).__name__ for node in tree.body] == ["FunctionDef"]
    assert [type(node).__name__ for node in tree.body[0].body] == ["Pass"]
    assert list(pyodide_compile.module_names(["game/__init__.py", "game/a.py", "game/__main__.py",
                                              "game/x.json"])) == ["game", "game.a"]
