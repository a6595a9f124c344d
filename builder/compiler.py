"""The game's bytecode and the trimmed standard library, made by the vendored Pyodide itself.

Pyodide's Python (3.14) is not the build's (3.11+), and bytecode is only valid for the version
that wrote it, so the vendored runtime compiles: this runs it under Node.js
(``pyodide_compile.mjs`` beside this file), where ``pyodide_compile.py`` makes the game's
bytecode, PyScript's and the trimmed standard library (its docstring and docs/offline.md say
how).  Also here: PyScript's own Python package, read out of its core module, and the keys
that say when the compiled output is stale.  Standard library only.
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import subprocess
from collections.abc import Iterable
from pathlib import Path

from builder import BuildError
from builder.vendor_internals import NODE_MAJOR, PYSCRIPT_CORE, ROOT, pyscript_files

PROGRAM = Path(__file__).with_name("pyodide_compile.mjs")        # run by Node.js ...
PROGRAM_PYTHON = Path(__file__).with_name("pyodide_compile.py")  # ... runs this in Pyodide

# Modules found by name, not by an import statement, that the standard library must keep:
# the codecs the game and its runtime may look up (zipfile's cp437, urllib's idna, ...).
STDLIB_SEEDS = ("encodings.aliases", "encodings.utf_8", "encodings.utf_8_sig", "encodings.ascii",
                "encodings.latin_1", "encodings.cp437", "encodings.idna", "encodings.punycode",
                "encodings.utf_16", "encodings.utf_16_le", "encodings.utf_16_be",
                "encodings.utf_32", "encodings.raw_unicode_escape", "encodings.unicode_escape",
                "encodings.charmap", "encodings.base64_codec", "encodings.hex_codec")
# Modules that cannot work in a browser page (processes, terminals, debuggers, servers,
# Windows), never followed when looking for what the game may import.
STDLIB_EXCLUDED = ("multiprocessing", "concurrent.futures.process", "_pyrepl", "pdb", "bdb",
                   "pydoc", "doctest", "unittest", "http.server", "socketserver", "xmlrpc",
                   "ftplib", "asyncio.windows_events", "asyncio.windows_utils",
                   "asyncio.proactor_events", "_winapi", "msvcrt", "winreg", "nt")
# The game's command lines (docs/architecture.md): never run in the page, so what only they
# import is kept as source rather than compiled.
COMMAND_LINES = ("game.cli", "game.commands", "game.embed_command", "game.board.cli",
                 "game.ai.tournament")


def _sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _pyscript_files() -> tuple[dict[str, str], str]:
    try:
        return pyscript_files((ROOT / PYSCRIPT_CORE).read_text("utf-8"))
    except ValueError as error:
        raise BuildError(f"PyScript's Python files are not where this build expects them in "
                         f"{PYSCRIPT_CORE} ({error}; see builder/vendor_internals.py)") from None


def pyscript_sources() -> dict[str, str]:
    """PyScript's own Python package as PyScript writes it at every start (name in the working
    directory -> source); BuildError when its core does not hold it as expected."""
    return _pyscript_files()[0]


def pyscript_literal() -> str:
    """The JavaScript object literal PyScript writes its package from (for a test that reads
    it as JavaScript does)."""
    return _pyscript_files()[1]


def pyscript_imports() -> list[str]:
    """The modules PyScript's own Python (carried inside its JavaScript) imports."""
    text = (ROOT / PYSCRIPT_CORE).read_text("utf-8")
    return sorted(set(re.findall(r"(?:\bimport|\bfrom)\s+([A-Za-z_][\w.]*)", text)))


def node_program() -> str:
    """The path of Node.js, which runs the vendored Pyodide at build time; BuildError, saying
    what to install, when it is missing or too old."""
    node = shutil.which("node")
    if node is None:
        raise BuildError(f"Node.js {NODE_MAJOR} or newer is needed to build the game (it runs the "
                         f"vendored Pyodide to compile it); install Node.js and npm "
                         f"(e.g. `apt-get install nodejs npm`) and run again.")
    done = subprocess.run([node, "--version"], capture_output=True, text=True, check=False)
    version = re.fullmatch(r"v(\d+)\.[\d.]+", done.stdout.strip())
    if version is None or int(version.group(1)) < NODE_MAJOR:
        raise BuildError(f"Node.js {NODE_MAJOR} or newer is needed to build the game; {node} is "
                         f"{done.stdout.strip() or 'of an unknown version'}: install a newer one.")
    return node


def compile_with_pyodide(sources: bytes, *, pyodide: Path, folder: Path, wheel: Path,
                         stdlib: Path | None = None) -> tuple[dict[str, bytes], bytes | None]:
    """The bytecode of the game in the archive ``sources`` (name -> .pyc, and the compiled
    methods of its dataclasses) and, if ``stdlib`` (the vendored python_stdlib.zip) is given,
    the trimmed, compiled standard library (``wheel``: svgwrite's, which the game imports); made by the vendored Pyodide (``pyodide``: its pyodide.mjs) under Node.js,
    in the scratch folder ``folder`` (removed after)."""
    node = node_program()
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    try:
        (folder / "game.zip").write_bytes(sources)
        (folder / "pyscript.json").write_text(json.dumps(pyscript_sources()), "utf-8")
        inputs = {"game.zip": folder / "game.zip", "pyscript.json": folder / "pyscript.json",
                  "svgwrite.whl": wheel}
        outputs = {"bytecode.json": folder / "bytecode.json"}
        if stdlib:
            inputs["python_stdlib.zip"] = stdlib
            outputs["stdlib.zip"] = folder / "stdlib.zip"
        job = {"pyodide": pyodide.as_uri(), "runtime": f"{pyodide.parent}/",
               "program": str(PROGRAM_PYTHON),
               "inputs": {name: str(path) for name, path in inputs.items()},
               "outputs": {name: str(path) for name, path in outputs.items()},
               "parameters": {"seeds": [*STDLIB_SEEDS, *pyscript_imports()],
                              "excluded": list(STDLIB_EXCLUDED), "commands": list(COMMAND_LINES),
                              "with_stdlib": stdlib is not None}}
        done = subprocess.run([node, str(PROGRAM)], input=json.dumps(job),
                              capture_output=True, text=True, check=False)
        if done.returncode != 0:
            error = done.stderr[done.stderr.find("PythonError"):] or done.stderr
            raise BuildError(f"compiling with Pyodide failed:\n{error.strip()[:3000]}")
        bytecode = {name: bytes.fromhex(data) for name, data in
                    json.loads((folder / "bytecode.json").read_text("utf-8")).items()}
        return bytecode, (folder / "stdlib.zip").read_bytes() if stdlib else None
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def imports(source: bytes) -> set[str]:
    """The modules a Python source names in its import statements (for the keys)."""
    text = source.decode("utf-8")
    names = set(re.findall(r"^\s*from\s+([\w.]+)\s+import", text, re.MULTILINE))
    for line in re.findall(r"^\s*import\s+([\w., ]+)", text, re.MULTILINE):
        names.update(part.split(" as ")[0].strip() for part in line.split(","))
    return names


def keys(sources: bytes, game_sources: Iterable[bytes], runtime_pins: Iterable[str]) -> dict[str, str]:
    """What the archive's bytecode (``archive``) and the trimmed standard library (``stdlib``)
    are made from: the archive ``sources``, the game's Python ``game_sources`` (their imports),
    the pinned hashes of the runtime's files read, and this compiler; when a key changes,
    Pyodide makes that part again (an edit that imports nothing new only recompiles the game)."""
    runtime = [_sha256(PROGRAM_PYTHON.read_bytes()), _sha256(PROGRAM.read_bytes()),
               _sha256(json.dumps(pyscript_sources()).encode()), *runtime_pins]
    names = sorted(set().union(*(imports(source) for source in game_sources)))
    return {"archive": _sha256("\n".join([_sha256(sources), *runtime]).encode()),
            "stdlib": _sha256("\n".join([*names, *STDLIB_SEEDS, *STDLIB_EXCLUDED, *COMMAND_LINES,
                                         *runtime]).encode())}
