#!/usr/bin/env python3
"""Vendor the runtime, build the game archive, and serve, test or package the game.

Serving and packaging need Python's standard library alone (check: ``python3 -S build.py
dist DIR``), Node.js with npm, and pip to download one wheel; ``test`` installs its own tools.

    python3 build.py serve [--port N]   serve the game on http://127.0.0.1:N/
    python3 build.py test               install test tools, run ruff, mypy and the whole test suite
    python3 build.py dist [DIR]         write a self-contained static site (default: dist/)
    python3 build.py geography          recompute the board geometry in game/maps/*.json
    python3 build.py catalogs           rewrite game/locales/game.pot from en.po, merge it into
                                        every other catalog (new keys untranslated)

The runtime (PyScript, Pyodide, the svgwrite wheel) is downloaded with ``npm pack`` and
``pip download`` at the versions and SHA-256 hashes pinned in ``static/vendor.lock.json``
and unpacked under ``static/vendor/``; the build draws the rules pages' boards with that same
wheel, imported as it is (``game/board/svgwrite_wheel.py``), so nothing is installed by hand.  The package ``game/`` reaches the browser as one
archive, ``static/build/game.zip``, with the English catalog of ``game/locales/`` compiled
from PO to MO (``game/pofile.py``, stdlib only), next to every other language's MO file,
``static/build/locales/<language>.mo`` (the page fetches the one it speaks), and
``static/build/boot-messages.json`` (the loading screen's strings, taken from the same
catalogs, and where each catalog is); the rules pages,
``static/build/rules-<language>.html``, and their examples' boards, ``static/build/examples/``.
All of these are git-ignored build output; ``pyscript.toml`` is generated here too, but committed.
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import http.server
import io
import json
import os
import posixpath
import re
import shutil
import subprocess
import sys
import tarfile
import urllib.parse
import zipfile
from pathlib import Path
from typing import ClassVar

if sys.version_info < (3, 11):  # noqa: UP036 (a newcomer's older Python gets a message, not a traceback)
    sys.exit(f"build: Python 3.11 or newer is needed; this is {sys.version.split()[0]} ({sys.executable})")

from game import i18n, pofile, theme
from game.board import svgwrite_wheel

ROOT = Path(__file__).resolve().parent
GAME = ROOT / "game"
LOCALES = GAME / "locales"
TEMPLATE = LOCALES / "game.pot"
STATIC = ROOT / "static"
VENDOR = STATIC / "vendor"
DOWNLOADS = VENDOR / "downloads"
TEST_VENDOR = ROOT / "tests" / "browser" / "vendor"     # test-only tools (axe-core, geckodriver): never served
BUILD = STATIC / "build"
LOCK = STATIC / "vendor.lock.json"
ARCHIVE = BUILD / "game.zip"
STDLIB = BUILD / "python_stdlib.zip"         # served in place of the vendored one (below)
LOCKFILE = BUILD / "pyodide-lock.json"       # likewise
COMPILED_FROM = BUILD / "compiled-from.json"   # keys of what the bytecode and STDLIB were made from
BOOT_MESSAGES = BUILD / "boot-messages.json"
CATALOGS = BUILD / "locales"                 # every language's MO file but the archive's English
# The languages whose catalogs are files of their own in CATALOGS, fetched by the page: name.
FETCHED_CATALOGS = {code: f"{code}.mo" for code in i18n.LANGUAGES if code != i18n.DEFAULT_LANGUAGE}
PYSCRIPT_CONFIG = ROOT / "pyscript.toml"
DIST = ROOT / "dist"

SERVICE_WORKER = STATIC / "sw.js"        # served from the site's root as /sw.js
ICONS = BUILD / "icons"

PYODIDE = "static/vendor/pyodide/pyodide.mjs"
INTERPRETER = "static/interpreter.mjs"     # wraps PYODIDE's loadPyodide: the memory snapshot
VENDORED_STDLIB = "static/vendor/pyodide/python_stdlib.zip"
# Files the site serves from the build in place of a vendored file (at the vendored URL).
VENDORED_LOCKFILE = "static/vendor/pyodide/pyodide-lock.json"
BUILT_IN_PLACE = {VENDORED_STDLIB: STDLIB, VENDORED_LOCKFILE: LOCKFILE}
SVGWRITE_WHEEL = svgwrite_wheel.WHEEL
BOOT_KEY_PREFIX = "boot."

# Test tools, pinned; the game itself needs none of them.
TEST_REQUIREMENTS = ("pytest==9.0.3", "hypothesis==6.155.2", "playwright==1.65.2",
                     "ruff==0.17.6", "mypy==2.4.1", "babel==2.18.0")
# Fonts for the Chinese and Japanese screenshots (Debian packages; the game ships no fonts).
TEST_FONTS = {"fonts-noto-cjk": Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")}
CHROMIUM = Path("/usr/bin/chromium")
FIREFOX = Path("/usr/bin/firefox-esr")
WEBKIT_DRIVER = Path("/usr/bin/WebKitWebDriver")     # drives WebKitGTK's MiniBrowser
XVFB = Path("/usr/bin/Xvfb")                          # the X display MiniBrowser draws on
# The Debian packages the browser tests run, each with a file that shows it is installed.
BROWSER_PACKAGES = {"chromium": CHROMIUM, "firefox-esr": FIREFOX, "webkit2gtk-driver": WEBKIT_DRIVER,
                 "xvfb": XVFB}
LINTED = ("game", "tests", "build.py")

MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".wasm": "application/wasm",
    ".svg": "image/svg+xml",
    ".zip": "application/zip",
    ".whl": "application/zip",
    ".png": "image/png",
    ".webmanifest": "application/manifest+json",
    ".toml": "application/toml",
}

# A fixed timestamp keeps the archive byte-for-byte reproducible.
ZIP_DATE = (2020, 1, 1, 0, 0, 0)


class BuildError(Exception):
    """Something the build needs is missing or does not match its pinned hash."""


# --- vendoring -----------------------------------------------------------------------------

def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def file_sha256(path: Path) -> str | None:
    return sha256(path.read_bytes()) if path.is_file() else None


def load_lock(kind: str = "artifacts") -> list[dict]:
    """The pinned downloads: the runtime's (``artifacts``) or the tests' own (``test_artifacts``)."""
    return json.loads(LOCK.read_text(encoding="utf-8")).get(kind, [])


def served_files() -> dict[str, str]:
    """Every vendored file the browser may fetch, relative to static/vendor/, with its hash."""
    return {name: spec["sha256"] for artifact in load_lock()
            for name, spec in artifact["serve"].items()}


def _download(artifact: dict) -> bytes:
    """The artifact's bytes, downloaded unless a copy with the pinned hash is already there."""
    path = DOWNLOADS / artifact["file"]
    if file_sha256(path) != artifact["sha256"]:
        command = list(artifact["command"])
        if command[0] == "pip":
            command = [sys.executable, "-m", "pip", *command[1:], "--dest", str(DOWNLOADS)]
        elif shutil.which(command[0]) is None:
            raise BuildError(f"`{command[0]}` is needed to download {artifact['file']}; "
                             f"install Node.js and npm (e.g. `apt-get install npm`).")
        DOWNLOADS.mkdir(parents=True, exist_ok=True)
        print(f"build: downloading {artifact['file']} ({' '.join(artifact['command'])})")
        done = subprocess.run(command, cwd=DOWNLOADS, capture_output=True, text=True, check=False)
        if done.returncode != 0 and "No module named pip" in done.stderr:
            raise BuildError(f"pip is needed to download {artifact['file']}: install it "
                             f"(`apt-get install python3-pip`, or `{sys.executable} -m ensurepip`)")
        if done.returncode != 0:
            raise BuildError(f"`{' '.join(artifact['command'])}` failed:\n{done.stderr.strip()}")
    data = path.read_bytes() if path.is_file() else b""
    if sha256(data) != artifact["sha256"]:
        raise BuildError(f"{path} has SHA-256 {sha256(data)}, but static/vendor.lock.json pins "
                         f"{artifact['sha256']}: the download is not the pinned release. "
                         f"Delete it and retry; if it persists, do not use it.")
    return data


def _extract(artifact: dict, data: bytes, source: str) -> bytes:
    """One file of a downloaded tarball or wheel, or the download itself when ``source`` is empty."""
    if not source:
        return data
    if artifact["file"].endswith(".whl"):
        with zipfile.ZipFile(io.BytesIO(data)) as wheel:
            try:
                return wheel.read(source)
            except KeyError:
                raise BuildError(f"{artifact['file']} has no file {source}") from None
    with tarfile.open(fileobj=io.BytesIO(data)) as tar:
        try:
            return tar.extractfile(source).read()
        except (KeyError, AttributeError):
            raise BuildError(f"{artifact['file']} has no file {source}") from None


def vendor(kind: str = "artifacts", into: Path | None = None) -> None:
    """Make sure static/vendor/ holds every pinned runtime file (or ``into`` every file of the
    lock's ``kind``, e.g. the tests' tools in tests/browser/vendor/); raise BuildError otherwise.
    A file pinned with ``"executable": true`` (a program: geckodriver) is made executable."""
    into = VENDOR if into is None else into
    for artifact in load_lock(kind):
        missing = {name: spec for name, spec in artifact["serve"].items()
                   if file_sha256(into / name) != spec["sha256"]
                   or spec.get("executable") and not os.access(into / name, os.X_OK)}
        if not missing:
            continue
        data = _download(artifact)
        for name, spec in missing.items():
            content = _extract(artifact, data, spec["from"])
            if sha256(content) != spec["sha256"]:
                raise BuildError(f"{name} from {artifact['file']} has SHA-256 {sha256(content)}, "
                                 f"but static/vendor.lock.json pins {spec['sha256']}.")
            target = into / name
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(content)
            if spec.get("executable"):
                target.chmod(0o755)


# --- the game's own build output -----------------------------------------------------------

def archived_files() -> list[Path]:
    """The files of game/ that the browser needs: sources and data, no caches, no tests, no
    translation template, of the catalogs only English's (the reference, which fills any
    missing key; its PO file travels compiled, see ``archived_bytes``; the others are fetched
    one at a time, see ``build_catalogs``)."""
    return sorted(path for path in GAME.rglob("*")
                  if path.is_file() and "__pycache__" not in path.parts
                  and "tests" not in path.relative_to(GAME).parts
                  and path.suffix not in (".pyc", ".pyo", ".pot")
                  and not (path.suffix == ".po" and path.stem in FETCHED_CATALOGS))


def archived_bytes(path: Path) -> tuple[str, bytes]:
    """A file's name and content in the archive: a PO catalog becomes its MO file."""
    name = path.relative_to(ROOT).as_posix()
    if path.suffix == ".po":
        return (name[:-3] + ".mo",
                pofile.compile_mo(pofile.read_po(path.read_text(encoding="utf-8"))))
    return name, path.read_bytes()


def _zip(entries: dict[str, bytes]) -> bytes:
    """A reproducible zip of ``entries`` (name -> content), in the order given."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for name, data in entries.items():
            info = zipfile.ZipInfo(name, ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, data)
    return buffer.getvalue()


def game_archive(bytecode: dict[str, bytes] | None = None) -> bytes:
    """A reproducible zip of game/ (entries under ``game/``), with ``bytecode``
    (``game/.../__pycache__/*.pyc`` and PyScript's ``pyscript/__pycache__/*.pyc`` -> content)
    after the sources."""
    sources = dict(archived_bytes(path) for path in archived_files())
    return _zip({**sources, **dict(sorted((bytecode or {}).items()))})


# --- bytecode and the standard library, made by the vendored Pyodide itself (in Node.js) ---
# Pyodide's Python (3.14) is not the build's (3.11+), and bytecode is only valid for the
# version that wrote it, so the vendored runtime compiles: build.py runs it under Node.js.
# Out of it come the game's bytecode (unchecked hash-based .pyc, PEP 552: used as they are,
# whatever the unpacked sources' timestamps; without the docstrings, which are for readers
# and doctests; the sources stay, for tracebacks), the bytecode of PyScript's own package
# (checked hash-based .pyc: PyScript writes its sources into the working directory at every
# start, where the game's archive puts these first, and Python compiled them there at every
# start; a source that differed would be compiled as before) and a standard
# library holding only the modules that the game, svgwrite, PyScript's Python and Pyodide's
# own start can import (found by modulefinder over their sources, imports inside functions
# included): compiled where the game's modules import them, as with `python -OO` (no
# docstrings or asserts: CPython tests its standard library that way), sources otherwise.

PYODIDE_JOB = """
import { loadPyodide } from "PYODIDE_URL";
import fs from "node:fs";
const job = JSON.parse(fs.readFileSync(0, "utf8"));
const pyodide = await loadPyodide({ indexURL: job.runtime });
pyodide.FS.mkdirTree("/job");
for (const [name, path] of Object.entries(job.inputs)) {
  pyodide.FS.writeFile(`/job/${name}`, fs.readFileSync(path));
}
pyodide.globals.set("SEEDS", pyodide.toPy(job.seeds));
pyodide.globals.set("EXCLUDED", pyodide.toPy(job.excluded));
pyodide.globals.set("COMMANDS", pyodide.toPy(job.commands));
pyodide.globals.set("WITH_STDLIB", "python_stdlib.zip" in job.inputs);
pyodide.runPython(job.python);
for (const [name, path] of Object.entries(job.outputs)) {
  fs.writeFileSync(path, pyodide.FS.readFile(`/job/${name}`));
}
"""

PYODIDE_PYTHON = """
import ast, importlib, importlib.util, json, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc
STARTUP = sorted(sys.modules)       # what Pyodide itself has imported when it is ready
WHERE = f"/lib/python{sys.version_info.major}{sys.version_info.minor}.zip/"   # the stdlib's path

def pyc(source, filename):
    # The standard library's: as with `python -OO` (CPython tests its library that way).
    code = compile(source, filename, "exec", dont_inherit=True, optimize=2)
    return _code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False)

def without_docstrings(source, filename):
    # The game's own: its docstrings are for readers and CPython's doctests; its asserts stay.
    tree = ast.parse(source, filename)
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            first = node.body[0] if node.body else None
            if (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
                    and isinstance(first.value.value, str)):
                node.body = node.body[1:] or [ast.copy_location(ast.Pass(), first)]
    return tree

def module_names(names):
    for name in names:
        if name.endswith(".py") and not name.endswith("__main__.py"):   # (a command)
            yield name[:-3].removesuffix("/__init__").replace("/", ".")

def game_bytecode(game):
    bytecode = {}
    for name in game.namelist():
        if name.endswith(".py"):
            folder, _, file = name.rpartition("/")
            cached = f"{folder}/__pycache__/{file[:-3]}.{sys.implementation.cache_tag}.pyc"
            source = game.read(name)
            code = compile(without_docstrings(source, name), name, "exec", dont_inherit=True)
            bytecode[cached] = _code_to_hash_pyc(code, importlib.util.source_hash(source),
                                                 checked=False).hex()
    return bytecode

def pyscript_bytecode():
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

def trimmed_stdlib(game):
    wheel = zipfile.ZipFile("/job/svgwrite.whl")
    game.extractall("/job/src")
    wheel.extractall("/job/site")
    sources = [*SEEDS, *module_names(game.namelist()), *module_names(wheel.namelist())]
    # What importing every module of the game (but its command lines) and svgwrite imports
    # (roughly, the page's start) is compiled; the rest of what they could import is kept
    # as source (smaller).
    sys.path[:0] = ["/job/src", "/job/site"]
    for name in sources:
        if name in COMMANDS:
            continue
        try:
            importlib.import_module(name)
        except Exception:
            pass                    # e.g. game.web, which needs a page
    imported = {module.__file__.removeprefix(WHERE) for module in list(sys.modules.values())
                if (getattr(module, "__file__", None) or "").startswith(WHERE)}
    import modulefinder
    stdlib = zipfile.ZipFile("/job/python_stdlib.zip")
    stdlib.extractall("/job/stdlib")
    finder = modulefinder.ModuleFinder(path=["/job/stdlib", "/job/src", "/job/site"],
                                       excludes=EXCLUDED)
    for name in [*STARTUP, *sources]:
        try:
            finder.import_hook(name)
        except ImportError:
            pass                    # built in, or not in the standard library: nothing to keep
    kept = {module.__file__.removeprefix("/job/stdlib/") for module in finder.modules.values()
            if (module.__file__ or "").startswith("/job/stdlib/")}
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

game = zipfile.ZipFile("/job/game.zip")
with open("/job/bytecode.json", "w") as out:
    json.dump({**game_bytecode(game), **pyscript_bytecode()}, out)
if WITH_STDLIB:
    trimmed_stdlib(game)
"""

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
PYSCRIPT_CORE = "static/vendor/pyscript/core-C9KDLldu.js"
PYSCRIPT_FILES = 'wo(".",{'      # where its Python package's files start in it
BARE_KEY = re.compile(r"[A-Za-z_$][\w$]*")


def _pyscript_files() -> tuple[dict[str, str], str]:
    """PyScript's own Python package as PyScript writes it at every start (name in the working
    directory -> source), and the JavaScript it is read from: the object literal of folders
    and files inside PyScript's core (``wo(".",{pyscript:{"__init__.py":"...",...}})``),
    read here as JSON with bare keys."""
    text = (ROOT / PYSCRIPT_CORE).read_text("utf-8")
    start = text.find(PYSCRIPT_FILES)
    if start < 0:
        raise BuildError(f"PyScript's Python files are not where this build expects them in {PYSCRIPT_CORE}")
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
    except (IndexError, ValueError) as error:
        raise BuildError(f"PyScript's Python files in {PYSCRIPT_CORE} do not read as expected ({error})") from None
    return files, text[start:at - 1]


def pyscript_sources() -> dict[str, str]:
    """PyScript's own Python package as PyScript writes it at every start (name in the working
    directory -> source)."""
    return _pyscript_files()[0]


def pyscript_literal() -> str:
    """The JavaScript object literal PyScript writes its package from (for a test that reads
    it as JavaScript does)."""
    return _pyscript_files()[1]


def _pyscript_imports() -> list[str]:
    """The modules PyScript's own Python (carried inside its JavaScript) imports."""
    text = (ROOT / PYSCRIPT_CORE).read_text("utf-8")
    return sorted(set(re.findall(r"(?:\bimport|\bfrom)\s+([A-Za-z_][\w.]*)", text)))


NODE_MAJOR = 18      # the oldest Node.js the vendored Pyodide runs on (its package.json's engines)


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


def compile_with_pyodide(sources: bytes, stdlib: bool) -> tuple[dict[str, bytes], bytes | None]:
    """The bytecode of the game in the archive ``sources`` and (if ``stdlib``) the trimmed,
    compiled standard library, made by the vendored Pyodide under Node.js."""
    node = node_program()
    folder = BUILD / "compiling"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    try:
        (folder / "game.zip").write_bytes(sources)
        (folder / "pyscript.json").write_text(json.dumps(pyscript_sources()), "utf-8")
        inputs = {"game.zip": folder / "game.zip", "pyscript.json": folder / "pyscript.json"}
        outputs = {"bytecode.json": folder / "bytecode.json"}
        if stdlib:
            inputs |= {"svgwrite.whl": ROOT / SVGWRITE_WHEEL, "python_stdlib.zip": ROOT / VENDORED_STDLIB}
            outputs["stdlib.zip"] = folder / "stdlib.zip"
        job = {"inputs": {name: str(path) for name, path in inputs.items()},
               "outputs": {name: str(path) for name, path in outputs.items()},
               "seeds": [*STDLIB_SEEDS, *_pyscript_imports()], "excluded": list(STDLIB_EXCLUDED),
               "commands": list(COMMAND_LINES),
               "python": PYODIDE_PYTHON, "runtime": f"{(ROOT / PYODIDE).parent}/"}
        script = PYODIDE_JOB.replace("PYODIDE_URL", (ROOT / PYODIDE).as_uri())
        done = subprocess.run([node, "--input-type=module", "-e", script], input=json.dumps(job),
                              capture_output=True, text=True, check=False)
        if done.returncode != 0:
            error = done.stderr[done.stderr.find("PythonError"):] or done.stderr
            raise BuildError(f"compiling with Pyodide failed:\n{error.strip()[:3000]}")
        bytecode = {name: bytes.fromhex(data) for name, data in
                    json.loads((folder / "bytecode.json").read_text("utf-8")).items()}
        return bytecode, (folder / "stdlib.zip").read_bytes() if stdlib else None
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _imports(source: bytes) -> set[str]:
    """The modules a Python source names in its import statements (for the build's keys)."""
    text = source.decode("utf-8")
    names = set(re.findall(r"^\s*from\s+([\w.]+)\s+import", text, re.MULTILINE))
    for line in re.findall(r"^\s*import\s+([\w., ]+)", text, re.MULTILINE):
        names.update(part.split(" as ")[0].strip() for part in line.split(","))
    return names


def _build_keys(sources: bytes) -> dict[str, str]:
    """What the archive's bytecode and the trimmed standard library are made from: when
    a key changes, Pyodide makes that part again (an edit that imports nothing new only
    recompiles the game)."""
    pins = served_files()
    runtime = [sha256(PYODIDE_PYTHON.encode()), sha256(PYODIDE_JOB.encode()),
               sha256(json.dumps(pyscript_sources()).encode()),
               *(pins[name.removeprefix("static/vendor/")]
                 for name in (VENDORED_STDLIB, SVGWRITE_WHEEL, PYSCRIPT_CORE))]
    imports = sorted(set().union(*(_imports(path.read_bytes()) for path in archived_files()
                                   if path.suffix == ".py")))
    return {"archive": sha256("\n".join([sha256(sources), *runtime]).encode()),
            "stdlib": sha256("\n".join([*imports, *STDLIB_SEEDS, *STDLIB_EXCLUDED, *COMMAND_LINES,
                                        *runtime])
                             .encode())}


def boot_messages() -> dict[str, object]:
    """What the pre-Python loader needs to speak the player's language: the shipped languages
    with their names, the aliases (``game/i18n.py``), the ``boot.*`` strings of each, and
    where each catalog not in the archive is (relative to this file; ``bust_caches`` names
    them by content in ``dist``)."""
    messages = {}
    i18n.catalog.cache_clear()          # a server that rebuilds reads the catalogs as edited
    for code in i18n.LANGUAGES:
        messages[code] = {key: forms[0] for key, forms in i18n.catalog(code).items()
                          if key.startswith(BOOT_KEY_PREFIX) and forms[0]}
    catalogs = {code: f"{CATALOGS.name}/{name}" for code, name in FETCHED_CATALOGS.items()}
    return {"languages": i18n.LANGUAGES, "aliases": i18n.ALIASES, "messages": messages,
            "catalogs": catalogs}


def template() -> str:
    """game/locales/game.pot: every message id of the English catalog, its text as a comment."""
    entries = i18n.source_entries(i18n.DEFAULT_LANGUAGE)
    head = pofile.Entry("", ("Project-Id-Version: ticket-to-ride\nMIME-Version: 1.0\n"
                             "Content-Type: text/plain; charset=UTF-8\n"
                             "Content-Transfer-Encoding: 8bit\n"),)
    blank = [pofile.Entry(entry.msgid, ("",) * len(entry.forms), entry.msgid_plural,
                          tuple(f"English: {form}" for form in entry.forms))
             for entry in entries if entry.msgid]
    return pofile.write_po([head, *blank])


def update_catalogs() -> None:
    """Rewrite game.pot from en.po, and bring every other catalog in line with it (msgmerge):
    new ids added untranslated, ids gone from English removed, the template's order kept."""
    _write_if_changed(TEMPLATE, template().encode("utf-8"))
    reference = pofile.read_po(TEMPLATE.read_text(encoding="utf-8"))
    for path in sorted(LOCALES.glob("*.po")):
        if path.stem == i18n.DEFAULT_LANGUAGE:
            continue
        entries = pofile.read_po(path.read_text(encoding="utf-8"))
        known = {entry.msgid: entry for entry in entries}
        plurals = int(pofile.header(entries)["Plural-Forms"].split(";")[0].split("=")[1])
        merged = [known[""]]
        for entry in reference[1:]:
            old = known.get(entry.msgid)
            if old is None or old.plural != entry.plural:
                forms = ("",) * (plurals if entry.plural else 1)
                old = pofile.Entry(entry.msgid, forms, entry.msgid_plural)
            merged.append(pofile.Entry(old.msgid, old.forms, old.msgid_plural, entry.comments,
                                       old.flags))
        _write_if_changed(path, pofile.write_po(merged).encode("utf-8"))


# (no quotes in the comment: PyScript's TOML parser takes out strings before comments)
PYSCRIPT_CONFIG_HEAD = "# The configuration PyScript reads, generated by build.py (pyscript_config): edit that.\n"


def pyscript_config() -> str:
    """The pyscript.toml this build produces (committed; a test checks it is up to date).

    Every URL is relative to the file.  ``interpreter`` is our module around the vendored
    Pyodide (without it PyScript fetches Pyodide from a CDN).  ``packages_cache =
    "passthrough"`` hands the wheel to ``loadPyodide`` itself; no package index
    (``index_urls = []``): every package is a local file, which also skips PyScript's
    package-graph lookup.  No ``files``: game/ travels as one archive, which the interpreter
    module downloads while the runtime loads and unpacks into Python's working directory
    (``static/archive.mjs``).  Only strings and lists of strings, written as TOML basic
    strings (JSON's escapes are TOML's), which PyScript's small TOML parser reads.
    """
    config: dict[str, str | list[str]] = {
        "interpreter": f"./{INTERPRETER}",
        "packages": [f"./{SVGWRITE_WHEEL}"],
        "packages_cache": "passthrough",
        "index_urls": [],
    }

    def value(item: str | list[str]) -> str:
        if isinstance(item, str):
            return json.dumps(item)
        return "[" + ", ".join(json.dumps(element) for element in item) + "]"
    return PYSCRIPT_CONFIG_HEAD + "".join(f"{key} = {value(item)}\n" for key, item in config.items())


def _write_if_changed(path: Path, data: bytes) -> None:
    if not path.is_file() or path.read_bytes() != data:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)


def build_game() -> None:
    """Write the archive (with its bytecode), the trimmed standard library, the catalogs
    fetched apart and the loader's strings from the current sources; Pyodide compiles only
    what an edit has changed."""
    sources = game_archive()
    keys = _build_keys(sources)
    built = json.loads(COMPILED_FROM.read_text("utf-8")) if COMPILED_FROM.is_file() else {}

    def fresh(part: str, path: Path) -> bool:      # made from these inputs, and untouched since
        return built.get(part) == [keys[part], file_sha256(path)]
    if not (fresh("stdlib", STDLIB) and fresh("archive", ARCHIVE)):
        bytecode, stdlib = compile_with_pyodide(sources, stdlib=not fresh("stdlib", STDLIB))
        _write_if_changed(ARCHIVE, game_archive(bytecode))
        if stdlib is not None:
            _write_if_changed(STDLIB, stdlib)
        made = {"archive": [keys["archive"], file_sha256(ARCHIVE)],
                "stdlib": [keys["stdlib"], file_sha256(STDLIB)]}
        _write_if_changed(COMPILED_FROM, json.dumps(made, indent=1).encode("utf-8"))
    build_catalogs()
    _write_if_changed(BOOT_MESSAGES, json.dumps(boot_messages(), ensure_ascii=False,
                                                sort_keys=True).encode("utf-8"))
    _write_if_changed(BUILD / "theme.css", theme.css().encode("utf-8"))     # game.theme's values, for style.css


def lockfile() -> bytes:
    """Pyodide's lock file without its index of packages (119 kB, read at every start): the
    site loads svgwrite's wheel by its address and nothing from Pyodide's distribution
    (``index_urls`` is empty), so only the header, which Pyodide checks, is kept."""
    lock = json.loads((ROOT / VENDORED_LOCKFILE).read_text("utf-8"))
    return json.dumps({**lock, "packages": {}}, indent=1).encode("utf-8")


def build_catalogs() -> None:
    """static/build/locales/<language>.mo for every language but English (in the archive),
    and no other file there."""
    for code, name in FETCHED_CATALOGS.items():
        _write_if_changed(CATALOGS / name, pofile.compile_mo(i18n.source_entries(code)))
    for path in CATALOGS.iterdir():
        if path.name not in FETCHED_CATALOGS.values():
            path.unlink()


def build_rules_pages() -> None:
    """The interactive rules page in every language (game.ui.rules_page), under static/build/,
    with the first board of each of its examples drawn by the board's code."""
    from game.embed_command import static_board
    from game.scenario import read_scenario
    from game.ui.rules_page import BOARD_PATH, PAGE_PATH, SECTIONS, rules_page
    for language in i18n.available_languages():
        _write_if_changed(ROOT / PAGE_PATH.format(language=language),
                          rules_page(language).encode("utf-8"))
    for _heading, sections in SECTIONS:
        for _key, name, _seat in sections:
            svg, _map = static_board(read_scenario(str(STATIC / "examples" / f"{name}.json")))
            _write_if_changed(ROOT / BOARD_PATH.format(name=name), svg.encode("utf-8"))


# --- icons, service worker, cache-busting ------------------------------------------------

def _png(size: int, pixel) -> bytes:
    """A PNG of ``size``x``size`` RGBA pixels, ``pixel(x, y)`` giving each (stdlib only)."""
    import struct
    import zlib
    rows = bytearray()
    for y in range(size):
        rows.append(0)
        for x in range(size):
            rows.extend(pixel((x + 0.5) / size, (y + 0.5) / size))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))
    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(bytes(rows), 9)) + chunk(b"IEND", b""))


def _icon_pixel(maskable: bool):
    """Our own drawing: a route of three train cars between two cities on the board's green."""
    background = (31, 77, 58)
    route = (200, 54, 44)
    city = (246, 232, 196)
    # In a maskable icon everything stays inside the central 80% circle (the safe zone).
    scale = 0.62 if maskable else 0.8

    def inside(u: float, v: float) -> tuple[float, float]:
        return 0.5 + (u - 0.5) * scale, 0.5 + (v - 0.5) * scale

    ends = [inside(0.12, 0.78), inside(0.88, 0.22)]
    cars = [inside(0.12 + 0.76 * t, 0.78 - 0.56 * t) for t in (0.3, 0.5, 0.7)]

    def pixel(x: float, y: float) -> tuple[int, int, int, int]:
        if not maskable:
            # rounded square: transparent outside the corners
            r = 0.18
            cx, cy = min(max(x, r), 1 - r), min(max(y, r), 1 - r)
            if (x - cx) ** 2 + (y - cy) ** 2 > r * r:
                return (0, 0, 0, 0)
        colour = background
        dx, dy = 0.76, -0.56
        length = (dx * dx + dy * dy) ** 0.5
        ux, uy = dx / length, dy / length
        for cx, cy in cars:
            along = (x - cx) * ux + (y - cy) * uy
            across = -(x - cx) * uy + (y - cy) * ux
            if abs(along) < 0.075 * scale and abs(across) < 0.045 * scale:
                colour = route
        for cx, cy in ends:
            if (x - cx) ** 2 + (y - cy) ** 2 < (0.1 * scale) ** 2:
                colour = city
        return (*colour, 255)
    return pixel


ICON_FILES = {"icon-192.png": (192, False), "icon-512.png": (512, False),
              "maskable-512.png": (512, True), "apple-touch-icon.png": (180, True),
              "favicon-32.png": (32, False)}


def build_icons() -> None:
    """The app icons, drawn here (no artwork copied), once per build folder."""
    for name, (size, maskable) in ICON_FILES.items():
        path = ICONS / name
        if not path.is_file():
            _write_if_changed(path, _png(size, _icon_pixel(maskable)))


def site_file(name: str, site: Path = ROOT) -> Path:
    """Where the file the site serves as ``name`` is on disk."""
    return BUILT_IN_PLACE.get(name, ROOT / name) if site == ROOT else site / name


def site_files(site: Path = ROOT) -> list[str]:
    """Every file of the site at ``site``, relative to its root: the source tree (what
    ``dist`` copies) or a folder ``dist`` wrote (its files as written, but sw.js)."""
    if site == ROOT:
        return dist_files()
    return sorted(path.relative_to(site).as_posix() for path in site.rglob("*")
                  if path.is_file() and path != site / "sw.js")


def precached_files(site: Path = ROOT) -> list[str]:
    """Every file the game needs, relative to the site's root ("" is the page itself)."""
    return ["", *site_files(site)]


def service_worker(site: Path = ROOT) -> bytes:
    """static/sw.js with VERSION (a hash of every precached file of ``site``) and FILES."""
    files = precached_files(site)
    digest = hashlib.sha256()
    for name in files:
        digest.update(f"{name}\0{sha256(site_file(name or 'index.html', site).read_bytes())}\n"
                      .encode())
    head = (f"// Generated by build.py from static/sw.js; do not edit.\n"
            f"const VERSION = {json.dumps(digest.hexdigest()[:16])};\n"
            f"const FILES = {json.dumps(files, indent=0)};\n")
    return head.encode("utf-8") + SERVICE_WORKER.read_bytes()


# A quoted relative URL in one of the site's text files (e.g. "./static/boot.js").
QUOTED_URL = re.compile(r'"(\.{0,2}/?[\w.-]+(?:/[\w.-]+)*)"')
TEXT_FILES = (".html", ".json", ".toml", ".js", ".mjs", ".css", ".webmanifest")
# Files that keep their name's ending when busted: the archive gets a content hash in its
# name (game-<hash>.zip, as a zip it is and as the tests and docs name it), the others a
# hashed query string.
HASHED_NAMES = (".zip",)


def bust_caches(site: Path) -> None:
    """Name every file of the project's own in ``site`` by its content wherever another of
    its files refers to it (``game.zip`` -> ``game-<hash>.zip``, others ``?v=<hash>``), so
    that no HTTP cache mixes two versions.  A file's hash covers the names it uses in turn,
    so a change shows in every URL on the way from the page to it.  Vendored files (their
    names are Pyodide's and PyScript's), sw.js (its URL must stay the same) and the pages
    (``*.html``: what links and bookmarks name; the service worker answers them) keep theirs."""
    own = {name for name in site_files(site) if not name.startswith("static/vendor/")}
    urls: dict[str, str] = {}          # own file -> its URL path with the hash, once known

    def busted(name: str, trail: tuple[str, ...] = ()) -> str:
        if name in trail:
            raise BuildError(f"the site's files refer to each other in a cycle: {trail}")
        if name in urls:
            return urls[name]
        path = site / name
        if path.suffix in TEXT_FILES:
            def rewrite(match: re.Match[str]) -> str:
                url = match.group(1)
                target = posixpath.normpath(posixpath.join(posixpath.dirname(name), url))
                if target not in own or target == name or target.endswith(".html"):
                    return match.group(0)     # pages keep their addresses (links, bookmarks)
                final = busted(target, (*trail, name))
                return f'"{posixpath.join(posixpath.dirname(url), posixpath.basename(final))}"'
            path.write_text(QUOTED_URL.sub(rewrite, path.read_text("utf-8")), "utf-8")
        tag = sha256(path.read_bytes())[:12]
        if path.suffix in HASHED_NAMES:
            renamed = path.with_name(f"{path.stem}-{tag}{path.suffix}")
            path.rename(renamed)
            urls[name] = renamed.relative_to(site).as_posix()
        else:
            urls[name] = f"{name}?v={tag}"
        return urls[name]

    for name in sorted(own):
        busted(name)


def prepare(update_config: bool = True) -> None:
    """Vendor, build, and (unless testing what is committed) regenerate pyscript.toml."""
    vendor()
    try:
        svgwrite_wheel.require()       # the wheel just checked: the rules pages' boards
    except svgwrite_wheel.SvgwriteMissing as error:
        raise BuildError(str(error)) from None
    _write_if_changed(LOCKFILE, lockfile())
    build_game()
    build_rules_pages()
    build_icons()
    if update_config:
        _write_if_changed(PYSCRIPT_CONFIG, pyscript_config().encode("utf-8"))


# --- serve ---------------------------------------------------------------------------------

class GameRequestHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with the right MIME types, no caching, and the game rebuilt on request."""

    extensions_map: ClassVar[dict[str, str]] = {
        **http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    rebuild = False

    def do_GET(self) -> None:
        path = self.path.split("?")[0]
        if self.rebuild and (path.endswith("/static/build/game.zip") or path == "/sw.js"):
            # A reload picks up edited Python without restarting the server; sw.js names the
            # archive's hash, so it is built first there too (never a stale archive's hash).
            build_game()
        if path == "/sw.js" and Path(self.directory).resolve() == ROOT:
            body = service_worker()   # the worktree has no sw.js at its root: make it
            self.send_response(200)
            self.send_header("Content-Type", MIME_TYPES[".js"])
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        super().do_GET()

    def translate_path(self, path: str) -> str:
        name = urllib.parse.urlsplit(path).path.lstrip("/")
        if name in BUILT_IN_PLACE and Path(self.directory).resolve() == ROOT:
            return str(BUILT_IN_PLACE[name])
        return super().translate_path(path)

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        pass


class GameServer(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):   # a closed tab is no error
            super().handle_error(request, client_address)


def make_server(directory: Path = ROOT, port: int = 0, rebuild: bool = False,
                host: str = "127.0.0.1") -> GameServer:
    """A server for ``directory`` on ``host`` (port 0 = any free port)."""
    handler = type("Handler", (GameRequestHandler,), {"rebuild": rebuild})
    return GameServer((host, port), functools.partial(handler, directory=str(directory)))


def serve(port: int) -> None:
    prepare()
    server = make_server(ROOT, port, rebuild=True)
    print(f"Serving the game at http://127.0.0.1:{server.server_address[1]}/  (Ctrl+C stops)",
          flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


# --- dist ----------------------------------------------------------------------------------

def dist_files() -> list[str]:
    """Every file of the static site, relative to the site's root."""
    files = ["index.html", PYSCRIPT_CONFIG.name]
    files += [path.relative_to(ROOT).as_posix() for path in sorted(STATIC.rglob("*"))
              if path.is_file() and not path.is_relative_to(VENDOR)
              and path not in (LOCK, SERVICE_WORKER, COMPILED_FROM, *BUILT_IN_PLACE.values())]
    files += [(VENDOR / name).relative_to(ROOT).as_posix() for name in served_files()]
    return files


def dist(target: Path) -> None:
    prepare()
    target = target.resolve()
    if ROOT.is_relative_to(target) or (target.is_relative_to(ROOT)
                                       and not target.is_relative_to(DIST)):
        raise BuildError(f"refusing to write the site into the source tree: {target} "
                         f"(use {DIST.relative_to(ROOT)}/ or a folder outside {ROOT})")
    if target.exists():
        shutil.rmtree(target)
    for name in dist_files():
        destination = target / name
        destination.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(site_file(name), destination)
    bust_caches(target)
    (target / "sw.js").write_bytes(service_worker(target))
    print(f"Wrote the static site to {target} (serve it from any folder of any static host)")


# --- test ----------------------------------------------------------------------------------

def install_test_tools() -> None:
    """The pinned Python test tools with pip; the browsers (BROWSER_PACKAGES) and npm with apt-get
    when missing.  (geckodriver, for Firefox, is a pinned test artifact: ``vendor_test_tools``.)"""
    print("build: installing test tools:", " ".join(TEST_REQUIREMENTS), flush=True)
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet",
                    "--disable-pip-version-check", *TEST_REQUIREMENTS], check=True)
    missing = [package for package, path in BROWSER_PACKAGES.items() if not path.exists()]
    missing += [] if shutil.which("npm") else ["npm"]
    fonts = [package for package, path in TEST_FONTS.items() if not path.exists()]
    root = hasattr(os, "geteuid") and os.geteuid() == 0 and shutil.which("apt-get")
    if fonts and not root:
        print(f"build: {', '.join(fonts)} missing: Chinese and Japanese screenshots will show "
              f"boxes (install with apt-get as root)", file=sys.stderr)
    if root and (missing or fonts):
        print(f"build: installing {' and '.join(missing + fonts)} with apt-get", flush=True)
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        subprocess.run(["apt-get", "update", "-qq"], check=True, env=env)
        subprocess.run(["apt-get", "install", "-y", "-qq", *missing, *fonts], check=True, env=env)
        return
    if not missing:
        return
    raise BuildError(f"The tests need the Debian packages {' and '.join(missing)}. "
                     f"Install with `sudo apt-get update && sudo apt-get install "
                     f"{' '.join(missing)}` and run again.")


def vendor_test_tools() -> None:
    """The tests' own pinned tools in tests/browser/vendor/: axe-core for the accessibility
    scans, geckodriver (from a PyPI wheel that ships it) to drive Firefox."""
    vendor("test_artifacts", TEST_VENDOR)


def test(pytest_args: list[str]) -> int:
    install_test_tools()
    prepare(update_config=False)   # the tests check the committed pyscript.toml
    from game.board import geography as board
    _download(board.LAND_SOURCE)   # so the tests can rebuild the board geometry and compare
    vendor_test_tools()
    lint = subprocess.run([sys.executable, "-m", "ruff", "check", *LINTED], cwd=ROOT, check=False)
    # mypy's settings (--strict for the engine, what it checks) are in pyproject.toml
    types = subprocess.run([sys.executable, "-m", "mypy"], cwd=ROOT, check=False)
    tests = subprocess.run([sys.executable, "-m", "pytest", "tests", *pytest_args], cwd=ROOT,
                           check=False)
    if tests.returncode == 5:
        print("build: FAILED: pytest collected no tests", file=sys.stderr)
    if lint.returncode or types.returncode or tests.returncode:
        print(f"build: FAILED (ruff exit {lint.returncode}, mypy exit {types.returncode}, "
              f"pytest exit {tests.returncode})", file=sys.stderr)
        return 1
    return 0


# --- board geometry ------------------------------------------------------------------------

def geography() -> None:
    """Recompute the board geometry in game/maps/*.json from Natural Earth land (docs/board.md)."""
    from game.board import geography as board
    member = _extract(board.LAND_SOURCE, _download(board.LAND_SOURCE),
                      board.LAND_SOURCE["member"])
    try:
        land = board.read_land(member)
    except ValueError as error:
        raise BuildError(str(error)) from None
    for line in board.build(land):
        print(f"build: {line}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    serve_cmd = commands.add_parser("serve", help="serve the game on 127.0.0.1")
    serve_cmd.add_argument("--port", type=int, default=8000)
    test_cmd = commands.add_parser("test", help="install test tools, run ruff, mypy and all tests")
    test_cmd.add_argument("pytest_args", nargs=argparse.REMAINDER,
                          help="extra pytest arguments, e.g. -k boot")
    dist_cmd = commands.add_parser("dist", help="write a self-contained static site")
    dist_cmd.add_argument("dir", nargs="?", default=str(DIST))
    commands.add_parser("geography", help="recompute the board geometry in game/maps/*.json")
    commands.add_parser("catalogs", help="update game/locales/game.pot and merge it into each .po")
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv[:1] == ["test"]:    # pytest gets the rest as is (argparse would stop at -k, -x, ...)
        args = argparse.Namespace(command="test", pytest_args=argv[1:])
    else:
        args = parser.parse_args(argv)
    try:
        if args.command == "serve":
            serve(args.port)
        elif args.command == "test":
            return test(args.pytest_args)
        elif args.command == "geography":
            geography()
        elif args.command == "catalogs":
            update_catalogs()
        else:
            dist(Path(args.dir))
    except (BuildError, subprocess.CalledProcessError) as error:
        print(f"build: error: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
