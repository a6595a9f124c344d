"""Every reliance of the game and its build on an internal of the vendored runtime, named once.

PyScript and Pyodide are vendored at the versions ``static/vendor.lock.json`` pins.  Where the
game or the build leans on something those releases do not promise (a minifier's name, a
private option, an English message, a file name with a content hash), it is listed here in
``ASSUMPTIONS``: the vendored file it is in, which of our files relies on it and how, and a
check of the vendored file.  ``tests/test_vendor_assumptions.py`` runs every check on the files
under ``static/vendor/``; after an update of the lock, a failure names the internal, the file
and the version that no longer has it.  Standard library only (``python3 -S build.py dist``).
"""

from __future__ import annotations

import functools
import io
import json
import re
import tarfile
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
LOCK = ROOT / "static" / "vendor.lock.json"
VENDOR = "static/vendor/"

# The oldest Node.js the vendored Pyodide runs on (its package.json's engines): the build runs
# it there to compile (``builder/compiler.py``).
NODE_MAJOR = 18
# Where PyScript's Python package starts in its core module: the minifier's name for the
# function that writes a tree of folders and files into Python's working directory.
PYSCRIPT_FILES = 'wo(".",{'
BARE_KEY = re.compile(r"[A-Za-z_$][\w$]*")


@functools.cache
def lock() -> dict[str, Any]:
    pins: dict[str, Any] = json.loads(LOCK.read_text(encoding="utf-8"))
    return pins


def hashed(prefix: str) -> str:
    """The one served file whose name starts with ``prefix`` (``pyscript/core-``): PyScript's
    bundler names its modules by their content, so the name is read from the lock, where every
    served file is pinned anyway, rather than written again."""
    names = [name for artifact in lock()["artifacts"] for name in artifact["serve"]
             if name.startswith(prefix) and name.endswith(".js")]
    if len(names) != 1:
        raise ValueError(f"static/vendor.lock.json serves {len(names)} files {prefix}*.js, "
                         f"not one: {names}")
    return str(names[0])


# PyScript's core module (most of PyScript), as the site serves it: static/vendor/pyscript/core-<hash>.js.
PYSCRIPT_CORE = VENDOR + hashed("pyscript/core-")


def pin(vendored: str) -> str:
    """The pinned release a vendored file (relative to static/vendor/, or ``downloads/<file>``)
    comes from, as its download command names it: ``@pyscript/core@0.7.31``."""
    for artifact in lock()["artifacts"]:
        if vendored in artifact["serve"] or vendored == f"downloads/{artifact['file']}":
            return str(artifact["command"][-1])
    raise KeyError(f"static/vendor.lock.json pins no file {vendored}")


def download(vendored: str) -> str:
    """Where the download a vendored file comes from is kept: ``downloads/<file>``."""
    return next(f"downloads/{artifact['file']}" for artifact in lock()["artifacts"]
                if vendored in artifact["serve"])


def pyscript_files(text: str) -> tuple[dict[str, str], str]:
    """PyScript's own Python package as PyScript writes it at every start (name in the working
    directory -> source), and the JavaScript it is read from: the object literal of folders
    and files inside PyScript's core (``wo(".",{pyscript:{"__init__.py":"...",...}})``),
    read as JSON with bare keys.  ValueError, saying where, when it is not there as expected."""
    start = text.find(PYSCRIPT_FILES)
    if start < 0:
        raise ValueError(f"{PYSCRIPT_FILES} not found")
    decoder = json.JSONDecoder()
    at = start = start + len(PYSCRIPT_FILES) - 1
    files: dict[str, str] = {}

    def expect(character: str) -> None:
        nonlocal at
        if text[at] != character:
            raise ValueError(f"{character!r} expected at {at}")
        at += 1

    def folder(path: str) -> None:
        nonlocal at
        expect("{")
        while text[at] != "}":
            bare = BARE_KEY.match(text, at)
            if bare:
                name, at = bare.group(0), bare.end()
            else:
                name, at = decoder.raw_decode(text, at)
            expect(":")
            if text[at] == "{":
                folder(f"{path}{name}/")
            else:
                source, at = decoder.raw_decode(text, at)
                if not isinstance(source, str):
                    raise ValueError(f"{path}{name} is not a string")
                files[f"{path}{name}"] = source
            if text[at] == ",":
                at += 1
        expect("}")

    try:
        folder("")
        expect(")")
    except IndexError:
        raise ValueError(f"the literal at {start} ends early") from None
    return files, text[start:at - 1]


# --- checks: each takes the vendored file's bytes and says what is not as relied on ---------

Check = Callable[[bytes], list[str]]


def has(*texts: str) -> Check:
    """Each of ``texts`` is in the file."""
    return lambda data: [f"no {text!r} in it" for text in texts
                         if text.encode("utf-8") not in data]


def has_those_of(ours: str, pattern: str) -> Check:
    """Every string that ``pattern`` finds in our file ``ours`` is in the vendored file."""
    def check(data: bytes) -> list[str]:
        texts = re.findall(pattern, (ROOT / ours).read_text("utf-8"))
        return [f"{ours} no longer has them ({pattern!r} finds nothing)"] if not texts \
            else has(*texts)(data)
    return check


def member(name: str, check: Check) -> Check:
    """``check`` holds for the file ``name`` inside the vendored zip or tarball."""
    def inside(data: bytes) -> list[str]:
        try:
            if data[:2] == b"PK":
                content = zipfile.ZipFile(io.BytesIO(data)).read(name)
            else:
                with tarfile.open(fileobj=io.BytesIO(data)) as tar:
                    extracted = tar.extractfile(name)
                    content = extracted.read() if extracted else b""
        except KeyError:
            return [f"no file {name} in it"]
        return [f"{name}: {problem}" for problem in check(content)]
    return inside


def json_keys(*keys: str) -> Check:
    def check(data: bytes) -> list[str]:
        found = json.loads(data)
        return [f"no key {key!r} at its top" for key in keys if key not in found]
    return check


def _leb128(data: bytes, at: int) -> tuple[int, int]:
    value = shift = 0
    while True:
        byte = data[at]
        at += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return value, at


def wasm_exports(data: bytes) -> dict[str, int]:
    """A WebAssembly module's exports: name -> kind (0 function, 1 table, 2 memory, 3 global)."""
    if data[:4] != b"\0asm":
        raise ValueError("not a WebAssembly module")
    at, exports = 8, {}
    while at < len(data):
        section, at = data[at], at + 1
        size, at = _leb128(data, at)
        if section == 7:
            count, inner = _leb128(data, at)
            for _ in range(count):
                length, inner = _leb128(data, inner)
                name = data[inner:inner + length].decode("utf-8")
                kind = data[inner + length]
                _, inner = _leb128(data, inner + length + 1)
                exports[name] = kind
        at += size
    return exports


def exports_memory(name: str) -> Check:
    """The module exports its linear memory as ``name`` (it does not import it)."""
    return lambda data: [] if wasm_exports(data).get(name) == 2 else \
        [f"its exports have no memory named {name!r}"]


def reads_pyscript_files(data: bytes) -> list[str]:
    try:
        files, _ = pyscript_files(data.decode("utf-8"))
    except ValueError as error:
        return [f"PyScript's Python files do not read as expected ({error})"]
    return [] if "pyscript/__init__.py" in files else ["no pyscript/__init__.py among its files"]


@dataclass(frozen=True)
class Assumption:
    internal: str       # what is relied on, unpromised by the vendor's release
    vendored: str       # the file it is in, relative to static/vendor/ (``downloads/``: a download)
    ours: str           # our file that relies on it ...
    used_as: str        # ... and the text there that does (a stale entry fails too)
    check: Check        # what the vendored file must have: its problems, none when it holds

    def problems(self, root: Path = ROOT) -> list[str]:
        """What no longer holds, each naming the internal and the pinned release; none if all does."""
        said = f"{self.internal} (relied on by {self.ours}) in {self.vendored} of {pin(self.vendored)}"
        if self.used_as not in (root / self.ours).read_text("utf-8"):
            return [(f"{said}: {self.ours} no longer has {self.used_as!r}; remove the entry "
                     f"from builder/vendor_internals.py if nothing relies on it now")]
        path = root / VENDOR / self.vendored
        if not path.is_file():
            return [f"{said}: the file is missing (run `python3 build.py dist`)"]
        return [f"{said}: {problem}" for problem in self.check(path.read_bytes())]


CORE = PYSCRIPT_CORE.removeprefix(VENDOR)
TOML = hashed("pyscript/toml-")
ERROR = hashed("pyscript/error-")

ASSUMPTIONS = (
    # --- PyScript ---
    Assumption("the content-hashed name of PyScript's core, which its entry module imports",
               "pyscript/core.js", "index.html", f"./static/vendor/{CORE}",
               has(f'"./{CORE.removeprefix("pyscript/")}"')),
    Assumption("the content-hashed name of PyScript's TOML parser, which its core imports",
               CORE, "index.html", f"./static/vendor/{TOML}",
               has(f'"./{TOML.removeprefix("pyscript/")}"')),
    Assumption("PyScript's Python package as an object literal in its core, after the "
               "minifier's name for the function that writes it (PYSCRIPT_FILES)",
               CORE, "builder/compiler.py", "pyscript_files(", reads_pyscript_files),
    Assumption("PyScript's English loading stages, the `py:progress` events' detail",
               CORE, "static/boot.js", "py:progress",
               has_those_of("static/boot.js", r'\["(Load[^"]+)", \[')),
    Assumption("PyScript's English fetch errors, where the boot finds the missing file",
               CORE, "static/boot.js", "Unable to fetch",
               has("] Unable to fetch ", "Fetching from URL ", " failed with error ")),
    Assumption("PyScript's error banner, a `.py-error` element added to <body>",
               ERROR, "static/boot.js", '".py-error"',
               has('className="py-error"', "document.body.append(")),
    Assumption("PyScript's IndexedDB stores, opened as `IDBMap/<name>`",
               CORE, "static/pyscript-stores.mjs", '"IDBMap/"',
               has('prefix:"IDBMap"', "indexedDB.open(`${")),
    Assumption("PyScript's Pyodide engine, which calls the interpreter module's `loadPyodide` "
               "and reads its `version`",
               CORE, "static/interpreter.mjs", "export async function loadPyodide",
               has("async engine({loadPyodide:")),
    # --- Pyodide ---
    Assumption("Pyodide's private `_loadSnapshot` option (restore a memory snapshot)",
               "pyodide/pyodide.mjs", "static/interpreter.mjs", "_loadSnapshot:",
               has("_loadSnapshot")),
    Assumption("Pyodide's private `_makeSnapshot` option and its experimental "
               "`makeMemorySnapshot`",
               "pyodide/pyodide.asm.mjs", "static/snapshot-worker.mjs", "_makeSnapshot: true",
               has("_makeSnapshot", "makeMemorySnapshot")),
    Assumption("Pyodide's runtime exports its wasm memory as `memory` (withRoomFor grows it)",
               "pyodide/pyodide.asm.wasm", "static/interpreter.mjs", "exports?.memory",
               exports_memory("memory")),
    Assumption("Pyodide instantiates its wasm through `WebAssembly.instantiate` or "
               "`instantiateStreaming`, looked up when called (withRoomFor wraps them)",
               "pyodide/pyodide.asm.mjs", "static/interpreter.mjs", "WebAssembly.instantiateStreaming =",
               has("WebAssembly.instantiate")),
    Assumption("Pyodide's private `pyodide._package_loader.SITE_PACKAGES`, where wheels go",
               "pyodide/python_stdlib.zip", "static/snapshot-pages.mjs", "pyodide._package_loader",
               member("pyodide/_package_loader.py", has("SITE_PACKAGES = "))),
    Assumption("the names of the files Pyodide's loader fetches from its folder (the boot "
               "counts them in; the build serves its own library and lock file under two)",
               "pyodide/pyodide.mjs", "static/boot.js", '["/pyodide.asm.wasm", ',
               has_those_of("static/boot.js", r'\["/([\w.-]+)", 0\.')),
    Assumption("Pyodide's lock file: a header (`info`), which Pyodide checks, and an index "
               "(`packages`), which the site does not need",
               "pyodide/pyodide-lock.json", "build.py", '"packages": {}', json_keys("info", "packages")),
    Assumption("Pyodide's standard library at `/lib/python<major><minor>.zip`",
               "pyodide/pyodide.mjs", "builder/pyodide_compile.py", "/lib/python",
               has("/lib/python${")),
    Assumption("CPython's private `importlib._bootstrap_external._code_to_hash_pyc` in "
               "Pyodide's standard library (hash-based .pyc files)",
               "pyodide/python_stdlib.zip", "builder/pyodide_compile.py", "_code_to_hash_pyc",
               member("importlib/_bootstrap_external.py", has("def _code_to_hash_pyc("))),
    Assumption("CPython's `dataclasses` compiles each class's methods from source with `exec`, "
               "looked up by name in its module (the build records that code, the page runs it)",
               "pyodide/python_stdlib.zip", "game/web/codecache.py", 'setattr(dataclasses, "exec"',
               member("dataclasses.py", has("exec(txt, self.globals, ns)"))),
    Assumption(f"the oldest Node.js Pyodide runs on (NODE_MAJOR = {NODE_MAJOR})",
               download("pyodide/pyodide.mjs"), "builder/compiler.py", "NODE_MAJOR",
               member("package/package.json", has(f'"node": ">={NODE_MAJOR}.'))),
)
