"""The build's compiler, run inside the vendored Pyodide (``builder/pyodide_compile.mjs``).

Bytecode is only valid for the Python that writes it, and Pyodide's is not the build's, so
the vendored runtime compiles: the game's archive (unchecked hash-based .pyc, PEP 552, without
the docstrings, in place of the sources, which the archive does not carry), PyScript's own Python package (checked hash-based .pyc) and, when asked, a
standard library trimmed to what the game, svgwrite, PyScript's Python and Pyodide's own start
can import (compiled as with ``python -OO`` where the game imports it, kept as source
otherwise).  docs/offline.md says why each.

It reads its files from /job: ``job.json`` (``seeds``: modules found by name, not by an import
statement; ``excluded``: modules never followed; ``commands``: the game's command lines, never
imported; ``with_stdlib``: whether to make the library), ``game.zip``, ``pyscript.json`` and,
for the library, ``python_stdlib.zip``; it writes ``bytecode.json``
(name in the archive -> hex: also the compiled methods of every dataclass, :func:`dataclass_code`)
and ``stdlib.zip``.  ``svgwrite.whl`` is always read: the game's drawing imports it.
"""

import ast
import builtins
import dataclasses
import hashlib
import importlib
import importlib.util
import json
import marshal
import sys
import zipfile
from collections.abc import Iterable, Iterator
from importlib._bootstrap_external import _code_to_hash_pyc  # type: ignore[attr-defined]
from typing import Any

STARTUP = sorted(sys.modules)       # what Pyodide itself has imported when it is ready
WHERE = f"/lib/python{sys.version_info.major}{sys.version_info.minor}.zip/"   # the stdlib's path


def pyc(source: bytes, filename: str) -> bytes:
    """The standard library's: as with `python -OO` (CPython tests its library that way)."""
    code = compile(source, filename, "exec", dont_inherit=True, optimize=2)
    return bytes(_code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False))


def without_docstrings(source: bytes, filename: str) -> ast.Module:
    """The game's own: its docstrings are for readers and CPython's doctests; its asserts stay."""
    tree = ast.parse(source, filename)
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            first = node.body[0] if node.body else None
            if (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
                    and isinstance(first.value.value, str)):
                node.body = node.body[1:] or [ast.copy_location(ast.Pass(), first)]
    return tree


def module_names(names: Iterable[str]) -> Iterator[str]:
    """The modules of a zip's file names (a package's ``__main__`` is a command: left out)."""
    for name in names:
        if name.endswith(".py") and not name.endswith("__main__.py"):
            yield name[:-3].removesuffix("/__init__").replace("/", ".")


def game_bytecode(game: zipfile.ZipFile) -> dict[str, str]:
    bytecode = {}
    for name in game.namelist():
        if name.endswith(".py"):
            cached = name + "c"         # in the source's place: the archive carries no sources
            source = game.read(name)
            code = compile(without_docstrings(source, name), name, "exec", dont_inherit=True)
            bytecode[cached] = _code_to_hash_pyc(code, importlib.util.source_hash(source),
                                                 checked=False).hex()
    return bytecode


def pyscript_bytecode() -> dict[str, str]:
    with open("/job/pyscript.json") as sources:
        files = json.load(sources)
    bytecode = {}
    for name, source in files.items():
        if name.endswith(".py"):
            data = source.encode("utf-8")
            code = compile(data, name, "exec", dont_inherit=True)
            bytecode[importlib.util.cache_from_source(name)] = _code_to_hash_pyc(
                code, importlib.util.source_hash(data), checked=True).hex()
    return bytecode


def import_all(game: zipfile.ZipFile, wheel: zipfile.ZipFile, job: dict[str, Any]) -> dict[bytes, Any]:
    """Import every module of the game (but its command lines) and of svgwrite, as the page may,
    recording the code of each dataclass's methods (see :func:`dataclass_code`): the SHA-256 of
    its source -> its code."""
    game.extractall("/job/src")
    wheel.extractall("/job/site")
    sys.path[:0] = ["/job/src", "/job/site"]
    made: dict[bytes, Any] = {}

    def recording(source: Any, globals_: Any = None, locals_: Any = None) -> None:
        if isinstance(source, str):
            made[hashlib.sha256(source.encode()).digest()] = compile(source, "<string>", "exec", dont_inherit=True)
        builtins.exec(source, globals_, locals_)  # noqa: S102 - what dataclasses asked for
    setattr(dataclasses, "exec", recording)  # noqa: B010 - the module's own name for the builtin
    try:
        for name in [*module_names(game.namelist()), *module_names(wheel.namelist())]:
            if name in job["commands"]:
                continue
            try:
                importlib.import_module(name)
            except Exception:   # noqa: BLE001, S110 - e.g. game.web, which needs a page: skipped
                pass
    finally:
        delattr(dataclasses, "exec")
    return made


def dataclass_code(made: dict[bytes, Any]) -> dict[str, str]:
    """Every dataclass's methods, compiled: ``dataclasses`` writes them as source and compiles
    it for each class as it is defined, the largest cost of importing the game in a page (a few
    milliseconds a class in WebAssembly, two hundred classes before the first screen).  The page
    reads this table (``game.web.codecache``) and runs the code kept for a source it knows."""
    return {f"game/__pycache__/dataclasses.{sys.implementation.cache_tag}.marshal": marshal.dumps(made).hex()}


def trimmed_stdlib(game: zipfile.ZipFile, job: dict[str, Any]) -> None:
    sources = [*job["seeds"], *module_names(game.namelist()),
               *module_names(zipfile.ZipFile("/job/svgwrite.whl").namelist())]
    # What importing every module of the game (but its command lines) and svgwrite imports
    # (roughly, the page's start; done by import_all) is compiled; the rest of what they
    # could import is kept as source (smaller).
    imported = {file.removeprefix(WHERE) for module in list(sys.modules.values())
                if (file := getattr(module, "__file__", None) or "").startswith(WHERE)}
    import modulefinder
    stdlib = zipfile.ZipFile("/job/python_stdlib.zip")
    stdlib.extractall("/job/stdlib")
    finder = modulefinder.ModuleFinder(path=["/job/stdlib", "/job/src", "/job/site"],
                                       excludes=job["excluded"])
    for name in [*STARTUP, *sources]:
        try:
            finder.import_hook(name)
        except ImportError:
            pass                    # built in, or not in the standard library: nothing to keep
    kept = {file.removeprefix("/job/stdlib/") for module in finder.modules.values()
            if (file := getattr(module, "__file__", None) or "").startswith("/job/stdlib/")}
    with zipfile.ZipFile("/job/stdlib.zip", "w", zipfile.ZIP_DEFLATED, compresslevel=9) as out:
        for info in stdlib.infolist():
            name = info.filename
            if name in imported:
                entry, data = name + "c", pyc(stdlib.read(name), WHERE + name)
            elif name in kept or not name.endswith((".py", "/")):
                entry, data = name, stdlib.read(name)
            else:
                continue
            out.writestr(zipfile.ZipInfo(entry, info.date_time), data, zipfile.ZIP_DEFLATED)


def main() -> None:
    with open("/job/job.json") as parameters:
        job = json.load(parameters)
    game = zipfile.ZipFile("/job/game.zip")
    made = import_all(game, zipfile.ZipFile("/job/svgwrite.whl"), job)
    with open("/job/bytecode.json", "w") as out:
        json.dump({**game_bytecode(game), **pyscript_bytecode(), **dataclass_code(made)}, out)
    if job["with_stdlib"]:
        trimmed_stdlib(game, job)


if __name__ == "__main__":
    main()
